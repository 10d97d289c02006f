import Foundation
import Synchronization

/// What a worker made of one batch of input.
struct BatchOutput: Sendable {
    /// The answers, whole lines.
    var bytes: [UInt8] = []
    /// Warnings for standard error, written just before the answers.
    var warnings = ""
    /// How many inputs it answered, and how many of those answers are errors.
    var answered = 0
    var failures = 0
    /// False when a stop request cut it short (its answers are a prefix of the batch's).
    var complete = true
    /// Where in the input the batch ends (bytes), for progress.
    var inputEnd = 0
}

/// Runs batches of work on worker threads and writes their outputs in the order the batches
/// were given, each as soon as it and every earlier one are done.
///
/// Memory is bounded: at most `window` batches are between being given and being written, and
/// together at most `byteBudget` bytes of input (a larger batch waits until it is alone). A
/// batch given as `firstWorkerOnly` (one holding a long line or status) runs on the first
/// worker only: laying out a long text takes memory in proportion to it, and a thread's
/// allocator arena and scratch keep what they grew to, so long texts spread over every thread
/// would cost that many times the longest. A
/// failed write ends the run (later outputs are dropped, ``submit(_:bytes:firstWorkerOnly:)`` says stop); so
/// does a batch cut short by a stop request, after which nothing more is written, so that the
/// output is always a prefix of the full output, in whole lines.
///
/// `@unchecked Sendable`: every mutable field is touched only with `monitor` locked, or by the
/// one thread that writes (`writing` set under the lock).
final class OrderedPipeline<Job: Sendable>: @unchecked Sendable {
    /// The totals of a run.
    struct Summary {
        var answered = 0
        var failures = 0
        /// The write that failed, if one did.
        var writeFailure: IOFailure?
        /// Whether a stop request cut the output short.
        var cut = false
    }

    private let monitor = Monitor()
    private let process: @Sendable (Job, StopSignal?) -> BatchOutput
    private let output: any OutputSink
    private let errors: @Sendable (String) -> Void
    private let progress: Progress?
    private let stop: StopSignal?
    private let window: Int
    private let byteBudget: Int

    // Guarded by `monitor`.
    private var queue: [(sequence: Int, job: Job, bytes: Int, firstWorkerOnly: Bool)] = []
    private var completed: [Int: (output: BatchOutput, bytes: Int)] = [:]
    private var nextSequence = 0
    private var nextToWrite = 0
    private var inFlight = 0
    private var inFlightBytes = 0
    private var writing = false
    private var closed = false
    private var workersRunning = 0
    private var summary = Summary()
    /// Set once nothing more is to be written (a write failed, or a batch was cut short).
    private let abandoned = Atomic<Bool>(false)

