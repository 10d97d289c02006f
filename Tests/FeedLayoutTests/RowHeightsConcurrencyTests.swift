import Foundation
import StatusLayout
import Testing
import TestSupport
import TextLayout
@testable import FeedLayout

/// The async API: prefetch, page layouts and heights, from tasks, task groups and actors.
@Suite("RowHeights async")
struct RowHeightsConcurrencyTests {
    static let statuses = RowHeightsTests.statuses
    let context = LayoutContext(width: 375, scale: 2)

    func freshRows(countLimit: Int = 10_000) -> RowHeights {
        RowHeights(
            engine: TextEngine(fonts: Fixtures.fonts), context: context, heights: HeightCache(countLimit: countLimit))
    }

    @Test("await prefetch computes each missing status once, with the heights of height(for:)")
    func prefetchEqualsSerial() async {
        let statuses = Array(Self.statuses.prefix(1_200))
        let rows = freshRows()
        #expect(await rows.prefetch(statuses + statuses.prefix(100)) == statuses.count)
        #expect(rows.heightCache.statistics.insertions == statuses.count)
        let serial = RowHeights(engine: Fixtures.engine, context: context)
        for status in statuses {
            #expect(rows.cachedHeight(forID: status.id.value) == serial.height(for: status))
        }
        #expect(await rows.prefetch(statuses) == 0, "nothing left to compute")
        #expect(await rows.prefetch([]) == 0)
    }

    @Test("a task cancelled before it starts computes nothing; page layouts then throw CancellationError")
    func cancelledBeforeStart() async {
        let rows = freshRows()
        let statuses = Array(Self.statuses.prefix(300))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let computed = await rows.prefetch(statuses)
            var errors: [any Error] = []
            do { _ = try await rows.layouts(for: statuses) } catch { errors.append(error) }
            do { _ = try await rows.heights(for: statuses) } catch { errors.append(error) }
            return (computed, errors)
        }
        let (computed, errors) = await task.value
        #expect(computed == 0)
        #expect(rows.heightCache.statistics.count == 0)
        #expect(errors.count == 2 && errors.allSatisfy { $0 is CancellationError })
    }

    @Test("cancelling a running prefetch stops it between statuses; what it finished stays cached and exact")
    func cancelledWhileRunning() async {
        let rows = freshRows()
        let statuses = Self.statuses
        let task = Task { await rows.prefetch(statuses) }
        while rows.heightCache.statistics.count == 0 { await Task.yield() }
        task.cancel()
        let computed = await task.value
        #expect(computed > 0 && computed < statuses.count, "cancelled after \(computed) of \(statuses.count)")
        #expect(rows.heightCache.statistics.count == computed)
        let serial = RowHeights(engine: Fixtures.engine, context: context)
        for status in statuses {
            if let height = rows.cachedHeight(forID: status.id.value) { #expect(height == serial.height(for: status)) }
        }
    }

    @Test("layouts(for:) and heights(for:) answer in the order given, equal to the synchronous calls, duplicates once")
    func pages() async throws {
        let page = Array(Self.statuses[100..<400])
        let asked = page + page.prefix(20).reversed()  // repeats, out of order
        let rows = freshRows()
        let layouts = try await rows.layouts(for: asked)
        let serial = RowHeights(engine: Fixtures.engine, context: context)
        #expect(layouts.count == asked.count)
        for (status, layout) in zip(asked, layouts) {
            #expect(layout == serial.layout(for: status))
        }
        #expect(rows.layoutCache.statistics.insertions == page.count, "each ID laid out once")
        let heights = try await rows.heights(for: asked)
        #expect(
            heights
                == asked.map {
                    StatusHeight(id: $0.id, height: serial.height(for: $0), kind: $0.isRetweet ? .retweet : .original)
                })
        #expect(try await rows.layouts(for: []).isEmpty)
    }

    @Test("prefetches racing in a task group over overlapping pages compute each status once in all")
    func racingPrefetches() async {
        let rows = freshRows()
        let statuses = Array(Self.statuses.prefix(2_000))
        let total = await withTaskGroup(of: Int.self) { group in
            for k in 0..<8 {
                let slice = Array(statuses[(k * 200)..<min(statuses.count, k * 200 + 600)])
                group.addTask { await rows.prefetch(slice) }
            }
            // the blocking one joins in
            group.addTask { rows.prefetchBlocking(Array(statuses.prefix(500)), cancellation: PrefetchCancellation()) }
            return await group.reduce(0, +)
        }
        #expect(total == statuses.count)
        #expect(rows.heightCache.statistics.insertions == statuses.count)
    }

    /// A timeline screen's model, isolated to an actor.
    actor Feed {
        let rows: RowHeights
        var shown: [CellLayout] = []
        init(rows: RowHeights) { self.rows = rows }

        func load(_ page: [Status], visible: Int) async throws -> Int {
            let computed = await rows.prefetch(page)
            shown = try await rows.layouts(for: Array(page.prefix(visible)))
            return computed
        }
    }

    @Test("usable from an actor")
    func fromAnActor() async throws {
        let feed = Feed(rows: freshRows())
        let page = Array(Self.statuses.prefix(150))
        #expect(try await feed.load(page, visible: 12) == 150)
        let shown = await feed.shown
        #expect(shown.map(\.statusID) == page.prefix(12).map(\.id))
    }

    @Test("a background prefetch task can be awaited without blocking a thread")
    func awaitingBackgroundTask() async {
        let rows = freshRows()
        let task = rows.prefetchInBackground(Array(Self.statuses.prefix(400)))
        #expect(await task.computed == 400)
        #expect(task.wait() == 400)
    }
}
