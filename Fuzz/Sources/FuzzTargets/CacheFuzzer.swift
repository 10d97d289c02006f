import FeedLayout
import Foundation
import Synchronization

/// `fuzz-cache`: a sequence of cache operations from the input bytes, run on a
/// ``ContextCache`` twice: alone against a model (a dictionary per context with the same
/// context limit), and split over three threads at once.
///
/// Input: 3 configuration bytes (count limit 1–48; cost limit 1–48 entries plus up to 25 odd
/// bytes; context limit 1–3 and the policy), then 3 bytes per operation: the operation, an ID
/// (0–39) and an auxiliary byte (the context 0–3 in its low bits, an extra cost above).
public enum CacheFuzzer {
    /// The cache's limits and policy.
    public struct Configuration: Sendable, CustomStringConvertible {
        public var countLimit: Int
        public var costLimit: Int
        public var contextLimit: Int
        public var policy: HeightCache.Policy

        public func makeCache() -> HeightCache {
            HeightCache(countLimit: countLimit, costLimit: costLimit, contextLimit: contextLimit, policy: policy)
        }

        public var description: String {
            "countLimit \(countLimit), costLimit \(costLimit), contextLimit \(contextLimit), policy \(policy)"
        }
    }

    /// One operation on the cache.
    public enum Operation: Sendable, CustomStringConvertible {
        case value(id: Int64, context: Int)
        case contains(id: Int64, context: Int)
        case insert(id: Int64, context: Int, extraCost: Int)
        case invalidate(id: Int64)
        case invalidateAll
        case memoryPressure(HeightCache.MemoryPressure)
        case context(Int)

        public var description: String {
            switch self {
            case .value(let id, let c): return "value(\(id), ctx \(c))"
            case .contains(let id, let c): return "contains(\(id), ctx \(c))"
            case .insert(let id, let c, let extra): return "insert(\(id), ctx \(c), extra \(extra))"
            case .invalidate(let id): return "invalidate(\(id))"
            case .invalidateAll: return "invalidateAll"
            case .memoryPressure(let level): return "memoryPressure(\(level))"
            case .context(let c): return "context(\(c))"
            }
        }
    }

    static let contexts = (0..<4).map { LayoutContext(width: 320 + 40 * Double($0), scale: 2) }
    static let idCount: Int64 = 40
    static let policies: [HeightCache.Policy] = [.s3fifo, .sieve, .lru]

    /// The configuration and operations of an input.
    public static func decode(_ bytes: [UInt8]) -> (Configuration, [Operation]) {
        var input = FuzzInput(bytes)
        let c0 = input.byte(), c1 = input.byte(), c2 = input.byte()
        let policy = policies[Int(c2 / 3) % policies.count]
        let perEntry = HeightCache(countLimit: 1, costLimit: 1, contextLimit: 1, policy: policy).costPerEntry
        let configuration = Configuration(
            countLimit: 1 + Int(c0 % 48), costLimit: perEntry * (1 + Int(c1 % 48)) + Int(c1 / 48) * 5,
            contextLimit: 1 + Int(c2 % 3), policy: policy)
        var operations: [Operation] = []
        while input.rest.count >= 3 {
            let op = input.byte(), idByte = input.byte(), aux = input.byte()
            let id = Int64(idByte) % idCount
            let context = Int(aux % 4)
            switch op % 16 {
            case 0..<5: operations.append(.value(id: id, context: context))
            case 5..<8: operations.append(.insert(id: id, context: context, extraCost: 0))
            case 8: operations.append(.insert(id: id, context: context, extraCost: Int(aux / 4) * Int(aux / 4)))
            case 9: operations.append(.contains(id: id, context: context))
            case 10, 11: operations.append(.invalidate(id: id))
            case 12: operations.append(.invalidateAll)
            case 13: operations.append(.memoryPressure(aux % 8 == 0 ? .critical : .warning))
            default: operations.append(.context(context))
            }
        }
        return (configuration, operations)
    }

    /// Runs the input both ways; returns the broken invariants (none: empty).
    public static func run(_ bytes: [UInt8]) -> [String] {
        let (configuration, operations) = decode(bytes)
        let violations =
            runAgainstModel(configuration, operations) + runOnThreads(configuration, operations, threads: 3)
        return violations.map { "\($0) [\(configuration)]" }
    }

    /// The value stored by operation `index`: it names its context and ID, so a value found
    /// anywhere else is caught even when threads race.
    static func value(operation index: Int, id: Int64, context: Int) -> Double {
        Double(context * 1_000_000_000 + Int(id) * 1_000_000 + index % 1_000_000)
    }

    static func owner(of value: Double) -> (context: Int, id: Int64) {
        let bits = Int(value)
        return (bits / 1_000_000_000, Int64(bits / 1_000_000 % 1_000))
    }

    // MARK: - Alone, against a model

