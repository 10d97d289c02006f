import Dispatch
import StatusLayout
import Synchronization
import Testing
import LockSupport
import TestSupport
@testable import FeedLayout

@Suite("Height cache")
struct HeightCacheTests {
    let portrait = LayoutContext(width: 375, scale: 2)
    let landscape = LayoutContext(width: 667, scale: 2)

    @Test("statistics follow what happened")
    func statistics() {
        let cache = HeightCache(countLimit: 3, costLimit: 1 << 20)
        let context = cache.context(portrait)
        #expect(cache.value(for: 1, in: context) == nil)
        cache.insert(10, for: 1, in: context)
        cache.insert(20, for: 2, in: context)
        #expect(cache.value(for: 1, in: context) == 10)
        #expect(cache.value(for: 2, in: context) == 20)
        cache.insert(30, for: 3, in: context)
        cache.insert(40, for: 4, in: context)  // one eviction
        let stats = cache.statistics
        #expect(stats.hits == 2 && stats.misses == 1 && stats.insertions == 4 && stats.evictions == 1)
        #expect(stats.count == 3 && stats.cost == 3 * cache.costPerEntry)
        cache.invalidate(4)
        #expect(cache.statistics.count == 2)
        #expect(cache.value(for: 4, in: context) == nil)
        #expect(cache.invariantViolation() == nil)
    }

    @Test("contexts are separate; a third context drops the least recent, whose handle then finds nothing")
    func contexts() {
        let cache = HeightCache(contextLimit: 2)
        let p = cache.context(portrait)
        let l = cache.context(landscape)
        cache.insert(100, for: 7, in: p)
        cache.insert(80, for: 7, in: l)
        #expect(cache.value(for: 7, in: p) == 100 && cache.value(for: 7, in: l) == 80)
        var bigger = CellStyle.weibo
        bigger.fontScale = 1.3
        #expect(
            cache.context(LayoutContext(width: 375, scale: 2, style: bigger)) != p, "another style is another context")
        #expect(cache.contexts.count == 2)
        // portrait was the least recently used: dropped.
        #expect(cache.value(for: 7, in: p) == nil)
        #expect(!cache.insert(1, for: 8, in: p), "a dropped context takes nothing")
        #expect(cache.value(for: 7, in: l) == 80)
        let again = cache.context(portrait)
        #expect(again != p && cache.value(for: 7, in: again) == nil, "a context made anew starts empty")
        #expect(cache.invariantViolation() == nil)
    }

    @Test("memory pressure: a warning halves, critical empties")
    func memoryPressure() {
        let cache = HeightCache(countLimit: 1_000)
        let context = cache.context(portrait)
        for id in Int64(0)..<800 { cache.insert(Double(id), for: id, in: context) }
        cache.receiveMemoryPressure(.warning)
        #expect(cache.statistics.count == 400)
        #expect(cache.statistics.evictions == 400)
        cache.receiveMemoryPressure(.critical)
        #expect(cache.statistics.count == 0 && cache.statistics.cost == 0)
        cache.insert(1, for: 1, in: context)
        #expect(cache.value(for: 1, in: context) == 1, "handles stay valid")
        cache.invalidateAll()
        #expect(cache.statistics.count == 0)
        #expect(cache.invariantViolation() == nil)
    }

    @Test("limits hold under 8 threads hammering, and the statistics add up")
    func hammering() {
        let cache = HeightCache(countLimit: 500, costLimit: 300 * 60, contextLimit: 2)
        let contexts = [portrait, landscape, LayoutContext(width: 320, scale: 3)]
        let violations = Lock<[String]>([])
        let operations = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            var generator = SplitMix(seed: UInt64(worker))
            for step in 0..<20_000 {
                let context = cache.context(contexts[Int(generator.next() % (worker == 0 ? 3 : 2))])
                let id = Int64(generator.next() % 2_000)
                switch generator.next() % 100 {
                case 0..<60:
                    if cache.value(for: id, in: context) == nil { cache.insert(Double(id), for: id, in: context) }
                case 60..<95: cache.insert(Double(id), for: id, in: context)
                case 95..<98: cache.invalidate(id)
                case 98: cache.receiveMemoryPressure(.warning)
                default: cache.receiveMemoryPressure(step % 7 == 0 ? .critical : .warning)
                }
                operations.add(1, ordering: .relaxed)
                if step % 1_000 == 0, let problem = cache.invariantViolation() {
                    violations.withLock { $0.append(problem) }
                }
            }
        }
        #expect(violations.withLock { $0 } == [])
        #expect(cache.invariantViolation() == nil)
        let stats = cache.statistics
        #expect(stats.count <= 2 * 500 && stats.cost <= 2 * 300 * 60)
        #expect(
            stats.insertions - stats.evictions >= stats.count,
            "every entry was inserted (invalidations remove the rest)")
        #expect(operations.load(ordering: .relaxed) == 160_000)
    }
}
