/// `measure --json-lines`: one input, a JSON string or an object whose `"text"` is a string,
/// read into the text it stands for (any Unicode scalar, line breaks included). A strict reader
/// of JSON's grammar (RFC 8259) that names the first problem it finds: invalid UTF-8, a value of
/// another kind, a missing or repeated `"text"`, an unpaired surrogate escape, a syntax error with
/// its byte offset, text after the value.
enum JSONLine {
    /// Why an input is not a text.
    struct Problem: Error {
        let message: String
    }

    /// The text `bytes` holds as JSON.
    static func text(of bytes: [UInt8]) -> Result<String, Problem> {
        bytes.withUnsafeBytes { text(of: $0) }
    }

    /// The text `bytes` holds as JSON.
    static func text(of bytes: UnsafeRawBufferPointer) -> Result<String, Problem> {
        var reader = Reader(bytes: bytes)
        do {
            return .success(try reader.document())
        } catch {
            return .failure(error)
        }
    }

    /// The deepest nesting of arrays and objects read (inside an object, beside its text).
    static let deepestNesting = 512

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var i = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        mutating func document() throws(Problem) -> String {
            guard String(validating: bytes, as: UTF8.self) != nil else {
                throw Problem(message: "not valid UTF-8; expected a JSON string or an object with a \"text\" string")
            }
            skipSpace()
            guard i < bytes.count else { throw Problem(message: "empty; expected a JSON string or an object with a \"text\" string") }
            let text: String
            switch bytes[i] {
            case UInt8(ascii: "\""):
                text = try string()
            case UInt8(ascii: "{"):
                text = try objectText()
            default:
                let kind = try valueKind()
                throw Problem(message: "a JSON \(kind), not a string or an object with a \"text\" string")
            }
            skipSpace()
            guard i == bytes.count else { throw Problem(message: "more after the JSON value, at byte \(i)") }
            return text
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        }

        func syntax(_ expected: String) -> Problem {
            Problem(message: "not valid JSON at byte \(i): expected \(expected)")
        }

