import BenchmarkSupport
import FeedLayout
import StatusLayout
import TextLayout

extension Scenario {
    /// The heightForRow path when the height is known: what scrolling asks for most.
    public static let cacheHit = Scenario(
        "cache-hit",
        operation:
            "RowHeights.height(for:) of a status whose height is cached (every status prefetched in the set-up), in a shuffled order, one thread"
    ) { context in
        try CacheHitWorkload(
            engine: TextEngine(fonts: context.fonts()), statuses: context.statuses(), cell: context.cellContext,
            key: .status)
    }

    /// The same hit by ID: what `cache-hit` costs apart from passing the status.
    public static let cacheHitByID = Scenario(
        "cache-hit-id",
        operation:
            "RowHeights.cachedHeight(forID:) of a cached status's 64-bit ID, as cache-hit but without passing the Status struct"
    ) { context in
        try CacheHitWorkload(
            engine: TextEngine(fonts: context.fonts()), statuses: context.statuses(), cell: context.cellContext,
            key: .identifier)
    }

    /// A height cache at its count limit fed new IDs.
    public static let cacheChurn = Scenario(
        "cache-churn",
        operation:
            "a miss, the insert and an eviction: HeightCache (S3-FIFO) full at its count limit of 1,000, fed a new ID each time"
    ) { _ in
        CacheChurnWorkload()
    }

    /// A height cache with room, and what a million heights take.
    public static let cacheFill = Scenario(
        "cache-fill",
        operation:
            "a miss and the insert of a new ID without eviction (HeightCache, count limit 1,000,000); the set-up measures the heap 1,000,000 heights take (100,000 with --quick)"
    ) { context in
        try CacheFillWorkload(entries: context.isQuick ? 100_000 : 1_000_000)
    }

    /// The scrolling session the eviction policy was chosen on.
    public static let scrollTrace = Scenario(
        "scroll-trace",
        operation:
            "one request of ScrollTrace() against a HeightCache of 400 (the default policy; a miss inserts), the trace replayed in a loop"
    ) { _ in
        ScrollTraceWorkload()
    }
}

/// The layout context of the cache scenarios that do not lay anything out.
private let cacheContext = LayoutContext(width: 375, scale: 2)

/// `cache-hit` and `cache-hit-id`: every status's height cached by a prefetch in the set-up,
/// then looked up in a shuffled order (the same every run), by status or by ID.
final class CacheHitWorkload: ScenarioWorkload {
    /// The facade looked up (tests look at its cache's statistics).
    let rows: RowHeights
    /// The statuses in the order they are asked for.
    private let statuses: [Status]
    /// Their IDs, in the same order.
    private let identifiers: [Int64]
    /// What is looked up by.
    let key: Key
    private var next = 0
    private var lookups = 0
    private let missesAfterSetUp: Int

    /// - Throws: ``BenchmarkError`` when a status is still not cached after the prefetch.
    /// What an operation looks a height up by.
    enum Key {
        /// ``RowHeights/height(for:)`` with the status (`cache-hit`).
        case status
        /// ``RowHeights/cachedHeight(forID:)`` with its 64-bit ID (`cache-hit-id`).
        case identifier
    }

    init(engine: TextEngine, statuses: [Status], cell: LayoutContext, key: Key) throws {
        self.key = key
        let rows = RowHeights(engine: engine, context: cell)
        rows.prefetchBlocking(statuses)
        let uncached = statuses.filter { rows.cachedHeight(forID: $0.id.value) == nil }.count
        guard uncached == 0 else {
            throw BenchmarkError(
                "\(uncached) of \(statuses.count) statuses are not cached after the prefetch (cache too small?)")
        }
        self.rows = rows
        var generator = SplitMix64(seed: 0x48_49_54)
        self.statuses = statuses.shuffled(using: &generator)
        identifiers = self.statuses.map(\.id.value)
        missesAfterSetUp = rows.heightCache.statistics.misses
    }

    func run(operations count: Int) {
        var sum = 0.0
        switch key {
        case .status:
            // The status is copied to be passed (retains and releases of its strings and
            // arrays), as it is when an app passes an element of its array: the optimiser cannot
            // lend a struct from memory the callee could reach, so this is what heightForRow pays.
            for _ in 0..<count {
                sum += rows.height(for: statuses[next])
                next = next + 1 == statuses.count ? 0 : next + 1
            }
        case .identifier:
            for _ in 0..<count {
                sum += rows.cachedHeight(forID: identifiers[next]) ?? -1
                next = next + 1 == identifiers.count ? 0 : next + 1
            }
        }
        lookups += count
        blackHole(sum)
    }

    /// Misses since the set-up, warm-up included: 0 when every lookup was a hit.
    var missesSinceSetUp: Int { rows.heightCache.statistics.misses - missesAfterSetUp }

    var measurements: [String: Double] { ["misses": Double(missesSinceSetUp)] }

