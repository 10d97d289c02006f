import Foundation
import Testing
import TestSupport
import TextLayout
@testable import FeedLayoutCLI

@Suite("--font-family and missing-glyph warnings")
struct FontFamilyAndMissingGlyphTests {
    @Test("a text with characters no font has: measured, and one warning for it on stderr")
    func missingGlyphWarning() throws {
        let result = runTool(["measure", "hi \u{13000}", "ok 中文 😀", "\u{E000}\u{E000}\u{13000}", "tab\tjoiner\u{200D}"])
        #expect(result.status == 0)
        #expect(try objects(result.output).count == 4)
        #expect(result.errors == """
            warning: text 1: no font has U+13000; measured as .notdef
            warning: text 3: no font has U+E000, U+13000; measured as .notdef

            """)
        let many = String(String.UnicodeScalarView((0xE000..<0xE00B).map { Unicode.Scalar($0)! }))
        #expect(runTool(["measure", many]).errors == "warning: text 1: no font has U+E000, U+E001, U+E002, U+E003, U+E004, U+E005, U+E006, U+E007 and 3 more; measured as .notdef\n")
    }

    @Test("--font-family measures with fontconfig's fonts, as FontStack.system does")
    func fontFamily() throws {
        let result = runTool(["measure", "--font-family", "sans-serif", "--width", "120", "hello world, how are you", "中文"])
        #expect(result.status == 0, "\(result.errors)")
        let engine = TextEngine(fonts: try FontStack.system(families: ["sans-serif"]))
        let rows = try objects(result.output)
        for (row, text) in zip(rows, ["hello world, how are you", "中文"]) {
            let layout = engine.layout(text, width: 120)
            #expect(row["lines"] as? Int == layout.lineCount)
            #expect(abs((row["width"] as? Double ?? -1) - layout.width) < 0.0001)
        }
        let heights = runCells(["heights", "--font-family", "sans-serif"], input: Array(#"{"idstr": "1", "text": "好"}"#.utf8))
        #expect(heights.status == 0 && heights.output.hasPrefix(#"{"id": "1", "height": "#))
    }

    @Test("--font-family errors: a family not installed (1), with --font (64); the help names the option")
    func fontFamilyErrors() {
        let missing = runTool(["measure", "--font-family", "No Such Family 12345", "x"])
        #expect(missing.status == 1 && missing.output.isEmpty)
        #expect(missing.errors.contains("Error: font family 'No Such Family 12345' is not installed"))
        let both = runTool(["measure", "--font-family", "sans-serif", "--font", Fixtures.fontsDirectory + "/NotoSans-Regular.ttf", "x"])
        #expect(both.status == 64 && both.errors.contains("--font and --font-family cannot be used together"))
        let layout = runCells(["layout", "--font-family", "sans-serif", "--font", "/x.ttf"], input: Array(#"{"idstr": "1"}"#.utf8))
        #expect(layout.status == 64)
        #expect(runTool(["measure", "--help"]).output.contains("--font-family <name>"))
    }
}
