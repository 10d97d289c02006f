import CHarfBuzz

/// Shapes one run with HarfBuzz and spreads the glyph advances over the run's clusters.
enum RunShaper {
    /// A cluster flag: the text may not be cut before the cluster (see ``shape``).
    static let unsafeToConcat: UInt8 = 1
    /// A cluster flag: a glyph of the cluster is .notdef. HarfBuzz's handling of a missing glyph
    /// depends on what surrounds it (a mark without a glyph is zeroed or not, a control shows as
    /// a box) in ways its unsafe-to-concat flag does not report: such pieces are never cached.
    static let notdef: UInt8 = 2

    /// Shapes the bytes `run` of `paragraph` (the rest of the paragraph is context).
    ///
    /// - Parameters:
    ///   - clusterStarts: the start of each cluster of the run, relative to the paragraph, in
    ///     increasing order; the first is `run.lowerBound`.
    ///   - advances: receives each cluster's advance in font units.
    ///   - clusterFlags: receives, per cluster, ``unsafeToConcat`` when cutting the text before it
    ///     and shaping the sides apart could change the result (HarfBuzz's unsafe-to-concat flag,
    ///     or a glyph shared with the cluster before it), and ``notdef`` when a glyph of the
    ///     cluster is .notdef (glyph 0).
    static func shape(engine: TextEngine, font: HarfBuzzFont, script: UInt8, rightToLeft: Bool,
                      language: hb_language_t?, paragraph: UnsafeBufferPointer<UInt8>, run: Range<Int>,
                      clusterStarts: UnsafeBufferPointer<Int32>,
                      advances: UnsafeMutableBufferPointer<Int32>, clusterFlags: UnsafeMutableBufferPointer<UInt8>) {
        let count = clusterStarts.count
        for i in 0..<count {
            advances[i] = 0
            clusterFlags[i] = unsafeToConcat  // until a glyph starting exactly there says otherwise
        }
        engine.shapingBuffers.withBuffer { buffer in
            paragraph.baseAddress!.withMemoryRebound(to: CChar.self, capacity: paragraph.count) {
                hb_buffer_add_utf8(buffer, $0, Int32(paragraph.count), UInt32(run.lowerBound),
                                   Int32(run.count))
            }
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            let tag = UnicodeProperties.scriptTags[Int(script)]
            hb_buffer_set_script(buffer, tag == 0 ? HB_SCRIPT_COMMON : hb_script_from_iso15924_tag(tag))
            if let language { hb_buffer_set_language(buffer, language) }
            var flags = HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT.rawValue
            if run.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
            if run.upperBound == paragraph.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
            hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
            hb_shape(font.pointer, buffer, nil, 0)

            var glyphCount: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount)!
            let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)!
            let n = Int(glyphCount)
            // Visit glyphs in logical order: clusters increase along it.
            var cluster = 0
            var previousGlyphCluster: UInt32 = .max
            for step in 0..<n {
                let g = rightToLeft ? n - 1 - step : step
                let glyphCluster = infos[g].cluster
                while cluster + 1 < count && UInt32(clusterStarts[cluster + 1]) <= glyphCluster { cluster += 1 }
                if infos[g].codepoint == 0 { clusterFlags[cluster] |= notdef }
                let (sum, overflow) = advances[cluster].addingReportingOverflow(positions[g].x_advance)
                advances[cluster] = overflow ? (sum < 0 ? Int32.max : Int32.min) : sum  // saturate: a pathological cluster, not a trap
                if glyphCluster != previousGlyphCluster {
                    previousGlyphCluster = glyphCluster
                    if UInt32(clusterStarts[cluster]) == glyphCluster {
                        // hb-buffer.h defines hb_glyph_info_get_glyph_flags() as this macro (Swift
                        // sees only the exported function, a call per glyph).
                        let glyphFlags = infos[g].mask & HB_GLYPH_FLAG_DEFINED.rawValue
                        if glyphFlags & HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue == 0 { clusterFlags[cluster] &= ~unsafeToConcat }
                    }
                }
            }
        }
    }
}
