import CTextShims

/// A text analysed for every width: fonts chosen, runs shaped, break opportunities found.
/// ``layout(width:maxLines:truncationToken:)`` fills lines for one width with arithmetic only.
///
/// Immutable and `Sendable`: lay it out from any thread, at as many widths as you like.
public final class PreparedText: Sendable {
    // Declared in this order so that what laying out again reads comes first, in one or two
    // cache lines of the object (a text laid out again is usually cold in the cache).
    /// What line filling reads of each word, 24 bytes apiece (see ``LineBreakPoint``).
    let breakPoints: [LineBreakPoint]
    /// The words whose height profile differs from the word before's (the first word of a
    /// paragraph excluded), in order: most texts have none.
    let profileChanges: [Int32]
    /// The line edges that measure differently from the sums of advances, by word (most texts
    /// have none; see ``EdgeCorrection``).
    let edgeCorrections: [EdgeCorrection]
    let paragraphs: [ParagraphSpan]
    /// A line's ascent and descent when the text has one height profile (most texts): no need
    /// to look at its words' profiles.
    let uniformExtents: (ascent: Double, descent: Double)?
    /// The advance of all the text, in points (for guessing line counts).
    let totalAdvance: Double
    /// The ascent and descent of a line with no text (an empty paragraph): the first font's.
    let emptyLineMetrics: (ascent: Double, descent: Double)
    /// The style it was prepared with.
    public let style: TextStyle
    let engine: TextEngine
    let bytes: [UInt8]
    let clusters: [ClusterInfo]
    let runs: [ShapingRun]
    let pieces: [Piece]
    let heightProfiles: [HeightProfile]

    init(engine: TextEngine, style: TextStyle, bytes: [UInt8], clusters: [ClusterInfo], runs: [ShapingRun],
         pieces: [Piece], breakPoints: [LineBreakPoint], profileChanges: [Int32], edgeCorrections: [EdgeCorrection],
         heightProfiles: [HeightProfile],
         paragraphs: [ParagraphSpan], totalAdvance: Double) {
        self.engine = engine
        self.style = style
        self.bytes = bytes
        self.clusters = clusters
        self.runs = runs
        self.pieces = pieces
        self.breakPoints = breakPoints
        self.profileChanges = profileChanges
        self.edgeCorrections = edgeCorrections
        self.heightProfiles = heightProfiles
        self.paragraphs = paragraphs
        self.totalAdvance = totalAdvance
        let font = engine.fontList[0]
        let scale = style.fontSize / Double(font.unitsPerEm)
        emptyLineMetrics = (Double(font.ascenderInFontUnits) * scale, Double(font.descenderInFontUnits) * scale)
        if heightProfiles.count == 1, let profile = heightProfiles.first {
            let kind = profile.kind
            let reference = kind.pick(profile.firstBaselines)
            uniformExtents = (max(kind.pick(profile.ascents) + reference, profile.attachmentAscent),
                              max(kind.pick(profile.descents) - reference, profile.attachmentDescent))
        } else {
            uniformExtents = nil
        }
    }

    /// The advance of the whole text on one line, hanging white space excluded, in points.
    public var singleLineWidth: Double {
        var width = 0.0
        var trailing = 0.0
        for piece in pieces {
            width += trailing + piece.advance - piece.trailingWhiteSpace
            trailing = piece.trailingWhiteSpace
        }
        return width
    }

    /// Fills lines at `width` points.
    ///
    /// - Parameters:
    ///   - width: the line width; zero, negative or NaN fit nothing, so each grapheme cluster
    ///     takes a line.
    ///   - maxLines: the most lines to show (nil or a value below 1: no limit).
    ///   - truncationToken: appended to the last shown line when lines are cut.
    /// - Complexity: O(pieces), plus shaping of the runs of any word that must be cut inside
    ///   and of the last line when truncating.
    public func layout(width: Double, maxLines: Int? = nil, truncationToken: AttributedText = "\u{2026}") -> ParagraphLayout {
        withLineFiller(width: width) { filler in
            for paragraph in paragraphs { filler.fill(paragraph, in: self) }
            let fullCount = filler.lines.count
            var truncated = false
            if let maxLines, maxLines > 0, fullCount > maxLines {
                truncated = true
                let last = filler.lines[maxLines - 1]
                let token = engine.prepare(truncationToken, style: style)
                let cut = filler.truncatedLine(from: last, token: token, in: self)
                filler.removeLines(from: maxLines - 1)
                filler.append(range: cut.range, width: cut.width, ascent: cut.ascent, descent: cut.descent, isTruncated: true)
            }
            let lines = filler.lines
            var widest = 0.0
            for line in lines where line.width > widest { widest = line.width }
            let height = lines.last.map { $0.top + $0.height } ?? 0
            return ParagraphLayout(lines: lines, width: widest, height: height, isTruncated: truncated, fullLineCount: fullCount)
        }
    }

