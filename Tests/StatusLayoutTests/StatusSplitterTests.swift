import Foundation
import Testing
import TestSupport
@testable import StatusLayout

/// Every input shape, every bad element in each, broken and truncated input, and any split
/// into chunks giving the same answers.
@Suite("Status input shapes and bad elements")
struct StatusSplitterTests {
    /// What an answer is, compared across shapes.
    enum Answer: Equatable, CustomStringConvertible {
        case status(Int64, repaired: Bool)
        case error(String)

        var description: String {
            switch self {
            case .status(let id, let repaired): "status \(id)" + (repaired ? " (repaired)" : "")
            case .error(let message): "error: \(message)"
            }
        }

        /// Whether `self` (what came out) is what `expected` asks: the same status, or an error
        /// whose message contains the expected text.
        func matches(_ expected: Answer) -> Bool {
            switch (self, expected) {
            case (.status(let a, let r1), .status(let b, let r2)): a == b && r1 == r2
            case (.error(let message), .error(let part)): message.contains(part)
            default: false
            }
        }

        func matches(_ expected: StatusShapes.Expected) -> Bool {
            switch expected {
            case .status(let id, let repaired): matches(Answer.status(id, repaired: repaired))
            case .error(let part): matches(Answer.error(part))
            }
        }
    }

    static func answer(_ decoded: DecodedStatus) -> Answer {
        switch decoded.result {
        case .success(let status): .status(status.id.value, repaired: decoded.repairedUTF8)
        case .failure(let error): .error(error.message)
        }
    }

