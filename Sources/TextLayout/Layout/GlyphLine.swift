/// A rectangle in a layout, in points, y down.
public struct TextRect: Sendable, Hashable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Makes a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// One glyph placed on a line, as HarfBuzz shaped it for the measurement.
public struct PlacedGlyph: Sendable, Hashable {
    /// The glyph's index in its run's font (0 is .notdef).
    public var id: UInt32
    /// The UTF-8 offset where the glyph's cluster starts: in the laid-out text, or in the
    /// truncation token's string for a glyph of the token. A ligature's glyph stands for every
    /// cluster up to the next glyph's; one cluster may have several glyphs.
    public var cluster: Int
    /// How far the pen moves after the glyph, in points.
    public var advance: Double
    /// Where the glyph's origin is drawn, in points from the line's left edge, HarfBuzz's
    /// offset applied.
    public var x: Double
    /// Where the glyph's origin is drawn, in points down from the layout's top (its run's
    /// baseline, HarfBuzz's offset applied).
    public var y: Double
}

/// The glyphs of one run on one line: one font, script and direction (or one attachment).
///
/// An immutable value, `Sendable`.
public struct GlyphRun: Sendable {
    /// The font of the glyphs; nil for an attachment.
    public let font: Font?
    /// The font size in points.
    public let fontSize: Double
    /// The text of the run on the line, as UTF-8 offsets: in the laid-out text, or in the
    /// truncation token's string when ``isTruncationToken``.
    public let range: Range<Int>
    /// Whether the run goes right to left (its glyphs are still in drawing order, left to right).
    public let isRightToLeft: Bool
    /// Whether the run belongs to the truncation token that ends a truncated line.
    public let isTruncationToken: Bool
    /// Where the run starts, in points from the line's left edge.
    public let x: Double
    /// The sum of the glyphs' advances (an attachment's width), in points.
    public let width: Double
    /// The y (down, from the layout's top) of the baseline the run's glyphs sit on: the line's
    /// baseline, raised or lowered as the line aligns scripts (see ``ParagraphLayout/Line``).
    public let baseline: Double
    /// The glyphs in drawing order (left to right); empty for an attachment.
    public let glyphs: [PlacedGlyph]
    /// The attachment drawn by the run, if it is one.
    public let attachment: TextAttachment?

    /// The rectangle an attachment takes: its width, from its ascent above the baseline to its
    /// descent below; nil for glyphs.
    public var attachmentFrame: TextRect? {
        attachment.map { TextRect(x: x, y: baseline - $0.ascent, width: width, height: $0.ascent + $0.descent) }
    }
}

/// The glyphs of one line of a ``ParagraphLayout``: the same shaping the measurement used, so
/// that drawing them shows what was measured.
///
/// The runs' advances add up to the line's ``ParagraphLayout/Line/width`` plus
/// ``hangingWhiteSpace``. An immutable value, `Sendable`.
public struct GlyphLine: Sendable {
    /// The line measured.
    public let line: ParagraphLayout.Line
    /// The runs in drawing order, left to right (bidi-reordered; a truncation token's runs
    /// last).
    public let runs: [GlyphRun]
    /// The advance of the white space at the line's end, which hangs past the line's width.
    public let hangingWhiteSpace: Double
    /// Whether the paragraph the line belongs to runs right to left (its first strong character
    /// is, UAX #9's rules P2 and P3): such a line is drawn against the right edge of the box,
    /// as browsers and Pango start-align it.
    public let isRightToLeftParagraph: Bool
}
