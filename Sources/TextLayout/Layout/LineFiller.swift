/// Greedy line filling over the pieces of a ``PreparedText``: words (pieces from one break
/// opportunity to the next) go on the line while their visible width fits; white space at a
/// line's end hangs past the edge; a word wider than a whole line is cut between grapheme
/// clusters.
struct LineFiller {
    typealias Line = ParagraphLayout.Line

    let width: Double
    /// The text filled (held alive by the caller). Line filling reads only `breakPoints` and
    /// `profileChanges` in the common case, so that a text laid out again touches little
    /// memory; its pieces, height profiles and runs only to cut a word or when heights vary
    /// along it.
    private let storage: PreparedStorage
    /// Where each word's visible text ends and the next starts (see ``LineBreakPoint``).
    private let breakPoints: UnsafeBufferPointer<LineBreakPoint>
    /// The words whose height profile differs from the word before's, in order.
    private let profileChanges: UnsafeBufferPointer<Int32>
    private let profiles: UnsafeBufferPointer<HeightProfile>
    private let uniformExtents: (ascent: Double, descent: Double)?
    private let averageWordAdvance: Double
    /// The lines so far, placed one under the other (none kept when only counting).
    private(set) var lines: [Line] = []
    /// How many lines so far.
    private(set) var lineCount = 0
    /// Whether lines are kept, or only counted (what a cell's height needs).
    private let keepsLines: Bool
    /// Where the next line goes.
    private var nextTop = 0.0
    private let lineHeight: LineHeight
    private let fontSize: Double
    private let lineSpacing: Double
    private let emptyMetrics: (ascent: Double, descent: Double)

    // The line being filled.
    private var lineStart: Int32 = 0
    private var lineEnd: Int32 = 0
    private var lineWidth = 0.0
    private var pendingWhiteSpace = 0.0
    private var ascent = 0.0
    private var descent = 0.0
    private var isEmpty = true
    /// The baseline kind of the line's first run and where that run puts it: every run on the
    /// line aligns on it (``RunBaselines``). Nil until the line has a run.
    private var referenceKind: RunBaselines.Kind?
    private var referenceBaseline = 0.0
    /// The last height profile met on the line and what it adds, for the reference above.
    private var lastProfile = -1
    private var lastProfileAscent = 0.0
    private var lastProfileDescent = 0.0
    private let limit: Double
    /// The run last shaped again to cut a word in it.
    private var cutMemo = RunAdvancesMemo()

    init(storage: PreparedStorage, width: Double, keepsLines: Bool = true) {
        self.storage = storage
        self.keepsLines = keepsLines
        // A negative or NaN width fits what width 0 fits (nothing visible): the same lines.
        // Compared as it came, white space alone (visible width 0) would not fit either, and
        // white space leading a text would join the next line without counting in its width.
        self.width = width > 0 ? width : 0
        breakPoints = storage.breakPoints
        profileChanges = storage.profileChanges
        profiles = storage.profiles
        let header = storage.fields
        uniformExtents = header.pointee.uniformExtents
        averageWordAdvance = breakPoints.isEmpty ? 1 : header.pointee.totalAdvance / Double(breakPoints.count)
        limit = self.width + 1e-9
        lineHeight = header.pointee.style.lineHeight
        fontSize = header.pointee.style.fontSize
        lineSpacing = header.pointee.style.lineSpacing
        emptyMetrics = header.pointee.emptyLineMetrics
        guard keepsLines else { return }
        // A guess at the line count, so that the lines rarely grow.
        let guess = width > 0 ? Int(min(1e6, header.pointee.totalAdvance / width)) : header.pointee.clusters.count
        lines.reserveCapacity(guess + header.pointee.paragraphs.count + 2)
    }

    /// Whether `extra` more points fit on the line.
    @inline(__always) private func fits(_ extra: Double) -> Bool {
        lineWidth + pendingWhiteSpace + extra <= limit
    }

