import CTextShims

/// The general path: scalars, grapheme clusters (our own UAX #29 subset or ICU's), fonts and
/// scripts per cluster, bidi levels from ICU.
extension Segmenter {
    /// Decodes the paragraph's UTF-8 into scalars with their byte offsets and properties;
    /// returns the union of the properties.
    func decodeScalars(_ range: Range<Int>, of text: UnsafeBufferPointer<UInt8>) -> UInt16 {
        scalarStarts.removeAll()
        scalars.removeAll()
        properties.removeAll()
        var union: UInt16 = 0
        var i = range.lowerBound
        let table = UnicodeProperties.bmp  // once: each read of a static is a call to swift_once
        while i < range.upperBound {
            let (scalar, length) = UTF8Scalars.decode(text, at: i)
            let bits = scalar < 0x10000 ? table[Int(scalar)] : UnicodeProperties.compute(scalar)
            union |= bits
            scalarStarts.append(Int32(i))
            scalars.append(scalar)
            properties.append(bits)
            i += length
        }
        return union
    }

    /// Grapheme clusters: every scalar alone unless some scalar may join a neighbour; then our
    /// own clustering, ``findGraphemeClusters`` (ICU's character break iterator with `.icuOnly`
    /// paths).
    ///
    /// A cluster starts at every grapheme cluster and at every line break opportunity of
    /// ``scalarBreaks`` (``findScalarBreaks(_:of:)``, run first), which it marks.
    func findClusters(
        _ range: Range<Int>, flags: UInt16, of input: SegmentationInput, into clusters: GrowableBuffer<ClusterInfo>
    ) {
        clusterScalar.removeAll()
        splitCursor = 0
        clusteringFonts = input.context.fontTable
        if flags & UnicodeProperties.complexGrapheme == 0 {
            for s in 0..<scalars.count { appendCluster(scalar: s, to: clusters) }
            return
        }
        if input.rules.paths != .icuOnly {
            findGraphemeClusters(into: clusters)
            finishClusters(to: clusters)
            return
        }
        var boundaries = takeBoundaries()
        boundaries.append(0)
        let slice = UnsafeBufferPointer(rebasing: input.text[range])
        _ = try? input.context.breakIterators.withIterator(kind: CTEXTSHIMS_BREAK_CHARACTER, locale: "", text: slice) {
            it in
            while true {
                let next = ctextshims_breaker_next(it)
                if next < 0 { break }
                boundaries.append(next)
            }
        }
        var b = 0
        for s in 0..<scalars.count {
            let relative = scalarStarts[s] - Int32(range.lowerBound)
            while b < boundaries.count && boundaries[b] < relative { b += 1 }
            if s == 0 || (b < boundaries.count && boundaries[b] == relative) { appendCluster(scalar: s, to: clusters) }
        }
        finishClusters(to: clusters)
        self.boundaries = boundaries
    }