    /// The model: per live context (most recent first) its handle and the last value stored
    /// per ID; the cache may have evicted any entry, never invented or mixed one up.
    struct Model {
        var live: [(context: Int, handle: HeightCache.ContextHandle, values: [Int64: Double])] = []
        var seenHandles: Set<HeightCache.ContextHandle> = []
        var hits = 0, misses = 0, insertions = 0
        /// Entries that left the cache other than by eviction (invalidations).
        var removed = 0
        var newEntries = 0
    }

    static func runAgainstModel(_ configuration: Configuration, _ operations: [Operation]) -> [String] {
        let cache = configuration.makeCache()
        var model = Model()
        var handles: [HeightCache.ContextHandle?] = Array(repeating: nil, count: contexts.count)
        var violations: [String] = []

        func handle(_ c: Int) -> HeightCache.ContextHandle {
            if let existing = handles[c] { return existing }
            return switchContext(c)
        }
        func switchContext(_ c: Int) -> HeightCache.ContextHandle {
            let h = cache.context(contexts[c])
            if let i = model.live.firstIndex(where: { $0.context == c }) {
                if model.live[i].handle != h {
                    violations.append("context \(c): a new handle for a context still kept")
                }
                model.live.insert(model.live.remove(at: i), at: 0)
            } else {
                if model.seenHandles.contains(h) {
                    violations.append("context \(c): a dropped context's handle came back")
                }
                model.live.insert((c, h, [:]), at: 0)
                if model.live.count > configuration.contextLimit { model.live.removeLast() }
            }
            model.seenHandles.insert(h)
            handles[c] = h
            return h
        }
        func modelIndex(_ h: HeightCache.ContextHandle) -> Int? { model.live.firstIndex { $0.handle == h } }

        for (index, operation) in operations.enumerated() {
            let before = cache.statistics
            func fail(_ message: String) { violations.append("op \(index) \(operation): \(message)") }
            switch operation {
            case .value(let id, let c):
                let h = handle(c)
                let found = cache.value(for: id, in: h)
                if let found {
                    model.hits += 1
                    guard let i = modelIndex(h) else {
                        fail("value \(found) found through a dropped context's handle")
                        break
                    }
                    if model.live[i].values[id] != found {
                        fail(
                            "returned \(found), the last value stored is \(model.live[i].values[id].map { "\($0)" } ?? "none")"
                        )
                    }
                } else {
                    model.misses += 1
                }
            case .contains(let id, let c):
                let h = handle(c)
                if cache.contains(id, in: h), modelIndex(h).flatMap({ model.live[$0].values[id] }) == nil {
                    fail("contains an ID never stored (or invalidated) in this context")
                }
            case .insert(let id, let c, let extraCost):
                let h = handle(c)
                let wasThere = cache.contains(id, in: h)
                let value = value(operation: index, id: id, context: c)
                let stored = cache.insert(value, for: id, extraCost: extraCost, in: h)
                if let i = modelIndex(h) {
                    if !stored { fail("insert refused in a live context") }
                    model.live[i].values[id] = value
                    model.insertions += 1
                    if !wasThere { model.newEntries += 1 }
                    if cache.costPerEntry + extraCost <= configuration.costLimit && !cache.contains(id, in: h) {
                        fail("an entry that fits the limits was not kept")
                    }
                } else if stored {
                    fail("insert accepted through a dropped context's handle")
                }
            case .invalidate(let id):
                for i in model.live.indices { model.live[i].values[id] = nil }
                cache.invalidate(id)
                model.removed += before.count - cache.statistics.count
            case .invalidateAll:
                for i in model.live.indices { model.live[i].values.removeAll() }
                cache.invalidateAll()
                model.removed += before.count
                if cache.statistics.count != 0 || cache.statistics.cost != 0 {
                    fail("entries left after invalidateAll")
                }
            case .memoryPressure(let level):
                cache.receiveMemoryPressure(level)
                let after = cache.statistics.count
                if level == .critical && after != 0 { fail("\(after) entries left after critical pressure") }
                if level == .warning && after > before.count / 2 {
                    fail("\(after) of \(before.count) entries left after a warning")
                }
            case .context(let c):
                _ = switchContext(c)
            }
            // After every operation: the limits, the tables' own invariants, the counters.
            let stats = cache.statistics
            if let problem = cache.invariantViolation() { fail("invariant: \(problem)") }
            if stats.count > configuration.countLimit * configuration.contextLimit
                || stats.cost > configuration.costLimit * configuration.contextLimit
            {
                fail("\(stats.count) entries / \(stats.cost) bytes over the limits")
            }
            if (stats.hits, stats.misses, stats.insertions) != (model.hits, model.misses, model.insertions) {
                fail(
                    "statistics \(stats.hits) hits, \(stats.misses) misses, \(stats.insertions) insertions; model \(model.hits), \(model.misses), \(model.insertions)"
                )
            }
            if stats.count != model.newEntries - stats.evictions - model.removed {
                fail(
                    "count \(stats.count) != \(model.newEntries) new entries − \(stats.evictions) evictions − \(model.removed) removed"
                )
            }
            if !violations.isEmpty { break }
        }
        // Nothing in the cache that the model does not have, in every context ever used.
        for c in contexts.indices {
            guard let h = handles[c] else { continue }
            let values = modelIndex(h).map { model.live[$0].values } ?? [:]
            for id in 0..<idCount where cache.contains(id, in: h) && values[id] == nil {
                violations.append("end: context \(c) holds ID \(id), which the model does not")
            }
        }
        return violations
    }

