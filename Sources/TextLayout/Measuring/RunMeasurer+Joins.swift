/// Runs whose words meet without spaces (Thai, Lao, Khmer), measured word by word: see
/// ``WordJoin``.
///
/// Every piece of such a run is keyed as a joined piece (``SegmentCache/Key/joinedBit``) and
/// stored as shaped alone, with its first glyph and its last (the last the kerning sees, default
/// ignorables aside). A piece is *joinable* when its first glyph is not one a rule may match
/// after the first of its sequence (``JoinTable/isBlocked(_:)``), its first character is no
/// default ignorable (rules skip it) nor SARA AM (which HarfBuzz's Thai shaper decomposes into
/// the cluster before it), its last cluster that is no default ignorable holds a glyph the
/// kerning sees and does not end a syllable HarfBuzz would carry on (COENG, a joiner), and it
/// holds no .notdef and no segmented cluster. Two joinable pieces are *joined* unless a rule
/// needs the second's first glyph right after the first's last (``JoinTable/isBlocked(_:after:)``).
///
/// Where two pieces are joined, the run measures the first alone plus the kerning pair, and a
/// line ending between them measures the first shaped alone (an ``EdgeCorrection`` whose
/// segment after the edge is empty). Where two joinable pieces are not joined, the *chain* of
/// pieces so met around them begins and ends at joins: nothing outside it reaches it, so it is
/// shaped as one window, and a line edge inside it measures each side of the chain alone.
/// Both are exactly what shaping the run gives, and both are found alike whether the run is
/// shaped whole or measured from the cache and windows (a rule that reaches across an edge
/// leaves glyphs on both sides that say so, in the run and apart), so a cached engine and an
/// uncached one agree bit for bit.
extension RunMeasurer {
    /// The join table for `run`, when its pieces may be measured as joined words: a
    /// left-to-right run of Thai, Lao or Khmer in a face with a table, the default language, and no
    /// piece that is never cached (and, the caller sees to it, short enough to reach HarfBuzz
    /// whole). (An engine without a segment cache measures such runs so
    /// too: its line edges are then found as a cached engine's are.)
    func joinTable(
        for run: ShapingRun, pieces range: Range<Int>, input: MeasuringInput, pieces: GrowableBuffer<Piece>
    ) -> JoinTable? {
        guard !run.rightToLeft, input.language == nil,
            let table = input.context.fontTable.joinTable(
                Int(run.font), scriptTag: UnicodeProperties.scriptTags[Int(run.script)])
        else { return nil }
        for p in range where pieces[p].neverCached { return nil }
        return table
    }

