import CHarfBuzz

/// Shapes one run with HarfBuzz and spreads the glyph advances over the run's clusters.
enum RunShaper {
    /// A cluster flag: the text may not be cut before the cluster (see ``shape``).
    static let unsafeToConcat: UInt8 = 1
    /// A cluster flag: a glyph of the cluster is .notdef. HarfBuzz's handling of a missing glyph
    /// depends on what surrounds it (a mark without a glyph is zeroed or not, a control shows as
    /// a box) in ways its unsafe-to-concat flag does not report: such pieces are never cached.
    static let notdef: UInt8 = 2
    /// A cluster flag: the cluster was too long to shape whole and was shaped in segments (see
    /// ``shape``); such pieces are never cached either.
    static let segmented: UInt8 = 4
    /// A cluster flag: a line may not end before the cluster without shaping the line's end
    /// again (HarfBuzz's unsafe-to-break flag: a kerned pair, a ligature across the edge).
    static let unsafeToBreak: UInt8 = 8
    /// A cluster flag: a glyph of the cluster is one that a rule reaching back across a space
    /// may apply to anywhere after it (`backwardAnywhere` of
    /// ``SpaceBarrier/Verdict/partial(backwardAnywhere:backwardFirst:forward:firstGlyphOnly:)``; set only when
    /// ``shape`` is given those glyphs).
    static let crossesSpace: UInt8 = 16
    /// A cluster flag: a glyph of the cluster's first character (HarfBuzz's cluster starting
    /// where the cluster starts, which holds all that substitutions make of the first glyph of
    /// a text, reordered or not) is one a rule reaching across a space needs right after it,
    /// or one substitutions make of it (`backwardFirst`).
    static let crossesSpaceFirst: UInt8 = 32
    /// A cluster flag: a glyph of the cluster is one that a rule reaching ahead across a space
    /// needs right before it, or one substitutions make of it (`forward`).
    static let crossesSpaceForward: UInt8 = 64
    /// A cluster flag: the cluster holds a glyph (set only with `crossingGlyphs`).
    static let holdsGlyph: UInt8 = 128
    /// The flags that keep a piece out of the segment cache.
    static let neverCache: UInt8 = notdef | segmented

    /// Where ``shape`` writes, per cluster, the glyphs a word join reads (``WordJoin``): the
    /// first glyph of the cluster, its second and its last glyph that the kerning does not
    /// skip, each ``noGlyph`` when there is none.
    struct JoinGlyphs {
        let skipped: JoinTable.GlyphSet
        let first: UnsafeMutablePointer<UInt32>
        let second: UnsafeMutablePointer<UInt32>
        let last: UnsafeMutablePointer<UInt32>
        /// For syllable joins: per cluster, the rule groups whose glyphs before it holds (bits
        /// 0–15, ``JoinTable/SyllableRules/groups(of:)``) and ``holdsBase``, by `rules` (written
        /// only with them).
        var rules: JoinTable.SyllableRules? = nil
        var tail: UnsafeMutablePointer<UInt32>? = nil
        /// The glyph HarfBuzz shows a skipped default ignorable as: the font's space glyph (with
        /// no advance); ``noGlyph`` when the font has none (HarfBuzz then removes them).
        var hiddenGlyph: UInt32 = RunShaper.noGlyph
        /// Per cluster, its very last glyph (but a hidden default ignorable's), or nil.
        var final: UnsafeMutablePointer<UInt32>? = nil
    }
    /// A cluster holds a glyph no lookup skips (``JoinGlyphs``).
    static let holdsBase: UInt32 = 0x10000
    /// No glyph (``JoinGlyphs``).
    static let noGlyph = UInt32.max

