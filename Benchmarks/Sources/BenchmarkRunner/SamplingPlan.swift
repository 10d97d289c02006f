/// How a scenario is sampled: how long to warm up, how many samples, how long at most.
///
/// A sample is a batch of operations timed together; its time per operation is the batch's
/// time divided by its size. The batch size is chosen after the warm-up so that the samples
/// fill about 80 % of ``maximumSeconds``.
public struct SamplingPlan: Sendable, Equatable {
    /// The most samples taken.
    public var maximumSamples: Int
    /// Sampling stops once the timed time of the samples reaches this many seconds.
    public var maximumSeconds: Double
    /// The warm-up runs batches of 1, 2, 4, ... operations until it has run this long (and at
    /// least ``minimumWarmupBatches`` batches).
    public var warmupSeconds: Double
    /// A fixed batch size (warm-up: one batch), instead of one calibrated on the warm-up.
    public var fixedOperationsPerSample: Int?

    /// The fewest warm-up batches (1, 2, 4, 8 operations) before the batch size is chosen.
    public static let minimumWarmupBatches = 4

    public init(
        maximumSamples: Int, maximumSeconds: Double, warmupSeconds: Double, fixedOperationsPerSample: Int? = nil
    ) {
        self.maximumSamples = maximumSamples
        self.maximumSeconds = maximumSeconds
        self.warmupSeconds = warmupSeconds
        self.fixedOperationsPerSample = fixedOperationsPerSample
    }

    /// The default: up to 100 samples in about 2 s per scenario, after a 0.25 s warm-up.
    public static let standard = SamplingPlan(maximumSamples: 100, maximumSeconds: 2, warmupSeconds: 0.25)

    /// `--quick`: 3 samples of 4 operations after a warm-up of 4, so CI runs every scenario
    /// in seconds (the timings mean nothing).
    public static let quick = SamplingPlan(
        maximumSamples: 3, maximumSeconds: 10, warmupSeconds: 0, fixedOperationsPerSample: 4)
}
