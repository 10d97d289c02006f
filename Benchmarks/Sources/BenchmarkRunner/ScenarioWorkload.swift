/// The state of one scenario once set up: it runs operations in batches, and may get ready
/// for a batch outside the timed region.
///
/// A workload runs on one thread; the runner calls ``prepare(operations:)`` (untimed) and then
/// ``run(operations:)`` (timed) for every batch, warm-up included.
public protocol ScenarioWorkload: AnyObject {
    /// Runs `count` operations, each on a different input than the one before when the
    /// scenario has several, feeding every result to ``blackHole(_:)``. Timed.
    func run(operations count: Int)

    /// Makes sure the next `count` operations can run (e.g. makes fresh warmed-up engines when
    /// the unmeasured texts are used up). Not timed; does nothing by default.
    func prepare(operations count: Int)

    /// The most operations one batch may hold (e.g. how many texts are still unmeasured after
    /// ``prepare(operations:)``), or nil for no limit (the default).
    var maximumOperationsPerSample: Int? { get }
}

extension ScenarioWorkload {
    public func prepare(operations count: Int) {}
    public var maximumOperationsPerSample: Int? { nil }
}

/// A workload made of a closure, for scenarios whose state the closure captures.
public final class ClosureWorkload: ScenarioWorkload {
    private let body: (Int) -> Void

    /// - Parameter body: runs the given number of operations.
    public init(_ body: @escaping (_ count: Int) -> Void) { self.body = body }

    public func run(operations count: Int) { body(count) }
}
