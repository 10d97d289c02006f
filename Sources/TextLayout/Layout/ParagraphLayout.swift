/// The lines of a measured text and its size. Immutable and `Sendable`.
///
/// Lengths are in points, y grows downwards from the top of the first line, and text ranges
/// are UTF-8 byte offsets into the measured string.
public struct ParagraphLayout: Sendable, Equatable {
    /// One line of a layout.
    public struct Line: Sendable, Equatable {
        /// The UTF-8 offsets of the text on the line, white space at its end included, the hard
        /// break that ends it excluded. For a truncated line, the text shown before the token.
        public var range: Range<Int>
        /// The width of the line without the white space hanging at its end (token included).
        public var width: Double
        /// The largest ascent of the fonts and attachments on the line: how far they reach above the
        /// baseline.
        public var ascent: Double
        /// The largest descent of the fonts and attachments on the line: how far they reach below
        /// the baseline (positive downwards).
        public var descent: Double
        /// The top of the line box.
        public var top: Double
        /// The height of the line box, by ``TextStyle/lineHeight`` (``TextStyle/lineSpacing`` not
        /// included); the glyphs are centred in it.
        public var height: Double
        /// The y of the baseline.
        public var baseline: Double
        /// Whether this line ends in the truncation token.
        public var isTruncated: Bool
    }

    /// The lines shown (at most `maxLines`).
    public let lines: [Line]
    /// The width of the widest line.
    public let width: Double
    /// The height of all lines shown, with the spacing between them.
    public let height: Double
    /// Whether lines were cut at `maxLines`.
    public let isTruncated: Bool
    /// How many lines the text takes without a limit.
    public let fullLineCount: Int

    /// The number of lines shown.
    public var lineCount: Int { lines.count }
}
