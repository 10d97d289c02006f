import CTextShims

/// Words of Indic scripts measured from their syllables: see ``WordJoin`` (its reading for
/// HarfBuzz's Indic shaper, ``JoinTable/SyllableRules``).
///
/// A word seen for the first time costs HarfBuzz most of a Telugu or Malayalam text's time,
/// though its syllables were nearly all seen before. Where the font's join table allows it, a
/// piece the cache lacks is measured as its syllables shaped alone (each kept in the cache,
/// keyed as a syllable, ``SegmentCache/Key/syllableBit``) plus the kerning pair where two meet:
/// exactly what HarfBuzz gives the piece when
/// - each syllable (a grapheme cluster: the engine keeps conjuncts whole, UAX #29 15.1's GB9c;
///   or, after one ending in a virama, as Tamil's PULLI, the clusters to one that does not)
///   begins with a letter, and the one before it ends in no virama among its last marks
///   (HarfBuzz orders marks by combining class: a nukta after a virama goes before it; a ZWJ
///   after a virama keeps the syllable open, a ZWNJ closes it) nor in a prepended character,
///   so that each is one of HarfBuzz's syllables (``syllableBegins(with:)``,
///   ``syllableMayEnd(_:)``); default ignorables in a syllable (a Malayalam chillu's ZWJ) are
///   seen through for its last glyph, as the kerning skips them (``RunShaper/JoinGlyphs``);
/// - where two meet, no rule but the kerning pairs reaches from one into the other
///   (``JoinTable/isBlocked(syllable:groups:holdsBase:)``); the piece's trailing space
///   joins its last syllable the same way;
/// - no syllable shaped alone holds .notdef or a dotted circle;
/// - the piece's edges are its run's or barrier spaces, as a piece kept by the cache's rule:
///   the glyphs that tell whether a space is a barrier to it (``RunShaper``'s crossing flags)
///   are its syllables' glyphs, as in its window.
/// Else the piece is shaped in its window, as before. Pieces so measured are stored as shaped
/// ones are; the uncached engine shapes runs whole, and the differential suites hold the two
/// to each other bit for bit.
///
/// A script of ``WordJoin/clusterScriptTags`` (Hebrew) takes the same path with a word's join
/// table (no ``JoinTable/syllables``): each grapheme cluster is a unit joinable as a word is
/// (a first glyph no rule matches after another, no default ignorable nor fraction slash, a
/// very last glyph the table keeps), and two are joined where no rule needs the second's first
/// glyph after the first's very last (``JoinTable/isBlocked(_:after:)``).
extension RunMeasurer {
    /// The syllable join table for `run`: a run in the default language of a script of
    /// ``WordJoin/measuresSyllables(ofScriptTag:rightToLeft:)`` in its direction, in a face
    /// with such a table (one without ``JoinTable/syllables`` for a script whose syllables are
    /// its grapheme clusters, Hebrew's).
    func syllableTable(for run: ShapingRun, input: MeasuringInput) -> JoinTable? {
        guard input.language == nil else { return nil }
        let tag = UnicodeProperties.scriptTags[Int(run.script)]
        guard WordJoin.measuresSyllables(ofScriptTag: tag, rightToLeft: run.rightToLeft) else { return nil }
        return input.context.fontTable.syllableJoinTable(Int(run.font), scriptTag: tag)
    }

    /// Whether a syllable of HarfBuzz's Indic shaper may end after the characters `scalars`
    /// (one of the engine's clusters): no virama (Indic_Syllabic_Category=Virama) among the marks
    /// after its last letter (a consonant after one is in its syllable; HarfBuzz puts marks in
    /// combining-class order, a nukta before a virama), unless a ZWNJ follows it (which ends the
    /// syllable; a ZWJ keeps it open), and its last letter no prepended character
    /// (Grapheme_Cluster_Break=Prepend: Malayalam's dot reph begins the syllable of the
    /// consonant after it).
    static func syllableMayEnd<S: Sequence<UInt32>>(_ scalars: S) -> Bool {
        var open = false
        for scalar in scalars {
            if ctextshims_is_virama(scalar) {
                open = true
            } else if scalar == 0x200C {
                open = false
            } else if ctextshims_general_category(scalar) == 5 {  // U_OTHER_LETTER
                open = ctextshims_grapheme_cluster_break(scalar) == 11  // U_GCB_PREPEND
            }
        }
        return !open
    }

    /// Whether HarfBuzz marks `scalar` hidden (CGJ, the Mongolian free variation selectors,
    /// tags): a default ignorable that rules and the kerning do not skip.
    static func isHiddenIgnorable(_ scalar: UInt32) -> Bool {
        scalar == 0x034F || (0x180B...0x180F).contains(scalar) || (0xE0020...0xE007F).contains(scalar)
    }

