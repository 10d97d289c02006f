import CTextShims

/// What segmentation needs besides the text: the fonts and break iterators, and the rules.
struct SegmentationInput {
    /// The whole text's UTF-8 (valid: it comes from a `String`); paragraphs are ranges of it.
    let text: UnsafeBufferPointer<UInt8>
    /// The text's attachments (each stands in the text as U+FFFC).
    let attributed: AttributedText
    let context: MeasuringContext
    let rules: SegmentationRules
}

/// How a text's clusters and break opportunities are found: which ways the analysis may take
/// and which line-breaking rules apply.
struct SegmentationRules: Sendable {
    /// Which ways the analysis may take (tests compare them).
    enum Paths: Sendable {
        /// The fused pass where it applies, our own clustering and line breaking where they apply.
        case fastest
        /// Never the fused pass.
        case generalPath
        /// Never the fused pass, and ICU for every grapheme cluster and break opportunity: the
        /// reference the others are tested against.
        case icuOnly
    }

    var paths: Paths
    /// Our own breaker's mode when it knows the rules of the style's locale (nil: ICU breaks
    /// every paragraph).
    var ownBreakerMode: PairLineBreaker.Mode?
    private let style: TextStyle

    init(style: TextStyle, paths: Paths) {
        self.paths = paths
        self.style = style
        // The root locale (the default) without making its ICU name, else by that name.
        ownBreakerMode =
            paths == .icuOnly
            ? nil
            : style.locale.isEmpty
                ? PairLineBreaker.Mode(style.lineBreak) : PairLineBreaker.Mode(locale: style.breakLocale)
    }

    /// ICU's locale with the line-break keyword ("zh@lb=normal"), made only when ICU breaks.
    var breakLocale: String { style.breakLocale }
    /// The root locale with the same keyword: what breaks when the style's locale is unusable.
    var rootBreakLocale: String { "@lb=" + style.lineBreak.rawValue }
}

/// Stage 1 of preparing a text: cuts one hard-break paragraph into grapheme clusters, each with
/// a font and flags (white space, space-like, attachment, a break opportunity before it), and
/// gives each cluster its resolved script and bidi level.
///
/// Two ways to the clusters: a fused single pass for paragraphs whose characters each make a
/// cluster of their own and run left to right (most status text: CJK, Latin, punctuation,
/// single-code-point emoji), and the general path (grapheme clusters, sequences, bidi) for the
/// rest. Clusters and break opportunities are our own where our rules cover the text (UAX #29
/// for emoji sequences and marks, ``PairLineBreaker`` for line breaks), ICU's elsewhere; tests
/// hold every way to ICU alone. Font choice is ``FontTable``'s, script resolution
/// ``ScriptResolution``'s, for both ways.
///
/// One per thread (its buffers are reused from text to text); not thread-safe.
final class Segmenter {
    /// Per cluster of the paragraph last segmented: its resolved script (ICU script code).
    let scripts = GrowableBuffer<UInt8>()
    /// The brackets open during script resolution (see ``ScriptResolution``).
    var openBrackets: [UInt64] = []
    /// Per cluster of the paragraph last segmented: its bidi embedding level (odd: right to left).
    let levels = GrowableBuffer<UInt8>()