    /// Places a line under the others: its height by the style, glyphs centred in it.
    mutating func append(range: Range<Int>, width: Double, ascent: Double, descent: Double, isTruncated: Bool = false) {
        lineCount += 1
        guard keepsLines else { return }
        if !lines.isEmpty { nextTop += lineSpacing }
        let natural = ascent + descent
        let height: Double
        switch lineHeight {
        case .natural: height = natural
        case .fixed(let points): height = points
        case .multiple(let factor): height = factor * fontSize
        }
        lines.append(
            Line(
                range: range, width: width, ascent: ascent, descent: descent, top: nextTop, height: height,
                baseline: nextTop + (height - natural) / 2 + ascent, isTruncated: isTruncated))
        nextTop += height
    }

    /// Removes the lines from `index` on (to make room for a truncated last line).
    mutating func removeLines(from index: Int) {
        lines.removeSubrange(index...)
        lineCount = lines.count
        nextTop = lines.last.map { $0.top + $0.height } ?? 0
    }

    /// Fills the lines of one hard-break paragraph.
    ///
    /// A line is found by search, not word by word: `breakPoints[k].visibleEnd` (where word k's
    /// visible text ends, counted from the paragraph's start) never decreases, so the words that
    /// fit on a line are those up to the last k whose visible end is within reach. The search
    /// starts where the previous line's length predicts the end (exact for most CJK text) and
    /// steps from there, so a line costs a probe or two; its height comes from the height
    /// profiles of its first word and of the words where the profile changes (`profileChanges`).
    mutating func fill(_ paragraph: ParagraphSpan) {
        guard !paragraph.words.isEmpty else {
            append(
                range: Int(paragraph.start)..<Int(paragraph.start), width: 0, ascent: emptyMetrics.ascent,
                descent: emptyMetrics.descent)
            return
        }
        startLine(at: paragraph.start)
        let end = paragraph.words.upperBound
        var w = paragraph.words.lowerBound
        // Where word w starts, counted as breakPoints are.
        var position = 0.0
        // The next profile change after the line's first word.
        var change = firstChange(after: w)
        // The number of words the last line took: where the search starts.
        let perLine = width / max(averageWordAdvance, 1e-3)
        var guess = perLine >= 1 && perLine < 1e6 ? Int(perLine) : 1
        // What the line starting at word w adds, when it starts at an edge shaped again.
        var startCorrection = 0.0
        while w < end {
            // Word k fits when lineWidth + pending + (visibleEnd(k) − position) ≤ limit.
            let bound =
                isEmpty ? limit + position - startCorrection : limit - (lineWidth + pendingWhiteSpace) + position
            var k = min(w + guess - 1, end - 1)
            if breakPoints[k].visibleEnd <= bound {
                while k + 1 < end && breakPoints[k + 1].visibleEnd <= bound { k += 1 }
            } else {
                k -= 1
                while k >= w && breakPoints[k].visibleEnd > bound { k -= 1 }
            }
            // A line ending at an edge shaped again (rare) measures what the edge changes: a
            // wider end may not fit, a narrower one may let the next word in.
            while k >= w && breakPoints[k].hasEdgeCorrection
                && breakPoints[k].visibleEnd + edgeCorrection(after: k).lineEnd > bound
            {
                k -= 1
            }
            while k + 1 < end && breakPoints[k + 1].hasEdgeCorrection
                && breakPoints[k + 1].visibleEnd + edgeCorrection(after: k + 1).lineEnd <= bound
            {
                k += 1
            }
            if k < w {
                // Word w does not fit: end the line, or cut the word on an empty one.
                if !isEmpty {
                    finishLine(startingNext: lineEnd)  // word w starts where the line's last ends
                    continue
                }
                cutWord(pieces: pieces(ofWord: w, in: paragraph))
                // A line that starts after the cut word starts at its edge: shaped again there
                // when the edge is unsafe to break (a modifier or mark split from its base).
                startCorrection =
                    breakPoints[w].hasEdgeCorrection && w + 1 < end ? edgeCorrection(after: w).lineStart : 0
                position = breakPoints[w].nextStart
                w += 1
                while change < profileChanges.count && Int(profileChanges[change]) <= w { change += 1 }
                continue
            }
            // Words w...k go on the line.
            let last = breakPoints[k]
            let edge = last.hasEdgeCorrection && k + 1 < end ? edgeCorrection(after: k) : nil
            lineWidth =
                (isEmpty ? startCorrection : lineWidth + pendingWhiteSpace) + (last.visibleEnd - position)
                + (edge?.lineEnd ?? 0)
            startCorrection = edge?.lineStart ?? 0
            pendingWhiteSpace = last.nextStart - last.visibleEnd
            if let uniform = uniformExtents {
                ascent = max(ascent, uniform.ascent)
                descent = max(descent, uniform.descent)
            } else {
                includeProfile(Int(breakPoints[w].profile))
                while change < profileChanges.count && Int(profileChanges[change]) <= k {
                    includeProfile(Int(breakPoints[Int(profileChanges[change])].profile))
                    change += 1
                }
            }
            lineEnd = last.end
            isEmpty = false
            guess = k - w + 1
            position = last.nextStart
            w = k + 1
            // The next word does not fit (k was the last that does): its line starts where this ends.
            if w < end { finishLine(startingNext: last.end) }
        }
        finishLine(startingNext: paragraph.end)
    }

