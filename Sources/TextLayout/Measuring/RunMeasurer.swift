import CHarfBuzz
import CTextShims

/// What measuring runs needs besides the segmented paragraph.
struct MeasuringInput {
    /// The whole text's UTF-8.
    let text: UnsafeBufferPointer<UInt8>
    let attributed: AttributedText
    let context: MeasuringContext
    let fontSize: Double
    /// The HarfBuzz language of the style's locale.
    let language: hb_language_t?
}

/// A line edge found while measuring runs, before words are made (see ``EdgeCorrection``).
struct PendingEdge {
    /// The byte where the text after the edge starts.
    var start: Int32
    var segments: EdgeSegments
}

/// Stage 2 of preparing a text: groups a paragraph's clusters into runs (one font, script and
/// direction; an attachment alone), cuts runs into pieces at break opportunities, and measures
/// every piece: from the segment cache when it can prove the cached advances are what shaping
/// would give, else with HarfBuzz (``RunShaper``), storing the pieces that are safe to reuse.
/// It also finds the line edges that must be shaped again (``EdgeCorrection``).
///
/// The cache's rule: a piece is stored only when both of its edges are safe to concatenate,
/// none of its glyphs is .notdef, no cluster of it was too long to shape whole, and neither it
/// nor the piece after it in the run begins with a character HarfBuzz joins to the text before
/// it (see ``Piece/neverCached``); pieces that begin or end a run or a paragraph are keyed
/// apart, a run's edge with the joining type of the character beyond it (HarfBuzz's Arabic
/// joining reads it, and nothing else outside the run: its lookups see only the run). An edge
/// is safe when HarfBuzz marks it safe to concatenate, or when the text on its
/// other side cannot change the piece (HarfBuzz's flag is conservative: Arabic's joining sets
/// it on every letter after a space, a failed contextual match on every glyph it looked at):
/// - the start of a run (the piece is keyed as one, with what HarfBuzz reads before it);
/// - after a space of its run, in a font whose space glyph is a barrier to its lookups
///   (``Font/spaceBarrier``: no lookup reaches across it, no shaper joins across it), and
///   not unsafe to break: the piece depends on that space alone on that side, and is keyed as
///   following a space (``SegmentCache/Key``'s `afterSpace`);
/// - at a space that ends the piece, in such a font, and not unsafe to break: nothing after
///   the space reaches the piece.
/// With a partial barrier (``SpaceBarrier/Kind/partial``: rules reach across the space, but
/// their match needs a known glyph next to it) the same holds for the pieces without those
/// glyphs (``isBarrier(before:)``, ``isBarrier(after:offset:clusters:input:)``),
/// and a piece whose first glyph is one a rule needs right after a space is never kept
/// (``isPoisoned(firstCluster:start:input:)``), so that no such rule matches between kept pieces.
/// A run made only of stored pieces then concatenates exactly (HarfBuzz's contract for the
/// flag, and the barrier for the spaces), so a cached engine and an uncached one give
/// bit-identical results: differential tests check 100,000 random texts in CI and 1,000,000 on
/// demand, and every per-script corpus with the fonts of every script.
///
/// One per thread (its buffers are reused from text to text); not thread-safe.
final class RunMeasurer {
    /// The runs of the paragraph last measured, as ranges of the text's pieces.
    let runPieces = GrowableBuffer<Span>()
    /// The line edges of the paragraph last measured that need shaping again, in text order.
    let edges = GrowableBuffer<PendingEdge>()

    // Scratch for one run.
    let keys = GrowableBuffer<SegmentCache.Key>()
    let values = GrowableBuffer<SegmentCache.Value>()
    let include = GrowableBuffer<Bool>()
    let found = GrowableBuffer<Bool>()
    private let relativeStarts = GrowableBuffer<Int32>()
    let clusterAdvances = GrowableBuffer<Int32>()
    let clusterFlags = GrowableBuffer<UInt8>()
    /// The glyphs of the run being measured that a rule reading back across a space may apply
    /// to (``Font/spaceBarrier``), for ``RunShaper``; nil for most fonts.
    private(set) var crossingGlyphs: UnsafePointer<UInt64>?
    /// Per cluster of the text last shaped with a join table: its first glyph, its second and
    /// its last glyph the kerning sees (``RunShaper/JoinGlyphs``).
    let joinFirst = GrowableBuffer<UInt32>()
    /// Whether the text last shaped held a dotted circle (``RunShaper/shape``'s answer): then
    /// none of its pieces is kept, and a window of it measures nothing (the run is shaped
    /// whole), since a broken cluster's circle depends on the syllables before it.
    private(set) var shapedDottedCircle = false
    let joinSecond = GrowableBuffer<UInt32>()
    let joinLast = GrowableBuffer<UInt32>()
    /// Per piece of the joined run being measured: whether the edge after it is a join, its
    /// glyphs when it is joinable (first << 32 | last, else ``RunMeasurer/notJoinable``),
    /// whether it is shaped in a window, and its advance in context (``measureJoinedRun``).
    let joinedAfter = GrowableBuffer<Bool>()
    /// Per piece of the joined run being measured: the kerning where it joins the next (0 where
    /// it does not), in font units.
    let kernsAfter = GrowableBuffer<Int32>()
    let pieceGlyphs = GrowableBuffer<UInt64>()
    let needsShaping = GrowableBuffer<Bool>()
    let pieceAdvances = GrowableBuffer<Int64>()
    /// The syllables of the piece being measured from its syllables (or clusters): their
    /// first bytes, cache keys and values, which the cache held, and which to store
    /// (``measureFromSyllables``).
    let syllableStarts = GrowableBuffer<Int32>()
    let syllableKeys = GrowableBuffer<SegmentCache.Key>()
    let syllableValues = GrowableBuffer<SegmentCache.Value>()
    let syllableFound = GrowableBuffer<Bool>()
    let syllableInclude = GrowableBuffer<Bool>()
    /// A syllable shaped alone: its rule groups and base (``RunShaper/JoinGlyphs``'s `tail`).
    let syllableTail = GrowableBuffer<UInt32>()
    /// A cluster shaped alone as a word: its very last glyph (``RunShaper/JoinGlyphs``' `final`).
    let joinFinal = GrowableBuffer<UInt32>()

