import StatusLayout
import Synchronization

extension RowHeights {
    /// Computes the heights of the statuses not cached yet, on every core, and returns how many
    /// it computed: the async form of ``prefetchBlocking(_:cancellation:)`` (`await
    /// rows.prefetch(nextPage)`, the only `prefetch`, so that it is what `await` calls everywhere).
    ///
    /// The work runs in child tasks of a task group, one per core, each taking the next status
    /// from a shared counter: no thread waits on another, and each child yields every few
    /// statuses so that the other tasks of the cooperative pool keep running. Cancelling the
    /// calling task stops it between two statuses; the heights it finished stay cached. A status
    /// being laid out by another prefetch (async or not) is left to it. Callable from any actor;
    /// the heights equal those of ``height(for:)`` exactly.
    ///
    /// - Returns: how many heights it computed (0 when every status was cached already).
    /// - Complexity: O(n) lookups, plus a layout per missing status spread over the cores.
    @discardableResult
    public func prefetch(_ statuses: [Status]) async -> Int {
        let missing = uncachedStatuses(statuses)
        guard !missing.isEmpty else { return 0 }
        return await Self.concurrently(count: missing.count) { self.prefetchOne(missing[$0]) ? true : nil }.count
    }

    /// The cells of a page (the rows about to show, a page just loaded), laid out on every core
    /// and returned in the order given. Layouts in the layout cache are reused; new ones are
    /// cached, with their heights. A status ID given twice is laid out once.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before every cell is laid out
    ///   (the cells done stay cached).
    /// - Complexity: O(n), the layouts spread over the cores.
    public func layouts(for statuses: [Status]) async throws -> [CellLayout] {
        try await page(statuses) { self.layout(for: $0) }
    }

    /// The heights of a page, in the order given, each with its status's ID and kind (as
    /// `feedlayout heights` prints them): cached heights are reused, missing ones computed on
    /// every core and cached. A status ID given twice is computed once.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before every height is known
    ///   (the heights done stay cached).
    /// - Complexity: O(n), the layouts spread over the cores.
    public func heights(for statuses: [Status]) async throws -> [StatusHeight] {
        try await page(statuses) { status in
            StatusHeight(id: status.id, height: self.height(for: status), kind: status.isRetweet ? .retweet : .original)
        }
    }

    /// `make` applied to each distinct ID of `statuses` on every core, the results in the order
    /// of `statuses`.
    private func page<T: Sendable>(_ statuses: [Status], _ make: @escaping @Sendable (Status) -> T) async throws -> [T]
    {
        var slotOfID: [Int64: Int] = [:]
        var distinct: [Status] = []
        let slots = statuses.map { status in
            if let slot = slotOfID[status.id.value] { return slot }
            slotOfID[status.id.value] = distinct.count
            distinct.append(status)
            return distinct.count - 1
        }
        let work = distinct
        let made = await Self.concurrently(count: work.count) { make(work[$0]) }
        try Task.checkCancellation()
        var results = [T?](repeating: nil, count: distinct.count)
        for (index, value) in made { results[index] = value }
        return slots.map { results[$0]! }  // every index was done: the task was not cancelled
    }

    /// How many items a child task handles between two yields (an item is a cell layout, some
    /// tens of microseconds).
    static let itemsPerYield = 8

    /// Runs `work` on each of `0..<count` in one child task per core, each taking the next index
    /// from a shared counter; returns the non-nil results with their indices, in no particular
    /// order. Stops taking indices once the task is cancelled.
    static func concurrently<T: Sendable>(count: Int, _ work: @escaping @Sendable (Int) -> T?) async -> [(
        index: Int, value: T
    )] {
        let counter = SharedCounter()
        return await withTaskGroup(of: [(index: Int, value: T)].self) { group in
            for _ in 0..<min(count, ProcessInfoCores.active) {
                group.addTask {
                    var done: [(index: Int, value: T)] = []
                    var sinceYield = 0
                    while !Task.isCancelled {
                        let index = counter.next()
                        guard index < count else { break }
                        if let value = work(index) { done.append((index, value)) }
                        sinceYield += 1
                        if sinceYield == itemsPerYield {
                            sinceYield = 0
                            await Task.yield()
                        }
                    }
                    return done
                }
            }
            var all: [(index: Int, value: T)] = []
            for await part in group { all += part }
            return all
        }
    }
}

/// A counter that hands out 0, 1, 2… to any number of tasks.
final class SharedCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// The next number.
    func next() -> Int { value.add(1, ordering: .relaxed).oldValue }
}
