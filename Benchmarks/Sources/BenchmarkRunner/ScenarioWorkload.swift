/// The state of one scenario once set up: it runs operations in batches, and may get ready
/// for a batch outside the timed region.
///
/// A workload runs on one thread; the runner calls ``prepare(operations:)`` (untimed) and then
/// ``run(operations:)`` (timed) for every batch, warm-up included, and reads
/// ``measurements`` and ``notes`` once after the last sample.
public protocol ScenarioWorkload: AnyObject {
    /// Runs `count` operations, each on a different input than the one before when the
    /// scenario has several, feeding every result to ``blackHole(_:)``. Timed.
    func run(operations count: Int)

    /// Makes sure the next `count` operations can run (e.g. makes fresh warmed-up engines when
    /// the unmeasured texts are used up). Not timed; does nothing by default.
    func prepare(operations count: Int)

    /// The most operations one batch may hold (e.g. how many texts are still unmeasured after
    /// ``prepare(operations:)``), or nil for no limit (the default). Read once, after set-up.
    var maximumOperationsPerSample: Int? { get }

    /// Whether an operation runs on other threads too (e.g. a prefetch on every core): its
    /// allocations are then counted on every thread of the process, and otherwise on the
    /// runner's thread only, so that nothing else the process does is counted. False by
    /// default.
    var runsOnSeveralThreads: Bool { get }

    /// Numbers the scenario measured besides time (a hit ratio, bytes per entry), by name:
    /// figures can be made of them (``Figure/Quantity/measurement(_:of:)``). Empty by default.
    var measurements: [String: Double] { get }

    /// Lines to print under the figures (what the measurements mean, a table of them).
    /// Empty by default.
    var notes: [String] { get }
}

extension ScenarioWorkload {
    public func prepare(operations count: Int) {}
    public var maximumOperationsPerSample: Int? { nil }
    public var runsOnSeveralThreads: Bool { false }
    public var measurements: [String: Double] { [:] }
    public var notes: [String] { [] }
}

/// A workload made of a closure, for scenarios whose state the closure captures.
public final class ClosureWorkload: ScenarioWorkload {
    private let body: (Int) -> Void
    public let measurements: [String: Double]
    public let notes: [String]

    /// - Parameters:
    ///   - measurements: numbers measured in the set-up, by name.
    ///   - notes: lines to print under the figures.
    ///   - body: runs the given number of operations.
    public init(measurements: [String: Double] = [:], notes: [String] = [], _ body: @escaping (_ count: Int) -> Void) {
        self.body = body
        self.measurements = measurements
        self.notes = notes
    }

    public func run(operations count: Int) { body(count) }
}
