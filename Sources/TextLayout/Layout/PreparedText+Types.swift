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
    /// The bidi embedding level (odd: right to left), for drawing lines in visual order.
    var level: UInt8 = 0
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
    /// A space, control or format character: it takes its font from the text around it (see
    /// ``FontTable/resolveSpaceFonts(_:scripts:text:)``).
    static let spaceLike: UInt8 = 8
    /// The cluster continues the grapheme cluster before it: it starts at a line break
    /// opportunity UAX #14 allows inside a grapheme cluster (a space before a combining mark,
    /// ZWJ or emoji modifier), so that a line may start there. Shaped in its run as ever, it
    /// takes the advance HarfBuzz gives its glyphs.
    static let insideGrapheme: UInt8 = 16
    /// Shaping gave the cluster a .notdef glyph (set by ``RunMeasurer`` when it shapes the
    /// cluster's run; a run measured from the segment cache has none, since a piece holding a
    /// .notdef glyph is never stored): what ``PreparedText/missingGlyphs`` reports from.
    static let notdefGlyph: UInt8 = 32

    /// The flags of a cluster starting with `scalar` of properties `bits`.
    @inline(__always) static func flags(scalar: UInt32, bits: UInt16) -> UInt8 {
        var flags: UInt8 = 0
        if bits & UnicodeProperties.whiteSpace != 0 { flags |= whiteSpace }
        if bits & UnicodeProperties.nonGraphic != 0 && !FontTable.needsOwnFont(scalar) { flags |= spaceLike }
        return flags
    }
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
    /// Whether the piece must be shaped in its run every time, never taken from or put in the
    /// segment cache: it begins with a character HarfBuzz attaches to the text before it (a
    /// mark, ZWJ, an emoji modifier), or the piece after it in its run does. Such a piece
    /// follows a control or a run edge, where HarfBuzz's unsafe-to-concat flag does not say
    /// what shaping it alone would change.
    var neverCached = false
}

/// A hard-break paragraph: its bytes, its pieces and its words.
struct ParagraphSpan: Sendable {
    var start: Int32
    var end: Int32
    private var firstPiece: Int32
    private var endPiece: Int32
    private var firstWord: Int32
    private var endWord: Int32

    init(start: Int32, end: Int32, pieces: Range<Int>, words: Range<Int>) {
        self.start = start
        self.end = end
        firstPiece = Int32(pieces.lowerBound)
        endPiece = Int32(pieces.upperBound)
        firstWord = Int32(words.lowerBound)
        endWord = Int32(words.upperBound)
    }

    /// Indices of its pieces in the text's pieces.
    var pieces: Range<Int> { Int(firstPiece)..<Int(endPiece) }
    /// Indices of its words in the text's break points.
    var words: Range<Int> { Int(firstWord)..<Int(endWord) }
}

/// A range of indices or offsets as two 32-bit numbers (plain data, unlike `Range`).
struct Span: Sendable, Equatable {
    var lowerBound: Int32
    var upperBound: Int32

    init(_ range: Range<Int>) {
        lowerBound = Int32(range.lowerBound)
        upperBound = Int32(range.upperBound)
    }

    var range: Range<Int> { Int(lowerBound)..<Int(upperBound) }
}

/// What line filling reads of a word: where its visible text ends and where the next word
/// starts, in points counted from the start of its paragraph, so that the visible width of the
/// words i...k on one line is `breakPoints[k].visibleEnd − breakPoints[i − 1].nextStart` (0 for
/// the paragraph's first word). `visibleEnd` never decreases within a paragraph, so a line's
/// last word is found by search. 24 bytes: a line costs a probe or two, not a pass over words.
struct LineBreakPoint: Sendable {
    var visibleEnd: Double
    var nextStart: Double
    /// The word's end in the text (the next word's start), in UTF-8 bytes.
    var end: Int32
    /// Its heights, as an index into ``PreparedText/heightProfiles``.
    var profile: UInt16
    /// Whether a line ending after this word, or starting after it, measures differently from
    /// the sums above (see ``EdgeCorrection``).
    var hasEdgeCorrection = false
}

