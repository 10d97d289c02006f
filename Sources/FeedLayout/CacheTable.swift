/// A bounded map from 64-bit IDs to values with O(1) eviction: the storage under
/// ``ContextCache``. Not thread-safe by itself: its owner holds a lock.
///
/// Storage is a structure of arrays over a fixed number of slots (the count limit): keys,
/// versions (the content version the value was made for), values, costs, doubly linked queues with 32-bit links, a flag byte per slot, and an
/// open-addressing index (linear probing, backward-shift deletion, no tombstones) of 32-bit slot
/// numbers at most half full. Free slots are chained through the links.
///
/// Policies (all O(1) per operation, amortised):
/// - S3-FIFO (SOSP '23), the default: new entries enter a small FIFO (10 % of the slots, at
///   least 32); an entry hit while there moves to the main FIFO when it reaches the tail,
///   otherwise it is evicted and its fingerprint remembered in a ghost FIFO, so that it goes
///   straight to main if it comes back; main reinserts entries hit since they were last at the
///   tail (a 2-bit counter). A hit only bumps the counter.
/// - SIEVE (NSDI '24): one FIFO; a hit sets a bit; a hand walks from the tail clearing bits and
///   evicts the first entry without one.
/// - LRU: a hit moves the entry to the head; the tail is evicted.
struct CacheTable<Value> {
    enum Policy: Sendable {
        case s3fifo, sieve, lru
    }

    let policy: Policy
    let slotCount: Int
    private var keys: [Int64]
    /// The low 32 bits of each value's content version (two versions of one status that agree
    /// there, once in 4 billion edits, would share a value: a stale height, nothing worse).
    private var versions: [UInt32]
    private var values: [Value?]
    private var costs: [UInt32]
    private var previous: [Int32]  // towards the head (newer); -1 none
    private var next: [Int32]  // towards the tail (older); -1 none; chains free slots too
    /// Bits 0–1: the S3-FIFO hit counter; bit 2: in the main queue; bit 3: SIEVE's visited bit.
    private var flags: [UInt8]
    private var index: [Int32]  // slot + 1, 0 empty
    private let indexMask: Int
    private var freeHead: Int32
    /// Queue 0 (the only one for LRU and SIEVE; S3-FIFO's small queue) and queue 1 (main).
    private var heads: (Int32, Int32) = (-1, -1)
    private var tails: (Int32, Int32) = (-1, -1)
    private var queueCounts: (Int, Int) = (0, 0)
    private var hand: Int32 = -1
    private let smallTarget: Int
    private var ghost: GhostFingerprints
    private(set) var count = 0
    private(set) var totalCost = 0

    private static var counterMask: UInt8 { 0b11 }
    private static var mainBit: UInt8 { 0b100 }
    private static var visitedBit: UInt8 { 0b1000 }

    /// Makes a table of `slots` entries; `smallSlots` sets S3-FIFO's small queue (default: 10 %
    /// of the slots, at least 32).
    init(slots: Int, policy: Policy, smallSlots: Int? = nil) {
        precondition(slots > 0 && slots < Int(Int32.max) / 4, "a cache holds 1 to 500 million entries")
        self.policy = policy
        slotCount = slots
        keys = Array(repeating: 0, count: slots)
        versions = Array(repeating: 0, count: slots)
        values = Array(repeating: nil, count: slots)
        costs = Array(repeating: 0, count: slots)
        previous = Array(repeating: -1, count: slots)
        next = (0..<Int32(slots)).map { $0 + 1 < Int32(slots) ? $0 + 1 : -1 }
        freeHead = 0
        flags = Array(repeating: 0, count: slots)
        var indexSize = 1
        while indexSize < slots * 2 { indexSize <<= 1 }
        index = Array(repeating: 0, count: indexSize)
        indexMask = indexSize - 1
        let small = min(slots, smallSlots ?? max(32, slots / 10))
        smallTarget = small
        ghost = GhostFingerprints(capacity: policy == .s3fifo ? max(1, slots - small) : 0)
    }

