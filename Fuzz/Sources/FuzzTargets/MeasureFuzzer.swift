import TextLayout

/// `fuzz-measure`: arbitrary bytes measured by the shared engine with parameters taken from the
/// input's first bytes, and the invariants every layout must keep.
///
/// Input layout: 10 parameter bytes, then the truncation token (its length from byte 8), then
/// the text; both decoded from UTF-8 with U+FFFD for invalid bytes.
///
/// | byte | parameter |
/// | --- | --- |
/// | 0–1 | width: `n / 16` points (0–4096); 0xFFFx in byte 1 picks 0, −1, NaN, ∞, 10⁻⁹ or 10⁹ |
/// | 2 | line height: natural, fixed (byte 3 / 4 points) or multiple (byte 3 / 32) |
/// | 4 | line spacing: `n / 8` points |
/// | 5 | max lines: none when 0, else 1 + n % 16 |
/// | 6 | strictness (n % 3) and locale ("", zh, ja, en_US: n / 3 % 4) |
/// | 7 | font size: 1 + n / 4 points |
/// | 8 | token length (n % 8 bytes); bit 7: each U+FFFC of the text carries an attachment |
/// | 9 | attachment size |
public enum MeasureFuzzer {
    /// The parameters of one input.
    public struct Parameters: Sendable, CustomStringConvertible {
        public var width: Double
        public var style: TextStyle
        public var maxLines: Int?
        public var token: String
        public var attachment: TextAttachment?

        public var description: String {
            "width \(width), \(style), maxLines \(maxLines.map(String.init) ?? "nil"), token \(token.debugDescription), attachment \(attachment.map { "\($0)" } ?? "none")"
        }
    }

    static let specialWidths: [Double] = [0, -1, .nan, .infinity, 1e-9, 1e9]
    static let locales = ["", "zh", "ja", "en_US"]

    /// Splits an input into its parameters and its text.
    public static func decode(_ bytes: [UInt8]) -> (Parameters, AttributedText) {
        var input = FuzzInput(bytes)
        let widthBits = input.uint16()
        let width =
            widthBits >> 4 == 0xFFF
            ? specialWidths[Int(widthBits & 0xF) % specialWidths.count]
            : Double(widthBits) / 16
        let heightMode = input.byte()
        let heightValue = Double(input.byte())
        let lineHeight: LineHeight
        switch heightMode % 3 {
        case 0: lineHeight = .natural
        case 1: lineHeight = .fixed(heightValue / 4)
        default: lineHeight = .multiple(heightValue / 32)
        }
        let spacing = Double(input.byte()) / 8
        let maxLinesByte = input.byte()
        let maxLines = maxLinesByte == 0 ? nil : 1 + Int(maxLinesByte % 16)
        let rules = input.byte()
        let strictness = LineBreakStrictness.allCases[Int(rules % 3)]
        let locale = locales[Int(rules / 3) % locales.count]
        let fontSize = 1 + Double(input.byte()) / 4
        let tokenByte = input.byte()
        let sizeByte = input.byte()
        let token = String(decoding: input.bytes(Int(tokenByte % 8)), as: UTF8.self)
        let attachment =
            tokenByte & 0x80 == 0
            ? nil
            : TextAttachment(
                width: Double(sizeByte & 0x0F) * 4, ascent: Double(sizeByte >> 4) * 2,
                descent: Double(sizeByte & 0x03) * 3)
        let string = String(decoding: input.rest, as: UTF8.self)
        var text = AttributedText("")
        if let attachment {
            // Each U+FFFC becomes an attachment (AttributedText puts its own U+FFFC in).
            var first = true
            for part in string.split(separator: AttributedText.attachmentCharacter, omittingEmptySubsequences: false) {
                if !first { text.append(attachment) }
                text.append(String(part))
                first = false
            }
        } else {
            text = AttributedText(string)
        }
        let style = TextStyle(
            fontSize: fontSize, lineHeight: lineHeight, lineSpacing: spacing, lineBreak: strictness,
            locale: locale)
        return (Parameters(width: width, style: style, maxLines: maxLines, token: token, attachment: attachment), text)
    }

