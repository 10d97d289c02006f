/// `Codable` and descriptions for layouts, so that a server can send them and a debugger can
/// print them.
extension ParagraphLayout: Codable, CustomStringConvertible {
    private enum CodingKeys: String, CodingKey {
        case lines, width, height, isTruncated, fullLineCount
    }

    /// Encodes every field (`lines`, `width`, `height`, `isTruncated`, `fullLineCount`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lines, forKey: .lines)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(isTruncated, forKey: .isTruncated)
        try container.encode(fullLineCount, forKey: .fullLineCount)
    }

    /// Decodes what ``encode(to:)`` wrote.
    ///
    /// - Throws: `DecodingError` for a missing or mistyped field, or a `fullLineCount` below the
    ///   number of lines.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let lines = try container.decode([Line].self, forKey: .lines)
        let fullLineCount = try container.decode(Int.self, forKey: .fullLineCount)
        guard fullLineCount >= lines.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .fullLineCount, in: container,
                debugDescription: "fullLineCount \(fullLineCount) is below the \(lines.count) lines")
        }
        self.init(
            lines: lines, width: try container.decode(Double.self, forKey: .width),
            height: try container.decode(Double.self, forKey: .height),
            isTruncated: try container.decode(Bool.self, forKey: .isTruncated), fullLineCount: fullLineCount)
    }

    /// "3 lines, 190.791 × 74.018 pt", with ", truncated (5 in full)" when lines were cut.
    public var description: String {
        let size = "\(lineCount) line\(lineCount == 1 ? "" : "s"), \(formatPoints(width)) × \(formatPoints(height)) pt"
        return isTruncated ? size + ", truncated (\(fullLineCount) in full)" : size
    }

    /// What `feedlayout measure` prints for a text: line count, height, width, truncation.
    public var summary: Summary {
        Summary(lines: lineCount, height: height, width: width, truncated: isTruncated)
    }

    /// A layout's numbers without its lines: `Codable` to the same JSON object as a line of
    /// `feedlayout measure`, `{"lines": 3, "height": 74.018, "width": 190.791, "truncated": false}`
    /// (the CLI rounds to 4 decimals; an encoder writes the numbers whole).
    public struct Summary: Sendable, Hashable, Codable {
        /// The number of lines shown.
        public var lines: Int
        /// The height of the lines shown, in points.
        public var height: Double
        /// The width of the widest line, in points.
        public var width: Double
        /// Whether lines were cut at `maxLines`.
        public var truncated: Bool

        /// Makes a summary.
        public init(lines: Int, height: Double, width: Double, truncated: Bool) {
            self.lines = lines
            self.height = height
            self.width = width
            self.truncated = truncated
        }
    }
}

extension ParagraphLayout.Line: Codable, CustomStringConvertible {
    private enum CodingKeys: String, CodingKey {
        case range, width, ascent, descent, top, height, baseline, isTruncated
    }

    /// Encodes every field; `range` as `[start, end]` (UTF-8 offsets).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(range, forKey: .range)
        try container.encode(width, forKey: .width)
        try container.encode(ascent, forKey: .ascent)
        try container.encode(descent, forKey: .descent)
        try container.encode(top, forKey: .top)
        try container.encode(height, forKey: .height)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(isTruncated, forKey: .isTruncated)
    }

    /// Decodes what ``encode(to:)`` wrote.
    ///
    /// - Throws: `DecodingError` for a missing or mistyped field, or a range that is reversed
    ///   or starts below 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let range = try container.decode(Range<Int>.self, forKey: .range)
        guard range.lowerBound >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .range, in: container, debugDescription: "a line range starts at or after 0")
        }
        self.init(
            range: range, width: try container.decode(Double.self, forKey: .width),
            ascent: try container.decode(Double.self, forKey: .ascent),
            descent: try container.decode(Double.self, forKey: .descent),
            top: try container.decode(Double.self, forKey: .top),
            height: try container.decode(Double.self, forKey: .height),
            baseline: try container.decode(Double.self, forKey: .baseline),
            isTruncated: try container.decode(Bool.self, forKey: .isTruncated))
    }

    /// "bytes 0..<27, 190.791 pt wide, top 0, height 24.616, baseline 18.173", plus ", truncated".
    public var description: String {
        "bytes \(range.lowerBound)..<\(range.upperBound), \(formatPoints(width)) pt wide, top \(formatPoints(top)), "
            + "height \(formatPoints(height)), baseline \(formatPoints(baseline))" + (isTruncated ? ", truncated" : "")
    }
}

/// A length in points for people: at most 3 decimals, no trailing zeros ("190.791", "17").
func formatPoints(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let rounded = (value * 1_000).rounded() / 1_000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return "\(rounded)"
}