    /// UAX #29's extended grapheme clusters (Unicode 15.0) as ICU 72's character break iterator
    /// finds them, for any text: CR LF together (GB3), a break after and before controls (GB4,
    /// GB5), Hangul syllables (GB6–GB8), Extend, ZWJ and SpacingMark joined to what precedes
    /// them (GB9, GB9a), Prepend to what follows (GB9b), emoji ZWJ sequences (GB11), regional
    /// indicator pairs (GB12, GB13), and ICU's tailoring for Indic conjuncts (CLDR's, which
    /// UAX #29 15.1 took as GB9c): a linking consonant joins `LinkingConsonant ExtCccZwj* Virama
    /// ExtCccZwj*` before it, in Bengali, Devanagari, Gujarati, Malayalam, Oriya and Telugu
    /// (`ctextshims_conjunct_role`). ICU's iterator costs a fifth of a Tamil paragraph's
    /// time; a test holds this to it on random text and Unicode's GraphemeBreakTest.txt.
    private func findGraphemeClusters(into clusters: GrowableBuffer<ClusterInfo>) {
        let zwj: UInt32 = 0x200D
        var regionalRun = 0  // regional indicators in a row before this scalar
        var pictographBefore = false  // the text before ends in ExtPict Extend*
        var joinsPictograph = false  // ... and then a ZWJ
        var conjunct = 0  // 1: after LinkingConsonant ExtCccZwj*; 2: and then Virama ExtCccZwj*
        var previous: Int32 = 0  // the grapheme cluster break class before (ICU's numbering)
        let conjunctScripts = Self.conjunctScripts  // once: each read of a static calls swift_once
        for s in 0..<scalars.count {
            let scalar = scalars[s]
            let bits = properties[s]
            // The class (ICU's numbering), asked of ICU only beyond Other, Extend, ZWJ and regional
            // indicators (emoji sequences and combining marks need no call).
            let current: Int32
            if bits & UnicodeProperties.hardGrapheme != 0 {
                current = ctextshims_grapheme_cluster_break(scalar)
            } else if bits & UnicodeProperties.complexGrapheme == 0 {
                current = 0  // Other
            } else {
                current = scalar >= 0x1F1E6 && scalar <= 0x1F1FF ? 12 : scalar == zwj ? 17 : 3
            }
            let isPictograph = bits & UnicodeProperties.extendedPictographic != 0
            let role = conjunctScripts[Int(UnicodeProperties.script(bits))] ? ctextshims_conjunct_role(scalar) : 0
            let joins: Bool
            switch (previous, current) {
            case _ where s == 0: joins = false
            case (2, 5): joins = true  // GB3
            case (1, _), (2, _), (5, _), (_, 1), (_, 2), (_, 5): joins = false  // GB4, GB5
            case (4, 4), (4, 9), (4, 6), (4, 7): joins = true  // GB6
            case (6, 9), (6, 8), (9, 9), (9, 8): joins = true  // GB7
            case (7, 8), (8, 8): joins = true  // GB8
            case (_, 3), (_, 17), (_, 10): joins = true  // GB9, GB9a
            case (11, _): joins = true  // GB9b
            case (_, 12): joins = regionalRun % 2 == 1  // GB12, GB13
            default: joins = (role == 1 && conjunct == 2) || (isPictograph && joinsPictograph)
            }
            if !joins { appendCluster(scalar: s, to: clusters) }
            joinsPictograph = scalar == zwj && pictographBefore
            if isPictograph {
                pictographBefore = true
            } else if current != 3 {  // only Extend continues ExtPict Extend*; a ZWJ ends it
                pictographBefore = false
            }
            regionalRun = current == 12 ? regionalRun + 1 : 0
            if role == 1 {
                conjunct = 1
            } else if conjunct != 0 {
                if role == 2 {
                    conjunct = 2
                } else if !(scalar == zwj || (current == 3 && ctextshims_combining_class(scalar) != 0)) {
                    conjunct = 0  // not ExtCccZwj
                }
            }
            previous = current
        }
    }

    /// Whether each ICU script code is one of ICU's conjunct rule (see ``findGraphemeClusters``):
    /// Bengali, Devanagari, Gujarati, Malayalam, Oriya, Telugu (by a consonant of each).
    static let conjunctScripts: [Bool] = {
        var scripts = [Bool](repeating: false, count: 256)
        for consonant: UInt32 in [0x0995, 0x0915, 0x0A95, 0x0D15, 0x0B15, 0x0C15] {
            scripts[Int(UInt8(truncatingIfNeeded: ctextshims_script(consonant)))] = true
        }
        return scripts
    }()

    /// Appends the cluster that starts a grapheme cluster at scalar `s`, after the clusters that
    /// a line break opportunity inside the grapheme cluster before it starts (see
    /// ``findScalarBreaks(_:of:)``). Called in increasing order of `s`; ``finishClusters(to:)``
    /// ends the paragraph.
    private func appendCluster(scalar s: Int, to clusters: GrowableBuffer<ClusterInfo>) {
        appendSplits(upTo: s, to: clusters)
        clusterScalar.append(Int32(s))
        clusters.append(
            ClusterInfo(start: scalarStarts[s], font: 0, flags: scalarBreaks[s] ? ClusterInfo.breakBefore : 0))
        splitCursor = s + 1
    }

