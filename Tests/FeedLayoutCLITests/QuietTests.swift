import Foundation
import Testing
import TestSupport
import LockSupport
@testable import FeedLayoutCLI

/// `--quiet` on every command, and the summary line that replaces missing-glyph warnings past
/// the first few.
@Suite("warnings: --quiet and the summary of missing glyphs")
struct QuietTests {
    /// Twelve statuses, each with a private-use character no bundled font has (U+E000 + i, and
    /// U+E100 in the even ones), and one with a malformed field (a decoder warning).
    static let statuses: [UInt8] = {
        var lines = (0..<12).map { i -> String in
            let scalars = "\\u\(String(format: "%04X", 0xE000 + i))" + (i % 2 == 0 ? "\\uE100" : "")
            return #"{"id": \#(i + 1), "text": "字 \#(scalars)"}"#
        }
        lines.append(#"{"id": 99, "text": "fine", "pic_urls": 5}"#)
        return Array(lines.map { $0 + "\n" }.joined().utf8)
    }()

    func warningLines(_ errors: String) -> [Substring] {
        errors.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    }

    @Test(
        "heights: five missing-glyph warnings in full, then one line summing up the other seven with their code points; other warnings kept"
    )
    func summary() {
        let run = runCells(["heights", "--threads", "1"], input: Self.statuses)
        #expect(run.status == 0, "\(run.errors)")
        let lines = warningLines(run.errors)
        let glyphLines = lines.filter { $0.contains("no font has") }
        #expect(glyphLines.count == 6, "\(run.errors)")
        #expect(
            glyphLines.prefix(5).enumerated().allSatisfy {
                $0.element.contains("status \($0.offset + 1) (line \($0.offset + 1))")
            })
        let summary = String(glyphLines.last ?? "")
        #expect(summary.hasPrefix("warning: 7 more texts or statuses with characters no font has"), "\(summary)")
        for i in 5..<12 {
            #expect(summary.contains("U+\(String(format: "%04X", 0xE000 + i))"), "U+E00\(i) in \(summary)")
        }
        #expect(summary.contains("U+E100 (3)"), "statuses 7, 9 and 11 have U+E100: \(summary)")
        #expect(
            !summary.contains("U+E000") && !summary.contains("U+E004,"),
            "what was listed in full is not summed up again")
        #expect(run.errors.hasSuffix(summary + "\n"), "the summary comes last")
        #expect(
            lines.contains { $0.contains("status 13 (line 13)") && $0.contains("pic_urls") },
            "a decoder warning is kept")
        // The same warnings, in the same order, whatever the threads.
        let two = runCells(["heights", "--threads", "2"], input: Self.statuses)
        #expect(two.errors == run.errors && two.output == run.output)
    }

    @Test(
        "--quiet (or -q) drops every warning on every command, never an error, never an answer",
        arguments: [
            ["heights"], ["heights", "-q"], ["layout", "--index", "1"], ["render", "--index", "1", "-o", "/dev/null"],
            ["render-timeline", "--count", "2", "-o", "/dev/null"], ["measure"],
        ])
    func quiet(_ command: [String]) {
        let input: [UInt8] = command[0] == "measure" ? Array("字 \u{E000}\nok\n".utf8) : Self.statuses
        let loud = runCells(command, input: input)
        let quiet = runCells(command + (command.contains("-q") ? [] : ["--quiet"]), input: input)
        #expect(loud.status == 0 && quiet.status == 0, "\(loud.errors) \(quiet.errors)")
        #expect(command.contains("-q") || !warningLines(loud.errors).isEmpty, "the input makes warnings")
        #expect(warningLines(quiet.errors).isEmpty, "\(quiet.errors)")
        #expect(quiet.output == loud.output || command.contains("-q"))
        let failing = runCells(command + ["--quiet", "--width", "-3"], input: input)
        #expect(failing.status == 64 && failing.errors.hasPrefix("Error: "), "errors pass: \(failing.errors)")
    }

    @Test("after --, '--quiet' is a text to measure, not the option")
    func quietAfterDashes() throws {
        let output = Lock("")
        let io = CommandLineTool.IO(
            readInput: { [] }, output: { text in output.withLock { $0 += text } }, errors: { _ in })
        let status = CommandLineTool.run(
            arguments: ["measure", "--fonts-dir", Fixtures.fontsDirectory, "--", "--quiet"], io: io)
        let records = try objects(output.withLock { $0 })
        #expect(status == 0 && records.count == 1)
        let asLine = try objects(runTool(["measure"], input: Array("--quiet\n".utf8)).output)
        #expect(
            records.first?["width"] as? Double == asLine.first?["width"] as? Double, "measured as the text '--quiet'")
    }
}
