import Foundation
import Synchronization

/// A failed read or write, with the system's reason: "cannot write to standard output: No
/// space left on device".
struct IOFailure: Error, CustomStringConvertible {
    /// What was being done: "read standard input", "open 'x.jsonl'".
    var operation: String
    /// The `errno` value.
    var code: Int32

    var description: String { "cannot \(operation): \(String(cString: strerror(code)))" }
}

/// Where a streaming command reads its input.
protocol InputSource: AnyObject {
    /// The input's name in messages: "standard input", "'page.jsonl'".
    var name: String { get }
    /// The number of bytes when known in advance (a regular file), for progress.
    var size: Int? { get }
    /// Whether a read would return at once (bytes are there, or the end): false when the
    /// writer of a pipe has nothing more for the moment.
    func isReady() -> Bool
    /// Reads what is there (at least one byte, waiting until there is), up to `buffer.count`;
    /// 0 at the end; nil when `stop` was requested while waiting.
    func read(into buffer: UnsafeMutableRawBufferPointer, stop: StopSignal?) throws(IOFailure) -> Int?
}

/// Where a streaming command writes its answers: every write is whole or fails.
protocol OutputSink: AnyObject, Sendable {
    func write(_ bytes: UnsafeRawBufferPointer) throws(IOFailure)
}

/// A file descriptor read with read(2): a regular file, pipe, FIFO, terminal, socket or device.
final class FileDescriptorInput: InputSource {
    let name: String
    let size: Int?
    private let fd: Int32
    private let ownsDescriptor: Bool
    private let isRegularFile: Bool
    /// Set when the descriptor was closed when the process started (it now reads /dev/null).
    private let closedAtStart: Bool

    init(fd: Int32, name: String, ownsDescriptor: Bool, closedAtStart: Bool = false) {
        self.fd = fd
        self.name = name
        self.ownsDescriptor = ownsDescriptor
        self.closedAtStart = closedAtStart
        var info = stat()
        if !closedAtStart, fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            isRegularFile = true
            size = Int(info.st_size)
        } else {
            isRegularFile = false
            size = nil
        }
    }

    /// Opens `path` for reading (any readable file: a pipe, FIFO or `/dev/stdin` too).
    static func open(_ path: String) throws(IOFailure) -> FileDescriptorInput {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw IOFailure(operation: "open '\(path)'", code: errno) }
        return FileDescriptorInput(fd: fd, name: "'\(path)'", ownsDescriptor: true)
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    func isReady() -> Bool {
        if isRegularFile || closedAtStart { return true }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) != 0  // readable, at its end, in error, or not pollable: a read will say
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, stop: StopSignal?) throws(IOFailure) -> Int? {
        if closedAtStart { throw IOFailure(operation: "read \(name)", code: EBADF) }
        while true {
            if let stop {
                if stop.isRequested { return nil }
                if !isRegularFile {
                    // Wait for input or a signal, whichever comes first.
                    var pollers = [
                        pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                        pollfd(fd: stop.wakeDescriptor, events: Int16(POLLIN), revents: 0),
                    ]
                    let ready = poll(&pollers, 2, -1)
                    if ready < 0 && errno != EINTR && errno != EINVAL && errno != EPERM {
                        throw IOFailure(operation: "wait for \(name)", code: errno)
                    }
                    if stop.isRequested { return nil }
                    if ready <= 0 { continue }
                }
            }
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                // A descriptor left non-blocking by whoever gave it to us: wait until readable.
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, -1)
            default: throw IOFailure(operation: "read \(name)", code: errno)
            }
        }
    }
}

/// A file descriptor written with write(2), every byte or an error.
final class FileDescriptorOutput: OutputSink {
    let fd: Int32
    let name: String
    /// Set when the descriptor was closed when the process started (it now writes to /dev/null).
    let closedAtStart: Bool

    init(fd: Int32, name: String, closedAtStart: Bool = false) {
        self.fd = fd
        self.name = name
        self.closedAtStart = closedAtStart
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(IOFailure) {
        if closedAtStart { throw IOFailure(operation: "write to \(name)", code: EBADF) }
        let code = writeAll(bytes)
        if code != 0 { throw IOFailure(operation: "write to \(name)", code: code) }
    }

    /// Writes every byte; returns 0 or the errno of the write that failed.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if count > 0 {
                done += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, -1)
            } else {
                return count < 0 ? errno : EIO
            }
        }
        return 0
    }
}

/// Standard error as warnings and errors are written to it: a write that fails (a full disk, a
/// closed descriptor) loses that text, and is remembered so that the exit status can say so.
final class DiagnosticsOutput: Sendable {
    private let sink: FileDescriptorOutput
    private let failed = Atomic<Bool>(false)

    init(_ sink: FileDescriptorOutput) { self.sink = sink }

    func write(_ text: String) {
        do {
            try sink.write(text)
        } catch {
            failed.store(true, ordering: .relaxed)
        }
    }

    /// Whether some text could not be written.
    var lostSomething: Bool { failed.load(ordering: .relaxed) }
}

