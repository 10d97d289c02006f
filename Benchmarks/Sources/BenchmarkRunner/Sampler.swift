/// Runs one scenario: set-up, warm-up, then timed samples with their allocation counts.
public enum Sampler {
    /// Sets `scenario` up, warms it up and samples it as `plan` says.
    ///
    /// Only `ScenarioWorkload/run(operations:)` is timed and counted; set-up,
    /// `ScenarioWorkload/prepare(operations:)` and the bookkeeping are not. The peak resident
    /// memory is reset before the set-up (after free heap memory is returned to the kernel, and
    /// where the kernel allows it) and read after the last sample, as are the workload's
    /// measurements and notes.
    ///
    /// - Parameter progress: called with a line to show while it runs (e.g. on stderr).
    /// - Throws: what the scenario's set-up throws.
    public static func run(
        _ scenario: Scenario, context: ScenarioContext, plan: SamplingPlan,
        progress: (String) -> Void = { _ in }
    ) throws -> ScenarioResult {
        MallocCounter.returnFreeMemory()
        let peakWasReset = ProcessMemory.resetPeak()
        progress("\(scenario.name): setting up")
        let workload = try scenario.setUp(context)
        let limit = workload.maximumOperationsPerSample ?? Int.max

        // Warm-up, and the time of one operation it gives.
        var operationsPerSample: Int
        if let fixed = plan.fixedOperationsPerSample {
            operationsPerSample = min(max(fixed, 1), limit)
            _ = timedBatch(workload, operations: operationsPerSample)
        } else {
            // At least a few batches, so that a slow first operation (lazy initialisation)
            // does not make the estimate.
            var batch = 1
            var batches = 0
            var warmupNanoseconds: UInt64 = 0
            var nanosecondsPerOperation = 0.0
            repeat {
                let elapsed = timedBatch(workload, operations: batch).nanoseconds
                warmupNanoseconds += elapsed
                batches += 1
                nanosecondsPerOperation = Double(max(elapsed, 1)) / Double(batch)
                if batch <= limit / 2 { batch *= 2 }
            } while Double(warmupNanoseconds) < plan.warmupSeconds * 1e9 || batches < SamplingPlan.minimumWarmupBatches
            let sampleNanoseconds = 0.8 * plan.maximumSeconds * 1e9 / Double(plan.maximumSamples)
            operationsPerSample = min(max(Int(sampleNanoseconds / nanosecondsPerOperation), 1), limit)
        }
        progress("\(scenario.name): \(plan.maximumSamples) samples of \(operationsPerSample) operations")

        var nanosecondsPerOperation: [Double] = []
        nanosecondsPerOperation.reserveCapacity(plan.maximumSamples)
        var timedNanoseconds: UInt64 = 0
        var mallocs: UInt64 = 0
        while nanosecondsPerOperation.count < plan.maximumSamples {
            let sample = timedBatch(workload, operations: operationsPerSample)
            nanosecondsPerOperation.append(Double(sample.nanoseconds) / Double(operationsPerSample))
            timedNanoseconds += sample.nanoseconds
            mallocs += sample.mallocs
            if Double(timedNanoseconds) >= plan.maximumSeconds * 1e9 { break }
        }
        let operations = nanosecondsPerOperation.count * operationsPerSample
        return ScenarioResult(
            name: scenario.name,
            samples: nanosecondsPerOperation.count,
            operationsPerSample: operationsPerSample,
            nanosecondsPerOperation: Percentiles(of: nanosecondsPerOperation),
            operationsPerSecond: Double(operations) / (Double(max(timedNanoseconds, 1)) / 1e9),
            mallocsPerOperation: Double(mallocs) / Double(operations),
            peakResidentBytes: ProcessMemory.peakResidentBytes(),
            peakIsSinceSetUp: peakWasReset,
            measurements: workload.measurements,
            notes: workload.notes)
    }

    /// Prepares (untimed), then runs and times one batch, counting its allocations.
    /// Allocations are counted on this thread, or on every thread when the workload runs on
    /// several.
    private static func timedBatch(_ workload: any ScenarioWorkload, operations: Int) -> (
        nanoseconds: UInt64, mallocs: UInt64
    ) {
        workload.prepare(operations: operations)
        let everyThread = workload.runsOnSeveralThreads
        let mallocsBefore = everyThread ? MallocCounter.total : MallocCounter.thisThread
        let start = Stopwatch.nanoseconds()
        workload.run(operations: operations)
        let end = Stopwatch.nanoseconds()
        let mallocsAfter = everyThread ? MallocCounter.total : MallocCounter.thisThread
        return (end - start, mallocsAfter - mallocsBefore)
    }
}
