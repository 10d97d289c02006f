import Foundation
import Synchronization

/// Where the runner writes: results to one place (stdout), progress and errors to another
/// (stderr). Tests pass a ``Console/capturing()`` console instead.
public struct Console: Sendable {
    /// Writes results (text ending in a newline where it should).
    public let output: @Sendable (String) -> Void
    /// Writes progress and diagnostics.
    public let diagnostics: @Sendable (String) -> Void

    public init(output: @escaping @Sendable (String) -> Void, diagnostics: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.diagnostics = diagnostics
    }

    /// stdout and stderr.
    public static let standard = Console(
        output: { FileHandle.standardOutput.write(Data($0.utf8)) },
        diagnostics: { FileHandle.standardError.write(Data($0.utf8)) })

    /// A console that keeps what is written, and a way to read it back.
    public static func capturing() -> (console: Console, written: @Sendable () -> (output: String, diagnostics: String))
    {
        let captured = CapturedText()
        let console = Console(
            output: { text in captured.buffers.withLock { $0.output += text } },
            diagnostics: { text in captured.buffers.withLock { $0.diagnostics += text } })
        return (console, { captured.buffers.withLock { $0 } })
    }
}

/// What a capturing console was given, shared by its closures.
private final class CapturedText: Sendable {
    let buffers = Mutex<(output: String, diagnostics: String)>(("", ""))
}
