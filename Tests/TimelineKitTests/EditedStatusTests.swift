import FeedLayout
import Foundation
import StatusLayout
import Testing
import TestSupport
@testable import TimelineKit

/// An edited post (the same ID with other content) in a refresh, a page or a reload is laid
/// out again: the caches key heights by content version, and a row already shown takes the new
/// content in place.
@Suite("Edited statuses in a timeline")
struct EditedStatusTests {
    static func edited(_ status: Status) -> Status {
        var longer = status
        longer.text = StatusText(status.text.string + String(repeating: " 作者编辑后补充了很长的一段文字。", count: 12))
        return longer
    }

    @Test(
        "a refresh that brings an edited status already shown: the row takes it and its new height, the reader stays still"
    )
    func refreshWithEdit() throws {
        var timeline = TimelineFixtures.timeline()
        let statuses = Array(TimelineFixtures.statuses[20..<60])
        timeline.append(statuses)
        timeline.scroll(toOffset: timeline.offset(ofRow: 10) + 30)
        let anchorBefore = try #require(timeline.scroll(toOffset: timeline.contentOffset).anchor)
        let changed = Self.edited(statuses[5])  // above the reader
        let update = timeline.prepend(Array(TimelineFixtures.statuses[15..<20]) + [changed, statuses[6]])
        #expect(update.inserted == 5 && update.edited == 1 && update.duplicatesSkipped == 1)
        let row = try #require(timeline.row(forID: changed.id))
        #expect(timeline[row].status == changed)
        #expect(timeline.height(ofRow: row) == TimelineFixtures.exactHeight(changed))
        #expect(TimelineFixtures.exactHeight(changed) > TimelineFixtures.exactHeight(statuses[5]) + 50)
        let anchorAfter = try #require(update.anchor)
        #expect(
            anchorAfter.id == anchorBefore.id && abs(anchorAfter.y - anchorBefore.y) < 1e-6, "the reader stays still")
        #expect(timeline.invariantViolation() == nil)
    }

    @Test("a reload with edited content shows the new heights, though the caches hold the old ones for the same IDs")
    func reloadWithEdits() throws {
        let first = Array(TimelineFixtures.statuses[0..<30])
        var timeline = TimelineFixtures.timeline()
        timeline.append(first)
        let before = timeline.contentHeight
        var session = TimelineSession(timeline: timeline, pullControl: .header(RefreshHeader()))
        let reloaded = first.enumerated().map { $0.offset % 3 == 0 ? Self.edited($0.element) : $0.element }
        _ = session.reload(reloaded, at: 1)
        let expected = reloaded.map { TimelineFixtures.exactHeight($0) }.reduce(0, +)
        #expect(
            abs(session.timeline.contentHeight - expected) < 1e-6, "\(session.timeline.contentHeight) vs \(expected)")
        #expect(session.timeline.contentHeight > before + 100)
    }

    @Test("an unchanged status decoded again is a duplicate, not an edit")
    func sameContentIsDuplicate() throws {
        var timeline = TimelineFixtures.timeline()
        timeline.append(Array(TimelineFixtures.statuses[0..<10]))
        let again = StatusDecoder().decodeAll(Fixtures.corpusStatusBytes).prefix(10).map { try! $0.result.get() }
        let update = timeline.append(again)
        #expect(update.edited == 0 && update.duplicatesSkipped == 10 && update.inserted == 0)
    }
}
