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
        public static let success: Int32 = 0
        public static let failure: Int32 = 1
        public static let usage: Int32 = 64
    }

    /// Where a command reads its input and writes its output.
    public struct IO: Sendable {
        /// Returns the whole standard input.
        public var readInput: @Sendable () -> [UInt8]
        public var output: @Sendable (String) -> Void
        public var errors: @Sendable (String) -> Void
        /// Whether standard error is a terminal (progress lines are shown only then).
        public var errorsIsTerminal: Bool

        public init(readInput: @escaping @Sendable () -> [UInt8], output: @escaping @Sendable (String) -> Void,
                    errors: @escaping @Sendable (String) -> Void, errorsIsTerminal: Bool = false) {
            self.readInput = readInput
            self.output = output
            self.errors = errors
            self.errorsIsTerminal = errorsIsTerminal
        }

        /// The process's own standard streams.
        public static var standard: IO {
            IO(readInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
               output: { FileHandle.standardOutput.write(Data($0.utf8)) },
               errors: { FileHandle.standardError.write(Data($0.utf8)) },
               errorsIsTerminal: isatty(2) == 1)
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

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

          See 'feedlayout <subcommand> --help' for the options of a subcommand.

        """

    /// Runs the tool with `arguments` (without the program name).
    public static func run(arguments: [String], io: IO) -> Int32 {
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
        default:
            io.errors("Error: unknown subcommand '\(first)'\n\n" + overview)
            return ExitStatus.usage
        }
    }

    /// Runs the tool as the process's `main` and exits.
    public static func main() -> Never {
        let arguments = CommandLine.arguments.dropFirst().enumerated().map { index, argument in
            // CommandLine.arguments repairs invalid UTF-8 silently: say so.
            let raw = CommandLine.unsafeArgv[index + 1].map { String(validatingCString: $0) } ?? nil
            if raw == nil {
                FileHandle.standardError.write(Data("warning: argument \(index + 1) is not valid UTF-8; invalid bytes were replaced by U+FFFD\n".utf8))
            }
            return argument
        }
        exit(run(arguments: arguments, io: .standard))
    }
}

/// A usage error: printed with the command's usage, exit status 64.
struct UsageError: Error {
    var message: String
}
