/// Test inputs for statuses: good statuses with each kind of bad element among them, rendered
/// in every shape `feedlayout heights` and `StatusDecoder` read, each with the answers due.
public enum StatusShapes {
    /// What an element must be answered with: a status (its ID, whether invalid UTF-8 was
    /// replaced) or an error whose message contains the text.
    public enum Expected: Sendable, Equatable {
        case status(Int64, repaired: Bool)
        case error(String)
    }

    /// One element of the test inputs: its bytes and the answer it must get.
    public struct Element: Sendable {
        public var bytes: [UInt8]
        public var expected: Expected
    }

    static func element(_ json: String, _ expected: Expected) -> Element {
        Element(bytes: Array(json.utf8), expected: expected)
    }

    /// Good statuses with each kind of bad element among them.
    public static let elements: [Element] = {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        return [
            element(#"{"id": 1, "text": "好"}"#, .status(1, repaired: false)),
            element(#"{"id": 2, "text": "cut \ud83d"}"#, .error("text: lone surrogate \\ud83d (not valid Unicode)")),
            element(#"{"id": 3, "reposts_count": 1e999}"#, .error("reposts_count: number out of range: 1e999")),
            element(
                #"{"id": 4, "x": "# + deep + "}",
                .error("x[0][0]…: nested 71 levels deep; a status needs at most 64, at line ")),
            Element(
                bytes: Array(#"{"id": 5, "text": "a"#.utf8) + [0xFF] + Array(#"b"}"#.utf8),
                expected: .status(5, repaired: true)),
            element(#"{"id": 6, "user": []}"#, .status(6, repaired: false)),  // a warning: the user is not read
            element(
                #"{"id": 7, "text": "有图", "pic_urls": [{"thumbnail_pic": "u", "width": 10, "height": 20}]}"#,
                .status(7, repaired: false)),
            element(#"{"text": "没有 id"}"#, .error("id: the status has no usable id")),
            element(#"{"id": 9, "retweeted_status": {"id": 10, "text": "原文"}}"#, .status(9, repaired: false)),
        ]
    }()

    /// An input made of text pieces, with the line each element begins on.
    public struct Rendered: Sendable {
        /// The input.
        public var bytes: [UInt8] = []
        /// The line each element begins on.
        public var lines: [Int] = []
        var line = 1

        mutating func text(_ piece: String) { bytes(Array(piece.utf8)) }

        mutating func bytes(_ piece: [UInt8]) {
            bytes += piece
            line += piece.filter { $0 == 0x0A }.count
        }

        mutating func element(_ element: Element, pretty: Bool = false) {
            lines.append(line)
            bytes(pretty ? Self.pretty(element.bytes) : element.bytes)
        }

        /// The element with each top-level field on a line of its own.
        static func pretty(_ bytes: [UInt8]) -> [UInt8] {
            var result: [UInt8] = []
            var depth = 0
            var inString = false
            var escaped = false
            for byte in bytes {
                result.append(byte)
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == 0x5C {
                        escaped = true
                    } else if byte == 0x22 {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case 0x22: inString = true
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D: depth -= 1
                case 0x2C where depth == 1: result += Array("\n    ".utf8)
                default: break
                }
            }
            return result
        }
    }

    /// The shapes, each rendering `elements`.
    static let shapes: [(name: String, render: @Sendable ([Element]) -> Rendered)] = [
        (
            "JSON Lines",
            { elements in
                var r = Rendered()
                for e in elements { r.element(e); r.text("\n") }
                return r
            }
        ),
        (
            "JSON Lines with CRLF, blank lines and no final line break",
            { elements in
                var r = Rendered()
                for (i, e) in elements.enumerated() {
                    if i % 3 == 1 { r.text("\r\n  \t\r\n") }
                    r.element(e)
                    if i < elements.count - 1 { r.text("\r\n") }
                }
                return r
            }
        ),
        (
            "a compact array",
            { elements in
                var r = Rendered()
                r.text("[")
                for (i, e) in elements.enumerated() { if i > 0 { r.text(",") }; r.element(e) }
                r.text("]")
                return r
            }
        ),
        (
            "a pretty-printed array",
            { elements in
                var r = Rendered()
                r.text("[\n")
                for (i, e) in elements.enumerated() {
                    if i > 0 { r.text(",\n") }; r.text("  "); r.element(e, pretty: true)
                }
                r.text("\n]\n")
                return r
            }
        ),
        (
            "an array with one element a line, at column 1",
            { elements in
                var r = Rendered()
                r.text("[\n")
                for (i, e) in elements.enumerated() { if i > 0 { r.text(",\n") }; r.element(e) }
                r.text("\n]\n")
                return r
            }
        ),
        (
            "a timeline page with bad fields outside the statuses",
            { elements in
                var r = Rendered()
                r.text(#"{"total_number": 1e999, "ad": [{"x": "\ud800"}], "statuses": ["#)
                for (i, e) in elements.enumerated() { if i > 0 { r.text(", ") }; r.element(e) }
                r.text(#"], "next_cursor": 99999999999999999999999, "since": "\udc00"}"#)
                return r
            }
        ),
        (
            "a pretty-printed timeline page",
            { elements in
                var r = Rendered()
                r.text("{\n  \"statuses\": [\n")
                for (i, e) in elements.enumerated() {
                    if i > 0 { r.text(",\n") }; r.text("    "); r.element(e, pretty: true)
                }
                r.text("\n  ],\n  \"total_number\": 1e999\n}\n")
                return r
            }
        ),
        (
            "JSON Lines whose lines are timeline pages",
            { elements in
                var r = Rendered()
                for page in stride(from: 0, to: elements.count, by: 2) {
                    r.text(#"{"statuses": ["#)
                    for (i, e) in elements[page..<min(page + 2, elements.count)].enumerated() {
                        if i > 0 { r.text(",") }; r.element(e)
                    }
                    r.text(#"], "total_number": 1e999}"# + "\n")
                }
                return r
            }
        ),
        (
            "JSON Lines whose lines are arrays, and an empty array",
            { elements in
                var r = Rendered()
                r.text("[]\n")
                for page in stride(from: 0, to: elements.count, by: 3) {
                    r.text("[")
                    for (i, e) in elements[page..<min(page + 3, elements.count)].enumerated() {
                        if i > 0 { r.text(", ") }; r.element(e)
                    }
                    r.text("]\n")
                }
                return r
            }
        ),
    ]

    /// Every shape, and every shape behind a byte order mark.
    public static let all: [(name: String, rendered: Rendered)] = shapes.flatMap { shape in
        let plain = shape.render(elements)
        var bom = Rendered()
        bom.bytes([0xEF, 0xBB, 0xBF])
        let withBOM = Rendered(bytes: bom.bytes + plain.bytes, lines: plain.lines, line: plain.line)
        return [(shape.name, plain), (shape.name + " after a byte order mark", withBOM)]
    }
}