    var notes: [String] {
        [
            "\(ReportFormatter.grouped(lookups)) lookups of \(ReportFormatter.grouped(statuses.count)) cached heights, "
                + "\(ReportFormatter.grouped(missesSinceSetUp)) misses"
        ]
    }
}

/// `cache-churn`: a HeightCache with the default policy full at a count limit of 1,000 (its cost
/// limit out of the way), fed increasing IDs it has never seen: each operation misses, inserts
/// and evicts one entry.
final class CacheChurnWorkload: ScenarioWorkload {
    static let countLimit = 1_000
    let cache = HeightCache(countLimit: CacheChurnWorkload.countLimit, costLimit: 1 << 30)
    private let handle: HeightCache.ContextHandle
    private var nextID: Int64 = 4_900_000_000_000_000
    private let afterSetUp: HeightCache.Statistics

    init() {
        handle = cache.context(cacheContext)
        // Fill it: from now on every insert evicts.
        for _ in 0..<Self.countLimit {
            cache.insert(183.5, for: nextID, in: handle)
            nextID += 7
        }
        afterSetUp = cache.statistics
    }

    func run(operations count: Int) {
        var missed = 0
        for _ in 0..<count {
            if cache.value(for: nextID, in: handle) == nil {
                cache.insert(183.5, for: nextID, in: handle)
                missed += 1
            }
            nextID += 7
        }
        blackHole(missed)
    }

    /// Evictions per insert since the set-up: 1 when every operation evicted.
    var evictionsPerInsert: Double {
        let now = cache.statistics
        let inserts = now.insertions - afterSetUp.insertions
        return inserts == 0 ? 0 : Double(now.evictions - afterSetUp.evictions) / Double(inserts)
    }

    var measurements: [String: Double] { ["evictions per insert": evictionsPerInsert] }

    var notes: [String] {
        let now = cache.statistics
        return [
            "\(ReportFormatter.grouped(now.insertions - afterSetUp.insertions)) inserts after the fill, "
                + "\(ReportFormatter.fixed(evictionsPerInsert, 2)) evictions each, \(now.count) entries kept"
        ]
    }
}

/// `cache-fill`: the set-up fills a HeightCache with a count limit of 1,000,000 (and a cost
/// limit out of the way) and measures the heap it takes; the operations then insert new IDs
/// into caches with room, a fresh one made outside the timed region when one is full.
final class CacheFillWorkload: ScenarioWorkload {
    /// Heights in the cache measured, and the count limit of the caches filled.
    let entries: Int
    /// The measurement ``Figure/all`` reads.
    static let bytesPerHeightKey = "heap bytes per height"

    /// Heap bytes (mallinfo2) per height held, the cache's own structures included.
    let heapBytesPerHeight: Double
    /// Resident bytes per height (the change of VmRSS over the fill).
    let residentBytesPerHeight: Double
    /// What the cache says an entry costs (``ContextCache/costPerEntry``).
    let costPerEntry: Int
    private var cache: HeightCache?
    private var handle: HeightCache.ContextHandle?
    private var inserted = 0
    private var nextID: Int64 = 4_900_000_000_000_000

    /// - Throws: ``BenchmarkError`` when the cache does not keep every height.
    /// - Parameter entries: how many heights to measure (1,000,000 for the figure).
    init(entries: Int) throws {
        precondition(entries > 0)
        self.entries = entries
        MallocCounter.returnFreeMemory()
        let heapBefore = MallocCounter.heapBytesInUse
        let residentBefore = ProcessMemory.residentBytes()
        let filled = Self.makeCache(entries: entries)
        let handle = filled.context(cacheContext)
        for index in 0..<entries {
            filled.insert(20 + Double(index % 300), for: 4_900_000_000_000_000 + Int64(index) * 7, in: handle)
        }
        let heapAfter = MallocCounter.heapBytesInUse
        let residentAfter = ProcessMemory.residentBytes()
        let statistics = filled.statistics
        guard statistics.count == entries && statistics.evictions == 0 else {
            throw BenchmarkError(
                "a cache with a count limit of \(entries) kept \(statistics.count) heights"
                    + " (\(statistics.evictions) evicted)")
        }
        heapBytesPerHeight = Double(Int64(heapAfter) - Int64(heapBefore)) / Double(entries)
        residentBytesPerHeight = Double(residentAfter - residentBefore) / Double(entries)
        costPerEntry = filled.costPerEntry
    }

    private static func makeCache(entries: Int) -> HeightCache { HeightCache(countLimit: entries, costLimit: 1 << 40) }

    var maximumOperationsPerSample: Int? { entries }

    func prepare(operations count: Int) {
        guard cache == nil || inserted + count > entries else { return }
        cache = nil  // the full one goes first
        let fresh = Self.makeCache(entries: entries)
        handle = fresh.context(cacheContext)
        cache = fresh
        inserted = 0
    }