    /// Measures the input and returns the broken invariants (none: empty).
    public static func run(_ bytes: [UInt8]) -> [String] {
        let (parameters, text) = decode(bytes)
        let engine = FuzzEnvironment.engine
        let token = AttributedText(parameters.token)
        let prepared = engine.prepare(text, style: parameters.style)
        let layout = prepared.layout(width: parameters.width, maxLines: parameters.maxLines, truncationToken: token)
        var violations = check(layout, of: text, prepared: prepared, parameters: parameters)

        // The same result twice, from a fresh preparation and from an engine without a cache.
        let again = engine.layout(
            text, width: parameters.width, style: parameters.style, maxLines: parameters.maxLines,
            truncationToken: token)
        if again != layout { violations.append("measuring twice gave different layouts") }
        let uncached = FuzzEnvironment.uncachedEngine.layout(
            text, width: parameters.width, style: parameters.style,
            maxLines: parameters.maxLines, truncationToken: token)
        if uncached != layout {
            violations.append(
                "the engine without a segment cache gave a different layout: " + cacheDifference(text, parameters))
        }
        return violations.map { "\($0) [\(parameters)]" }
    }

    /// The invariants of one layout of `text`.
    public static func check(
        _ layout: ParagraphLayout, of text: AttributedText, prepared: PreparedText,
        parameters: Parameters
    ) -> [String] {
        var violations: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { violations.append(message()) }
        }
        let bytes = Array(text.string.utf8)
        let count = bytes.count
        let lines = layout.lines

        // Counts.
        if let maxLines = parameters.maxLines {
            expect(layout.lineCount <= maxLines, "\(layout.lineCount) lines, max \(maxLines)")
        }
        expect(
            layout.fullLineCount >= layout.lineCount,
            "fullLineCount \(layout.fullLineCount) < lineCount \(layout.lineCount)")
        expect(
            layout.isTruncated == (layout.fullLineCount > layout.lineCount),
            "isTruncated \(layout.isTruncated) but \(layout.lineCount) of \(layout.fullLineCount) lines shown")
        expect(
            lines.filter(\.isTruncated).count == (layout.isTruncated ? 1 : 0)
                && (lines.last?.isTruncated ?? false) == layout.isTruncated,
            "the truncated line is not exactly the last one")
        if count == 0 {
            expect(layout.lineCount == 0 && layout.height == 0, "an empty text has \(layout.lineCount) lines")
        }
        if count > 0 { expect(layout.lineCount >= 1, "a text of \(count) bytes has no line") }

        // Sizes.
        expect(layout.height.isFinite && layout.height >= 0, "height \(layout.height)")
        expect(layout.width.isFinite && layout.width >= 0, "width \(layout.width)")
        expect(layout.height == (lines.last.map { $0.top + $0.height } ?? 0), "height is not the last line's bottom")
        var previousBottom = 0.0
        for (i, line) in lines.enumerated() {
            for (name, value) in [
                ("width", line.width), ("ascent", line.ascent), ("descent", line.descent),
                ("top", line.top), ("height", line.height), ("baseline", line.baseline),
            ] {
                expect(value.isFinite, "line \(i) \(name) \(value)")
            }
            expect(
                line.width >= 0 && line.height >= 0 && line.ascent >= 0 && line.descent >= 0,
                "line \(i) has a negative size: \(line)")
            expect(
                line.top >= previousBottom - 1e-9,
                "line \(i) starts at \(line.top), above the line before (\(previousBottom))")
            previousBottom = line.top + line.height
            expect(line.width <= layout.width, "line \(i) is wider than the layout")
        }

