/// Runs whose words meet without spaces (Thai, Lao), measured word by word: see ``WordJoin``.
///
/// Every piece of such a run is keyed as a joined piece (``SegmentCache/Key/joinedBit``) and
/// stored as shaped alone, with its first glyph and the last glyph the kerning sees. A piece is
/// *joinable* when its first glyph is not one a rule may match after the first of its sequence
/// (``JoinTable/isBlocked(_:)``), its last cluster holds a glyph the kerning sees, and it holds
/// no .notdef, no segmented cluster, no default ignorable and does not begin with SARA AM
/// (which HarfBuzz's Thai shaper decomposes into the cluster before it). Where two joinable
/// pieces meet, the run measures the first piece alone plus the kerning pair, and a line
/// ending between them measures the first piece shaped alone (an ``EdgeCorrection`` whose
/// segment after the edge is empty); that is exactly what shaping the run gives, so a run is
/// measured from the cache when every piece is found, or from windows of the missing pieces
/// when each is joinable, and stored pieces are joinable and were joinable's neighbours.
extension RunMeasurer {
    /// The join table for `run`, when its pieces may be measured as joined words: a
    /// left-to-right run of Thai or Lao in a face with a table, the default language, and no
    /// piece that is never cached. (An engine without a segment cache measures such runs so
    /// too: its line edges are then found as a cached engine's are.)
    func joinTable(
        for run: ShapingRun, pieces range: Range<Int>, input: MeasuringInput, pieces: GrowableBuffer<Piece>
    ) -> JoinTable? {
        guard !run.rightToLeft, input.language == nil else { return nil }
        let tag = UnicodeProperties.scriptTags[Int(run.script)]
        guard WordJoin.applies(toScriptTag: tag),
            let table = input.context.fontTable.joinTable(Int(run.font), scriptTag: tag)
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
        let last = range.upperBound
        let count = last - first
        let font = input.context.fontMetrics[Int(run.font)]
        let scale = input.fontSize / font.unitsPerEm
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
        include.resize(to: count, filling: false)
        let cache = input.context.segmentCache
        let missing =
            cache?.lookUp(
                UnsafeBufferPointer(keys.elements), into: values.elements, found: found.elements, giveUpAfter: count)
            ?? count

        if let cache, missing < count,
            missing == 0
                || shapeMissingJoinedPieces(
                    run, pieces: range, paragraph: paragraph, clusters: clusters, input: input, allPieces: pieces,
                    table: table, cache: cache),
            junctionsHold(count: count, table: table)
        {
            // Every piece alone, plus the kerning where it meets the next.
            for i in 0..<count {
                let p = first + i
                var advance = Int(values[i].advance)
                var trailing = Int(values[i].trailingWhiteSpace)
                if i + 1 < count {
                    let kern = Int(table.kern(UInt32(values[i].lastGlyph), UInt32(values[i + 1].firstGlyph)))
                    advance += kern
                    if clusters[Int(pieces[p].endCluster) - 1].flags & ClusterInfo.whiteSpace != 0 { trailing += kern }
                    if kern != 0 && pieces[p + 1].breakBefore { appendJoinEdge(after: p, run: r, advance, pieces) }
                }
                setMetrics(p, advance: advance, trailing: trailing, scale: scale, font: font, pieces: pieces)
            }
            return
        }

        // The run whole.
        let firstCluster = Int(pieces[first].firstCluster)
        let clusterCount = Int(pieces[last - 1].endCluster) - firstCluster
        shapeClusters(
            of: run, clusters: firstCluster..<firstCluster + clusterCount, bytes: Int(run.start)..<Int(run.end),
            paragraph: paragraph, all: clusters, input: input, joinSkipped: table.skipped)
        for c in 0..<clusterCount where clusterFlags[c] & RunShaper.notdef != 0 {
            clusters[firstCluster + c].flags |= ClusterInfo.notdefGlyph
        }
        var next = joinGlyphs(
            of: first, offset: firstCluster, clusters: clusters, input: input, pieces: pieces, table: table)
        var joinedBefore = true  // the edge before the piece is the run's start or a join
        for i in 0..<count {
            let p = first + i
            let glyphs = next
            next =
                i + 1 < count
                ? joinGlyphs(
                    of: p + 1, offset: firstCluster, clusters: clusters, input: input, pieces: pieces, table: table)
                : nil
            // Two joinable pieces are joined unless a rule matches the second's first glyph
            // right after the first's last.
            var joinedAfter = false
            if let glyphs, let next { joinedAfter = !table.isBlocked(next.first, after: glyphs.last) }
            let (advance, trailing) = Self.sum(
                clusters: Int(pieces[p].firstCluster)..<Int(pieces[p].endCluster), from: firstCluster,
                advances: clusterAdvances, info: clusters)
            setMetrics(p, advance: advance, trailing: trailing, scale: scale, font: font, pieces: pieces)
            if i + 1 < count && pieces[p + 1].breakBefore {
                if joinedAfter, let glyphs, let next {
                    if table.kern(glyphs.last, next.first) != 0 { appendJoinEdge(after: p, run: r, advance, pieces) }
                } else {
                    measureLineEdge(
                        before: p + 1, run: r, firstCluster: firstCluster, clusterCount: clusterCount, pieces: pieces)
                }
            }
            // Kept when joined on both sides (or at the run's ends; with rules that depend on
            // the glyph before a word, joined before it): then it measures alone its advance
            // here less the kerning with the next.
            include[i] = false
            let keepable = (joinedBefore || !table.hasPredecessorRules) && (i + 1 == count || joinedAfter)
            joinedBefore = joinedAfter
            guard let glyphs, keepable else { continue }
            let kern = i + 1 < count ? Int(table.kern(glyphs.last, next!.first)) : 0
            let endsInWhiteSpace = clusters[Int(pieces[p].endCluster) - 1].flags & ClusterInfo.whiteSpace != 0
            guard let alone = Int32(exactly: advance - kern),
                let aloneTrailing = Int32(exactly: trailing - (endsInWhiteSpace ? kern : 0))
            else { continue }
            values[i] = SegmentCache.Value(
                advance: alone, trailingWhiteSpace: aloneTrailing, firstGlyph: UInt16(glyphs.first),
                lastGlyph: UInt16(glyphs.last))
            include[i] = true
        }
        cache?.insert(
            UnsafeBufferPointer(keys.elements), UnsafeBufferPointer(values.elements),
            where: UnsafeBufferPointer(include.elements))
    }

