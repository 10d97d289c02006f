import Testing
import TestSupport
import TextLayout
@testable import TimelineKit

@Suite("RefreshTip")
struct RefreshTipTests {
    @Test("text: how many came, in zh-Hans and en")
    func text() {
        #expect(RefreshTip.text(newStatuses: 20, language: .simplifiedChinese) == "刷新到20条数据")
        #expect(RefreshTip.text(newStatuses: 0, language: .simplifiedChinese) == "没有更多数据")
        #expect(RefreshTip.text(newStatuses: 20, language: .english) == "20 new posts")
        #expect(RefreshTip.text(newStatuses: 1, language: .english) == "1 new post")
        #expect(RefreshTip.text(newStatuses: 0, language: .english) == "No new posts")
    }

    @Test("slides down 44 points over 1 s, stays 2 s, slides back over 1 s, then hidden")
    func timeline() {
        var tip = RefreshTip()
        #expect(tip.position(at: 100).phase == .hidden)
        tip.show(newStatuses: 20, at: 10)
        let expected: [(Double, Double, RefreshTip.Phase)] = [
            (9.99, -44, .hidden), (10, -44, .slidingIn), (10.25, -33, .slidingIn), (10.5, -22, .slidingIn),
            (11, 0, .shown),
            (12.5, 0, .shown), (12.999, 0, .shown), (13, 0, .slidingOut), (13.5, -22, .slidingOut),
            (13.75, -33, .slidingOut),
            (14, -44, .hidden), (60, -44, .hidden),
        ]
        for (time, y, phase) in expected {
            let position = tip.position(at: time)
            #expect(abs(position.y - y) < 1e-9 && position.phase == phase, "at \(time): \(position)")
            #expect(position.text == (phase == .hidden ? nil : "刷新到20条数据"))
            #expect(abs(position.revealed - (1 + y / 44)) < 1e-9)
        }
    }

    @Test("a refresh during the tip restarts it from where it is, with the new text")
    func restart() {
        // Half way out: slides down again from half, stays a full 2 s.
        var tip = RefreshTip()
        tip.show(newStatuses: 20, at: 0)
        tip.show(newStatuses: 3, at: 3.5)
        #expect(tip.position(at: 3.5).y == -22 && tip.position(at: 3.5).text == "刷新到3条数据")
        #expect(tip.position(at: 3.75).y == -11 && tip.position(at: 3.75).phase == .slidingIn)
        #expect(tip.position(at: 4).phase == .shown && tip.position(at: 5.99).phase == .shown)
        #expect(tip.position(at: 6.5).y == -22 && tip.position(at: 7).phase == .hidden)
        // Before the second refresh, the first one's motion: a pure function of time.
        #expect(tip.position(at: 3.25).y == -11 && tip.position(at: 3.25).text == "刷新到20条数据")
        #expect(tip.position(at: 0.5).y == -22)

        // Fully down: it stays down 2 s more.
        var shown = RefreshTip(language: .english)
        shown.show(newStatuses: 5, at: 0)
        shown.show(newStatuses: 0, at: 2)
        #expect(shown.position(at: 2).phase == .shown && shown.position(at: 2).text == "No new posts")
        #expect(
            shown.position(at: 3.99).phase == .shown && shown.position(at: 4.5).y == -22
                && shown.position(at: 5).phase == .hidden)

        // Sliding in: it goes on down from a quarter, arriving 0.75 s later.
        var sliding = RefreshTip()
        sliding.show(newStatuses: 1, at: 0)
        sliding.show(newStatuses: 2, at: 0.25)
        #expect(sliding.position(at: 1).phase == .shown && sliding.position(at: 0.999).phase == .slidingIn)
        #expect(sliding.position(at: 3).phase == .slidingOut && sliding.position(at: 4).phase == .hidden)

        // After it has gone, a refresh starts from hidden.
        var again = RefreshTip()
        again.show(newStatuses: 1, at: 0)
        again.show(newStatuses: 2, at: 10)
        #expect(again.position(at: 10).y == -44 && again.position(at: 11).phase == .shown)
    }

    @Test("the label is measured with the text engine")
    func labelSize() {
        let text = RefreshTip.text(newStatuses: 20, language: .simplifiedChinese)
        let size = RefreshTip.measureLabel(text, engine: Fixtures.engine)
        #expect(size.text == text)
        let prepared = Fixtures.engine.prepare(text, style: TextStyle(fontSize: 14))
        #expect(size.width == prepared.singleLineWidth)
        #expect(size.height == Fixtures.engine.layout(text, width: 1_000, style: TextStyle(fontSize: 14)).height)
        // Six ideographs at 14 points and two digits: a little under 8 ems.
        #expect(size.width > 6 * 14 + 10 && size.width < 8 * 14)
        #expect(size.height > 14 && size.height < 14 * 1.6)
        let english = RefreshTip.measureLabel("20 new posts", engine: Fixtures.engine, fontSize: 17)
        #expect(english.width > 0 && english.width < size.width * 17 / 14 * 1.2)
    }
}