    // The general path's scratch, per scalar of the paragraph.
    let scalarStarts = GrowableBuffer<Int32>()
    let scalars = GrowableBuffer<UInt32>()
    let properties = GrowableBuffer<UInt16>()
    /// Per cluster: the index of its first scalar.
    let clusterScalar = GrowableBuffer<Int32>()
    /// The first scalar whose line break opportunity ``findClusters`` has not yet looked at.
    var splitCursor = 0
    /// The fonts of the paragraph being clustered (a grapheme cluster that no font covers whole
    /// is split where its base's font lacks a character; see `appendSplits`).
    var clusteringFonts: FontTable?
    /// Line-break classes for our own breaker (per scalar; per cluster in the fused pass, where
    /// the two are one), and the general path's break opportunities per scalar (a line may
    /// start there; ours or ICU's).
    let lineClasses = GrowableBuffer<UInt8>()
    let scalarBreaks = GrowableBuffer<Bool>()
    /// ICU's boundaries.
    var boundaries: [Int32] = []
    /// Scratch of ``appendDictionaryBoundaries(_:of:mode:to:)``: per scalar of the paragraph its
    /// start and line-break class, and the runs of one script's SA characters (byte offsets,
    /// start and end of each in turn).
    let dictionaryStarts = GrowableBuffer<Int32>()
    let dictionaryClasses = GrowableBuffer<UInt8>()
    let dictionaryRuns = GrowableBuffer<Int32>()
    /// ICU's dictionary opportunities inside runs of SA characters, by the run's text.
    let dictionaryCache = DictionaryBreakCache()
    /// Scratch of bidi resolution (see `resolveBidi`): the paragraph in UTF-16, each scalar's
    /// first unit, the units' levels, and ICU's bidi object, reused (a right-to-left paragraph
    /// then allocates nothing).
    let bidiUnits = GrowableBuffer<UInt16>()
    let bidiUnitOfScalar = GrowableBuffer<Int32>()
    let bidiUnitLevels = GrowableBuffer<UInt8>()
    lazy var bidi: UnsafeMutableRawPointer? = ctextshims_bidi_create()

    deinit { ctextshims_bidi_destroy(bidi) }
    #if FEEDLAYOUT_INTERNAL_CHECKS
        /// Paragraphs the fused pass took as right to left only (debug builds only: tests check
        /// that it serves them).
        var fusedRightToLeftParagraphs = 0
    #endif
    /// Whether some cluster of the text fell to a font that lacks one of its characters (the
    /// text may have missing glyphs: see ``PreparedText/missingGlyphs``). Reset per text.
    var sawUncovered = false

    /// Segments paragraph `range` of the input's text: appends its clusters to `clusters` and
    /// leaves their scripts and levels in ``scripts`` and ``levels``.
    ///
    /// - Returns: whether the general path was taken (the fused pass's paragraphs hold no mark,
    ///   ZWJ or variation selector, and no bidi class that needs ICU's bidi).
    func segment(_ range: Range<Int>, of input: SegmentationInput, into clusters: GrowableBuffer<ClusterInfo>) -> Bool {
        let firstCluster = clusters.count
        guard !range.isEmpty else {
            scripts.removeAll()
            levels.removeAll()
            return false
        }
        let fused = input.rules.paths == .fastest ? fusedPass(range, of: input, into: clusters) : .notApplicable
        if fused == .notApplicable {
            // Break opportunities first: clusters start at each of them, inside grapheme clusters too.
            let flags = decodeScalars(range, of: input.text)
            findScalarBreaks(range, of: input)
            findClusters(range, flags: flags, of: input, into: clusters)
            chooseFontsAndScripts(
                of: input, clusters: clusters, firstCluster: firstCluster,
                hasBrackets: flags & UnicodeProperties.pairedBracket != 0)
            resolveBidi(needed: flags & UnicodeProperties.rightToLeft != 0)
        } else if fused == .clustersOnly {
            markICUBreakOpportunities(range, of: input, clusters: clusters, firstCluster: firstCluster)
        }
        #if FEEDLAYOUT_INTERNAL_CHECKS
            checkInvariants(range, clusters: clusters, firstCluster: firstCluster)
        #endif
        return fused == .notApplicable
    }

    /// What the fused pass did with a paragraph.
    private enum FusedPass {
        /// Nothing: the paragraph needs the general path.
        case notApplicable
        /// Its clusters, fonts and scripts; ICU must find its break opportunities.
        case clustersOnly
        /// Its clusters, fonts, scripts and break opportunities (by our own breaker).
        case clustersAndBreaks
    }