/// What a line edge after a word changes, where HarfBuzz says the text may not be cut there
/// without shaping again (a kerned pair, a ligature across the edge): Pango and Chromium shape
/// a line's ends alone, so a line ending after the word is `lineEnd` points wider than the sum
/// of the advances in context, and a line starting after it `lineStart` points wider. The
/// segments shaped alone reach from the edge to the nearest cluster HarfBuzz marks safe to
/// concatenate on each side, as HarfBuzz's documentation of the flag describes.
///
/// Measuring finds where the segments lie and what they measure in context; shaping them
/// alone waits until a layout asks whether a line ends there (``PreparedStorage/edgeShift(at:)``):
/// a line ends at a few of a paragraph's edges, and some scripts (Myanmar: a third of its
/// break opportunities) have many. The two advances alone are then kept in the storage with
/// atomic stores (`state` last), so that a prepared text shared by threads computes each at
/// most a few times and always gives the same numbers.
struct EdgeCorrection: Sendable {
    /// The word after which the edge lies (an index into ``PreparedText/breakPoints``).
    var word: Int32
    /// Where the segments to shape alone lie, and their advances in context.
    var segments: EdgeSegments
    /// Whether the word before the edge ends in white space, which hangs past a line's end:
    /// then only a line starting after the edge changes.
    var hangs: Bool
    /// 0 until the segments' advances alone are known, 1 after (written last, with the two
    /// below, atomically: the only fields written after the text is prepared).
    var state: UInt32 = 0
    /// The segments' advances shaped alone, in font units (valid once `state` is 1).
    var aloneBefore: Int64 = 0
    var aloneAfter: Int64 = 0
}

/// The two segments of text around a line edge that are shaped alone to measure what the edge
/// changes (``EdgeCorrection``), found while measuring runs.
struct EdgeSegments: Sendable {
    /// The run the edge lies in (an index into the runs).
    var run: Int32
    /// Clusters (indices into the clusters): the segment before the edge is `before..<edge`,
    /// the one after it `edge..<after`.
    var before: Int32
    var edge: Int32
    var after: Int32
    /// The segments' advances in context, in font units.
    var inContextBefore: Int64
    var inContextAfter: Int64
}

/// How tall a word is, shared by the many words alike (a paragraph has a handful).
///
/// A line aligns every run on the baseline kind of its first run (see ``RunBaselines``); for
/// each kind k, `ascents.k` is the largest `ascent − baseline_k` of the word's text runs and
/// `descents.k` the largest `descent + baseline_k`, so that on a line whose first run puts
/// baseline k at `b`, the word reaches `ascents.k + b` up and `descents.k − b` down.
/// Attachments sit on the line's baseline.
struct HeightProfile: Sendable, Equatable {
    /// The baseline kind of the word's first run and that run's baseline positions.
    var kind: RunBaselines.Kind = .roman
    var firstBaselines: (Double, Double, Double) = (0, 0, 0)
    var ascents: (Double, Double, Double) = (-.infinity, -.infinity, -.infinity)
    var descents: (Double, Double, Double) = (-.infinity, -.infinity, -.infinity)
    var attachmentAscent = 0.0
    var attachmentDescent = 0.0

    static func == (a: HeightProfile, b: HeightProfile) -> Bool {
        a.kind == b.kind && a.firstBaselines == b.firstBaselines && a.ascents == b.ascents && a.descents == b.descents
            && a.attachmentAscent == b.attachmentAscent && a.attachmentDescent == b.attachmentDescent
    }
}

extension RunBaselines.Kind {
    /// Element `self` of a triple indexed by kind.
    @inline(__always) func pick(_ triple: (Double, Double, Double)) -> Double {
        switch self {
        case .roman: return triple.0
        case .ideographicFaceBottom: return triple.1
        case .hanging: return triple.2
        }
    }
}