    /// Shapes the bytes `run` of `paragraph` (the rest of the paragraph is context).
    ///
    /// - Parameters:
    ///   - clusterStarts: the start of each cluster of the run, relative to the paragraph, in
    ///     increasing order; the first is `run.lowerBound`.
    ///   - advances: receives each cluster's advance in font units.
    ///   - clusterFlags: receives, per cluster, ``unsafeToConcat`` when cutting the text before it
    ///     and shaping the sides apart could change the result (HarfBuzz's unsafe-to-concat flag,
    ///     or a glyph shared with the cluster before it), and ``notdef`` when a glyph of the
    ///     cluster is .notdef (glyph 0), ``crossesSpace``, ``crossesSpaceFirst`` or
    ///     ``crossesSpaceForward`` when one is in the first, second or third of `crossingGlyphs`.
    ///   - crossingGlyphs: three bit sets over every 16-bit glyph ID and a word of options
    ///     (``Font/spaceBarrier``), or nil.
    ///   - joinGlyphs: where to write each cluster's first glyph and last glyph the kerning
    ///     sees (``JoinGlyphs``; in the text's order, as HarfBuzz matches and kerns them, in
    ///     either direction), or nil.
    /// - Returns: whether a glyph is the font's dotted circle (U+25CC), which HarfBuzz's
    ///   syllabic shapers put before a broken cluster (a mark with no base it may take), as a
    ///   rule, in each. Not always: a broken cluster whose syllable number (four bits, counting
    ///   the run's syllables) is the last one given a circle gets none, so such a cluster's
    ///   advance depends on text far before it (``RunMeasurer`` keeps nothing of such a text).
    @discardableResult
    static func shape(
        font: HarfBuzzFont, script: UInt8, rightToLeft: Bool,
        language: hb_language_t?, paragraph: UnsafeBufferPointer<UInt8>, run: Range<Int>,
        clusterStarts: UnsafeBufferPointer<Int32>,
        advances: UnsafeMutableBufferPointer<Int32>, clusterFlags: UnsafeMutableBufferPointer<UInt8>,
        crossingGlyphs: UnsafePointer<UInt64>? = nil, joinGlyphs: JoinGlyphs? = nil
    ) -> Bool {
        let count = clusterStarts.count
        for i in 0..<count {
            advances[i] = 0
            clusterFlags[i] = unsafeToConcat | unsafeToBreak  // until a glyph starting exactly there says otherwise
        }
        if let joinGlyphs {
            joinGlyphs.first.update(repeating: noGlyph, count: count)
            joinGlyphs.second.update(repeating: noGlyph, count: count)
            joinGlyphs.last.update(repeating: noGlyph, count: count)
            joinGlyphs.tail?.update(repeating: 0, count: count)
        }
        var sawDottedCircle = false
        forEachSegment(paragraph: paragraph, run: run, clusterStarts: clusterStarts) { segment, cutCluster in
            if let cutCluster { clusterFlags[cutCluster] |= Self.segmented }
            if shapeSegment(
                font: font, script: script, rightToLeft: rightToLeft, language: language, paragraph: paragraph,
                segment: segment, clusterStarts: clusterStarts, advances: advances, clusterFlags: clusterFlags,
                crossingGlyphs: crossingGlyphs, joinGlyphs: joinGlyphs, dottedCircle: font.dottedCircle)
            {
                sawDottedCircle = true
            }
        }
        return sawDottedCircle
    }

    /// Calls `body` with the segments of `run` that reach HarfBuzz one call each, in logical
    /// order, and for each segment that ends inside a cluster or before it, that cluster's index.
    ///
    /// HarfBuzz takes time quadratic in the length of one cluster (a base with thousands of
    /// combining marks, Thai SARA AM repeated): a cluster of more than ``maximumClusterScalars``
    /// code points reaches it in segments of that many, each shaped with the paragraph as
    /// context. Shorter clusters, all real text, are shaped whole with their run, so a run is
    /// almost always one segment; a run longer than ``segmentBytes`` is cut too.
    static func forEachSegment(
        paragraph: UnsafeBufferPointer<UInt8>, run: Range<Int>, clusterStarts: UnsafeBufferPointer<Int32>,
        _ body: (_ segment: Range<Int>, _ cutCluster: Int?) -> Void
    ) {
        let count = clusterStarts.count
        var segmentStart = run.lowerBound
        for c in 0..<count {
            let clusterStart = Int(clusterStarts[c])
            let clusterEnd = c + 1 < count ? Int(clusterStarts[c + 1]) : run.upperBound
            // A long run reaches HarfBuzz in segments too: at a space once a segment holds
            // `segmentBytes`, anywhere between clusters at twice that.
            let length = clusterStart - segmentStart
            if c > 0 && (length >= 2 * segmentBytes || (length >= segmentBytes && paragraph[clusterStart] == 0x20)) {
                body(segmentStart..<clusterStart, c)
                segmentStart = clusterStart
            }
            // fewer bytes than that: fewer scalars
            guard clusterEnd - clusterStart > maximumClusterScalars else { continue }
            var cut = clusterStart
            var scalars = 0
            while cut < clusterEnd {
                if paragraph[cut] & 0xC0 != 0x80 {
                    if scalars == maximumClusterScalars {
                        body(segmentStart..<cut, c)
                        segmentStart = cut
                        scalars = 0
                    }
                    scalars += 1
                }
                cut += 1
            }
        }
        body(segmentStart..<run.upperBound, nil)
    }