    @inline(__always) static func hash(_ key: Int64) -> UInt64 {
        // Fibonacci hashing: IDs are often sequential; multiply to spread them.
        UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15
    }

    @inline(__always) private func bucket(_ key: Int64) -> Int {
        Int(truncatingIfNeeded: Self.hash(key) >> 32) & indexMask
    }

    /// The slot holding `key`, or -1.
    @inline(__always) private func find(_ key: Int64) -> Int {
        var b = bucket(key)
        while true {
            let entry = Int(index[b])
            if entry == 0 { return -1 }
            if keys[entry - 1] == key { return entry - 1 }
            b = (b + 1) & indexMask
        }
    }

    /// The value of `key` made for content `version` (nil: any), marking it used. A value made
    /// for another version is not returned (nor marked). No allocation.
    mutating func value(for key: Int64, version: UInt64? = nil) -> Value? {
        let slot = find(key)
        guard slot >= 0, version.map({ UInt32(truncatingIfNeeded: $0) == versions[slot] }) ?? true else { return nil }
        switch policy {
        case .s3fifo:
            let f = flags[slot]
            if f & Self.counterMask != Self.counterMask { flags[slot] = f + 1 }
        case .sieve: flags[slot] |= Self.visitedBit
        case .lru: moveToHead(Int32(slot), queue: 0)
        }
        return values[slot]
    }

    /// Whether `key` is present (made for content `version`, unless nil), without marking it used.
    func contains(_ key: Int64, version: UInt64? = nil) -> Bool {
        let slot = find(key)
        return slot >= 0 && (version.map { UInt32(truncatingIfNeeded: $0) == versions[slot] } ?? true)
    }

    /// Inserts or replaces `key`, evicting as needed to stay within `countLimit` and
    /// `costLimit`; returns the number of entries evicted.
    mutating func insert(
        _ value: Value, for key: Int64, version: UInt64 = 0, cost: Int, countLimit: Int, costLimit: Int
    ) -> Int {
        let cost32 = UInt32(clamping: max(0, cost))
        let existing = find(key)
        if existing >= 0 {
            totalCost += Int(cost32) - Int(costs[existing])
            costs[existing] = cost32
            values[existing] = value
            versions[existing] = UInt32(truncatingIfNeeded: version)
            _ = self.value(for: key)
            var evicted = evict(toCount: countLimit, cost: costLimit, keeping: Int32(existing))
            // The others are gone and the entry alone is still over a limit: it goes too.
            if count > countLimit || totalCost > costLimit {
                evicted += evict(toCount: countLimit, cost: costLimit, keeping: -1)
            }
            return evicted
        }
        var evicted = evict(toCount: min(countLimit, slotCount) - 1, cost: costLimit - Int(cost32), keeping: -1)
        let slot = freeHead
        precondition(slot >= 0, "no free slot after eviction")
        freeHead = next[Int(slot)]
        let s = Int(slot)
        keys[s] = key
        versions[s] = UInt32(truncatingIfNeeded: version)
        values[s] = value
        costs[s] = cost32
        var queue = 0
        if policy == .s3fifo && ghost.contains(Self.hash(key)) { queue = 1 }
        flags[s] = queue == 1 ? Self.mainBit : 0
        link(slot, queue: queue)
        var b = bucket(key)
        while index[b] != 0 { b = (b + 1) & indexMask }
        index[b] = slot + 1
        count += 1
        totalCost += Int(cost32)
        // An entry costlier than the whole limit does not stay.
        if totalCost > costLimit { evicted += evict(toCount: countLimit, cost: costLimit, keeping: -1) }
        checkInvariantsNow()
        return evicted
    }

    #if FEEDLAYOUT_INTERNAL_CHECKS
        /// Inserts since the table was made, to check the invariants after the 1st, 2nd, 4th, 8th…
        /// (O(n log n) over a run, not O(n) per insert).
        private var insertsForChecks = 0
    #endif

