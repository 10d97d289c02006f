import Testing
@testable import TimelineKit

/// The inputs a footer can get, each in each state.
enum FooterInput: String, CaseIterable, CustomTestStringConvertible {
    case scrollIntoZone = "drag down to the end"
    case scrollIntoZoneWithoutFinger = "decelerate down to the end"
    case scrollUpInZone = "scroll up at the end"
    case scrollAbove = "scroll down above the end"
    case scrollWhileHeaderRefreshes = "drag down to the end while the header refreshes"
    case releaseAtEnd = "release at the end"
    case releaseAbove = "release above the end"
    case tap = "tap"
    case beginOnScreen = "begin refreshing on screen"
    case beginOffScreen = "begin refreshing off screen"
    case appear = "appear"
    case end = "end refreshing"
    case noMoreData = "end with no more data"
    case reset = "reset no more data"

    var testDescription: String { rawValue }
}

@Suite("LoadMoreFooter (MJRefresh automatic footer)")
struct LoadMoreFooterTests {
    /// 2,000 points of content in an 812-point viewport with the footer's 44 below: the end
    /// (the footer fully shown) is at offset 2,000 + 44 − 812 = 1,232.
    static func geometry(_ offset: Double, dragging: Bool = true, contentHeight: Double = 2_000) -> ScrollGeometry {
        ScrollGeometry(
            contentOffset: offset, contentHeight: contentHeight, viewportHeight: 812, insetTop: 0, insetBottom: 44,
            isDragging: dragging)
    }

    static let end = 1_232.0

    static func footer(in state: RefreshState) -> LoadMoreFooter {
        var footer = LoadMoreFooter()
        switch state {
        case .idle, .pulling: break
        case .refreshing: _ = footer.beginRefreshing()
        case .willRefresh: _ = footer.beginRefreshing(isOnScreen: false)
        case .noMoreData: _ = footer.endRefreshingWithNoMoreData()
        }
        #expect(footer.state == state)
        return footer
    }

    static func apply(_ input: FooterInput, to footer: inout LoadMoreFooter) -> RefreshTransition {
        switch input {
        case .scrollIntoZone: footer.scrollViewDidScroll(from: end - 10, geometry(end), headerIsRefreshing: false)
        case .scrollIntoZoneWithoutFinger:
            footer.scrollViewDidScroll(from: end - 10, geometry(end, dragging: false), headerIsRefreshing: false)
        case .scrollUpInZone: footer.scrollViewDidScroll(from: end + 10, geometry(end + 5), headerIsRefreshing: false)
        case .scrollAbove: footer.scrollViewDidScroll(from: end - 30, geometry(end - 20), headerIsRefreshing: false)
        case .scrollWhileHeaderRefreshes:
            footer.scrollViewDidScroll(from: end - 10, geometry(end), headerIsRefreshing: true)
        case .releaseAtEnd: footer.dragDidEnd(geometry(end + 20), headerIsRefreshing: false)
        case .releaseAbove: footer.dragDidEnd(geometry(end - 20), headerIsRefreshing: false)
        case .tap: footer.tap()
        case .beginOnScreen: footer.beginRefreshing(isOnScreen: true)
        case .beginOffScreen: footer.beginRefreshing(isOnScreen: false)
        case .appear: footer.didAppear()
        case .end: footer.endRefreshing()
        case .noMoreData: footer.endRefreshingWithNoMoreData()
        case .reset: footer.resetNoMoreData()
        }
    }

    struct Expected {
        var to: RefreshState
        var fires = false
        var ignored: String? = nil
    }

    static let table: [RefreshState: [FooterInput: Expected]] = {
        var table: [RefreshState: [FooterInput: Expected]] = [:]
        table[.idle] = [
            .scrollIntoZone: Expected(to: .refreshing, fires: true),
            .scrollIntoZoneWithoutFinger: Expected(to: .refreshing, fires: true),
            .scrollUpInZone: Expected(to: .idle),
            .scrollAbove: Expected(to: .idle),
            .scrollWhileHeaderRefreshes: Expected(to: .idle, ignored: "load more while the header is refreshing"),
            .releaseAtEnd: Expected(to: .refreshing, fires: true),
            .releaseAbove: Expected(to: .idle),
            .tap: Expected(to: .refreshing, fires: true),
            .beginOnScreen: Expected(to: .refreshing, fires: true),
            .beginOffScreen: Expected(to: .willRefresh),
            .appear: Expected(to: .idle),
            .end: Expected(to: .idle, ignored: "end refreshing while idle"),
            .noMoreData: Expected(to: .noMoreData),
            .reset: Expected(to: .idle, ignored: "reset while idle"),
        ]
        // Loading, about to load, or done: no scroll, release or tap starts another load.
        for state in [RefreshState.refreshing, .willRefresh, .noMoreData] {
            var row: [FooterInput: Expected] = [:]
            for input in [
                FooterInput.scrollIntoZone, .scrollIntoZoneWithoutFinger, .scrollUpInZone, .scrollAbove,
                .scrollWhileHeaderRefreshes, .releaseAtEnd, .releaseAbove, .appear,
            ] {
                row[input] = Expected(to: state)
            }
            row[.tap] = Expected(to: state, ignored: "tap while \(state.rawValue)")
            row[.end] = Expected(to: .idle)
            row[.reset] = Expected(to: .idle)
            row[.noMoreData] =
                state == .noMoreData
                ? Expected(to: state, ignored: "no more data while already no more data")
                : Expected(to: .noMoreData)
            table[state] = row
        }
        table[.refreshing]![.beginOnScreen] = Expected(to: .refreshing, ignored: "begin refreshing while refreshing")
        table[.refreshing]![.beginOffScreen] = Expected(to: .refreshing, ignored: "begin refreshing while refreshing")
        table[.willRefresh]![.beginOnScreen] = Expected(to: .refreshing, fires: true)
        table[.willRefresh]![.beginOffScreen] = Expected(
            to: .willRefresh, ignored: "begin refreshing off screen while about to refresh")
        table[.willRefresh]![.appear] = Expected(to: .refreshing, fires: true)
        // From code, loading is still possible after no more data (MJRefresh does not forbid it).
        table[.noMoreData]![.beginOnScreen] = Expected(to: .refreshing, fires: true)
        table[.noMoreData]![.beginOffScreen] = Expected(to: .willRefresh)
        return table
    }()

