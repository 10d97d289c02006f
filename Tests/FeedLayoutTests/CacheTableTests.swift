import Testing
@testable import FeedLayout

@Suite("Cache table and eviction policies")
struct CacheTableTests {
    // Keys named by letters for reading.
    let a: Int64 = 1, b: Int64 = 2, c: Int64 = 3, d: Int64 = 4, e: Int64 = 5, f: Int64 = 6

    @Test("S3-FIFO on a hand-made trace: promotion, ghost, main eviction")
    func s3fifoOrder() {
        var table = CacheTable<Double>(slots: 4, policy: .s3fifo, smallSlots: 2)
        func put(_ key: Int64) -> Int { table.insert(Double(key), for: key, cost: 1, countLimit: 4, costLimit: .max) }
        for key in [a, b, c, d] { #expect(put(key) == 0) }
        #expect(table.keysNewestFirst(queue: 0) == [d, c, b, a])
        #expect(table.value(for: a) == 1 && table.value(for: c) == 3)  // a and c are hit while small
        // e: a (hit) moves to main, b (never hit) is evicted and remembered in the ghost.
        #expect(put(e) == 1)
        #expect(table.keysNewestFirst(queue: 0) == [e, d, c] && table.keysNewestFirst(queue: 1) == [a])
        #expect(!table.contains(b))
        // b comes back: c (hit) moves to main, d is evicted; b goes straight to main (ghost).
        #expect(put(b) == 1)
        #expect(table.keysNewestFirst(queue: 0) == [e] && table.keysNewestFirst(queue: 1) == [b, c, a])
        // f: small is below its target, so main's tail a (not hit since it moved) goes.
        #expect(put(f) == 1)
        #expect(table.keysNewestFirst(queue: 0) == [f, e] && table.keysNewestFirst(queue: 1) == [b, c])
        #expect(table.invariantViolation() == nil)
    }

    @Test("SIEVE and LRU on the same small trace")
    func sieveAndLRU() {
        for policy in [CacheTable<Double>.Policy.sieve, .lru] {
            var table = CacheTable<Double>(slots: 3, policy: policy)
            for key in [a, b, c] { _ = table.insert(0, for: key, cost: 1, countLimit: 3, costLimit: .max) }
            _ = table.value(for: a)
            _ = table.insert(0, for: d, cost: 1, countLimit: 3, costLimit: .max)
            // SIEVE keeps the visited a in place and evicts b; LRU moved a to the head and evicts b too.
            #expect(!table.contains(b) && table.contains(a))
            #expect(table.keysNewestFirst() == (policy == .sieve ? [d, c, a] : [d, a, c]))
            #expect(table.invariantViolation() == nil)
        }
    }

    @Test("cost limit: entries are evicted until the cost fits; a too costly entry does not stay")
    func costLimit() {
        var table = CacheTable<Double>(slots: 100, policy: .s3fifo)
        for key in Int64(0)..<10 { _ = table.insert(0, for: key, cost: 10, countLimit: 100, costLimit: 50) }
        #expect(table.count == 5 && table.totalCost == 50)
        _ = table.insert(0, for: 99, cost: 500, countLimit: 100, costLimit: 50)
        #expect(table.totalCost <= 50 && !table.contains(99))
        #expect(table.invariantViolation() == nil)
    }

    @Test(
        "the index survives heavy churn with colliding keys (backward-shift deletion)",
        arguments: [CacheTable<Double>.Policy.s3fifo, .sieve, .lru])
    func churn(policy: CacheTable<Double>.Policy) {
        var table = CacheTable<Double>(slots: 64, policy: policy)
        var generator = SystemRandomNumberGenerator()
        var present: Set<Int64> = []
        for step in 0..<20_000 {
            let key = Int64.random(in: 0..<300, using: &generator) << 32  // keys that differ only high
            if step % 7 == 0 {
                if table.remove(key) { present.remove(key) }
            } else if table.value(for: key) == nil {
                _ = table.insert(Double(key), for: key, cost: 1, countLimit: 64, costLimit: .max)
            }
            if step % 500 == 0 { #expect(table.invariantViolation() == nil) }
        }
        #expect(table.count <= 64)
        #expect(table.invariantViolation() == nil)
        _ = present
    }

    @Test("on the scrolling trace S3-FIFO beats LRU, and SIEVE does not", arguments: [100, 200, 400, 800])
    func scrollTrace(capacity: Int) {
        let trace = ScrollTrace()
        let lru = trace.hitRatio(policy: .lru, capacity: capacity)
        let s3 = trace.hitRatio(policy: .s3fifo, capacity: capacity)
        let sieve = trace.hitRatio(policy: .sieve, capacity: capacity)
        #expect(s3 > lru)
        #expect(sieve < s3)
    }

    @Test("a height costs at most 64 bytes of storage")
    func bytesPerHeight() {
        #expect(CacheTable<Double>.bytesPerSlot(policy: .s3fifo) <= 64)
    }
}
