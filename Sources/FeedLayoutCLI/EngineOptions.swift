import Foundation
import TextLayout

/// The font options every command shares: `--font FILE` (repeatable) and `--fonts-dir DIR`.
struct EngineOptions {
    static let valued: Set<String> = ["--font", "--fonts-dir"]
    static let help = """
          --font <file>           A font file; repeat for a fallback stack, in order (FILE#N
                                  picks face N of a collection). (default: the bundled Noto Sans,
                                  Noto Sans CJK SC, Noto Color Emoji)
          --fonts-dir <dir>       Where the bundled fonts are (default: $FEEDLAYOUT_FONTS, or
                                  Fonts/ of the clone the tool was built in).
        """

    var fontFiles: [String]
    var fontsDirectory: String?

    init(_ scanner: ArgumentScanner) {
        fontFiles = scanner.values["--font"] ?? []
        fontsDirectory = scanner.value("--fonts-dir")
    }

    /// The engine, or the error to print (exit status 1).
    func makeEngine() throws -> TextEngine {
        let stack = fontFiles.isEmpty ? try FontStack.bundled(directory: fontsDirectory) : try FontStack(files: fontFiles)
        return TextEngine(fonts: stack)
    }
}

/// Reads a FILE argument, `-` or nothing meaning standard input.
func readInput(_ positionals: [String], io: CommandLineTool.IO) throws(UsageError) -> Result<[UInt8], CommandFailure> {
    guard positionals.count <= 1 else { throw UsageError(message: "expected at most one FILE, got \(positionals.count)") }
    guard let path = positionals.first, path != "-" else { return .success(io.readInput()) }
    guard let data = FileManager.default.contents(atPath: path) else {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        return .failure(CommandFailure(message: exists ? (isDirectory.boolValue ? "'\(path)' is a directory" : "cannot read '\(path)'")
                                                       : "no such file: '\(path)'"))
    }
    return .success(Array(data))
}

/// A failure that ends a command with status 1.
struct CommandFailure: Error {
    var message: String
}
