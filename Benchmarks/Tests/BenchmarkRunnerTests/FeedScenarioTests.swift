@testable import BenchmarkRunner
import BenchmarkSupport
import FeedLayout
import Foundation
import StatusLayout
import Testing

/// The status and height-cache scenarios on quick sizes: they run, they measure what they say
/// (a hit is a hit, a churn evicts), and their measurements are sane.
@Suite(.serialized) struct FeedScenarioTests {
    static func quickContext() throws -> ScenarioContext {
        let texts = try TextCorpus(contentsOf: TextCorpus.defaultPath).texts.prefix(ScenarioContext.quickTextCount).map
        { $0 }
        return try ScenarioContext(texts: texts, fontsDirectory: try BenchmarkPaths.fontsDirectory(), isQuick: true)
    }

    @Test func quickRunsDecodeTheFirstStatuses() throws {
        let statuses = try Self.quickContext().statuses()
        #expect(statuses.count == ScenarioContext.quickStatusCount)
        #expect(statuses[0].id.value == 4_900_000_000_000_000)
        #expect(statuses.allSatisfy { !$0.text.isEmpty || $0.isRetweet || !$0.pictures.isEmpty })
    }

    @Test(arguments: [Scenario.cacheHit, Scenario.cacheHitByID])
    func cacheHitLooksUpCachedHeightsOnly(scenario: Scenario) throws {
        let context = try Self.quickContext()
        let workload = try #require(try scenario.setUp(context) as? CacheHitWorkload)
        #expect(workload.key == (scenario.name == "cache-hit" ? .status : .identifier))
        let before = workload.rows.heightCache.statistics
        #expect(before.count == Set(try context.statuses().map(\.id)).count)
        let mallocsBefore = MallocCounter.thisThread
        workload.run(operations: 1_000)
        let mallocs = MallocCounter.thisThread - mallocsBefore
        let after = workload.rows.heightCache.statistics
        #expect(after.hits - before.hits == 1_000)
        #expect(after.misses == before.misses)
        #expect(after.insertions == before.insertions)
        #expect(workload.missesSinceSetUp == 0)
        #expect(workload.measurements["misses"] == 0)
        #if !DEBUG
            // Unoptimised generic code allocates; the release build's hit must not.
            #expect(mallocs == 0)
        #else
            _ = mallocs
        #endif
    }

    @Test func cacheChurnMissesInsertsAndEvictsEveryTime() throws {
        let workload = try #require(try Scenario.cacheChurn.setUp(try Self.quickContext()) as? CacheChurnWorkload)
        let before = workload.cache.statistics
        #expect(before.count == CacheChurnWorkload.countLimit)
        workload.run(operations: 2_500)
        let after = workload.cache.statistics
        #expect(after.misses - before.misses == 2_500)
        #expect(after.insertions - before.insertions == 2_500)
        #expect(after.evictions - before.evictions == 2_500)
        #expect(after.count == CacheChurnWorkload.countLimit)
        #expect(workload.evictionsPerInsert == 1)
    }

