import Testing
@testable import TimelineKit

/// The inputs a header can get, each in each state.
enum HeaderInput: String, CaseIterable, CustomTestStringConvertible {
    case dragShort = "drag 20 down"
    case dragPast = "drag 60 down"
    case releasePast = "scroll without a finger, 60 down"
    case releaseShort = "scroll without a finger, 20 down"
    case scrolledUp = "scroll 100 up, dragging"
    case beginOnScreen = "begin refreshing on screen"
    case beginOffScreen = "begin refreshing off screen"
    case appear = "appear"
    case end = "end refreshing"

    var testDescription: String { rawValue }
}

@Suite("RefreshHeader (MJRefresh)")
struct RefreshHeaderTests {
    /// A header brought into `state` the way a user or an app brings it there.
    static func header(in state: RefreshState, height: Double = 54) -> (RefreshHeader, insetTop: Double) {
        var header = RefreshHeader(height: height)
        var inset = 0.0
        switch state {
        case .idle: break
        case .pulling: _ = header.scrollViewDidScroll(geometry(-(height + 6), dragging: true))
        case .refreshing:
            let transition = header.beginRefreshing(isOnScreen: true)
            inset = height
            #expect(transition.effects.contains(.setInsetTop(height)))
        case .willRefresh: _ = header.beginRefreshing(isOnScreen: false)
        case .noMoreData: break
        }
        #expect(header.state == state || state == .noMoreData)
        return (header, inset)
    }

    static func geometry(_ offset: Double, dragging: Bool, insetTop: Double = 0) -> ScrollGeometry {
        ScrollGeometry(
            contentOffset: offset, contentHeight: 5_000, viewportHeight: 812, insetTop: insetTop, insetBottom: 44,
            isDragging: dragging)
    }

    static func apply(_ input: HeaderInput, to header: inout RefreshHeader, insetTop: Double) -> RefreshTransition {
        switch input {
        case .dragShort: header.scrollViewDidScroll(geometry(-20, dragging: true, insetTop: insetTop))
        case .dragPast: header.scrollViewDidScroll(geometry(-60, dragging: true, insetTop: insetTop))
        case .releasePast: header.scrollViewDidScroll(geometry(-60, dragging: false, insetTop: insetTop))
        case .releaseShort: header.scrollViewDidScroll(geometry(-20, dragging: false, insetTop: insetTop))
        case .scrolledUp: header.scrollViewDidScroll(geometry(100, dragging: true, insetTop: insetTop))
        case .beginOnScreen: header.beginRefreshing(isOnScreen: true)
        case .beginOffScreen: header.beginRefreshing(isOnScreen: false)
        case .appear: header.didAppear()
        case .end: header.endRefreshing()
        }
    }

    /// What each input does in each state: the state after, the effects, whether it is refused.
    struct Expected {
        var to: RefreshState
        var effects: [RefreshEffect] = []
        var ignored: String? = nil
    }

    static let refreshes = [RefreshEffect.setInsetTop(54), .setContentOffset(-54), .fireRefresh]

