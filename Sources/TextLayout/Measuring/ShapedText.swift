import CHarfBuzz

/// A prepared text's runs as the run measurer sees them after preparation: for the two places
/// that shape again while laying out, cutting a word wider than a line between its clusters
/// and measuring a line's text alone (a cut inside a word, a truncated line).
struct ShapedText {
    let bytes: UnsafeBufferPointer<UInt8>
    let clusters: UnsafeBufferPointer<ClusterInfo>
    let runs: UnsafeBufferPointer<ShapingRun>
    let pieces: UnsafeBufferPointer<Piece>
    let context: MeasuringContext
    let fontSize: Double
    let language: hb_language_t?

    /// The index of the first cluster starting at or after byte `offset`.
    func firstCluster(atOrAfter offset: Int32) -> Int { clusters.partitionPoint { $0.start < offset } }

    /// The index of the run holding byte `offset`.
    func run(holding offset: Int32) -> Int { runs.partitionPoint { $0.end <= offset } }

    /// Shapes `clusterRange` of `run` (the paragraph as context): the clusters' advances in font
    /// units.
    private func shape(_ run: ShapingRun, clusters clusterRange: Range<Int>, end: Int32) -> [Int32] {
        let starts = clusterRange.map { clusters[$0].start - run.paragraphStart }
        var advances = [Int32](repeating: 0, count: starts.count)
        var flags = [UInt8](repeating: 0, count: starts.count)
        let paragraph = UnsafeBufferPointer(rebasing: bytes[Int(run.paragraphStart)..<Int(run.paragraphEnd)])
        let segment = Int(clusters[clusterRange.lowerBound].start - run.paragraphStart)..<Int(end - run.paragraphStart)
        _ = starts.withUnsafeBufferPointer { starts in  // (whether a dotted circle was shaped: not asked here)
            advances.withUnsafeMutableBufferPointer { advances in
                flags.withUnsafeMutableBufferPointer { flags in
                    RunShaper.shape(
                        font: context.fontMetrics[Int(run.font)].hbFont, script: run.script,
                        rightToLeft: run.rightToLeft,
                        language: language, paragraph: paragraph, run: segment, clusterStarts: starts,
                        advances: advances, clusterFlags: flags)
                }
            }
        }
        return advances
    }