    /// Makes the runs and pieces of paragraph `range` (its clusters from `firstCluster` on, with
    /// the segmenter's `scripts` and `levels`) and measures them; appends to `runs` and `pieces`.
    func measure(
        _ range: Range<Int>, clusters: GrowableBuffer<ClusterInfo>, firstCluster: Int, scripts: GrowableBuffer<UInt8>,
        levels: GrowableBuffer<UInt8>, mayHaveContinuations: Bool, input: MeasuringInput,
        runs: GrowableBuffer<ShapingRun>, pieces: GrowableBuffer<Piece>
    ) {
        runPieces.removeAll()
        edges.removeAll()
        guard !range.isEmpty else { return }
        let firstRun = runs.count
        makeRuns(
            range, clusters: clusters, firstCluster: firstCluster, scripts: scripts, levels: levels,
            mayHaveContinuations: mayHaveContinuations, input: input, runs: runs, pieces: pieces)
        for r in firstRun..<runs.count {
            measureRun(
                r, pieces: runPieces[r - firstRun].range, paragraph: range, clusters: clusters, input: input,
                runs: runs, pieces: pieces)
        }
        #if FEEDLAYOUT_INTERNAL_CHECKS
            checkInvariants(range, firstRun: firstRun, clusters: clusters, runs: runs, pieces: pieces)
        #endif
    }

    /// Groups clusters into runs of one font, script and direction (attachments stand alone),
    /// and cuts runs into pieces at break opportunities.
    private func makeRuns(
        _ range: Range<Int>, clusters: GrowableBuffer<ClusterInfo>, firstCluster: Int, scripts: GrowableBuffer<UInt8>,
        levels: GrowableBuffer<UInt8>, mayHaveContinuations: Bool, input: MeasuringInput,
        runs: GrowableBuffer<ShapingRun>, pieces: GrowableBuffer<Piece>
    ) {
        let end = clusters.count
        pieces.reserve(end - firstCluster)  // at most one piece per cluster
        let all = clusters.base
        // Read once: a class's property read in the loop is retained and released per run.
        let baselineTable = input.context.baselines
        let fontMetrics = input.context.fontMetrics
        var c = firstCluster
        while c < end {
            let info = all[c]
            let script = scripts[c - firstCluster]
            let level = levels[c - firstCluster]
            var next = c + 1
            if info.flags & ClusterInfo.attachment == 0 {
                while next < end, all[next].font == info.font, scripts[next - firstCluster] == script,
                    levels[next - firstCluster] == level
                {
                    next += 1
                }
            }
            let runEnd = next < end ? all[next].start : Int32(range.upperBound)
            var run = ShapingRun(
                start: info.start, end: runEnd, paragraphStart: Int32(range.lowerBound),
                paragraphEnd: Int32(range.upperBound), font: info.font, script: script, rightToLeft: level & 1 == 1,
                level: level)
            if info.font != ShapingRun.attachmentFont {
                let baselines = baselineTable.baselines(font: info.font, script: script)
                let scale = input.fontSize / fontMetrics[Int(info.font)].unitsPerEm
                run.baselineKind = baselines.ownKind
                run.baselinePoints = (
                    Double(baselines.positions.0) * scale, Double(baselines.positions.1) * scale,
                    Double(baselines.positions.2) * scale
                )
            }
            runs.append(run)
            let runIndex = Int32(runs.count - 1)
            // One piece per break opportunity inside the run.
            let runFirstPiece = pieces.count
            var pieceStart = c
            for k in (c + 1)...next where k == next || all[k].flags & ClusterInfo.breakBefore != 0 {
                pieces.append(
                    Piece(
                        start: all[pieceStart].start, end: k == next ? runEnd : all[k].start, run: runIndex,
                        firstCluster: Int32(pieceStart), endCluster: Int32(k), advance: 0, trailingWhiteSpace: 0,
                        ascent: 0, descent: 0,
                        breakBefore: all[pieceStart].flags & ClusterInfo.breakBefore != 0 || pieceStart == firstCluster)
                )
                pieceStart = k
            }
            if pieces.count - runFirstPiece > 1 && Self.isShapedReversed(script: script, rightToLeft: run.rightToLeft) {
                // A run against its script's own direction (Hangul or Latin under U+202E RLO,
                // Arabic under LRO, and commonly a Latin space or full stop between English
                // words of a right-to-left paragraph, digits in an Arabic or Hebrew word's
                // script at an even level): HarfBuzz reverses its graphemes and shapes it in
                // the script's direction, so what lies across a break opportunity in the text
                // lies the other way round when shaped (a V jamo then an L jamo compose into
                // one syllable, a ligature forms backwards), and no piece measures alone what
                // it measures in the run. Such a run of several pieces is shaped whole every
                // time; a run of one piece is that piece, kept whole (keyed as beginning and
                // ending its run, with what HarfBuzz reads on either side).
                for p in runFirstPiece..<pieces.count { pieces[p].neverCached = true }
            } else if mayHaveContinuations {
                // A piece that begins with a continuation, and the piece before it in the run,
                // are shaped every time (see ``Piece/neverCached``).
                for p in runFirstPiece..<pieces.count {
                    let start = Int(pieces[p].start)
                    guard input.text[start] >= 0xCC else { continue }  // below U+0300: never a continuation
                    if Self.isShapingContinuation(UTF8Scalars.decode(input.text, at: start).scalar) {
                        pieces[p].neverCached = true
                        if p > runFirstPiece { pieces[p - 1].neverCached = true }
                    }
                }
            }
            runPieces.append(Span(runFirstPiece..<pieces.count))
            c = next
        }
    }