    /// Whether every two neighbouring pieces in `values` (all found or shaped) are joined: no
    /// rule matches the second's first glyph right after the first's last.
    private func junctionsHold(count: Int, table: JoinTable) -> Bool {
        guard table.hasPredecessorRules else { return true }
        for i in 0..<max(0, count - 1)
        where table.isBlocked(UInt32(values[i + 1].firstGlyph), after: UInt32(values[i].lastGlyph)) {
            return false
        }
        return true
    }

    /// Shapes each group of consecutive pieces the cache lacked alone (the paragraph as
    /// context), when that costs less than the run and each of them is joinable, and leaves
    /// their values alone in `values` (stored too). Returns false when a piece is not
    /// joinable: the caller shapes the run.
    private func shapeMissingJoinedPieces(
        _ run: ShapingRun, pieces range: Range<Int>, paragraph: Range<Int>, clusters: GrowableBuffer<ClusterInfo>,
        input: MeasuringInput, allPieces pieces: GrowableBuffer<Piece>, table: JoinTable, cache: SegmentCache
    ) -> Bool {
        // HarfBuzz's time grows with the text and the calls: a call costs about what 24 bytes
        // cost (see windowsAreWorthIt).
        var cost = 0
        let budget = Int(run.end - run.start) * 3 / 4
        let affordable = forEachMissingGroup(range) { group in
            cost += 24 + Int(pieces[group.upperBound - 1].end - pieces[group.lowerBound].start)
            return cost < budget
        }
        guard affordable else { return false }
        let first = range.lowerBound
        let shaped = forEachMissingGroup(range) { group in
            let windowCluster = Int(pieces[group.lowerBound].firstCluster)
            let windowEnd = Int(pieces[group.upperBound - 1].endCluster)
            shapeClusters(
                of: run, clusters: windowCluster..<windowEnd,
                bytes: Int(pieces[group.lowerBound].start)..<Int(pieces[group.upperBound - 1].end),
                paragraph: paragraph, all: clusters, input: input, joinSkipped: table.skipped)
            var next = joinGlyphs(
                of: group.lowerBound, offset: windowCluster, clusters: clusters, input: input, pieces: pieces,
                table: table)
            // The piece before the group (found) must be joined to its first.
            if group.lowerBound > first, let glyphs = next,
                table.isBlocked(glyphs.first, after: UInt32(values[group.lowerBound - 1 - first].lastGlyph))
            {
                return false
            }
            for p in group {
                guard let glyphs = next else { return false }
                next =
                    p + 1 < group.upperBound
                    ? joinGlyphs(
                        of: p + 1, offset: windowCluster, clusters: clusters, input: input, pieces: pieces, table: table
                    ) : nil
                if p + 1 < group.upperBound {
                    guard let following = next, !table.isBlocked(following.first, after: glyphs.last) else {
                        return false
                    }
                } else if p + 1 < range.upperBound
                    && table.isBlocked(UInt32(values[p + 1 - first].firstGlyph), after: glyphs.last)
                {
                    return false  // the piece after the group (found)
                }
                let (advance, trailing) = Self.sum(
                    clusters: Int(pieces[p].firstCluster)..<Int(pieces[p].endCluster), from: windowCluster,
                    advances: clusterAdvances, info: clusters)
                let kern = next.map { Int(table.kern(glyphs.last, $0.first)) } ?? 0
                let endsInWhiteSpace = clusters[Int(pieces[p].endCluster) - 1].flags & ClusterInfo.whiteSpace != 0
                guard let alone = Int32(exactly: advance - kern),
                    let aloneTrailing = Int32(exactly: trailing - (endsInWhiteSpace ? kern : 0))
                else { return false }
                values[p - first] = SegmentCache.Value(
                    advance: alone, trailingWhiteSpace: aloneTrailing, firstGlyph: UInt16(glyphs.first),
                    lastGlyph: UInt16(glyphs.last))
                include[p - first] = true
            }
            return true
        }
        guard shaped else { return false }
        cache.insert(
            UnsafeBufferPointer(keys.elements), UnsafeBufferPointer(values.elements),
            where: UnsafeBufferPointer(include.elements))
        return true
    }