    @Test(
        "each bad element costs only itself, in every shape, with or without a byte order mark; lines and indices name each",
        arguments: 0..<18)
    func badElementsInEveryShape(shape: Int) throws {
        let (name, rendered) = StatusShapes.all[shape]
        let decoded = StatusDecoder().decodeAll(rendered.bytes)
        try #require(decoded.count == StatusShapes.elements.count, "\(name): \(decoded.map { Self.answer($0) })")
        for (k, (answer, element)) in zip(decoded, StatusShapes.elements).enumerated() {
            #expect(Self.answer(answer).matches(element.expected), "\(name), element \(k + 1): \(Self.answer(answer))")
            #expect(answer.index == k + 1, "\(name)")
            #expect(
                answer.line == rendered.lines[k],
                "\(name), element \(k + 1): line \(answer.line), not \(rendered.lines[k])")
        }
    }

    /// The answers of `bytes` fed in the given chunk sizes.
    static func split(_ bytes: [UInt8], sizes: [Int]) -> [(index: Int, line: Int, answer: Answer)] {
        let splitter = StatusSplitter()
        let decoder = StatusDecoder()
        var answers: [(Int, Int, Answer)] = []
        let take: (StatusSplitter.Item) -> Void = { item in
            let decoded: DecodedStatus
            switch item {
            case .element(let element): decoded = decoder.decode(element)
            case .error(let error): decoded = error
            }
            answers.append((decoded.index, decoded.line, answer(decoded)))
        }
        var start = 0
        for size in sizes where start < bytes.count {
            let end = min(bytes.count, start + size)
            bytes[start..<end].withUnsafeBytes { splitter.feed($0, take) }
            start = end
        }
        if start < bytes.count { bytes[start...].withUnsafeBytes { splitter.feed($0, take) } }
        splitter.finish(take)
        return answers
    }

    /// Broken inputs, for the chunk property and their own expectations below.
    static let broken: [(name: String, text: String)] = [
        (
            "a truncated first line whose open quote would flip every later line",
            "{\"id\": 1, \"text\": \"cut in the mid\n{\"id\": 2, \"text\": \"好\"}\n{\"id\": 3}\n"
        ),
        ("a line that lost its closing brace", "{\"id\": 1, \"x\": [1, 2\n{\"id\": 2}\n{\"id\": 3}\n"),
        ("a first line starting with [ that is not JSON", "[garbage\n{\"id\": 1}\n{\"id\": 2}\n"),
        ("garbage lines, NULs and junk after a status", "garbage\n{\"id\": 1}} x\n\u{0}\u{0}\n}{\n{\"id\": 2}\n"),
        ("a compact array cut in its third status", "[{\"id\": 1},{\"id\": 2},{\"id\": 3, \"text\": \"cu"),
        (
            "a pretty-printed array cut in its third status",
            "[\n  {\n    \"id\": 1\n  },\n  {\n    \"id\": 2\n  },\n  {\n    \"id\": 3,\n"
        ),
        ("a timeline page cut after its second status", "{\"statuses\": [{\"id\": 1}, {\"id\": 2},"),
        (
            "a pretty-printed array broken in its second status, then JSON Lines",
            "[\n  {\"id\": 1},\n  {\"id\" 2},\n  {\"id\": 3}\n]\n{\"id\": 4}\n"
        ),
    ]

    @Test(
        "broken input: a broken line costs itself; a truncated document answers every status before the cut, then one error"
    )
    func brokenInput() throws {
        let expected: [[Answer]] = [
            [
                .error("not valid JSON at line 1, column 34: the line ends inside a string"),
                .status(2, repaired: false), .status(3, repaired: false),
            ],
            [
                .error("not valid JSON at line 2, column 1: expected ',' or ']', found '{'"),
                .status(2, repaired: false), .status(3, repaired: false),
            ],
            [
                .error("garbage is not a JSON value"),
                .error("not valid JSON at line 2, column 1: expected ',' or ']', found '{'"),
                .status(1, repaired: false), .status(2, repaired: false),
            ],
            [
                .error("garbage is not a JSON value"),
                .error(
                    "not valid JSON at line 2, column 10: expected the end of the line after a JSON value, found '}'"),
                .error("not valid JSON at line 3, column 1: expected a value, found byte 0x00"),
                .error("not valid JSON at line 4, column 1: expected a value, found '}'"),
                .status(2, repaired: false),
            ],
            [
                .status(1, repaired: false), .status(2, repaired: false),
                .error("the input ends inside a string (truncated?)"),
            ],
            [
                .status(1, repaired: false), .status(2, repaired: false),
                .error("the input ends inside an object (truncated?): the value that begins at line 8 is not complete"),
            ],
            [
                .status(1, repaired: false), .status(2, repaired: false),
                .error("the input ends inside an array (truncated?)"),
            ],
            [
                .status(1, repaired: false), .error("not valid JSON at line 3, column 9: expected ':', found '2'"),
                .status(3, repaired: false),
                .status(4, repaired: false),
            ],
        ]
        for ((name, text), expected) in zip(Self.broken, expected) {
            let answers = StatusDecoder().decodeAll(Array(text.utf8)).map(Self.answer)
            #expect(
                answers.count == expected.count && zip(answers, expected).allSatisfy { $0.matches($1) },
                "\(name): \(answers)")
        }
    }

    @Test("any split into chunks gives the same answers, lines and indices as the whole input at once")
    func anySplitGivesTheSameAnswers() {
        var random = SplitMix(seed: 10)
        let inputs =
            StatusShapes.all.map { ($0.name, $0.rendered.bytes) } + Self.broken.map { ($0.name, Array($0.text.utf8)) }
        for (name, bytes) in inputs {
            let whole = Self.split(bytes, sizes: [bytes.count])
            for trial in 0..<40 {
                // One byte at a time, then random sizes from 1 byte to the whole input.
                let sizes =
                    trial == 0
                    ? Array(repeating: 1, count: bytes.count)
                    : (0..<bytes.count).map { _ in 1 + random.below(trial % 2 == 0 ? 8 : bytes.count) }
                let pieces = Self.split(bytes, sizes: sizes)
                let same =
                    pieces.count == whole.count
                    && zip(pieces, whole).allSatisfy {
                        $0.index == $1.index && $0.line == $1.line && $0.answer == $1.answer
                    }
                #expect(same, "\(name), trial \(trial)")
                if !same { break }
            }
        }
    }

    @Test(
        "memory follows the longest status, not the input: 30 MB of JSON Lines in 64 KiB chunks keep at most one status and a chunk"
    )
    func boundedMemory() throws {
        let line = Array((#"{"id": 1, "text": ""# + String(repeating: "很长的微博正文，", count: 100) + "\"}\n").utf8)
        let chunk = [UInt8]((0..<(64 << 10) / line.count + 1).flatMap { _ in line }.prefix(64 << 10))
        let splitter = StatusSplitter()
        var count = 0
        var mostKept = 0
        for _ in 0..<(30 << 20) / chunk.count {
            splitter.feed(chunk) { if case .element = $0 { count += 1 } }
            mostKept = max(mostKept, splitter.bytesKept)
        }
        splitter.finish { _ in }
        #expect(count > 12_000)
        #expect(mostKept <= line.count, "kept \(mostKept) bytes; a status is \(line.count)")
    }
}