    /// Whether HarfBuzz shapes a run of `script` in `rightToLeft` direction reversed: the
    /// direction is not the script's own horizontal one (`hb_ensure_native_direction`). Common,
    /// Inherited and unknown scripts have no direction of their own and are never reversed.
    @inline(__always)
    static func isShapedReversed(script: UInt8, rightToLeft: Bool) -> Bool {
        let native = nativeDirections[Int(script)]
        return native != 0 && (native == 2) != rightToLeft
    }

    /// Each script's own horizontal direction as HarfBuzz has it: 0 none, 1 left to right, 2
    /// right to left (by our script index, as `UnicodeProperties.scriptTags`).
    static let nativeDirections: [UInt8] = UnicodeProperties.scriptTags.map { tag in
        guard tag != 0 else { return 0 }
        switch hb_script_get_horizontal_direction(hb_script_from_iso15924_tag(tag)) {
        case HB_DIRECTION_LTR: return 1
        case HB_DIRECTION_RTL: return 2
        default: return 0
        }
    }

    /// Whether HarfBuzz joins `scalar` to the cluster before it when forming clusters (its
    /// "continuation" property: marks, ZWJ, emoji modifiers, the halfwidth sound marks, tags).
    static func isShapingContinuation(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x200D, 0xFF9E...0xFF9F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
        default:
            let category = ctextshims_general_category(scalar)
            return category >= 6 && category <= 8  // Mn, Me, Mc
        }
    }

    /// Measures the pieces of one run: from the segment cache when every piece is there (or
    /// a few are missing and shaping them alone is provably safe), else by shaping the whole
    /// run (and caching its pieces that are safe to reuse).
    private func measureRun(
        _ r: Int, pieces range: Range<Int>, paragraph: Range<Int>, clusters: GrowableBuffer<ClusterInfo>,
        input: MeasuringInput, runs: GrowableBuffer<ShapingRun>, pieces: GrowableBuffer<Piece>
    ) {
        let run = runs[r]
        let first = range.lowerBound
        let last = range.upperBound
        if run.font == ShapingRun.attachmentFont {
            let attachment = input.attributed.attachment(atUTF8Offset: Int(run.start))!
            pieces[first].advance = attachment.width
            pieces[first].ascent = attachment.ascent
            pieces[first].descent = attachment.descent
            return
        }
        // A run HarfBuzz gets in segments (``RunShaper/segmentBytes``) is shaped whole every
        // time, neither from the cache nor as joined words: where a cut falls depends on where
        // the run starts, so no piece of it measures as it does alone or in another run (a word
        // kept from a short run is kerned across the cut), nor does a piece shaped there
        // measure as it would elsewhere.
        let shapedInSegments = Int(run.end - run.start) >= RunShaper.segmentBytes
        if !shapedInSegments, let table = joinTable(for: run, pieces: range, input: input, pieces: pieces) {
            measureJoinedRun(
                r, pieces: range, paragraph: paragraph, clusters: clusters, input: input, runs: runs, pieces: pieces,
                table: table)
            return
        }
        let font = input.context.fontMetrics[Int(run.font)]
        let scale = input.fontSize / font.unitsPerEm
        let extents = (ascent: font.ascender * scale, descent: font.descender * scale)
        let pieceCount = last - first
        var cacheUsable = input.context.segmentCache != nil && !shapedInSegments
        for p in first..<last where pieces[p].neverCached {
            cacheUsable = false
            break
        }
        // (What the space is to the font's lookups matters only to pieces cached or taken from it.)
        var spaceBarrier: (kind: SpaceBarrier.Kind, crossingGlyphs: UnsafePointer<UInt64>?) =
            cacheUsable ? input.context.fontTable.spaceBarrier(Int(run.font)) : (.none, nil)
        // A right-to-left buffer is reversed: a rule's backtrack reads what follows the space.
        if spaceBarrier.kind == .partial && run.rightToLeft { spaceBarrier = (.none, nil) }
        let barrier = spaceBarrier.kind != .none
        crossingGlyphs = spaceBarrier.crossingGlyphs

        // 1. The cache. Missing pieces are measured from their syllables where a join table
        // allows it (Indic scripts), else shaped in windows (with the text around them as
        // context) when that is less text than the run and their edges are safe; else, or when
        // an edge is unsafe, the run is shaped.
        if cacheUsable, let cache = input.context.unretainedSegmentCache {
            let syllables = syllableTable(for: run, input: input)
            makeKeys(
                run, pieces: range, paragraph: paragraph, clusters: clusters, barrier: barrier, input: input,
                allPieces: pieces)
            values.resize(to: pieceCount, filling: SegmentCache.Value(advance: 0, trailingWhiteSpace: 0))
            found.resize(to: pieceCount, filling: false)
            let partialLimit = pieceCount - 1  // all missing: the run is its own window
            let served = cache._withUnsafeGuaranteedRef { cache in
                let missing = cache.lookUp(
                    UnsafeBufferPointer(keys.elements), into: values.elements, found: found.elements,
                    giveUpAfter: syllables == nil ? partialLimit : pieceCount)
                // (With syllables, windows are weighed once a group needs one.)
                return missing == 0
                    || ((syllables != nil
                        || (missing <= partialLimit
                            && windowsAreWorthIt(
                                run, pieces: range, missing: missing, barrier: barrier, input: input,
                                allPieces: pieces)))
                        && shapeMissingPieces(
                            run, pieces: range, paragraph: paragraph, clusters: clusters, barrier: barrier,
                            input: input, allPieces: pieces, cache: cache, syllables: syllables, missing: missing))
            }
            if served {
                for i in 0..<pieceCount {
                    pieces[first + i].advance = Double(values[i].advance) * scale
                    pieces[first + i].trailingWhiteSpace = Double(values[i].trailingWhiteSpace) * scale
                    pieces[first + i].ascent = extents.ascent
                    pieces[first + i].descent = extents.descent
                }
                return
            }
        }

        // 2. Shape the run.
        let firstCluster = Int(pieces[first].firstCluster)
        shapeClusters(
            of: run, clusters: firstCluster..<Int(pieces[last - 1].endCluster), bytes: Int(run.start)..<Int(run.end),
            paragraph: paragraph, all: clusters, input: input)
        for c in 0..<clusterFlags.count where clusterFlags[c] & RunShaper.notdef != 0 {
            clusters[firstCluster + c].flags |= ClusterInfo.notdefGlyph
        }
        include.resize(to: pieceCount, filling: false)
        values.resize(to: pieceCount, filling: SegmentCache.Value(advance: 0, trailingWhiteSpace: 0))
        for i in 0..<pieceCount {
            let p = first + i
            let piece = pieces[p]
            let (advance, trailing) = Self.sum(
                clusters: Int(piece.firstCluster)..<Int(piece.endCluster), from: firstCluster,
                advances: clusterAdvances, info: clusters)
            pieces[p].advance = Double(advance) * scale
            pieces[p].trailingWhiteSpace = Double(trailing) * scale
            pieces[p].ascent = extents.ascent
            pieces[p].descent = extents.descent
            let fits =
                advance <= Int(Int32.max) && advance >= Int(Int32.min) && trailing <= Int(Int32.max)
                && trailing >= Int(Int32.min)
            values[i] =
                fits
                ? SegmentCache.Value(advance: Int32(advance), trailingWhiteSpace: Int32(trailing))
                : SegmentCache.Value(advance: 0, trailingWhiteSpace: 0)
            // Pieces too wide for the cache's 32-bit entries are measured but not kept.
            let pieceClusters = Int(piece.firstCluster) - firstCluster..<Int(piece.endCluster) - firstCluster
            var keep =
                fits && !piece.neverCached && !shapedDottedCircle
                && !isPoisoned(firstCluster: pieceClusters.lowerBound, start: Int(piece.start), input: input)
                && leadingEdgeIsSafe(
                    p, flags: clusterFlags[Int(piece.firstCluster) - firstCluster], firstPiece: first,
                    paragraph: paragraph,
                    barrier: barrier && isBarrier(before: pieceClusters),
                    input: input, pieces: pieces)
                && (p + 1 == last
                    || trailingEdgeIsSafe(
                        p, nextFlags: clusterFlags[Int(piece.endCluster) - firstCluster],
                        barrier: barrier
                            && isBarrier(
                                after: pieceClusters, offset: firstCluster, clusters: clusters, input: input)
                            && !isPoisoned(
                                firstCluster: Int(pieces[p + 1].firstCluster) - firstCluster,
                                start: Int(pieces[p + 1].start), input: input),
                        input: input, pieces: pieces))
            for c in Int(piece.firstCluster)..<Int(piece.endCluster)
            where clusterFlags[c - firstCluster] & RunShaper.neverCache != 0 {
                keep = false
                break
            }
            include[i] = keep
        }
        measureLineEdges(r, pieces: range, allPieces: pieces)
        if cacheUsable, let cache = input.context.unretainedSegmentCache {  // (keys are made only for a usable run)
            cache._withUnsafeGuaranteedRef {
                $0.insert(
                    UnsafeBufferPointer(keys.elements), UnsafeBufferPointer(values.elements),
                    where: UnsafeBufferPointer(include.elements))
            }
        }
    }

    /// The advance of clusters `range` (indices into `info`; `advances` holds the advances of
    /// the clusters from `first` on, in font units) and the advance of the white space at
    /// their end: the one place a piece's advance is summed. 64-bit sums: a "word" of megabytes
    /// with no break opportunity passes 2³¹ units.
    @inline(__always)
    static func sum(
        clusters range: Range<Int>, from first: Int, advances: GrowableBuffer<Int32>,
        info: GrowableBuffer<ClusterInfo>
    ) -> (advance: Int, trailingWhiteSpace: Int) {
        var advance = 0
        var trailing = 0
        for c in range {
            let units = Int(advances[c - first])
            advance += units
            trailing = info[c].flags & ClusterInfo.whiteSpace != 0 ? trailing + units : 0
        }
        return (advance, trailing)
    }

    /// The joining type (ICU's `UJoiningType`, 0 non-joining to 4 right-joining) of the first
    /// character after `end` that is not transparent, among the five HarfBuzz takes as the
    /// context after a run; 0 when there is none. HarfBuzz's Arabic joining (Arabic, Syriac,
    /// N'Ko, Mongolian…) gives a run's last letter its form by it, whatever the run's font, so a
    /// piece that ends its run is keyed by it.
    static func joiningType(after end: Int, paragraph: Range<Int>, text: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var i = end
        for _ in 0..<5 where i < paragraph.upperBound {
            let (scalar, length) = UTF8Scalars.decode(text, at: i)
            let type = ctextshims_joining_type(scalar)
            if type != 5 { return UInt8(clamping: type) }  // 5: transparent, skipped
            i += length
        }
        return 0
    }

    /// The joining type of the first character before `start` that is not transparent, among
    /// the five HarfBuzz takes as the context before a run (see ``joiningType(after:paragraph:text:)``).
    static func joiningType(before start: Int, paragraph: Range<Int>, text: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var i = start
        for _ in 0..<5 where i > paragraph.lowerBound {
            i -= 1
            while i > paragraph.lowerBound && text[i] & 0xC0 == 0x80 { i -= 1 }  // to the lead byte
            let type = ctextshims_joining_type(UTF8Scalars.decode(text, at: i).scalar)
            if type != 5 { return UInt8(clamping: type) }
        }
        return 0
    }

    /// Whether piece `p` follows a space of its own run (the piece before it ends with U+0020).
    @inline(__always)
    static func followsSpace(_ p: Int, firstPiece: Int, input: MeasuringInput, pieces: GrowableBuffer<Piece>) -> Bool {
        p > firstPiece && endsWithSpace(p - 1, input: input, pieces: pieces)
    }

    /// Whether piece `p` ends with U+0020 (a cluster of its own).
    @inline(__always)
    static func endsWithSpace(_ p: Int, input: MeasuringInput, pieces: GrowableBuffer<Piece>) -> Bool {
        input.text[Int(pieces[p].end) - 1] == 0x20
    }

    /// Whether a cluster of the run just shaped (`range`, indices into `clusterFlags`) has a
    /// ``RunShaper`` flag of `mask`.
    @inline(__always)
    private func anyCluster(_ range: Range<Int>, has mask: UInt8) -> Bool {
        for c in range where clusterFlags[c] & mask != 0 { return true }
        return false
    }

    /// Whether the space before a piece (its clusters `clusters`, indices into `clusterFlags`;
    /// the run's font's space a barrier of some kind; the piece not poisoned, see
    /// ``isPoisoned(firstCluster:start:input:)``, which takes care of what a rule needs right
    /// after the space) is a barrier to the piece: always with a ``SpaceBarrier/Kind/full``
    /// barrier; with a ``SpaceBarrier/Kind/partial`` one, when no glyph of the piece is one a
    /// rule reading back across the space needs anywhere after it (``RunShaper/crossesSpace``).
    @inline(__always)
    private func isBarrier(before clusters: Range<Int>) -> Bool {
        crossingGlyphs == nil || !anyCluster(clusters, has: RunShaper.crossesSpace)
    }

    /// Whether a piece (its first cluster `c`, an index into `clusterFlags`; its first byte
    /// `start`) is never kept nor taken from a window with a ``SpaceBarrier/Kind/partial``
    /// barrier: its first cluster holds a glyph that a rule reaching across a space needs right
    /// after it (``RunShaper/crossesSpaceFirst``), or it begins with a default ignorable (which
    /// lookups skip). Then no piece measured apart ever sits after a space where such a rule
    /// matches, and the piece before a space is a barrier without knowing what follows it.
    @inline(__always)
    private func isPoisoned(firstCluster c: Int, start: Int, input: MeasuringInput) -> Bool {
        guard crossingGlyphs != nil else { return false }
        if clusterFlags[c] & RunShaper.crossesSpaceFirst != 0 { return true }
        let scalar = UTF8Scalars.decode(input.text, at: start).scalar
        return UnicodeProperties.of(scalar) & UnicodeProperties.defaultIgnorable != 0
    }

    /// Whether the space that ends a piece (its clusters `range`, indices into `clusterFlags`,
    /// `offset` less than into `clusters`; the run's font's space a barrier of some kind) is a
    /// barrier to the piece: always with a ``SpaceBarrier/Kind/full`` barrier; with a
    /// ``SpaceBarrier/Kind/partial`` one, when the last cluster before its white space that
    /// holds a glyph has none that a rule reaching ahead across a space needs right before it
    /// (``RunShaper/crossesSpaceForward``), and that cluster's character is no default
    /// ignorable (which lookups skip, putting the glyph before it next to the space for them).
    @inline(__always)
    private func isBarrier(
        after range: Range<Int>, offset: Int, clusters: GrowableBuffer<ClusterInfo>, input: MeasuringInput
    ) -> Bool {
        guard crossingGlyphs != nil else { return true }  // a full barrier
        var c = range.upperBound - 1
        while c > range.lowerBound && clusters[c + offset].flags & ClusterInfo.whiteSpace != 0 { c -= 1 }
        let scalar = UTF8Scalars.decode(input.text, at: Int(clusters[c + offset].start)).scalar
        if UnicodeProperties.of(scalar) & UnicodeProperties.defaultIgnorable != 0 { return false }
        while c > range.lowerBound && clusterFlags[c] & RunShaper.holdsGlyph == 0 { c -= 1 }
        return clusterFlags[c] & RunShaper.crossesSpaceForward == 0
    }

    /// Whether the edge before piece `p` (its first cluster's ``RunShaper`` flags `flags`, shaped
    /// with what precedes it in its run) lets the piece be stored: HarfBuzz marks it safe to
    /// concatenate, or it is its run's start (keyed with what HarfBuzz reads before the run),
    /// or it follows a space of a barrier font and is not unsafe to break (the piece is then
    /// keyed as following a space; a single code point's key has no room for that, so it needs
    /// the flag). `barrier` says the space is a barrier to the piece: the font's space is one
    /// to every lookup, or to all but positioning rules reading back across it and the piece
    /// has none of the glyphs they apply to (``RunShaper/crossesSpace``).
    @inline(__always)
    private func leadingEdgeIsSafe(
        _ p: Int, flags: UInt8, firstPiece: Int, paragraph: Range<Int>, barrier: Bool, input: MeasuringInput,
        pieces: GrowableBuffer<Piece>
    ) -> Bool {
        // Nothing before a run reaches its shaping but the joining type keyed with it, at a
        // paragraph's start nothing at all: HarfBuzz's lookups see only the run.
        if flags & RunShaper.unsafeToConcat == 0 || p == firstPiece { return true }
        return barrier && flags & RunShaper.unsafeToBreak == 0
            && Self.followsSpace(p, firstPiece: firstPiece, input: input, pieces: pieces)
            && !Self.isSingle(pieces[p], beginsRun: false, endsRun: false, paragraph: paragraph, input: input)
    }

    /// Whether a piece is keyed as a single code point inside its run (``SegmentCache/Key/single``):
    /// one code point that neither begins nor ends its paragraph or run.
    @inline(__always)
    static func isSingle(
        _ piece: Piece, beginsRun: Bool, endsRun: Bool, paragraph: Range<Int>, input: MeasuringInput
    ) -> Bool {
        let start = Int(piece.start)
        return Int(piece.end) - start == UTF8Scalars.length(lead: input.text[start]) && start != paragraph.lowerBound
            && Int(piece.end) != paragraph.upperBound && !beginsRun && !endsRun
    }

    /// Whether the edge after piece `p` (the next piece's first cluster's flags `nextFlags`) lets
    /// the piece be stored: HarfBuzz marks it safe to concatenate, or the piece ends with a
    /// space of a barrier font and the edge is not unsafe to break.
    @inline(__always)
    private func trailingEdgeIsSafe(
        _ p: Int, nextFlags: UInt8, barrier: Bool, input: MeasuringInput, pieces: GrowableBuffer<Piece>
    ) -> Bool {
        nextFlags & RunShaper.unsafeToConcat == 0
            || (barrier && nextFlags & RunShaper.unsafeToBreak == 0
                && Self.endsWithSpace(p, input: input, pieces: pieces))
    }

    /// The cache keys of the run's pieces, into `keys`.
    private func makeKeys(
        _ run: ShapingRun, pieces range: Range<Int>, paragraph: Range<Int>, clusters: GrowableBuffer<ClusterInfo>,
        barrier: Bool, input: MeasuringInput, allPieces pieces: GrowableBuffer<Piece>
    ) {
        keys.removeAll()
        keys.reserve(range.count)
        let base = input.text.baseAddress!
        for p in range {
            let piece = pieces[p]
            let start = Int(piece.start)
            let length = Int(piece.end) - start
            let beginsParagraph = start == paragraph.lowerBound
            let endsParagraph = Int(piece.end) == paragraph.upperBound
            let beginsRun = p == range.lowerBound
            let endsRun = p + 1 == range.upperBound
            if Self.isSingle(piece, beginsRun: beginsRun, endsRun: endsRun, paragraph: paragraph, input: input) {
                // One code point inside the run (most CJK pieces): the compact table.
                keys.append(
                    .single(
                        scalar: UTF8Scalars.decode(input.text, at: start).scalar, font: run.font, script: run.script,
                        rightToLeft: run.rightToLeft,
                        whiteSpace: clusters[Int(piece.firstCluster)].flags & ClusterInfo.whiteSpace != 0))
            } else {
                keys.append(
                    SegmentCache.Key(
                        bytes: UnsafeBufferPointer(start: base + start, count: length), font: run.font,
                        script: run.script, rightToLeft: run.rightToLeft, beginsParagraph: beginsParagraph,
                        endsParagraph: endsParagraph, beginsRun: beginsRun, endsRun: endsRun,
                        afterSpace: barrier
                            && Self.followsSpace(p, firstPiece: range.lowerBound, input: input, pieces: pieces),
                        joiningBeforeRun: beginsRun && !beginsParagraph
                            ? Self.joiningType(before: Int(run.start), paragraph: paragraph, text: input.text) : 0,
                        joiningAfterRun: endsRun && !endsParagraph
                            ? Self.joiningType(after: Int(run.end), paragraph: paragraph, text: input.text) : 0))
            }
        }
    }

    /// The text that shapes the missing pieces `group` (consecutive, of the run `range`), as
    /// clusters and bytes: the pieces, after the space before them when the first follows a
    /// space of a barrier font (so that the space is shaped before it, as in the run: nothing
    /// further back reaches it), and the piece after them unless the last ends with such a
    /// space (its glyph after the edge carries HarfBuzz's flag there), within the run.
    private func window(
        of group: Range<Int>, run range: Range<Int>, runEnd: Int32, barrier: Bool, input: MeasuringInput,
        allPieces pieces: GrowableBuffer<Piece>
    ) -> (clusters: Range<Int>, bytes: Range<Int>) {
        var firstCluster = Int(pieces[group.lowerBound].firstCluster)
        var start = Int(pieces[group.lowerBound].start)
        if barrier && Self.followsSpace(group.lowerBound, firstPiece: range.lowerBound, input: input, pieces: pieces) {
            firstCluster -= 1  // the space: a cluster of its own (a mark after it would start this piece)
            start -= 1
        }
        var last = group.upperBound - 1
        if last + 1 < range.upperBound && !(barrier && Self.endsWithSpace(last, input: input, pieces: pieces)) {
            last += 1
        }
        let end = last + 1 == range.upperBound ? Int(runEnd) : Int(pieces[last].end)
        return (firstCluster..<Int(pieces[last].endCluster), start..<end)
    }

    /// The groups of consecutive pieces of the run that the cache lacked (`found`), in order.
    private func forEachMissingGroup(_ range: Range<Int>, _ body: (Range<Int>) -> Bool) -> Bool {
        Self.forEachStretch(range.count, of: { !found[$0] }) { a, b in
            body(range.lowerBound + a..<range.lowerBound + b)
        }
    }

    /// Calls `body` with each maximal stretch `a..<b` of `0..<count` whose indices are members,
    /// in order; stops and returns false when it does.
    @inline(__always)
    static func forEachStretch(_ count: Int, of member: (Int) -> Bool, _ body: (Int, Int) -> Bool) -> Bool {
        var a = 0
        while a < count {
            guard member(a) else {
                a += 1
                continue
            }
            var b = a + 1
            while b < count && member(b) { b += 1 }
            guard body(a, b) else { return false }
            a = b
        }
        return true
    }

    /// Whether shaping the `missing` pieces in windows (``window(of:run:runEnd:barrier:input:allPieces:)``)
    /// is worth it: they must cost less than the run (``windowCallCost``), and be likely to
    /// succeed, since a window with an unsafe edge is shaped for nothing: every group bounded
    /// by barrier spaces or the run's ends (safe whatever HarfBuzz's flags say), else at most
    /// three missing pieces among eight or more, whose windows must then cost less than three
    /// quarters of the run. This decides only how, never what, is measured.
    private func windowsAreWorthIt(
        _ run: ShapingRun, pieces range: Range<Int>, missing: Int, barrier: Bool, input: MeasuringInput,
        allPieces pieces: GrowableBuffer<Piece>
    ) -> Bool {
        let runBytes = Int(run.end - run.start)
        var cost = 0
        var spaceBounded = barrier
        let affordable = forEachMissingGroup(range) { group in
            let w = window(
                of: group, run: range, runEnd: run.end, barrier: barrier, input: input, allPieces: pieces)
            cost += Self.windowCallCost + w.bytes.count
            if spaceBounded {
                let opens =
                    group.lowerBound == range.lowerBound
                    || Self.followsSpace(group.lowerBound, firstPiece: range.lowerBound, input: input, pieces: pieces)
                let closes =
                    group.upperBound == range.upperBound
                    || Self.endsWithSpace(group.upperBound - 1, input: input, pieces: pieces)
                spaceBounded = opens && closes
            }
            return cost < runBytes
        }
        return affordable && (spaceBounded || (range.count >= 8 && missing <= 3 && cost < runBytes * 3 / 4))
    }

    /// What a HarfBuzz call costs beyond its text, in bytes of text: measured on the Noto
    /// fonts of every script (HarfBuzz 6.0, `Benchmarks/Results/2026-12-05-scripts-windows.md`),
    /// a word shaped alone costs 0.16-0.52 µs more than in its line, 4-7 bytes' worth; and a
    /// run shaped whole costs more than its bytes say (every line edge in it measured, every
    /// piece stored), so windows pay off whenever they hold less text than the run.
    static let windowCallCost = 4

    /// Shapes each group of consecutive pieces of the run that the cache lacked in a window of
    /// them (``window(of:run:runEnd:barrier:input:allPieces:)``; the paragraph as context), and takes
    /// each piece's advance when both of its edges are safe (``leadingEdgeIsSafe``,
    /// ``trailingEdgeIsSafe``, read from the window's shaping): then the run's advances are
    /// exactly those of shaping it whole (the other pieces were stored only when safe too).
    /// With a syllable join table, a group is first measured from its syllables
    /// (``measureFromSyllables(_:run:pieces:paragraph:clusters:barrier:input:allPieces:cache:table:)``),
    /// and windows are weighed (``windowsAreWorthIt``, `missing` pieces) only when one is needed.
    /// Returns false, storing nothing, when an edge is unsafe: the caller shapes the run.
    private func shapeMissingPieces(
        _ run: ShapingRun, pieces range: Range<Int>, paragraph: Range<Int>,
        clusters: GrowableBuffer<ClusterInfo>, barrier: Bool, input: MeasuringInput,
        allPieces pieces: GrowableBuffer<Piece>, cache: SegmentCache, syllables: JoinTable?, missing: Int
    ) -> Bool {
        let first = range.lowerBound
        let last = range.upperBound
        include.removeAll()
        include.append(repeating: false, count: last - first)
        var windowsAllowed = syllables == nil  // (else weighed as measureRun weighs them, when needed)
        let shaped = forEachMissingGroup(range) { group in
            if let syllables,
                measureFromSyllables(
                    group, run: run, pieces: range, paragraph: paragraph, clusters: clusters, barrier: barrier,
                    input: input, allPieces: pieces, cache: cache, table: syllables)
            {
                return true
            }
            if !windowsAllowed {
                guard
                    missing < range.count
                        && windowsAreWorthIt(
                            run, pieces: range, missing: missing, barrier: barrier, input: input, allPieces: pieces)
                else { return false }
                windowsAllowed = true
            }
            let w = window(of: group, run: range, runEnd: run.end, barrier: barrier, input: input, allPieces: pieces)
            guard Int(clusters[w.clusters.lowerBound].start) == w.bytes.lowerBound else { return false }
            let windowCluster = w.clusters.lowerBound
            shapeClusters(
                of: run, clusters: w.clusters, bytes: w.bytes, paragraph: paragraph, all: clusters, input: input)
            if shapedDottedCircle { return false }
            for p in group {
                let pieceFirst = Int(pieces[p].firstCluster) - windowCluster
                let pieceEnd = Int(pieces[p].endCluster) - windowCluster
                if isPoisoned(firstCluster: pieceFirst, start: Int(pieces[p].start), input: input) { return false }
                guard
                    leadingEdgeIsSafe(
                        p, flags: clusterFlags[pieceFirst], firstPiece: first, paragraph: paragraph,
                        barrier: barrier && isBarrier(before: pieceFirst..<pieceEnd),
                        input: input, pieces: pieces)
                else { return false }
                // The edge after the piece: shaped in the window, or, after the group's last piece
                // ending in a barrier space, outside it: then nothing after the space reaches the
                // piece (none of its glyphs is one a rule reaching ahead across the space applies
                // to), and the piece after it was kept only where that edge is safe to break
                // (keyed as following a space, or safe whatever precedes it).
                if p + 1 < last {
                    let trailingBarrier =
                        barrier
                        && isBarrier(
                            after: pieceFirst..<pieceEnd, offset: windowCluster, clusters: clusters, input: input)
                    if pieceEnd < w.clusters.count {
                        guard
                            trailingEdgeIsSafe(
                                p, nextFlags: clusterFlags[pieceEnd],
                                barrier: trailingBarrier
                                    && !isPoisoned(
                                        firstCluster: pieceEnd, start: Int(pieces[p + 1].start), input: input),
                                input: input, pieces: pieces)
                        else { return false }
                    } else if !trailingBarrier {
                        return false
                    }
                }
                for c in pieceFirst..<pieceEnd where clusterFlags[c] & RunShaper.neverCache != 0 { return false }
                let (advance, trailing) = Self.sum(
                    clusters: Int(pieces[p].firstCluster)..<Int(pieces[p].endCluster), from: windowCluster,
                    advances: clusterAdvances, info: clusters)
                guard let advance32 = Int32(exactly: advance), let trailing32 = Int32(exactly: trailing) else {
                    return false
                }
                values[p - first] = SegmentCache.Value(advance: advance32, trailingWhiteSpace: trailing32)
                include[p - first] = true
            }
            return true
        }
        guard shaped else { return false }
        cache.insert(
            UnsafeBufferPointer(keys.elements), UnsafeBufferPointer(values.elements),
            where: UnsafeBufferPointer(include.elements))
        return true
    }

    /// Shapes `bytes` of `run` (text offsets; the paragraph is the context) and leaves in
    /// `clusterAdvances` and `clusterFlags` the advance of each of `clusters` in font units and
    /// its ``RunShaper`` flags.
    func shapeClusters(
        of run: ShapingRun, clusters range: Range<Int>, bytes: Range<Int>, paragraph: Range<Int>,
        all clusters: GrowableBuffer<ClusterInfo>, input: MeasuringInput, joinSkipped: JoinTable.GlyphSet? = nil
    ) {
        #if FEEDLAYOUT_INTERNAL_CHECKS
            ThreadScratch.slot.value.shapedBytes += bytes.count
        #endif
        let paragraphStart = Int32(paragraph.lowerBound)
        relativeStarts.removeAll()
        relativeStarts.reserve(range.count)
        for c in range { relativeStarts.append(clusters[c].start - paragraphStart) }
        clusterAdvances.resize(to: range.count, filling: 0)
        clusterFlags.resize(to: range.count, filling: 0)
        shapedDottedCircle = RunShaper.shape(
            font: input.context.fontMetrics[Int(run.font)].hbFont, script: run.script, rightToLeft: run.rightToLeft,
            language: input.language, paragraph: UnsafeBufferPointer(rebasing: input.text[paragraph]),
            run: bytes.lowerBound - paragraph.lowerBound..<bytes.upperBound - paragraph.lowerBound,
            clusterStarts: UnsafeBufferPointer(relativeStarts.elements), advances: clusterAdvances.elements,
            clusterFlags: clusterFlags.elements, crossingGlyphs: crossingGlyphs,
            joinGlyphs: joinSkipped.map { skipped in
                joinFirst.resize(to: range.count, filling: 0)
                joinSecond.resize(to: range.count, filling: 0)
                joinLast.resize(to: range.count, filling: 0)
                return RunShaper.JoinGlyphs(
                    skipped: skipped, first: joinFirst.base, second: joinSecond.base, last: joinLast.base)
            })
    }

    /// Finds the break opportunities inside the run just shaped (its clusters' advances and
    /// flags in scratch) where HarfBuzz says the text may not be cut without shaping again, and
    /// where the segments lie whose advances alone tell what a line edge there changes
    /// (``EdgeCorrection``): the text from the nearest cluster before the edge that is safe to
    /// concatenate to the edge, and from the edge to the nearest after it, with their advances
    /// in context. A run served from the cache has no such edge (its pieces were stored only
    /// with edges safe to break), but where joined words kern (``measureJoinedRun``).
    private func measureLineEdges(
        _ runIndex: Int, pieces range: Range<Int>, allPieces pieces: GrowableBuffer<Piece>
    ) {
        let firstCluster = Int(pieces[range.lowerBound].firstCluster)
        let clusterCount = Int(pieces[range.upperBound - 1].endCluster) - firstCluster
        // The search for a cluster safe to concatenate goes at most `edgeWindow` clusters either
        // way: each edge costs a bounded shaping, so a run costs linear time even when every
        // cluster is unsafe to concatenate (a Khmer coeng chain of thousands of clusters,
        // .notdef after .notdef), and no real text's shaping reaches that far across an edge.
        for p in (range.lowerBound + 1)..<range.upperBound where pieces[p].breakBefore {
            measureLineEdge(
                before: p, run: runIndex, firstCluster: firstCluster, clusterCount: clusterCount, pieces: pieces)
        }
    }

    /// ``measureLineEdges`` for the edge before piece `p` alone (`firstCluster`, the run's
    /// first cluster, and `clusterCount` its clusters, as shaped in scratch).
    func measureLineEdge(
        before p: Int, run runIndex: Int, firstCluster: Int, clusterCount: Int, pieces: GrowableBuffer<Piece>
    ) {
        let edge = Int(pieces[p].firstCluster) - firstCluster
        guard clusterFlags[edge] & RunShaper.unsafeToBreak != 0 else { return }
        let lowest = max(0, edge - Self.edgeWindow)
        let highest = min(clusterCount, edge + Self.edgeWindow)
        var before = edge - 1
        while before > lowest && clusterFlags[before] & RunShaper.unsafeToConcat != 0 { before -= 1 }
        var after = edge + 1
        while after < highest && clusterFlags[after] & RunShaper.unsafeToConcat != 0 { after += 1 }
        var inContextBefore: Int64 = 0
        for c in before..<edge { inContextBefore += Int64(clusterAdvances[c]) }
        var inContextAfter: Int64 = 0
        for c in edge..<after { inContextAfter += Int64(clusterAdvances[c]) }
        // The segments are shaped alone when a layout first asks (PreparedStorage.edgeShift).
        edges.append(
            PendingEdge(
                start: pieces[p].start,
                segments: EdgeSegments(
                    run: Int32(runIndex), before: Int32(firstCluster + before), edge: Int32(firstCluster + edge),
                    after: Int32(firstCluster + after), inContextBefore: inContextBefore,
                    inContextAfter: inContextAfter)))
    }

    /// The most clusters on either side of a line edge shaped again to measure its correction
    /// (see ``measureLineEdges``).
    static let edgeWindow = 32

    #if FEEDLAYOUT_INTERNAL_CHECKS
        /// The runs tile the paragraph and each run's pieces tile the run, in order.
        private func checkInvariants(
            _ range: Range<Int>, firstRun: Int, clusters: GrowableBuffer<ClusterInfo>,
            runs: GrowableBuffer<ShapingRun>, pieces: GrowableBuffer<Piece>
        ) {
            var expected = Int32(range.lowerBound)
            for r in firstRun..<runs.count {
                let run = runs[r]
                internalCheck(run.start == expected && run.end > run.start, "runs tile the paragraph")
                let span = runPieces[r - firstRun].range
                internalCheck(!span.isEmpty, "a run has pieces")
                var pieceStart = run.start
                for p in span {
                    internalCheck(
                        pieces[p].start == pieceStart && pieces[p].end > pieces[p].start && pieces[p].run == Int32(r),
                        "pieces tile their run")
                    internalCheck(
                        pieces[p].firstCluster < pieces[p].endCluster && Int(pieces[p].endCluster) <= clusters.count,
                        "a piece holds clusters")
                    internalCheck(!pieces[p].advance.isNaN, "advances are numbers")
                    pieceStart = pieces[p].end
                }
                internalCheck(pieceStart == run.end, "the last piece ends its run")
                expected = run.end
            }
            internalCheck(expected == Int32(range.upperBound), "the runs reach the paragraph's end")
        }
    #endif
}