    /// Piece `p`'s first glyph and last glyph the kerning sees (default ignorables aside: the
    /// kerning and every rule skip them), from the text last shaped (whose first cluster is
    /// `offset`), when the piece is joinable (see above); else nil.
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
        // The last cluster that is no default ignorable holds the last glyph (rules skip the
        // ignorables after it, unless they match one: see JoinTable.lastGlyph).
        var c = endCluster - 1
        while c > firstCluster
            && Self.isDefaultIgnorable(UTF8Scalars.decode(text, at: Int(clusters[c + offset].start)).scalar)
        {
            // With rules that read the glyph before a word, only zero-width spaces (JoinTable).
            if table.hasPredecessorRules
                && UTF8Scalars.decode(text, at: Int(clusters[c + offset].start)).scalar != 0x200B
            {
                return nil
            }
            c -= 1
        }
        let last = joinLast[c]
        guard last != RunShaper.noGlyph, last < 0x10000 else { return nil }
        // Its last character must end its syllable (Khmer's COENG, a joiner: the next word
        // would be shaped in it).
        let clusterEnd = c + 1 < endCluster ? Int(clusters[c + 1 + offset].start) : Int(piece.end)
        var i = clusterEnd - 1
        while i > 0 && text[i] & 0xC0 == 0x80 { i -= 1 }
        if WordJoin.syllableContinues(after: UTF8Scalars.decode(text, at: i).scalar) { return nil }
        guard let kept = table.lastGlyph(last, endsInIgnorable: c < endCluster - 1) else { return nil }
        return (first, kept)
    }

    @inline(__always) private static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
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

    /// Sets piece `p`'s advance, trailing white space (font units, scaled by `scale`) and
    /// extents (`font`'s).
    private func setMetrics(
        _ p: Int, advance: Int, trailing: Int, scale: Double, font: FontMetrics, pieces: GrowableBuffer<Piece>
    ) {
        pieces[p].advance = Double(advance) * scale
        pieces[p].trailingWhiteSpace = Double(trailing) * scale
        pieces[p].ascent = font.ascender * scale
        pieces[p].descent = font.descender * scale
    }
}
