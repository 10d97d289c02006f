/// A ratio of median times from one run, with the target it should meet: the figures that
/// mean something on a shared, noisy machine where absolute times do not.
///
/// The ratio is the sum of the p50s of ``numerator`` over the sum of the p50s of
/// ``denominator``. Figures are data: add one to ``Figure/all``.
public struct Figure: Sendable, Equatable {
    /// Whether a ratio should stay below or above its target.
    public enum Goal: Sendable, Equatable, Codable {
        /// The ratio should be at most this (we are at most this many times slower).
        case atMost(Double)
        /// The ratio should be at least this (we are at least this many times faster).
        case atLeast(Double)

        /// The target value.
        public var target: Double {
            switch self {
            case .atMost(let value), .atLeast(let value): value
            }
        }

        /// Whether `ratio` meets the goal.
        public func isMet(by ratio: Double) -> Bool {
            switch self {
            case .atMost(let value): ratio <= value
            case .atLeast(let value): ratio >= value
            }
        }

        /// "≤ 1.5" or "≥ 20".
        public var description: String {
            switch self {
            case .atMost(let value): "≤ \(ReportFormatter.number(value))"
            case .atLeast(let value): "≥ \(ReportFormatter.number(value))"
            }
        }
    }

    /// Scenarios whose p50s are summed above the line.
    public var numerator: [String]
    /// Scenarios whose p50s are summed below the line.
    public var denominator: [String]
    /// The target.
    public var goal: Goal
    /// What the ratio says, in a few words.
    public var meaning: String

    public init(_ numerator: [String], over denominator: [String], goal: Goal, meaning: String) {
        precondition(!numerator.isEmpty && !denominator.isEmpty, "a figure needs scenarios above and below the line")
        self.numerator = numerator
        self.denominator = denominator
        self.goal = goal
        self.meaning = meaning
    }

    /// The formula, e.g. "measure-cold / (hb-raw + icu-breaks)".
    public var name: String {
        func side(_ names: [String]) -> String { names.count == 1 ? names[0] : "(" + names.joined(separator: " + ") + ")" }
        return side(numerator) + " / " + side(denominator)
    }

    /// Every scenario the figure needs.
    public var scenarios: [String] { numerator + denominator }

    /// The figure computed from a run's results (a missing scenario leaves it uncomputed).
    public func evaluate(_ results: [ScenarioResult]) -> FigureResult {
        let medians = Dictionary(results.map { ($0.name, $0.medianNanoseconds) }, uniquingKeysWith: { first, _ in first })
        let missing = scenarios.filter { medians[$0] == nil }
        var ratio: Double?
        if missing.isEmpty {
            let above = numerator.reduce(0) { $0 + medians[$1]! }
            let below = denominator.reduce(0) { $0 + medians[$1]! }
            ratio = below > 0 ? above / below : nil
        }
        return FigureResult(name: name, meaning: meaning, goal: goal, ratio: ratio, met: ratio.map(goal.isMet(by:)),
                            missing: missing)
    }
}

/// A ``Figure`` computed from one run.
public struct FigureResult: Sendable, Equatable, Codable {
    /// The formula, e.g. "pango / rebreak".
    public var name: String
    public var meaning: String
    public var goal: Figure.Goal
    /// The ratio of the p50s, or nil when a scenario it needs did not run.
    public var ratio: Double?
    /// Whether the ratio meets the goal, or nil when not computed.
    public var met: Bool?
    /// The scenarios it needs that did not run.
    public var missing: [String]

    public init(name: String, meaning: String, goal: Figure.Goal, ratio: Double?, met: Bool?, missing: [String]) {
        self.name = name
        self.meaning = meaning
        self.goal = goal
        self.ratio = ratio
        self.met = met
        self.missing = missing
    }
}