    /// The pieces of word `w` of `paragraph` (found by search: only cutting a word needs them).
    private func pieces(ofWord w: Int, in paragraph: ParagraphSpan) -> Range<Int> {
        let start = w == paragraph.words.lowerBound ? paragraph.start : breakPoints[w - 1].end
        let end = breakPoints[w].end
        let pieces = storage.pieces
        return pieces.partitionPoint(in: paragraph.pieces) {
            $0.start < start
        }..<pieces.partitionPoint(in: paragraph.pieces) { $0.start < end }
    }

    /// What the line edge after word `w` (which has one: see
    /// ``LineBreakPoint/hasEdgeCorrection``) changes, shaped on first use.
    private func edgeCorrection(after w: Int) -> (lineEnd: Double, lineStart: Double) {
        let corrections = storage.edgeCorrections
        let i = corrections.partitionPoint { Int($0.word) < w }
        return i < corrections.count && Int(corrections[i].word) == w ? storage.edgeShift(at: i) : (0, 0)
    }

    /// The index in `profileChanges` of the first change after word `w`.
    private func firstChange(after w: Int) -> Int { profileChanges.partitionPoint { Int($0) <= w } }

    /// Grows the line's ascent and descent by height profile `p`.
    @inline(__always) private mutating func includeProfile(_ p: Int) {
        if p != lastProfile { useProfile(p) }
        if lastProfileAscent > ascent { ascent = lastProfileAscent }
        if lastProfileDescent > descent { descent = lastProfileDescent }
    }

    /// Makes height profile `p` the last one met: what it adds to the line's ascent and
    /// descent given the line's reference baseline (set by it when the line has none yet).
    private mutating func useProfile(_ p: Int) {
        let profile = profiles[p]
        let kind: RunBaselines.Kind
        if let referenceKind {
            kind = referenceKind
        } else {
            kind = profile.kind
            referenceKind = kind
            referenceBaseline = kind.pick(profile.firstBaselines)
        }
        lastProfile = p
        lastProfileAscent = max(kind.pick(profile.ascents) + referenceBaseline, profile.attachmentAscent)
        lastProfileDescent = max(kind.pick(profile.descents) - referenceBaseline, profile.attachmentDescent)
    }

