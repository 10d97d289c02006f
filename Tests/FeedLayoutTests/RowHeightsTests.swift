import Foundation
import StatusLayout
import Testing
import TestSupport
import TextLayout
@testable import FeedLayout

@Suite("RowHeights")
struct RowHeightsTests {
    static let statuses: [Status] = {
        let bytes = Fixtures.corpusStatusBytes
        return StatusDecoder().decodeAll(bytes).compactMap { try? $0.result.get() }
    }()

    let context = LayoutContext(width: 375, scale: 2)

    @Test("height(for:) computes once, then hits; integer and idstr lookups agree")
    func heightForRow() throws {
        let rows = RowHeights(engine: Fixtures.engine, context: context)
        let status = Self.statuses[0]
        let first = rows.height(for: status)
        let reference = CellLayouter(measurer: Fixtures.engine).layout(status, width: 375, scale: 2).height
        #expect(first == reference)
        #expect(rows.height(for: status) == first)
        #expect(rows.heightCache.statistics.hits == 1 && rows.heightCache.statistics.misses == 1)
        #expect(rows.cachedHeight(forID: status.id.value) == first)
        #expect(rows.cachedHeight(forIDString: status.id.description) == first)
        #expect(rows.cachedHeight(forIDString: "not a number") == nil)
        #expect(rows.cachedHeight(forIDString: "99999999999999999999") == nil)
        #expect(rows.layout(for: status).height == first)
    }

    @Test("no stale height after a width or style change")
    func contextChange() {
        let shared = HeightCache()
        let narrow = RowHeights(engine: Fixtures.engine, context: LayoutContext(width: 320, scale: 2), heights: shared)
        let wide = RowHeights(engine: Fixtures.engine, context: LayoutContext(width: 414, scale: 3), heights: shared)
        var bigFonts = CellStyle.weibo
        bigFonts.fontScale = 1.5
        let big = RowHeights(
            engine: Fixtures.engine, context: LayoutContext(width: 320, scale: 2, style: bigFonts), heights: shared)
        let texts = Self.statuses.filter { $0.text.string.count > 80 }.prefix(50)
        for status in texts {
            let a = narrow.height(for: status)
            let b = wide.height(for: status)
            let c = big.height(for: status)
            let layouter = CellLayouter(measurer: Fixtures.engine)
            #expect(a == layouter.layout(status, width: 320, scale: 2).height)
            #expect(b == layouter.layout(status, width: 414, scale: 3).height)
            #expect(
                c
                    == CellLayouter(measurer: Fixtures.engine, style: bigFonts).layout(status, width: 320, scale: 2)
                    .height)
        }
        #expect(texts.contains { narrow.height(for: $0) != wide.height(for: $0) })
        #expect(texts.contains { narrow.height(for: $0) != big.height(for: $0) })
    }

    @Test("prefetch on every core equals one at a time, and computes each status once")
    func prefetchEqualsSerial() {
        let statuses = Array(Self.statuses.prefix(1_500))
        let parallel = RowHeights(
            engine: TextEngine(fonts: Fixtures.fonts), context: context, heights: HeightCache(countLimit: 5_000))
        let computed = parallel.prefetchBlocking(statuses + statuses.prefix(100))  // duplicates are laid out once
        #expect(computed == statuses.count)
        #expect(parallel.heightCache.statistics.insertions == statuses.count)
        let serial = RowHeights(engine: TextEngine(fonts: Fixtures.fonts), context: context)
        for status in statuses {
            #expect(parallel.cachedHeight(forID: status.id.value) == serial.height(for: status))
        }
        #expect(parallel.prefetchBlocking(statuses) == 0, "nothing left to compute")
    }

    @Test("prefetch can be cancelled; what it finished stays cached")
    func cancellation() {
        let rows = RowHeights(engine: Fixtures.engine, context: context)
        let cancelled = PrefetchCancellation()
        cancelled.cancel()
        #expect(rows.prefetchBlocking(Array(Self.statuses.prefix(200)), cancellation: cancelled) == 0)
        let task = rows.prefetchInBackground(Array(Self.statuses.prefix(3_000)))
        task.cancel()
        let done = task.wait()
        #expect(done < 3_000)
        #expect(rows.heightCache.statistics.count == done)
    }
}
