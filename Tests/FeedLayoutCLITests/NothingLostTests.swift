import Foundation
import Testing
import TestSupport
@testable import FeedLayoutCLI

/// `feedlayout heights` answers every line of JSON Lines, in order, whatever the line holds,
/// and the same input always gives the same bytes. Covered elsewhere and not repeated: the
/// whole corpus answered in order and deterministic (`HeightsCommandTests.wholeCorpus`), a
/// truncated and an empty line (`HeightsCommandTests.badLines`), `--width 10` and `--scale 0`
/// refused (`HeightsCommandTests.usage`), a missing or corrupt `--font` for `measure`
/// (`MeasureCommandTests.badFonts`).
@Suite("Nothing lost: feedlayout heights")
struct NothingLostTests {
    /// Real statuses of the corpus, one per line.
    static let corpusLines: [[UInt8]] = {
        let bytes = FileManager.default.contents(atPath: Fixtures.repositoryRoot + "/Benchmarks/Corpus/statuses.jsonl")!
        return bytes.split(separator: 0x0A).map(Array.init)
    }()

    /// One hostile line, and what its answer must be: a height for `id`, or an error.
    struct Line {
        var bytes: [UInt8]
        var id: String?
    }

    static func line(_ text: String, id: String? = nil) -> Line { Line(bytes: Array(text.utf8), id: id) }