    /// Whether `scalar` begins a syllable of HarfBuzz's Indic shaper wherever it stands after
    /// one that may end (``syllableMayEnd(_:)``): a letter (general category Lo: a
    /// consonant, an independent vowel, a dead consonant, Malayalam's dot reph).
    static func syllableBegins(with scalar: UInt32) -> Bool {
        ctextshims_general_category(scalar) == 5  // U_OTHER_LETTER
    }

    /// A syllable shaped alone, as the cache keeps it: its advance, its first glyph, its last
    /// glyph the kerning sees, and in `trailingWhiteSpace` its ``RunShaper`` cluster flags
    /// (bits 0–7), the rule groups its glyphs hold glyphs before of and ``RunShaper/holdsBase``
    /// (8–24, ``RunShaper/JoinGlyphs``), and whether it is not joinable (bit 28: a dotted
    /// circle, or no glyph the kerning sees).
    static let syllableNotJoinable: Int32 = 1 << 28

    /// Measures the pieces `group` (consecutive, of the run `range`, missing from the cache) from
    /// their syllables into ``values``, marking them to be stored; returns false when one of
    /// them cannot be (the caller shapes the group's window).
    func measureFromSyllables(
        _ group: Range<Int>, run: ShapingRun, pieces range: Range<Int>, paragraph: Range<Int>,
        clusters: GrowableBuffer<ClusterInfo>, barrier: Bool, input: MeasuringInput,
        allPieces pieces: GrowableBuffer<Piece>, cache: SegmentCache, table: JoinTable
    ) -> Bool {
        for p in group {
            guard
                let value = measureFromSyllables(
                    p, run: run, pieces: range, paragraph: paragraph, clusters: clusters, barrier: barrier,
                    input: input, allPieces: pieces, cache: cache, table: table)
            else { return false }
            values[p - range.lowerBound] = value
        }
        for p in group { include[p - range.lowerBound] = true }
        #if FEEDLAYOUT_INTERNAL_CHECKS
            ThreadScratch.slot.value.syllablePieces += group.count
        #endif
        return true
    }

