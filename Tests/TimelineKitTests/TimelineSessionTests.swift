import FeedLayout
import StatusLayout
import Testing
import TestSupport
@testable import TimelineKit

@Suite("TimelineSession")
struct TimelineSessionTests {
    let feed = TimelineFixtures.statuses

    func session(_ control: PullToRefreshControl = .header(RefreshHeader()), rows: Range<Int> = 40..<80)
        -> TimelineSession
    {
        var session = TimelineSession(timeline: TimelineFixtures.timeline(), pullControl: control)
        _ = session.reload(Array(feed[rows]), at: 0)
        return session
    }

    @Test("pull, release, new statuses: one refresh request, the reader stays, the tip, the inset restored")
    func pullToRefresh() throws {
        var session = session()
        var frame = session.drag(toOffset: -30, at: 1)
        #expect(
            frame.header.state == .idle && frame.header.pullingPercent == 30.0 / 54 && frame.header.label == "下拉可以刷新")
        frame = session.drag(toOffset: -70, at: 1.1)
        #expect(frame.header.state == .pulling && frame.header.label == "松开立即刷新" && frame.requests.isEmpty)
        frame = session.release(at: 1.2)
        #expect(frame.requests == [.refresh] && frame.header.state == .refreshing && frame.header.label == "正在刷新数据中...")
        #expect(frame.contentOffset == -54 && frame.insetTop == 54 && frame.insetBottom == 44)
        #expect(frame.anchor?.row == 0 && frame.anchor?.y == 54)
        // Scrolling while refreshing fires nothing more.
        #expect(session.scroll(toOffset: -20, at: 1.3).requests.isEmpty)
        #expect(session.scroll(toOffset: -54, at: 1.4).requests.isEmpty)
        let oldTop = session.timeline[0].status.id
        frame = session.refreshDidLoad(Array(feed[20..<42]), at: 2)
        #expect(frame.changes.inserted == 20 && frame.changes.duplicatesSkipped == 2)
        #expect(frame.anchor?.id == oldTop && frame.anchor?.y == 54, "the old first row stays 54 points down")
        #expect(frame.changes.contentOffsetAdjustment == session.timeline.offset(ofRow: 20))
        #expect(frame.header.state == .idle && frame.insetTop == 0 && frame.header.pullingPercent == 0)
        #expect(frame.tip.text == "刷新到20条数据" && frame.tip.phase == .slidingIn)
        #expect(frame.tipLabel == RefreshTip.measureLabel("刷新到20条数据", engine: session.timeline.engine))
        #expect(session.tick(at: 3).tip.phase == .shown)
        let hidden = session.tick(at: 6)
        #expect(hidden.tip.phase == .hidden && hidden.tipLabel == nil)
        // Nothing new: the header returns and the content comes back to the top.
        _ = session.scroll(toOffset: 0, at: 7)
        _ = session.drag(toOffset: -80, at: 7.1)
        #expect(session.release(at: 7.2).requests == [.refresh])
        frame = session.refreshDidLoad([], at: 8)
        #expect(frame.contentOffset == 0 && frame.tip.text == "没有更多数据")
    }

    @Test("the footer loads at the end, once per drag, never while the header refreshes; an empty page, then a refresh")
    func loadMore() throws {
        var session = session(rows: 4_900..<4_920)
        var bottom: Double { session.timeline.contentHeight + session.insetBottom - session.timeline.viewportHeight }
        // The header refreshing: scrolling to the end loads nothing.
        _ = session.beginRefreshing(at: 0.5)
        var frame = session.drag(toOffset: bottom, at: 1)
        #expect(frame.requests.isEmpty && frame.ignored == ["footer: load more while the header is refreshing"])
        _ = session.release(at: 1.1)
        frame = session.refreshDidLoad([], at: 1.2)
        _ = session.drag(toOffset: bottom - 100, at: 2)
        frame = session.drag(toOffset: bottom, at: 2.1)
        #expect(
            frame.requests == [.loadMore] && frame.footer.state == .refreshing && frame.footer.label == "正在加载更多的数据...")
        frame = session.loadMoreDidLoad(Array(feed[4_918..<4_940]), at: 3)
        #expect(frame.changes.inserted == 20 && frame.changes.duplicatesSkipped == 2 && frame.footer.state == .idle)
        frame = session.drag(toOffset: bottom, at: 3.1)
        #expect(frame.requests.isEmpty && frame.ignored == ["footer: this drag already loaded more"])
        _ = session.release(at: 3.2)
        _ = session.drag(toOffset: bottom - 50, at: 4)
        #expect(session.drag(toOffset: bottom, at: 4.1).requests == [.loadMore])
        frame = session.loadMoreDidLoad([], at: 5)
        #expect(frame.footer.state == .noMoreData && frame.footer.label == "已经全部加载完毕")
        _ = session.release(at: 5.1)
        _ = session.drag(toOffset: bottom - 50, at: 6)
        #expect(session.drag(toOffset: bottom, at: 6.1).requests.isEmpty)
        #expect(session.tapFooter(at: 6.2).ignored == ["footer: tap while no-more-data"])
        _ = session.release(at: 6.3)
        // A refresh brings loading back.
        _ = session.beginRefreshing(at: 7)
        frame = session.refreshDidLoad(Array(feed[4_895..<4_900]), at: 8)
        #expect(frame.footer.state == .idle)
        _ = session.drag(toOffset: bottom - 50, at: 9)
        #expect(session.drag(toOffset: bottom, at: 9.1).requests == [.loadMore])
        #expect(session.loadMoreDidLoad(Array(feed[4_940..<4_960]), at: 10).footer.state == .idle)
        // An empty page nobody asked for still says the feed has run out (MJRefresh allows
        // endRefreshingWithNoMoreData from idle); a non-empty one is added, its end refused.
        let unasked = session.loadMoreDidLoad(Array(feed[4_960..<4_965]), at: 10.2)
        #expect(
            unasked.changes.inserted == 5 && unasked.ignored == ["footer: end refreshing while idle"]
                && unasked.footer.state == .idle)
        let empty = session.loadMoreDidLoad([], at: 10.5)
        #expect(empty.ignored.isEmpty && empty.footer.state == .noMoreData && empty.requests.isEmpty)
    }

    @Test("off screen, a begun refresh waits in will-refresh and fires when shown")
    func willRefresh() {
        var session = session()
        _ = session.setOnScreen(false, at: 1)
        var frame = session.beginRefreshing(at: 1.1)
        #expect(frame.header.state == .willRefresh && frame.requests.isEmpty && frame.insetTop == 0)
        frame = session.setOnScreen(true, at: 2)
        #expect(frame.header.state == .refreshing && frame.requests == [.refresh] && frame.contentOffset == -54)
        #expect(session.beginRefreshing(at: 2.1).ignored == ["header: begin refreshing while refreshing"])
        frame = session.endRefreshing(at: 3)
        #expect(frame.header.state == .idle && frame.contentOffset == 0 && frame.insetTop == 0)
        #expect(session.endRefreshing(at: 3.1).ignored == ["header: end refreshing while idle"])
        #expect(session.release(at: 3.2).ignored == ["release without a drag"])
    }

    @Test("the UIRefreshControl variant: fires before release, begin shows the spinner without firing, end hides it")
    func systemControl() {
        var session = session(.system(SystemRefreshControl()))
        var frame = session.drag(toOffset: -60, at: 1)
        #expect(frame.header.state == .pulling && frame.requests.isEmpty)
        frame = session.drag(toOffset: -101, at: 1.1)
        #expect(frame.requests == [.refresh] && frame.header.state == .refreshing && frame.insetTop == 60)
        #expect(session.drag(toOffset: -130, at: 1.2).requests.isEmpty)
        frame = session.release(at: 1.3)
        #expect(frame.contentOffset == -60 && frame.header.state == .refreshing)
        frame = session.refreshDidLoad(Array(feed[30..<40]), at: 2)
        #expect(frame.header.state == .idle && frame.insetTop == 0 && frame.anchor?.y == 60)
        frame = session.beginRefreshing(at: 3)
        #expect(frame.requests.isEmpty && frame.header.state == .refreshing && frame.insetTop == 60)
        #expect(session.scroll(toOffset: 3_000, at: 4).header.state == .refreshing, "only endRefreshing hides it")
        #expect(session.endRefreshing(at: 5).header.state == .idle)
    }

    @Test("rotation, expansion and memory warnings through the session keep the reader still")
    func changes() throws {
        var session = session()
        _ = session.scroll(toOffset: 3_000, at: 1)
        let anchor = try #require(session.timeline.anchor)
        var frame = session.receiveMemoryPressure(.critical, at: 2)
        #expect(frame.anchor == anchor && frame.contentOffset == 3_000)
        frame = session.rotate(width: 812, viewportHeight: 375, at: 3)
        #expect(frame.anchor?.id == anchor.id && session.timeline.context.width == 812)
        frame = session.setExpanded(true, forID: StatusID(1), at: 4)
        #expect(frame.ignored == ["expand: status 1 is not in the timeline"])
    }
}
