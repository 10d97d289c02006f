import CTextShims

extension PreparedText {
    /// The glyphs of every line of `layout`, a layout of this text: each run's part of a line
    /// shaped by HarfBuzz as the measurement shaped it (the line's text by itself, the
    /// paragraph as context), placed from the line's left edge on the line's baseline.
    ///
    /// - Parameters:
    ///   - layout: a layout made by ``layout(width:maxLines:truncationToken:)`` of this text.
    ///   - truncationToken: the token `layout` was made with (drawn at the end of a truncated
    ///     line).
    /// - Precondition: the lines' ranges lie within this text.
    /// - Complexity: shapes the text of the lines again, O(n) in their length.
    public func glyphLines(of layout: ParagraphLayout, truncationToken: AttributedText = "\u{2026}") -> [GlyphLine] {
        var token: PreparedText?
        return layout.lines.map { line in
            if line.isTruncated && token == nil {
                token = Preparation.prepare(truncationToken, style: style, context: storage.header.context)
            }
            return glyphLine(of: line, token: token)
        }
    }

    /// The glyphs of one line of a layout of this text; see ``glyphLines(of:truncationToken:)``.
    public func glyphLine(of line: ParagraphLayout.Line, truncationToken: AttributedText = "\u{2026}") -> GlyphLine {
        glyphLine(
            of: line,
            token: line.isTruncated
                ? Preparation.prepare(truncationToken, style: style, context: storage.header.context) : nil)
    }

    private func glyphLine(of line: ParagraphLayout.Line, token: PreparedText?) -> GlyphLine {
        withExtendedLifetime(storage) {
            let byteCount = storage.bytes.count
            precondition(
                line.range.lowerBound >= 0 && line.range.upperBound <= byteCount,
                "line \(line.range) is not a line of this text (\(byteCount) bytes)")
            let shaped = storage.shapedText
            let range = Int32(line.range.lowerBound)..<Int32(line.range.upperBound)
            let parts = range.isEmpty ? [] : shaped.shapedParts(range)
            // The run whose baseline the line aligns on (as ``LineFiller`` chose it): the run of
            // the line's first cluster; on a truncated line, of its first cluster not white space.
            var reference = parts.first?.run
            if line.isTruncated {
                let c =
                    (shaped.firstCluster(atOrAfter: range.lowerBound)..<shaped.firstCluster(atOrAfter: range.upperBound))
                    .first { shaped.clusters[$0].flags & ClusterInfo.whiteSpace == 0 }
                reference = c.map { shaped.run(holding: shaped.clusters[$0].start) }
            }
            var placer = GlyphPlacer(fontSize: style.fontSize, baseline: line.baseline, context: storage.header.context)
            placer.place(parts, of: shaped, reference: reference, isToken: false)
            var hanging =
                line.isTruncated ? 0 : placer.hangingWhiteSpace(of: parts, in: shaped, lineEnd: range.upperBound)
            if let token {
                withExtendedLifetime(token.storage) {
                    let tokenText = token.storage.shapedText
                    for paragraph in token.storage.paragraphs where paragraph.start < paragraph.end {
                        let tokenParts = tokenText.shapedParts(paragraph.start..<paragraph.end)
                        placer.place(tokenParts, of: tokenText, reference: tokenParts.first?.run, isToken: true)
                        hanging = placer.hangingWhiteSpace(of: tokenParts, in: tokenText, lineEnd: paragraph.end)
                    }
                }
            }
            return GlyphLine(
                line: line, runs: placer.runs, hangingWhiteSpace: hanging,
                isRightToLeftParagraph: isRightToLeftParagraph(at: range.lowerBound))
        }
    }
}

extension PreparedText {
    /// Whether the paragraph holding UTF-8 offset `offset` has a right-to-left base direction
    /// (ICU's `ubidi_getBaseDirection`: its first strong character, isolates skipped).
    func isRightToLeftParagraph(at offset: Int32) -> Bool {
        let paragraphs = storage.paragraphs
        guard let paragraph = paragraphs.first(where: { $0.start <= offset && offset <= $0.end }) ?? paragraphs.last,
            paragraph.start < paragraph.end
        else { return false }
        let bytes = UnsafeBufferPointer(rebasing: storage.bytes[Int(paragraph.start)..<Int(paragraph.end)])
        let utf16 = Array(String(decoding: bytes, as: UTF8.self).utf16)
        return ctextshims_base_direction(utf16, Int32(utf16.count)) == 1
    }
}

/// Places shaped run parts one after the other on a line, in drawing order.
private struct GlyphPlacer {
    let fontSize: Double
    let baseline: Double
    let context: MeasuringContext
    var runs: [GlyphRun] = []
    /// Where the next run starts.
    var pen = 0.0

    init(fontSize: Double, baseline: Double, context: MeasuringContext) {
        self.fontSize = fontSize
        self.baseline = baseline
        self.context = context
    }

