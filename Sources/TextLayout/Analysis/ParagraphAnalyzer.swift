import CTextShims

/// The width-free analysis of one text: hard breaks, grapheme clusters, a font per cluster,
/// scripts, bidi levels, runs, break opportunities, and the shaped advance of every piece.
struct ParagraphAnalyzer {
    let engine: TextEngine
    let text: AttributedText
    let style: TextStyle
    let bytes: [UInt8]

    private(set) var clusters: [ClusterInfo] = []
    private(set) var runs: [ShapingRun] = []
    private(set) var pieces: [Piece] = []
    private(set) var paragraphs: [ParagraphSpan] = []

    // Per-paragraph scratch, reused from one paragraph to the next.
    private var scalarStarts: [Int32] = []
    private var scalars: [UInt32] = []
    private var properties: [UInt16] = []
    private var clusterScalar: [Int32] = []  // first scalar of each cluster of the paragraph
    private var clusterScript: [UInt8] = []
    private var clusterLevel: [UInt8] = []
    private var keys: [SegmentCache.Key] = []
    private var values: [SegmentCache.Value] = []
    private var clusterAdvances: [Int32] = []
    private var clusterUnsafe: [Bool] = []
    private var relativeStarts: [Int32] = []
    private var runPieces: [Range<Int>] = []

    init(engine: TextEngine, text: AttributedText, style: TextStyle) {
        self.engine = engine
        self.text = text
        self.style = style
        bytes = Array(text.string.utf8)
    }

