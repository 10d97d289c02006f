import StatusLayout
import LockSupport

/// The memo of cell heights by status ID and content version: the heightForRow path.
public typealias HeightCache = ContextCache<Double>

/// The memo of whole cell layouts (for the cells on screen): smaller, bounded by cost, so that
/// heights survive when layouts are evicted.
public typealias LayoutCache = ContextCache<CellLayout>

/// A bounded, thread-safe memo of values (heights, layouts) by status ID, within layout
/// contexts. Each value is kept with the content version it was made for
/// (`Status.contentVersion`): asked with another version, it is a miss, so an edited status is
/// laid out again and never served the height of its old content.
///
/// Each ``LayoutContext`` (width, scale, style) has its own table, bounded by a count limit and
/// a cost limit in bytes; at most ``contextLimit`` contexts are kept (portrait and landscape),
/// the least recently used context going first. Look a context up once with ``context(_:)``
/// and use the handle it returns: a handle of a context that was dropped finds nothing, so a
/// height computed for one width or style is never returned for another.
///
/// Eviction is O(1) (S3-FIFO by default; SIEVE and LRU available for comparison). A hit is one hash lookup
/// under an uncontended mutex and allocates nothing.
///
/// Thread-safe: one reader on the main path and many writers prefetching.
public final class ContextCache<Value: Sendable>: Sendable {
    /// How entries are evicted.
    public enum Policy: Sendable {
        /// S3-FIFO (SOSP '23): scan-resistant, hits only bump a counter. The default: it wins
        /// the scrolling trace (see ARCHITECTURE.md).
        case s3fifo
        /// SIEVE (NSDI '24): hits only set a bit; loses the scrolling trace (a prefetched row is
        /// evicted before it shows).
        case sieve
        /// Least recently used: the floor.
        case lru
    }

    /// Counters since the cache was made.
    public struct Statistics: Sendable, Equatable {
        /// Lookups (``ContextCache/value(for:version:in:)``) that found a value.
        public var hits = 0
        /// Lookups that found nothing, in a dropped context too.
        public var misses = 0
        /// Values stored (``ContextCache/insert(_:for:version:extraCost:in:)`` calls into a kept context, replacements
        /// included).
        public var insertions = 0
        /// Entries dropped to make room, by memory pressure or with a dropped context (invalidations
        /// are not counted).
        public var evictions = 0
        /// The entries kept now, over every context.
        public var count = 0
        /// The bytes the entries kept cost now, over every context (``costPerEntry`` each plus their
        /// extra cost).
        public var cost = 0
    }

    /// A context found or made by ``context(_:)``: cheap to keep and to pass on every lookup.
    public struct ContextHandle: Sendable, Hashable {
        let generation: UInt64
    }

    /// How hard the system is asking for memory back.
    public enum MemoryPressure: Sendable {
        /// Evict half of every context's entries (by the policy's order).
        case warning
        /// Drop everything (what the seed apps do on a memory warning).
        case critical
    }

    /// The most entries kept per context.
    public let countLimit: Int
    /// The most bytes kept per context (``costPerEntry`` per entry plus its extra cost).
    public let costLimit: Int
    /// The most contexts kept; the least recently used beyond it is dropped.
    public let contextLimit: Int
    /// How entries are evicted.
    public let policy: Policy
    /// The bytes one entry's storage takes (slot and index); an entry costs this plus what
    /// the caller says its value holds.
    public var costPerEntry: Int { CacheTable<Value>.bytesPerSlot(policy: Self.tablePolicy(policy)) }

    static func tablePolicy(_ policy: Policy) -> CacheTable<Value>.Policy {
        switch policy {
        case .s3fifo: return .s3fifo
        case .sieve: return .sieve
        case .lru: return .lru
        }
    }

    private let state: Lock<State>

    struct State {
        var contexts: [(context: LayoutContext, generation: UInt64, table: CacheTable<Value>)] = []
        /// The contexts' generations, in the same order: found without touching the entries.
        var generations: [UInt64] = []
        var nextGeneration: UInt64 = 1
        var statistics = Statistics()
    }

    /// Makes a cache.
    ///
    /// - Parameters:
    ///   - countLimit: the most entries kept per context.
    ///   - costLimit: the most bytes kept per context (``costPerEntry`` and the values' own).
    ///   - contextLimit: the most contexts kept.
    ///   - policy: the eviction policy.
    public init(countLimit: Int = 20_000, costLimit: Int = 4 << 20, contextLimit: Int = 2, policy: Policy = .s3fifo) {
        precondition(countLimit > 0 && costLimit > 0 && contextLimit > 0, "cache limits must be positive")
        self.countLimit = countLimit
        self.costLimit = costLimit
        self.contextLimit = contextLimit
        self.policy = policy
        state = Lock(State())
    }

    /// The handle of `context`, making room for it when it is new (dropping the least recently
    /// used context beyond ``contextLimit``).
    ///
    /// - Complexity: O(contexts): compares the context with the few kept.
    public func context(_ context: LayoutContext) -> ContextHandle {
        state.withLock { state in
            if let i = state.contexts.firstIndex(where: { $0.context == context }) {
                let entry = state.contexts.remove(at: i)
                state.contexts.insert(entry, at: 0)
                state.generations.remove(at: i)
                state.generations.insert(entry.generation, at: 0)
                return ContextHandle(generation: entry.generation)
            }
            let generation = state.nextGeneration
            state.nextGeneration += 1
            let slots = min(countLimit, max(1, costLimit / costPerEntry))
            state.contexts.insert(
                (context, generation, CacheTable(slots: slots, policy: Self.tablePolicy(policy))), at: 0)
            state.generations.insert(generation, at: 0)
            while state.contexts.count > contextLimit {
                state.generations.removeLast()
                let dropped = state.contexts.removeLast()
                state.statistics.count -= dropped.table.count
                state.statistics.cost -= dropped.table.totalCost
                state.statistics.evictions += dropped.table.count
            }
            return ContextHandle(generation: generation)
        }
    }