    static let table: [RefreshState: [HeaderInput: Expected]] = [
        .idle: [
            .dragShort: Expected(to: .idle),
            .dragPast: Expected(to: .pulling),
            .releasePast: Expected(to: .idle),  // not armed: a fling past the top does not refresh
            .releaseShort: Expected(to: .idle),
            .scrolledUp: Expected(to: .idle),
            .beginOnScreen: Expected(to: .refreshing, effects: refreshes),
            .beginOffScreen: Expected(to: .willRefresh),
            .appear: Expected(to: .idle),
            .end: Expected(to: .idle, ignored: "end refreshing while idle"),
        ],
        .pulling: [
            .dragShort: Expected(to: .idle),  // pushed back above the threshold
            .dragPast: Expected(to: .pulling),
            .releasePast: Expected(to: .refreshing, effects: refreshes),
            .releaseShort: Expected(to: .refreshing, effects: refreshes),  // released while armed
            .scrolledUp: Expected(to: .pulling),  // MJRefresh returns early above the top
            .beginOnScreen: Expected(to: .refreshing, effects: refreshes),
            .beginOffScreen: Expected(to: .willRefresh),
            .appear: Expected(to: .pulling),
            .end: Expected(to: .idle),  // MJRefresh sets idle; no inset to restore
        ],
        .refreshing: [
            .dragShort: Expected(to: .refreshing, effects: [.setInsetTop(20)]),  // the header sticks to the top
            .dragPast: Expected(to: .refreshing),  // inset already 54
            .releasePast: Expected(to: .refreshing),
            .releaseShort: Expected(to: .refreshing, effects: [.setInsetTop(20)]),
            .scrolledUp: Expected(to: .refreshing, effects: [.setInsetTop(0)]),
            .beginOnScreen: Expected(to: .refreshing, ignored: "begin refreshing while refreshing"),
            .beginOffScreen: Expected(to: .refreshing, ignored: "begin refreshing while refreshing"),
            .appear: Expected(to: .refreshing),
            .end: Expected(to: .idle, effects: [.setInsetTop(0)]),
        ],
        .willRefresh: [
            .dragShort: Expected(to: .willRefresh),
            .dragPast: Expected(to: .willRefresh),
            .releasePast: Expected(to: .willRefresh),
            .releaseShort: Expected(to: .willRefresh),
            .scrolledUp: Expected(to: .willRefresh),
            .beginOnScreen: Expected(to: .refreshing, effects: refreshes),
            .beginOffScreen: Expected(to: .willRefresh, ignored: "begin refreshing off screen while about to refresh"),
            .appear: Expected(to: .refreshing, effects: refreshes),
            .end: Expected(to: .idle),  // cancelled before it ever fired
        ],
    ]

    @Test(
        "every input in every state", arguments: [RefreshState.idle, .pulling, .refreshing, .willRefresh],
        HeaderInput.allCases)
    func transition(state: RefreshState, input: HeaderInput) throws {
        var (header, inset) = Self.header(in: state)
        let expected = try #require(Self.table[state]?[input])
        let transition = Self.apply(input, to: &header, insetTop: inset)
        #expect(transition.from == state)
        #expect(transition.to == expected.to && header.state == expected.to)
        #expect(transition.effects == expected.effects)
        #expect(transition.ignored == expected.ignored)
        #expect(transition.fires == expected.effects.contains(.fireRefresh))
    }

    @Test("the header never enters no-more-data (MJRefresh shares the enum with footers)")
    func neverNoMoreData() {
        for state in [RefreshState.idle, .pulling, .refreshing, .willRefresh] {
            for input in HeaderInput.allCases {
                var (header, inset) = Self.header(in: state)
                #expect(Self.apply(input, to: &header, insetTop: inset).to != .noMoreData)
            }
        }
    }