        // Ranges: inside the text, in order, and (untruncated) covering it but for hard breaks.
        // Lines of one paragraph touch; a hard break lies between two paragraphs' lines.
        var previousEnd = 0
        var breaksBetweenLines = 0
        for (i, line) in lines.enumerated() {
            let r = line.range
            expect(r.lowerBound >= 0 && r.upperBound <= count, "line \(i) range \(r) outside 0..<\(count)")
            expect(
                r.lowerBound >= previousEnd,
                "line \(i) range \(r) starts before the end of the line before (\(previousEnd))")
            let gapStart = min(previousEnd, count)
            let gap = Array(bytes[gapStart..<max(gapStart, min(r.lowerBound, count))])
            if !gap.isEmpty {
                breaksBetweenLines += 1
                expect(
                    i > 0 && isOneHardBreak(gap),
                    "line \(i): bytes \(previousEnd)..<\(r.lowerBound) before it are \(gap), not one hard break")
            }
            previousEnd = max(previousEnd, r.upperBound)
        }
        if !layout.isTruncated {
            expect(previousEnd == count, "the lines end at \(previousEnd), the text at \(count)")
            let breaks = hardBreakCount(bytes)
            expect(
                breaksBetweenLines == breaks, "\(breaks) hard breaks in the text, \(breaksBetweenLines) between lines")
        }

        // A line wider than the width holds a single cluster (a cluster is never split).
        if parameters.width.isFinite && parameters.width > 0 {
            let clusters = prepared.graphemeClusterRanges
            for (i, line) in lines.enumerated() where !line.isTruncated && line.width > parameters.width + 1e-6 {
                let visible = clusters.filter { line.range.contains($0.lowerBound) && !isWhiteSpace(bytes[$0]) }
                expect(
                    visible.count <= 1,
                    "line \(i) is \(line.width) wide at width \(parameters.width) with \(visible.count) clusters: "
                        + visible.map {
                            "\($0) \(String(decoding: bytes[$0], as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) })"
                        }.joined(separator: ", "))
            }
        }
        return violations
    }

    /// Where the cached and the uncached engines disagree: the runs whose advances differ
    /// (their text as scalars), and whether a fresh cached engine agrees (state-dependent).
    static func cacheDifference(_ text: AttributedText, _ parameters: Parameters) -> String {
        let bytes = Array(text.string.utf8)
        let cached = FuzzEnvironment.engine.prepare(text, style: parameters.style).textRuns
        let uncached = FuzzEnvironment.uncachedEngine.prepare(text, style: parameters.style).textRuns
        var parts: [String] = []
        if cached.count != uncached.count { parts.append("\(cached.count) runs vs \(uncached.count)") }
        for (a, b) in zip(cached, uncached) where a.range != b.range || a.advance != b.advance {
            let scalars = String(decoding: bytes[a.range], as: UTF8.self).unicodeScalars.map {
                String($0.value, radix: 16)
            }
            parts.append(
                "run \(a.range) \(a.font?.familyName ?? "attachment") \(a.script) rtl \(a.isRightToLeft): cached \(a.advance), uncached \(b.advance), text [\(scalars.prefix(64).joined(separator: " "))]"
            )
            if parts.count > 3 { break }
        }
        let fresh = TextEngine(fonts: FuzzEnvironment.fonts).prepare(text, style: parameters.style).textRuns
        let freshAgrees = zip(fresh, uncached).allSatisfy { $0.range == $1.range && $0.advance == $1.advance }
        parts.append(
            freshAgrees
                ? "a fresh cached engine agrees (the shared cache's state matters)"
                : "a fresh cached engine disagrees too")
        return parts.joined(separator: "; ")
    }

    /// Whether `bytes` are one hard line break: LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029.
    static func isOneHardBreak(_ bytes: [UInt8]) -> Bool {
        switch bytes {
        case [0x0A], [0x0B], [0x0C], [0x0D], [0x0D, 0x0A], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9]:
            return true
        default: return false
        }
    }

    /// The hard line breaks of `bytes` (valid UTF-8), CR LF counting once.
    static func hardBreakCount(_ bytes: [UInt8]) -> Int {
        var breaks = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || b == 0x0B || b == 0x0C {
                breaks += 1
            } else if b == 0x0D {
                breaks += 1
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
            } else if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0x85 {
                breaks += 1
            } else if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9
            {
                breaks += 1
            }
            i += 1
        }
        return breaks
    }

    /// Whether a cluster is white space as the engine sees it: by its first scalar (a space
    /// carrying a combining mark hangs like a space).
    static func isWhiteSpace(_ bytes: ArraySlice<UInt8>) -> Bool {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.first?.properties.isWhitespace ?? false
    }
}