    @Test(
        "every input in every state", arguments: [RefreshState.idle, .refreshing, .willRefresh, .noMoreData],
        FooterInput.allCases)
    func transition(state: RefreshState, input: FooterInput) throws {
        var footer = Self.footer(in: state)
        let expected = try #require(Self.table[state]?[input])
        let transition = Self.apply(input, to: &footer)
        #expect(transition.from == state)
        #expect(transition.to == expected.to && footer.state == expected.to)
        #expect(transition.fires == expected.fires)
        #expect(
            transition.effects.allSatisfy { $0 == .fireRefresh }, "a footer only fires (its inset is the session's)")
        #expect(transition.ignored == expected.ignored)
    }

    @Test("at most one automatic load per drag; a new drag may load again; without a finger there is no limit")
    func oncePerDrag() {
        var footer = LoadMoreFooter()
        footer.dragDidBegin()
        #expect(
            footer.scrollViewDidScroll(from: Self.end - 5, Self.geometry(Self.end), headerIsRefreshing: false).fires)
        _ = footer.endRefreshing()  // the page came while the finger is still down
        let again = footer.scrollViewDidScroll(from: Self.end, Self.geometry(Self.end + 3), headerIsRefreshing: false)
        #expect(!again.fires && again.ignored == "this drag already loaded more")
        #expect(!footer.dragDidEnd(Self.geometry(Self.end + 3), headerIsRefreshing: false).fires)
        footer.dragDidBegin()  // a new drag
        #expect(
            footer.scrollViewDidScroll(from: Self.end, Self.geometry(Self.end + 6), headerIsRefreshing: false).fires)
        _ = footer.endRefreshing()
        // Decelerating (no finger): each arrival at the end loads.
        for step in 1...3 {
            let offset = Self.end + 10 + Double(step)
            #expect(
                footer.scrollViewDidScroll(
                    from: offset - 1, Self.geometry(offset, dragging: false), headerIsRefreshing: false
                ).fires)
            _ = footer.endRefreshing()
        }
        // No limit at all.
        var unlimited = LoadMoreFooter(triggersPerDrag: nil)
        unlimited.dragDidBegin()
        for step in 1...3 {
            let offset = Self.end + Double(step)
            #expect(
                unlimited.scrollViewDidScroll(from: offset - 1, Self.geometry(offset), headerIsRefreshing: false).fires)
            _ = unlimited.endRefreshing()
        }
    }

    @Test("the trigger distance: the footer fully shown by default, earlier with a smaller percent")
    func threshold() {
        var footer = LoadMoreFooter()
        #expect(!footer.scrollViewDidScroll(from: 0, Self.geometry(Self.end - 0.5), headerIsRefreshing: false).fires)
        #expect(footer.scrollViewDidScroll(from: 0, Self.geometry(Self.end), headerIsRefreshing: false).fires)
        var early = LoadMoreFooter()
        early.triggerPercent = -5  // five footer heights (220 points) before the end
        #expect(!early.scrollViewDidScroll(from: 0, Self.geometry(Self.end - 264.5), headerIsRefreshing: false).fires)
        #expect(early.scrollViewDidScroll(from: 0, Self.geometry(Self.end - 264), headerIsRefreshing: false).fires)
        var manual = LoadMoreFooter()
        manual.automaticallyRefresh = false
        #expect(!manual.scrollViewDidScroll(from: 0, Self.geometry(Self.end + 50), headerIsRefreshing: false).fires)
        #expect(manual.tap().fires)
    }

    @Test("content shorter than the viewport: never by scrolling, on a release pulling up")
    func shortContent() {
        var footer = LoadMoreFooter()
        let short = Self.geometry(30, contentHeight: 400)
        #expect(!footer.scrollViewDidScroll(from: 0, short, headerIsRefreshing: false).fires)
        #expect(!footer.dragDidEnd(Self.geometry(-10, contentHeight: 400), headerIsRefreshing: false).fires)
        #expect(footer.dragDidEnd(short, headerIsRefreshing: false).fires)
        var empty = LoadMoreFooter()
        #expect(
            !empty.scrollViewDidScroll(from: 0, Self.geometry(5_000, contentHeight: 0), headerIsRefreshing: false).fires
        )
    }
}