    /// Appends `parts` (logical order) in visual order, aligned on the baseline of run
    /// `reference`.
    mutating func place(_ parts: [ShapedRunPart], of text: ShapedText, reference: Int?, isToken: Bool) {
        let referenceRun = reference.map { text.runs[$0] }
        for index in VisualOrder.of(levels: parts.map { text.runs[$0.run].level }) {
            let part = parts[index]
            let run = text.runs[part.run]
            let range = Int(part.range.lowerBound)..<Int(part.range.upperBound)
            if run.font == ShapingRun.attachmentFont {
                let (advance, ascent, descent) = text.attachmentAdvance(run: part.run)
                runs.append(
                    GlyphRun(
                        font: nil, fontSize: fontSize, range: range, isRightToLeft: run.rightToLeft,
                        isTruncationToken: isToken, x: pen, width: advance, baseline: baseline, glyphs: [],
                        attachment: TextAttachment(width: advance, ascent: ascent, descent: descent)))
                pen += advance
                continue
            }
            let rise = referenceRun.map { run.rise(onLineStartingWith: $0) } ?? 0
            let runBaseline = baseline - rise
            let scale = fontSize / context.fontMetrics[Int(run.font)].unitsPerEm
            let start = pen
            var glyphs: [PlacedGlyph] = []
            glyphs.reserveCapacity(part.glyphs.count)
            for glyph in part.glyphs {
                let advance = Double(glyph.xAdvance) * scale
                glyphs.append(
                    PlacedGlyph(
                        id: glyph.glyph, cluster: Int(glyph.cluster), advance: advance,
                        x: pen + Double(glyph.xOffset) * scale, y: runBaseline - Double(glyph.yOffset) * scale))
                pen += advance
            }
            runs.append(
                GlyphRun(
                    font: context.fontTable.fonts[Int(run.font)], fontSize: fontSize, range: range,
                    isRightToLeft: run.rightToLeft, isTruncationToken: isToken, x: start, width: pen - start,
                    baseline: runBaseline, glyphs: glyphs, attachment: nil))
        }
    }

    /// The advance of the glyphs of the white space at the logical end of `parts` (which end at
    /// `lineEnd`): what hangs past the line's width, as line filling counts it. A line that ends
    /// at a word's end hangs the white space at the end of that word (pieces from its end while
    /// they are white space or empty; white space of earlier words counts); a line that ends
    /// inside a word (cut) hangs the white space clusters at its end but its first cluster.
    func hangingWhiteSpace(of parts: [ShapedRunPart], in text: ShapedText, lineEnd: Int32) -> Double {
        guard let lineStart = parts.first?.range.lowerBound, lineStart < lineEnd else { return 0 }
        // Each cluster's advance on this line, glyphs counted with the cluster holding them.
        let firstCluster = text.firstCluster(atOrAfter: lineStart)
        let endCluster = text.firstCluster(atOrAfter: lineEnd)
        var advances = [Double](repeating: 0, count: endCluster - firstCluster)
        for part in parts where text.runs[part.run].font != ShapingRun.attachmentFont {
            let scale = fontSize / context.fontMetrics[Int(text.runs[part.run].font)].unitsPerEm
            for glyph in part.glyphs {
                let c = text.clusters.partitionPoint(in: firstCluster..<endCluster) { $0.start <= glyph.cluster } - 1
                advances[c - firstCluster] += Double(glyph.xAdvance) * scale
            }
        }
        func isWhiteSpace(_ c: Int) -> Bool { text.clusters[c].flags & ClusterInfo.whiteSpace != 0 }
        let endsWord =
            endCluster == text.clusters.count || text.clusters[endCluster].flags & ClusterInfo.breakBefore != 0
            || text.runs[text.run(holding: lineEnd - 1)].paragraphEnd == lineEnd
        guard endsWord else {
            var total = 0.0
            var c = endCluster - 1
            while c > firstCluster && isWhiteSpace(c) {
                total += advances[c - firstCluster]
                c -= 1
            }
            return total
        }
        // The pieces of the line's last word, from its end.
        var total = 0.0
        var p = text.pieces.partitionPoint { $0.start < lineEnd } - 1
        while p >= 0 && text.pieces[p].end > lineStart {
            let piece = text.pieces[p]
            var advance = 0.0
            var trailing = 0.0
            for c in Int(piece.firstCluster)..<Int(piece.endCluster) where c >= firstCluster && c < endCluster {
                advance += advances[c - firstCluster]
                trailing = isWhiteSpace(c) ? trailing + advances[c - firstCluster] : 0
            }
            total += trailing
            if trailing < advance || piece.breakBefore || piece.start <= lineStart { break }
            p -= 1
        }
        return total
    }
}

/// Bidi reordering of a line's runs.
enum VisualOrder {
    /// The drawing order of runs at bidi `levels` (logical order): UAX #9 rule L2, from the
    /// highest level to the lowest odd one, reversing every sequence of runs at that level or
    /// above.
    static func of(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0, let lowest = levels.min() else { return order }
        let lowestOdd = lowest | 1
        guard highest >= lowestOdd else { return order }
        for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
            var i = 0
            while i < order.count {
                guard Int(levels[order[i]]) >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count && Int(levels[order[j]]) >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
        }
        return order
    }
}