    // MARK: - On threads

    static func runOnThreads(_ configuration: Configuration, _ operations: [Operation], threads: Int) -> [String] {
        let cache = configuration.makeCache()
        let violations = Mutex<[String]>([])
        let valueCalls = Atomic<Int>(0)
        let stored = Atomic<Int>(0)
        WorkerThreads.shared.run(threads) { t in
            let mine = operations.enumerated().filter { $0.offset % threads == t }
            do {
                var handles: [HeightCache.ContextHandle?] = Array(repeating: nil, count: contexts.count)
                func handle(_ c: Int) -> HeightCache.ContextHandle {
                    if let h = handles[c] { return h }
                    let h = cache.context(contexts[c])
                    handles[c] = h
                    return h
                }
                for (index, operation) in mine {
                    switch operation {
                    case .value(let id, let c):
                        valueCalls.add(1, ordering: .relaxed)
                        if let found = cache.value(for: id, in: handle(c)), owner(of: found) != (c, id) {
                            violations.withLock {
                                $0.append(
                                    "thread \(t) op \(index) \(operation): found \(found), stored for \(owner(of: found))"
                                )
                            }
                        }
                    case .contains(let id, let c):
                        _ = cache.contains(id, in: handle(c))
                    case .insert(let id, let c, let extraCost):
                        if cache.insert(
                            value(operation: index, id: id, context: c), for: id, extraCost: extraCost, in: handle(c))
                        {
                            stored.add(1, ordering: .relaxed)
                        }
                    case .invalidate(let id): cache.invalidate(id)
                    case .invalidateAll: cache.invalidateAll()
                    case .memoryPressure(let level): cache.receiveMemoryPressure(level)
                    case .context(let c): handles[c] = cache.context(contexts[c])
                    }
                    if index % 16 == 0, let problem = cache.invariantViolation() {
                        violations.withLock { $0.append("thread \(t) op \(index) \(operation): invariant: \(problem)") }
                    }
                }
            }
        }
        var result = violations.withLock { $0 }
        if let problem = cache.invariantViolation() { result.append("threads, end: invariant: \(problem)") }
        let stats = cache.statistics
        if stats.hits + stats.misses != valueCalls.load(ordering: .relaxed) {
            result.append(
                "threads: \(stats.hits) hits + \(stats.misses) misses for \(valueCalls.load(ordering: .relaxed)) lookups"
            )
        }
        if stats.insertions != stored.load(ordering: .relaxed) {
            result.append(
                "threads: \(stats.insertions) insertions counted, \(stored.load(ordering: .relaxed)) accepted")
        }
        if stats.count > configuration.countLimit * configuration.contextLimit
            || stats.cost > configuration.costLimit * configuration.contextLimit
        {
            result.append("threads: \(stats.count) entries / \(stats.cost) bytes over the limits")
        }
        return result
    }
}

/// Threads kept for the life of the process, so that each input does not pay for starting and
/// joining threads (dear under AddressSanitizer): ``run(_:_:)`` hands each of them a part.
final class WorkerThreads: Sendable {
    static let shared = WorkerThreads(count: 3)

    private let caller = Mutex<Void>(())
    private let job = Mutex<(@Sendable (Int) -> Void)?>(nil)
    private let starts: [DispatchSemaphore]
    private let done = DispatchSemaphore(value: 0)

    init(count: Int) {
        starts = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        for index in 0..<count {
            let thread = Thread { [self] in
                while true {
                    starts[index].wait()
                    let body = job.withLock { $0 }
                    body?(index)
                    done.signal()
                }
            }
            thread.name = "fuzz-worker-\(index)"
            thread.start()
        }
    }

    /// Runs `body(0)`, …, `body(count − 1)` at once, one per thread, and waits for all. Callers
    /// on several threads at once (tests run in parallel) take turns: the threads, the job slot
    /// and the semaphores serve one caller at a time.
    func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        precondition(count <= starts.count, "only \(starts.count) worker threads")
        caller.withLock { _ in
            job.withLock { $0 = body }
            for index in 0..<count { starts[index].signal() }
            for _ in 0..<count { done.wait() }
            job.withLock { $0 = nil }
        }
    }
}