    /// Piece `p` measured from its syllables, or nil (see above).
    private func measureFromSyllables(
        _ p: Int, run: ShapingRun, pieces range: Range<Int>, paragraph: Range<Int>,
        clusters: GrowableBuffer<ClusterInfo>, barrier: Bool, input: MeasuringInput,
        allPieces pieces: GrowableBuffer<Piece>, cache: SegmentCache, table: JoinTable
    ) -> SegmentCache.Value? {
        let piece = pieces[p]
        let isFirst = p == range.lowerBound
        let isLast = p + 1 == range.upperBound
        // Its edges: the run's, or barrier spaces (a single code point's key has no room for
        // following a space).
        guard isFirst || (barrier && Self.followsSpace(p, firstPiece: range.lowerBound, input: input, pieces: pieces)),
            !Self.isSingle(piece, beginsRun: isFirst, endsRun: isLast, paragraph: paragraph, input: input)
        else { return nil }
        let text = input.text
        let firstCluster = Int(piece.firstCluster)
        let endCluster = Int(piece.endCluster)
        // Its syllables, then at most one space (the piece's white space).
        var wordEnd = endCluster
        while wordEnd > firstCluster && clusters[wordEnd - 1].flags & ClusterInfo.whiteSpace != 0 { wordEnd -= 1 }
        let spaces = endCluster - wordEnd
        guard wordEnd > firstCluster, spaces <= 1, isLast || (barrier && spaces == 1) else { return nil }
        func clusterEnd(_ c: Int) -> Int { c + 1 < endCluster ? Int(clusters[c + 1].start) : Int(piece.end) }
        if spaces == 1 {
            let start = Int(clusters[wordEnd].start)
            guard clusterEnd(wordEnd) == start + 1, text[start] == 0x20 else { return nil }
        }
        // A cluster after one that may not end a syllable (a Tamil consonant after PULLI) is in
        // its syllable.
        syllableStarts.removeAll()
        var previousMayEnd = true
        let byClusters = table.syllables == nil
        for c in firstCluster..<wordEnd {
            let start = Int(clusters[c].start)
            let scalar = UTF8Scalars.decode(text, at: start).scalar
            // (A word's cluster, as a word, begins with no mark nor default ignorable.)
            guard
                byClusters
                    ? !Self.isShapingContinuation(scalar) && !Self.isDefaultIgnorable(scalar)
                    : Self.syllableBegins(with: scalar)
            else { return nil }
            if previousMayEnd { syllableStarts.append(Int32(start)) }
            let scalars = UTF8Scalars.Scalars(text: text, range: start..<clusterEnd(c))
            // (HarfBuzz hides these default ignorables from no rule, the kerning included.)
            for scalar in scalars where Self.isHiddenIgnorable(scalar) { return nil }
            previousMayEnd = byClusters || Self.syllableMayEnd(scalars)
        }
        if spaces == 1 { syllableStarts.append(clusters[wordEnd].start) }
        let count = syllableStarts.count

        lookUpUnits(end: Int(piece.end), run: run, input: input, cache: cache) {
            shapeSyllable($0, run: run, input: input, table: table)
        }

        // Joined, one after another, with the kerning where two meet.
        var advance = 0
        var crossesSpace = false
        for i in 0..<count {
            let value = syllableValues[i]
            let flags = UInt8(truncatingIfNeeded: value.trailingWhiteSpace)
            guard value.trailingWhiteSpace & Self.syllableNotJoinable == 0, flags & RunShaper.neverCache == 0
            else { return nil }
            crossesSpace = crossesSpace || flags & RunShaper.crossesSpace != 0
            advance += Int(value.advance)
            guard i > 0 else { continue }
            let before = syllableValues[i - 1]
            if byClusters {
                // (Clusters: where words join, a glyph no rule needs after the very last one
                // before, kept in bits 8-23.)
                let veryLast = UInt32(truncatingIfNeeded: before.trailingWhiteSpace >> 8) & 0xFFFF
                guard !table.isBlocked(UInt32(value.firstGlyph), after: veryLast) else { return nil }
            } else {
                let tail = UInt32(truncatingIfNeeded: before.trailingWhiteSpace >> 8) & 0x1FFFF
                guard
                    !table.isBlocked(
                        syllable: UInt32(value.firstGlyph), groups: UInt16(truncatingIfNeeded: tail),
                        holdsBase: tail & RunShaper.holdsBase != 0)
                else { return nil }
            }
            advance += Int(table.kern(UInt32(before.lastGlyph), table.unmarked(UInt32(value.firstGlyph))))
        }
        // Its edges, as the cache's rule reads them from a window (the glyphs are the
        // syllables'): no glyph a rule reading back across the space before needs, a first
        // glyph no rule needs right after a space, a last glyph no rule needs right before one.
        if crossingGlyphs != nil {
            let first = UInt8(truncatingIfNeeded: syllableValues[0].trailingWhiteSpace)
            let last = UInt8(truncatingIfNeeded: syllableValues[count - spaces - 1].trailingWhiteSpace)
            if !isFirst && (crossesSpace || first & RunShaper.crossesSpaceFirst != 0) { return nil }
            if !isLast && last & RunShaper.crossesSpaceForward != 0 { return nil }
        }
        let trailing = spaces == 1 ? Int(syllableValues[count - 1].advance) : 0
        guard let advance32 = Int32(exactly: advance), let trailing32 = Int32(exactly: trailing) else { return nil }
        return SegmentCache.Value(advance: advance32, trailingWhiteSpace: trailing32)
    }

    /// The values of a piece's units (syllables, clusters, its space: their first bytes in
    /// ``syllableStarts``, the last ending at `end`) into ``syllableValues``: from the cache,
    /// keyed as syllables (``SegmentCache/Key/syllableBit``), or shaped alone by `shape` and
    /// stored.
    func lookUpUnits(
        end: Int, run: ShapingRun, input: MeasuringInput, cache: SegmentCache,
        shape: (Range<Int>) -> SegmentCache.Value
    ) {
        let count = syllableStarts.count
        func unit(_ i: Int) -> Range<Int> {
            Int(syllableStarts[i])..<(i + 1 < count ? Int(syllableStarts[i + 1]) : end)
        }
        syllableKeys.removeAll()
        syllableKeys.reserve(count)
        let base = input.text.baseAddress!
        for i in 0..<count {
            let bytes = unit(i)
            syllableKeys.append(
                SegmentCache.Key(
                    bytes: UnsafeBufferPointer(start: base + bytes.lowerBound, count: bytes.count), font: run.font,
                    script: run.script, rightToLeft: run.rightToLeft, beginsParagraph: false, endsParagraph: false,
                    beginsRun: false, endsRun: false, syllable: true))
        }
        syllableValues.resize(to: count, filling: SegmentCache.Value(advance: 0, trailingWhiteSpace: 0))
        syllableFound.resize(to: count, filling: false)
        syllableInclude.resize(to: count, filling: false)
        let missing = cache.lookUp(
            UnsafeBufferPointer(syllableKeys.elements), into: syllableValues.elements, found: syllableFound.elements,
            giveUpAfter: count)
        guard missing > 0 else { return }
        for i in 0..<count {
            syllableInclude[i] = !syllableFound[i]
            if !syllableFound[i] { syllableValues[i] = shape(unit(i)) }
        }
        cache.insert(
            UnsafeBufferPointer(syllableKeys.elements), UnsafeBufferPointer(syllableValues.elements),
            where: UnsafeBufferPointer(syllableInclude.elements))
    }

