/// The stages in order, for one text: hard breaks, then per paragraph the ``Segmenter``
/// (clusters, fonts, scripts, bidi, break opportunities), the ``RunMeasurer`` (runs, pieces,
/// the segment cache and HarfBuzz, line edges) and the ``BreakPointBuilder`` (words, height
/// profiles); the result is copied into one allocation (``PreparedStorage``).
///
/// ```
/// bytes ─HardBreaks─▶ paragraphs ─Segmenter─▶ clusters + scripts + levels
///   ─RunMeasurer─▶ runs + pieces (+ line edges) ─BreakPointBuilder─▶ break points + profiles
///   ─▶ PreparedText ─LineFiller─▶ ParagraphLayout
/// ```
enum Preparation {
    /// Prepares `text` in `style` with `context`'s fonts and caches; or, given `utf8` (valid
    /// UTF-8), those bytes as plain text (`text` then empty: no attachments).
    static func prepare(
        _ text: AttributedText, utf8: UnsafeBufferPointer<UInt8>? = nil, style: TextStyle,
        context: MeasuringContext, paths: SegmentationRules.Paths = .fastest
    ) -> PreparedText {
        StageWorkspace.with { workspace in
            let output = workspace.assembly
            output.reset()
            if let utf8 {
                output.bytes.append(contentsOf: utf8)
            } else {
                var string = text.string
                string.withUTF8 { output.bytes.append(contentsOf: $0) }
            }
            let bytes = UnsafeBufferPointer(output.bytes.elements)
            HardBreaks.paragraphs(of: bytes, into: output.spans)
            workspace.builder.startText()
            workspace.segmenter.sawUncovered = false
            let segmentation = SegmentationInput(
                text: bytes, attributed: text, context: context,
                rules: SegmentationRules(style: style, paths: paths))
            let measuring = MeasuringInput(
                text: bytes, attributed: text, context: context, fontSize: style.fontSize,
                language: context.language(for: style.locale))
            for s in 0..<output.spans.count {
                let span = output.spans[s].range
                let firstCluster = output.clusters.count
                let firstRun = output.runs.count
                let firstPiece = output.pieces.count
                let firstWord = output.breakPoints.count
                let general = workspace.segmenter.segment(span, of: segmentation, into: output.clusters)
                workspace.measurer.measure(
                    span, clusters: output.clusters, firstCluster: firstCluster,
                    scripts: workspace.segmenter.scripts, levels: workspace.segmenter.levels,
                    mayHaveContinuations: general, input: measuring, runs: output.runs, pieces: output.pieces)
                workspace.builder.build(
                    pieces: firstPiece..<output.pieces.count, runs: firstRun..<output.runs.count,
                    edges: workspace.measurer.edges, output: output)
                output.paragraphs.append(
                    ParagraphSpan(
                        start: Int32(span.lowerBound), end: Int32(span.upperBound),
                        pieces: firstPiece..<output.pieces.count,
                        words: firstWord..<output.breakPoints.count))
            }
            return PreparedText(
                storage: PreparedStorage.make(
                    from: output, style: style, context: context,
                    mayHaveMissingGlyphs: workspace.segmenter.sawUncovered))
        }
    }
}