    mutating func run() -> PreparedText {
        var start = 0
        var i = 0
        let n = bytes.count
        if n > 0 {
            while i < n {
                let b = bytes[i]
                var breakLength = 0
                if b == 0x0A || b == 0x0B || b == 0x0C {
                    breakLength = 1
                } else if b == 0x0D {
                    breakLength = i + 1 < n && bytes[i + 1] == 0x0A ? 2 : 1
                } else if b == 0xC2, i + 1 < n, bytes[i + 1] == 0x85 {
                    breakLength = 2
                } else if b == 0xE2, i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    breakLength = 3
                }
                if breakLength > 0 {
                    analyzeParagraph(start..<i)
                    i += breakLength
                    start = i
                } else {
                    i += 1
                }
            }
            analyzeParagraph(start..<n)
        }
        return PreparedText(engine: engine, style: style, bytes: bytes, clusters: clusters, runs: runs,
                            pieces: pieces, paragraphs: paragraphs)
    }

    // MARK: - One paragraph

    private mutating func analyzeParagraph(_ range: Range<Int>) {
        let firstPiece = pieces.count
        defer {
            paragraphs.append(ParagraphSpan(start: Int32(range.lowerBound), end: Int32(range.upperBound),
                                            pieces: firstPiece..<pieces.count))
        }
        guard !range.isEmpty else { return }
        let flags = decodeScalars(range)
        let firstCluster = clusters.count
        findClusters(range, needsICU: flags & UnicodeProperties.complexGrapheme != 0)
        chooseFontsAndScripts(firstCluster: firstCluster)
        resolveBidi(range, firstCluster: firstCluster, needed: flags & UnicodeProperties.rightToLeft != 0)
        markBreakOpportunities(range, firstCluster: firstCluster)
        let firstRun = runs.count
        runPieces.removeAll(keepingCapacity: true)
        makeRuns(range, firstCluster: firstCluster)
        for run in firstRun..<runs.count { measureRun(run, pieces: runPieces[run - firstRun], paragraph: range) }
    }

    /// Decodes the paragraph's UTF-8 (valid: it comes from a `String`) into scalars with their
    /// byte offsets and properties; returns the union of the properties.
    private mutating func decodeScalars(_ range: Range<Int>) -> UInt16 {
        scalarStarts.removeAll(keepingCapacity: true)
        scalars.removeAll(keepingCapacity: true)
        properties.removeAll(keepingCapacity: true)
        var union: UInt16 = 0
        var i = range.lowerBound
        while i < range.upperBound {
            let b0 = UInt32(bytes[i])
            var scalar: UInt32
            var length: Int
            if b0 < 0x80 {
                scalar = b0; length = 1
            } else if b0 < 0xE0 {
                scalar = (b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F); length = 2
            } else if b0 < 0xF0 {
                scalar = (b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F); length = 3
            } else {
                scalar = (b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                    | UInt32(bytes[i + 3] & 0x3F)
                length = 4
            }
            let bits = UnicodeProperties.of(scalar)
            union |= bits
            scalarStarts.append(Int32(i))
            scalars.append(scalar)
            properties.append(bits)
            i += length
        }
        return union
    }

    /// Grapheme clusters: every scalar alone unless some scalar may join a neighbour, in which
    /// case ICU's character break iterator decides.
    private mutating func findClusters(_ range: Range<Int>, needsICU: Bool) {
        clusterScalar.removeAll(keepingCapacity: true)
        if !needsICU {
            for s in scalars.indices { appendCluster(scalar: s) }
            return
        }
        var boundaries: [Int32] = [0]
        bytes.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[range])
            _ = try? engine.breakIterators.withIterator(kind: CTEXTSHIMS_BREAK_CHARACTER, locale: "", text: slice) { it in
                while true {
                    let next = ctextshims_breaker_next(it)
                    if next < 0 { break }
                    boundaries.append(next)
                }
            }
        }
        var b = 0
        for s in scalars.indices {
            let relative = scalarStarts[s] - Int32(range.lowerBound)
            while b < boundaries.count && boundaries[b] < relative { b += 1 }
            if s == 0 || (b < boundaries.count && boundaries[b] == relative) { appendCluster(scalar: s) }
        }
    }

    private mutating func appendCluster(scalar s: Int) {
        clusterScalar.append(Int32(s))
        clusters.append(ClusterInfo(start: scalarStarts[s], font: 0, flags: 0))
    }

    /// A font per cluster by coverage, and a script per cluster.
    private mutating func chooseFontsAndScripts(firstCluster: Int) {
        let count = clusterScalar.count
        clusterScript.removeAll(keepingCapacity: true)
        var previousFont: UInt8? = nil
        for c in 0..<count {
            let first = Int(clusterScalar[c])
            let end = c + 1 < count ? Int(clusterScalar[c + 1]) : scalars.count
            let bits = properties[first]
            var info = clusters[firstCluster + c]
            if bits & UnicodeProperties.whiteSpace != 0 { info.flags |= ClusterInfo.whiteSpace }
            if scalars[first] == 0xFFFC, end == first + 1, text.hasAttachments,
               text.attachment(atUTF8Offset: Int(scalarStarts[first])) != nil {
                info.flags |= ClusterInfo.attachment
                info.font = ShapingRun.attachmentFont
            } else {
                info.font = chooseFont(scalars: first..<end, previousFont: previousFont)
                previousFont = info.font
            }
            clusters[firstCluster + c] = info
            clusterScript.append(UnicodeProperties.script(bits))
        }
        // Common and Inherited take the script before them; leading ones the first real script.
        var current: UInt8? = nil
        for c in 0..<count where clusterScript[c] > UnicodeProperties.scriptInherited {
            current = clusterScript[c]
            break
        }
        let fallback = current ?? UnicodeProperties.scriptCommon
        current = nil
        for c in 0..<count {
            if clusterScript[c] > UnicodeProperties.scriptInherited {
                current = clusterScript[c]
            } else {
                clusterScript[c] = current ?? fallback
            }
        }
    }

    /// The font for the scalars of one cluster: see ``TextEngine`` for the rules.
    private func chooseFont(scalars range: Range<Int>, previousFont: UInt8?) -> UInt8 {
        let fonts = engine.fontList
        let firstBits = properties[range.lowerBound]
        // Spaces and other non-graphic characters stay in the font of the text before them,
        // unless that is a colour (emoji) font: emoji fonts draw emoji sequences only (Pango
        // splits emoji from text first, so a space after 😀 is in the first font with a space).
        if firstBits & UnicodeProperties.nonGraphic != 0, let previousFont,
           !fonts[Int(previousFont)].isColorFont, coversCluster(fonts[Int(previousFont)], range) {
            return previousFont
        }
        // Emoji presentation sequences go to a colour font first.
        if !engine.colorFonts.isEmpty, isEmojiPresentation(range) {
            for index in engine.colorFonts where coversCluster(fonts[Int(index)], range) { return index }
        }
        for index in fonts.indices where coversCluster(fonts[index], range) { return UInt8(index) }
        // No font has every scalar: the first font with the base character, else .notdef of the first.
        let base = scalars[range.lowerBound]
        for index in fonts.indices where fonts[index].coverage.contains(base) { return UInt8(index) }
        return 0
    }

    /// Whether `font` has every scalar of the cluster; default-ignorable marks (ZWJ, variation
    /// selectors) after the first scalar need no glyph.
    private func coversCluster(_ font: Font, _ range: Range<Int>) -> Bool {
        for s in range {
            if font.coverage.contains(scalars[s]) { continue }
            if s != range.lowerBound && properties[s] & UnicodeProperties.defaultIgnorable != 0 { continue }
            return false
        }
        return true
    }

    /// A cluster asks for emoji presentation when a scalar has Emoji_Presentation (flags, skin
    /// tones and most pictographs do) or VS16 or the keycap mark follows, unless VS15 asks for text.
    private func isEmojiPresentation(_ range: Range<Int>) -> Bool {
        var emoji = false
        for s in range {
            let scalar = scalars[s]
            if scalar == 0xFE0E { return false }
            if scalar == 0xFE0F || scalar == 0x20E3 || properties[s] & UnicodeProperties.emojiPresentation != 0 {
                emoji = true
            }
        }
        return emoji
    }

    /// Bidi embedding levels from ICU, only when the paragraph has right-to-left characters.
    private mutating func resolveBidi(_ range: Range<Int>, firstCluster: Int, needed: Bool) {
        clusterLevel.removeAll(keepingCapacity: true)
        clusterLevel.append(contentsOf: repeatElement(0, count: clusterScalar.count))
        guard needed else { return }
        var utf16: [UInt16] = []
        var unitOfScalar: [Int32] = []
        utf16.reserveCapacity(scalars.count + 8)
        for scalar in scalars {
            unitOfScalar.append(Int32(utf16.count))
            if scalar >= 0x10000 {
                let v = scalar - 0x10000
                utf16.append(UInt16(0xD800 + (v >> 10)))
                utf16.append(UInt16(0xDC00 + (v & 0x3FF)))
            } else {
                utf16.append(UInt16(scalar))
            }
        }
        var levels = [UInt8](repeating: 0, count: utf16.count)
        let status = ctextshims_bidi_levels(utf16, Int32(utf16.count), 0xFE, &levels)
        guard status <= 0 else { return }  // ICU failed: measure left to right, widths are unchanged
        for c in clusterScalar.indices {
            clusterLevel[c] = levels[Int(unitOfScalar[Int(clusterScalar[c])])]
        }
    }

    /// Marks the clusters a line may start with, from ICU's line break iterator.
    private mutating func markBreakOpportunities(_ range: Range<Int>, firstCluster: Int) {
        let locale = style.breakLocale
        bytes.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[range])
            let base = Int32(range.lowerBound)
            var c = firstCluster + 1
            let end = clusters.count
            let mark: (OpaquePointer) -> Void = { it in
                while true {
                    let next = ctextshims_breaker_next(it)
                    if next < 0 || Int(next) >= range.count { break }
                    let offset = base + next
                    while c < end && self.clusters[c].start < offset { c += 1 }
                    if c < end && self.clusters[c].start == offset { self.clusters[c].flags |= ClusterInfo.breakBefore }
                }
            }
            do {
                try engine.breakIterators.withIterator(kind: CTEXTSHIMS_BREAK_LINE, locale: locale, text: slice, mark)
            } catch {
                // An unusable locale: break by the root rules rather than not at all.
                _ = try? engine.breakIterators.withIterator(kind: CTEXTSHIMS_BREAK_LINE, locale: "@lb=" + style.lineBreak.rawValue,
                                                            text: slice, mark)
            }
        }
    }

    /// Groups clusters into runs of one font, script and direction; attachments stand alone.
    private mutating func makeRuns(_ range: Range<Int>, firstCluster: Int) {
        var c = firstCluster
        let end = clusters.count
        while c < end {
            let info = clusters[c]
            let script = clusterScript[c - firstCluster]
            let level = clusterLevel[c - firstCluster]
            var next = c + 1
            if info.flags & ClusterInfo.attachment == 0 {
                while next < end, clusters[next].font == info.font,
                      clusterScript[next - firstCluster] == script, clusterLevel[next - firstCluster] == level {
                    next += 1
                }
            }
            let runEnd = next < end ? clusters[next].start : Int32(range.upperBound)
            var run = ShapingRun(start: info.start, end: runEnd, paragraphStart: Int32(range.lowerBound),
                                 paragraphEnd: Int32(range.upperBound), font: info.font, script: script,
                                 rightToLeft: level & 1 == 1)
            if info.font != ShapingRun.attachmentFont {
                let baselines = engine.baselineTable.baselines(engine: engine, font: info.font, script: script)
                let scale = style.fontSize / Double(engine.fontList[Int(info.font)].unitsPerEm)
                run.baselineKind = baselines.ownKind
                run.baselinePoints = (Double(baselines.positions.0) * scale, Double(baselines.positions.1) * scale,
                                      Double(baselines.positions.2) * scale)
            }
            runs.append(run)
            // One piece per break opportunity inside the run.
            let firstPiece = pieces.count
            defer { runPieces.append(firstPiece..<pieces.count) }
            var pieceStart = c
            for k in (c + 1)...next where k == next || clusters[k].flags & ClusterInfo.breakBefore != 0 {
                let pieceEnd = k < end ? clusters[k].start : Int32(range.upperBound)
                pieces.append(Piece(start: clusters[pieceStart].start, end: k == next ? runEnd : pieceEnd,
                                    run: Int32(runs.count - 1), firstCluster: Int32(pieceStart), endCluster: Int32(k),
                                    advance: 0, trailingWhiteSpace: 0, ascent: 0, descent: 0,
                                    breakBefore: clusters[pieceStart].flags & ClusterInfo.breakBefore != 0
                                        || pieceStart == firstCluster))
                pieceStart = k
            }
            c = next
        }
    }

    /// Measures the pieces of one run: from the segment cache when every piece is there,
    /// else by shaping the whole run (and caching its pieces that are safe to reuse).
    private mutating func measureRun(_ r: Int, pieces range: Range<Int>, paragraph: Range<Int>) {
        let run = runs[r]
        let first = range.lowerBound
        let last = range.upperBound

        if run.font == ShapingRun.attachmentFont {
            let attachment = text.attachment(atUTF8Offset: Int(run.start))!
            pieces[first].advance = attachment.width
            pieces[first].ascent = attachment.ascent
            pieces[first].descent = attachment.descent
            return
        }
        let font = engine.fontList[Int(run.font)]
        let scale = style.fontSize / Double(font.unitsPerEm)
        let ascent = Double(font.ascenderInFontUnits) * scale
        let descent = Double(font.descenderInFontUnits) * scale
        let pieceCount = last - first

        // 1. The cache.
        if let cache = engine.segmentCache {
            keys.removeAll(keepingCapacity: true)
            bytes.withUnsafeBufferPointer { all in
                for p in first..<last {
                    let slice = UnsafeBufferPointer(rebasing: all[Int(pieces[p].start)..<Int(pieces[p].end)])
                    keys.append(SegmentCache.Key(bytes: slice, font: run.font, script: run.script, rightToLeft: run.rightToLeft))
                }
            }
            if values.count < pieceCount { values.append(contentsOf: repeatElement(SegmentCache.Value(advance: 0, trailingWhiteSpace: 0), count: pieceCount - values.count)) }
            let hit = keys.withUnsafeBufferPointer { k in
                values.withUnsafeMutableBufferPointer { v in cache.lookUpAll(k, into: v) }
            }
            if hit {
                for i in 0..<pieceCount {
                    pieces[first + i].advance = Double(values[i].advance) * scale
                    pieces[first + i].trailingWhiteSpace = Double(values[i].trailingWhiteSpace) * scale
                    pieces[first + i].ascent = ascent
                    pieces[first + i].descent = descent
                }
                return
            }
        }

        // 2. Shape the run.
        let firstCluster = Int(pieces[first].firstCluster)
        let endCluster = Int(pieces[last - 1].endCluster)
        let clusterCount = endCluster - firstCluster
        relativeStarts.removeAll(keepingCapacity: true)
        for c in firstCluster..<endCluster { relativeStarts.append(clusters[c].start - Int32(paragraph.lowerBound)) }
        if clusterAdvances.count < clusterCount {
            clusterAdvances.append(contentsOf: repeatElement(0, count: clusterCount - clusterAdvances.count))
            clusterUnsafe.append(contentsOf: repeatElement(false, count: clusterCount - clusterUnsafe.count))
        }
        let language = engine.language(for: style.locale)
        bytes.withUnsafeBufferPointer { all in
            let paragraphBytes = UnsafeBufferPointer(rebasing: all[paragraph])
            relativeStarts.withUnsafeBufferPointer { starts in
                clusterAdvances.withUnsafeMutableBufferPointer { advances in
                    clusterUnsafe.withUnsafeMutableBufferPointer { unsafe in
                        RunShaper.shape(engine: engine, font: run.font, script: run.script, rightToLeft: run.rightToLeft,
                                        language: language, paragraph: paragraphBytes,
                                        run: Int(run.start) - paragraph.lowerBound..<Int(run.end) - paragraph.lowerBound,
                                        clusterStarts: starts, advances: advances, unsafeStart: unsafe)
                    }
                }
            }
        }
        var entries: [(SegmentCache.Key, SegmentCache.Value)] = []
        for i in 0..<pieceCount {
            let p = first + i
            var advance: Int32 = 0
            var trailing: Int32 = 0
            for c in Int(pieces[p].firstCluster)..<Int(pieces[p].endCluster) {
                let units = clusterAdvances[c - firstCluster]
                advance += units
                trailing = clusters[c].flags & ClusterInfo.whiteSpace != 0 ? trailing + units : 0
            }
            pieces[p].advance = Double(advance) * scale
            pieces[p].trailingWhiteSpace = Double(trailing) * scale
            pieces[p].ascent = ascent
            pieces[p].descent = descent
            if engine.segmentCache != nil {
                let startSafe = !clusterUnsafe[Int(pieces[p].firstCluster) - firstCluster]
                let endSafe = p + 1 == last || !clusterUnsafe[Int(pieces[p].endCluster) - firstCluster]
                if startSafe && endSafe {
                    entries.append((keys[i], SegmentCache.Value(advance: advance, trailingWhiteSpace: trailing)))
                }
            }
        }
        if let cache = engine.segmentCache, !entries.isEmpty { cache.insert(entries) }
    }
}
