import Foundation
import Testing
import TestSupport
import LockSupport
@testable import FeedLayoutCLI

/// Runs the tool in-process and collects what it printed.
func runTool(_ arguments: [String], input: [UInt8] = []) -> (status: Int32, output: String, errors: String) {
    let output = Lock("")
    let errors = Lock("")
    let io = CommandLineTool.IO(
        readInput: { input }, output: { text in output.withLock { $0 += text } },
        errors: { text in errors.withLock { $0 += text } })
    let status = CommandLineTool.run(
        arguments: arguments + (arguments.first == "measure" ? ["--fonts-dir", Fixtures.fontsDirectory] : []), io: io)
    return (status, output.withLock { $0 }, errors.withLock { $0 })
}

/// The JSON objects of the output, one per line.
func objects(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
        try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
}

@Suite("feedlayout measure")
struct MeasureCommandTests {
    @Test("texts as arguments: one JSON object each, in order")
    func arguments() throws {
        let result = runTool(["measure", "--width", "200", "中文", String(repeating: "很长的文字", count: 20), ""])
        #expect(result.status == 0)
        let rows = try objects(result.output)
        #expect(rows.count == 3)
        #expect(rows[0]["lines"] as? Int == 1)
        #expect((rows[1]["lines"] as? Int ?? 0) > 3)
        #expect(rows[2]["lines"] as? Int == 0 && rows[2]["height"] as? Double == 0)
        #expect(rows[0]["truncated"] as? Bool == false)
        let height = try #require(rows[0]["height"] as? Double)
        #expect(abs(height - 24.616) < 1e-9)
    }

    @Test("standard input: one object per line, empty lines included")
    func standardInput() throws {
        let result = runTool(["measure"], input: Array("一\n\nhello world\r\n😀".utf8))
        #expect(result.status == 0)
        let rows = try objects(result.output)
        #expect(rows.map { $0["lines"] as? Int } == [1, 0, 1, 1])
    }

    @Test("max lines truncates and says so")
    func maxLines() throws {
        let text = String(repeating: "很长的文字", count: 30)
        let rows = try objects(runTool(["measure", "--max-lines", "2", "--line-height", "1.34x", text]).output)
        #expect(rows[0]["lines"] as? Int == 2)
        #expect(rows[0]["truncated"] as? Bool == true)
        #expect(abs((rows[0]["height"] as? Double ?? 0) - 2 * 1.34 * 17) < 1e-3)
    }

    @Test("invalid UTF-8 is replaced, warned about and still measured")
    func invalidUTF8() throws {
        let result = runTool(["measure"], input: [0x61, 0xFF, 0x62, 0x0A, 0xE4, 0xB8, 0x0A])
        #expect(result.status == 0)
        #expect(result.errors.contains("line 1") && result.errors.contains("line 2"))
        #expect(result.errors.contains("U+FFFD"))
        let rows = try objects(result.output)
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { ($0["lines"] as? Int) == 1 })
    }

    @Test(
        "a line longer than the longest measured (1 MiB without its line end) is answered by an error in its place, however the input is cut; exit status 1"
    )
    func longestLine() throws {
        let longest = MeasureCommand.longestLine
        #expect(longest == 1 << 20, "the README and the help say 1048576 bytes")
        let full =
            Array(String(repeating: "中", count: longest / 3).utf8)
            + Array(repeating: UInt8(ascii: "a"), count: longest % 3)
        #expect(full.count == longest)
        let lines: [[UInt8]] = [
            Array("一".utf8), full, full + [UInt8(ascii: "b")], full + [0x0D], full + [0x0D, 0x0D], Array("二".utf8),
        ]
        // line 7 has no final newline
        let input = Array(lines.map { $0 + [0x0A] }.joined()) + full + [UInt8(ascii: "b")]
        let error = { (line: Int) in
            "{\"line\": \(line), \"error\": \"longer than 1048576 bytes, the longest line measured; not measured\"}"
        }
        var random = SplitMix(seed: 5)
        var splits = [[input]]
        for largest in [300_000, 4_096] {
            splits.append(StreamingTests.randomSplit(input, largest: largest, random: &random).chunks)
        }
        var outputs: Set<String> = []
        for chunks in splits {
            let result = runChunked(["measure", "--threads", "2"], chunks: chunks)
            #expect(result.status == 1, "\(result.errors)")
            let rows = result.output.split(separator: "\n").map(String.init)
            try #require(rows.count == 7, "\(result.output.prefix(600))")
            #expect(rows[0].hasPrefix("{\"lines\": 1,") && rows[5].hasPrefix("{\"lines\": 1,"))
            #expect(rows[1].hasPrefix("{\"lines\": ") && rows[1] != rows[0], "the longest line is measured")
            #expect(rows[3] == rows[1], "the \\r of its \\r\\n is not counted")
            #expect([rows[2], rows[4], rows[6]] == [error(3), error(5), error(7)])
            outputs.insert(result.output)
        }
        #expect(outputs.count == 1, "the same output however the input is cut")
        #expect(runTool(["measure", "--help"]).output.contains("longer than 1048576 bytes"))
    }

    @Test(
        "bad usage exits 64 with a message",
        arguments: [
            ["measure", "--width", "0", "x"], ["measure", "--width", "-3", "x"], ["measure", "--width", "abc", "x"],
            ["measure", "--size", "nan", "x"], ["measure", "--max-lines", "0", "x"],
            ["measure", "--line-break", "strictest"],
            ["measure", "--nope"], ["measure", "--width"], ["frobnicate"], [],
        ])
    func badUsage(arguments: [String]) {
        let result = runTool(arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: "))
        #expect(result.output.isEmpty)
    }

    @Test("a missing or corrupt font file fails with status 1")
    func badFonts() {
        let missing = runTool(["measure", "--font", "/nonexistent.ttf", "x"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("/nonexistent.ttf"))
        let corrupt = Fixtures.temporaryFile(named: "corrupt.ttf", contents: Array(repeating: 0x42, count: 4096))
        let bad = runTool(["measure", "--font", corrupt, "x"])
        #expect(bad.status == 1)
        #expect(bad.errors.contains("not a usable font file"))
    }

    @Test("--font replaces the stack")
    func fontOption() throws {
        let cjkOnly = runTool(["measure", "--font", Fixtures.fontsDirectory + "/NotoSansCJK-Regular.ttc#2", "abc"])
        let rows = try objects(cjkOnly.output)
        #expect(abs((rows[0]["height"] as? Double ?? 0) - 24.616) < 1e-9, "abc measured with the CJK font's metrics")
    }

    @Test("help and version")
    func helpAndVersion() {
        #expect(runTool(["--help"]).output.contains("SUBCOMMANDS"))
        #expect(runTool(["measure", "--help"]).output.contains("--line-height"))
        #expect(runTool(["--version"]).output == "feedlayout \(CommandLineTool.version)\n")
    }
}