        /// An object at `i`: its "text" member's string.
        mutating func objectText() throws(Problem) -> String {
            i += 1  // {
            var text: String? = nil
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
                i += 1
                throw Problem(message: "an object without a \"text\" field")
            }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw syntax("a field name in quotes") }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw syntax("':' after a field name") }
                i += 1
                skipSpace()
                if key == "text" {
                    guard text == nil else { throw Problem(message: "more than one \"text\" field") }
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                        let kind = try valueKind()
                        throw Problem(message: "\"text\" is a JSON \(kind), not a string")
                    }
                    text = try string()
                } else {
                    try skipValue(depth: 1)
                }
                skipSpace()
                guard i < bytes.count else { throw syntax("',' or '}'") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                guard bytes[i] == UInt8(ascii: "}") else { throw syntax("',' or '}'") }
                i += 1
                break
            }
            guard let text else { throw Problem(message: "an object without a \"text\" field") }
            return text
        }

        /// The kind of the value at `i` ("number", "array"…), read to its end.
        mutating func valueKind() throws(Problem) -> String {
            guard i < bytes.count else { throw syntax("a value") }
            let kind: String
            switch bytes[i] {
            case UInt8(ascii: "["): kind = "array"
            case UInt8(ascii: "{"): kind = "object"
            case UInt8(ascii: "\""): kind = "string"
            case UInt8(ascii: "t"), UInt8(ascii: "f"): kind = "boolean"
            case UInt8(ascii: "n"): kind = "null"
            default: kind = "number"
            }
            try skipValue(depth: 0)
            return kind
        }

        /// Reads past one value, checking its grammar.
        mutating func skipValue(depth: Int) throws(Problem) {
            guard depth < JSONLine.deepestNesting else { throw Problem(message: "nested deeper than \(JSONLine.deepestNesting) levels") }
            guard i < bytes.count else { throw syntax("a value") }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                _ = try string()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = bytes[i] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                i += 1
                skipSpace()
                if i < bytes.count && bytes[i] == close {
                    i += 1
                    return
                }
                while true {
                    skipSpace()
                    if close == UInt8(ascii: "}") {
                        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw syntax("a field name in quotes") }
                        _ = try string()
                        skipSpace()
                        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw syntax("':' after a field name") }
                        i += 1
                        skipSpace()
                    }
                    try skipValue(depth: depth + 1)
                    skipSpace()
                    guard i < bytes.count else { throw syntax("',' or '\(Character(Unicode.Scalar(close)))'") }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    guard bytes[i] == close else { throw syntax("',' or '\(Character(Unicode.Scalar(close)))'") }
                    i += 1
                    return
                }
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: try number()
            }
        }

        mutating func literal(_ word: String) throws(Problem) {
            for byte in word.utf8 {
                guard i < bytes.count, bytes[i] == byte else { throw syntax("'\(word)'") }
                i += 1
            }
        }

        mutating func number() throws(Problem) {
            func digits(_ reader: inout Reader) -> Int {
                let start = reader.i
                while reader.i < reader.bytes.count, reader.bytes[reader.i] >= 0x30 && reader.bytes[reader.i] <= 0x39 { reader.i += 1 }
                return reader.i - start
            }
            if i < bytes.count && bytes[i] == UInt8(ascii: "-") { i += 1 }
            let start = i
            let whole = digits(&self)
            guard whole > 0 else { throw syntax("a value") }
            if whole > 1 && bytes[start] == UInt8(ascii: "0") { throw Problem(message: "not valid JSON at byte \(start): a number with a leading zero") }
            if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits(&self) > 0 else { throw syntax("a digit after '.'") }
            }
            if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
                i += 1
                if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
                guard digits(&self) > 0 else { throw syntax("a digit in the exponent") }
            }
        }

        /// A string at `i` (its opening quote), unescaped.
        mutating func string() throws(Problem) -> String {
            i += 1
            var scalars = String.UnicodeScalarView()
            var runStart = i
            func flush(_ reader: Reader, to end: Int, into scalars: inout String.UnicodeScalarView) {
                if end > runStart {
                    scalars.append(contentsOf: String(decoding: UnsafeRawBufferPointer(rebasing: reader.bytes[runStart..<end]), as: UTF8.self).unicodeScalars)
                }
            }
            while true {
                guard i < bytes.count else { throw Problem(message: "not valid JSON: a string not closed before the end of the line") }
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    flush(self, to: i, into: &scalars)
                    i += 1
                    return String(scalars)
                }
                if byte < 0x20 {
                    throw Problem(message: "not valid JSON at byte \(i): a control character (U+\(hex(UInt32(byte)))) in a string must be escaped")
                }
                guard byte == UInt8(ascii: "\\") else {
                    i += 1
                    continue
                }
                flush(self, to: i, into: &scalars)
                let escape = i
                i += 1
                guard i < bytes.count else { throw syntax("an escape after '\\'") }
                let kind = bytes[i]
                i += 1
                switch kind {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let unit = try hexUnit()
                    if unit >= 0xD800 && unit < 0xDC00 {
                        // A high surrogate: a low one must follow as \uXXXX.
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw Problem(message: "an unpaired surrogate \\u\(hex(unit)) at byte \(escape) is no Unicode scalar")
                        }
                        i += 2
                        let low = try hexUnit()
                        guard low >= 0xDC00 && low < 0xE000 else {
                            throw Problem(message: "an unpaired surrogate \\u\(hex(unit)) at byte \(escape) is no Unicode scalar")
                        }
                        scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                    } else if unit >= 0xDC00 && unit < 0xE000 {
                        throw Problem(message: "an unpaired surrogate \\u\(hex(unit)) at byte \(escape) is no Unicode scalar")
                    } else {
                        scalars.append(Unicode.Scalar(unit)!)
                    }
                default:
                    throw Problem(message: "not valid JSON at byte \(escape): '\\\(Character(Unicode.Scalar(kind)))' is no escape")
                }
                runStart = i
            }
        }

        /// Four hex digits at `i`.
        mutating func hexUnit() throws(Problem) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard i < bytes.count else { throw syntax("four hex digits after '\\u'") }
                let byte = bytes[i]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: throw syntax("four hex digits after '\\u'")
                }
                value = value << 4 | digit
                i += 1
            }
            return value
        }

        func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }
}
