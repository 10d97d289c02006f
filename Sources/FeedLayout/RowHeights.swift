import Dispatch
import Foundation
import StatusLayout
import Synchronization
import TextLayout
import LockSupport

/// The facade an app's `heightForRow` calls: cell heights by status, memoised in a
/// ``HeightCache`` by status ID and content version (an edited status is laid out again),
/// computed ahead on every core by ``prefetch(_:)`` (async) or ``prefetchBlocking(_:cancellation:)``.
///
/// One `RowHeights` serves one ``LayoutContext`` (width, scale, style); make another for the
/// other orientation, sharing the caches, which keep both contexts. Thread-safe.
public final class RowHeights: Sendable {
    /// The context every height is computed in.
    public let context: LayoutContext
    /// The heights (shared with other contexts' facades if you like).
    public let heightCache: HeightCache
    /// Whole layouts of recently asked cells.
    public let layoutCache: LayoutCache
    let layouter: CellLayouter<TextEngine>
    private let heightHandle: Atomic<UInt64>
    private let layoutHandle: Atomic<UInt64>
    /// IDs being laid out right now by a prefetch.
    let inFlight = Lock<Set<Int64>>([])

    /// Makes the facade for one context.
    ///
    /// - Parameters:
    ///   - engine: the text engine (its fonts and caches are shared).
    ///   - context: width, screen scale and style.
    ///   - heights: the height cache; a new one by default.
    ///   - layouts: the layout cache; a small one (64 layouts, 2 MB) by default.
    public init(
        engine: TextEngine, context: LayoutContext, heights: HeightCache = HeightCache(),
        layouts: LayoutCache = LayoutCache(countLimit: 64, costLimit: 2 << 20)
    ) {
        if let problem = context.problem { preconditionFailure(problem) }
        self.context = context
        heightCache = heights
        layoutCache = layouts
        layouter = CellLayouter(measurer: engine, style: context.style)
        heightHandle = Atomic(heights.context(context).generation)
        layoutHandle = Atomic(layouts.context(context).generation)
    }

    private var heightContext: HeightCache.ContextHandle {
        HeightCache.ContextHandle(generation: heightHandle.load(ordering: .relaxed))
    }

    /// The height of a status's cell: from the cache, or laid out, cached and returned.
    ///
    /// A hit is one hash lookup under an uncontended lock and allocates nothing.
    public func height(for status: Status) -> Double {
        if let height = heightCache.value(for: status.id.value, version: status.contentVersion, in: heightContext) {
            return height
        }
        return computeHeight(status)
    }

    /// The cached height of `status` (of its content as it is), or nil when it has not been
    /// computed (or was evicted, or was computed for other content).
    public func cachedHeight(for status: Status) -> Double? {
        heightCache.value(for: status.id.value, version: status.contentVersion, in: heightContext)
    }

    /// The cached height of status `id` (of its content when last laid out), or nil when it has
    /// not been computed (or was evicted).
    public func cachedHeight(forID id: Int64) -> Double? {
        heightCache.value(for: id, in: heightContext)
    }

    /// The cached height of the status whose `idstr` is `idstr` (parsed without allocating).
    public func cachedHeight(forIDString idstr: some StringProtocol) -> Double? {
        guard let id = Self.parseID(idstr) else { return nil }
        return cachedHeight(forID: id)
    }

    /// The height of a status's cell, as ``height(for:)``, and whether it came from the cache
    /// (false: laid out by this call). One lookup, as ``height(for:)``.
    public func heightAndSource(for status: Status) -> (height: Double, wasCached: Bool) {
        if let height = heightCache.value(for: status.id.value, version: status.contentVersion, in: heightContext) {
            return (height, true)
        }
        return (computeHeight(status), false)
    }

    /// The whole layout of a status's cell (frames for drawing), from the layout cache or made.
    public func layout(for status: Status) -> CellLayout {
        let handle = LayoutCache.ContextHandle(generation: layoutHandle.load(ordering: .relaxed))
        if let layout = layoutCache.value(for: status.id.value, version: status.contentVersion, in: handle) {
            return layout
        }
        return compute(status)
    }

    /// Works out a status's height alone (no frames) and stores it.
    @discardableResult
    func computeHeight(_ status: Status) -> Double {
        let height = layouter.heights(of: status, width: context.width, scale: context.scale).height
        store(height, for: status)
        return height
    }

    private func store(_ height: Double, for status: Status) {
        let (id, version) = (status.id.value, status.contentVersion)
        if !heightCache.insert(height, for: id, version: version, in: heightContext) {
            // Our context was dropped for others: take it back (it becomes the most recent).
            let handle = heightCache.context(context)
            heightHandle.store(handle.generation, ordering: .relaxed)
            heightCache.insert(height, for: id, version: version, in: handle)
        }
    }

    /// Lays out a status and stores its height and layout.
    @discardableResult
    func compute(_ status: Status) -> CellLayout {
        let cell = layouter.layout(status, width: context.width, scale: context.scale)
        store(cell.height, for: status)
        let layoutContext = LayoutCache.ContextHandle(generation: layoutHandle.load(ordering: .relaxed))
        let version = status.contentVersion
        if !layoutCache.insert(
            cell, for: status.id.value, version: version, extraCost: cell.estimatedExtraBytes, in: layoutContext)
        {
            let handle = layoutCache.context(context)
            layoutHandle.store(handle.generation, ordering: .relaxed)
            layoutCache.insert(
                cell, for: status.id.value, version: version, extraCost: cell.estimatedExtraBytes, in: handle)
        }
        return cell
    }

