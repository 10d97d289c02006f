/// One line of a timeline script: a JSON object whose values are kept as written, numbers as
/// their text. A script's errors then quote the value given and check every number against its
/// field's range (`1e309` is out of a range, not a line that is not JSON), which a
/// `JSONDecoder` cannot: it refuses such a line whole, without naming the field.
struct ScriptLine {
    /// A value as written.
    enum Value: Equatable {
        case string(String)
        /// A JSON number, as its text ("1e309", "-0.5").
        case number(String)
        /// `true` or `false`.
        case boolean(Bool)
        case null
        /// An array or an object (their contents are checked as JSON, not kept).
        case array
        case object

        /// The value as an error quotes it: a number as written, a string in quotes.
        var quoted: String {
            switch self {
            case .string(let text): return JSON.string(text)
            case .number(let text): return text
            case .boolean(let value): return "\(value)"
            case .null: return "null"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    /// The values by key (of a key given twice, the last).
    private(set) var values: [String: Value] = [:]

    /// Parses `text`; nil when it is not one JSON object (RFC 8259; nesting deeper than 64 levels
    /// is refused).
    init?(_ text: String) {
        var parser = Parser(bytes: Array(text.utf8))
        guard let values = parser.object() else { return nil }
        self.values = values
    }

    /// The keys given.
    var keys: Set<String> { Set(values.keys) }

    /// The value of `key`, nil when it is not given or is null.
    subscript(key: String) -> Value? {
        guard let value = values[key], value != .null else { return nil }
        return value
    }

    /// A recursive-descent JSON parser over UTF-8 bytes.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        static let deepest = 64

        /// The whole input as one object, with nothing but white space around it.
        mutating func object() -> [String: Value]? {
            skipWhiteSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            var values: [String: Value] = [:]
            skipWhiteSpace()
            if !take(UInt8(ascii: "}")) {
                repeat {
                    skipWhiteSpace()
                    guard let key = string() else { return nil }
                    skipWhiteSpace()
                    guard take(UInt8(ascii: ":")), let value = value(depth: 1) else { return nil }
                    values[key] = value
                    skipWhiteSpace()
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "}")) else { return nil }
            }
            skipWhiteSpace()
            return position == bytes.count ? values : nil
        }

        private mutating func value(depth: Int) -> Value? {
            skipWhiteSpace()
            guard position < bytes.count, depth <= Self.deepest else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = bytes[position] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let isObject = close == UInt8(ascii: "}")
                position += 1
                skipWhiteSpace()
                if take(close) { return isObject ? .object : .array }
                repeat {
                    if isObject {
                        skipWhiteSpace()
                        guard string() != nil else { return nil }
                        skipWhiteSpace()
                        guard take(UInt8(ascii: ":")) else { return nil }
                    }
                    guard value(depth: depth + 1) != nil else { return nil }
                    skipWhiteSpace()
                } while take(UInt8(ascii: ","))
                guard take(close) else { return nil }
                return isObject ? .object : .array
            case UInt8(ascii: "t"): return word("true") ? .boolean(true) : nil
            case UInt8(ascii: "f"): return word("false") ? .boolean(false) : nil
            case UInt8(ascii: "n"): return word("null") ? .null : nil
            default: return number().map(Value.number)
            }
        }

        /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, as written.
        private mutating func number() -> String? {
            let start = position
            _ = take(UInt8(ascii: "-"))
            if take(UInt8(ascii: "0")) {
                // no digit may follow a leading 0
            } else if digits() == 0 {
                return nil
            }
            if take(UInt8(ascii: ".")), digits() == 0 { return nil }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                if digits() == 0 { return nil }
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        private mutating func digits() -> Int {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            return position - start
        }

        /// A string with its escapes resolved; nil for a control character, a bad escape or a
        /// lone surrogate.
        private mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var scalars = String.UnicodeScalarView()
            var start = position
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
            }
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    flush(position)
                    position += 1
                    return String(scalars)
                }
                if byte < 0x20 { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    position += 1
                    continue
                }
                flush(position)
                position += 1
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard let unit = hexUnit() else { return nil }
                    var code = UInt32(unit)
                    if (0xD800..<0xDC00).contains(unit) {
                        guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hexUnit(),
                            (0xDC00..<0xE000).contains(low)
                        else {
                            return nil
                        }
                        code = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }  // a lone low surrogate
                    scalars.append(scalar)
                default: return nil
                }
                start = position
            }
            return nil
        }

        /// Four hexadecimal digits.
        private mutating func hexUnit() -> UInt16? {
            guard position + 4 <= bytes.count,
                let unit = UInt16(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
            else { return nil }
            position += 4
            return unit
        }

        private mutating func word(_ text: String) -> Bool {
            let word = Array(text.utf8)
            guard bytes[position...].starts(with: word) else { return false }
            position += word.count
            return true
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        private mutating func skipWhiteSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }
    }
}

extension ScriptLine {
    /// The whole number a JSON number's text stands for exactly ("12", "1e15", "-0", "2.50e1"),
    /// or nil when it has a fraction ("1.5") or is outside `Int`'s range ("1e19").
    static func exactWhole(_ text: String) -> Int? {
        if let value = Int(text) { return value }
        var bytes = Array(text.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        let integerDigits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
        bytes = bytes.dropFirst(integerDigits.count)
        var fractionDigits: ArraySlice<UInt8> = []
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
            bytes = bytes.dropFirst(fractionDigits.count)
        }
        var exponent = 0
        if let first = bytes.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            let exponentNegative = bytes.first == UInt8(ascii: "-")
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            // past that, out of range anyway
            for digit in bytes { exponent = min(exponent * 10 + Int(digit - 0x30), 1_000_000) }
            if exponentNegative { exponent = -exponent }
        }
        // The digits, and where the decimal point falls among them.
        var digits = Array(integerDigits) + Array(fractionDigits)
        var point = integerDigits.count + exponent
        while let first = digits.first, first == UInt8(ascii: "0") {
            digits.removeFirst()
            point -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty { return 0 }
        guard point >= digits.count, point <= 19 else { return nil }  // a fraction, or more than 19 digits
        let written = String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: point - digits.count)
        return Int((negative ? "-" : "") + written)
    }
}