    /// How many lines the text takes at `width`: ``layout(width:maxLines:truncationToken:)``'s
    /// `fullLineCount` without making the lines (allocates nothing). With `maxLines`, the lines
    /// shown are `min(lineCount, maxLines)`.
    public func lineCount(width: Double) -> Int {
        withLineFiller(width: width, keepsLines: false) { filler in
            for paragraph in paragraphs { filler.fill(paragraph, in: self) }
            return filler.lineCount
        }
    }

    /// Runs `body` with a line filler over this text at `width`.
    private func withLineFiller<R>(width: Double, keepsLines: Bool = true, _ body: (inout LineFiller) -> R) -> R {
        // What line filling reads, fetched at once (a text laid out again is usually cold: one
        // cache miss after another would cost more than the filling).
        paragraphs.withUnsafeBufferPointer { ctextshims_prefetch($0.baseAddress, $0.count * MemoryLayout<ParagraphSpan>.stride) }
        if uniformExtents == nil {
            heightProfiles.withUnsafeBufferPointer { ctextshims_prefetch($0.baseAddress, $0.count * MemoryLayout<HeightProfile>.stride) }
        }
        return breakPoints.withUnsafeBufferPointer { breakPoints in
            ctextshims_prefetch(breakPoints.baseAddress, min(breakPoints.count, 4_096) * MemoryLayout<LineBreakPoint>.stride)
            return profileChanges.withUnsafeBufferPointer { profileChanges in
                var filler = LineFiller(text: self, width: width, breakPoints: breakPoints, profileChanges: profileChanges,
                                        keepsLines: keepsLines)
                return body(&filler)
            }
        }
    }

    /// The grapheme clusters of pieces `range` with their advances, shaping their runs again
    /// (only for words cut inside and truncated lines).
    func measuredClusters(pieces range: Range<Int>, memo: inout RunAdvancesMemo) -> [MeasuredCluster] {
        var result: [MeasuredCluster] = []
        var p = range.lowerBound
        while p < range.upperBound {
            let runIndex = Int(pieces[p].run)
            let run = runs[runIndex]
            var q = p
            while q < range.upperBound && pieces[q].run == Int32(runIndex) { q += 1 }
            let firstCluster = Int(pieces[p].firstCluster)
            let endCluster = Int(pieces[q - 1].endCluster)
            if run.font == ShapingRun.attachmentFont {
                let piece = pieces[p]
                result.append(MeasuredCluster(start: piece.start, end: piece.end, run: piece.run, advance: piece.advance,
                                              ascent: piece.ascent, descent: piece.descent, isWhiteSpace: false))
                p = q
                continue
            }
            // Shape the whole run once (the same input as when it was first shaped); words cut
            // one after another in the same run reuse it, so cutting stays linear.
            if memo.run != runIndex {
                let runFirst = self.firstCluster(atOrAfter: run.start)
                var runEnd = runFirst
                while runEnd < clusters.count && clusters[runEnd].start < run.end { runEnd += 1 }
                let starts = (runFirst..<runEnd).map { clusters[$0].start - run.paragraphStart }
                var advances = [Int32](repeating: 0, count: starts.count)
                var unsafe = [UInt8](repeating: 0, count: starts.count)
                bytes.withUnsafeBufferPointer { all in
                    let paragraph = UnsafeBufferPointer(rebasing: all[Int(run.paragraphStart)..<Int(run.paragraphEnd)])
                    starts.withUnsafeBufferPointer { s in
                        advances.withUnsafeMutableBufferPointer { a in
                            unsafe.withUnsafeMutableBufferPointer { u in
                                RunShaper.shape(font: engine.fontMetrics[Int(run.font)].hbFont, script: run.script, rightToLeft: run.rightToLeft,
                                                language: engine.language(for: style.locale), paragraph: paragraph,
                                                run: Int(run.start - run.paragraphStart)..<Int(run.end - run.paragraphStart),
                                                clusterStarts: s, advances: a, clusterFlags: u)
                            }
                        }
                    }
                }
                memo = RunAdvancesMemo(run: runIndex, firstCluster: runFirst, endCluster: runEnd, advances: advances)
            }
            let font = engine.fontList[Int(run.font)]
            let scale = style.fontSize / Double(font.unitsPerEm)
            let ascent = Double(font.ascenderInFontUnits) * scale
            let descent = Double(font.descenderInFontUnits) * scale
            for c in firstCluster..<endCluster {
                let end = c + 1 < memo.endCluster ? clusters[c + 1].start : run.end
                result.append(MeasuredCluster(start: clusters[c].start, end: end, run: Int32(runIndex),
                                              advance: Double(memo.advances[c - memo.firstCluster]) * scale, ascent: ascent,
                                              descent: descent, isWhiteSpace: clusters[c].flags & ClusterInfo.whiteSpace != 0))
            }
            p = q
        }
        return result
    }