    /// Measures run `r` (pieces `range`) as joined words with `table` (see above).
    func measureJoinedRun(
        _ r: Int, pieces range: Range<Int>, paragraph: Range<Int>, clusters: GrowableBuffer<ClusterInfo>,
        input: MeasuringInput, runs: GrowableBuffer<ShapingRun>, pieces: GrowableBuffer<Piece>, table: JoinTable
    ) {
        let run = runs[r]
        let first = range.lowerBound
        let count = range.count
        let base = input.text.baseAddress!
        keys.removeAll()
        keys.reserve(count)
        for p in range {
            let start = Int(pieces[p].start)
            keys.append(
                SegmentCache.Key(
                    bytes: UnsafeBufferPointer(start: base + start, count: Int(pieces[p].end) - start),
                    font: run.font, script: run.script, rightToLeft: false,
                    beginsParagraph: start == paragraph.lowerBound,
                    endsParagraph: Int(pieces[p].end) == paragraph.upperBound, beginsRun: false, endsRun: false,
                    joined: true))
        }
        values.resize(to: count, filling: SegmentCache.Value(advance: 0, trailingWhiteSpace: 0))
        found.resize(to: count, filling: false)
        // (Resizing keeps what the buffers held: every element is set here.)
        include.resize(to: count, filling: false)
        joinedAfter.resize(to: count, filling: true)
        kernsAfter.resize(to: count, filling: 0)
        pieceAdvances.resize(to: count, filling: 0)
        for i in 0..<count {
            include[i] = false
            joinedAfter[i] = i + 1 < count
            kernsAfter[i] = 0
        }
        let cache = input.context.segmentCache
        var missing =
            cache?.lookUp(
                UnsafeBufferPointer(keys.elements), into: values.elements, found: found.elements, giveUpAfter: count)
            ?? count
        // A word the cache lacks, from its grapheme clusters where they join (Thai, Lao).
        if let cache, missing > 0, table.keepsFirstGlyphs {
            for i in 0..<count where !found[i] {
                guard
                    let value = measureFromClusters(
                        first + i, run: run, clusters: clusters, input: input, pieces: pieces, table: table,
                        cache: cache)
                else { continue }
                (values[i], found[i], include[i]) = (value, true, true)
                missing -= 1
                #if FEEDLAYOUT_INTERNAL_CHECKS
                    ThreadScratch.slot.value.syllablePieces += 1
                #endif
            }
        }
        if let cache, missing < count,
            measureFromCache(
                r, pieces: range, paragraph: paragraph, clusters: clusters, input: input, runs: runs, pieces: pieces,
                table: table, cache: cache)
        {
            return
        }

        // The run whole.
        let firstCluster = Int(pieces[first].firstCluster)
        let clusterCount = Int(pieces[range.upperBound - 1].endCluster) - firstCluster
        shapeClusters(
            of: run, clusters: firstCluster..<firstCluster + clusterCount, bytes: Int(run.start)..<Int(run.end),
            paragraph: paragraph, all: clusters, input: input, joinSkipped: table.skipped)
        for c in 0..<clusterCount where clusterFlags[c] & RunShaper.notdef != 0 {
            clusters[firstCluster + c].flags |= ClusterInfo.notdefGlyph
        }
        pieceGlyphs.resize(to: count, filling: Self.notJoinable)
        for i in 0..<count {
            if let glyphs = joinGlyphs(
                of: first + i, offset: firstCluster, clusters: clusters, input: input, pieces: pieces, table: table)
            {
                pieceGlyphs[i] = UInt64(glyphs.first) << 32 | UInt64(glyphs.last)
            } else {
                pieceGlyphs[i] = Self.notJoinable
            }
        }
        // Two joinable pieces are joined unless a rule matches the second's first glyph right
        // after the first's last; they kern there.
        for i in 0..<count {
            let (last, next) = (
                UInt32(truncatingIfNeeded: pieceGlyphs[i]), i + 1 < count ? UInt32(pieceGlyphs[i + 1] >> 32) : 0
            )
            joinedAfter[i] =
                i + 1 < count && pieceGlyphs[i] != Self.notJoinable && pieceGlyphs[i + 1] != Self.notJoinable
                && !table.isBlocked(next, after: last)
            kernsAfter[i] = joinedAfter[i] ? table.kern(last, table.unmarked(next)) : 0
        }
        for i in 0..<count {
            let p = first + i
            let (advance, trailing) = Self.sum(
                clusters: Int(pieces[p].firstCluster)..<Int(pieces[p].endCluster), from: firstCluster,
                advances: clusterAdvances, info: clusters)
            setMetrics(p, advance: advance, trailing: trailing, pieces: pieces, run: run, input: input)
            pieceAdvances[i] = Int64(advance)
            // Kept when joinable and joined on both sides (or at the run's ends; without rules
            // that read the glyph before a word, whatever precedes it): then it measures alone
            // its advance here less the kerning with the next.
            include[i] = false
            let glyphs = pieceGlyphs[i]
            guard glyphs != Self.notJoinable, !shapedDottedCircle,
                i == 0 || joinedAfter[i - 1] || !table.hasPredecessorRules, i + 1 == count || joinedAfter[i]
            else { continue }
            let alone = kerned(
                p, advance: advance, trailing: trailing, by: -Int(kernsAfter[i]), pieces: pieces, clusters: clusters)
            guard let advance32 = Int32(exactly: alone.advance), let trailing32 = Int32(exactly: alone.trailing)
            else { continue }
            values[i] = SegmentCache.Value(
                advance: advance32, trailingWhiteSpace: trailing32, firstGlyph: UInt16(glyphs >> 32),
                lastGlyph: UInt16(truncatingIfNeeded: glyphs))
            include[i] = true
        }
        for i in 0..<max(0, count - 1) where pieces[first + i + 1].breakBefore {
            if joinedAfter[i] {
                if kernsAfter[i] != 0 { appendJoinEdge(after: first + i, run: r, Int(pieceAdvances[i]), pieces) }
            } else if pieceGlyphs[i] == Self.notJoinable || pieceGlyphs[i + 1] == Self.notJoinable
                || !appendChainEdge(after: i, run: r, pieces: range, allPieces: pieces, checkingJoinable: true)
            {
                measureLineEdge(
                    before: first + i + 1, run: r, firstCluster: firstCluster, clusterCount: clusterCount,
                    pieces: pieces)
            }
        }
        cache?.insert(
            UnsafeBufferPointer(keys.elements), UnsafeBufferPointer(values.elements),
            where: UnsafeBufferPointer(include.elements))
    }