    /// Puts a word wider than the line on as many lines as it needs, cutting between clusters
    /// (the line is empty when it starts). Each line of the word is measured as its text shaped
    /// alone, as Pango and Chromium measure it, and gives back clusters until that fits: a cut
    /// inside a kerned pair or a ligature makes the line wider than the sum of the clusters'
    /// advances in context (a cluster after a cut ligature has no advance of its own in context).
    /// White space leading the word counts on its first line, as on every line; a line keeps at
    /// least one visible cluster, so only a line of one cluster is ever wider than the width.
    private mutating func cutWord(pieces range: Range<Int>) {
        let shaped = storage.shapedText
        let clusters = shaped.measuredClusters(pieces: range, memo: &cutMemo)
        var first = 0  // the first cluster on the current line
        var i = 0
        while true {
            while i < clusters.count {
                let cluster = clusters[i]
                if cluster.isWhiteSpace {
                    pendingWhiteSpace += cluster.advance
                } else if isEmpty || fits(cluster.advance) {
                    lineWidth += pendingWhiteSpace + cluster.advance
                    pendingWhiteSpace = 0
                    isEmpty = false
                } else {
                    cutLine(clusters, first: &first, before: &i, atEnd: false, shaped: shaped)
                    continue
                }
                include(run: cluster.run, ascent: cluster.ascent, descent: cluster.descent)
                lineEnd = cluster.end
                i += 1
            }
            // The word's last line (its only one when no cut was needed) is measured alone too:
            // it starts at a cut, or at the start of a word too wide for any line (an edge that
            // may be unsafe to break). When that does not fit, it is cut and the rest placed again.
            if isEmpty || !cutLine(clusters, first: &first, before: &i, atEnd: true, shaped: shaped) { return }
        }
    }

    /// Ends the line holding `clusters[first..<i]` (of a word being cut) at the last cluster
    /// that lets its text, shaped alone, fit the width (at least its first visible cluster), and
    /// starts the next line after it and the white space hanging there. At the word's end
    /// (`atEnd`) a line that fits stays open for the next word, its width the measured one.
    /// Returns whether a line was ended (and `first` and `i` moved to the next line's start).
    @discardableResult
    private mutating func cutLine(
        _ clusters: [MeasuredCluster], first: inout Int, before i: inout Int, atEnd: Bool,
        shaped: ShapedText
    ) -> Bool {
        // The line keeps its white space up to its first visible cluster, and that cluster.
        var least = first
        while least < i - 1 && clusters[least].isWhiteSpace { least += 1 }
        least += 1
        var end = i
        while end > least && clusters[end - 1].isWhiteSpace { end -= 1 }
        let visibleEnd = end
        var alone = shaped.widthShapedAlone(clusters[first].start..<clusters[end - 1].end)
        while alone > limit && end > least {
            end -= 1
            while end > least && clusters[end - 1].isWhiteSpace { end -= 1 }
            alone = shaped.widthShapedAlone(clusters[first].start..<clusters[end - 1].end)
        }
        if atEnd && end == visibleEnd {
            // The word's last line fits (or is one cluster wider than the line): it stays open.
            lineWidth = alone
            return false
        }
        if end < i {
            // Clusters given back: the line's extents are those of what stays.
            ascent = 0
            descent = 0
            referenceKind = nil
            for c in first..<end {
                include(run: clusters[c].run, ascent: clusters[c].ascent, descent: clusters[c].descent)
            }
        }
        lineWidth = alone
        while end < i && clusters[end].isWhiteSpace { end += 1 }  // spaces hang
        lineEnd = clusters[end - 1].end  // in the line's range, as at the end of every line
        finishLine(startingNext: clusters[end].start)
        first = end
        i = end
        return true
    }

    private mutating func startLine(at offset: Int32) {
        lineStart = offset
        lineEnd = offset
        lineWidth = 0
        pendingWhiteSpace = 0
        ascent = 0
        descent = 0
        isEmpty = true
        referenceKind = nil
        lastProfile = -1
    }

