import Foundation
import StatusLayout

/// One input to answer: a line (`measure`) or a status (`heights`), and where it is.
struct InputUnit: Sendable {
    /// Its bytes in the batch.
    var start: Int
    var count: Int
    /// Where it begins in the input (line and column from 1) and its place among the answers.
    var line: Int
    var column = 1
    var index: Int
    /// How deep arrays and objects nest in it (statuses).
    var depth = 0
    /// What kind of response it was found in (statuses).
    var source = StatusElement.Source.plain
    /// The objects its response holds beside it (statuses of Twitter API v2 and YYKit's pages).
    var references: StatusReferences?
    /// Bytes that are not JSON (statuses): the error to answer in their place.
    var failure: StatusDecodingError?
    /// A line longer than the longest one measured (its bytes are not kept): an error answers it.
    var isTooLong = false
}

/// Inputs given to a worker together, with their bytes.
struct InputBatch: Sendable {
    var bytes: [UInt8] = []
    var units: [InputUnit] = []
    /// Where in the input the batch ends, for progress.
    var inputEnd = 0
    /// The bytes of its longest unit.
    var longestUnit = 0

    /// The bytes of `unit`.
    func withBytes<Result>(of unit: InputUnit, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[unit.start..<unit.start + unit.count])) }
    }
}

/// Gathers inputs into batches and hands each to the pipeline when it is large enough, or when
/// asked (`flush`: the input paused, or ended).
final class BatchBuilder {
    private var batch = InputBatch()
    private let maximumUnits: Int
    private let maximumBytes: Int
    private let submit: (InputBatch) -> Bool
    /// Set once the pipeline refused a batch: nothing more is to be read.
    private(set) var refused = false
    /// The input's bytes read so far.
    var inputOffset = 0

    init(maximumUnits: Int, maximumBytes: Int, submit: @escaping (InputBatch) -> Bool) {
        self.maximumUnits = maximumUnits
        self.maximumBytes = maximumBytes
        self.submit = submit
    }

    func add(
        _ bytes: UnsafeRawBufferPointer, line: Int, column: Int = 1, index: Int, depth: Int = 0,
        source: StatusElement.Source = .plain, references: StatusReferences? = nil, failure: StatusDecodingError? = nil,
        isTooLong: Bool = false
    ) {
        batch.units.append(
            InputUnit(
                start: batch.bytes.count, count: bytes.count, line: line, column: column, index: index,
                depth: depth, source: source, references: references, failure: failure, isTooLong: isTooLong))
        batch.bytes.append(contentsOf: bytes)
        batch.longestUnit = max(batch.longestUnit, bytes.count)
        if batch.units.count >= maximumUnits || batch.bytes.count >= maximumBytes { flush() }
    }

    /// Hands over what is gathered, if anything.
    func flush() {
        guard !batch.units.isEmpty, !refused else { return }
        batch.inputEnd = inputOffset
        if !submit(batch) { refused = true }
        batch = InputBatch()
    }
}

/// Cuts input into units, chunk by chunk.
protocol InputCutter {
    mutating func feed(_ chunk: UnsafeRawBufferPointer, into builder: BatchBuilder)
    /// The input ended: what is left.
    mutating func finish(into builder: BatchBuilder)
}

/// Lines: split at "\n", a "\r" before it dropped; a last line without "\n" counts, no line
/// after a final "\n". A line longer than `longestLine` bytes (without its "\n" or "\r\n") is
/// not kept: it is answered by an error (``InputUnit/isTooLong``) as soon as it is known to be too
/// long, and the rest of it is skipped. Keeps at most `longestLine + 1` bytes of an unfinished
/// line between chunks, so memory stays bounded whatever the line (`< /dev/zero` too).
struct LineCutter: InputCutter {
    /// The longest line answered, in bytes.
    let longestLine: Int
    private var partial: [UInt8] = []
    private var line = 0
    /// Set while the rest of a line too long to answer is skipped.
    private var skipping = false