    func run(operations count: Int) {
        guard let cache, let handle else { preconditionFailure("run before prepare") }
        var missed = 0
        for _ in 0..<count {
            if cache.value(for: nextID, in: handle) == nil {
                cache.insert(183.5, for: nextID, in: handle)
                missed += 1
            }
            nextID += 7
        }
        inserted += count
        blackHole(missed)
    }

    var measurements: [String: Double] {
        [
            Self.bytesPerHeightKey: heapBytesPerHeight, "resident bytes per height": residentBytesPerHeight,
            "costPerEntry": Double(costPerEntry), "heights": Double(entries),
        ]
    }

    var notes: [String] {
        [
            "\(ReportFormatter.grouped(entries)) heights take \(ReportFormatter.fixed(heapBytesPerHeight, 1)) B each on the heap (mallinfo2 in-use"
                + " delta), \(ReportFormatter.fixed(residentBytesPerHeight, 1)) B each resident (VmRSS delta);"
                + " the cache's costPerEntry says \(costPerEntry) B"
        ]
    }
}

/// `scroll-trace`: the hit ratios of every policy at several capacities on ``ScrollTrace``
/// (computed in the set-up), and the timed replay of the trace against a HeightCache of 400
/// with the default policy.
final class ScrollTraceWorkload: ScenarioWorkload {
    /// The capacities the hit ratios are reported at.
    static let capacities = [100, 200, 400, 800]
    /// The capacity of the cache timed (and of the figure).
    static let timedCapacity = 400
    /// The policies compared, with their names in the report.
    static let policies: [(policy: HeightCache.Policy, name: String)] = [
        (.s3fifo, "S3-FIFO"), (.sieve, "SIEVE"), (.lru, "LRU"),
    ]

    /// The measurement key of a policy's hit ratio at a capacity, e.g. "LRU hit ratio at 400".
    static func hitRatioKey(_ name: String, capacity: Int) -> String { "\(name) hit ratio at \(capacity)" }
    /// The measurement key of the default policy's hit ratio at a capacity.
    static func defaultHitRatioKey(capacity: Int) -> String { hitRatioKey("default-policy", capacity: capacity) }

    let trace = ScrollTrace()
    /// Hit ratios by policy name and capacity.
    let hitRatios: [String: [Int: Double]]
    let defaultPolicyName: String
    /// The cache the operations replay the trace against.
    let timedCache = HeightCache(countLimit: ScrollTraceWorkload.timedCapacity)
    private let handle: HeightCache.ContextHandle
    private var next = 0

    init() {
        var ratios: [String: [Int: Double]] = [:]
        for (policy, name) in Self.policies {
            for capacity in Self.capacities {
                ratios[name, default: [:]][capacity] = trace.hitRatio(policy: policy, capacity: capacity)
            }
        }
        hitRatios = ratios
        let defaultPolicy = timedCache.policy
        defaultPolicyName = Self.policies.first { $0.policy == defaultPolicy }?.name ?? "\(defaultPolicy)"
        handle = timedCache.context(cacheContext)
    }

    func run(operations count: Int) {
        let requests = trace.requests
        var missed = 0
        for _ in 0..<count {
            let id = requests[next]
            if timedCache.value(for: id, in: handle) == nil {
                timedCache.insert(183.5, for: id, in: handle)
                missed += 1
            }
            next = next + 1 == requests.count ? 0 : next + 1
        }
        blackHole(missed)
    }

    var measurements: [String: Double] {
        var measurements: [String: Double] = [:]
        for (name, byCapacity) in hitRatios {
            for (capacity, ratio) in byCapacity {
                measurements[Self.hitRatioKey(name, capacity: capacity)] = ratio
                if name == defaultPolicyName { measurements[Self.defaultHitRatioKey(capacity: capacity)] = ratio }
            }
        }
        return measurements
    }

    var notes: [String] {
        func ratio(_ name: String, _ capacity: Int) -> String {
            hitRatios[name]?[capacity].map { ReportFormatter.fixed($0, 3) } ?? "—"
        }
        let others = Self.policies.map(\.name).filter { $0 != defaultPolicyName }
        let capacity = Self.timedCapacity
        var lines = [
            "hit ratio \(defaultPolicyName) (ours) \(ratio(defaultPolicyName, capacity)) vs "
                + others.map { "\($0) \(ratio($0, capacity))" }.joined(separator: ", ") + " at \(capacity)"
        ]
        lines.append(
            "ScrollTrace(): \(ReportFormatter.grouped(trace.requests.count)) requests of "
                + "\(ReportFormatter.grouped(trace.distinctIDs)) IDs (a miss inserts); hit ratio by capacity:")
        let names = Self.policies.map(\.name)
        var rows = [["capacity"] + names]
        for capacity in Self.capacities { rows.append([String(capacity)] + names.map { ratio($0, capacity) }) }
        lines += ReportFormatter.align(rows, rightAligned: Set(0..<rows[0].count)).map { "  " + $0 }
        return lines
    }
}