    /// UAX #14 breaks inside a grapheme cluster (a space before a combining mark, ZWJ or emoji
    /// modifier; a modifier after a base that is no emoji): each starts a cluster of its own
    /// (``ClusterInfo/insideGrapheme``), so that a line may start there, and shaping splits the
    /// grapheme's advance as HarfBuzz gives it (the space its own, the mark with what follows).
    ///
    /// A grapheme cluster that no font has whole (a combining mark the base's font lacks, as
    /// U+0308 after 中 or 😀) is split too, without a break opportunity, before each nonspacing
    /// mark the base's font lacks and a text font has: that part takes its font from the fallback
    /// stack, as Pango and Chromium draw it, and no character is measured as .notdef that some
    /// font draws.
    private func appendSplits(upTo end: Int, to clusters: GrowableBuffer<ClusterInfo>) {
        var t = splitCursor
        let baseFont = end - t >= 1 ? fontLackingParts(grapheme: (t - 1)..<end) : nil
        while t < end {
            var split = scalarBreaks[t]
            // Nonspacing marks only (ICU's U_NON_SPACING_MARK), from a text font: they add no
            // advance of their own, so the split changes no width but the .notdef's.
            if let baseFont, !split, let fonts = clusteringFonts,
                properties[t] & UnicodeProperties.defaultIgnorable == 0,
                ctextshims_general_category(scalars[t]) == 6,
                !fonts.covers(baseFont, scalars[t]),
                fonts.fonts.indices.contains(where: { !fonts.isColor[$0] && fonts.covers($0, scalars[t]) })
            {
                split = true
            }
            if split {
                clusterScalar.append(Int32(t))
                let flags = (scalarBreaks[t] ? ClusterInfo.breakBefore : 0) | ClusterInfo.insideGrapheme
                clusters.append(ClusterInfo(start: scalarStarts[t], font: 0, flags: flags))
            }
            t += 1
        }
        splitCursor = end
    }

    /// The font of the base of a grapheme cluster of several scalars that no font has whole
    /// (the first font with the base), or nil when one font has it all or none has the base.
    private func fontLackingParts(grapheme: Range<Int>) -> Int? {
        guard grapheme.lowerBound >= 0, let table = clusteringFonts else { return nil }
        let graphemeScalars = UnsafeBufferPointer(rebasing: scalars.elements[grapheme])
        let graphemeProperties = UnsafeBufferPointer(rebasing: properties.elements[grapheme])
        // No font before the first with the base has the whole cluster.
        guard let base = table.firstFont(having: scalars[grapheme.lowerBound]) else { return nil }
        if (base..<table.fonts.count).contains(where: {
            table.font(UInt8($0), covers: graphemeScalars, properties: graphemeProperties)
        }) {
            return nil
        }
        return base
    }

    /// Ends the clusters of the paragraph: the splits of its last grapheme cluster.
    private func finishClusters(to clusters: GrowableBuffer<ClusterInfo>) {
        appendSplits(upTo: scalars.count, to: clusters)
    }

