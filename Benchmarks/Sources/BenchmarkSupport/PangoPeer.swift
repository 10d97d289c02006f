import CPangoPeer

/// What a paragraph measures: its line count, its height and the width of its widest line.
public struct ParagraphMeasurement: Sendable, Hashable, Codable {
    public var lineCount: Int
    /// The height of all lines, in pixels.
    public var height: Double
    /// The width of the widest line without the white space at its end, in pixels.
    public var width: Double
    /// Pango's logical width of the widest line, white space at line ends included (less a
    /// final space Pango zeroes at a wrap); nil for other engines.
    public var logicalWidth: Double?

    public init(lineCount: Int, height: Double, width: Double, logicalWidth: Double? = nil) {
        self.lineCount = lineCount
        self.height = height
        self.width = width
        self.logicalWidth = logicalWidth
    }
}

/// One line of a paragraph as a UTF-8 byte range of its text, with its size.
public struct MeasuredLine: Sendable, Hashable {
    public var range: Range<Int>
    /// The width in pixels without the white space at the line's end; nil when not known.
    public var width: Double?
    /// The height of the line in pixels; nil when not known.
    public var height: Double?

    public init(range: Range<Int>, width: Double? = nil, height: Double? = nil) {
        self.range = range
        self.width = width
        self.height = height
    }
}

/// Why a ``PangoPeer`` could not be made.
public struct PangoPeerError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { "Pango: \(message)" }
}

/// Pango measuring paragraphs the way FeedLayout's accuracy oracle is defined: PangoFT2 at
/// 72 dpi on a fontconfig configuration holding only the given font directory (colour emoji
/// scaled to the requested size), unrounded glyph positions, `PANGO_WRAP_WORD_CHAR`.
///
/// One layout is reused for every call, so a peer is cheap per paragraph and is also the
/// "pango" speed peer of the benchmarks. Not thread-safe: use one peer per thread. Opening a
/// peer makes its fontconfig configuration the process's current one.
public final class PangoPeer {
    /// The families of the oracle, in fallback order.
    public static let defaultFamilies = "Noto Sans,Noto Sans CJK SC,Noto Color Emoji"

    /// The version of the Pango library in use, e.g. "1.50.12".
    public static var pangoVersion: String { String(cString: cpangopeer_pango_version()) }

    public let fontsDirectory: String
    public let families: String
    public let fontSize: Double
    private let context: OpaquePointer

    /// Opens Pango on the fonts of `fontsDirectory` (and nothing else).
    ///
    /// - Parameters:
    ///   - families: comma-separated family names, in fallback order.
    ///   - fontSize: the absolute size in pixels.
    public init(
        fontsDirectory: String, families: String = PangoPeer.defaultFamilies,
        fontSize: Double = 17
    ) throws(PangoPeerError) {
        var error = [CChar](repeating: 0, count: 512)
        guard let context = cpangopeer_open(fontsDirectory, families, fontSize, &error, error.count) else {
            throw PangoPeerError(
                message: String(
                    decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                    as: UTF8.self))
        }
        self.context = context
        self.fontsDirectory = fontsDirectory
        self.families = families
        self.fontSize = fontSize
    }

    deinit { cpangopeer_close(context) }

    /// Lays out `text` at `width` pixels (0 or less: no wrapping) and measures it.
    public func measure(_ text: String, width: Double) -> ParagraphMeasurement {
        var text = text
        return text.withUTF8 { measure(utf8: $0, width: width) }
    }

    /// Lays out UTF-8 bytes at `width` pixels and measures them: the call for timing loops.
    public func measure(utf8: UnsafeBufferPointer<UInt8>, width: Double) -> ParagraphMeasurement {
        var result = cpangopeer_result()
        let status = utf8.withMemoryRebound(to: CChar.self) { bytes in
            cpangopeer_measure(context, bytes.baseAddress, Int64(bytes.count), width, &result)
        }
        precondition(status == 0, "cpangopeer_measure failed")
        return ParagraphMeasurement(
            lineCount: Int(result.line_count), height: result.height,
            width: result.trimmed_width, logicalWidth: result.width)
    }

    /// The lines of the paragraph measured last, as byte ranges of its UTF-8 text.
    public func lastLines() -> [MeasuredLine] {
        (0..<Int(cpangopeer_line_count(context))).map { index in
            var start: Int64 = 0, length: Int64 = 0, width = 0.0, height = 0.0
            guard cpangopeer_line_info(context, Int32(index), &start, &length, nil, &width, &height) == 0 else {
                return MeasuredLine(range: 0..<0)
            }
            return MeasuredLine(range: Int(start)..<Int(start + length), width: width, height: height)
        }
    }

    /// Where lines 2, 3, ... of the paragraph measured last start, as offsets in Unicode scalars
    /// of its text (from Pango's line start indices).
    public func lastBreaks() -> [Int] {
        let count = Int(cpangopeer_break_offsets(context, nil, 0))
        guard count > 0 else { return [] }
        var offsets = [Int64](repeating: 0, count: count)
        let written = Int(cpangopeer_break_offsets(context, &offsets, Int32(count)))
        precondition(written == count, "cpangopeer_break_offsets changed its count")
        return offsets.map { Int($0) }
    }

    /// Pango's line break opportunities in `text` (its layout's `is_line_break` attributes):
    /// offsets in Unicode scalars, neither 0 nor the end, where a line may start.
    public func lineBreakOpportunities(_ text: String) -> [Int] {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { bytes in
                let count = Int(
                    cpangopeer_line_break_opportunities(context, bytes.baseAddress, Int64(bytes.count), nil, 0))
                guard count > 0 else { return [] }
                var offsets = [Int64](repeating: 0, count: count)
                _ = cpangopeer_line_break_opportunities(
                    context, bytes.baseAddress, Int64(bytes.count), &offsets, Int32(count))
                return offsets.map { Int($0) }
            }
        }
    }

    /// Lays out `text` at `width` pixels and returns its lines.
    public func lines(of text: String, width: Double) -> [MeasuredLine] {
        _ = measure(text, width: width)
        return lastLines()
    }

    /// The font family (with its face index, e.g. "Noto Sans CJK SC #2") Pango chose for the
    /// character at UTF-8 byte offset `byteOffset` of the paragraph measured last.
    public func lastFont(atByteOffset byteOffset: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard cpangopeer_font_at(context, Int64(byteOffset), &buffer, buffer.count) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