    /// The most code points of one cluster that reach HarfBuzz in one call (see ``shape``).
    static let maximumClusterScalars = 32

    /// The bytes of a run after which it reaches HarfBuzz in another call, cut before a space
    /// (or, at twice as many, between any two clusters). HarfBuzz keeps the distance from a
    /// mark to the glyph it attaches to in 16 bits: a chain of attachments longer than that (a
    /// Myanmar stack of 80,000 consonants, each on the one before) fails its assertion and
    /// aborts the process. No paragraph of real text is near this long, and the cut, like a
    /// cut inside a long cluster, marks the cluster ``segmented``.
    static let segmentBytes = 4_096

    /// Shapes `segment` of the paragraph (the rest of it as context) in this thread's buffer and
    /// gives `body` the shaped buffer: the one HarfBuzz call of the engine.
    static func withShapedSegment<R>(
        font: HarfBuzzFont, script: UInt8, rightToLeft: Bool, language: hb_language_t?,
        paragraph: UnsafeBufferPointer<UInt8>, segment: Range<Int>,
        _ body: (OpaquePointer) -> R
    ) -> R {
        ShapingBuffer.with { buffer in
            paragraph.baseAddress!.withMemoryRebound(to: CChar.self, capacity: paragraph.count) {
                hb_buffer_add_utf8(buffer, $0, Int32(paragraph.count), UInt32(segment.lowerBound), Int32(segment.count))
            }
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            let tag = UnicodeProperties.scriptTags[Int(script)]
            hb_buffer_set_script(buffer, tag == 0 ? HB_SCRIPT_COMMON : hb_script_from_iso15924_tag(tag))
            if let language { hb_buffer_set_language(buffer, language) }
            var flags = HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT.rawValue
            if segment.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
            if segment.upperBound == paragraph.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
            hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
            // Each character keeps its own cluster value (a mark's or a modifier's glyph is not
            // merged into its base's cluster), so that a line break UAX #14 allows inside a
            // grapheme cluster splits the grapheme's advance as HarfBuzz gives it: the space
            // its own, the mark or modifier its glyphs'.
            hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
            hb_shape(font.pointer, buffer, nil, 0)
            return body(buffer)
        }
    }