    /// The pieces of word `w` of `paragraph` (found by search: only cutting a word needs them).
    func pieces(ofWord w: Int, in paragraph: ParagraphSpan) -> Range<Int> {
        let start = w == paragraph.words.lowerBound ? paragraph.start : breakPoints[w - 1].end
        let end = breakPoints[w].end
        func firstPiece(atOrAfter offset: Int32) -> Int {
            var low = paragraph.pieces.lowerBound
            var high = paragraph.pieces.upperBound
            while low < high {
                let mid = (low + high) / 2
                if pieces[mid].start < offset { low = mid + 1 } else { high = mid }
            }
            return low
        }
        return firstPiece(atOrAfter: start)..<firstPiece(atOrAfter: end)
    }

    /// The advance of the text `range` (UTF-8 offsets at cluster starts, within one hard-break
    /// paragraph) shaped by itself, each run with the paragraph as context: what a line holding
    /// exactly that text measures. Shapes; used only where lines are cut inside a word.
    func widthShapedAlone(_ range: Range<Int32>) -> Double {
        var total = 0.0
        var c = firstCluster(atOrAfter: range.lowerBound)
        while c < clusters.count && clusters[c].start < range.upperBound {
            var r = 0  // the run holding cluster c
            var high = runs.count
            while r < high {
                let mid = (r + high) / 2
                if runs[mid].end <= clusters[c].start { r = mid + 1 } else { high = mid }
            }
            let run = runs[r]
            let end = min(range.upperBound, run.end)
            var clusterStarts: [Int32] = []
            var k = c
            while k < clusters.count && clusters[k].start < end {
                clusterStarts.append(clusters[k].start - run.paragraphStart)
                k += 1
            }
            if run.font == ShapingRun.attachmentFont {
                // An attachment is a run and a piece of its own.
                var low = 0
                var high = pieces.count
                while low < high {
                    let mid = (low + high) / 2
                    if pieces[mid].start < run.start { low = mid + 1 } else { high = mid }
                }
                if low < pieces.count { total += pieces[low].advance }
            } else {
                var advances = [Int32](repeating: 0, count: clusterStarts.count)
                var flags = [UInt8](repeating: 0, count: clusterStarts.count)
                let segment = Int(clusters[c].start - run.paragraphStart)..<Int(end - run.paragraphStart)
                let font = engine.fontMetrics[Int(run.font)].hbFont
                let language = engine.language(for: style.locale)
                bytes.withUnsafeBufferPointer { all in
                    let paragraph = UnsafeBufferPointer(rebasing: all[Int(run.paragraphStart)..<Int(run.paragraphEnd)])
                    clusterStarts.withUnsafeBufferPointer { starts in
                        advances.withUnsafeMutableBufferPointer { advances in
                            flags.withUnsafeMutableBufferPointer { flags in
                                RunShaper.shape(font: font, script: run.script, rightToLeft: run.rightToLeft, language: language,
                                                paragraph: paragraph, run: segment, clusterStarts: starts, advances: advances,
                                                clusterFlags: flags)
                            }
                        }
                    }
                }
                let scale = style.fontSize / engine.fontMetrics[Int(run.font)].unitsPerEm
                total += Double(advances.reduce(0) { $0 + Int($1) }) * scale
            }
            c = k
        }
        return total
    }

    /// The correction of the line edge after word `w` (which has one: see
    /// ``LineBreakPoint/hasEdgeCorrection``).
    func edgeCorrection(after w: Int) -> EdgeCorrection {
        var low = 0
        var high = edgeCorrections.count
        while low < high {
            let mid = (low + high) / 2
            if Int(edgeCorrections[mid].word) < w { low = mid + 1 } else { high = mid }
        }
        return low < edgeCorrections.count && Int(edgeCorrections[low].word) == w ? edgeCorrections[low]
            : EdgeCorrection(word: Int32(w), lineEnd: 0, lineStart: 0)
    }

    /// The index of the first cluster starting at or after byte `offset`.
    private func firstCluster(atOrAfter offset: Int32) -> Int {
        var low = 0
        var high = clusters.count
        while low < high {
            let mid = (low + high) / 2
            if clusters[mid].start < offset { low = mid + 1 } else { high = mid }
        }
        return low
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
