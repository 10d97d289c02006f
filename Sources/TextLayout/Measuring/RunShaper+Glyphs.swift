import CHarfBuzz

/// One glyph as HarfBuzz shaped it, in font units.
struct ShapedGlyph: Sendable, Equatable {
    /// The glyph's index in its font.
    var glyph: UInt32
    /// The byte where the glyph's cluster starts, relative to the paragraph.
    var cluster: Int32
    var xAdvance: Int32
    /// HarfBuzz's offsets of the glyph from the pen (y up).
    var xOffset: Int32
    var yOffset: Int32
}

extension RunShaper {
    /// Shapes the bytes `run` of `paragraph` (the rest of the paragraph is context) exactly as
    /// ``shape(font:script:rightToLeft:language:paragraph:run:clusterStarts:advances:clusterFlags:)``
    /// does, and appends the glyphs to `glyphs` in visual order (left to right as drawn), so that
    /// their advances add up to the clusters' advances that the measurement took.
    ///
    /// - Parameter clusterStarts: as for `shape`: the start of each cluster of the run, relative
    ///   to the paragraph, in increasing order.
    static func shapeGlyphs(
        font: HarfBuzzFont, script: UInt8, rightToLeft: Bool, language: hb_language_t?,
        paragraph: UnsafeBufferPointer<UInt8>, run: Range<Int>, clusterStarts: UnsafeBufferPointer<Int32>,
        into glyphs: inout [ShapedGlyph]
    ) {
        let first = glyphs.count
        var segmentStarts: [Int] = []
        forEachSegment(paragraph: paragraph, run: run, clusterStarts: clusterStarts) { segment, _ in
            segmentStarts.append(glyphs.count)
            withShapedSegment(
                font: font, script: script, rightToLeft: rightToLeft, language: language, paragraph: paragraph,
                segment: segment
            ) { buffer in
                var count: UInt32 = 0
                let infos = hb_buffer_get_glyph_infos(buffer, &count)!
                let positions = hb_buffer_get_glyph_positions(buffer, &count)!
                glyphs.reserveCapacity(glyphs.count + Int(count))
                for g in 0..<Int(count) {
                    glyphs.append(
                        ShapedGlyph(
                            glyph: infos[g].codepoint, cluster: Int32(bitPattern: infos[g].cluster),
                            xAdvance: positions[g].x_advance, xOffset: positions[g].x_offset,
                            yOffset: positions[g].y_offset))
                }
            }
        }
        // Each segment's glyphs are in visual order; right to left, the segments go in the
        // opposite order (a run is one segment but for pathologically long clusters).
        if rightToLeft && segmentStarts.count > 1 {
            var reordered: [ShapedGlyph] = []
            reordered.reserveCapacity(glyphs.count - first)
            var end = glyphs.count
            for start in segmentStarts.reversed() {
                reordered.append(contentsOf: glyphs[start..<end])
                end = start
            }
            glyphs.replaceSubrange(first..., with: reordered)
        }
    }
}