    /// A font and flags per cluster (``FontTable/font(forCluster:properties:previous:)``), and
    /// a resolved script per cluster.
    func chooseFontsAndScripts(
        of input: SegmentationInput, clusters: GrowableBuffer<ClusterInfo>, firstCluster: Int, hasBrackets: Bool
    ) {
        let count = clusterScalar.count
        let table = input.context.fontTable
        scripts.removeAll()
        var previousFont: UInt8? = nil
        var graphemeFlags: UInt8 = 0
        // A local copy: `&sawUncovered`, a class's stored property, costs a dynamic exclusivity
        // check at every cluster.
        var uncovered = sawUncovered
        defer { sawUncovered = uncovered }
        for c in 0..<count {
            let first = Int(clusterScalar[c])
            let bits = properties[first]
            var info = clusters[firstCluster + c]
            if info.flags & ClusterInfo.insideGrapheme != 0 && graphemeFlags & ClusterInfo.attachment == 0 {
                // A part of a grapheme cluster that a line may start with (see appendSplits):
                // the grapheme is shaped in one font, as Chromium does, when that font has the
                // part (the font is copied from the part before once the spaces' fonts are
                // resolved); else the part takes a font of its own from the fallback stack, as
                // after an attachment, which is no text.
                let end = c + 1 < count ? Int(clusterScalar[c + 1]) : scalars.count
                let partScalars = UnsafeBufferPointer(rebasing: scalars.elements[first..<end])
                let partProperties = UnsafeBufferPointer(rebasing: properties.elements[first..<end])
                info.flags |= graphemeFlags & ClusterInfo.spaceLike
                if let graphemeFont = previousFont,
                    table.font(graphemeFont, covers: partScalars, properties: partProperties)
                {
                    info.font = graphemeFont
                } else {
                    info.font = table.font(
                        forCluster: partScalars, properties: partProperties, previous: nil, uncovered: &uncovered)
                }
                clusters[firstCluster + c] = info
                scripts.append(UnicodeProperties.script(bits))
                continue
            }
            // The grapheme cluster's scalars, its parts after the first included.
            var graphemeEnd = c + 1
            while graphemeEnd < count && clusters[firstCluster + graphemeEnd].flags & ClusterInfo.insideGrapheme != 0
                && info.flags & ClusterInfo.insideGrapheme == 0
            {
                graphemeEnd += 1
            }
            let end = graphemeEnd < count ? Int(clusterScalar[graphemeEnd]) : scalars.count
            info.flags |= ClusterInfo.flags(scalar: scalars[first], bits: bits)
            graphemeFlags = info.flags
            // An attachment with a ZWJ or a mark after it (one grapheme cluster) is still the
            // attachment: measured and drawn as its box, the marks with nothing to sit on.
            if scalars[first] == 0xFFFC, input.attributed.hasAttachments,
                input.attributed.attachment(atUTF8Offset: Int(scalarStarts[first])) != nil
            {
                info.flags |= ClusterInfo.attachment
                info.font = ShapingRun.attachmentFont
                graphemeFlags = info.flags
            } else {
                info.font = table.font(
                    forCluster: UnsafeBufferPointer(rebasing: scalars.elements[first..<end]),
                    properties: UnsafeBufferPointer(rebasing: properties.elements[first..<end]),
                    previous: previousFont, uncovered: &uncovered)
                previousFont = info.font
            }
            clusters[firstCluster + c] = info
            scripts.append(UnicodeProperties.script(bits))
        }
        ScriptResolution.resolve(
            scripts.elements, hasBrackets: hasBrackets, firstScalar: { self.scalars[Int(self.clusterScalar[$0])] },
            openBrackets: &openBrackets)
        table.resolveSpaceFonts(
            UnsafeMutableBufferPointer(rebasing: clusters.elements[firstCluster...]),
            scripts: UnsafeBufferPointer(scripts.elements), text: input.text)
        for c in (firstCluster + 1)..<max(clusters.count, firstCluster + 1)
        where clusters[c].flags & ClusterInfo.insideGrapheme != 0 && clusters[c - 1].font != ShapingRun.attachmentFont {
            let first = Int(clusterScalar[c - firstCluster])
            let end = c + 1 < clusters.count ? Int(clusterScalar[c + 1 - firstCluster]) : scalars.count
            let grapheme = clusters[c - 1].font
            if table.font(
                grapheme, covers: UnsafeBufferPointer(rebasing: scalars.elements[first..<end]),
                properties: UnsafeBufferPointer(rebasing: properties.elements[first..<end]))
            {
                clusters[c].font = grapheme
            }
        }
    }