    /// A piece that is not joinable (``pieceGlyphs``).
    static let notJoinable = UInt64.max

    /// Piece `p` measured alone from its grapheme clusters, or nil: each cluster shaped alone
    /// (kept in the cache, keyed as a syllable: ``SegmentCache/Key/syllableBit``) is joinable as
    /// a word is (see above), and each meets the next in a join; then the piece alone is their
    /// advances plus the kerning pairs where they meet, its first glyph its first cluster's,
    /// its last its last cluster's. (HarfBuzz's Thai shaper forms no syllables: a cluster is a
    /// word to its rules.)
    private func measureFromClusters(
        _ p: Int, run: ShapingRun, clusters: GrowableBuffer<ClusterInfo>, input: MeasuringInput,
        pieces: GrowableBuffer<Piece>, table: JoinTable, cache: SegmentCache
    ) -> SegmentCache.Value? {
        let piece = pieces[p]
        let firstCluster = Int(piece.firstCluster)
        let count = Int(piece.endCluster) - firstCluster
        syllableStarts.removeAll()
        for c in firstCluster..<firstCluster + count { syllableStarts.append(clusters[c].start) }
        lookUpUnits(end: Int(piece.end), run: run, input: input, cache: cache) {
            shapeCluster($0, run: run, input: input, table: table)
        }
        // Joined, one after another, with the kerning where two meet (on the advance of the
        // one before, as HarfBuzz puts it; the white space at the end as `sum` counts it).
        var advance = 0
        var trailing = 0
        for i in 0..<count {
            let value = syllableValues[i]
            guard value.trailingWhiteSpace & Self.clusterNotJoinable == 0 else { return nil }
            var units = Int(value.advance)
            if i + 1 < count {
                let next = syllableValues[i + 1]
                guard !table.isBlocked(UInt32(next.firstGlyph), after: UInt32(value.lastGlyph)) else { return nil }
                units += Int(table.kern(UInt32(value.lastGlyph), table.unmarked(UInt32(next.firstGlyph))))
            }
            advance += units
            trailing = clusters[firstCluster + i].flags & ClusterInfo.whiteSpace != 0 ? trailing + units : 0
        }
        guard let advance32 = Int32(exactly: advance), let trailing32 = Int32(exactly: trailing) else { return nil }
        return SegmentCache.Value(
            advance: advance32, trailingWhiteSpace: trailing32, firstGlyph: syllableValues[0].firstGlyph,
            lastGlyph: syllableValues[count - 1].lastGlyph)
    }

    /// A grapheme cluster shaped alone whose join glyphs are not known (``measureFromClusters``):
    /// its value's `trailingWhiteSpace`.
    static let clusterNotJoinable: Int32 = 1

