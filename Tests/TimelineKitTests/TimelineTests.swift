import FeedLayout
import StatusLayout
import Testing
import TestSupport
@testable import TimelineKit

@Suite("Timeline")
struct TimelineTests {
    let statuses = TimelineFixtures.statuses

    /// Offsets are the running sums of the rows' heights; row(atOffset:) finds each row.
    func expectConsistent(_ timeline: Timeline, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            timeline.invariantViolation() == nil, "\(timeline.invariantViolation() ?? "")",
            sourceLocation: sourceLocation)
        var top = 0.0
        for row in 0..<timeline.count {
            #expect(timeline.offset(ofRow: row) == top, "row \(row)", sourceLocation: sourceLocation)
            if timeline[row].height > 0 {
                #expect(timeline.row(atOffset: top) == row, sourceLocation: sourceLocation)
                #expect(
                    timeline.row(atOffset: top + timeline[row].height - 0.25) == row, sourceLocation: sourceLocation)
            }
            top += timeline[row].height
        }
        #expect(timeline.contentHeight == top, sourceLocation: sourceLocation)
        // The visible rows and the rows of any span: those whose [top, bottom) meets it, found by
        // a walk of the running sums (cell heights are > 0).
        func walk(_ from: Double, _ to: Double) -> Range<Int> {
            guard to > from else { return 0..<0 }
            var first: Int?
            var last = -1
            var top = 0.0
            for row in 0..<timeline.count {
                let bottom = top + timeline[row].height
                if top < to && bottom > from {
                    if first == nil { first = row }
                    last = row
                }
                top = bottom
            }
            return first.map { $0..<(last + 1) } ?? 0..<0
        }
        let offset = timeline.contentOffset
        #expect(timeline.visibleRows == walk(offset, offset + timeline.viewportHeight), sourceLocation: sourceLocation)
        let spans: [(Double, Double)] = [
            (-500, 0), (-500, 0.25), (0, 1), (offset - 300, offset + 1), (offset + 0.5, offset + 2_000),
            (top - 0.25, top + 100), (top, top + 100), (top / 2, top / 2), (top / 3, top / 2),
        ]
        for (from, to) in spans {
            #expect(
                timeline.rows(from: from, to: to) == walk(from, to), "rows from \(from) to \(to)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("rows take the cell layout's heights; offsets, rows at offsets, visible rows")
    func basics() throws {
        var timeline = TimelineFixtures.timeline()
        #expect(timeline.row(atOffset: 0) == nil && timeline.anchor == nil && timeline.visibleRows.isEmpty)
        let page = Array(statuses.prefix(60))
        let update = timeline.append(page)
        #expect(update.inserted == 60 && update.duplicatesSkipped == 0 && update.contentOffsetAdjustment == 0)
        #expect(update.heightsPrefetched == 60)
        #expect(timeline.count == 60 && timeline.estimatedRowCount == 0)
        for (row, status) in page.enumerated() {
            #expect(timeline[row].status.id == status.id)
            #expect(timeline[row].height == TimelineFixtures.exactHeight(status))
            #expect(!timeline[row].isEstimated)
            #expect(timeline.row(forID: status.id) == row)
        }
        expectConsistent(timeline)
        #expect(timeline.row(atOffset: -100) == 0)
        #expect(timeline.row(atOffset: timeline.contentHeight + 1) == 59)
        let visible = timeline.visibleRows
        #expect(visible.lowerBound == 0)
        #expect(
            timeline.offset(ofRow: visible.upperBound - 1) < 812 && timeline.offset(ofRow: visible.upperBound) >= 812)
        timeline.scroll(toOffset: 1_000)
        let first = try #require(timeline.row(atOffset: 1_000))
        #expect(timeline.visibleRows.lowerBound == first)
        #expect(timeline.anchor?.row == first && timeline.anchor?.y == timeline.offset(ofRow: first) - 1_000)
        #expect(timeline.row(forID: StatusID(1)) == nil)
    }

    @Test("duplicate IDs from a refresh or a page overlap are not inserted twice")
    func duplicates() {
        var timeline = TimelineFixtures.timeline()
        timeline.append(Array(statuses[20..<40]))
        // A refresh that overlaps the top: 20 new, 5 already shown, and one repeated in the batch.
        let refresh = Array(statuses[0..<25]) + [statuses[3]]
        let update = timeline.prepend(refresh)
        #expect(update.inserted == 20 && update.duplicatesSkipped == 6)
        #expect(timeline.statuses.map(\.id) == statuses[0..<40].map(\.id))
        // A page that overlaps the bottom.
        let page = timeline.append(Array(statuses[35..<50]))
        #expect(page.inserted == 10 && page.duplicatesSkipped == 5)
        #expect(timeline.statuses.map(\.id) == statuses[0..<50].map(\.id))
        // Only duplicates: nothing moves.
        let again = timeline.prepend(Array(statuses[0..<50]))
        #expect(again.inserted == 0 && again.duplicatesSkipped == 50 && again.contentOffsetAdjustment == 0)
        #expect(Set(timeline.statuses.map(\.id)).count == timeline.count)
        expectConsistent(timeline)
    }

    @Test("prepending keeps the first visible row where it was, whether scrolled or pulled")
    func prependAnchors() throws {
        var timeline = TimelineFixtures.timeline()
        timeline.append(Array(statuses[100..<200]))
        timeline.scroll(toOffset: 2_345.5)
        let before = try #require(timeline.anchor)
        let added = Array(statuses[80..<100])
        let update = timeline.prepend(added)
        let addedHeight = added.reduce(0.0) { $0 + TimelineFixtures.exactHeight($1) }
        #expect(update.contentOffsetAdjustment == addedHeight)
        #expect(update.contentOffset == 2_345.5 + addedHeight)
        #expect(update.anchor?.id == before.id && update.anchor?.y == before.y && update.anchor?.row == before.row + 20)
        // Pulled down (a header refreshing at −54): the old first row stays 54 points down.
        timeline.scroll(toOffset: -54)
        let pulled = try #require(timeline.anchor)
        #expect(pulled.row == 0 && pulled.y == 54)
        let refresh = timeline.prepend(Array(statuses[60..<80]))
        #expect(refresh.anchor?.id == pulled.id && refresh.anchor?.y == 54)
        #expect(timeline.offset(ofRow: refresh.anchor!.row) - timeline.contentOffset == 54)
        expectConsistent(timeline)
    }

    @Test("anchoring: after any random sequence of changes the anchor row's on-screen y is unchanged", arguments: 0..<6)
    func anchoringProperty(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &+ 0xA7C4)
        var timeline = TimelineFixtures.timeline()
        let pool = Array(statuses.prefix(700))
        func someStatuses() -> [Status] {
            // Fresh ones, ones already shown, repeats inside the batch; sometimes none.
            (0..<random.below(30)).map { _ in pool[random.below(pool.count)] }
        }
        let widths = [375.0, 667, 320]
        for step in 0..<160 {
            let before = timeline.anchor
            let beforeHeight = before.map { timeline.height(ofRow: $0.row) }
            let measuring: Timeline.Measuring = random.below(2) == 0 ? .now : .later
            var relative = false
            var moved = false
            let update: TimelineUpdate
            switch random.below(13) {
            case 0, 1: update = timeline.prepend(someStatuses(), measuring: measuring)
            case 2, 3: update = timeline.append(someStatuses(), measuring: measuring)
            case 4: update = timeline.insert(someStatuses(), at: random.below(timeline.count + 1), measuring: measuring)
            case 5:
                var ids = (0..<random.below(6)).compactMap { _ in
                    timeline.isEmpty ? nil : timeline[random.below(timeline.count)].status.id
                }
                if let anchor = before, random.below(2) == 0 { ids.append(anchor.id) }  // the anchor row itself goes
                update = timeline.remove(ids)
            case 6:
                guard !timeline.isEmpty else { continue }
                var edited = timeline[random.below(timeline.count)].status
                edited.text = StatusText(
                    edited.text.string + String(repeating: " 更新了一段很长的文字，", count: random.below(12)))
                update = timeline.replace(edited)
            case 7, 8:
                guard !timeline.isEmpty else { continue }
                // Expand or collapse a row above the anchor, the anchor itself, or one below.
                let row =
                    before.map { anchor in max(0, min(timeline.count - 1, anchor.row + random.below(7) - 3)) } ?? 0
                update = timeline.setExpanded(random.below(3) != 0, forID: timeline[row].status.id)
            case 9:
                let offset =
                    Double(random.below(Int(timeline.contentHeight) + 1_200)) - 300 + Double(random.below(4)) * 0.5
                // The row the scroll brings to the top, and where: estimates made exact around
                // it (above it too) must leave it there.
                let target = timeline.row(atOffset: offset).map {
                    (timeline[$0].status.id, timeline.offset(ofRow: $0) - offset)
                }
                update = timeline.scroll(toOffset: offset)
                moved = true
                if let target {
                    #expect(
                        update.anchor?.id == target.0 && update.anchor?.y == target.1,
                        "step \(step): scroll to \(offset)")
                    let row = try #require(timeline.row(forID: target.0))
                    #expect(timeline.offset(ofRow: row) - timeline.contentOffset == target.1, "step \(step)")
                }
            case 10:
                update = timeline.receiveMemoryPressure(random.below(2) == 0 ? .warning : .critical)
            case 11:
                let width = widths[random.below(widths.count)]
                update = timeline.changeWidth(to: width, viewportHeight: width > 400 ? 375 : 812)
                relative = true
            default:
                update = timeline.resolveHeights()
            }
            expectConsistent(timeline)
            // Rows on screen are never estimates.
            for row in timeline.visibleRows {
                #expect(!timeline[row].isEstimated, "step \(step): visible row \(row) is estimated")
            }
            guard let before, !moved, let after = update.anchor else { continue }
            let row = try #require(timeline.row(forID: after.id))
            let y = timeline.offset(ofRow: row) - timeline.contentOffset
            #expect(abs(y - after.y) < 1e-6, "step \(step): the reported anchor is where it is")
            if relative {
                #expect(after.id == before.id)
                if before.y < 0, let beforeHeight, beforeHeight > 0 {
                    // The same fraction of the row is scrolled off the top (to a unit, 1/3840 pt).
                    let fraction = -before.y / beforeHeight
                    #expect(abs(-y - fraction * timeline.height(ofRow: row)) <= 1.0 / 3840 + 1e-9, "step \(step)")
                } else {
                    #expect(after.y == before.y, "step \(step)")
                }
            } else {
                if timeline.row(forID: before.id) != nil { #expect(after.id == before.id, "step \(step)") }
                #expect(after.y == before.y, "step \(step): anchor moved from \(before.y) to \(after.y)")
            }
        }
    }

    @Test("estimates: marked, replaced by real heights before they show, the reader kept still")
    func estimates() throws {
        var timeline = TimelineFixtures.timeline()
        timeline.append(Array(statuses[0..<40]))
        let page = Array(statuses[40..<400])
        let update = timeline.append(page, measuring: .later)
        #expect(update.inserted == 360)
        #expect(timeline.estimatedRowCount > 300, "rows far below the viewport keep their estimates")
        let estimatedRow = try #require((40..<400).last { timeline[$0].isEstimated })
        let status = timeline[estimatedRow].status
        #expect(timeline[estimatedRow].height == HeightEstimator.content.estimate(status, in: timeline.context))
        // Read down through the estimates a screen at a time: every row shown is exact first.
        var offset = 0.0
        while offset < timeline.contentHeight - 812 {
            offset += 700
            let scrolled = timeline.scroll(toOffset: offset)
            offset = scrolled.contentOffset
            for row in timeline.visibleRows { #expect(!timeline[row].isEstimated) }
        }
        #expect(timeline.estimatedRowCount == 0)
        // Scroll up into rows made exact out of order: nothing moves under the reader.
        for row in 0..<timeline.count {
            #expect(timeline[row].height == TimelineFixtures.exactHeight(timeline[row].status))
        }
        expectConsistent(timeline)
    }

    @Test("an estimate above the viewport made exact moves nothing on screen: scrolling up into estimates")
    func estimatesAboveResolved() throws {
        // A fixed estimate, far from most cells' heights: each one made exact changes a height.
        var timeline = TimelineFixtures.timeline(estimator: .fixed(120))
        timeline.append(Array(statuses[0..<20]))
        timeline.append(Array(statuses[20..<600]), measuring: .later)
        // Jump far down: the rows between stay estimates (outside the resolution margin).
        timeline.scroll(toOffset: timeline.offset(ofRow: 500) + 40)
        #expect((100..<400).allSatisfy { timeline[$0].isEstimated })
        var adjusted = 0
        for _ in 0..<40 {
            let before = try #require(timeline.anchor)
            let estimatedAbove = (0..<before.row).filter { timeline[$0].isEstimated }.count
            let target = timeline.contentOffset - 350
            let goal = try #require(timeline.row(atOffset: target))
            let goalY = timeline.offset(ofRow: goal) - target
            let goalID = timeline[goal].status.id
            let update = timeline.scroll(toOffset: target)
            // The row brought to the top is where the scroll put it, however the heights above changed.
            let row = try #require(timeline.row(forID: goalID))
            #expect(update.anchor?.id == goalID && timeline.offset(ofRow: row) - timeline.contentOffset == goalY)
            #expect(update.contentOffsetAdjustment == timeline.contentOffset - target)
            if update.contentOffsetAdjustment != 0 {
                adjusted += 1
                #expect(update.estimatesResolved > 0 && estimatedAbove > 0)
            }
            for row in timeline.visibleRows { #expect(!timeline[row].isEstimated) }
        }
        #expect(adjusted > 10, "estimates above the viewport were made exact and compensated (\(adjusted) times)")
        expectConsistent(timeline)
    }

    @Test("estimates from content are close to the real heights")
    func estimateQuality() {
        let sample = Array(statuses.prefix(400))
        var relativeError = 0.0
        for status in sample {
            let exact = TimelineFixtures.exactHeight(status)
            let estimate = HeightEstimator.content.estimate(status, in: TimelineFixtures.portrait)
            relativeError += abs(estimate - exact) / exact
        }
        // A generous bound: the estimate places far rows, the real height replaces it.
        #expect(
            relativeError / Double(sample.count) < 0.1, "mean relative error \(relativeError / Double(sample.count))")
        #expect(HeightEstimator.fixed(120).estimate(statuses[0], in: TimelineFixtures.portrait) == 120)
    }

    @Test("expanding \"…全文\" takes the cell layout's expanded height; rows above keep the reader still")
    func expand() throws {
        var timeline = TimelineFixtures.timeline()
        timeline.append(Array(statuses[0..<200]))
        let long = try #require(
            (0..<200).first { row in
                let status = timeline[row].status
                return row > 5
                    && TimelineFixtures.exactHeight(status, expanded: true) > TimelineFixtures.exactHeight(status)
            })
        let id = timeline[long].status.id
        let expandedHeight = TimelineFixtures.exactHeight(timeline[long].status, expanded: true)
        // The long status is above the viewport: the content grows above, the reader stays.
        timeline.scroll(toOffset: timeline.offset(ofRow: long + 3) + 10)
        let before = try #require(timeline.anchor)
        let update = timeline.setExpanded(true, forID: id)
        #expect(timeline[long].isExpanded && timeline[long].height == expandedHeight)
        #expect(update.contentOffsetAdjustment == expandedHeight - TimelineFixtures.exactHeight(timeline[long].status))
        #expect(update.anchor?.id == before.id && update.anchor?.y == before.y)
        #expect(timeline.setExpanded(true, forID: id).heightsChanged == 0, "already expanded")
        // The first visible row itself expands downwards: its top stays.
        timeline.scroll(toOffset: timeline.offset(ofRow: long) + 5)
        let collapse = timeline.setExpanded(false, forID: id)
        #expect(collapse.anchor?.y == -5 && collapse.contentOffsetAdjustment == 0)
        #expect(timeline.setExpanded(true, forID: StatusID(42)).heightsChanged == 0, "an ID not in the timeline")
        expectConsistent(timeline)
    }

    @Test("a width change keeps the first visible row's relative position; heights from the cache of that width")
    func rotation() throws {
        var timeline = TimelineFixtures.timeline()
        timeline.append(Array(statuses[0..<300]))
        timeline.scroll(toOffset: timeline.offset(ofRow: 120) + 0.4 * timeline.height(ofRow: 120))
        let portraitHeights = (0..<300).map { timeline[$0].height }
        let landscape = timeline.changeWidth(to: 812, viewportHeight: 375)
        #expect(landscape.anchor?.id == timeline[120].status.id)
        let fraction = -landscape.anchor!.y / timeline.height(ofRow: 120)
        #expect(abs(fraction - 0.4) <= 1.0 / 3840 / timeline.height(ofRow: 120) + 1e-9)
        #expect(timeline.context.width == 812 && timeline.viewportHeight == 375)
        for row in timeline.visibleRows {
            #expect(timeline[row].height == TimelineFixtures.exactHeight(timeline[row].status, width: 812))
        }
        #expect(timeline.estimatedRowCount > 0, "rows far away wait for their landscape height")
        #expect(landscape.heightsComputed > 0)
        // Back to portrait: every height is still in the cache (it keeps both contexts).
        let back = timeline.changeWidth(to: 375, viewportHeight: 812)
        #expect(back.heightsComputed == 0 && timeline.estimatedRowCount == 0)
        #expect((0..<300).map { timeline[$0].height } == portraitHeights)
        #expect(abs(-back.anchor!.y / timeline.height(ofRow: 120) - 0.4) < 1e-3)
        // A viewport change alone keeps the top where it is.
        let before = try #require(timeline.anchor)
        #expect(timeline.changeWidth(to: 375, viewportHeight: 700).anchor?.y == before.y)
        expectConsistent(timeline)
    }

    /// A viewport of 1e-300 points (> 0, accepted) was kept as 0 units, read back as 0 points,
    /// and passing that back (a rotation keeping the viewport) trapped on the precondition.
    @Test("a viewport thinner than a layout unit is kept as one unit: its height read back is accepted again")
    func thinViewport() {
        var timeline = TimelineFixtures.timeline(viewportHeight: 1e-300)
        timeline.append(Array(statuses[0..<5]))
        #expect(timeline.viewportHeight == 1.0 / 3840)
        timeline.changeWidth(to: 375, viewportHeight: 1e-300)
        #expect(timeline.viewportHeight == 1.0 / 3840)
        timeline.changeWidth(to: 400, viewportHeight: timeline.viewportHeight)
        #expect(timeline.visibleRows == 0..<1)
        expectConsistent(timeline)
    }

    @Test("removing the first visible row: the next row takes its place")
    func removeAnchor() throws {
        var timeline = TimelineFixtures.timeline()
        timeline.append(Array(statuses[0..<50]))
        timeline.scroll(toOffset: timeline.offset(ofRow: 10) + 30)
        let before = try #require(timeline.anchor)
        let update = timeline.remove([timeline[10].status.id, timeline[3].status.id, timeline[30].status.id])
        #expect(update.removed == 3 && timeline.count == 47)
        #expect(update.anchor?.id == statuses[11].id && update.anchor?.y == before.y)
        #expect(timeline.remove([StatusID(1)]).removed == 0)
        timeline.remove(timeline.statuses.map(\.id))
        #expect(timeline.isEmpty && timeline.contentHeight == 0 && timeline.anchor == nil)
        expectConsistent(timeline)
    }

    @Test("replace lays a changed status out again (its cached height dropped)")
    func replace() throws {
        var timeline = TimelineFixtures.timeline()
        timeline.append(Array(statuses[0..<30]))
        var edited = timeline[5].status
        edited.text = StatusText(String(repeating: "改过的正文很长很长，", count: 30))
        edited.pictures = []
        edited.retweetedStatus = nil
        let update = timeline.replace(edited)
        #expect(update.heightsComputed == 1)
        #expect(timeline[5].status.text == edited.text && timeline[5].height == TimelineFixtures.exactHeight(edited))
        #expect(timeline.rowHeights.cachedHeight(forID: edited.id.value) == TimelineFixtures.exactHeight(edited))
        expectConsistent(timeline)
    }

    @Test(
        "memory pressure end to end: caches halved then emptied, every offset still answered, estimates then exact again, the anchor still"
    )
    func memoryPressure() throws {
        var timeline = TimelineFixtures.timeline()
        timeline.append(Array(statuses[0..<300]))
        timeline.append(Array(statuses[300..<500]), measuring: .later)  // a page not laid out yet
        timeline.scroll(toOffset: timeline.offset(ofRow: 150) + 17)
        #expect(timeline.estimatedRowCount > 150)
        let offsets = (0...timeline.count).map { timeline.offset(ofRow: $0) }
        let cached = timeline.rowHeights.heightCache.statistics.count
        #expect(cached >= 300)

        let anchor = try #require(timeline.anchor)
        let warning = timeline.receiveMemoryPressure(.warning)
        #expect(timeline.rowHeights.heightCache.statistics.count == cached / 2)
        #expect(warning.anchor == anchor && warning.contentOffsetAdjustment == 0)
        #expect((0...timeline.count).map { timeline.offset(ofRow: $0) } == offsets)

        let critical = timeline.receiveMemoryPressure(.critical)
        #expect(
            timeline.rowHeights.heightCache.statistics.count == 0
                && timeline.rowHeights.layoutCache.statistics.count == 0)
        #expect(critical.anchor == anchor && critical.contentOffsetAdjustment == 0)
        #expect((0...timeline.count).map { timeline.offset(ofRow: $0) } == offsets, "every offset answered as before")
        for offset in stride(from: -50.0, through: timeline.contentHeight + 50, by: 97) {
            let row = try #require(timeline.row(atOffset: offset))
            // The row whose span holds the offset (the last row beyond the end).
            let held = min(max(offset, 0), offsets[timeline.count] - 0.25)
            #expect(offsets[row] <= held && held < offsets[row + 1], "offset \(offset) answered row \(row)")
        }

        // Rotate: the landscape cache is empty, so every row is an estimate until it comes near.
        let rotated = timeline.changeWidth(to: 812, viewportHeight: 375)
        #expect(timeline.estimatedRowCount > 400)
        #expect(rotated.heightsComputed == rotated.estimatesResolved)
        // Read down into the page never laid out: estimates become exact (laid out again), the
        // reader kept still at each step.
        var offset = timeline.contentOffset
        for _ in 0..<60 {
            let before = try #require(timeline.anchor)
            let resolved = timeline.resolveHeights()
            #expect(resolved.anchor?.y == before.y)
            offset += 300
            timeline.scroll(toOffset: offset)
            offset = timeline.contentOffset
            for row in timeline.visibleRows { #expect(!timeline[row].isEstimated) }
        }
        // Back to portrait: the heights the cache lost are laid out again, the same as before.
        timeline.changeWidth(to: 375, viewportHeight: 812)
        timeline.scroll(toOffset: 0)
        for row in timeline.visibleRows {
            #expect(timeline[row].height == TimelineFixtures.exactHeight(timeline[row].status))
        }
        expectConsistent(timeline)
    }

    @Test("reserveCapacity makes room at both ends and the storage this copy's own")
    func reserve() {
        var timeline = TimelineFixtures.timeline()
        timeline.append(Array(statuses[0..<100]))
        let copy = timeline
        timeline.reserveCapacity(prepending: 500, appending: 500)
        timeline.prepend(Array(statuses[100..<120]))
        #expect(copy.count == 100 && timeline.count == 120)
        #expect(copy.statuses.map(\.id) == statuses[0..<100].map(\.id))
        expectConsistent(timeline)
        expectConsistent(copy)
    }
}