    /// The advance in font units of clusters `range` of `run` shaped by themselves (the
    /// paragraph as context): a line edge's segment (``PreparedStorage/edgeShift(at:)``).
    func advanceAlone(run: ShapingRun, clusters range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }  // a joined word's edge: nothing after it changes
        let end =
            range.upperBound < clusters.count && clusters[range.upperBound].start < run.end
            ? clusters[range.upperBound].start : run.end
        var sum = 0
        for advance in shape(run, clusters: range, end: end) { sum += Int(advance) }
        return sum
    }

    /// The grapheme clusters of pieces `range` with their advances in context, shaping their
    /// runs again (only for words cut inside); `memo` keeps the last run shaped, so that words
    /// cut one after another in one run shape it once and cutting stays linear.
    func measuredClusters(pieces range: Range<Int>, memo: inout RunAdvancesMemo) -> [MeasuredCluster] {
        var result: [MeasuredCluster] = []
        var p = range.lowerBound
        while p < range.upperBound {
            let runIndex = Int(pieces[p].run)
            let run = runs[runIndex]
            var q = p
            while q < range.upperBound && pieces[q].run == Int32(runIndex) { q += 1 }
            if run.font == ShapingRun.attachmentFont {
                let piece = pieces[p]
                result.append(
                    MeasuredCluster(
                        start: piece.start, end: piece.end, run: piece.run, advance: piece.advance,
                        ascent: piece.ascent, descent: piece.descent, isWhiteSpace: false))
                p = q
                continue
            }
            if memo.run != runIndex {
                let runFirst = firstCluster(atOrAfter: run.start)
                let runEnd = firstCluster(atOrAfter: run.end)
                memo = RunAdvancesMemo(
                    run: runIndex, firstCluster: runFirst, endCluster: runEnd,
                    advances: shape(run, clusters: runFirst..<runEnd, end: run.end))
            }
            let metrics = context.fontMetrics[Int(run.font)]
            let scale = fontSize / metrics.unitsPerEm
            for c in Int(pieces[p].firstCluster)..<Int(pieces[q - 1].endCluster) {
                let end = c + 1 < memo.endCluster ? clusters[c + 1].start : run.end
                let advance = Double(memo.advances[c - memo.firstCluster]) * scale
                if clusters[c].flags & (ClusterInfo.insideGrapheme | ClusterInfo.breakBefore)
                    == ClusterInfo.insideGrapheme,
                    let last = result.last
                {
                    // A part of a grapheme cluster in a font of its own (a mark its base's font
                    // lacks): one cluster with its base, so that a word is never cut between them.
                    result[result.count - 1] = MeasuredCluster(
                        start: last.start, end: end, run: last.run, advance: last.advance + advance,
                        ascent: max(last.ascent, metrics.ascender * scale),
                        descent: max(last.descent, metrics.descender * scale), isWhiteSpace: last.isWhiteSpace)
                    continue
                }
                result.append(
                    MeasuredCluster(
                        start: clusters[c].start, end: end, run: Int32(runIndex), advance: advance,
                        ascent: metrics.ascender * scale, descent: metrics.descender * scale,
                        isWhiteSpace: clusters[c].flags & ClusterInfo.whiteSpace != 0))
            }
            p = q
        }
        return result
    }

    /// The advance of the text `range` (UTF-8 offsets at cluster starts, within one hard-break
    /// paragraph) shaped by itself, each run with the paragraph as context: what a line holding
    /// exactly that text measures.
    func widthShapedAlone(_ range: Range<Int32>) -> Double {
        var total = 0.0
        var c = firstCluster(atOrAfter: range.lowerBound)
        while c < clusters.count && clusters[c].start < range.upperBound {
            let r = run(holding: clusters[c].start)
            let run = runs[r]
            let end = min(range.upperBound, run.end)
            let k = firstCluster(atOrAfter: end)
            if run.font == ShapingRun.attachmentFont {
                // An attachment is a run and a piece of its own.
                let piece = pieces.partitionPoint { $0.start < run.start }
                if piece < pieces.count { total += pieces[piece].advance }
            } else {
                let scale = fontSize / context.fontMetrics[Int(run.font)].unitsPerEm
                total += Double(shape(run, clusters: c..<k, end: end).reduce(0) { $0 + Int($1) }) * scale
            }
            c = k
        }
        return total
    }
}

/// The per-cluster advances of the last run shaped again during one layout.
struct RunAdvancesMemo {
    var run = -1
    var firstCluster = 0
    var endCluster = 0
    var advances: [Int32] = []
}

/// One grapheme cluster with its advance, for cutting inside a word.
struct MeasuredCluster {
    var start: Int32
    var end: Int32
    var run: Int32
    var advance: Double
    var ascent: Double
    var descent: Double
    var isWhiteSpace: Bool
}

/// A truncation token ("…", "…全文") measured in a style: its width on one line, white space
/// at its end excluded, and the ascent and descent of that line. Made by the run measurer's
/// stages once per token and style (``MeasuringContext/truncationToken(_:style:)``).
struct TruncationToken: Sendable {
    let width: Double
    let ascent: Double
    let descent: Double

    static func measure(_ token: AttributedText, style: TextStyle, context: MeasuringContext) -> TruncationToken {
        let prepared = Preparation.prepare(token, style: style, context: context)
        let lines = prepared.layout(width: .infinity).lines
        return TruncationToken(
            width: prepared.singleLineWidth, ascent: lines.map(\.ascent).max() ?? 0,
            descent: lines.map(\.descent).max() ?? 0)
    }
}