    init(longestLine: Int) {
        self.longestLine = longestLine
    }

    mutating func feed(_ chunk: UnsafeRawBufferPointer, into builder: BatchBuilder) {
        guard let base = chunk.baseAddress else { return }
        var start = 0
        while start < chunk.count {
            guard let found = memchr(base + start, 0x0A, chunk.count - start) else {
                keepUnfinished(UnsafeRawBufferPointer(rebasing: chunk[start...]), into: builder)
                return
            }
            let end = base.distance(to: UnsafeRawPointer(found))
            let piece = UnsafeRawBufferPointer(rebasing: chunk[start..<end])
            start = end + 1
            if skipping {
                skipping = false  // the end of the line too long: already answered
                continue
            }
            line += 1
            if partial.isEmpty {
                emit(piece, into: builder)
            } else {
                if partial.count + piece.count > longestLine + 1 {
                    tooLong(into: builder)
                } else {
                    partial.append(contentsOf: piece)
                    partial.withUnsafeBytes { emit($0, into: builder) }
                }
                partial.removeAll(keepingCapacity: true)
            }
        }
    }

    mutating func finish(into builder: BatchBuilder) {
        guard !partial.isEmpty else { return }
        line += 1
        partial.withUnsafeBytes { emit($0, into: builder) }
        partial = []
    }

    /// Keeps the start of an unfinished line, unless it makes the line too long.
    private mutating func keepUnfinished(_ piece: UnsafeRawBufferPointer, into builder: BatchBuilder) {
        guard !skipping else { return }
        // One byte more than the longest line: it may be the "\r" of a "\r\n".
        let needed = partial.count + piece.count
        if needed > longestLine + 1 {
            line += 1
            tooLong(into: builder)
            partial = []
            skipping = true
        } else {
            // Grown by doubling, but never past what a line may hold.
            if partial.capacity < needed {
                partial.reserveCapacity(min(longestLine + 1, max(needed, 2 * partial.capacity)))
            }
            partial.append(contentsOf: piece)
        }
    }

    /// Answers line `line` (a "\r" at its end dropped), or says it is too long.
    private func emit(_ bytes: UnsafeRawBufferPointer, into builder: BatchBuilder) {
        var text = bytes
        if text.last == 0x0D { text = UnsafeRawBufferPointer(rebasing: text.dropLast()) }
        guard text.count <= longestLine else { return tooLong(into: builder) }
        builder.add(text, line: line, index: line)
    }

    /// Answers line `line` with an error; the rest of it may take long to skip (an endless
    /// line), so what is gathered is handed over now.
    private func tooLong(into builder: BatchBuilder) {
        builder.add(UnsafeRawBufferPointer(start: nil, count: 0), line: line, index: line, isTooLong: true)
        builder.flush()
    }
}

/// Statuses, found by a ``StatusSplitter`` in any shape of input.
struct StatusCutter: InputCutter {
    private let splitter = StatusSplitter()

    mutating func feed(_ chunk: UnsafeRawBufferPointer, into builder: BatchBuilder) {
        splitter.feed(chunk) { Self.add($0, to: builder) }
    }

    mutating func finish(into builder: BatchBuilder) {
        splitter.finish { Self.add($0, to: builder) }
    }

    private static func add(_ item: StatusSplitter.Item, to builder: BatchBuilder) {
        switch item {
        case .element(let element):
            builder.add(
                element.bytes, line: element.line, column: element.column, index: element.index, depth: element.depth,
                source: element.source, references: element.references)
        case .error(let error):
            guard case .failure(let failure) = error.result else { return }
            builder.add(
                UnsafeRawBufferPointer(start: nil, count: 0), line: error.line, index: error.index, failure: failure)
        }
    }
}