    @Test("pullingPercent is the pull over the header's height; 1 while refreshing, 0 after")
    func pullingPercent() {
        var header = RefreshHeader(height: 75)  // the example app's custom header
        _ = header.scrollViewDidScroll(Self.geometry(-30, dragging: true))
        #expect(header.pullingPercent == 30.0 / 75 && header.state == .idle)
        _ = header.scrollViewDidScroll(Self.geometry(-74, dragging: true))
        #expect(header.state == .idle, "54 points is not enough for a 75-point header")
        _ = header.scrollViewDidScroll(Self.geometry(-90, dragging: true))
        #expect(header.pullingPercent == 1.2 && header.state == .pulling)
        _ = header.scrollViewDidScroll(Self.geometry(10, dragging: true))
        #expect(header.pullingPercent == 1.2, "unchanged while scrolled up past the top, as MJRefresh")
        let begin = header.beginRefreshing()
        #expect(
            header.pullingPercent == 1 && begin.effects == [.setInsetTop(75), .setContentOffset(-75), .fireRefresh])
        _ = header.endRefreshing()
        #expect(header.pullingPercent == 0)
    }

    @Test("a release past the threshold starts refreshing exactly once")
    func releaseFiresOnce() {
        var header = RefreshHeader()
        var fired = 0
        for offset in stride(from: 0.0, through: -80, by: -4) {
            fired += header.scrollViewDidScroll(Self.geometry(offset, dragging: true)).fires ? 1 : 0
        }
        #expect(fired == 0 && header.state == .pulling)
        // Released: the scroll view reports the offset (not dragging), then moves to −54 itself.
        fired += header.scrollViewDidScroll(Self.geometry(-80, dragging: false)).fires ? 1 : 0
        for offset in stride(from: -80.0, through: -54, by: 2) {
            fired += header.scrollViewDidScroll(Self.geometry(offset, dragging: false, insetTop: 54)).fires ? 1 : 0
        }
        fired += header.beginRefreshing().fires ? 1 : 0  // a second refresh while refreshing
        #expect(fired == 1 && header.state == .refreshing)
    }

    @Test("ending restores the inset the scroll view had, with a navigation bar inset too")
    func insetRestored() {
        var header = RefreshHeader()
        // at rest under a 64-point bar
        _ = header.scrollViewDidScroll(Self.geometry(-64, dragging: false, insetTop: 64))
        #expect(header.originalInsetTop == 64 && header.pullingPercent == 0)
        _ = header.scrollViewDidScroll(Self.geometry(-64 - 60, dragging: true, insetTop: 64))
        #expect(header.state == .pulling && abs(header.pullingPercent - 60.0 / 54) < 1e-12)
        let begin = header.scrollViewDidScroll(Self.geometry(-124, dragging: false, insetTop: 64))
        #expect(begin.effects == [.setInsetTop(118), .setContentOffset(-118), .fireRefresh])
        let sticky = header.scrollViewDidScroll(Self.geometry(-80, dragging: true, insetTop: 118))
        #expect(sticky.effects == [.setInsetTop(80)])
        #expect(header.endRefreshing().effects == [.setInsetTop(64)])
    }

    @Test("labels: MJRefresh's defaults in zh-Hans and en, each replaceable per state")
    func labels() {
        var header = RefreshHeader()
        #expect(header.label == "下拉可以刷新")
        _ = header.scrollViewDidScroll(Self.geometry(-60, dragging: true))
        #expect(header.label == "松开立即刷新")
        _ = header.beginRefreshing()
        #expect(header.label == "正在刷新数据中...")
        let english = RefreshLabels.header(.english)
        #expect(
            [english[.idle], english[.pulling], english[.refreshing]] == [
                "Pull down to refresh", "Release to refresh", "Loading ...",
            ])
        let footer = RefreshLabels.footer(.simplifiedChinese)
        #expect(
            [footer[.idle], footer[.refreshing], footer[.noMoreData]] == ["点击或上拉加载更多", "正在加载更多的数据...", "已经全部加载完毕"])
        let footerEnglish = RefreshLabels.footer(.english)
        #expect(
            [footerEnglish[.idle], footerEnglish[.refreshing], footerEnglish[.noMoreData]]
                == ["Click or drag up to load more", "Loading more ...", "No more data"])
        #expect(RefreshLabels.header(.simplifiedChinese)[.willRefresh] == "", "no title: an empty label, as MJRefresh")

        // The example app's custom header: 75 points, its own text in every state.
        var custom = RefreshHeader(
            height: 75,
            labels: RefreshLabels.header(.simplifiedChinese)
                .replacing(.idle, with: "下拉刷新").replacing(.pulling, with: "松開加載更多").replacing(
                    .refreshing, with: "加載中..."))
        #expect(custom.label == "下拉刷新")
        _ = custom.scrollViewDidScroll(Self.geometry(-80, dragging: true))
        #expect(custom.label == "松開加載更多")
        _ = custom.scrollViewDidScroll(Self.geometry(-80, dragging: false))
        #expect(custom.state == .refreshing && custom.label == "加載中...")
        custom.labels[.refreshing] = "Loading"
        #expect(custom.label == "Loading")
    }
}
