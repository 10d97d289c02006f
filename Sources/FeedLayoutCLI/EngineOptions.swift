import Foundation
import TextLayout

/// The font options every command shares: `--font FILE` or `--font-family NAME` (each
/// repeatable) and `--fonts-dir DIR`.
struct EngineOptions {
    static let valued: Set<String> = ["--font", "--font-family", "--fonts-dir"]
    static let help = """
          --font <file>           A font file; repeat for a fallback stack, in order (FILE#N
                                  picks face N of a collection). (default: the bundled Noto Sans,
                                  Noto Sans CJK SC, Noto Color Emoji)
          --font-family <name>    An installed font family, found with fontconfig (as apps
                                  draw with it); repeat for a fallback stack, in order.
                                  fontconfig's fallback fonts follow. Not with --font.
          --fonts-dir <dir>       Where the bundled fonts are (default: $FEEDLAYOUT_FONTS, or
                                  the resource bundle beside the tool).
        """

    var fontFiles: [String]
    var fontFamilies: [String]
    var fontsDirectory: String?

    init(_ scanner: ArgumentScanner) {
        fontFiles = scanner.values["--font"] ?? []
        fontFamilies = scanner.values["--font-family"] ?? []
        fontsDirectory = scanner.value("--fonts-dir")
    }

    /// The engine, or the error to print: a ``UsageError`` (exit status 64) for `--font` with
    /// `--font-family`, a font error (exit status 1) otherwise.
    func makeEngine() throws -> TextEngine {
        if !fontFamilies.isEmpty {
            guard fontFiles.isEmpty else {
                throw UsageError(message: "--font and --font-family cannot be used together")
            }
            return TextEngine(fonts: try FontStack.system(families: fontFamilies))
        }
        let stack =
            fontFiles.isEmpty ? try FontStack.bundled(directory: fontsDirectory) : try FontStack(files: fontFiles)
        return TextEngine(fonts: stack)
    }
}