    /// Whether every scalar of a paragraph is at level 1 by UAX #9 without running it: a
    /// right-to-left letter (R, AL) among letters of no other direction, no numbers and no
    /// explicit embedding or isolate, only neutrals, separators, terminators, marks and boundary
    /// neutrals beside them (ZWNJ, Persian's). The paragraph is then right to left (P2, P3), its
    /// marks take the letter before or the paragraph's direction (W1), its separators and
    /// terminators become neutrals with no number near (W4–W7), every neutral lies between
    /// right-to-left letters or the paragraph's edges (N1, N2), and ICU gives every unit level 1
    /// (tests compare with ICU on every right-to-left corpus and random text). Most Arabic,
    /// Persian and Hebrew paragraphs are so, and ICU's pass cost a tenth of measuring them.
    static func isRightToLeftOnly(_ scalars: UnsafeBufferPointer<UInt32>) -> Bool {
        var strong = false
        let low = lowBidiClasses
        for scalar in scalars {
            switch rightToLeftOnlyClass(scalar, low: low) {
            case .strong: strong = true
            case .neutral: break
            case .other: return false
            }
        }
        return strong
    }

    /// What a scalar is to ``isRightToLeftOnly(_:)``'s rule, the one place it is written.
    enum RightToLeftOnlyClass {
        /// R, AL.
        case strong
        /// ES, ET, CS, S, WS, ON, NSM, BN.
        case neutral
        /// Anything else: the paragraph is not right to left only.
        case other
    }

    /// ``RightToLeftOnlyClass`` of `scalar` (`low`: ``lowBidiClasses``, read once by the caller).
    @inline(__always)
    static func rightToLeftOnlyClass(_ scalar: UInt32, low: [UInt8]) -> RightToLeftOnlyClass {
        switch scalar < 0x900 ? Int32(low[Int(scalar)]) : ctextshims_bidi_class(scalar) {
        case 1, 13: .strong  // R, AL
        case 3, 4, 6, 8, 9, 10, 17, 18: .neutral  // ES, ET, CS, S, WS, ON, NSM, BN
        default: .other
        }
    }

    /// ICU's bidi class of each code point below U+0900 (Latin, Greek, Cyrillic, Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko…): most right-to-left paragraphs are all there.
    static let lowBidiClasses: [UInt8] = (0..<0x900).map {
        UInt8(truncatingIfNeeded: ctextshims_bidi_class(UInt32($0)))
    }

    /// Bidi embedding levels from ICU, only when the paragraph has right-to-left characters.
    func resolveBidi(needed: Bool) {
        levels.removeAll()
        levels.append(repeating: 0, count: clusterScalar.count)
        guard needed else { return }
        if Self.isRightToLeftOnly(UnsafeBufferPointer(rebasing: scalars.elements[0..<scalars.count])) {
            for c in 0..<clusterScalar.count { levels[c] = 1 }
            return
        }
        bidiUnits.removeAll()
        bidiUnits.reserve(scalars.count * 2)
        bidiUnitOfScalar.removeAll()
        bidiUnitOfScalar.reserve(scalars.count)
        for s in 0..<scalars.count {
            let scalar = scalars[s]
            bidiUnitOfScalar.append(Int32(bidiUnits.count))
            let units = UTF8Scalars.utf16(scalar)
            bidiUnits.append(units.first)
            if let trail = units.trail { bidiUnits.append(trail) }
        }
        bidiUnitLevels.resize(to: bidiUnits.count, filling: 0)
        let status = ctextshims_bidi_levels(
            bidi, bidiUnits.base, Int32(bidiUnits.count), 0xFE, bidiUnitLevels.base)
        guard status <= 0 else { return }  // ICU failed: measure left to right, widths are unchanged
        for c in 0..<clusterScalar.count {
            levels[c] = bidiUnitLevels[Int(bidiUnitOfScalar[Int(clusterScalar[c])])]
        }
    }
}

