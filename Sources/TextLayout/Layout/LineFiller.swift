/// Greedy line filling over the pieces of a ``PreparedText``: words (pieces from one break
/// opportunity to the next) go on the line while their visible width fits; white space at a
/// line's end hangs past the edge; a word wider than a whole line is cut between grapheme
/// clusters.
struct LineFiller {
    typealias Line = ParagraphLayout.Line

    let width: Double
    /// The text's words, height profiles and runs, valid while the caller's closure runs.
    let words: UnsafeBufferPointer<Word>
    let profiles: UnsafeBufferPointer<HeightProfile>
    let runs: UnsafeBufferPointer<ShapingRun>
    /// The lines so far, placed one under the other.
    private(set) var lines: [Line] = []
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

    init(text: PreparedText, width: Double, words: UnsafeBufferPointer<Word>, profiles: UnsafeBufferPointer<HeightProfile>,
         runs: UnsafeBufferPointer<ShapingRun>) {
        self.width = width
        self.words = words
        self.profiles = profiles
        self.runs = runs
        limit = width + 1e-9
        lineHeight = text.style.lineHeight
        fontSize = text.style.fontSize
        lineSpacing = text.style.lineSpacing
        emptyMetrics = text.emptyLineMetrics
        // A guess at the line count, so that the lines rarely grow.
        let guess = width > 0 ? Int(min(1e6, text.totalAdvance / width)) : text.clusters.count
        lines.reserveCapacity(guess + text.paragraphs.count + 2)
    }

    /// Whether `extra` more points fit on the line (NaN and negative widths fit nothing).
    @inline(__always) private func fits(_ extra: Double) -> Bool {
        lineWidth + pendingWhiteSpace + extra <= limit
    }

    /// Places a line under the others: its height by the style, glyphs centred in it.
    mutating func append(range: Range<Int>, width: Double, ascent: Double, descent: Double, isTruncated: Bool = false) {
        if !lines.isEmpty { nextTop += lineSpacing }
        let natural = ascent + descent
        let height: Double
        switch lineHeight {
        case .natural: height = natural
        case .fixed(let points): height = points
        case .multiple(let factor): height = factor * fontSize
        }
        lines.append(Line(range: range, width: width, ascent: ascent, descent: descent, top: nextTop, height: height,
                          baseline: nextTop + (height - natural) / 2 + ascent, isTruncated: isTruncated))
        nextTop += height
    }

    /// Removes the lines from `index` on (to make room for a truncated last line).
    mutating func removeLines(from index: Int) {
        lines.removeSubrange(index...)
        nextTop = lines.last.map { $0.top + $0.height } ?? 0
    }

