import Foundation
import TextLayout

/// The `feedlayout` command: parses arguments and runs a subcommand.
///
/// Every entry point returns the process exit status: 0 success, 1 failure, 64 bad usage.
/// Results go to `output`, diagnostics and progress to `errors`.
public struct CommandLineTool {
    /// The version printed by `--version`.
    public static let version = "0.1.0"

    /// Exit statuses.
    public enum ExitStatus {
        /// The command did what was asked.
        public static let success: Int32 = 0
        /// The command ran and failed (input it cannot use, a file it cannot read or write, a
        /// failed write).
        public static let failure: Int32 = 1
        /// The arguments were wrong (`EX_USAGE`).
        public static let usage: Int32 = 64
    }

    /// Where a command reads its input and writes its output.
    public struct IO: Sendable {
        /// Returns the whole standard input.
        public var readInput: @Sendable () -> [UInt8]
        /// Writes text to standard output (results), as it is: the text carries its own newlines.
        public var output: @Sendable (String) -> Void
        /// Writes text to standard error (errors, warnings, progress), as it is.
        public var errors: @Sendable (String) -> Void
        /// Whether standard error is a terminal (progress lines are shown only then).
        public var errorsIsTerminal: Bool
        /// Standard input as a stream, made when a command reads it (streaming commands).
        var standardInput: @Sendable () -> any InputSource
        /// Standard output for streaming commands: every write whole, or an error.
        var standardOutput: any OutputSink
        /// The stop SIGINT and SIGTERM request (nil: no signals, as in tests).
        var stop: StopSignal?
        /// Whether a write to standard error failed (a warning or an error lost).
        var errorsLost: @Sendable () -> Bool = { false }
        /// Whether standard input is a terminal (a command reading it says so first, rather
        /// than wait in silence).
        var inputIsTerminal = false

        /// Makes streams from closures (tests): `readInput` returns the whole input, also handed to
        /// streaming commands as one chunk; no signals stop a command.
        public init(
            readInput: @escaping @Sendable () -> [UInt8], output: @escaping @Sendable (String) -> Void,
            errors: @escaping @Sendable (String) -> Void, errorsIsTerminal: Bool = false
        ) {
            self.init(
                input: { MemoryInput([readInput()]) }, output: output, errors: errors,
                errorsIsTerminal: errorsIsTerminal)
            self.readInput = readInput
        }

        /// Input handed out by `input` (tests give it in chunks, with pauses).
        init(
            input: @escaping @Sendable () -> any InputSource, output: @escaping @Sendable (String) -> Void,
            errors: @escaping @Sendable (String) -> Void, errorsIsTerminal: Bool = false, stop: StopSignal? = nil
        ) {
            readInput = { Self.readAll(input()) ?? [] }
            self.output = output
            self.errors = errors
            self.errorsIsTerminal = errorsIsTerminal
            standardInput = input
            standardOutput = ClosureOutput(output)
            self.stop = stop
        }

        /// The process's own standard streams, read and written with read(2) and write(2):
        /// a failed write to standard output is an error (exit status 1), never a trap.
        public static var standard: IO {
            let closed = StandardDescriptors.closedAtStart
            let output = FileDescriptorOutput(fd: 1, name: "standard output", closedAtStart: closed.contains(1))
            let errors = DiagnosticsOutput(
                FileDescriptorOutput(fd: 2, name: "standard error", closedAtStart: closed.contains(2)))
            let input: @Sendable () -> any InputSource = {
                FileDescriptorInput(
                    fd: 0, name: "standard input", ownsDescriptor: false, closedAtStart: closed.contains(0))
            }
            var io = IO(
                input: input,
                output: { text in
                    do {
                        try output.write(text)
                    } catch {
                        errors.write("Error: \(error)\n")
                        exit(ExitStatus.failure)
                    }
                }, errors: { errors.write($0) }, errorsIsTerminal: isatty(2) == 1, stop: .process)
            io.errorsLost = { errors.lostSomething }
            io.inputIsTerminal = isatty(0) == 1
            io.readInput = {
                guard let bytes = readAll(input()) else { exit(ExitStatus.failure) }
                return bytes
            }
            io.standardOutput = output
            return io
        }

