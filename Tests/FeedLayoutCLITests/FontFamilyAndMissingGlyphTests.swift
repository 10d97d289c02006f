import Foundation
import StatusLayout
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
        #expect(
            result.errors == """
                warning: text 1: no font has U+13000; measured as .notdef
                warning: text 3: no font has U+E000, U+13000; measured as .notdef

                """)
        let many = String(String.UnicodeScalarView((0xE000..<0xE00B).map { Unicode.Scalar($0)! }))
        #expect(
            runTool(["measure", many]).errors
                == "warning: text 1: no font has U+E000, U+E001, U+E002, U+E003, U+E004, U+E005, U+E006, U+E007 and 3 more; measured as .notdef\n"
        )
    }

    @Test(
        "a truncation token with characters no font has: one warning for it, with --max-lines (measure and render-text)"
    )
    func missingGlyphInToken() throws {
        let measured = runTool([
            "measure", "--max-lines", "1", "--width", "30", "--token", "\u{E000}全文", "aaaa bbbb cccc", "\u{13000}",
        ])
        #expect(measured.status == 0)
        #expect(try objects(measured.output).count == 2)
        #expect(
            measured.errors == """
                warning: the token (--token): no font has U+E000; measured as .notdef
                warning: text 2: no font has U+13000; measured as .notdef

                """)
        #expect(
            runTool(["measure", "--token", "\u{E000}", "aaaa"]).errors.isEmpty,
            "no --max-lines: the token is never shown")
        #expect(runTool(["measure", "--max-lines", "2", "--token", "…全文", "aaaa"]).errors.isEmpty)
        let directory = NSTemporaryDirectory() + "feedlayout-token-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = runCells([
            "render-text", "--max-lines", "1", "--width", "30", "--token", "\u{E000}", "-o", directory + "/text.png",
            "aaaa bbbb",
        ])
        #expect(text.status == 0)
        #expect(text.errors == "warning: the token (--token): no font has U+E000; measured as .notdef\n")
    }

    @Test("heights, render and render-timeline warn once a status with characters no font has; heights are unchanged")
    func missingGlyphWarningsOfStatuses() throws {
        // Status 2: in its name and its text; status 3: in its retweeted text; 1 and 4: none.
        // (heights lays no frames out, so it does not measure the name; render does.)
        let statuses = """
            {"idstr": "1", "text": "好 😀", "user": {"screen_name": "a"}}
            {"idstr": "2", "text": "x \u{13000} \u{E000}\u{E000}", "user": {"screen_name": "n\u{E001}"}}
            {"idstr": "3", "text": "转发", "retweeted_status": {"idstr": "5", "text": "\u{13000}"}}
            {"idstr": "4", "text": "tab\\tjoiner\u{200D}"}

            """
        let input = Array(statuses.utf8)
        let result = runCells(["heights"], input: input)
        #expect(result.status == 0)
        #expect(
            result.errors == """
                warning: status 2 (line 2): no font has U+13000, U+E000; measured as .notdef
                warning: status 3 (line 3): no font has U+13000; measured as .notdef

                """)
        // The same heights as the engine's own measurer gives.
        let layouter = CellLayouter(measurer: Fixtures.engine, style: .weibo)
        let expected = StatusDecoder().decodeAll(input).map {
            layouter.heights(of: try! $0.result.get(), width: 375, scale: 2).height
        }
        #expect(try objects(result.output).map { $0["height"] as? Double } == expected)
        // Warnings go with their batch, whatever the threads.
        #expect(runCells(["heights", "--threads", "1"], input: input).errors == result.errors)

        let directory = NSTemporaryDirectory() + "feedlayout-missing-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let cell = runCells(["render", "--index", "2", "-o", directory + "/cell.png"], input: input)
        #expect(
            cell.status == 0
                && cell.errors == "warning: status 2: no font has U+E001, U+13000, U+E000; measured as .notdef\n")
        #expect(runCells(["render", "--index", "1", "-o", directory + "/cell.png"], input: input).errors.isEmpty)
        let sheet = runCells(["render-timeline", "-o", directory + "/sheet.png"], input: input)
        #expect(
            sheet.status == 0
                && sheet.errors.split(separator: "\n") == [
                    "warning: status 2: no font has U+E001, U+13000, U+E000; measured as .notdef",
                    "warning: status 3: no font has U+13000; measured as .notdef",
                ])
        let text = runCells(["render-text", "-o", directory + "/text.png", "a \u{13000}"])
        #expect(text.status == 0 && text.errors == "warning: the text: no font has U+13000; measured as .notdef\n")
        #expect(runCells(["render-text", "-o", directory + "/text.png", "好 😀"]).errors.isEmpty)
    }

    @Test("--font-family measures with fontconfig's fonts, as FontStack.system does")
    func fontFamily() throws {
        let result = runTool([
            "measure", "--font-family", "sans-serif", "--width", "120", "hello world, how are you", "中文",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let engine = TextEngine(fonts: try FontStack.system(families: ["sans-serif"]))
        let rows = try objects(result.output)
        for (row, text) in zip(rows, ["hello world, how are you", "中文"]) {
            let layout = engine.layout(text, width: 120)
            #expect(row["lines"] as? Int == layout.lineCount)
            #expect(abs((row["width"] as? Double ?? -1) - layout.width) < 0.0001)
        }
        let heights = runCells(
            ["heights", "--font-family", "sans-serif"], input: Array(#"{"idstr": "1", "text": "好"}"#.utf8))
        #expect(heights.status == 0 && heights.output.hasPrefix(#"{"id": "1", "height": "#))
    }

    @Test("--font-family errors: a family not installed (1), with --font (64); the help names the option")
    func fontFamilyErrors() {
        let missing = runTool(["measure", "--font-family", "No Such Family 12345", "x"])
        #expect(missing.status == 1 && missing.output.isEmpty)
        #expect(missing.errors.contains("Error: font family 'No Such Family 12345' is not installed"))
        let both = runTool([
            "measure", "--font-family", "sans-serif", "--font", Fixtures.fontsDirectory + "/NotoSans-Regular.ttf", "x",
        ])
        #expect(both.status == 64 && both.errors.contains("--font and --font-family cannot be used together"))
        let layout = runCells(
            ["layout", "--font-family", "sans-serif", "--font", "/x.ttf"], input: Array(#"{"idstr": "1"}"#.utf8))
        #expect(layout.status == 64)
        #expect(runTool(["measure", "--help"]).output.contains("--font-family <name>"))
    }
}
