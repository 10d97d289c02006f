/// The part of one run that lies on a line, shaped: what drawing the line needs.
struct ShapedRunPart {
    /// The run (an index into the text's runs).
    var run: Int
    /// The text of the part (UTF-8 offsets in the whole text).
    var range: Range<Int32>
    /// Its glyphs in visual order, clusters as offsets in the whole text (none for an
    /// attachment).
    var glyphs: [ShapedGlyph]
}

extension ShapedText {
    /// The runs of the text `range` (UTF-8 offsets at cluster starts, within one hard-break
    /// paragraph) in logical order, each run's part shaped by itself with the paragraph as
    /// context: the glyphs whose advances ``widthShapedAlone(_:)`` adds up, and what a line
    /// holding exactly that text measures.
    func shapedParts(_ range: Range<Int32>) -> [ShapedRunPart] {
        var parts: [ShapedRunPart] = []
        var c = firstCluster(atOrAfter: range.lowerBound)
        while c < clusters.count && clusters[c].start < range.upperBound {
            let r = run(holding: clusters[c].start)
            let run = runs[r]
            let start = clusters[c].start
            let end = min(range.upperBound, run.end)
            let k = firstCluster(atOrAfter: end)
            var glyphs: [ShapedGlyph] = []
            if run.font != ShapingRun.attachmentFont {
                let starts = (c..<k).map { clusters[$0].start - run.paragraphStart }
                let paragraph = UnsafeBufferPointer(rebasing: bytes[Int(run.paragraphStart)..<Int(run.paragraphEnd)])
                starts.withUnsafeBufferPointer { starts in
                    RunShaper.shapeGlyphs(
                        font: context.fontMetrics[Int(run.font)].hbFont, script: run.script,
                        rightToLeft: run.rightToLeft, language: language, paragraph: paragraph,
                        run: Int(start - run.paragraphStart)..<Int(end - run.paragraphStart),
                        clusterStarts: starts, into: &glyphs)
                }
                for g in glyphs.indices { glyphs[g].cluster += run.paragraphStart }
            }
            parts.append(ShapedRunPart(run: r, range: start..<end, glyphs: glyphs))
            c = k
        }
        return parts
    }

    /// The advance in points of an attachment run (its piece's).
    func attachmentAdvance(run r: Int) -> (advance: Double, ascent: Double, descent: Double) {
        let piece = pieces.partitionPoint { $0.start < runs[r].start }
        guard piece < pieces.count else { return (0, 0, 0) }
        return (pieces[piece].advance, pieces[piece].ascent, pieces[piece].descent)
    }
}