    /// The text `bytes` (one grapheme cluster) shaped alone with `run`'s font and script, as the
    /// cache keeps a cluster: its advance, its first glyph (as ``JoinTable/firstGlyph(_:second:)``
    /// keeps it) and its last (as ``JoinTable/lastGlyph(_:endsInIgnorable:)`` does), and
    /// ``clusterNotJoinable`` unless it is joinable as a word is.
    private func shapeCluster(
        _ bytes: Range<Int>, run: ShapingRun, input: MeasuringInput, table: JoinTable
    ) -> SegmentCache.Value {
        let dotted = shapeAlone(bytes, run: run, input: input, table: table, crossing: false)
        let (first, second, last) = (joinFirst[0], joinSecond[0], joinLast[0])
        let notJoinable = SegmentCache.Value(
            advance: clusterAdvances[0], trailingWhiteSpace: Self.clusterNotJoinable)
        // As a word's (joinGlyphs(of:)): a first glyph no rule matches after another, no
        // .notdef, dotted circle or segmented cluster, nor SARA AM first; no default ignorable
        // (rules skip them), no character its syllable carries on after, and a last glyph the
        // kerning sees.
        guard !dotted, first != RunShaper.noGlyph, !table.isBlocked(first),
            clusterFlags[0] & RunShaper.neverCache == 0, last != RunShaper.noGlyph, last < 0x10000
        else { return notJoinable }
        var lastScalar: UInt32 = 0
        for scalar in UTF8Scalars.Scalars(text: input.text, range: bytes) {
            if lastScalar == 0 && (scalar == 0x0E33 || scalar == 0x0EB3) { return notJoinable }
            if Self.refusesUnit(scalar) { return notJoinable }
            lastScalar = scalar
        }
        guard !WordJoin.syllableContinues(after: lastScalar),
            let kept = table.lastGlyph(last, endsInIgnorable: false)
        else { return notJoinable }
        let kept16 = UInt16(truncatingIfNeeded: kept)
        let first16 = UInt16(
            truncatingIfNeeded: table.firstGlyph(first, second: second == RunShaper.noGlyph ? nil : second))
        return SegmentCache.Value(
            advance: clusterAdvances[0], trailingWhiteSpace: 0, firstGlyph: first16, lastGlyph: kept16)
    }