    @Test func cacheFillMeasuresTheHeapOfItsHeights() async {
        // The tables are about costPerEntry bytes a slot, the power-of-two index and ghost set a
        // little more. mallinfo2 counts the heap of every thread of the process: the fill runs
        // in a child process of its own, where no other suite allocates or frees meanwhile.
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            var failures: [String] = []
            do {
                let workload = try CacheFillWorkload(entries: 1_000_000)
                let expected = Double(workload.costPerEntry)
                if !(expected > 0 && (0.9 * expected...1.5 * expected).contains(workload.heapBytesPerHeight)) {
                    failures.append("\(workload.heapBytesPerHeight) B per height, costPerEntry \(expected)")
                }
                if workload.measurements[CacheFillWorkload.bytesPerHeightKey] != workload.heapBytesPerHeight {
                    failures.append("the measurement is not the heap bytes per height")
                }
                if workload.notes.first?.hasPrefix("1,000,000 heights take") != true {
                    failures.append("notes: \(workload.notes)")
                }
                workload.prepare(operations: 10)
                workload.run(operations: 10)
            } catch {
                failures.append("\(error)")
            }
            if !failures.isEmpty {
                FileHandle.standardError.write(Data(("FAILED: " + failures.joined(separator: "; ") + "\n").utf8))
                exit(1)
            }
        }
        let report = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!report.contains("FAILED"), "the child reported: \(report)")
    }

    @Test func scrollTraceReportsEveryPolicyAndReplaysTheTrace() throws {
        let workload = ScrollTraceWorkload()
        let measurements = workload.measurements
        for (_, name) in ScrollTraceWorkload.policies {
            for capacity in ScrollTraceWorkload.capacities {
                let ratio = try #require(measurements[ScrollTraceWorkload.hitRatioKey(name, capacity: capacity)])
                #expect(ratio > 0 && ratio < 1)
            }
        }
        // LRU has the inclusion property: a bigger cache never hits less.
        let lru = ScrollTraceWorkload.capacities.map {
            measurements[ScrollTraceWorkload.hitRatioKey("LRU", capacity: $0)] ?? 0
        }
        #expect(lru == lru.sorted())
        #expect(workload.defaultPolicyName == "S3-FIFO")
        #expect(
            measurements[ScrollTraceWorkload.defaultHitRatioKey(capacity: 400)]
                == measurements[ScrollTraceWorkload.hitRatioKey("S3-FIFO", capacity: 400)])
        #expect(workload.notes[0].hasPrefix("hit ratio S3-FIFO (ours) 0."))
        #expect(workload.notes.contains { $0.contains("capacity") && $0.contains("LRU") })

        // One pass of the timed replay, from empty, is the trace's hit ratio at 400.
        workload.run(operations: workload.trace.requests.count)
        let statistics = workload.timedCache.statistics
        let replayed = Double(statistics.hits) / Double(statistics.hits + statistics.misses)
        #expect(abs(replayed - workload.trace.hitRatio(policy: .s3fifo, capacity: 400)) < 1e-12)
    }

    @Test func cellHeightColdMeasuresWithWarmEngines() throws {
        let context = try Self.quickContext()
        let workload = try #require(try Scenario.cellHeightCold.setUp(context) as? WarmHalvesWorkload<Status>)
        #expect(workload.maximumOperationsPerSample == ScenarioContext.quickStatusCount)
        workload.prepare(operations: 20)
        let warmed = workload.cacheStatistics
        #expect(warmed.count == 2 && warmed.allSatisfy { $0.count > 0 })
        workload.run(operations: 20)
        #expect(workload.cacheStatistics[0].hits > warmed[0].hits)  // names, sources, common words
    }

    @Test func prefetchComputesEveryHeightOnceAndAlikeOnOneAndAllCores() throws {
        let context = try Self.quickContext()
        let serial = try #require(try Scenario.prefetchOne.setUp(context) as? PrefetchWorkload)
        let parallel = try #require(try Scenario.prefetchAll.setUp(context) as? PrefetchWorkload)
        #expect(serial.maximumOperationsPerSample == 1)
        let statuses = try context.statuses()
        let distinct = Set(statuses.map(\.id)).count
        for workload in [serial, parallel] {
            workload.prepare(operations: 1)
            workload.run(operations: 1)
            let rows = try #require(workload.last)
            #expect(rows.heightCache.statistics.count == distinct)
            #expect(rows.heightCache.statistics.insertions == distinct)
        }
        let serialRows = try #require(serial.last), parallelRows = try #require(parallel.last)
        for status in statuses {
            let height = serialRows.cachedHeight(forID: status.id.value)
            #expect(height != nil && height == parallelRows.cachedHeight(forID: status.id.value))
            #expect((height ?? 0) > 100)  // profile, toolbar and margins alone are 101 pt
        }
        #expect(parallel.notes.first?.contains("cores") == true)
    }

    @Test func pangoAgreementMeasuresEachWidth() throws {
        let context = try Self.quickContext()
        let workload = try Scenario.pangoAgreement.setUp(context)
        for width in PangoAgreement.widths {
            let percent = try #require(workload.measurements[PangoAgreement.key(width: width)])
            #expect(percent >= 0 && percent <= 100)
        }
        #expect(workload.notes.count == PangoAgreement.widths.count)
        #expect(workload.notes[0].contains("/ 24 texts"))
        workload.run(operations: 3)
    }
}
