/// The figures of one scenario in one run.
public struct ScenarioResult: Sendable, Equatable, Codable {
    /// The scenario's name.
    public var name: String
    /// How many samples were taken.
    public var samples: Int
    /// How many operations each sample timed.
    public var operationsPerSample: Int
    /// The time of one operation over the samples, in nanoseconds.
    public var nanosecondsPerOperation: Percentiles
    /// Operations per second over all samples (their operations over their total time).
    public var operationsPerSecond: Double
    /// Heap allocations per operation over all samples.
    public var mallocsPerOperation: Double
    /// The peak resident set size, in bytes, from the scenario's set-up to its last sample.
    public var peakResidentBytes: Int
    /// Whether ``peakResidentBytes`` is since the set-up (false: since the process started,
    /// where the kernel refused to reset the peak).
    public var peakIsSinceSetUp: Bool
    /// Numbers the scenario measured besides time, by name (see
    /// ``ScenarioWorkload/measurements``); empty for most.
    public var measurements: [String: Double]
    /// Lines printed under the figures (see ``ScenarioWorkload/notes``).
    public var notes: [String]

    public init(
        name: String, samples: Int, operationsPerSample: Int, nanosecondsPerOperation: Percentiles,
        operationsPerSecond: Double, mallocsPerOperation: Double, peakResidentBytes: Int,
        peakIsSinceSetUp: Bool = true, measurements: [String: Double] = [:], notes: [String] = []
    ) {
        self.name = name
        self.samples = samples
        self.operationsPerSample = operationsPerSample
        self.nanosecondsPerOperation = nanosecondsPerOperation
        self.operationsPerSecond = operationsPerSecond
        self.mallocsPerOperation = mallocsPerOperation
        self.peakResidentBytes = peakResidentBytes
        self.peakIsSinceSetUp = peakIsSinceSetUp
        self.measurements = measurements
        self.notes = notes
    }

    private enum CodingKeys: String, CodingKey {
        case name, samples, operationsPerSample, nanosecondsPerOperation, operationsPerSecond, mallocsPerOperation
        case peakResidentBytes, peakIsSinceSetUp, measurements, notes
    }

    /// Decodes a result; `measurements` and `notes` may be absent (reports written before
    /// they existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        samples = try container.decode(Int.self, forKey: .samples)
        operationsPerSample = try container.decode(Int.self, forKey: .operationsPerSample)
        nanosecondsPerOperation = try container.decode(Percentiles.self, forKey: .nanosecondsPerOperation)
        operationsPerSecond = try container.decode(Double.self, forKey: .operationsPerSecond)
        mallocsPerOperation = try container.decode(Double.self, forKey: .mallocsPerOperation)
        peakResidentBytes = try container.decode(Int.self, forKey: .peakResidentBytes)
        peakIsSinceSetUp = try container.decode(Bool.self, forKey: .peakIsSinceSetUp)
        measurements = try container.decodeIfPresent([String: Double].self, forKey: .measurements) ?? [:]
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
    }

    /// The median time of one operation, in nanoseconds: what ratios and comparisons use.
    public var medianNanoseconds: Double { nanosecondsPerOperation.p50 }
}