    /// The fused pass for a paragraph of single-code-point clusters, left to right, or right to
    /// left only (``isRightToLeftOnly(_:)``: every level 1, as the general path finds without
    /// ICU; most Hebrew and Arabic paragraphs): decodes, looks properties up, picks fonts,
    /// scripts and line-break classes in one go. Adds nothing when the paragraph needs the
    /// general path.
    private func fusedPass(_ range: Range<Int>, of input: SegmentationInput, into clusters: GrowableBuffer<ClusterInfo>)
        -> FusedPass
    {
        // At most one cluster per byte: written through pointers, counted when the paragraph
        // turns out simple.
        let capacity = range.count
        clusters.reserve(capacity)
        scripts.removeAll()
        scripts.reserve(capacity)
        lineClasses.removeAll()
        lineClasses.reserve(capacity)
        let out = clusters.base + clusters.count
        let scriptOut = scripts.base
        let classOut = lineClasses.base
        let hasAttachments = input.attributed.hasAttachments
        let table = input.context.fontTable
        let stop = UnicodeProperties.complexGrapheme
        // A right-to-left scalar seen: from it on every scalar must keep the paragraph right to
        // left only, and the text before it must be neutral (checked once, when it is seen).
        var rightToLeft = false
        let low = Self.lowBidiClasses  // once: each read of a static is a call to swift_once
        var ownBreaks = input.rules.ownBreakerMode != nil
        var uncovered = false
        var count = 0
        let text = input.text
        var simple = true
        var union: UInt16 = 0
        UnicodeProperties.bmp.withUnsafeBufferPointer { properties in
            PairLineBreaker.bmp.withUnsafeBufferPointer { classes in
                var previousFont: UInt8? = nil
                var i = range.lowerBound
                let end = range.upperBound
                while i < end {
                    let (scalar, length) = UTF8Scalars.decode(text, at: i)
                    let bits = scalar < 0x10000 ? properties[Int(scalar)] : UnicodeProperties.of(scalar)
                    if bits & stop != 0 {
                        simple = false
                        return
                    }
                    if bits & UnicodeProperties.rightToLeft != 0 && !rightToLeft {
                        rightToLeft = true
                        var j = range.lowerBound
                        while j < i {
                            let (before, beforeLength) = UTF8Scalars.decode(text, at: j)
                            if Self.rightToLeftOnlyClass(before, low: low) != .neutral {
                                simple = false
                                return
                            }
                            j += beforeLength
                        }
                    }
                    if rightToLeft && Self.rightToLeftOnlyClass(scalar, low: low) == .other {
                        simple = false
                        return
                    }
                    union |= bits
                    var info = ClusterInfo(
                        start: Int32(i), font: 0, flags: ClusterInfo.flags(scalar: scalar, bits: bits))
                    if scalar == 0xFFFC, hasAttachments, input.attributed.attachment(atUTF8Offset: i) != nil {
                        info.flags |= ClusterInfo.attachment
                        info.font = ShapingRun.attachmentFont
                    } else {
                        info.font = table.font(
                            forScalar: scalar, bits: bits, previous: previousFont, uncovered: &uncovered)
                        previousFont = info.font
                    }
                    out[count] = info
                    scriptOut[count] = UnicodeProperties.script(bits)
                    if ownBreaks {
                        let lineClass = scalar < 0x10000 ? classes[Int(scalar)] : PairLineBreaker.lineClass(scalar)
                        if lineClass == PairLineBreaker.unsupported { ownBreaks = false }
                        classOut[count] = lineClass
                    }
                    count += 1
                    i += length
                }
            }
        }
        guard simple else { return .notApplicable }
        if uncovered { sawUncovered = true }
        let firstCluster = clusters.count
        clusters.adoptWritten(count)
        scripts.adoptWritten(count)
        if ownBreaks { lineClasses.adoptWritten(count) }
        ScriptResolution.resolve(
            UnsafeMutableBufferPointer(rebasing: scripts.elements[0..<count]),
            hasBrackets: union & UnicodeProperties.pairedBracket != 0,
            firstScalar: { UTF8Scalars.decode(text, at: Int(clusters[firstCluster + $0].start)).scalar },
            openBrackets: &openBrackets)
        let paragraphClusters = UnsafeMutableBufferPointer(rebasing: clusters.elements[firstCluster...])
        table.resolveSpaceFonts(paragraphClusters, scripts: UnsafeBufferPointer(scripts.elements), text: text)
        levels.removeAll()
        levels.append(repeating: rightToLeft ? 1 : 0, count: count)
        #if FEEDLAYOUT_INTERNAL_CHECKS
            if rightToLeft { fusedRightToLeftParagraphs += 1 }
        #endif
        // Our own line breaker (ICU's rules exactly; see PairLineBreaker) over the classes.
        guard ownBreaks, let mode = input.rules.ownBreakerMode else { return .clustersOnly }
        let classes = lineClasses.base
        let marked = PairLineBreaker.findBreaks(
            count: count, mode: mode, lineClass: { classes[$0] },
            mark: { paragraphClusters[$0].flags |= ClusterInfo.breakBefore })
        if !marked {
            // ICU decides (a class our breaker leaves to it): forget what the breaker marked.
            for c in 0..<count { paragraphClusters[c].flags &= ~ClusterInfo.breakBefore }
            return .clustersOnly
        }
        return .clustersAndBreaks
    }