    /// The cached value of status `id` in a context, made for content `version` (nil: whatever
    /// version was cached last), or nil (a miss). No allocation.
    public func value(for id: Int64, version: UInt64? = nil, in context: ContextHandle) -> Value? {
        state.withLock { state in
            if let i = state.generations.firstIndex(of: context.generation),
                let value = state.contexts[i].table.value(for: id, version: version)
            {
                state.statistics.hits += 1
                return value
            }
            state.statistics.misses += 1
            return nil
        }
    }

    /// Whether status `id` is cached in a context (made for content `version`, unless nil),
    /// without counting a hit or a miss.
    public func contains(_ id: Int64, version: UInt64? = nil, in context: ContextHandle) -> Bool {
        state.withLock { state in
            guard let i = state.generations.firstIndex(of: context.generation) else { return false }
            return state.contexts[i].table.contains(id, version: version)
        }
    }

    /// Stores the value of status `id`, made for its content `version`, in a context (replacing
    /// any value of the ID); returns false (storing nothing) when the context was dropped: ask
    /// ``context(_:)`` again.
    ///
    /// - Parameters:
    ///   - value: the value to keep.
    ///   - id: the status's ID.
    ///   - version: the content version it was made for (`Status.contentVersion`).
    ///   - extraCost: bytes the value holds beyond its slot (0 for a height).
    ///   - context: the layout context it was made in.
    @discardableResult
    public func insert(
        _ value: Value, for id: Int64, version: UInt64 = 0, extraCost: Int = 0, in context: ContextHandle
    ) -> Bool {
        state.withLock { state in
            guard let i = state.generations.firstIndex(of: context.generation) else { return false }
            let before = (state.contexts[i].table.count, state.contexts[i].table.totalCost)
            let evicted = state.contexts[i].table.insert(
                value, for: id, version: version, cost: costPerEntry + max(0, extraCost),
                countLimit: countLimit, costLimit: costLimit)
            state.statistics.insertions += 1
            state.statistics.evictions += evicted
            state.statistics.count += state.contexts[i].table.count - before.0
            state.statistics.cost += state.contexts[i].table.totalCost - before.1
            return true
        }
    }

    /// Forgets status `id` in every context (its text or pictures changed).
    public func invalidate(_ id: Int64) {
        state.withLock { state in
            for i in state.contexts.indices {
                let cost = state.contexts[i].table.totalCost
                if state.contexts[i].table.remove(id) {
                    state.statistics.count -= 1
                    state.statistics.cost -= cost - state.contexts[i].table.totalCost
                }
            }
        }
    }

    /// Forgets everything (contexts stay known, their handles stay valid).
    public func invalidateAll() {
        state.withLock { state in
            for i in state.contexts.indices { state.contexts[i].table.removeAll() }
            state.statistics.count = 0
            state.statistics.cost = 0
        }
    }

    /// Gives memory back: half of every context on a warning, everything when critical.
    public func receiveMemoryPressure(_ level: MemoryPressure) {
        state.withLock { state in
            for i in state.contexts.indices {
                let count = state.contexts[i].table.count  // read apart: a copy of the table would copy its storage
                let cost = state.contexts[i].table.totalCost
                if level == .critical {
                    state.contexts[i].table.removeAll()
                    state.statistics.evictions += count
                } else {
                    state.statistics.evictions += state.contexts[i].table.evict(
                        toCount: count / 2, cost: cost, keeping: -1)
                }
            }
            state.statistics.count = state.contexts.reduce(0) { $0 + $1.table.count }
            state.statistics.cost = state.contexts.reduce(0) { $0 + $1.table.totalCost }
        }
    }

    /// The counters, and the entries and cost now.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The contexts kept, most recently used first.
    public var contexts: [LayoutContext] { state.withLock { $0.contexts.map(\.context) } }

    /// Checks the tables' invariants and the limits (tests); nil when all hold.
    public func invariantViolation() -> String? {
        state.withLock { state in
            if state.contexts.count > contextLimit {
                return "\(state.contexts.count) contexts kept, limit \(contextLimit)"
            }
            if state.generations != state.contexts.map(\.generation) { return "the generation index is out of step" }
            var count = 0
            var cost = 0
            for entry in state.contexts {
                if let problem = entry.table.invariantViolation() { return problem }
                if entry.table.count > countLimit { return "\(entry.table.count) entries, limit \(countLimit)" }
                if entry.table.totalCost > costLimit { return "cost \(entry.table.totalCost), limit \(costLimit)" }
                count += entry.table.count
                cost += entry.table.totalCost
            }
            if count != state.statistics.count || cost != state.statistics.cost {
                return
                    "statistics say \(state.statistics.count) entries / \(state.statistics.cost) bytes, tables hold \(count) / \(cost)"
            }
            return nil
        }
    }

    /// The keys of a context's queue from the newest to the oldest (tests of the eviction
    /// order): queue 0 is LRU's and SIEVE's only queue and S3-FIFO's small one, 1 its main one.
    func keysNewestFirst(in context: ContextHandle, queue: Int = 0) -> [Int64] {
        state.withLock { state in
            state.contexts.first { $0.generation == context.generation }?.table.keysNewestFirst(queue: queue) ?? []
        }
    }
}
