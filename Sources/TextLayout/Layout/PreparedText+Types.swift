/// A run of clusters shaped together: one font, one script, one direction.
struct ShapingRun: Sendable {
    /// Byte offsets of the run in the whole text.
    var start: Int32
    var end: Int32
    /// Byte offsets of the hard-break paragraph holding it (the shaping context).
    var paragraphStart: Int32
    var paragraphEnd: Int32
    /// Index of the font in the stack; `attachmentFont` for an attachment.
    var font: UInt8
    var script: UInt8
    var rightToLeft: Bool
    /// The baseline the run's script aligns on, and where the run's font puts each kind of
    /// baseline, in points (y up): see ``RunBaselines``.
    var baselineKind: RunBaselines.Kind = .roman
    var baselinePoints: (Double, Double, Double) = (0, 0, 0)
    static let attachmentFont: UInt8 = 255

    /// How far above the line's reference baseline this run's glyphs sit, in points, on a line
    /// whose first run is `first`.
    @inline(__always) func rise(onLineStartingWith first: ShapingRun) -> Double {
        switch first.baselineKind {
        case .roman: return first.baselinePoints.0 - baselinePoints.0
        case .ideographicFaceBottom: return first.baselinePoints.1 - baselinePoints.1
        case .hanging: return first.baselinePoints.2 - baselinePoints.2
        }
    }
}

/// A grapheme cluster: where it starts and what it is.
struct ClusterInfo: Sendable {
    var start: Int32
    var font: UInt8
    var flags: UInt8
    static let whiteSpace: UInt8 = 1
    static let breakBefore: UInt8 = 2
    static let attachment: UInt8 = 4
}

/// The text of one run between two break opportunities, measured.
struct Piece: Sendable {
    var start: Int32
    var end: Int32
    var run: Int32
    var firstCluster: Int32
    var endCluster: Int32
    /// Advance in points, trailing white space included.
    var advance: Double
    /// The advance of the white space at its end, in points.
    var trailingWhiteSpace: Double
    var ascent: Double
    var descent: Double
    /// Whether a line may break before the piece.
    var breakBefore: Bool
}

/// A hard-break paragraph: its bytes and its pieces.
struct ParagraphSpan: Sendable {
    var start: Int32
    var end: Int32
    var pieces: Range<Int>
}
