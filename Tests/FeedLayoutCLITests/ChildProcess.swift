import Foundation
import LockSupport
import Testing
import TestSupport

/// The built `feedlayout` binary run as a child process, as a user, a shell or a supervisor
/// runs it: its pipes read while it runs, bytes written to it as it reads.
// The process and pipes are used from the test's thread; the buffers are locked.
final class ChildProcess: @unchecked Sendable {
    /// The binary beside the test bundle (SwiftPM builds every product before the tests).
    static let binary: String = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("feedlayout").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return Fixtures.repositoryRoot + "/.build/debug/feedlayout"
    }()

    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let received = Lock<[UInt8]>([])
    private let receivedErrors = Lock<[UInt8]>([])
    private let arrived = DispatchSemaphore(value: 0)
    private let readersDone = DispatchGroup()

    /// This process writes to children that may end before they read it all: a write to a pipe
    /// nobody reads must fail (EPIPE), not end the whole test run. Set once, before the first
    /// child starts, whatever test starts it (the disposition is the process's).
    private static let parentIgnoresBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Starts `arguments` (the binary's, or `/bin/sh -c script` with the binary as `$FL`) in
    /// `directory` (by default a temporary one: not the clone), with `$FEEDLAYOUT_FONTS` naming
    /// the clone's `Fonts/` when `bundledFonts`, else unset (the binary finds its fonts itself),
    /// then `environment` on top.
    ///
    /// The child starts with SIGPIPE's default action, as a user's shell starts it: an ignored
    /// signal is inherited through exec, and this process ignores SIGPIPE (env resets it). The
    /// signals named in `ignoring` ("TERM", "INT") it starts with ignored, as `nohup` or a
    /// shell's background job starts a command.
    init(
        arguments: [String], shell: Bool = false, environment: [String: String] = [:],
        directory: String = NSTemporaryDirectory(), bundledFonts: Bool = true, ignoring: [String] = []
    ) throws {
        _ = Self.parentIgnoresBrokenPipes
        var env = ProcessInfo.processInfo.environment
        env["FEEDLAYOUT_FONTS"] = bundledFonts ? Fixtures.fontsDirectory : nil
        env["FL"] = Self.binary
        env.merge(environment) { $1 }
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["--default-signal=PIPE"] + ignoring.map { "--ignore-signal=\($0)" }
            + (shell ? ["/bin/sh", "-c"] : [Self.binary]) + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        for (pipe, buffer, signal) in [(output, received, true), (errors, receivedErrors, false)] {
            let handle = pipe.fileHandleForReading
            readersDone.enter()
            Thread { [arrived, readersDone] in
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    buffer.withLock { $0 += data }
                    if signal { arrived.signal() }
                }
                if signal { arrived.signal() }
                readersDone.leave()
            }.start()
        }
    }

    var pid: Int32 { process.processIdentifier }

    /// Writes to the child's standard input (from this thread: keep writes small, or read on).
    func write(_ bytes: [UInt8]) { input.fileHandleForWriting.write(Data(bytes)) }

    /// Writes `bytes` from another thread, then closes standard input when `close`.
    func writeInBackground(_ bytes: [UInt8], close: Bool) {
        let handle = input.fileHandleForWriting
        Thread {
            try? handle.write(contentsOf: Data(bytes))
            if close { try? handle.close() }
        }.start()
    }

    func closeInput() { try? input.fileHandleForWriting.close() }

    /// What it wrote to standard output so far.
    var outputSoFar: [UInt8] { received.withLock { $0 } }

    /// Waits until standard output holds `count` lines (or `seconds` pass); returns them.
    func waitForLines(_ count: Int, seconds: Double = 30) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let lines = String(decoding: outputSoFar, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            if lines.count - 1 >= count || Date() > deadline { return lines.dropLast().map(String.init) }
            _ = arrived.wait(timeout: .now() + 0.05)
        }
    }

    /// The kernel's peak resident memory of the child (VmHWM), in bytes.
    var peakResidentBytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }

    /// The bytes the child has read so far (rchar of /proc/PID/io: every read(2) counts).
    var bytesRead: Int {
        guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8),
            let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }),
            let bytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return bytes
    }

    /// Waits for the child to end (killing it after `seconds`, an issue recorded); its exit
    /// status (or 128 + the signal that ended it), and everything it wrote.
    func finish(seconds: Double = 120) -> (status: Int32, output: [UInt8], errors: String) {
        let exited = DispatchSemaphore(value: 0)
        Thread { [process] in
            process.waitUntilExit()
            exited.signal()
        }.start()
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            Issue.record("feedlayout \(process.arguments ?? []) did not end within \(seconds) s: killed")
            kill(pid, SIGKILL)
            exited.wait()
        }
        readersDone.wait()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, outputSoFar, String(decoding: receivedErrors.withLock { $0 }, as: UTF8.self))
    }

    /// Runs a shell script (the binary is `$FL`) with `input` on standard input, to its end.
    static func shell(_ script: String, input: [UInt8] = [], environment: [String: String] = [:]) throws
        -> (status: Int32, output: String, errors: String)
    {
        let child = try ChildProcess(arguments: [script], shell: true, environment: environment)
        child.writeInBackground(input, close: true)
        let (status, output, errors) = child.finish()
        return (status, String(decoding: output, as: UTF8.self), errors)
    }
}