    /// Every kind of line, each once.
    static let hostileLines: [Line] = {
        let nested511 = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        let nestedDeep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        return [
            line(""),
            line("   \t "),
            line("garbage"),
            Line(bytes: [0x00, 0x00, 0x00], id: nil),
            Line(bytes: Array(#"{"id": 101, "text": "a"#.utf8) + [0x00] + Array(#"b"}"#.utf8), id: nil),  // raw NUL: not JSON
            line(#"{"id": 102, "text": "a\u0000b"}"#, id: "102"),
            Line(bytes: Array(#"{"id": 103, "text": "bad "#.utf8) + [0xFF, 0xFE, 0xC3] + Array(#" utf8"}"#.utf8), id: "103"),
            line(#"{"id": 104, "text": "\ud800"}"#),
            line(#"{"id": NaN}"#),
            line(#"{"id": 105, "reposts_count": 1e999}"#),
            line(#"{"id": 106, "x": "# + nested511 + "}"),  // deeper than a status can be: an error
            line(#"{"id": 107, "x": "# + nestedDeep + "}"),
            line(String(repeating: "x", count: 1 << 20)),
            line(#"{"id": 108, "text": ""# + String(repeating: "很长的微博正文，", count: 8_000) + #""}"#, id: "108"),
            line(#"{"id": 109, "text": "same id, short"}"#, id: "109"),
            line(#"{"id": 109, "text": "same id, much longer: "# + String(repeating: "长", count: 300) + #""}"#, id: "109"),
            line("{\"id\": 110}\r", id: "110"),
            line(#"{"id": 111, "pic_urls": [{"thumbnail_pic": "a", "width": -1, "height": 1e300}]}"#, id: "111"),
            line(#"[1, 2, 3]"#),
            line(#"{"statuses": [{"id": 112}]}"#),
            line("}{"),
        ]
    }()

    /// The mixed input: corpus statuses with the hostile lines spread among them (more than
    /// 64 lines, so that several chunks are answered on several cores at once).
    static let mixed: [Line] = {
        var lines: [Line] = []
        let corpus = corpusLines.prefix(300).map { bytes in
            Line(bytes: bytes, id: (try! JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any])["idstr"] as? String)
        }
        var hostile = hostileLines.makeIterator()
        for (index, line) in corpus.enumerated() {
            lines.append(line)
            if index % 13 == 5, let next = hostile.next() { lines.append(next) }
        }
        while let next = hostile.next() { lines.append(next) }
        return lines
    }()

    static func input(_ lines: [Line]) -> [UInt8] { lines.flatMap { $0.bytes + [0x0A] } }

    /// The output's lines (each one JSON object).
    static func rows(_ output: String) -> [Substring] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

    @Test("every line answered, in order: heights for statuses, errors in place for the rest")
    func everyLineAnswered() throws {
        let result = runCells(["heights"], input: Self.input(Self.mixed))
        #expect(result.status == 1, "some lines are errors")
        let rows = try objects(result.output)
        try #require(rows.count == Self.mixed.count)
        for (index, (row, line)) in zip(rows, Self.mixed).enumerated() {
            if let id = line.id {
                #expect(row["id"] as? String == id, "line \(index + 1): \(row)")
                let height = try #require(row["height"] as? Double, "line \(index + 1)")
                #expect(height.isFinite && height >= 101, "line \(index + 1): \(height)")
            } else {
                #expect(row["line"] as? Int == index + 1, "line \(index + 1): \(row)")
                #expect((row["error"] as? String)?.isEmpty == false)
            }
        }
        #expect(result.errors.contains("invalid UTF-8 replaced by U+FFFD"), "the repaired line is warned about")
    }

    @Test("the same input gives the same bytes, run twice; and the same as each line run alone")
    func deterministicAndLineByLine() throws {
        let input = Self.input(Self.mixed)
        let first = runCells(["heights"], input: input)
        let second = runCells(["heights"], input: input)
        #expect(first.output == second.output, "byte for byte")
        // Each line alone, its line number put back. A line alone that starts with "[" or is
        // a timeline object is read as a whole JSON document (an array of statuses, a timeline),
        // not as one line of JSON Lines: those are left out of this comparison.
        let rows = Self.rows(first.output)
        try #require(rows.count == Self.mixed.count)
        for (index, line) in Self.mixed.enumerated() {
            let text = String(decoding: line.bytes, as: UTF8.self)
            if text.hasPrefix("[") || text.hasPrefix(#"{"statuses""#) { continue }
            let alone = runCells(["heights"], input: line.bytes + [0x0A])
            let answer = alone.output.replacingOccurrences(of: #"{"line": 1, "#, with: #"{"line": \#(index + 1), "#)
            #expect(answer == rows[index] + "\n", "line \(index + 1)")
        }
    }

    @Test("duplicate IDs with different texts: both answered, each with its own height")
    func duplicateIDs() throws {
        let input = #"{"id": 7, "text": "短"}"# + "\n" + #"{"id": 7, "text": ""# + String(repeating: "很长", count: 200) + "\"}\n"
        let rows = try objects(runCells(["heights"], input: Array(input.utf8)).output)
        #expect(rows.map { $0["id"] as? String } == ["7", "7"])
        let heights = rows.compactMap { $0["height"] as? Double }
        #expect(heights.count == 2 && heights[1] > heights[0] + 100)
    }

    /// Was a known issue: `StatusDecoder.split` read an input whose first non-blank byte is "["
    /// as one JSON array and, when that failed, answered the whole input with one error, so
    /// JSON Lines whose first line is garbage starting with "[" lost every other line. Now it
    /// answers line by line when another line is a JSON object by itself; a truncated array
    /// (no such line) is still one error (next test).
    @Test("JSON Lines whose first line starts with '[' still answer every line")
    func firstLineLooksLikeAnArray() throws {
        let input = "[garbage\n" + #"{"id": 1}"# + "\n" + #"{"id": 2}"# + "\n" + #"{"id": 3}"# + "\n"
        let rows = try objects(runCells(["heights"], input: Array(input.utf8)).output)
        #expect(rows.count >= 1 && rows[0]["line"] as? Int == 1)
        #expect(rows.count == 4, "\(rows)")
        #expect(rows.dropFirst().map { $0["id"] as? String } == ["1", "2", "3"])
    }

    @Test("a truncated JSON array, on one line or pretty-printed, is one error naming the cause")
    func truncatedArray() throws {
        let oneLine = #"[{"id": 1}, {"id": 2"#
        let pretty = "[\n  {\n    \"id\": 1\n  },\n  {\n    \"id\": 2\n"
        for input in [oneLine, pretty] {
            let result = runCells(["heights"], input: Array(input.utf8))
            let rows = try objects(result.output)
            #expect(rows.count == 1, "\(rows)")
            #expect((rows.first?["error"] as? String)?.contains("starts like a JSON array but is not valid JSON") == true, "\(rows)")
            #expect(result.status == 1)
        }
    }

    @Test("widths and scales that are not numbers of points exit 64, naming the option", arguments: [
        ["heights", "--width", "0"], ["heights", "--width", "nan"], ["heights", "--width", "inf"], ["heights", "--width", "-375"],
        ["heights", "--width", "24"], ["heights", "--scale", "inf"], ["heights", "--scale", "nan"], ["heights", "--max-lines", "-1"],
        ["layout", "--width", "0"], ["layout", "--width", "1e999"],
    ])
    func badNumbers(arguments: [String]) {
        let result = runCells(arguments, input: Array(#"{"id": 1}"#.utf8))
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: \(arguments[1]) must be"), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test("a font that is missing, empty, a directory or not a font: exit 1, nothing printed, the reason on stderr")
    func badFontFiles() {
        let empty = Fixtures.temporaryFile(named: "empty-font.ttf", contents: [])
        let text = Fixtures.temporaryFile(named: "not-a-font.otf", contents: Array("{\"id\": 1}\n".utf8))
        let truncated = Fixtures.temporaryFile(
            named: "truncated-font.ttf",
            contents: Array(FileManager.default.contents(atPath: Fixtures.fontsDirectory + "/NotoSans-Regular.ttf")!.prefix(300)))
        for (font, reason) in [("/nonexistent/font.ttf", "no such file"), (empty, "not a usable font file"),
                               (NSTemporaryDirectory(), "is a directory"), (text, "not a usable font file"),
                               (truncated, "not a usable font file")] {
            let result = runCells(["heights", "--font", font], input: Array(#"{"id": 1}"#.utf8))
            #expect(result.status == 1, "\(font)")
            #expect(result.output.isEmpty)
            #expect(result.errors.contains(reason), "\(font): \(result.errors)")
        }
    }

    @Test("a font without the characters: every status still answered (.notdef advances), the same lines as with fallback")
    func fontWithoutCharacters() throws {
        let input = Self.input(Array(Self.mixed.prefix(40)))
        let latinOnly = try objects(runCells(["heights", "--font", Fixtures.fontsDirectory + "/NotoSans-Regular.ttf"], input: input).output)
        let bundled = try objects(runCells(["heights"], input: input).output)
        #expect(latinOnly.count == bundled.count)
        #expect(latinOnly.map { $0["id"] as? String } == bundled.map { $0["id"] as? String })
        #expect(latinOnly.allSatisfy { ($0["height"] as? Double).map(\.isFinite) ?? ($0["error"] != nil) })
    }
}
