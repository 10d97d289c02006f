import Testing
@testable import TimelineKit

@Suite("SystemRefreshControl (UIRefreshControl)")
struct SystemRefreshControlTests {
    static func pull(_ distance: Double, dragging: Bool = true, insetTop: Double = 0) -> ScrollGeometry {
        ScrollGeometry(
            contentOffset: -insetTop - distance, contentHeight: 5_000, viewportHeight: 812, insetTop: insetTop,
            insetBottom: 44, isDragging: dragging)
    }

    @Test("fires once the pull passes the trigger, before the finger lifts, once")
    func firesBeforeRelease() {
        var control = SystemRefreshControl()
        var fired = 0
        for distance in stride(from: 0.0, through: 99.5, by: 0.5) {
            fired += control.scrollViewDidScroll(Self.pull(distance)).fires ? 1 : 0
        }
        #expect(fired == 0 && control.state == .pulling)
        let fire = control.scrollViewDidScroll(Self.pull(100))
        #expect(
            fire.fires && fire.effects == [.setInsetTop(60), .fireRefresh] && fire.from == .pulling
                && fire.to == .refreshing)
        for distance in stride(from: 100.0, through: 160, by: 5) {
            fired += control.scrollViewDidScroll(Self.pull(distance, insetTop: 0)).fires ? 1 : 0
        }
        #expect(fired == 0 && control.isRefreshing)
        // Released: it bounces back to the spinner's room; scrolling never hides the spinner.
        _ = control.scrollViewDidScroll(Self.pull(0, dragging: false, insetTop: 60))
        _ = control.scrollViewDidScroll(
            ScrollGeometry(
                contentOffset: 800, contentHeight: 5_000, viewportHeight: 812, insetTop: 60,
                insetBottom: 44, isDragging: true))
        #expect(control.isRefreshing && control.state == .refreshing && control.pullingPercent == 1)
        let end = control.endRefreshing()
        #expect(end.effects == [.setInsetTop(0)] && !control.isRefreshing && end.to == .idle)
    }

    @Test("a pull without a finger (a bounce) never fires")
    func bounceDoesNotFire() {
        var control = SystemRefreshControl()
        #expect(!control.scrollViewDidScroll(Self.pull(150, dragging: false)).fires)
        #expect(!control.isRefreshing)
    }

    @Test("it fires again only after the content came back to rest")
    func rearm() {
        var control = SystemRefreshControl()
        #expect(control.scrollViewDidScroll(Self.pull(120)).fires)
        _ = control.endRefreshing()  // ended fast, the finger still pulling
        #expect(!control.scrollViewDidScroll(Self.pull(130)).fires, "the same pull does not fire twice")
        _ = control.scrollViewDidScroll(Self.pull(0))
        #expect(control.scrollViewDidScroll(Self.pull(110)).fires)
    }

    @Test("beginRefreshing shows the spinner without firing; only endRefreshing hides it; illegal calls are ignored")
    func beginAndEnd() {
        var control = SystemRefreshControl(height: 60, triggerDistance: 80)
        let end = control.endRefreshing()
        #expect(end.ignored == "end refreshing while idle" && end.effects.isEmpty)
        let begin = control.beginRefreshing()
        #expect(!begin.fires && begin.effects == [.setInsetTop(60)] && control.state == .refreshing)
        let second = control.beginRefreshing()
        #expect(second.ignored == "begin refreshing while refreshing")
        // Pulling past the trigger while the spinner shows does not fire either.
        #expect(!control.scrollViewDidScroll(Self.pull(200, insetTop: 60)).fires)
        #expect(control.endRefreshing().effects == [.setInsetTop(0)])
        #expect(control.endRefreshing().ignored == "end refreshing while idle")
    }

    @Test("the arrow flips up at 50 points and back only below 40: no flicker around 50")
    func arrowHysteresis() {
        var control = SystemRefreshControl(triggerDistance: 1_000)
        let path: [(Double, Bool)] = [
            (10, false), (49.9, false), (50, true), (45, true), (40, true), (52, true), (39.9, false),
            (45, false), (49.99, false), (50, true), (0, false),
        ]
        for (distance, up) in path {
            _ = control.scrollViewDidScroll(Self.pull(distance))
            #expect(control.isArrowUp == up, "at \(distance)")
            #expect(control.state == (up ? .pulling : .idle))
        }
        var flips = 0
        var last = false
        for i in 0..<200 {
            // A pull wavering around 50 by ±4 points: the arrow turns once.
            _ = control.scrollViewDidScroll(Self.pull(i < 10 ? Double(i) * 5 : 50 + Double((i % 9) - 4)))
            if control.isArrowUp != last { flips += 1 }
            last = control.isArrowUp
        }
        #expect(flips == 1)
    }

    @Test("labels follow the arrow; the example app's text replaces the defaults")
    func labels() {
        var control = SystemRefreshControl(
            labels: RefreshLabels.header(.simplifiedChinese)
                .replacing(.idle, with: "下拉刷新").replacing(.pulling, with: "松開加載更多").replacing(
                    .refreshing, with: "加載中..."))
        #expect(control.label == "下拉刷新")
        _ = control.scrollViewDidScroll(Self.pull(60))
        #expect(control.label == "松開加載更多")
        _ = control.scrollViewDidScroll(Self.pull(100))
        #expect(control.label == "加載中...")
        #expect(abs(control.pullingPercent - 1) < 1e-12)
    }
}