    #if FEEDLAYOUT_INTERNAL_CHECKS
        /// Clusters start where the paragraph starts, ascend, and each has a script and a level.
        private func checkInvariants(_ range: Range<Int>, clusters: GrowableBuffer<ClusterInfo>, firstCluster: Int) {
            let count = clusters.count - firstCluster
            internalCheck(
                count > 0 && clusters[firstCluster].start == Int32(range.lowerBound),
                "the first cluster starts the paragraph")
            internalCheck(scripts.count == count && levels.count == count, "a script and a level per cluster")
            internalCheck(
                clusters[firstCluster].flags & ClusterInfo.breakBefore == 0,
                "no break before the paragraph's first cluster")
            for c in (firstCluster + 1)..<clusters.count {
                internalCheck(
                    clusters[c].start > clusters[c - 1].start && clusters[c].start < Int32(range.upperBound),
                    "cluster starts ascend inside the paragraph")
            }
        }
    #endif
}

/// Scripts of clusters: Common and Inherited take the script of the text before them; leading
/// ones take the first real script of the paragraph (as Pango's script iterator does). The one
/// place that rule lives.
enum ScriptResolution {
    /// The most brackets open at once that are remembered (deeper ones resolve as any Common
    /// character), as Pango's itemizer bounds its stack.
    static let maximumOpenBrackets = 64

    /// Resolves raw ICU script codes in place, by UAX #24's rules as Pango's and HarfBuzz's
    /// itemizers apply them: a Common or Inherited character takes the script of the text
    /// before it (at the start, of the first character with a script of its own), except a
    /// closing bracket, which takes the script of the opening bracket it closes, so that in
    /// `ы (F)` the `)` is Cyrillic as the `(` is, not kerned with the Latin `F`.
    ///
    /// - Parameters:
    ///   - hasBrackets: whether the paragraph has a paired bracket (``UnicodeProperties/pairedBracket``);
    ///     without one, no scalar is asked for.
    ///   - firstScalar: the first scalar of each cluster (asked only of Common ones).
    ///   - openBrackets: scratch for the brackets open (kept by the caller, so that the
    ///     resolution allocates nothing once warm).
    static func resolve(
        _ scripts: UnsafeMutableBufferPointer<UInt8>, hasBrackets: Bool, firstScalar: (Int) -> UInt32,
        openBrackets: inout [UInt64]
    ) {
        var first = UnicodeProperties.scriptCommon
        for script in scripts where script > UnicodeProperties.scriptInherited {
            first = script
            break
        }
        openBrackets.removeAll(keepingCapacity: true)
        var current = first
        for c in scripts.indices {
            if scripts[c] > UnicodeProperties.scriptInherited {
                current = scripts[c]
                continue
            }
            if hasBrackets && scripts[c] == UnicodeProperties.scriptCommon {
                let scalar = firstScalar(c)
                if UnicodeProperties.of(scalar) & UnicodeProperties.pairedBracket != 0 {
                    var pair: UInt32 = 0
                    switch ctextshims_paired_bracket(scalar, &pair) {
                    case 1:
                        if openBrackets.count < maximumOpenBrackets {
                            openBrackets.append(UInt64(pair) << 8 | UInt64(current))
                        }
                    case 2:
                        if let match = openBrackets.lastIndex(where: { UInt32($0 >> 8) == scalar }) {
                            current = UInt8(truncatingIfNeeded: openBrackets[match])
                            openBrackets.removeSubrange(match...)
                        }
                    default: break
                    }
                }
            }
            scripts[c] = current
        }
    }
}
