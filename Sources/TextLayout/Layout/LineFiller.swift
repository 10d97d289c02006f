/// Greedy line filling over the pieces of a ``PreparedText``: words (pieces from one break
/// opportunity to the next) go on the line while their visible width fits; white space at a
/// line's end hangs past the edge; a word wider than a whole line is cut between grapheme
/// clusters.
struct LineFiller {
    struct RawLine {
        var range: Range<Int>
        var width: Double
        var ascent: Double
        var descent: Double
        var isTruncated = false
    }

    let text: PreparedText
    let width: Double
    private(set) var lines: [RawLine] = []

    // The line being filled.
    private var lineStart: Int32 = 0
    private var lineEnd: Int32 = 0
    private var lineWidth = 0.0
    private var pendingWhiteSpace = 0.0
    private var ascent = 0.0
    private var descent = 0.0
    private var isEmpty = true
    /// The first run on the line: the others align on the baseline its script uses.
    private var firstRun: Int32 = -1

    init(text: PreparedText, width: Double) {
        self.text = text
        self.width = width
    }

    /// Whether `extra` more points fit on the line (NaN and negative widths fit nothing).
    @inline(__always) private func fits(_ extra: Double) -> Bool {
        lineWidth + pendingWhiteSpace + extra <= width + 1e-9
    }

    mutating func fill(_ paragraph: ParagraphSpan) {
        let pieces = text.pieces
        guard !paragraph.pieces.isEmpty else {
            let metrics = text.emptyLineMetrics
            lines.append(RawLine(range: Int(paragraph.start)..<Int(paragraph.start), width: 0,
                                 ascent: metrics.ascent, descent: metrics.descent))
            return
        }
        startLine(at: paragraph.start)
        var p = paragraph.pieces.lowerBound
        let end = paragraph.pieces.upperBound
        while p < end {
            // The word: pieces up to the next break opportunity.
            var q = p + 1
            var advance = pieces[p].advance
            while q < end && !pieces[q].breakBefore {
                advance += pieces[q].advance
                q += 1
            }
            var trailing = 0.0
            var t = q - 1
            while t >= p {
                trailing += pieces[t].trailingWhiteSpace
                if pieces[t].trailingWhiteSpace < pieces[t].advance { break }
                t -= 1
            }
            let visible = advance - trailing
            if !isEmpty && !fits(visible) { finishLine(startingNext: pieces[p].start) }
            if isEmpty && !fits(visible) {
                cutWord(pieces: p..<q)
            } else {
                lineWidth += (isEmpty ? 0 : pendingWhiteSpace) + visible
                pendingWhiteSpace = trailing
                for k in p..<q { include(run: pieces[k].run, ascent: pieces[k].ascent, descent: pieces[k].descent) }
                lineEnd = pieces[q - 1].end
                isEmpty = false
            }
            p = q
        }
        finishLine(startingNext: paragraph.end)
    }

    /// Puts a word wider than the line on as many lines as it needs, cutting between clusters.
    private mutating func cutWord(pieces range: Range<Int>) {
        for cluster in text.measuredClusters(pieces: range) {
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
        firstRun = -1
    }

    /// Grows the line's ascent and descent by a run's, raised or lowered onto the baseline of
    /// the line's first run (Pango's baseline alignment; attachments sit on that baseline).
    @inline(__always) private mutating func include(run: Int32, ascent runAscent: Double, descent runDescent: Double) {
        if firstRun < 0 { firstRun = run }
        let this = text.runs[Int(run)]
        let rise = this.font == ShapingRun.attachmentFont ? 0 : this.rise(onLineStartingWith: text.runs[Int(firstRun)])
        ascent = max(ascent, runAscent + rise)
        descent = max(descent, runDescent - rise)
    }

    private mutating func finishLine(startingNext next: Int32) {
        if lineEnd > lineStart || !isEmpty {
            if ascent == 0 && descent == 0 { (ascent, descent) = text.emptyLineMetrics }
            lines.append(RawLine(range: Int(lineStart)..<Int(lineEnd), width: lineWidth, ascent: ascent, descent: descent))
        }
        startLine(at: next)
    }

    /// The last shown line of a truncated text: as much of `line`'s paragraph as fits before
    /// the token, cut between clusters, then the token.
    func truncatedLine(from line: RawLine, token: PreparedText) -> RawLine {
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
            for cluster in text.measuredClusters(pieces: first..<paragraph.pieces.upperBound) where cluster.start >= start {
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
        return RawLine(range: Int(start)..<Int(contentEnd), width: contentWidth + tokenWidth, ascent: ascent,
                       descent: descent, isTruncated: true)
    }
}
