/// A number from one run with the target it should meet: mostly ratios of median times, the
/// figures that mean something on a shared, noisy machine where absolute times do not; also
/// allocations per operation and numbers a scenario measured besides time (bytes per entry,
/// hit ratios, agreement with Pango).
///
/// Figures are data: add one to ``Figure/all``.
public struct Figure: Sendable, Equatable {
    /// Whether a value should stay below or above its target.
    public enum Goal: Sendable, Equatable, Codable {
        /// The value should be at most this (e.g. we are at most this many times slower).
        case atMost(Double)
        /// The value should be at least this (e.g. we are at least this many times faster).
        case atLeast(Double)

        /// The target value.
        public var target: Double {
            switch self {
            case .atMost(let value), .atLeast(let value): value
            }
        }

        /// Whether `value` meets the goal.
        public func isMet(by value: Double) -> Bool {
            switch self {
            case .atMost(let target): value <= target
            case .atLeast(let target): value >= target
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

    /// What a figure's value is.
    public enum Quantity: Sendable, Equatable {
        /// The sum of the p50s of the first scenarios over the sum of the p50s of the second.
        case medianRatio([String], over: [String])
        /// A scenario's heap allocations per operation.
        case mallocsPerOperation(String)
        /// A number a scenario measured (a key of ``ScenarioResult/measurements``).
        case measurement(String, of: String)
        /// One measurement of a scenario over another of the same scenario.
        case measurementRatio(String, over: String, of: String)
        /// A scenario's p50 over a fixed time in nanoseconds (1 for the p50 itself in ns; a
        /// frame for a share of one), named by `label`.
        case medianOver(String, nanoseconds: Double, label: String)
    }

    /// What the value is.
    public var quantity: Quantity
    /// The target.
    public var goal: Goal
    /// The unit the value is shown in ("B", "%"), or "" for a ratio or a count.
    public var unit: String
    /// What the figure says, in a few words.
    public var meaning: String

    /// A ratio of median times: the p50s of `numerator` summed over the p50s of `denominator`.
    public init(_ numerator: [String], over denominator: [String], goal: Goal, meaning: String) {
        self.init(.medianRatio(numerator, over: denominator), goal: goal, meaning: meaning)
    }

    /// A figure of any quantity.
    public init(_ quantity: Quantity, unit: String = "", goal: Goal, meaning: String) {
        switch quantity {
        case .medianRatio(let numerator, let denominator):
            precondition(
                !numerator.isEmpty && !denominator.isEmpty, "a figure needs scenarios above and below the line")
        case .mallocsPerOperation, .measurement, .measurementRatio:
            break
        case .medianOver(_, let nanoseconds, _):
            precondition(nanoseconds > 0, "a figure's fixed time must be positive")
        }
        self.quantity = quantity
        self.goal = goal
        self.unit = unit
        self.meaning = meaning
    }

    /// The formula, e.g. "measure-cold / (hb-raw + icu-breaks)", "cache-hit mallocs/op" or
    /// "cache-fill: bytes per height".
    public var name: String {
        func side(_ names: [String]) -> String {
            names.count == 1 ? names[0] : "(" + names.joined(separator: " + ") + ")"
        }
        switch quantity {
        case .medianRatio(let numerator, let denominator): return side(numerator) + " / " + side(denominator)
        case .mallocsPerOperation(let scenario): return scenario + " mallocs/op"
        case .measurement(let name, let scenario): return scenario + ": " + name
        case .measurementRatio(let numerator, let denominator, let scenario):
            return scenario + ": " + numerator + " / " + denominator
        case .medianOver(let scenario, let nanoseconds, let label):
            return nanoseconds == 1 ? scenario + " p50" : scenario + " p50 / " + label
        }
    }

    /// Every scenario the figure needs.
    public var scenarios: [String] {
        switch quantity {
        case .medianRatio(let numerator, let denominator): numerator + denominator
        case .mallocsPerOperation(let scenario), .measurement(_, let scenario), .measurementRatio(_, _, let scenario),
            .medianOver(let scenario, _, _):
            [scenario]
        }
    }

    /// The figure computed from a run's results (a missing scenario, or a measurement it did not
    /// report, leaves it uncomputed).
    public func evaluate(_ results: [ScenarioResult]) -> FigureResult {
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var missing = scenarios.filter { byName[$0] == nil }
        var value: Double?
        if missing.isEmpty {
            switch quantity {
            case .medianRatio(let numerator, let denominator):
                let above = numerator.reduce(0) { $0 + byName[$1]!.medianNanoseconds }
                let below = denominator.reduce(0) { $0 + byName[$1]!.medianNanoseconds }
                value = below > 0 ? above / below : nil
            case .mallocsPerOperation(let scenario):
                value = byName[scenario]!.mallocsPerOperation
            case .medianOver(let scenario, let nanoseconds, _):
                value = byName[scenario]!.medianNanoseconds / nanoseconds
            case .measurement(let name, let scenario):
                value = byName[scenario]!.measurements[name]
                if value == nil { missing = [scenario + ": " + name] }
            case .measurementRatio(let numerator, let denominator, let scenario):
                let measurements = byName[scenario]!.measurements
                if let above = measurements[numerator], let below = measurements[denominator] {
                    value = below > 0 ? above / below : nil
                } else {
                    missing = [numerator, denominator].filter { measurements[$0] == nil }.map { scenario + ": " + $0 }
                }
            }
        }
        return FigureResult(
            name: name, meaning: meaning, goal: goal, ratio: value, met: value.map(goal.isMet(by:)),
            missing: missing, unit: unit)
    }
}

/// A ``Figure`` computed from one run.
public struct FigureResult: Sendable, Equatable, Codable {
    /// The formula, e.g. "pango / rebreak".
    public var name: String
    public var meaning: String
    public var goal: Figure.Goal
    /// The value (a ratio for most figures), or nil when a scenario or measurement it needs is
    /// missing.
    public var ratio: Double?
    /// Whether the value meets the goal, or nil when not computed.
    public var met: Bool?
    /// The scenarios (or "scenario: measurement"s) it needs that did not run.
    public var missing: [String]
    /// The unit of the value and the target ("B", "%"), or "".
    public var unit: String

    public init(
        name: String, meaning: String, goal: Figure.Goal, ratio: Double?, met: Bool?, missing: [String],
        unit: String = ""
    ) {
        self.name = name
        self.meaning = meaning
        self.goal = goal
        self.ratio = ratio
        self.met = met
        self.missing = missing
        self.unit = unit
    }

    private enum CodingKeys: String, CodingKey {
        case name, meaning, goal, ratio, met, missing, unit
    }

    /// Decodes a result; `unit` may be absent (reports written before it existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        meaning = try container.decode(String.self, forKey: .meaning)
        goal = try container.decode(Figure.Goal.self, forKey: .goal)
        ratio = try container.decodeIfPresent(Double.self, forKey: .ratio)
        met = try container.decodeIfPresent(Bool.self, forKey: .met)
        missing = try container.decode([String].self, forKey: .missing)
        unit = try container.decodeIfPresent(String.self, forKey: .unit) ?? ""
    }
}