    mutating func fill(_ paragraph: ParagraphSpan, in text: PreparedText) {
        guard !paragraph.words.isEmpty else {
            append(range: Int(paragraph.start)..<Int(paragraph.start), width: 0, ascent: emptyMetrics.ascent,
                   descent: emptyMetrics.descent)
            return
        }
        startLine(at: paragraph.start)
        var w = paragraph.words.lowerBound
        let end = paragraph.words.upperBound
        while w < end {
            // The common case, in registers: on a started line, words of the line's last height
            // profile (they add no height) while they fit.
            if !isEmpty {
                var lineWidth = self.lineWidth
                var pending = pendingWhiteSpace
                var lineEnd = self.lineEnd
                let profile = UInt16(truncatingIfNeeded: lastProfile)
                while w < end {
                    let word = words[w]
                    let visible = word.advance - word.trailingWhiteSpace
                    guard word.profile == profile && lineWidth + pending + visible <= limit else { break }
                    lineWidth += pending + visible
                    pending = word.trailingWhiteSpace
                    lineEnd = word.end
                    w += 1
                }
                self.lineWidth = lineWidth
                pendingWhiteSpace = pending
                self.lineEnd = lineEnd
            }
            guard w < end else { break }
            // The general step: a new profile, a line to finish, a word to cut.
            let word = words[w]
            let visible = word.advance - word.trailingWhiteSpace
            if !isEmpty && !fits(visible) { finishLine(startingNext: word.start) }
            if isEmpty && !fits(visible) {
                let endPiece = w + 1 < end ? Int(words[w + 1].firstPiece) : paragraph.pieces.upperBound
                cutWord(pieces: Int(word.firstPiece)..<endPiece, in: text)
                w += 1
                continue
            }
            self.lineWidth += (isEmpty ? 0 : pendingWhiteSpace) + visible
            pendingWhiteSpace = word.trailingWhiteSpace
            let p = Int(word.profile)
            if p != lastProfile { useProfile(p) }
            if lastProfileAscent > self.ascent { self.ascent = lastProfileAscent }
            if lastProfileDescent > self.descent { self.descent = lastProfileDescent }
            self.lineEnd = word.end
            isEmpty = false
            w += 1
        }
        finishLine(startingNext: paragraph.end)
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

    /// Puts a word wider than the line on as many lines as it needs, cutting between clusters.
    private mutating func cutWord(pieces range: Range<Int>, in text: PreparedText) {
        for cluster in text.measuredClusters(pieces: range, memo: &cutMemo) {
            if cluster.isWhiteSpace {
                if isEmpty && lines.last.map({ $0.range.upperBound == Int(cluster.start) }) == true && lineEnd == lineStart {
                    // white space right after a cut hangs on the line before
                }
                pendingWhiteSpace += cluster.advance
            } else {
                if !isEmpty && !fits(cluster.advance) { finishLine(startingNext: cluster.start) }
                lineWidth += (isEmpty ? 0 : pendingWhiteSpace) + cluster.advance
                pendingWhiteSpace = 0
                isEmpty = false
            }
            include(run: cluster.run, ascent: cluster.ascent, descent: cluster.descent)
            lineEnd = cluster.end
        }
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
        let this = runs[Int(run)]
        if referenceKind == nil {
            referenceKind = this.baselineKind
            referenceBaseline = this.baselineKind.pick(this.baselinePoints)
            lastProfile = -1
        }
        let rise = this.font == ShapingRun.attachmentFont ? 0 : referenceBaseline - referenceKind!.pick(this.baselinePoints)
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
    func truncatedLine(from line: Line, token: PreparedText, in text: PreparedText)
        -> (range: Range<Int>, width: Double, ascent: Double, descent: Double)
    {
        let tokenLayout = token.layout(width: .infinity)
        let tokenWidth = token.singleLineWidth
        let tokenAscent = tokenLayout.lines.map(\.ascent).max() ?? 0
        let tokenDescent = tokenLayout.lines.map(\.descent).max() ?? 0
        let start = Int32(line.range.lowerBound)
        // The pieces from the line's start to the end of its paragraph.
        let paragraph = text.paragraphs.first { $0.start <= start && start <= $0.end && !$0.pieces.isEmpty }
        var contentWidth = 0.0
        var contentEnd = start
        var ascent = tokenAscent
        var descent = tokenDescent
        var firstRun: Int32 = -1
        if let paragraph {
            var first = paragraph.pieces.lowerBound
            while first < paragraph.pieces.upperBound && text.pieces[first].end <= start { first += 1 }
            var pending = 0.0
            let available = width - tokenWidth
            // Only the pieces that can reach the line's end (not the rest of a long paragraph).
            var last = first
            var reach = 0.0
            while last < paragraph.pieces.upperBound && (reach <= width || last == first) {
                reach += text.pieces[last].advance
                last += 1
            }
            var memo = RunAdvancesMemo()
            for cluster in text.measuredClusters(pieces: first..<last, memo: &memo) where cluster.start >= start {
                if cluster.isWhiteSpace {
                    pending += cluster.advance
                    continue
                }
                if contentWidth + pending + cluster.advance > available + 1e-9 { break }
                contentWidth += pending + cluster.advance
                pending = 0
                contentEnd = cluster.end
                if firstRun < 0 { firstRun = cluster.run }
                let this = text.runs[Int(cluster.run)]
                let rise = this.font == ShapingRun.attachmentFont ? 0 : this.rise(onLineStartingWith: text.runs[Int(firstRun)])
                ascent = max(ascent, cluster.ascent + rise)
                descent = max(descent, cluster.descent - rise)
            }
        }
        if ascent == 0 && descent == 0 { (ascent, descent) = text.emptyLineMetrics }
        return (Int(start)..<Int(contentEnd), contentWidth + tokenWidth, ascent, descent)
    }
}
