import TextLayout
import StatusLayout

/// The values of options, checked with one shape of message for every command:
/// `--width must be a number of points greater than 0, got '0'`.
enum OptionValues {
    /// `--now`: the moment a cell's time strings are relative to, in ISO 8601 with an offset or
    /// `Z` ("2026-11-30T08:00:00+08:00") or as Weibo and Twitter write one ("Mon Nov 30 08:00:00
    /// +0800 2026").
    static func moment(_ text: String, option: String = "--now") throws(UsageError) -> StatusDate {
        guard let date = StatusDate(parsing: text) else {
            throw UsageError(
                message:
                    "\(option) must be a moment such as 2026-11-30T08:00:00+08:00 (ISO 8601, with an offset or Z), got '\(text)'"
            )
        }
        return date
    }

    /// The help line of `--now`.
    /// `--format`: which network's statuses the input holds.
    static func format(_ text: String) throws(UsageError) -> StatusFormat {
        guard let format = StatusFormat(rawValue: text) else {
            throw UsageError(message: "--format must be auto, weibo, twitter or mastodon, got '\(text)'")
        }
        return format
    }

    /// `--cell`: whose cell every status gets (auto: each its own network's).
    static func cell(_ text: String) throws(UsageError) -> StatusNetwork? {
        if text == "auto" { return nil }
        guard let network = StatusNetwork(rawValue: text) else {
            throw UsageError(message: "--cell must be auto, weibo, twitter or mastodon, got '\(text)'")
        }
        return network
    }

    static let formatHelp = """
          --format <format>       The statuses' network: auto (each status by the fields it
                                  carries), weibo, twitter or mastodon. (default: auto)
          --cell <network>        Lay every status out in this network's cell: auto (each in
                                  its own network's), weibo, twitter or mastodon. (default: auto)
        """

    // MARK: The options several commands share, each parsed here with its one range.

    /// `--width` of a text: points, above 0 and at most ``largestWidth`` (measure, render-text).
    static func textWidth(_ text: String) throws(UsageError) -> Double {
        try number(
            text, option: "--width", in: 0...largestWidth, exclusiveLower: true,
            what: "a number of points greater than 0 and at most \(Int(largestWidth))")
    }

    /// `--width` of a cell: points, above twice the padding (`least`) and at most ``largestWidth``
    /// (heights, layout, render, render-timeline, timeline).
    static func cellWidth(_ text: String, least: Double) throws(UsageError) -> Double {
        try number(
            text, option: "--width", in: least...largestWidth, exclusiveLower: true,
            what: "a number of points greater than \(Int(least)) (twice the padding) and at most \(Int(largestWidth))")
    }

    /// `--size`: points, above 0 and at most ``largestLength``.
    static func fontSize(_ text: String) throws(UsageError) -> Double {
        try number(
            text, option: "--size", in: 0...largestLength, exclusiveLower: true,
            what: "a number of points greater than 0 and at most \(Int(largestLength))")
    }

    /// `--max-lines`: a whole number from 1 to 2³¹ − 1.
    static func maxLines(_ text: String) throws(UsageError) -> Int {
        try whole(text, option: "--max-lines", in: 1...Int(Int32.max), what: "a whole number from 1 to \(Int32.max)")
    }

    /// The largest multiple of the font size `--line-height` takes (`1000x`).
    static let largestLineHeightMultiple = 1_000.0

    /// `--line-height`: natural, points (above 0, at most ``largestLength``) or a multiple of the
    /// font size (`1.34x`, above 0, at most ``largestLineHeightMultiple``).
    static func lineHeight(_ text: String) throws(UsageError) -> LineHeight {
        if text == "natural" { return .natural }
        let multiple = text.hasSuffix("x")
        let number = multiple ? String(text.dropLast()) : text
        guard isDecimal(number), let value = Double(number) else {
            throw UsageError(
                message:
                    "--line-height must be natural, a number of points (e.g. 22.78) or a multiple of the font size (e.g. 1.34x), got '\(text)'"
            )
        }
        let (largest, what) =
            multiple ? (largestLineHeightMultiple, "a multiple") : (largestLength, "a number of points")
        guard value.isFinite, value > 0, value <= largest else {
            throw UsageError(
                message: "--line-height must be \(what) greater than 0 and at most \(Int(largest)), got '\(text)'")
        }
        return multiple ? .multiple(value) : .fixed(value)
    }

    // MARK: The shared options' help lines, each written once (their ranges are the parsers' above).