    /// Whether a unit (a syllable, a cluster) holding `scalar` is joinable by no reading of its
    /// font's rules: a default ignorable (rules skip it, or see it where the kerning does not),
    /// or a fraction slash (HarfBuzz gives the digits around it its fraction features, a reach
    /// no lookup shows).
    static func refusesUnit(_ scalar: UInt32) -> Bool {
        scalar == 0x2044 || isDefaultIgnorable(scalar)
    }

    /// Shapes the text `bytes` (a syllable, a cluster or a space) alone with `run`'s font,
    /// script and direction into the run's scratch, as one cluster (``clusterAdvances``,
    /// ``clusterFlags`` with the crossing flags when `crossing`, and the join glyphs, the rule
    /// groups and the very last glyph: ``RunShaper/JoinGlyphs``), and returns whether HarfBuzz
    /// put a dotted circle. (A unit is measured before its group's window, if any, is.)
    func shapeAlone(
        _ bytes: Range<Int>, run: ShapingRun, input: MeasuringInput, table: JoinTable, crossing: Bool
    ) -> Bool {
        #if FEEDLAYOUT_INTERNAL_CHECKS
            ThreadScratch.slot.value.shapedBytes += bytes.count
        #endif
        clusterAdvances.resize(to: 1, filling: 0)
        clusterFlags.resize(to: 1, filling: 0)
        joinFirst.resize(to: 1, filling: 0)
        joinSecond.resize(to: 1, filling: 0)
        joinLast.resize(to: 1, filling: 0)
        joinFinal.resize(to: 1, filling: 0)
        syllableTail.resize(to: 1, filling: 0)
        let font = input.context.fontMetrics[Int(run.font)].hbFont
        return withUnsafePointer(to: Int32(0)) { start in
            RunShaper.shape(
                font: font, script: run.script, rightToLeft: run.rightToLeft, language: nil,
                paragraph: UnsafeBufferPointer(rebasing: input.text[bytes]), run: 0..<bytes.count,
                clusterStarts: UnsafeBufferPointer(start: start, count: 1), advances: clusterAdvances.elements,
                clusterFlags: clusterFlags.elements,
                crossingGlyphs: crossing ? crossingGlyphs : nil,
                joinGlyphs: RunShaper.JoinGlyphs(
                    skipped: table.skipped, first: joinFirst.base, second: joinSecond.base, last: joinLast.base,
                    rules: table.syllables, tail: syllableTail.base, hiddenGlyph: font.spaceGlyph,
                    final: joinFinal.base))
        }
    }

    /// The text `bytes` (one syllable, or a space) shaped alone with `run`'s font and script,
    /// as the cache keeps a syllable (``syllableNotJoinable``).
    private func shapeSyllable(
        _ bytes: Range<Int>, run: ShapingRun, input: MeasuringInput, table: JoinTable
    ) -> SegmentCache.Value {
        let dotted = shapeAlone(bytes, run: run, input: input, table: table, crossing: true)
        let (advance, flags, last) = (clusterAdvances[0], clusterFlags[0], joinLast[0])
        var (first, tail) = (joinFirst[0], syllableTail[0])
        var joinable = !dotted && first < 0x10000 && last < 0x10000
        if table.syllables == nil {
            // A cluster (or a space) as a word is joinable (RunMeasurer+Joins): a first glyph no
            // rule matches after another, no default ignorable (rules skip them), a very last
            // glyph the table keeps (kept in the tail's bits: rules that need a glyph before
            // another see it, the kerning the last it does not skip).
            let veryLast = joinFinal[0]
            joinable =
                joinable && !table.isBlocked(first) && veryLast < 0x10000
                && table.lastGlyph(veryLast, endsInIgnorable: false) == veryLast
                && !UTF8Scalars.Scalars(text: input.text, range: bytes).contains(where: Self.refusesUnit)
            tail = joinable ? veryLast : 0
            // (Marked as the table keeps a word's first glyph: by the glyph after it.)
            if joinable {
                first = table.firstGlyph(first, second: joinSecond[0] == RunShaper.noGlyph ? nil : joinSecond[0])
            }
        }
        let packed =
            Int32(flags) | Int32(tail) << 8 | (joinable ? 0 : Self.syllableNotJoinable)
        return SegmentCache.Value(
            advance: advance, trailingWhiteSpace: packed, firstGlyph: UInt16(truncatingIfNeeded: first),
            lastGlyph: UInt16(truncatingIfNeeded: last))
    }
}
