@testable import BenchmarkRunner
import BenchmarkSupport
import FeedLayout
import StatusLayout
import Testing
import TimelineKit

/// The timeline scenarios on quick sizes: a refresh inserts new rows and keeps the reader
/// still, the lookups agree with each other, and the figures of a p50 over a fixed time read
/// right.
@Suite(.serialized) struct TimelineScenarioTests {
    @Test func refreshInsertsTwentyNewRowsAndKeepsTheReaderStill() throws {
        let context = try FeedScenarioTests.quickContext()
        let workload = try #require(try Scenario.timelineRefresh.setUp(context) as? TimelineRefreshWorkload)
        #expect(workload.base.count == ScenarioContext.quickStatusCount && workload.base.estimatedRowCount == 0)
        for _ in 0..<3 {
            workload.prepare(operations: 2)
            workload.run(operations: 2)
            let update = try #require(workload.lastUpdate)
            #expect(update.inserted == 20 && update.duplicatesSkipped == 0 && update.heightsPrefetched == 20)
            #expect(update.contentOffsetAdjustment > 0)
            #expect(
                update.anchor?.y == workload.lastAnchorBefore?.y && update.anchor?.id == workload.lastAnchorBefore?.id)
            #expect(workload.lastTimeline?.count == ScenarioContext.quickStatusCount + 20)
        }
        #expect(workload.base.count == ScenarioContext.quickStatusCount, "every operation changes its own copy")
        #expect(workload.measurements["anchor moved (points)"] == 0)
        #expect(workload.measurements["rows inserted"] == 20)

        let cached = try #require(try Scenario.timelineRefreshCached.setUp(context) as? TimelineRefreshWorkload)
        cached.prepare(operations: 1)
        cached.run(operations: 1)
        #expect(
            cached.lastUpdate?.inserted == 20 && cached.lastUpdate?.heightsPrefetched == 0
                && cached.lastUpdate?.heightsComputed == 0)

        let heights = try #require(try Scenario.timelineRefreshHeights.setUp(context) as? TimelineRefreshWorkload)
        let before = heights.base.rowHeights.heightCache.statistics.insertions
        heights.prepare(operations: 2)
        heights.run(operations: 2)
        #expect(heights.base.rowHeights.heightCache.statistics.insertions - before == 40 && heights.lastUpdate == nil)
    }

    @Test func rowLookupsAgreeWithTheBinarySearch() throws {
        let context = try FeedScenarioTests.quickContext()
        let lookup = try #require(try Scenario.timelineRowAtOffset.setUp(context) as? TimelineLookupWorkload)
        let search = try #require(try Scenario.timelineRowSearch.setUp(context) as? TimelineLookupWorkload)
        #expect(lookup.offsets == search.offsets && lookup.tops == search.tops)
        lookup.tops.withUnsafeBufferPointer { tops in
            for offset in lookup.offsets {
                #expect(lookup.timeline.row(atOffset: offset) == TimelineLookupWorkload.searchRow(offset, tops: tops))
            }
        }
        let mallocs = MallocCounter.thisThread
        lookup.run(operations: 10_000)
        #if !DEBUG
            #expect(MallocCounter.thisThread - mallocs == 0)
        #else
            _ = mallocs
        #endif
    }

    @Test func aMedianOverAFixedTime() throws {
        let refresh = result("timeline-refresh", median: 500_000)
        let frame = Figure(
            .medianOver("timeline-refresh", nanoseconds: 1e9 / 60, label: "one 16.7 ms frame"), goal: .atMost(0.1),
            meaning: ""
        ).evaluate([refresh])
        #expect(frame.name == "timeline-refresh p50 / one 16.7 ms frame")
        #expect(abs(try #require(frame.ratio) - 0.03) < 1e-12 && frame.met == true)
        let nanoseconds = Figure(
            .medianOver("timeline-refresh", nanoseconds: 1, label: "ns"), unit: "ns", goal: .atMost(100),
            meaning: ""
        ).evaluate([refresh])
        #expect(nanoseconds.name == "timeline-refresh p50" && nanoseconds.ratio == 500_000 && nanoseconds.met == false)
        #expect(ReportFormatter.figures([frame]).contains("0.0300  target ≤ 0.1"))
    }
}