    /// Checks every invariant when internal checks are compiled in (debug builds and the
    /// fuzzers) and this insert is a power of two since the table was made; traps if one breaks.
    @inline(__always) private mutating func checkInvariantsNow() {
        #if FEEDLAYOUT_INTERNAL_CHECKS
            insertsForChecks += 1
            guard insertsForChecks & (insertsForChecks - 1) == 0 else { return }
            if let problem = invariantViolation() { fatalError("cache table invariant broken: \(problem)") }
        #endif
    }

    /// Removes `key`; returns whether it was there.
    @discardableResult
    mutating func remove(_ key: Int64) -> Bool {
        let slot = find(key)
        guard slot >= 0 else { return false }
        removeSlot(Int32(slot))
        return true
    }

    /// Evicts by the policy until at most `count` entries and `cost` remain (never `keeping`).
    mutating func evict(toCount target: Int, cost costTarget: Int, keeping: Int32) -> Int {
        var evicted = 0
        while count > 0 && (count > max(0, target) || totalCost > max(0, costTarget)) {
            guard let victim = nextVictim(skipping: keeping) else { break }
            if policy == .s3fifo && flags[Int(victim)] & Self.mainBit == 0 {
                ghost.insert(Self.hash(keys[Int(victim)]))
            }
            removeSlot(victim)
            evicted += 1
        }
        return evicted
    }

    /// The entry the policy evicts next (S3-FIFO moves and reinserts entries on the way).
    private mutating func nextVictim(skipping keeping: Int32) -> Int32? {
        if count == 1 && keeping >= 0 { return nil }
        switch policy {
        case .lru:
            let victim = tails.0
            return victim == keeping ? (victim >= 0 ? previous[Int(victim)] : nil) : victim
        case .sieve:
            var candidate = hand >= 0 ? hand : tails.0
            // At most two sweeps: the first clears every visited bit it passes.
            for _ in 0..<(2 * count + 2) {
                if candidate < 0 { candidate = tails.0 }
                let c = Int(candidate)
                if candidate == keeping || flags[c] & Self.visitedBit != 0 {
                    flags[c] &= ~Self.visitedBit
                    candidate = previous[c]
                } else {
                    hand = previous[c]
                    return candidate
                }
            }
            return nil
        case .s3fifo:
            // Bounded: every step moves an entry from small to main, or spends one of a main
            // entry's (at most 3) hits.
            for _ in 0..<(5 * count + 2) {
                if queueCounts.0 >= smallTarget || queueCounts.1 == 0 {
                    if let victim = s3SmallStep(keeping) { return victim }
                } else if let victim = s3MainStep(keeping) {
                    return victim
                }
            }
            return nil
        }
    }

    /// One step at the small queue's tail: promote an entry hit there, else it is the victim.
    private mutating func s3SmallStep(_ keeping: Int32) -> Int32? {
        let t = tails.0
        guard t >= 0 else { return queueCounts.1 == 1 && tails.1 == keeping ? nil : s3MainStep(keeping) }
        let s = Int(t)
        if flags[s] & Self.counterMask != 0 || t == keeping {
            unlink(t, queue: 0)
            flags[s] = Self.mainBit
            link(t, queue: 1)
            return nil
        }
        return t
    }

    /// One step at the main queue's tail: reinsert an entry hit since, else it is the victim.
    private mutating func s3MainStep(_ keeping: Int32) -> Int32? {
        let t = tails.1
        guard t >= 0 else { return tails.0 == keeping ? nil : tails.0 }
        // The kept entry alone in main: evict around it, from the small queue.
        if t == keeping && queueCounts.1 == 1 {
            guard tails.0 >= 0 else { return nil }
            return s3SmallStep(keeping)
        }
        let s = Int(t)
        if flags[s] & Self.counterMask != 0 || t == keeping {
            if flags[s] & Self.counterMask != 0 { flags[s] -= 1 }
            moveToHead(t, queue: 1)
            return nil
        }
        return t
    }

