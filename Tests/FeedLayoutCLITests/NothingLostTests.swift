import Foundation
import Testing
import TestSupport
@testable import FeedLayoutCLI

/// `feedlayout heights` answers every status of JSON Lines, in order, whatever a line holds,
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

    /// One hostile line, and what its answers must be: a height for each ID, nil for an error
    /// (none for a blank line, several for a line holding an array or a timeline page).
    struct Line {
        var bytes: [UInt8]
        var answers: [String?]
    }

    static func line(_ text: String, _ answers: [String?] = [nil]) -> Line {
        Line(bytes: Array(text.utf8), answers: answers)
    }

    /// Every kind of line, each once.
    static let hostileLines: [Line] = {
        let nested511 = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        let nestedDeep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        return [
            line("", []),  // blank lines are skipped, as JSON Lines tools do
            line("   \t ", []),
            line("garbage"),
            Line(bytes: [0x00, 0x00, 0x00], answers: [nil]),
            // raw NUL: not JSON
            Line(bytes: Array(#"{"id": 101, "text": "a"#.utf8) + [0x00] + Array(#"b"}"#.utf8), answers: [nil]),
            line(#"{"id": 102, "text": "a\u0000b"}"#, ["102"]),
            Line(
                bytes: Array(#"{"id": 103, "text": "bad "#.utf8) + [0xFF, 0xFE, 0xC3] + Array(#" utf8"}"#.utf8),
                answers: ["103"]),
            line(#"{"id": 104, "text": "\ud800"}"#),
            line(#"{"id": NaN}"#),
            line(#"{"id": 105, "reposts_count": 1e999}"#),
            line(#"{"id": 106, "x": "# + nested511 + "}"),  // deeper than a status can be: an error
            line(#"{"id": 107, "x": "# + nestedDeep + "}"),
            line(String(repeating: "x", count: 1 << 20)),
            line(#"{"id": 108, "text": ""# + String(repeating: "很长的微博正文，", count: 8_000) + #""}"#, ["108"]),
            line(#"{"id": 109, "text": "same id, short"}"#, ["109"]),
            line(
                #"{"id": 109, "text": "same id, much longer: "# + String(repeating: "长", count: 300) + #""}"#, ["109"]),
            line("{\"id\": 110}\r", ["110"]),
            line(#"{"id": 111, "pic_urls": [{"thumbnail_pic": "a", "width": -1, "height": 1e300}]}"#, ["111"]),
            line(#"[1, 2, 3]"#, [nil, nil, nil]),  // an array of three things that are not statuses
            line(#"{"statuses": [{"id": 112}], "total_number": 1e999}"#, ["112"]),  // a timeline page: its status
            line("}{"),
            line(#"{"id": 113, "text": "unterminated"#),  // its open quote must not swallow later lines
        ]
    }()

    /// The mixed input: corpus statuses with the hostile lines spread among them (more than
    /// 64 lines, so that several batches are answered on several cores at once).
    static let mixed: [Line] = {
        var lines: [Line] = []
        let corpus = corpusLines.prefix(300).map { bytes in
            Line(
                bytes: bytes,
                answers: [(try! JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any])["idstr"] as? String])
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

    @Test("every line answered, in order: heights for statuses, errors in place naming their line, blank lines skipped")
    func everyLineAnswered() throws {
        let result = runCells(["heights"], input: Self.input(Self.mixed))
        #expect(result.status == 1, "some lines are errors")
        let rows = try objects(result.output)
        let expected = Self.mixed.enumerated().flatMap { number, line in line.answers.map { (line: number + 1, id: $0) }
        }
        try #require(rows.count == expected.count)
        for (index, (row, answer)) in zip(rows, expected).enumerated() {
            if let id = answer.id {
                #expect(row["id"] as? String == id, "answer \(index + 1), line \(answer.line): \(row)")
                let height = try #require(row["height"] as? Double, "line \(answer.line)")
                #expect(height.isFinite && height >= 101, "line \(answer.line): \(height)")
            } else {
                #expect(row["line"] as? Int == answer.line, "line \(answer.line): \(row)")
                #expect((row["error"] as? String)?.isEmpty == false)
            }
        }
        #expect(result.errors.contains("invalid UTF-8 replaced by U+FFFD"), "the repaired line is warned about")
    }

    @Test("the same input gives the same bytes, run twice; and the same answers as each line run alone")
    func deterministicAndLineByLine() throws {
        let input = Self.input(Self.mixed)
        let first = runCells(["heights"], input: input)
        let second = runCells(["heights"], input: input)
        #expect(first.output == second.output, "byte for byte")
        var rows = try objects(first.output)[...]
        for (number, line) in Self.mixed.enumerated() {
            let alone = try objects(runCells(["heights"], input: line.bytes + [0x0A]).output)
            let together = rows.prefix(alone.count)
            rows = rows.dropFirst(alone.count)
            #expect(alone.count == line.answers.count, "line \(number + 1)")
            for (a, b) in zip(alone, together) {
                // Alone, the line is line 1 and its answers come first; the rest is the same.
                var a = a, b = b
                if a["line"] != nil {
                    #expect(a["line"] as? Int == 1 && b["line"] as? Int == number + 1, "line \(number + 1)")
                    a["line"] = nil; b["line"] = nil
                    b["error"] = (b["error"] as? String)?.replacingOccurrences(
                        of: "at line \(number + 1),", with: "at line 1,")
                }
                #expect(NSDictionary(dictionary: a).isEqual(to: b), "line \(number + 1): \(a) / \(b)")
            }
        }
        #expect(rows.isEmpty)
    }

    @Test("duplicate IDs with different texts: both answered, each with its own height")
    func duplicateIDs() throws {
        let input =
            #"{"id": 7, "text": "短"}"# + "\n" + #"{"id": 7, "text": ""# + String(repeating: "很长", count: 200) + "\"}\n"
        let rows = try objects(runCells(["heights"], input: Array(input.utf8)).output)
        #expect(rows.map { $0["id"] as? String } == ["7", "7"])
        let heights = rows.compactMap { $0["height"] as? Double }
        #expect(heights.count == 2 && heights[1] > heights[0] + 100)
    }

    /// Was a known issue: an input whose first non-blank byte is "[" was read as one JSON
    /// array and, when that failed, answered with one error, so JSON Lines whose first line is
    /// garbage starting with "[" lost every other line. The framer answers each line.
    @Test("JSON Lines whose first line starts with '[' still answer every line")
    func firstLineLooksLikeAnArray() throws {
        let input = "[garbage\n" + #"{"id": 1}"# + "\n" + #"{"id": 2}"# + "\n" + #"{"id": 3}"# + "\n"
        let rows = try objects(runCells(["heights"], input: Array(input.utf8)).output)
        #expect(rows.map { $0["id"] as? String } == [nil, nil, "1", "2", "3"], "\(rows)")
        #expect(rows.prefix(2).allSatisfy { $0["line"] as? Int == 1 }, "both errors are on line 1: \(rows.prefix(2))")
    }

    @Test(
        "a truncated JSON array, on one line or pretty-printed: every status before the cut, then one error naming the cause and the value cut (a status, or the document when cut between statuses)"
    )
    func truncatedArray() throws {
        let oneLine = #"[{"id": 1}, {"id": 2"#
        let pretty = "[\n  {\n    \"id\": 1\n  },\n  {\n    \"id\": 2\n"
        for (input, line) in [(oneLine, 1), (pretty, 5)] {
            let result = runCells(["heights"], input: Array(input.utf8))
            let rows = try objects(result.output)
            #expect(rows.count == 2, "\(rows)")
            #expect(rows.first?["id"] as? String == "1")
            #expect(
                rows.last?["error"] as? String
                    == "the input ends inside an object (truncated?): the value that begins at line \(line) is not complete",
                "\(rows)")
            #expect(rows.last?["line"] as? Int == line)
            #expect(result.status == 1)
        }
        // Cut between statuses: every status is answered; what is not complete is the document,
        // named by the line where it begins (not the last status, which is whole).
        let cuts = [
            ("[\n  {\"id\": 1},\n  {\"id\": 2},\n", "an array"),
            ("{\"a\": 1}\n[\n  {\"id\": 1},\n  {\"id\": 2}", "an array"),
            ("{\"total_number\": 2,\n \"statuses\": [\n  {\"id\": 1},\n  {\"id\": 2}\n ],\n \"next", "a string"),
        ]
        for (input, inside) in cuts {
            let rows = try objects(runCells(["heights"], input: Array(input.utf8)).output)
            let line = input.hasPrefix("{\"a\"") ? 2 : 1
            #expect(rows.compactMap { $0["id"] as? String }.suffix(2) == ["1", "2"], "\(rows)")
            #expect(
                rows.last?["error"] as? String
                    == "the input ends inside \(inside) (truncated?): the value that begins at line \(line) is not complete",
                "\(rows)")
        }
    }

    @Test(
        "widths and scales that are not numbers of points exit 64, naming the option",
        arguments: [
            ["heights", "--width", "0"], ["heights", "--width", "nan"], ["heights", "--width", "inf"],
            ["heights", "--width", "-375"],
            ["heights", "--width", "24"], ["heights", "--scale", "inf"], ["heights", "--scale", "nan"],
            ["heights", "--max-lines", "-1"],
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
            contents: Array(
                FileManager.default.contents(atPath: Fixtures.fontsDirectory + "/NotoSans-Regular.ttf")!.prefix(300)))
        for (font, reason) in [
            ("/nonexistent/font.ttf", "no such file"), (empty, "not a usable font file"),
            (NSTemporaryDirectory(), "is a directory"), (text, "not a usable font file"),
            (truncated, "not a usable font file"),
        ] {
            let result = runCells(["heights", "--font", font], input: Array(#"{"id": 1}"#.utf8))
            #expect(result.status == 1, "\(font)")
            #expect(result.output.isEmpty)
            #expect(result.errors.contains(reason), "\(font): \(result.errors)")
        }
    }

    @Test(
        "a font without the characters: every status still answered (.notdef advances), the same lines as with fallback"
    )
    func fontWithoutCharacters() throws {
        let input = Self.input(Array(Self.mixed.prefix(40)))
        let latinOnly = try objects(
            runCells(["heights", "--font", Fixtures.fontsDirectory + "/NotoSans-Regular.ttf"], input: input).output)
        let bundled = try objects(runCells(["heights"], input: input).output)
        #expect(latinOnly.count == bundled.count)
        #expect(latinOnly.map { $0["id"] as? String } == bundled.map { $0["id"] as? String })
        #expect(latinOnly.allSatisfy { ($0["height"] as? Double).map(\.isFinite) ?? ($0["error"] != nil) })
    }
}
