import Foundation
import LockSupport
import Synchronization
import Testing
import TestSupport
@testable import FeedLayoutCLI

/// Collects what a pipeline writes; fails after `failAfter` writes when set.
final class RecordingOutput: OutputSink {
    let written = Lock<[UInt8]>([])
    let writes = Atomic<Int>(0)
    let failAfter: Int?

    init(failAfter: Int? = nil) { self.failAfter = failAfter }

    func write(_ bytes: UnsafeRawBufferPointer) throws(IOFailure) {
        let count = writes.add(1, ordering: .relaxed).newValue
        if let failAfter, count > failAfter { throw IOFailure(operation: "write to standard output", code: EPIPE) }
        written.withLock { $0 += bytes }
    }
}

/// The ordered pipeline alone: outputs in the order given whatever order workers finish in,
/// bounded work in flight, a failed write or a cut batch ending the output. (CI runs this suite
/// under the thread sanitizer.)
@Suite("Ordered pipeline")
struct OrderedPipelineTests {
    /// Runs `jobs` batches whose work takes a random few microseconds; returns the output and
    /// the most batches that were being worked on or waiting to be written at once.
    static func run(jobs: Int, threads: Int, window: Int, output: RecordingOutput, cutAt: Int? = nil)
        -> (summary: OrderedPipeline<Int>.Summary, mostInFlight: Int, submitted: Int)
    {
        let inFlight = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let pipeline = OrderedPipeline<Int>(
            threads: threads, window: window, byteBudget: 1 << 30, output: output, errors: { _ in },
            progress: nil, stop: nil
        ) { job, _ in
            let now = inFlight.add(1, ordering: .relaxed).newValue
            _ = most.max(now, ordering: .relaxed)
            var random = SplitMix(seed: UInt64(job))
            usleep(UInt32(random.below(200)))
            inFlight.subtract(1, ordering: .relaxed)
            var made = BatchOutput(bytes: Array("\(job)\n".utf8), answered: 1)
            if job == cutAt {
                made.bytes = Array("\(job) cut\n".utf8)
                made.complete = false
            }
            return made
        }
        var submitted = 0
        for job in 0..<jobs {
            guard pipeline.submit(job, bytes: 100) else { break }
            submitted += 1
        }
        return (pipeline.finish(), most.load(ordering: .relaxed), submitted)
    }

    @Test(
        "outputs come out in the order given, at 1, 2 and 8 threads; at most the window in flight",
        arguments: [1, 2, 8])
    func order(threads: Int) {
        let output = RecordingOutput()
        let (summary, most, submitted) = Self.run(jobs: 400, threads: threads, window: 5, output: output)
        #expect(submitted == 400 && summary.answered == 400 && summary.writeFailure == nil && !summary.cut)
        #expect(String(decoding: output.written.withLock { $0 }, as: UTF8.self) == (0..<400).map { "\($0)\n" }.joined())
        #expect(most <= 5)
    }

    @Test("a failed write: nothing more is written, submit says stop, the failure is reported")
    func writeFailure() {
        let output = RecordingOutput(failAfter: 10)
        let (summary, _, submitted) = Self.run(jobs: 1_000, threads: 2, window: 4, output: output)
        #expect(summary.writeFailure?.description == "cannot write to standard output: Broken pipe")
        #expect(submitted < 1_000)
        #expect(String(decoding: output.written.withLock { $0 }, as: UTF8.self) == (0..<10).map { "\($0)\n" }.joined())
    }

    @Test(
        "batches for the first worker only (long ones, more than half the byte budget here) run one at a time, all on the same thread; others on every thread"
    )
    func longBatchesOnOneThread() {
        let threadsOfLong = Lock<Set<UInt>>([])
        let threadsOfShort = Lock<Set<UInt>>([])
        let longInWork = Atomic<Int>(0)
        let mostLongInWork = Atomic<Int>(0)
        let pipeline = OrderedPipeline<Int>(
            threads: 4, window: 16, byteBudget: 1_000, output: RecordingOutput(), errors: { _ in },
            progress: nil, stop: nil
        ) { job, _ in
            let thread = UInt(bitPattern: Int(pthread_self()))
            if job % 3 == 0 {
                _ = mostLongInWork.max(longInWork.add(1, ordering: .relaxed).newValue, ordering: .relaxed)
                threadsOfLong.withLock { _ = $0.insert(thread) }
                usleep(300)
                longInWork.subtract(1, ordering: .relaxed)
            } else {
                threadsOfShort.withLock { _ = $0.insert(thread) }
                usleep(UInt32(job % 7) * 100)
            }
            return BatchOutput(bytes: Array("\(job)\n".utf8), answered: 1)
        }
        for job in 0..<300 {
            #expect(pipeline.submit(job, bytes: job % 3 == 0 ? 600 : 50, firstWorkerOnly: job % 3 == 0))
        }
        #expect(pipeline.finish().answered == 300)
        #expect(threadsOfLong.withLock { $0.count } == 1)
        #expect(mostLongInWork.load(ordering: .relaxed) == 1)
        #expect(threadsOfShort.withLock { $0.count } > 1, "short batches run on several threads")
    }

    @Test("a batch cut short (a stop): it is written, nothing after it")
    func cut() {
        let output = RecordingOutput()
        let (summary, _, _) = Self.run(jobs: 300, threads: 4, window: 8, output: output, cutAt: 120)
        #expect(summary.cut)
        #expect(
            String(decoding: output.written.withLock { $0 }, as: UTF8.self) == (0..<120).map { "\($0)\n" }.joined()
                + "120 cut\n")
    }
}
