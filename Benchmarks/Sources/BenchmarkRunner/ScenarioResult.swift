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

    public init(name: String, samples: Int, operationsPerSample: Int, nanosecondsPerOperation: Percentiles,
                operationsPerSecond: Double, mallocsPerOperation: Double, peakResidentBytes: Int,
                peakIsSinceSetUp: Bool = true) {
        self.name = name
        self.samples = samples
        self.operationsPerSample = operationsPerSample
        self.nanosecondsPerOperation = nanosecondsPerOperation
        self.operationsPerSecond = operationsPerSecond
        self.mallocsPerOperation = mallocsPerOperation
        self.peakResidentBytes = peakResidentBytes
        self.peakIsSinceSetUp = peakIsSinceSetUp
    }

    /// The median time of one operation, in nanoseconds: what ratios and comparisons use.
    public var medianNanoseconds: Double { nanosecondsPerOperation.p50 }
}