/// Break opportunities: our own breaker where it knows the rules, ICU's iterator otherwise.
extension Segmenter {
    /// The general path's break opportunities, per scalar of the paragraph, into
    /// ``scalarBreaks`` (before clusters are found, which start at each of them): our own
    /// breaker's over the paragraph's scalars when it knows the text's rules and classes, else
    /// ICU's line iterator's (with ``LineBreakTailoring``).
    func findScalarBreaks(_ range: Range<Int>, of input: SegmentationInput) {
        scalarBreaks.removeAll()
        scalarBreaks.append(repeating: false, count: scalars.count)
        let breaks = scalarBreaks.base
        if let mode = input.rules.ownBreakerMode {
            let scalarBase = scalars.base
            let table = PairLineBreaker.bmp  // once: each read of a static is a call to swift_once
            if PairLineBreaker.findBreaks(
                count: scalars.count, mode: mode,
                lineClass: { i in
                    let scalar = scalarBase[i]
                    return scalar < 0x10000 ? table[Int(scalar)] : PairLineBreaker.compute(scalar)
                },
                mark: { breaks[$0] = true })
            {
                return
            }
            for s in 0..<scalars.count { breaks[s] = false }
        }
        var boundaries = takeBoundaries()
        appendLineBoundaries(range, of: input, to: &boundaries)
        var s = 0
        let base = Int32(range.lowerBound)
        for boundary in boundaries {
            let offset = base + boundary
            while s < scalars.count && scalarStarts[s] < offset { s += 1 }
            if s > 0 && s < scalars.count && scalarStarts[s] == offset { breaks[s] = true }
        }
        self.boundaries = boundaries
    }

    /// ``boundaries``, emptied and taken out of the segmenter (so that the caller holds its only
    /// reference: emptying a copy of it would allocate a new buffer every paragraph); the caller
    /// puts it back.
    func takeBoundaries() -> [Int32] {
        var taken: [Int32] = []
        swap(&taken, &boundaries)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// The line boundaries of a paragraph our breaker alone does not break: with Thai, Lao,
    /// Khmer or Myanmar runs, ``appendDictionaryBoundaries(_:of:mode:to:)`` where our breaker
    /// knows the style's rules and the paragraph allows it; else ICU's iterator over it.
    private func appendLineBoundaries(_ range: Range<Int>, of input: SegmentationInput, to boundaries: inout [Int32]) {
        if let mode = input.rules.ownBreakerMode,
            appendDictionaryBoundaries(range, of: input, mode: mode, to: &boundaries)
        {
            return
        }
        appendICUBoundaries(range, of: input, to: &boundaries)
    }

    /// ICU's line boundaries of paragraph `range` (relative offsets), by the style's locale, or
    /// the root rules when that locale is unusable.
    private func appendICUBoundaries(_ range: Range<Int>, of input: SegmentationInput, to boundaries: inout [Int32]) {
        let slice = UnsafeBufferPointer(rebasing: input.text[range])
        do {
            try input.context.breakIterators.appendLineBoundaries(
                locale: input.rules.breakLocale, text: slice, to: &boundaries)
        } catch {
            // An unusable locale: break by the root rules rather than not at all.
            boundaries.removeAll(keepingCapacity: true)
            try? input.context.breakIterators.appendLineBoundaries(
                locale: input.rules.rootBreakLocale, text: slice, to: &boundaries)
        }
    }

    /// Marks the clusters a line may start with, from ICU's line break iterator (the fused
    /// pass's clusters, one scalar each, where our own breaker does not decide).
    func markICUBreakOpportunities(
        _ range: Range<Int>, of input: SegmentationInput, clusters: GrowableBuffer<ClusterInfo>,
        firstCluster: Int
    ) {
        var boundaries = takeBoundaries()
        appendLineBoundaries(range, of: input, to: &boundaries)
        let base = Int32(range.lowerBound)
        var c = firstCluster + 1
        let end = clusters.count
        let all = clusters.base
        for boundary in boundaries {
            let offset = base + boundary
            while c < end && all[c].start < offset { c += 1 }
            if c < end && all[c].start == offset { all[c].flags |= ClusterInfo.breakBefore }
        }
        self.boundaries = boundaries
    }
}