        /// Everything `source` holds; nil (after saying why on standard error) when reading fails.
        private static func readAll(_ source: any InputSource) -> [UInt8]? {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                do {
                    let count = try buffer.withUnsafeMutableBytes { (raw) throws(IOFailure) in
                        try source.read(into: raw, stop: nil)
                    }
                    guard let count, count > 0 else { return bytes }
                    bytes.append(contentsOf: buffer.prefix(count))
                } catch {
                    try? FileDescriptorOutput(fd: 2, name: "standard error").write("Error: \(error)\n")
                    return nil
                }
            }
        }
    }

    static let overview = """
        OVERVIEW: Measure text and status cells with real fonts (HarfBuzz, FreeType, ICU).

        USAGE: feedlayout <subcommand> [options]

        SUBCOMMANDS:
          measure                 Measure texts: line count, height and width at a width.
          heights                 Cell heights of a timeline of statuses (JSON Lines, array, timeline).
          layout                  The frame of every element of one status's cell, for debugging.
          timeline                Replay a scripted timeline session: refresh, load more, rotate.
          render-text             Draw one paragraph as laid out, to a PNG (--debug: line boxes).
          render                  Draw one status cell as laid out, to a PNG.
          render-timeline         Draw the first statuses of a timeline as stacked cells, to a PNG.

        OPTIONS:
        \(OptionValues.quietHelp)
          --version               Show the version.
          -h, --help              Show help information.

          See 'feedlayout <subcommand> --help' for the options of a subcommand.

        """

    /// Runs the tool with `arguments` (without the program name).
    public static func run(arguments: [String], io: IO) -> Int32 {
        // -q / --quiet is every command's, taken out before the command reads its options (up to
        // a "--", after which every argument is a text).
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let quiet = arguments[..<end].contains { $0 == "-q" || $0 == "--quiet" }
        let rest = arguments[..<end].filter { $0 != "-q" && $0 != "--quiet" } + arguments[end...]
        let gate = WarningGate(quiet: quiet, writingTo: io.errors)
        var gated = io
        gated.errors = { gate.pass($0) }
        let status = dispatch(arguments: Array(rest), io: gated)
        gate.finish()
        return status
    }

    private static func dispatch(arguments: [String], io: IO) -> Int32 {
        guard let first = arguments.first else {
            io.errors("Error: missing subcommand\n\n" + overview)
            return ExitStatus.usage
        }
        switch first {
        case "-h", "--help", "help":
            io.output(overview)
            return ExitStatus.success
        case "--version":
            io.output("feedlayout \(version)\n")
            return ExitStatus.success
        case "measure":
            return MeasureCommand.run(arguments: Array(arguments.dropFirst()), io: io)
        case "heights":
            return HeightsCommand.run(arguments: Array(arguments.dropFirst()), io: io)
        case "layout":
            return LayoutCommand.run(arguments: Array(arguments.dropFirst()), io: io)
        case "timeline":
            return TimelineCommand.run(arguments: Array(arguments.dropFirst()), io: io)
        case "render-text", "render", "render-timeline":
            return RenderCommands.run(first, arguments: Array(arguments.dropFirst()), io: io)
        default:
            io.errors("Error: unknown subcommand '\(first)'\n\n" + overview)
            return ExitStatus.usage
        }
    }

    /// Runs the tool as the process's `main` and exits.
    public static func main() -> Never {
        _ = StandardDescriptors.closedAtStart  // before any file is opened
        let io = IO.standard
        let arguments = CommandLine.arguments.dropFirst().enumerated().map { index, argument in
            // CommandLine.arguments repairs invalid UTF-8 silently: say so.
            let raw = CommandLine.unsafeArgv[index + 1].map { String(validatingCString: $0) } ?? nil
            if raw == nil {
                io.errors("warning: argument \(index + 1) is not valid UTF-8; invalid bytes were replaced by U+FFFD\n")
            }
            return argument
        }
        let status = run(arguments: arguments, io: io)
        // A warning that could not be written (standard error full or closed) is lost: a failure
        // of the command's, as a failed write to standard output is.
        exit(status == ExitStatus.success && io.errorsLost() ? ExitStatus.failure : status)
    }
}

/// A usage error: printed with the command's usage, exit status 64.
struct UsageError: Error {
    var message: String
}

extension CommandLineTool {
    /// Answers `--version` when it was given: true when answered (the command then exits 0).
    static func answersVersion(_ scanner: ArgumentScanner, io: IO) -> Bool {
        guard scanner.has("--version") else { return false }
        io.output("feedlayout \(version)\n")
        return true
    }

    /// Writes the error that ends a command and gives its exit status: a ``UsageError`` with
    /// the command's usage (64), any other error by its description (1).
    static func exitStatus(reporting error: any Error, usage: String, io: IO) -> Int32 {
        if let error = error as? UsageError { return reportUsage(error, usage: usage, io: io) }
        io.errors("Error: \(error)\n")
        return ExitStatus.failure
    }

    /// Writes a usage error with the command's usage and gives 64: the one place a usage error
    /// is printed.
    static func reportUsage(_ error: UsageError, usage: String, io: IO) -> Int32 {
        io.errors("Error: \(error.message)\n" + usage)
        return ExitStatus.usage
    }
}