    /// Grows the line's ascent and descent by a run's, raised or lowered onto the baseline of
    /// the line's first run (Pango's baseline alignment; attachments sit on that baseline).
    @inline(__always) private mutating func include(run: Int32, ascent runAscent: Double, descent runDescent: Double) {
        let this = storage.runs[Int(run)]
        if referenceKind == nil {
            referenceKind = this.baselineKind
            referenceBaseline = this.baselineKind.pick(this.baselinePoints)
            lastProfile = -1
        }
        let rise =
            this.font == ShapingRun.attachmentFont ? 0 : referenceBaseline - referenceKind!.pick(this.baselinePoints)
        ascent = max(ascent, runAscent + rise)
        descent = max(descent, runDescent - rise)
    }

    private mutating func finishLine(startingNext next: Int32) {
        if lineEnd > lineStart || !isEmpty {
            if ascent == 0 && descent == 0 { (ascent, descent) = emptyMetrics }
            append(range: Int(lineStart)..<Int(lineEnd), width: lineWidth, ascent: ascent, descent: descent)
        }
        startLine(at: next)
    }

    /// The last shown line of a truncated text: as much of `line`'s paragraph as fits before
    /// the token, cut between clusters, then the token.
    func truncatedLine(from line: Line, token: TruncationToken) -> (
        range: Range<Int>, width: Double, ascent: Double, descent: Double
    ) {
        let tokenWidth = token.width
        let tokenAscent = token.ascent
        let tokenDescent = token.descent
        let shaped = storage.shapedText
        let pieces = shaped.pieces
        let runs = shaped.runs
        let start = Int32(line.range.lowerBound)
        // The pieces from the line's start to the end of its paragraph.
        let paragraph = storage.paragraphs.first { $0.start <= start && start <= $0.end && !$0.pieces.isEmpty }
        var contentWidth = 0.0
        var contentEnd = start
        var ascent = tokenAscent
        var descent = tokenDescent
        var firstRun: Int32 = -1
        if let paragraph {
            var first = paragraph.pieces.lowerBound
            while first < paragraph.pieces.upperBound && pieces[first].end <= start { first += 1 }
            var pending = 0.0
            let available = width - tokenWidth
            // Only the pieces that can reach the line's end (not the rest of a long paragraph). A
            // piece begun on an earlier line (a word cut across lines) does not count: its
            // advance is mostly that of earlier lines, and counting it left out the words after
            // it that fit.
            var last = first
            var reach = 0.0
            while last < paragraph.pieces.upperBound && (reach <= width || last == first) {
                if pieces[last].start >= start { reach += pieces[last].advance }
                last += 1
            }
            var memo = RunAdvancesMemo()
            var keptEnds: [Int32] = []  // where the content may end, in order
            for cluster in shaped.measuredClusters(pieces: first..<last, memo: &memo) where cluster.start >= start {
                if cluster.isWhiteSpace {
                    pending += cluster.advance
                    continue
                }
                if contentWidth + pending + cluster.advance > available + 1e-9 {
                    // The content ends here: measured as shaped alone (a cut inside a kerned
                    // pair is wider than the advances in context), giving back what does not fit.
                    while contentEnd > start {
                        let alone = shaped.widthShapedAlone(start..<contentEnd)
                        if alone <= available + 1e-9 {
                            contentWidth = alone
                            break
                        }
                        keptEnds.removeLast()
                        contentEnd = keptEnds.last ?? start
                        contentWidth = contentEnd == start ? 0 : contentWidth
                    }
                    break
                }
                contentWidth += pending + cluster.advance
                pending = 0
                contentEnd = cluster.end
                keptEnds.append(contentEnd)
                if firstRun < 0 { firstRun = cluster.run }
                let this = runs[Int(cluster.run)]
                let rise =
                    this.font == ShapingRun.attachmentFont ? 0 : this.rise(onLineStartingWith: runs[Int(firstRun)])
                ascent = max(ascent, cluster.ascent + rise)
                descent = max(descent, cluster.descent - rise)
            }
        }
        if ascent == 0 && descent == 0 { (ascent, descent) = emptyMetrics }
        return (Int(start)..<Int(contentEnd), contentWidth + tokenWidth, ascent, descent)
    }
}