    /// Measures the run from the pieces found in the cache and windows of the others: each
    /// group of consecutive pieces that were missing, or meet a neighbour without a join
    /// (a rule reaches across), is shaped alone (the paragraph as context), grown until the
    /// edges around it are joins. Returns false, measuring nothing, when that costs more than
    /// the run or a piece shaped is not joinable: the caller shapes the run.
    private func measureFromCache(
        _ r: Int, pieces range: Range<Int>, paragraph: Range<Int>, clusters: GrowableBuffer<ClusterInfo>,
        input: MeasuringInput, runs: GrowableBuffer<ShapingRun>, pieces: GrowableBuffer<Piece>, table: JoinTable,
        cache: SegmentCache
    ) -> Bool {
        let run = runs[r]
        let first = range.lowerBound
        let count = range.count
        needsShaping.resize(to: count, filling: false)
        for i in 0..<count { needsShaping[i] = !found[i] }
        for i in 0..<max(0, count - 1)
        where found[i] && found[i + 1]
            && table.isBlocked(UInt32(values[i + 1].firstGlyph), after: UInt32(values[i].lastGlyph))
        {
            needsShaping[i] = true
            needsShaping[i + 1] = true
        }
        // HarfBuzz's time grows with the text and the calls. A window here may grow and be
        // shaped again, so the budget is stricter than a run's without joins (windowCallCost):
        // a call counted as 24 bytes, the windows under three quarters of the run. Measured:
        // Khmer, whose windows grow, is 6 % slower with the other's budget, Thai 3 % faster.
        let budget = Int(run.end - run.start) * 3 / 4
        var settled = false
        for _ in 0..<4 {
            var cost = 0
            forEachWindow(count) { a, b in
                cost += 24 + Int(pieces[first + b - 1].end - pieces[first + a].start)
                return true
            }
            guard cost < budget else { return false }
            var grew = false
            let shaped = forEachWindow(count) { a, b in
                let windowCluster = Int(pieces[first + a].firstCluster)
                shapeClusters(
                    of: run, clusters: windowCluster..<Int(pieces[first + b - 1].endCluster),
                    bytes: Int(pieces[first + a].start)..<Int(pieces[first + b - 1].end), paragraph: paragraph,
                    all: clusters, input: input, joinSkipped: table.skipped)
                if shapedDottedCircle { return false }
                for i in a..<b {
                    let p = first + i
                    guard
                        let glyphs = joinGlyphs(
                            of: p, offset: windowCluster, clusters: clusters, input: input, pieces: pieces, table: table
                        )
                    else { return false }
                    let (advance, trailing) = Self.sum(
                        clusters: Int(pieces[p].firstCluster)..<Int(pieces[p].endCluster), from: windowCluster,
                        advances: clusterAdvances, info: clusters)
                    guard let advance32 = Int32(exactly: advance), let trailing32 = Int32(exactly: trailing) else {
                        return false
                    }
                    values[i] = SegmentCache.Value(
                        advance: advance32, trailingWhiteSpace: trailing32, firstGlyph: UInt16(glyphs.first),
                        lastGlyph: UInt16(glyphs.last))
                }
                for i in a..<b - 1 {
                    joinedAfter[i] = !table.isBlocked(
                        UInt32(values[i + 1].firstGlyph), after: UInt32(values[i].lastGlyph))
                }
                // The edges around the window must be joins, else the neighbour joins the window.
                if a > 0 {
                    joinedAfter[a - 1] = !table.isBlocked(
                        UInt32(values[a].firstGlyph), after: UInt32(values[a - 1].lastGlyph))
                    if !joinedAfter[a - 1] { (needsShaping[a - 1], grew) = (true, true) }
                }
                if b < count {
                    joinedAfter[b - 1] = !table.isBlocked(
                        UInt32(values[b].firstGlyph), after: UInt32(values[b - 1].lastGlyph))
                    if !joinedAfter[b - 1] { (needsShaping[b], grew) = (true, true) }
                }
                return true
            }
            guard shaped else { return false }
            if !grew {
                settled = true
                break
            }
        }
        guard settled else { return false }

        // The windows' pieces alone (less the kerning with a joined neighbour in the window),
        // kept when joined on both sides. (Every piece here is joinable, so this is the rule
        // of the whole run's shaping, where a piece after one that is not joinable may be kept
        // without predecessor rules: here no such neighbour exists.)
        for i in 0..<count where i + 1 < count && joinedAfter[i] {
            kernsAfter[i] = table.kern(UInt32(values[i].lastGlyph), table.unmarked(UInt32(values[i + 1].firstGlyph)))
        }
        for i in 0..<count where needsShaping[i] {
            include[i] = (i == 0 || joinedAfter[i - 1]) && (i + 1 == count || joinedAfter[i])
            guard i + 1 < count && needsShaping[i + 1] && joinedAfter[i] else { continue }
            let alone = kerned(
                first + i, advance: Int(values[i].advance), trailing: Int(values[i].trailingWhiteSpace),
                by: -Int(kernsAfter[i]), pieces: pieces, clusters: clusters)
            guard let advance32 = Int32(exactly: alone.advance), let trailing32 = Int32(exactly: alone.trailing)
            else { return false }
            values[i].advance = advance32
            values[i].trailingWhiteSpace = trailing32
        }
        cache.insert(
            UnsafeBufferPointer(keys.elements), UnsafeBufferPointer(values.elements),
            where: UnsafeBufferPointer(include.elements))

        // Every piece alone (or in its window), plus the kerning where it joins the next.
        for i in 0..<count {
            let p = first + i
            let inContext = kerned(
                p, advance: Int(values[i].advance), trailing: Int(values[i].trailingWhiteSpace),
                by: Int(kernsAfter[i]), pieces: pieces, clusters: clusters)
            setMetrics(
                p, advance: inContext.advance, trailing: inContext.trailing, pieces: pieces, run: run, input: input)
            pieceAdvances[i] = Int64(inContext.advance)
        }
        for i in 0..<max(0, count - 1) where pieces[first + i + 1].breakBefore {
            if joinedAfter[i] {
                if kernsAfter[i] != 0 { appendJoinEdge(after: first + i, run: r, Int(pieceAdvances[i]), pieces) }
            } else {
                // (Every piece here is joinable: the chain always ends at joins.)
                _ = appendChainEdge(after: i, run: r, pieces: range, allPieces: pieces, checkingJoinable: false)
            }
        }
        return true
    }

