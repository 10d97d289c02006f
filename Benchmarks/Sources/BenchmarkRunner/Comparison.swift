/// A run's p50s against a baseline's: which scenarios regressed past a threshold.
public struct Comparison: Sendable, Equatable {
    /// How one scenario compares.
    public enum Verdict: String, Sendable, Equatable {
        /// Slower than the baseline by more than the threshold.
        case regressed
        /// Within the threshold, slower or faster.
        case unchanged
        /// Faster than the baseline by more than the threshold.
        case improved
        /// Not in the baseline.
        case new
    }

    /// One scenario of the run.
    public struct Entry: Sendable, Equatable {
        public var name: String
        /// The baseline's p50 in nanoseconds, nil when the baseline lacks the scenario.
        public var baselineNanoseconds: Double?
        public var currentNanoseconds: Double
        /// current / baseline − 1 (0.3 = 30 % slower), nil when not in the baseline.
        public var change: Double?
        public var verdict: Verdict
    }

    /// The scenarios of the run, in its order.
    public let entries: [Entry]
    /// The regression threshold: 0.25 fails a p50 more than 25 % above the baseline's.
    public let threshold: Double
    /// Scenarios of the baseline that this run did not run.
    public let notRun: [String]

    /// Compares `current` with `baseline`.
    ///
    /// - Parameter threshold: the largest allowed relative growth of a p50 (> 0).
    public init(current: [ScenarioResult], baseline: [ScenarioResult], threshold: Double) {
        precondition(threshold > 0, "the threshold must be positive")
        self.threshold = threshold
        let baselineMedians = Dictionary(
            baseline.map { ($0.name, $0.medianNanoseconds) }, uniquingKeysWith: { first, _ in first })
        entries = current.map { result in
            let now = result.medianNanoseconds
            guard let before = baselineMedians[result.name], before > 0 else {
                return Entry(
                    name: result.name, baselineNanoseconds: nil, currentNanoseconds: now, change: nil, verdict: .new)
            }
            let change = now / before - 1
            let verdict: Verdict = change > threshold ? .regressed : (change < -threshold ? .improved : .unchanged)
            return Entry(
                name: result.name, baselineNanoseconds: before, currentNanoseconds: now, change: change,
                verdict: verdict)
        }
        let ran = Set(current.map(\.name))
        notRun = baseline.map(\.name).filter { !ran.contains($0) }
    }

    /// The scenarios that regressed.
    public var regressions: [Entry] { entries.filter { $0.verdict == .regressed } }

    /// Whether any scenario regressed (the runner then exits with status 1).
    public var hasRegression: Bool { !regressions.isEmpty }
}