/// Reads an input to its end (or a stop), cutting it into batches answered on worker threads
/// and written in order: what `measure` and `heights` share.
enum StreamingRun {
    /// How a run ended.
    struct Outcome {
        var summary: OrderedPipeline<InputBatch>.Summary
        /// The read that failed, if one did.
        var readFailure: IOFailure?
        /// The signal that stopped it, or 0.
        var signal: Int32 = 0
    }

    /// The size of each read.
    static let chunkSize = 256 << 10

    /// How many bytes of input may be between being read and being written. Laying a text out
    /// takes memory in proportion to its length (tens of bytes per byte), so long lines must
    /// not be laid out several at once: a batch that does not fit beside the others waits until
    /// it is alone, and two lines longer than half of this are never in work together.
    static let byteBudget = 1 << 20

    /// Inputs of this many bytes or more (a long line or status) are answered on the first
    /// worker only. The engine's scratch and a thread's allocator arena keep what a text made
    /// them grow to (about 150 bytes a byte of text at most, measured), so long inputs spread
    /// over every worker would hold that many times the memory of the longest; this way every
    /// other worker holds at most what a text of this length needs (about 10 MB).
    static let longUnit = 64 << 10

    /// Reads `source` (or takes `units` already in memory) and answers every input.
    ///
    /// - Parameters:
    ///   - threads: how many workers answer.
    ///   - maximumUnits: how many inputs a batch holds at most (a batch is also handed over when
    ///     the input pauses, so that a co-process gets its answer).
    ///   - process: the answers of one batch.
    static func run(
        source: InputSource, cutter: inout some InputCutter, threads: Int, maximumUnits: Int, io: CommandLineTool.IO,
        progressLabel: String, progressUnit: String,
        process: @escaping @Sendable (InputBatch, StopSignal?) -> BatchOutput
    ) -> Outcome {
        let stop = io.stop
        stop?.listenToSignals()
        let progress =
            io.errorsIsTerminal
            ? Progress(label: progressLabel, unit: progressUnit, totalBytes: source.size, errors: io.errors) : nil
        let pipeline = OrderedPipeline<InputBatch>(
            threads: threads, window: 4 * max(1, threads) + 2, byteBudget: byteBudget, output: io.standardOutput,
            errors: io.errors, progress: progress, stop: stop, process: process)
        let builder = BatchBuilder(maximumUnits: maximumUnits, maximumBytes: byteBudget / 4) { batch in
            pipeline.submit(batch, bytes: batch.bytes.count, firstWorkerOnly: batch.longestUnit >= longUnit)
        }
        var readFailure: IOFailure?
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var ended = false
        reading: while !builder.refused {
            // Input pauses (a co-process waits for its answer): answer what is complete now.
            if !source.isReady() { builder.flush() }
            let count: Int?
            do {
                count = try source.read(into: buffer, stop: stop)
            } catch {
                readFailure = error
                break reading
            }
            guard let count else { break reading }  // stopped
            if count == 0 {
                ended = true
                break reading
            }
            builder.inputOffset += count
            cutter.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count]), into: builder)
        }
        if ended, stop?.isRequested != true { cutter.finish(into: builder) }
        if stop?.isRequested != true { builder.flush() }
        let summary = pipeline.finish()
        return Outcome(summary: summary, readFailure: readFailure, signal: stop?.signal ?? 0)
    }

    /// The exit status and the closing messages of a run.
    static func exitStatus(_ outcome: Outcome, io: CommandLineTool.IO, failedAnswers: Bool) -> Int32 {
        if let failure = outcome.summary.writeFailure {
            io.errors("Error: \(failure)\n")
            return CommandLineTool.ExitStatus.failure
        }
        if outcome.signal != 0 { return 128 + outcome.signal }
        if let failure = outcome.readFailure {
            io.errors("Error: \(failure)\n")
            return CommandLineTool.ExitStatus.failure
        }
        return failedAnswers && outcome.summary.failures > 0
            ? CommandLineTool.ExitStatus.failure : CommandLineTool.ExitStatus.success
    }
}