    /// Computes the heights of the statuses not cached yet, on every core, and returns how many
    /// it computed. Never lays out the same status twice at once (a status already being laid
    /// out by another prefetch is left to it); stops early when `cancellation` is cancelled.
    /// The heights equal those of ``height(for:)`` exactly.
    ///
    /// Blocks the caller until done, hence its name: async code calls ``prefetch(_:)``, and
    /// ``prefetchInBackground(_:)`` runs this on a background queue.
    /// - Returns: how many heights it computed (0 when every status was cached already).
    /// - Complexity: O(n) lookups, plus a layout per missing status spread over the cores.
    @discardableResult
    public func prefetchBlocking(_ statuses: [Status], cancellation: PrefetchCancellation = PrefetchCancellation())
        -> Int
    {
        let missing = uncachedStatuses(statuses)
        guard !missing.isEmpty else { return 0 }
        let nextIndex = Atomic<Int>(0)
        let computed = Atomic<Int>(0)
        let workers = min(missing.count, max(1, ProcessInfoCores.active))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while !cancellation.isCancelled {
                let index = nextIndex.add(1, ordering: .relaxed).oldValue
                guard index < missing.count else { return }
                if prefetchOne(missing[index]) { computed.add(1, ordering: .relaxed) }
            }
        }
        return computed.load(ordering: .relaxed)
    }

    /// The statuses whose height is not cached, each ID once, in order.
    func uncachedStatuses(_ statuses: [Status]) -> [Status] {
        let handle = heightContext
        var seen = Set<Int64>()
        return statuses.filter { status in
            seen.insert(status.id.value).inserted
                && !heightCache.contains(status.id.value, version: status.contentVersion, in: handle)
        }
    }

    /// Computes and stores one status's height for a prefetch, unless another prefetch is laying
    /// it out or it was cached meanwhile; whether it computed it.
    func prefetchOne(_ status: Status) -> Bool {
        let id = status.id.value
        guard inFlight.withLock({ $0.insert(id).inserted }) else { return false }
        defer { _ = inFlight.withLock { $0.remove(id) } }
        if heightCache.contains(id, version: status.contentVersion, in: heightContext) { return false }
        computeHeight(status)
        return true
    }

    /// Starts ``prefetchBlocking(_:cancellation:)`` on a background queue; cancel or wait on the task.
    public func prefetchInBackground(_ statuses: [Status]) -> PrefetchTask {
        let task = PrefetchTask()
        task.group.enter()
        DispatchQueue.global(qos: .utility).async {
            let count = self.prefetchBlocking(statuses, cancellation: task.cancellation)
            task.finish(computed: count)
        }
        return task
    }

    /// Parses a decimal ID without allocating; nil unless it fits in 64 bits.
    static func parseID(_ text: some StringProtocol) -> Int64? {
        var value: Int64 = 0
        var any = false
        for byte in text.utf8 {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int64(byte - 0x30))
            guard !o1 && !o2 else { return nil }
            value = sum
            any = true
        }
        return any ? value : nil
    }
}

/// A flag that stops a prefetch between two statuses.
public final class PrefetchCancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    /// Makes a flag that is not cancelled.
    public init() {}
    /// Asks every prefetch given this flag to stop before its next status; cannot be undone.
    public func cancel() { flag.store(true, ordering: .relaxed) }
    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// A prefetch running in the background.
public final class PrefetchTask: Sendable {
    /// The flag the prefetch checks between two statuses (``cancel()`` sets it).
    public let cancellation = PrefetchCancellation()
    let group = DispatchGroup()
    private let result = Atomic<Int>(0)

    /// Stops it between two statuses (those done stay cached).
    public func cancel() { cancellation.cancel() }

    /// Waits for it to end; returns how many heights it computed.
    @discardableResult
    public func wait() -> Int {
        group.wait()
        return result.load(ordering: .acquiring)
    }

    /// Waits for it to end without blocking a thread (for async code); returns how many heights
    /// it computed.
    public var computed: Int {
        get async {
            await withCheckedContinuation { continuation in
                group.notify(queue: .global()) {
                    continuation.resume(returning: self.result.load(ordering: .acquiring))
                }
            }
        }
    }

    func finish(computed: Int) {
        result.store(computed, ordering: .releasing)
        group.leave()
    }
}

/// The number of cores to prefetch on.
enum ProcessInfoCores {
    static let active: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)
}

extension CellLayout {
    /// A rough count of the bytes a layout holds beyond its own struct (blocks, frames, texts).
    var estimatedExtraBytes: Int {
        func bytes(_ blocks: [CellBlock]) -> Int {
            blocks.reduce(0) { total, block in
                total + MemoryLayout<CellBlock>.stride + block.images.count * MemoryLayout<CellImage>.stride
                    + block.texts.reduce(0) {
                        $0 + MemoryLayout<CellText>.stride + $1.richText.text.string.utf8.count + $1.richText.entities
                            .count * 64
                    }
                    + bytes(block.children)
            }
        }
        return MemoryLayout<CellLayout>.stride + bytes(blocks)
    }
}