    @inline(__always) private func queue(of slot: Int) -> Int {
        policy == .s3fifo && flags[slot] & Self.mainBit != 0 ? 1 : 0
    }

    private mutating func link(_ slot: Int32, queue: Int) {
        let s = Int(slot)
        let head = queue == 0 ? heads.0 : heads.1
        previous[s] = -1
        next[s] = head
        if head >= 0 { previous[Int(head)] = slot }
        if queue == 0 {
            heads.0 = slot
            if tails.0 < 0 { tails.0 = slot }
            queueCounts.0 += 1
        } else {
            heads.1 = slot
            if tails.1 < 0 { tails.1 = slot }
            queueCounts.1 += 1
        }
    }

    private mutating func unlink(_ slot: Int32, queue: Int) {
        let s = Int(slot)
        if hand == slot { hand = previous[s] }
        let p = previous[s]
        let n = next[s]
        if p >= 0 { next[Int(p)] = n } else if queue == 0 { heads.0 = n } else { heads.1 = n }
        if n >= 0 { previous[Int(n)] = p } else if queue == 0 { tails.0 = p } else { tails.1 = p }
        if queue == 0 { queueCounts.0 -= 1 } else { queueCounts.1 -= 1 }
    }

    private mutating func moveToHead(_ slot: Int32, queue: Int) {
        guard (queue == 0 ? heads.0 : heads.1) != slot else { return }
        unlink(slot, queue: queue)
        link(slot, queue: queue)
    }

    private mutating func removeSlot(_ slot: Int32) {
        let s = Int(slot)
        unlink(slot, queue: queue(of: s))
        // Delete from the index with backward shift, so probes never meet a hole.
        var b = bucket(keys[s])
        while Int(index[b]) != s + 1 { b = (b + 1) & indexMask }
        var hole = b
        var probe = (b + 1) & indexMask
        while index[probe] != 0 {
            let home = bucket(keys[Int(index[probe]) - 1])
            // Move the entry back unless its home lies cyclically in (hole, probe].
            if (probe - home) & indexMask >= (probe - hole) & indexMask {
                index[hole] = index[probe]
                hole = probe
            }
            probe = (probe + 1) & indexMask
        }
        index[hole] = 0
        values[s] = nil
        count -= 1
        totalCost -= Int(costs[s])
        costs[s] = 0
        flags[s] = 0
        next[s] = freeHead
        freeHead = slot
    }

    /// Removes everything (the ghost is forgotten too).
    mutating func removeAll() {
        while tails.0 >= 0 { removeSlot(tails.0) }
        while tails.1 >= 0 { removeSlot(tails.1) }
        hand = -1
        ghost.removeAll()
        #if FEEDLAYOUT_INTERNAL_CHECKS
            if let problem = invariantViolation() { fatalError("cache table invariant broken: \(problem)") }
        #endif
    }

    /// The keys of queue `queue` from the newest to the oldest (tests and invariant checks).
    func keysNewestFirst(queue: Int = 0) -> [Int64] {
        var result: [Int64] = []
        var slot = queue == 0 ? heads.0 : heads.1
        while slot >= 0 {
            result.append(keys[Int(slot)])
            slot = next[Int(slot)]
        }
        return result
    }