    /// Calls `body` with each window (pieces `a..<b` of the run, indices from its first) of
    /// consecutive pieces that need shaping, in order; stops and returns false when it does.
    @discardableResult
    private func forEachWindow(_ count: Int, _ body: (Int, Int) -> Bool) -> Bool {
        Self.forEachStretch(count, of: { needsShaping[$0] }, body)
    }

    /// Piece `p`'s advance and trailing white space (font units) with `kern` added where it
    /// meets the next piece: to the advance, and to the white space when it ends in some (the
    /// kerned glyph is then a space's).
    private func kerned(
        _ p: Int, advance: Int, trailing: Int, by kern: Int, pieces: GrowableBuffer<Piece>,
        clusters: GrowableBuffer<ClusterInfo>
    ) -> (advance: Int, trailing: Int) {
        guard kern != 0 else { return (advance, trailing) }
        let endsInWhiteSpace = clusters[Int(pieces[p].endCluster) - 1].flags & ClusterInfo.whiteSpace != 0
        return (advance + kern, endsInWhiteSpace ? trailing + kern : trailing)
    }

    /// The line edge after piece `i` of the run (an index from its first piece), where two
    /// joinable pieces meet without a join: the chain of pieces so met around it, which both
    /// begin and end at a join or the run's end, is shaped alone on each side of the edge when
    /// a layout asks (nothing outside the chain reaches it). Returns false, appending nothing,
    /// when the chain reaches a piece that is not joinable (the caller reads HarfBuzz's flags).
    private func appendChainEdge(
        after i: Int, run r: Int, pieces range: Range<Int>, allPieces pieces: GrowableBuffer<Piece>,
        checkingJoinable: Bool
    ) -> Bool {
        let count = range.count
        var start = i
        while start > 0 && !joinedAfter[start - 1] {
            if checkingJoinable && pieceGlyphs[start - 1] == Self.notJoinable { return false }
            start -= 1
        }
        var end = i + 1
        while end + 1 < count && !joinedAfter[end] {
            if checkingJoinable && pieceGlyphs[end + 1] == Self.notJoinable { return false }
            end += 1
        }
        var before: Int64 = 0
        for k in start...i { before += pieceAdvances[k] }
        var after: Int64 = 0
        for k in (i + 1)...end { after += pieceAdvances[k] }
        let first = range.lowerBound
        edges.append(
            PendingEdge(
                start: pieces[first + i + 1].start,
                segments: EdgeSegments(
                    run: Int32(r), before: pieces[first + start].firstCluster, edge: pieces[first + i + 1].firstCluster,
                    after: pieces[first + end].endCluster, inContextBefore: before, inContextAfter: after)))
        return true
    }