    /// `--width` of a text.
    static func textWidthHelp(default value: Int) -> String {
        "  --width <points>        Line width in points, above 0, at most 1000000000. (default: \(value))"
    }
    /// `--width` of a cell.
    static let cellWidthHelp = """
          --width <points>        Cell width in points, above twice the padding (24), at most
                                  1000000000. (default: 375)
        """
    /// `--scale`.
    static let scaleHelp = "  --scale <n>             Screen scale, pixels per point, from 1 to 4. (default: 2)"
    /// `--size`.
    static let sizeHelp =
        "  --size <points>         Font size in points (= px at 72 dpi), above 0, at most 1000000. (default: 17)"
    /// `--line-height`.
    static let lineHeightHelp = """
          --line-height <mode>    natural, <points> (e.g. 22.78, at most 1000000) or <n>x, a
                                  multiple of the size up to 1000x (e.g. 1.34x). (default: natural)
        """
    /// `--max-lines` of a text (measure, render-text).
    static let textMaxLinesHelp =
        "  --max-lines <n>         Show at most n lines (1 to 2147483647); the last ends in the token."
    /// `--max-lines` of a cell's texts.
    static let cellMaxLinesHelp =
        "  --max-lines <n>         Collapse texts longer than n lines (1 to 2147483647) with \"…全文\"."
    /// `-q` / `--quiet`, which every command takes (``CommandLineTool`` reads it).
    static let quietHelp = """
          -q, --quiet             Drop warnings (errors are still written); without it,
                                  past 5 warnings of characters no font has, one
                                  line at the end sums up the rest.
        """

    static let offsetsHelp = """
          --offsets <unit>        The unit of every offset and range printed: scalars (Unicode
                                  scalars, as Twitter's entities count), utf16 (JavaScript,
                                  UIKit's NSRange) or utf8 (bytes). (default: scalars)
        """

    /// `--offsets`: the unit of the offsets a command prints.
    static func offsets(_ text: String?) throws(UsageError) -> TextOffsetUnit {
        guard let text else { return .scalars }
        guard let unit = TextOffsetUnit(rawValue: text) else {
            throw UsageError(message: "--offsets must be scalars, utf16 or utf8, got '\(text)'")
        }
        return unit
    }

    static let nowHelp = """
          --now <time>            The moment time strings are relative to ("5分钟前"), e.g.
                                  2026-11-30T08:00:00+08:00. (default: the time of the run)
        """

    /// Whether `text` is a decimal number as a person writes one: an optional sign, digits with
    /// an optional fraction, an optional exponent ("343", "-1.5", ".5", "1e3"). Not "0x10",
    /// "nan", "inf" or " 1", which `Double(_:)` would take.
    static func isDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            bytes = bytes.dropFirst()
        }
        func digits() -> Int {
            let count = bytes.prefix(while: { $0 >= 0x30 && $0 <= 0x39 }).count
            bytes = bytes.dropFirst(count)
            return count
        }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let first = bytes.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// A decimal number in `range`; the message names the option, says what it must be
    /// (`what`, e.g. "a number of points greater than 0 and at most 1000000") and quotes
    /// the value.
    ///
    /// - Parameters:
    ///   - exclusiveLower: whether the range's lower bound is excluded.
    static func number(
        _ text: String, option: String, in range: ClosedRange<Double>, exclusiveLower: Bool = false,
        what: String
    ) throws(UsageError) -> Double {
        guard isDecimal(text), let value = Double(text) else {
            throw UsageError(message: "\(option) must be \(what), got '\(text)' (not a decimal number)")
        }
        guard value.isFinite else {
            throw UsageError(message: "\(option) must be \(what), got '\(text)' (too large to be a finite number)")
        }
        guard exclusiveLower ? value > range.lowerBound : value >= range.lowerBound, value <= range.upperBound else {
            throw UsageError(message: "\(option) must be \(what), got '\(text)'")
        }
        return value
    }

    /// A whole number in `range`.
    static func whole(_ text: String, option: String, in range: ClosedRange<Int>, what: String) throws(UsageError)
        -> Int
    {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(message: "\(option) must be \(what), got '\(text)'")
        }
        return value
    }

    /// The largest font size, line height or spacing in points: with it, every height of a
    /// text of up to 2^48 bytes stays a finite number far from overflowing.
    static let largestLength = 1_000_000.0
    /// The largest line width in points.
    static let largestWidth = 1_000_000_000.0
}

/// JSON output.
enum JSON {
    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A number: below 10^15 in magnitude with at most 4 decimals, shortest form ("69.5",
    /// "343"); above, Swift's shortest form that reads back to the same double ("1e+20"),
    /// which JSON allows. Every finite double is written as a JSON number; options are checked
    /// so that no result is infinite or NaN ("null" would be written then).
    static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``number(_:)``'s text to `bytes`, without making a string: the digits of the
    /// value in ten-thousandths below 10^9 in magnitude (every height and width a layout
    /// gives), where they are exactly Swift's shortest form (a double that near an integer
    /// number of ten-thousandths reads back from no shorter decimal); Swift's form above.
    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        let scaled = (value * 10_000).rounded()
        guard abs(value) < 1e9 else {
            guard abs(value) < 1e15 else {
                bytes.append(contentsOf: "\(value)".utf8)
                return
            }
            let rounded = scaled / 10_000
            bytes.append(
                contentsOf: (rounded == rounded.rounded() ? String(Int64(rounded)) : "\(rounded)").utf8)
            return
        }
        var units = Int64(scaled)  // below 10^13: exact
        if units < 0 {
            bytes.append(UInt8(ascii: "-"))
            units = -units
        }
        appendInteger(Int(units / 10_000), to: &bytes)
        var fraction = units % 10_000
        guard fraction != 0 else { return }
        var digits = 4
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var divisor: Int64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends the decimal digits of `value` to `bytes`.
    static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt.max has 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude != 0
            while count > 0 {
                count -= 1
                bytes.append(digits[count])
            }
        }
    }
}