    /// Checks every structural invariant; returns a description of the first broken one.
    func invariantViolation() -> String? {
        let queued = keysNewestFirst(queue: 0) + keysNewestFirst(queue: 1)
        if queued.count != count { return "queues hold \(queued.count) entries, count says \(count)" }
        if keysNewestFirst(queue: 0).count != queueCounts.0 || keysNewestFirst(queue: 1).count != queueCounts.1 {
            return "queue counts are off"
        }
        if Set(queued).count != queued.count { return "a key is queued twice" }
        var free = 0
        var slot = freeHead
        while slot >= 0 && free <= slotCount {
            free += 1
            slot = next[Int(slot)]
        }
        if count + free != slotCount { return "slots lost: \(count) used + \(free) free != \(slotCount)" }
        let indexed = index.reduce(0) { $0 + ($1 != 0 ? 1 : 0) }
        if indexed != count { return "index holds \(indexed) entries, count says \(count)" }
        for key in queued where find(key) < 0 { return "queued key \(key) not found through the index" }
        var cost = 0
        for q in 0..<2 {
            var s = q == 0 ? heads.0 : heads.1
            while s >= 0 {
                cost += Int(costs[Int(s)])
                s = next[Int(s)]
            }
        }
        if cost != totalCost { return "costs add up to \(cost), total says \(totalCost)" }
        return nil
    }

    /// Bytes of storage per slot: key, value, cost, two links, flags, index (≤ 2 entries a slot)
    /// and, for S3-FIFO, the ghost (≤ 1 fingerprint a slot, ring and set).
    static func bytesPerSlot(policy: Policy) -> Int {
        MemoryLayout<Int64>.stride + MemoryLayout<UInt32>.stride + MemoryLayout<Value?>.stride
            + MemoryLayout<UInt32>.stride
            + 2 * MemoryLayout<Int32>.stride
            + MemoryLayout<UInt8>.stride + 2 * MemoryLayout<Int32>.stride
            + (policy == .s3fifo ? GhostFingerprints.bytesPerEntry : 0)
    }
}

/// S3-FIFO's ghost queue: the 32-bit fingerprints of the keys last evicted from the small queue,
/// in a FIFO ring with an open-addressing multiset beside it for membership. A false positive
/// (two keys with one fingerprint) only sends a new key to the main queue.
struct GhostFingerprints {
    private var ring: [UInt32]
    private var ringNext = 0
    private var ringCount = 0
    private var set: [UInt32]  // 0 empty
    private let mask: Int

    static var bytesPerEntry: Int { 4 + 2 * 4 }

    init(capacity: Int) {
        ring = Array(repeating: 0, count: max(1, capacity))
        var size = 2
        while size < capacity * 2 { size <<= 1 }
        set = Array(repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always) private static func fingerprint(_ hash: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: hash) | 1  // never 0; the index uses the high half
    }

    @inline(__always) private func home(_ fingerprint: UInt32) -> Int {
        Int(truncatingIfNeeded: fingerprint &* 0x9E37_79B1 >> 8) & mask
    }

    func contains(_ hash: UInt64) -> Bool {
        guard ringCount > 0 else { return false }
        let f = Self.fingerprint(hash)
        var b = home(f)
        while set[b] != 0 {
            if set[b] == f { return true }
            b = (b + 1) & mask
        }
        return false
    }

    mutating func insert(_ hash: UInt64) {
        if ringCount == ring.count {
            remove(ring[ringNext])  // the oldest leaves
            ringCount -= 1
        }
        let f = Self.fingerprint(hash)
        ring[ringNext] = f
        ringNext = (ringNext + 1) % ring.count
        ringCount += 1
        var b = home(f)
        while set[b] != 0 { b = (b + 1) & mask }
        set[b] = f
    }

    private mutating func remove(_ f: UInt32) {
        var b = home(f)
        while set[b] != f {
            if set[b] == 0 { return }
            b = (b + 1) & mask
        }
        var hole = b
        var probe = (b + 1) & mask
        while set[probe] != 0 {
            let h = home(set[probe])
            if (probe - h) & mask >= (probe - hole) & mask {
                set[hole] = set[probe]
                hole = probe
            }
            probe = (probe + 1) & mask
        }
        set[hole] = 0
    }

    mutating func removeAll() {
        for i in set.indices { set[i] = 0 }
        ringCount = 0
        ringNext = 0
    }
}