    /// Piece `p`'s first glyph (marked by what its second glyph allows: JoinTable.firstGlyph)
    /// and last glyph the kerning sees (default ignorables aside: the kerning and every rule
    /// skip them), from the text last shaped (whose first cluster is `offset`), when the piece
    /// is joinable (see above); else nil.
    private func joinGlyphs(
        of p: Int, offset: Int, clusters: GrowableBuffer<ClusterInfo>, input: MeasuringInput,
        pieces: GrowableBuffer<Piece>, table: JoinTable
    ) -> (first: UInt32, last: UInt32)? {
        let piece = pieces[p]
        let firstCluster = Int(piece.firstCluster) - offset
        let endCluster = Int(piece.endCluster) - offset
        let first = joinFirst[firstCluster]
        guard first != RunShaper.noGlyph, !table.isBlocked(first) else { return nil }
        for c in firstCluster..<endCluster where clusterFlags[c] & RunShaper.neverCache != 0 { return nil }
        // A default ignorable first is skipped by rules (the glyph after it is what they see);
        // SARA AM (Thai, Lao) is decomposed by HarfBuzz's Thai shaper, part of it moved back
        // over the marks before it.
        let text = input.text
        let scalar = UTF8Scalars.decode(text, at: Int(piece.start)).scalar
        if scalar == 0x0E33 || scalar == 0x0EB3 || Self.isDefaultIgnorable(scalar) { return nil }
        // HarfBuzz's positioning skips a glyph it hides (CGJ, Mongolian variation selectors,
        // tags), so the kerning sees past it, though no substitution does: no such piece joins.
        // Nor one with a fraction slash (``refusesUnit(_:)``).
        for scalar in UTF8Scalars.Scalars(text: text, range: Int(piece.start)..<Int(piece.end))
        where Self.isHiddenIgnorable(scalar) || scalar == 0x2044 {
            return nil
        }
        // The last cluster that is no default ignorable holds the last glyph (rules skip the
        // ignorables after it, unless they match one: see JoinTable.lastGlyph).
        var c = endCluster - 1
        while c > firstCluster
            && Self.isDefaultIgnorable(UTF8Scalars.decode(text, at: Int(clusters[c + offset].start)).scalar)
        {
            // Only zero-width spaces, which every rule skips (HarfBuzz hides no other default
            // ignorable from them: CGJ, tags, variation selectors are seen).
            if UTF8Scalars.decode(text, at: Int(clusters[c + offset].start)).scalar != 0x200B { return nil }
            c -= 1
        }
        // A cluster without glyphs gave them to the one before (HarfBuzz merges a syllable's
        // clusters, a Khmer consonant after COENG into its base's): the last glyph is there.
        var g = c
        while g > firstCluster && joinFirst[g] == RunShaper.noGlyph { g -= 1 }
        let last = joinLast[g]
        guard last != RunShaper.noGlyph, last < 0x10000 else { return nil }
        // Its last character must end its syllable (Khmer's COENG, a joiner: the next word
        // would be shaped in it).
        let clusterEnd = c + 1 < endCluster ? Int(clusters[c + 1 + offset].start) : Int(piece.end)
        var i = clusterEnd - 1
        while i > 0 && text[i] & 0xC0 == 0x80 { i -= 1 }
        let lastScalar = UTF8Scalars.decode(text, at: i).scalar
        if WordJoin.syllableContinues(after: lastScalar) || Self.isDefaultIgnorable(lastScalar) { return nil }
        guard let kept = table.lastGlyph(last, endsInIgnorable: c < endCluster - 1) else { return nil }
        // The glyph after the first: what a rule reaching the first from the word before may
        // need next (JoinTable.firstGlyph).
        var second = joinSecond[firstCluster]
        var next = firstCluster + 1
        while second == RunShaper.noGlyph && next < endCluster {
            second = joinFirst[next]
            next += 1
        }
        return (table.firstGlyph(first, second: second == RunShaper.noGlyph ? nil : second), kept)
    }

    @inline(__always) static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
        scalar >= 0xAD && UnicodeProperties.of(scalar) & UnicodeProperties.defaultIgnorable != 0
    }

    /// The line edge after piece `p` (of run `r`, its advance in context `advance` in font
    /// units) where two joined pieces meet with a kerning pair: a line ending there measures
    /// the piece shaped alone; a line starting there measures as it stands.
    private func appendJoinEdge(after p: Int, run r: Int, _ advance: Int, _ pieces: GrowableBuffer<Piece>) {
        edges.append(
            PendingEdge(
                start: pieces[p + 1].start,
                segments: EdgeSegments(
                    run: Int32(r), before: pieces[p].firstCluster, edge: pieces[p + 1].firstCluster,
                    after: pieces[p + 1].firstCluster, inContextBefore: Int64(advance), inContextAfter: 0)))
    }

    /// Sets piece `p`'s advance and trailing white space (font units) and extents, in points.
    private func setMetrics(
        _ p: Int, advance: Int, trailing: Int, pieces: GrowableBuffer<Piece>, run: ShapingRun, input: MeasuringInput
    ) {
        let font = input.context.fontMetrics[Int(run.font)]
        let scale = input.fontSize / font.unitsPerEm
        pieces[p].advance = Double(advance) * scale
        pieces[p].trailingWhiteSpace = Double(trailing) * scale
        pieces[p].ascent = font.ascender * scale
        pieces[p].descent = font.descender * scale
    }
}