    /// Shapes `segment` of the paragraph and adds its glyphs' advances and flags to the clusters
    /// that hold them; returns whether a glyph is `dottedCircle`.
    private static func shapeSegment(
        font: HarfBuzzFont, script: UInt8, rightToLeft: Bool, language: hb_language_t?,
        paragraph: UnsafeBufferPointer<UInt8>, segment: Range<Int>,
        clusterStarts: UnsafeBufferPointer<Int32>,
        advances: UnsafeMutableBufferPointer<Int32>, clusterFlags: UnsafeMutableBufferPointer<UInt8>,
        crossingGlyphs: UnsafePointer<UInt64>?, joinGlyphs: JoinGlyphs?, dottedCircle: hb_codepoint_t
    ) -> Bool {
        let count = clusterStarts.count
        return withShapedSegment(
            font: font, script: script, rightToLeft: rightToLeft, language: language, paragraph: paragraph,
            segment: segment
        ) { buffer in
            var glyphCount: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount)!
            let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)!
            let n = Int(glyphCount)
            // Visit glyphs in logical order: clusters increase along it. The segment's first
            // cluster is found by search (segments after the first start inside a cluster).
            var low = 0
            var high = count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if Int(clusterStarts[mid]) <= segment.lowerBound { low = mid } else { high = mid - 1 }
            }
            var cluster = low
            var previousGlyphCluster: UInt32 = .max
            var lastGlyphCluster = -1  // the cluster of the glyph before, to find a cluster's first
            var sawDottedCircle = false
            let firstGlyphOnly = crossingGlyphs.map { $0[3 * 0x10000 / 64] & 1 != 0 } ?? false
            for step in 0..<n {
                let g = rightToLeft ? n - 1 - step : step
                let glyphCluster = infos[g].cluster
                while cluster + 1 < count && UInt32(clusterStarts[cluster + 1]) <= glyphCluster { cluster += 1 }
                let glyph = infos[g].codepoint
                if glyph == 0 { clusterFlags[cluster] |= notdef }
                if glyph == dottedCircle { sawDottedCircle = true }
                if let joinGlyphs {  // (glyphs visited in the text's order)
                    if joinGlyphs.first[cluster] == noGlyph {
                        joinGlyphs.first[cluster] = glyph
                    } else if joinGlyphs.second[cluster] == noGlyph {
                        joinGlyphs.second[cluster] = glyph
                    }
                    if let rules = joinGlyphs.rules, let tail = joinGlyphs.tail {
                        // A syllable's default ignorables (ZWJ after a Malayalam chillu's virama,
                        // a variation selector) are skipped by the kerning and seen through by
                        // context rules: the glyph before them is the one they see; their own
                        // glyphs may still be matched by name. HarfBuzz shows one, after
                        // positioning, as the space glyph without advance (its cluster may be
                        // a neighbour's, merged); a syllable holds no space.
                        let ignorable = glyph == joinGlyphs.hiddenGlyph && positions[g].x_advance == 0
                        if !ignorable && !joinGlyphs.skipped.contains(glyph) { joinGlyphs.last[cluster] = glyph }
                        let held = rules.holding(
                            UInt16(truncatingIfNeeded: tail[cluster]), then: glyph, ignorable: ignorable)
                        tail[cluster] = tail[cluster] & ~0xFFFF | UInt32(held)
                        if !ignorable && !rules.maySkip.contains(glyph) { tail[cluster] |= holdsBase }
                    } else if !joinGlyphs.skipped.contains(glyph) {
                        joinGlyphs.last[cluster] = glyph
                    }
                    // (A cluster shaped as a word: its very last glyph, a hidden ignorable's aside.)
                    if let final = joinGlyphs.final,
                        glyph != joinGlyphs.hiddenGlyph || positions[g].x_advance != 0
                    {
                        final[cluster] = glyph
                    }
                }
                if let crossingGlyphs, glyph < 0x10000 {
                    clusterFlags[cluster] |= holdsGlyph
                    let bit: UInt64 = 1 << UInt64(glyph % 64)
                    if crossingGlyphs[Int(glyph) / 64] & bit != 0 { clusterFlags[cluster] |= crossesSpace }
                    // Only the cluster's first glyph where no shaper reorders after the rules
                    // that need it, else a glyph of its first character (or of characters
                    // HarfBuzz merged into it, reordering): what substitutions made of the
                    // first glyph carries the first character's cluster value.
                    if crossingGlyphs[0x10000 / 64 + Int(glyph) / 64] & bit != 0
                        && UInt32(clusterStarts[cluster]) == glyphCluster
                        && (!firstGlyphOnly || cluster != lastGlyphCluster)
                    {
                        clusterFlags[cluster] |= crossesSpaceFirst
                    }
                    lastGlyphCluster = cluster
                    if crossingGlyphs[2 * 0x10000 / 64 + Int(glyph) / 64] & bit != 0 {
                        clusterFlags[cluster] |= crossesSpaceForward
                    }
                }
                let (sum, overflow) = advances[cluster].addingReportingOverflow(positions[g].x_advance)
                // saturate: a pathological cluster, not a trap
                advances[cluster] = overflow ? (sum < 0 ? Int32.max : Int32.min) : sum
                if glyphCluster != previousGlyphCluster {
                    previousGlyphCluster = glyphCluster
                    if UInt32(clusterStarts[cluster]) == glyphCluster {
                        // hb-buffer.h defines hb_glyph_info_get_glyph_flags() as this macro (Swift
                        // sees only the exported function, a call per glyph).
                        let glyphFlags = infos[g].mask & HB_GLYPH_FLAG_DEFINED.rawValue
                        if glyphFlags & HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue == 0 {
                            clusterFlags[cluster] &= ~unsafeToConcat
                        }
                        if glyphFlags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue == 0 {
                            clusterFlags[cluster] &= ~unsafeToBreak
                        }
                    }
                }
            }
            return sawDottedCircle
        }
    }
}
