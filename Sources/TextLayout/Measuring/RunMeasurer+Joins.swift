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

        if let cache,
            missing < count
                && (missing == 0
                    || shapeMissingJoinedPieces(
                        run, pieces: range, paragraph: paragraph, clusters: clusters, input: input, allPieces: pieces,
                        table: table, cache: cache))
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
        var next = joinGlyphs(of: first, offset: firstCluster, input: input, pieces: pieces, table: table)
        for i in 0..<count {
            let p = first + i
            let glyphs = next
            next =
                i + 1 < count
                ? joinGlyphs(of: p + 1, offset: firstCluster, input: input, pieces: pieces, table: table) : nil
            let (advance, trailing) = Self.sum(
                clusters: Int(pieces[p].firstCluster)..<Int(pieces[p].endCluster), from: firstCluster,
                advances: clusterAdvances, info: clusters)
            setMetrics(p, advance: advance, trailing: trailing, scale: scale, font: font, pieces: pieces)
            if i + 1 < count && pieces[p + 1].breakBefore {
                if let glyphs, let next {
                    if table.kern(glyphs.last, next.first) != 0 { appendJoinEdge(after: p, run: r, advance, pieces) }
                } else {
                    measureLineEdge(
                        before: p + 1, run: r, firstCluster: firstCluster, clusterCount: clusterCount, pieces: pieces)
                }
            }
            // Kept when it and the piece after it are joinable: then it measures alone its
            // advance here less the kerning with the next.
            include[i] = false
            guard let glyphs, i + 1 == count || next != nil else { continue }
            let kern = next.map { Int(table.kern(glyphs.last, $0.first)) } ?? 0
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
                of: group.lowerBound, offset: windowCluster, input: input, pieces: pieces, table: table)
            for p in group {
                guard let glyphs = next else { return false }
                next =
                    p + 1 < group.upperBound
                    ? joinGlyphs(of: p + 1, offset: windowCluster, input: input, pieces: pieces, table: table) : nil
                if p + 1 < group.upperBound && next == nil { return false }
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

    /// Piece `p`'s first glyph and last glyph the kerning sees, from the text last shaped
    /// (whose first cluster is `offset`), when the piece is joinable (see above); else nil.
    private func joinGlyphs(
        of p: Int, offset: Int, input: MeasuringInput, pieces: GrowableBuffer<Piece>, table: JoinTable
    ) -> (first: UInt32, last: UInt32)? {
        let piece = pieces[p]
        let firstCluster = Int(piece.firstCluster) - offset
        let lastCluster = Int(piece.endCluster) - 1 - offset
        let first = joinFirst[firstCluster]
        let last = joinLast[lastCluster]
        guard first != RunShaper.noGlyph, last != RunShaper.noGlyph, !table.isBlocked(first), last < 0x10000 else {
            return nil
        }
        for c in firstCluster...lastCluster where clusterFlags[c] & RunShaper.neverCache != 0 { return nil }
        // SARA AM (Thai, Lao) is decomposed by HarfBuzz's Thai shaper, part of it moved back
        // over the marks before it; a default ignorable is skipped by the kerning.
        let start = Int(piece.start)
        let scalar = UTF8Scalars.decode(input.text, at: start).scalar
        if scalar == 0x0E33 || scalar == 0x0EB3 { return nil }
        var i = start
        let end = Int(piece.end)
        while i < end {
            let lead = input.text[i]
            // Thai and Lao (E0 xx xx) and ASCII hold no default ignorable.
            if lead >= 0xC2 && lead != 0xE0 {
                let decoded = UTF8Scalars.decode(input.text, at: i)
                if UnicodeProperties.of(decoded.scalar) & UnicodeProperties.defaultIgnorable != 0 { return nil }
                i += decoded.length
            } else {
                i += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            }
        }
        return (first, last)
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