    /// Starts `threads` workers.
    ///
    /// - Parameters:
    ///   - window: how many batches may be given and not yet written.
    ///   - byteBudget: how many bytes of input they may hold together.
    ///   - process: makes a batch's output, checking `stop` between two answers.
    init(
        threads: Int, window: Int, byteBudget: Int, output: any OutputSink,
        errors: @escaping @Sendable (String) -> Void,
        progress: Progress?, stop: StopSignal?, process: @escaping @Sendable (Job, StopSignal?) -> BatchOutput
    ) {
        self.process = process
        self.output = output
        self.errors = errors
        self.progress = progress
        self.stop = stop
        self.window = max(1, window)
        self.byteBudget = byteBudget
        workersRunning = max(1, threads)
        for worker in 0..<max(1, threads) {
            let thread = Thread { [self] in work(worker) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Gives a batch of `bytes` bytes of input to the workers, waiting while the window is full;
    /// with `firstWorkerOnly`, only the first worker runs it. Returns false when no more
    /// batches should be given (a write failed, output was cut short, or a stop was
    /// requested): the batch is then dropped.
    func submit(_ job: Job, bytes: Int, firstWorkerOnly: Bool = false) -> Bool {
        monitor.lock()
        defer { monitor.unlock() }
        while !(inFlight < window && (inFlightBytes + bytes <= byteBudget || inFlight == 0)) {
            if abandoned.load(ordering: .relaxed) || stop?.isRequested == true { return false }
            monitor.wait(seconds: 0.1)  // wakes now and then to see a stop request
        }
        if abandoned.load(ordering: .relaxed) || stop?.isRequested == true { return false }
        queue.append((nextSequence, job, bytes, firstWorkerOnly))
        nextSequence += 1
        inFlight += 1
        inFlightBytes += bytes
        monitor.broadcast()
        return true
    }

    /// Waits until every batch given is answered and written, and the workers have ended.
    func finish() -> Summary {
        monitor.lock()
        closed = true
        monitor.broadcast()
        while nextToWrite < nextSequence || workersRunning > 0 { monitor.wait() }
        let result = summary
        monitor.unlock()
        progress?.finish()
        return result
    }

    private func work(_ worker: Int) {
        StopSignal.blockOnThisThread()
        monitor.lock()
        while true {
            // The first batch this worker may run (one for the first worker only on worker 0).
            var next = queue.firstIndex { worker == 0 || !$0.firstWorkerOnly }
            while next == nil && !closed {
                monitor.wait()
                next = queue.firstIndex { worker == 0 || !$0.firstWorkerOnly }
            }
            guard let index = next else { break }
            let (sequence, job, bytes, _) = queue.remove(at: index)
            monitor.unlock()
            let made = abandoned.load(ordering: .relaxed) ? BatchOutput(complete: false) : process(job, stop)
            monitor.lock()
            completed[sequence] = (made, bytes)
            writeReady()
        }
        workersRunning -= 1
        monitor.broadcast()
        monitor.unlock()
    }

    /// Writes the completed outputs that are next in order (called with the lock held; one
    /// thread writes at a time, the others leave their outputs for it).
    private func writeReady() {
        guard !writing else { return }
        writing = true
        while let (made, bytes) = completed.removeValue(forKey: nextToWrite) {
            nextToWrite += 1
            let skip = abandoned.load(ordering: .relaxed)
            monitor.unlock()
            var failure: IOFailure?
            if !skip {
                if !made.warnings.isEmpty { progress?.clearLine(); errors(made.warnings) }
                if !made.bytes.isEmpty {
                    failure = made.bytes.withUnsafeBytes { raw -> IOFailure? in
                        do throws(IOFailure) {
                            try output.write(raw)
                            return nil
                        } catch {
                            return error
                        }
                    }
                }
                progress?.advance(answered: made.answered, inputEnd: made.inputEnd)
            }
            monitor.lock()
            if !skip {
                summary.answered += made.answered
                summary.failures += made.failures
                if let failure {
                    summary.writeFailure = failure
                    abandoned.store(true, ordering: .relaxed)
                } else if !made.complete {
                    summary.cut = true
                    abandoned.store(true, ordering: .relaxed)
                }
            }
            inFlight -= 1
            inFlightBytes -= bytes
            monitor.broadcast()
        }
        writing = false
    }
}

/// A pthread mutex and condition variable (the thread sanitizer sees them, as it sees
/// `LockSupport.Lock`).
///
/// `@unchecked Sendable`: the pthread objects are made for sharing between threads.
final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    func broadcast() { pthread_cond_broadcast(condition) }
    /// Waits for a broadcast (the lock held).
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for a broadcast or `seconds` (the lock held).
    func wait(seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(seconds * 1e9)
        var deadline = timespec(tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        pthread_cond_timedwait(condition, mutex, &deadline)
    }
}

/// "heights: 12,000 statuses (41 %)" on a terminal's standard error, now and then, written by
/// the one thread that writes answers.
///
/// `@unchecked Sendable`: used by one thread at a time (the pipeline's writer, then `finish`).
final class Progress: @unchecked Sendable {
    private let label: String
    private let unit: String
    private let total: Int?
    private let errors: @Sendable (String) -> Void
    private var answered = 0
    private var shown = false
    private var lastShown = 0.0

    init(label: String, unit: String, totalBytes: Int?, errors: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.unit = unit
        total = totalBytes
        self.errors = errors
    }

    func advance(answered count: Int, inputEnd: Int) {
        answered += count
        let now = Date.timeIntervalSinceReferenceDate
        guard now - lastShown >= 0.25 else { return }
        lastShown = now
        var line = "\r\(label): \(answered.formatted()) \(unit)"
        if let total, total > 0 { line += " (\(min(100, inputEnd * 100 / total)) %)" }
        errors(line)
        shown = true
    }

    /// Clears the progress line before a warning.
    func clearLine() {
        if shown { errors("\r\u{1B}[K") }
        shown = false
    }

    func finish() {
        guard shown else { return }
        errors("\r\(label): \(answered.formatted()) \(unit)\u{1B}[K\n")
        shown = false
    }
}