extension OutputSink {
    /// Writes `text` as UTF-8.
    func write(_ text: String) throws(IOFailure) {
        let bytes = Array(text.utf8)
        let failure = bytes.withUnsafeBytes { raw -> IOFailure? in
            do throws(IOFailure) {
                try write(raw)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
}

/// Bytes in memory, handed out in the chunks given, for tests: a chunk may be marked as coming
/// after a pause (the source is not ready before it), as a pipe whose writer waits.
final class MemoryInput: InputSource {
    let name = "standard input"
    var size: Int? { nil }
    private var chunks: [[UInt8]]
    private var pauses: Set<Int>
    private var next = 0
    private var offset = 0

    /// - Parameters:
    ///   - chunks: the input, in pieces.
    ///   - pausesBefore: indices of chunks before which the source is not ready.
    init(_ chunks: [[UInt8]], pausesBefore: Set<Int> = []) {
        // Empty chunks are dropped; a pause before one moves to the next chunk kept.
        var kept: [[UInt8]] = []
        var pauses: Set<Int> = []
        for (index, chunk) in chunks.enumerated() {
            if pausesBefore.contains(index) { pauses.insert(kept.count) }
            if !chunk.isEmpty { kept.append(chunk) }
        }
        self.chunks = kept
        self.pauses = pauses
    }

    func isReady() -> Bool { offset > 0 || !pauses.contains(next) }

    func read(into buffer: UnsafeMutableRawBufferPointer, stop: StopSignal?) throws(IOFailure) -> Int? {
        if stop?.isRequested == true { return nil }
        guard next < chunks.count else { return 0 }
        pauses.remove(next)
        let chunk = chunks[next]
        let count = min(buffer.count, chunk.count - offset)
        chunk.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
        offset += count
        if offset == chunk.count {
            next += 1
            offset = 0
        }
        return count
    }
}

/// Output collected through a closure (in-process tests, `CommandLineTool.IO.output`).
final class ClosureOutput: OutputSink {
    private let body: @Sendable (String) -> Void
    init(_ body: @escaping @Sendable (String) -> Void) { self.body = body }
    func write(_ bytes: UnsafeRawBufferPointer) throws(IOFailure) { body(String(decoding: bytes, as: UTF8.self)) }
}

/// A request to stop (SIGINT or SIGTERM): readers stop reading, workers stop between two
/// answers, and everything answered is written. A pipe wakes a reader waiting for input.
final class StopSignal: Sendable {
    private let requested = Atomic<Int32>(0)
    /// Becomes readable once a stop is requested.
    let wakeDescriptor: Int32
    private let wakeWriter: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for fd in descriptors {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        } else {
            descriptors = [-1, -1]
        }
        wakeDescriptor = descriptors[0]
        wakeWriter = descriptors[1]
    }

    /// The signal that asked to stop, or 0.
    var signal: Int32 { requested.load(ordering: .acquiring) }
    var isRequested: Bool { signal != 0 }

    /// Asks to stop (async-signal-safe: an atomic store and a write(2)).
    func request(_ signal: Int32) {
        guard requested.compareExchange(expected: 0, desired: signal, ordering: .acquiringAndReleasing).exchanged else {
            return
        }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWriter, &byte, 1)
    }

    /// The process's own: SIGINT and SIGTERM request it once a command listens.
    static let process = StopSignal()

    /// Makes SIGINT and SIGTERM request this stop, when it is the process's (a command that
    /// reads input calls this; other commands keep the signals' default action).
    func listenToSignals() {
        guard self === Self.process else { return }
        _ = Self.handlersInstalled
        // A parent may start us with the signals blocked (the mask is inherited): take them on
        // this thread, which reads (workers block them).
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    private static let handlersInstalled: Void = installHandlers()

    /// SIGINT and SIGTERM ask ``process`` to stop; a second one ends the process at once. A
    /// signal ignored when the process started stays ignored: whoever started it (`nohup`, a
    /// shell's background job, a supervisor) asked for that, and the ignored disposition is
    /// what exec passes on.
    private static func installHandlers() {
        _ = process.wakeDescriptor  // made before any signal can come
        for signal in [SIGINT, SIGTERM] {
            var current = sigaction()
            if sigaction(signal, nil, &current) == 0, isIgnored(current) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                if StopSignal.process.isRequested { _exit(128 + signal) }
                StopSignal.process.request(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0  // no SA_RESTART: a blocking call returns EINTR
            sigaction(signal, &action, nil)
        }
    }

    /// Whether `action` ignores its signal (its handler is SIG_IGN).
    private static func isIgnored(_ action: sigaction) -> Bool {
        guard let handler = action.__sigaction_handler.sa_handler else { return false }  // SIG_DFL
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Keeps SIGINT and SIGTERM off the calling thread (workers), so that they reach the
    /// thread that reads.
    static func blockOnThisThread() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}

/// The standard descriptors as the process found them: 0, 1 or 2 closed at start are opened on
/// /dev/null (so that no file opened later takes their number), and reading or writing them is
/// then an error (EBADF) rather than reading or writing some other file.
enum StandardDescriptors {
    /// Which of 0, 1, 2 were closed when first asked: `main` asks first thing, before any file
    /// is opened.
    static let closedAtStart: Set<Int32> = {
        var closed: Set<Int32> = []
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            closed.insert(fd)
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
        return closed
    }()
}
