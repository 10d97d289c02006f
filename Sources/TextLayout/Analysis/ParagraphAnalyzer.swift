import CTextShims
import LockSupport

/// The width-free analysis of one text: hard breaks, grapheme clusters, a font per cluster,
/// scripts, bidi levels, runs, break opportunities, the shaped advance of every piece, and the
/// words line filling works on.
///
/// Two ways to the clusters: a fused single pass for paragraphs whose characters each make a
/// cluster of their own and run left to right (most status text: CJK, Latin, punctuation,
/// single-code-point emoji), and the general path (grapheme clusters, sequences, bidi) for the
/// rest. Clusters and break opportunities are our own where our rules cover the text, ICU's
/// elsewhere; tests hold every way to ICU alone on the corpus.
struct ParagraphAnalyzer {
    let engine: TextEngine
    let text: AttributedText
    let style: TextStyle
    let bytes: [UInt8]
    /// Which ways the analysis may take (tests compare them).
    var paths = Paths.fastest

    enum Paths {
        /// The fused pass where it applies, our own clustering and line breaking where they apply.
        case fastest
        /// Never the fused pass.
        case generalPath
        /// Never the fused pass, and ICU for every grapheme cluster and break opportunity: the
        /// reference the others are tested against.
        case icuOnly
    }

    private(set) var clusters: [ClusterInfo] = []
    private(set) var runs: [ShapingRun] = []
    private(set) var pieces: [Piece] = []
    private(set) var breakPoints: [LineBreakPoint] = []
    private(set) var profileChanges: [Int32] = []
    private(set) var edgeCorrections: [EdgeCorrection] = []
    private var totalAdvance = 0.0
    private(set) var profiles: [HeightProfile] = []
    private(set) var paragraphs: [ParagraphSpan] = []

    // Scratch, lent by the engine's pool and given back at the end.
    private var scratch: AnalyzerScratch
    /// The HarfBuzz language of the style's locale, looked up once.
    private let language: LanguageBox
    /// The engine's cache and per-font numbers, taken once per text: reaching them through the
    /// shared engine for every run would retain and release shared objects, whose reference
    /// counts bounce between cores when several threads measure at once.
    private let segmentCache: SegmentCache?
    private let fontMetrics: [FontMetrics]
    /// Our own breaker's mode when it knows the rules of the style's locale (nil: ICU breaks
    /// every paragraph).
    private let ownBreakerMode: PairLineBreaker.Mode?

    init(engine: TextEngine, text: AttributedText, style: TextStyle) {
        self.engine = engine
        self.text = text
        self.style = style
        bytes = Array(text.string.utf8)
        scratch = engine.analyzerScratch.take()
        scratch.profileOfFontAndScript.removeAll(keepingCapacity: true)
        language = LanguageBox(language: engine.language(for: style.locale))
        segmentCache = engine.segmentCache
        fontMetrics = engine.fontMetrics
        // The root locale (the default) without making its ICU name, else by that name.
        ownBreakerMode = style.locale.isEmpty ? PairLineBreaker.Mode(style.lineBreak) : PairLineBreaker.Mode(locale: style.breakLocale)
        let estimate = bytes.count / 2 + 8
        clusters.reserveCapacity(estimate)
        pieces.reserveCapacity(estimate)
        breakPoints.reserveCapacity(estimate)
        runs.reserveCapacity(8)
        paragraphs.reserveCapacity(1)
    }

    mutating func run() -> PreparedText {
        // Hard breaks split the text into paragraphs first: \n, VT, FF, \r, \r\n, NEL, U+2028, U+2029.
        var spans = scratch.paragraphSpans
        spans.removeAll(keepingCapacity: true)
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            var i = 0
            let n = bytes.count
            let base = UnsafeRawPointer(bytes.baseAddress)
            while i < n {
                // Eight bytes at a time past text that holds no byte a hard break starts with (a
                // byte below 0x0E, 0xC2 or 0xE2), tested as one word (the exact "has a zero byte"
                // and "has a byte below n" tests of bit-twiddling).
                if i + 8 <= n, let base {
                    let v = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    let highs: UInt64 = 0x8080_8080_8080_8080
                    let c2 = v ^ (ones &* 0xC2)
                    let e2 = v ^ (ones &* 0xE2)
                    let special = ((v &- ones &* 0x0E) & ~v) | ((c2 &- ones) & ~c2) | ((e2 &- ones) & ~e2)
                    if special & highs == 0 {
                        i += 8
                        continue
                    }
                }
                let b = bytes[i]
                if b >= 0x0E && b < 0xC2 || b > 0xE2 {
                    i += 1
                    continue
                }
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
                    spans.append(start..<i)
                    i += breakLength
                    start = i
                } else {
                    i += 1
                }
            }
            if n > 0 { spans.append(start..<n) }
        }
        for span in spans { analyzeParagraph(span) }
        scratch.paragraphSpans = spans
        engine.analyzerScratch.give(&scratch)
        return PreparedText(engine: engine, style: style, bytes: bytes, clusters: clusters, runs: runs,
                            pieces: pieces, breakPoints: breakPoints, profileChanges: profileChanges, edgeCorrections: edgeCorrections,
                            heightProfiles: profiles, paragraphs: paragraphs, totalAdvance: totalAdvance)
    }

    // MARK: - One paragraph

    private mutating func analyzeParagraph(_ range: Range<Int>) {
        let firstPiece = pieces.count
        let firstWord = breakPoints.count
        defer {
            paragraphs.append(ParagraphSpan(start: Int32(range.lowerBound), end: Int32(range.upperBound),
                                            pieces: firstPiece..<pieces.count, words: firstWord..<breakPoints.count))
        }
        guard !range.isEmpty else { return }
        let firstCluster = clusters.count
        let fused = paths == .fastest ? analyzeSimple(range) : .notApplicable
        if fused == .notApplicable {
            let flags = decodeScalars(range)
            findClusters(range, flags: flags)
            chooseFontsAndScripts(firstCluster: firstCluster)
            resolveBidi(range, firstCluster: firstCluster, needed: flags & UnicodeProperties.rightToLeft != 0)
        }
        let breaksMarked = fused == .notApplicable ? markOwnBreakOpportunities(firstCluster: firstCluster) : fused == .clustersAndBreaks
        if !breaksMarked { markBreakOpportunities(range, firstCluster: firstCluster) }
        let firstRun = runs.count
        scratch.runPieces.removeAll(keepingCapacity: true)
        scratch.edges.removeAll(keepingCapacity: true)
        makeRuns(range, firstCluster: firstCluster, mayHaveContinuations: fused == .notApplicable)
        bytes.withUnsafeBufferPointer { all in
            for run in firstRun..<runs.count { measureRun(run, pieces: scratch.runPieces[run - firstRun], paragraph: range, all: all) }
        }
        makeWords(firstPiece..<pieces.count, runs: firstRun..<runs.count)
    }

    /// What the fused pass did with a paragraph.
    private enum FusedPass {
        /// Nothing: the paragraph needs the general path.
        case notApplicable
        /// Its clusters, fonts and scripts; ICU must find its break opportunities.
        case clustersOnly
        /// Its clusters, fonts, scripts and break opportunities (by our own breaker).
        case clustersAndBreaks
    }

    /// The fused pass for a paragraph of single-code-point, left-to-right clusters: decodes,
    /// looks properties up, picks fonts and scripts and finds break opportunities in one go.
    /// Adds nothing when the paragraph needs the general path.
    private mutating func analyzeSimple(_ range: Range<Int>) -> FusedPass {
        // At most one cluster per byte: written through a pointer into scratch, then appended
        // in one copy when the paragraph turns out simple.
        let capacity = range.count
        let clusters = UnsafeMutableBufferPointer(start: scratch.clusterBuffer.reserve(capacity), count: capacity)
        scratch.clusterScript.removeAll(keepingCapacity: true)
        scratch.clusterScript.append(contentsOf: repeatElement(0, count: capacity))
        let hasAttachments = text.hasAttachments
        let table = engine.fontTable
        let stop = UnicodeProperties.complexGrapheme | UnicodeProperties.rightToLeft
        var count = 0
        var simple = true
        // Our own line breaker runs along (ICU's rules exactly; see PairLineBreaker): it answers
        // for the code point two before the one fed, and `finish` for the last two.
        var breaker = PairLineBreaker(mode: ownBreakerMode ?? .normal)
        var ownBreaks = ownBreakerMode != nil
        bytes.withUnsafeBufferPointer { b in
            UnicodeProperties.bmp.withUnsafeBufferPointer { properties in
                do {
                    scratch.clusterScript.withUnsafeMutableBufferPointer { scripts in
                        PairLineBreaker.bmp.withUnsafeBufferPointer { lineClasses in
                            var previousFont: UInt8 = 0
                            var hasPrevious = false
                            var lastScript = UnicodeProperties.scriptCommon
                            var sawRealScript = false
                            var i = range.lowerBound
                            let end = range.upperBound
                            while i < end {
                                let (scalar, length) = Self.decodeScalar(b, at: i)
                                let bits = scalar < 0x10000 ? properties[Int(scalar)] : UnicodeProperties.of(scalar)
                                if bits & stop != 0 {
                                    simple = false
                                    return
                                }
                                var info = ClusterInfo(start: Int32(i), font: 0, flags: ClusterInfo.flags(scalar: scalar, bits: bits))
                                if scalar == 0xFFFC, hasAttachments, text.attachment(atUTF8Offset: i) != nil {
                                    info.flags |= ClusterInfo.attachment
                                    info.font = ShapingRun.attachmentFont
                                } else {
                                    info.font = table.font(for: scalar, bits: bits, previous: hasPrevious ? previousFont : nil)
                                    previousFont = info.font
                                    hasPrevious = true
                                }
                                clusters[count] = info
                                if ownBreaks {
                                    let lineClass = scalar < 0x10000 ? lineClasses[Int(scalar)] : PairLineBreaker.lineClass(scalar)
                                    if lineClass == PairLineBreaker.unsupported {
                                        ownBreaks = false
                                    } else if breaker.advance(lineClass) && count >= 3 {
                                        clusters[count - 2].flags |= ClusterInfo.breakBefore
                                    }
                                }
                                // Common and Inherited take the script before them; leading ones the first real one.
                                let script = UnicodeProperties.script(bits)
                                if script > UnicodeProperties.scriptInherited {
                                    if !sawRealScript {
                                        sawRealScript = true
                                        for k in 0..<count { scripts[k] = script }
                                    }
                                    lastScript = script
                                }
                                scripts[count] = lastScript
                                count += 1
                                i += length
                            }
                        }
                    }
                }
            }
        }
        guard simple else { return .notApplicable }
        scratch.clusterScript.removeLast(capacity - count)
        let breaksMarked = ownBreaks && !breaker.needsICU
        if breaksMarked {
            let (second, last) = breaker.finish()
            if second && count >= 3 { clusters[count - 2].flags |= ClusterInfo.breakBefore }
            if last && count >= 2 { clusters[count - 1].flags |= ClusterInfo.breakBefore }
        } else {
            // ICU decides (an unsupported character): forget what the breaker marked.
            for c in 0..<count { clusters[c].flags &= ~ClusterInfo.breakBefore }
        }
        bytes.withUnsafeBufferPointer { text in
            scratch.clusterScript.withUnsafeBufferPointer { scripts in
                table.resolveSpaceFonts(UnsafeMutableBufferPointer(rebasing: clusters[0..<count]), scripts: scripts, text: text)
            }
        }
        self.clusters.append(contentsOf: UnsafeBufferPointer(rebasing: clusters[0..<count]))
        scratch.clusterLevel.removeAll(keepingCapacity: true)
        scratch.clusterLevel.append(contentsOf: repeatElement(0, count: count))
        return breaksMarked ? .clustersAndBreaks : .clustersOnly
    }

    /// Whether HarfBuzz joins `scalar` to the cluster before it when forming clusters (its
    /// "continuation" property: marks, ZWJ, emoji modifiers, the halfwidth sound marks, tags).
    static func isShapingContinuation(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x200D, 0xFF9E...0xFF9F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
        default:
            let category = ctextshims_general_category(scalar)
            return category >= 6 && category <= 8  // Mn, Me, Mc
        }
    }

    /// The scalar starting at byte `i` of valid UTF-8 (it comes from a `String`), and its length.
    @inline(__always)
    static func decodeScalar(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let b0 = UInt32(b[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F), 3) }
        return ((b0 & 0x07) << 18 | UInt32(b[i + 1] & 0x3F) << 12 | UInt32(b[i + 2] & 0x3F) << 6 | UInt32(b[i + 3] & 0x3F), 4)
    }

    /// Decodes the paragraph's UTF-8 (valid: it comes from a `String`) into scalars with their
    /// byte offsets and properties; returns the union of the properties.
    private mutating func decodeScalars(_ range: Range<Int>) -> UInt16 {
        scratch.scalarStarts.removeAll(keepingCapacity: true)
        scratch.scalars.removeAll(keepingCapacity: true)
        scratch.properties.removeAll(keepingCapacity: true)
        var union: UInt16 = 0
        var i = range.lowerBound
        while i < range.upperBound {
            let (scalar, length) = bytes.withUnsafeBufferPointer { Self.decodeScalar($0, at: i) }
            let bits = UnicodeProperties.of(scalar)
            union |= bits
            scratch.scalarStarts.append(Int32(i))
            scratch.scalars.append(scalar)
            scratch.properties.append(bits)
            i += length
        }
        return union
    }

    /// Grapheme clusters: every scalar alone unless some scalar may join a neighbour; then our
    /// own clustering when the joining characters are only Extend, ZWJ and regional indicators
    /// (emoji sequences, combining marks), else ICU's character break iterator.
    private mutating func findClusters(_ range: Range<Int>, flags: UInt16) {
        scratch.clusterScalar.removeAll(keepingCapacity: true)
        if flags & UnicodeProperties.complexGrapheme == 0 {
            for s in scratch.scalars.indices { appendCluster(scalar: s) }
            return
        }
        if flags & UnicodeProperties.hardGrapheme == 0 && paths != .icuOnly {
            findEmojiClusters()
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
        for s in scratch.scalars.indices {
            let relative = scratch.scalarStarts[s] - Int32(range.lowerBound)
            while b < boundaries.count && boundaries[b] < relative { b += 1 }
            if s == 0 || (b < boundaries.count && boundaries[b] == relative) { appendCluster(scalar: s) }
        }
    }

    /// UAX #29 for text whose joining characters are Extend, ZWJ and regional indicators only
    /// (no controls, Hangul, SpacingMark or Prepend: `hardGrapheme` clear): a cluster goes on
    /// over Extend and ZWJ (GB9), over an Extended_Pictographic after `ExtPict Extend* ZWJ`
    /// (GB11), and pairs regional indicators (GB12, GB13); it breaks everywhere else (GB999).
    /// A test holds it to ICU's iterator.
    private mutating func findEmojiClusters() {
        let zwj: UInt32 = 0x200D
        var regionalRun = 0  // regional indicators in a row before this scalar
        var pictographBefore = false  // the text before ends in ExtPict Extend*
        var joinsPictograph = false  // ... and then a ZWJ
        for s in scratch.scalars.indices {
            let scalar = scratch.scalars[s]
            let bits = scratch.properties[s]
            let isRegional = scalar >= 0x1F1E6 && scalar <= 0x1F1FF
            let isPictograph = bits & UnicodeProperties.extendedPictographic != 0
            let isExtendOrZWJ = bits & UnicodeProperties.complexGrapheme != 0 && !isRegional
            let joins: Bool
            if s == 0 {
                joins = false
            } else if isExtendOrZWJ {
                joins = true
            } else if isRegional {
                joins = regionalRun % 2 == 1
            } else {
                joins = isPictograph && joinsPictograph
            }
            if !joins { appendCluster(scalar: s) }
            joinsPictograph = scalar == zwj && pictographBefore
            if isPictograph {
                pictographBefore = true
            } else if !isExtendOrZWJ || scalar == zwj {
                pictographBefore = false
            }
            regionalRun = isRegional ? regionalRun + 1 : 0
        }
    }

    private mutating func appendCluster(scalar s: Int) {
        scratch.clusterScalar.append(Int32(s))
        clusters.append(ClusterInfo(start: scratch.scalarStarts[s], font: 0, flags: 0))
    }

    /// A font per cluster by coverage, and a script per cluster.
    private mutating func chooseFontsAndScripts(firstCluster: Int) {
        let count = scratch.clusterScalar.count
        scratch.clusterScript.removeAll(keepingCapacity: true)
        var previousFont: UInt8? = nil
        for c in 0..<count {
            let first = Int(scratch.clusterScalar[c])
            let end = c + 1 < count ? Int(scratch.clusterScalar[c + 1]) : scratch.scalars.count
            let bits = scratch.properties[first]
            var info = clusters[firstCluster + c]
            info.flags |= ClusterInfo.flags(scalar: scratch.scalars[first], bits: bits)
            if scratch.scalars[first] == 0xFFFC, end == first + 1, text.hasAttachments,
               text.attachment(atUTF8Offset: Int(scratch.scalarStarts[first])) != nil {
                info.flags |= ClusterInfo.attachment
                info.font = ShapingRun.attachmentFont
            } else {
                info.font = chooseFont(scalars: first..<end, previousFont: previousFont)
                previousFont = info.font
            }
            clusters[firstCluster + c] = info
            scratch.clusterScript.append(UnicodeProperties.script(bits))
        }
        // Common and Inherited take the script before them; leading ones the first real script.
        var current: UInt8? = nil
        for c in 0..<count where scratch.clusterScript[c] > UnicodeProperties.scriptInherited {
            current = scratch.clusterScript[c]
            break
        }
        let fallback = current ?? UnicodeProperties.scriptCommon
        current = nil
        for c in 0..<count {
            if scratch.clusterScript[c] > UnicodeProperties.scriptInherited {
                current = scratch.clusterScript[c]
            } else {
                scratch.clusterScript[c] = current ?? fallback
            }
        }
        bytes.withUnsafeBufferPointer { text in
            scratch.clusterScript.withUnsafeBufferPointer { scripts in
                clusters.withUnsafeMutableBufferPointer { all in
                    engine.fontTable.resolveSpaceFonts(UnsafeMutableBufferPointer(rebasing: all[firstCluster..<firstCluster + count]),
                                                       scripts: scripts, text: text)
                }
            }
        }
    }

    /// The font for the scalars of one cluster: see ``TextEngine`` for the rules.
    private func chooseFont(scalars range: Range<Int>, previousFont: UInt8?) -> UInt8 {
        let fonts = engine.fontList
        let firstBits = scratch.properties[range.lowerBound]
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
        let base = scratch.scalars[range.lowerBound]
        for index in fonts.indices where fonts[index].coverage.contains(base) { return UInt8(index) }
        return 0
    }

    /// Whether `font` has every scalar of the cluster; default-ignorable marks (ZWJ, variation
    /// selectors) after the first scalar need no glyph.
    private func coversCluster(_ font: Font, _ range: Range<Int>) -> Bool {
        for s in range {
            if font.coverage.contains(scratch.scalars[s]) { continue }
            if s != range.lowerBound && scratch.properties[s] & UnicodeProperties.defaultIgnorable != 0 { continue }
            return false
        }
        return true
    }

    /// A cluster asks for a colour font explicitly when VS16 or the keycap mark follows its base,
    /// unless VS15 asks for text. Emoji_Presentation alone does not: such characters follow the
    /// fallback order, as in Pango and Chromium (the first font that has them).
    private func isEmojiPresentation(_ range: Range<Int>) -> Bool {
        var emoji = false
        for s in range {
            let scalar = scratch.scalars[s]
            if scalar == 0xFE0E { return false }
            if scalar == 0xFE0F || scalar == 0x20E3 { emoji = true }
        }
        return emoji
    }

    /// Bidi embedding levels from ICU, only when the paragraph has right-to-left characters.
    private mutating func resolveBidi(_ range: Range<Int>, firstCluster: Int, needed: Bool) {
        scratch.clusterLevel.removeAll(keepingCapacity: true)
        scratch.clusterLevel.append(contentsOf: repeatElement(0, count: scratch.clusterScalar.count))
        guard needed else { return }
        var utf16: [UInt16] = []
        var unitOfScalar: [Int32] = []
        utf16.reserveCapacity(scratch.scalars.count + 8)
        for scalar in scratch.scalars {
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
        for c in scratch.clusterScalar.indices {
            scratch.clusterLevel[c] = levels[Int(unitOfScalar[Int(scratch.clusterScalar[c])])]
        }
    }

    /// Marks the clusters a line may start with, by our own breaker over the paragraph's
    /// scalars (the general path; a cluster may break before its first scalar only). Returns
    /// false, having marked nothing, when the text needs ICU (an unsupported class, or a locale
    /// whose rules the breaker does not know), or when tests ask for ICU.
    private mutating func markOwnBreakOpportunities(firstCluster: Int) -> Bool {
        guard let mode = ownBreakerMode, paths != .icuOnly else { return false }
        scratch.scalarBreaks.removeAll(keepingCapacity: true)
        scratch.scalarBreaks.append(contentsOf: repeatElement(false, count: scratch.scalars.count))
        let supported = scratch.scalars.withUnsafeBufferPointer { scalars in
            scratch.scalarBreaks.withUnsafeMutableBufferPointer { breaks in
                PairLineBreaker.findBreaks(count: scalars.count, mode: mode, lineClass: { PairLineBreaker.lineClass(scalars[$0]) },
                                           mark: { breaks[$0] = true })
            }
        }
        guard supported else { return false }
        for c in (firstCluster + 1)..<max(clusters.count, firstCluster + 1)
        where scratch.scalarBreaks[Int(scratch.clusterScalar[c - firstCluster])] {
            clusters[c].flags |= ClusterInfo.breakBefore
        }
        return true
    }

    /// Marks the clusters a line may start with, from ICU's line break iterator.
    private mutating func markBreakOpportunities(_ range: Range<Int>, firstCluster: Int) {
        let locale = style.breakLocale
        var boundaries = scratch.boundaries
        scratch.boundaries = []
        boundaries.removeAll(keepingCapacity: true)
        bytes.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[range])
            do {
                try engine.breakIterators.appendLineBoundaries(locale: locale, text: slice, to: &boundaries)
            } catch {
                // An unusable locale: break by the root rules rather than not at all.
                boundaries.removeAll(keepingCapacity: true)
                try? engine.breakIterators.appendLineBoundaries(locale: "@lb=" + style.lineBreak.rawValue, text: slice, to: &boundaries)
            }
        }
        let base = Int32(range.lowerBound)
        var c = firstCluster + 1
        let end = clusters.count
        clusters.withUnsafeMutableBufferPointer { clusters in
            for boundary in boundaries {
                let offset = base + boundary
                while c < end && clusters[c].start < offset { c += 1 }
                if c < end && clusters[c].start == offset { clusters[c].flags |= ClusterInfo.breakBefore }
            }
        }
        scratch.boundaries = boundaries
    }

    /// Groups clusters into runs of one font, script and direction (attachments stand alone),
    /// and cuts runs into pieces at break opportunities.
    private mutating func makeRuns(_ range: Range<Int>, firstCluster: Int, mayHaveContinuations: Bool) {
        let end = clusters.count
        // At most one piece per cluster: written through a pointer into scratch, then appended.
        let firstPiece = pieces.count
        let newPieces = scratch.pieceBuffer.reserve(end - firstCluster)
        var pieceCount = firstPiece
        var c = firstCluster
        while c < end {
            let info = clusters[c]
            let script = scratch.clusterScript[c - firstCluster]
            let level = scratch.clusterLevel[c - firstCluster]
            var next = c + 1
            if info.flags & ClusterInfo.attachment == 0 {
                while next < end, clusters[next].font == info.font,
                      scratch.clusterScript[next - firstCluster] == script, scratch.clusterLevel[next - firstCluster] == level {
                    next += 1
                }
            }
            let runEnd = next < end ? clusters[next].start : Int32(range.upperBound)
            var run = ShapingRun(start: info.start, end: runEnd, paragraphStart: Int32(range.lowerBound),
                                 paragraphEnd: Int32(range.upperBound), font: info.font, script: script,
                                 rightToLeft: level & 1 == 1)
            if info.font != ShapingRun.attachmentFont {
                let baselines = engine.baselineTable.baselines(font: info.font, script: script)
                let scale = style.fontSize / fontMetrics[Int(info.font)].unitsPerEm
                run.baselineKind = baselines.ownKind
                run.baselinePoints = (Double(baselines.positions.0) * scale, Double(baselines.positions.1) * scale,
                                      Double(baselines.positions.2) * scale)
            }
            runs.append(run)
            let runIndex = Int32(runs.count - 1)
            // One piece per break opportunity inside the run.
            let runFirstPiece = pieceCount
            clusters.withUnsafeBufferPointer { clusters in
                do {
                    var pieceStart = c
                    var k = c + 1
                    while k <= next {
                        if k == next || clusters[k].flags & ClusterInfo.breakBefore != 0 {
                            newPieces[pieceCount - firstPiece] = Piece(start: clusters[pieceStart].start, end: k == next ? runEnd : clusters[k].start,
                                                       run: runIndex, firstCluster: Int32(pieceStart), endCluster: Int32(k),
                                                       advance: 0, trailingWhiteSpace: 0, ascent: 0, descent: 0,
                                                       breakBefore: clusters[pieceStart].flags & ClusterInfo.breakBefore != 0
                                                           || pieceStart == firstCluster)
                            pieceCount += 1
                            pieceStart = k
                        }
                        k += 1
                    }
                }
            }
            if mayHaveContinuations {
                // A piece that begins with a continuation, and the piece before it in the run,
                // are shaped every time (see ``Piece/neverCached``).
                bytes.withUnsafeBufferPointer { all in
                    for p in runFirstPiece..<pieceCount {
                        let index = p - firstPiece
                        let lead = all[Int(newPieces[index].start)]
                        guard lead >= 0xCC else { continue }  // below U+0300: never a continuation
                        if Self.isShapingContinuation(Self.decodeScalar(all, at: Int(newPieces[index].start)).0) {
                            newPieces[index].neverCached = true
                            if p > runFirstPiece { newPieces[index - 1].neverCached = true }
                        }
                    }
                }
            }
            scratch.runPieces.append(runFirstPiece..<pieceCount)
            c = next
        }
        pieces.append(contentsOf: UnsafeBufferPointer(start: newPieces, count: pieceCount - firstPiece))
    }

    /// Measures the pieces of one run: from the segment cache when every piece is there,
    /// else by shaping the whole run (and caching its pieces that are safe to reuse).
    private mutating func measureRun(_ r: Int, pieces range: Range<Int>, paragraph: Range<Int>, all: UnsafeBufferPointer<UInt8>) {
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
        let font = fontMetrics[Int(run.font)]
        let scale = style.fontSize / font.unitsPerEm
        let ascent = font.ascender * scale
        let descent = font.descender * scale
        let pieceCount = last - first
        // Scratch arrays only grow: their first `pieceCount` elements are this run's.
        if scratch.keys.count < pieceCount {
            scratch.keys.append(contentsOf: repeatElement(SegmentCache.Key.placeholder, count: pieceCount - scratch.keys.count))
        }
        if scratch.values.count < pieceCount {
            scratch.values.append(contentsOf: repeatElement(SegmentCache.Value(advance: 0, trailingWhiteSpace: 0), count: pieceCount - scratch.values.count))
        }

        // 1. The cache. A few missing pieces are shaped alone (with the text around them as
        // context) when HarfBuzz says their edges are safe; more, or unsafe edges, shape the run.
        var cacheUsable = segmentCache != nil
        for p in first..<last where pieces[p].neverCached {
            cacheUsable = false
            break
        }
        if cacheUsable, let cache = segmentCache {
            let base = all.baseAddress!
            pieces.withUnsafeBufferPointer { pieces in
                clusters.withUnsafeBufferPointer { clusters in
                    scratch.keys.withUnsafeMutableBufferPointer { keys in
                        for p in first..<last {
                            let start = Int(pieces[p].start)
                            let length = Int(pieces[p].end) - start
                            let beginsParagraph = start == paragraph.lowerBound
                            let endsParagraph = Int(pieces[p].end) == paragraph.upperBound
                            let beginsRun = p == first
                            let endsRun = p + 1 == last
                            let lead = base[start]
                            let scalarLength = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                            if length == scalarLength && !beginsParagraph && !endsParagraph && !beginsRun && !endsRun {
                                // One code point inside the run (most CJK pieces): the compact table.
                                let scalar = Self.decodeScalar(all, at: start).0
                                let whiteSpace = clusters[Int(pieces[p].firstCluster)].flags & ClusterInfo.whiteSpace != 0
                                keys[p - first] = .single(scalar: scalar, font: run.font, script: run.script,
                                                          rightToLeft: run.rightToLeft, whiteSpace: whiteSpace)
                            } else {
                                keys[p - first] = SegmentCache.Key(bytes: UnsafeBufferPointer(start: base + start, count: length),
                                                                   font: run.font, script: run.script, rightToLeft: run.rightToLeft,
                                                                   beginsParagraph: beginsParagraph, endsParagraph: endsParagraph,
                                                                   beginsRun: beginsRun, endsRun: endsRun)
                            }
                        }
                    }
                }
            }
            if scratch.found.count < pieceCount { scratch.found.append(contentsOf: repeatElement(false, count: pieceCount - scratch.found.count)) }
            let partialLimit = pieceCount >= 8 ? 3 : 0
            let missing = scratch.keys.withUnsafeBufferPointer { k in
                scratch.values.withUnsafeMutableBufferPointer { v in
                    scratch.found.withUnsafeMutableBufferPointer { f in
                        cache.lookUp(UnsafeBufferPointer(rebasing: k[0..<pieceCount]), into: v, found: f, giveUpAfter: partialLimit)
                    }
                }
            }
            if missing == 0 || (missing <= partialLimit && shapeMissingPieces(r, pieces: range, paragraph: paragraph, all: all)) {
                pieces.withUnsafeMutableBufferPointer { pieces in
                    scratch.values.withUnsafeBufferPointer { values in
                        for i in 0..<pieceCount {
                            pieces[first + i].advance = Double(values[i].advance) * scale
                            pieces[first + i].trailingWhiteSpace = Double(values[i].trailingWhiteSpace) * scale
                            pieces[first + i].ascent = ascent
                            pieces[first + i].descent = descent
                        }
                    }
                }
                return
            }
        }

        // 2. Shape the run.
        let firstCluster = Int(pieces[first].firstCluster)
        shapeClusters(of: run, clusters: firstCluster..<Int(pieces[last - 1].endCluster),
                      bytes: Int(run.start)..<Int(run.end), paragraph: paragraph, all: all)
        scratch.include.removeAll(keepingCapacity: true)
        scratch.include.append(contentsOf: repeatElement(false, count: pieceCount))
        clusters.withUnsafeBufferPointer { clusters in
            pieces.withUnsafeMutableBufferPointer { pieces in
                scratch.clusterAdvances.withUnsafeBufferPointer { clusterAdvances in
                    scratch.clusterFlags.withUnsafeBufferPointer { clusterFlags in
                        scratch.values.withUnsafeMutableBufferPointer { values in
                            scratch.include.withUnsafeMutableBufferPointer { include in
                                for i in 0..<pieceCount {
                                    let p = first + i
                                    // 64-bit sums: a "word" of megabytes with no break opportunity passes 2³¹ units.
                                    var advance = 0
                                    var trailing = 0
                                    for c in Int(pieces[p].firstCluster)..<Int(pieces[p].endCluster) {
                                        let units = Int(clusterAdvances[c - firstCluster])
                                        advance += units
                                        trailing = clusters[c].flags & ClusterInfo.whiteSpace != 0 ? trailing + units : 0
                                    }
                                    pieces[p].advance = Double(advance) * scale
                                    pieces[p].trailingWhiteSpace = Double(trailing) * scale
                                    pieces[p].ascent = ascent
                                    pieces[p].descent = descent
                                    let fits = advance <= Int(Int32.max) && advance >= Int(Int32.min)
                                        && trailing <= Int(Int32.max) && trailing >= Int(Int32.min)
                                    values[i] = fits ? SegmentCache.Value(advance: Int32(advance), trailingWhiteSpace: Int32(trailing))
                                                     : SegmentCache.Value(advance: 0, trailingWhiteSpace: 0)
                                    include[i] = fits && !pieces[p].neverCached  // pieces too wide for the cache are not kept
                                        && clusterFlags[Int(pieces[p].firstCluster) - firstCluster] & RunShaper.unsafeToConcat == 0
                                        && (p + 1 == last || clusterFlags[Int(pieces[p].endCluster) - firstCluster] & RunShaper.unsafeToConcat == 0)
                                    for c in Int(pieces[p].firstCluster)..<Int(pieces[p].endCluster)
                                    where clusterFlags[c - firstCluster] & RunShaper.neverCache != 0 {
                                        include[i] = false
                                        break
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        measureLineEdges(r, pieces: range, paragraph: paragraph, all: all, scale: scale)
        if cacheUsable, let cache = segmentCache {  // (keys are made only for a usable run)
            scratch.keys.withUnsafeBufferPointer { k in
                scratch.values.withUnsafeBufferPointer { v in
                    scratch.include.withUnsafeBufferPointer { inc in
                        cache.insert(UnsafeBufferPointer(rebasing: k[0..<pieceCount]), UnsafeBufferPointer(rebasing: v[0..<pieceCount]),
                                     where: UnsafeBufferPointer(rebasing: inc[0..<pieceCount]))
                    }
                }
            }
        }
    }

    /// Finds the break opportunities inside run `r` (just shaped: its clusters' advances and
    /// flags in scratch) where HarfBuzz says the text may not be cut without shaping again, and
    /// measures what a line edge there changes (``EdgeCorrection``): the text from the nearest
    /// cluster before the edge that is safe to concatenate, shaped alone, against its advance
    /// in context; the same after the edge. A run served from the cache has no such edge (its
    /// pieces were stored only with edges safe to concatenate, which unsafe-to-break implies).
    private mutating func measureLineEdges(_ r: Int, pieces range: Range<Int>, paragraph: Range<Int>,
                                           all: UnsafeBufferPointer<UInt8>, scale: Double) {
        let firstCluster = Int(pieces[range.lowerBound].firstCluster)
        let endCluster = Int(pieces[range.upperBound - 1].endCluster)
        for p in (range.lowerBound + 1)..<range.upperBound where pieces[p].breakBefore {
            let edge = Int(pieces[p].firstCluster) - firstCluster
            guard scratch.clusterFlags[edge] & RunShaper.unsafeToBreak != 0 else { continue }
            var before = edge - 1
            while before > 0 && scratch.clusterFlags[before] & RunShaper.unsafeToConcat != 0 { before -= 1 }
            var after = edge + 1
            while after < endCluster - firstCluster && scratch.clusterFlags[after] & RunShaper.unsafeToConcat != 0 { after += 1 }
            var inContextBefore = 0
            for c in before..<edge { inContextBefore += Int(scratch.clusterAdvances[c]) }
            var inContextAfter = 0
            for c in edge..<after { inContextAfter += Int(scratch.clusterAdvances[c]) }
            let aloneBefore = shapeAlone(runs[r], clusters: (firstCluster + before)..<(firstCluster + edge), paragraph: paragraph, all: all)
            let aloneAfter = shapeAlone(runs[r], clusters: (firstCluster + edge)..<(firstCluster + after), paragraph: paragraph, all: all)
            scratch.edges.append(PendingEdge(start: pieces[p].start, lineEnd: Double(aloneBefore - inContextBefore) * scale,
                                             lineStart: Double(aloneAfter - inContextAfter) * scale))
        }
    }

    /// The advance in font units of clusters `range` of `run` shaped by themselves (the
    /// paragraph as context), in scratch of their own.
    private mutating func shapeAlone(_ run: ShapingRun, clusters range: Range<Int>, paragraph: Range<Int>,
                                     all: UnsafeBufferPointer<UInt8>) -> Int {
        let count = range.count
        let end = range.upperBound < clusters.count && clusters[range.upperBound].start < run.end ? Int(clusters[range.upperBound].start) : Int(run.end)
        scratch.edgeStarts.removeAll(keepingCapacity: true)
        for c in range { scratch.edgeStarts.append(clusters[c].start - Int32(paragraph.lowerBound)) }
        scratch.edgeAdvances.removeAll(keepingCapacity: true)
        scratch.edgeAdvances.append(contentsOf: repeatElement(0, count: count))
        scratch.edgeFlags.removeAll(keepingCapacity: true)
        scratch.edgeFlags.append(contentsOf: repeatElement(0, count: count))
        let bytes = Int(clusters[range.lowerBound].start) - paragraph.lowerBound..<end - paragraph.lowerBound
        let font = fontMetrics[Int(run.font)].hbFont
        let language = self.language.language
        scratch.edgeStarts.withUnsafeBufferPointer { starts in
            scratch.edgeAdvances.withUnsafeMutableBufferPointer { advances in
                scratch.edgeFlags.withUnsafeMutableBufferPointer { flags in
                    RunShaper.shape(font: font, script: run.script, rightToLeft: run.rightToLeft, language: language,
                                    paragraph: UnsafeBufferPointer(rebasing: all[paragraph]), run: bytes,
                                    clusterStarts: starts, advances: advances, clusterFlags: flags)
                }
            }
        }
        var sum = 0
        for a in scratch.edgeAdvances { sum += Int(a) }
        return sum
    }

    /// Shapes each piece of run `r` that the cache lacked in a window of it and the piece after
    /// (the paragraph as context), and takes its advance when HarfBuzz marks both of its edges
    /// safe to concatenate: then the run's advances are exactly those of shaping it whole (the
    /// other pieces were stored only when safe too). Returns false, storing nothing, when an edge
    /// is unsafe: the caller shapes the run.
    private mutating func shapeMissingPieces(_ r: Int, pieces range: Range<Int>, paragraph: Range<Int>,
                                             all: UnsafeBufferPointer<UInt8>) -> Bool {
        let run = runs[r]
        let first = range.lowerBound
        let last = range.upperBound
        scratch.include.removeAll(keepingCapacity: true)
        scratch.include.append(contentsOf: repeatElement(false, count: last - first))
        for i in 0..<(last - first) where !scratch.found[i] {
            let p = first + i
            let windowEnd = min(p + 2, last)  // the piece and the one after it
            let firstCluster = Int(pieces[p].firstCluster)
            let endCluster = Int(pieces[windowEnd - 1].endCluster)
            let windowBytes = Int(pieces[p].start)..<(windowEnd == last ? Int(run.end) : Int(pieces[windowEnd - 1].end))
            shapeClusters(of: run, clusters: firstCluster..<endCluster, bytes: windowBytes, paragraph: paragraph, all: all)
            let pieceClusters = Int(pieces[p].endCluster) - firstCluster
            if scratch.clusterFlags[0] & RunShaper.unsafeToConcat != 0 { return false }
            if windowEnd > p + 1 && scratch.clusterFlags[pieceClusters] & RunShaper.unsafeToConcat != 0 { return false }
            var advance = 0
            var trailing = 0
            for c in 0..<pieceClusters {
                if scratch.clusterFlags[c] & RunShaper.neverCache != 0 { return false }
                let units = Int(scratch.clusterAdvances[c])
                advance += units
                trailing = clusters[firstCluster + c].flags & ClusterInfo.whiteSpace != 0 ? trailing + units : 0
            }
            guard let advance32 = Int32(exactly: advance), let trailing32 = Int32(exactly: trailing) else { return false }
            scratch.values[i] = SegmentCache.Value(advance: advance32, trailingWhiteSpace: trailing32)
            scratch.include[i] = true
        }
        if let cache = segmentCache {
            scratch.keys.withUnsafeBufferPointer { k in
                scratch.values.withUnsafeBufferPointer { v in
                    scratch.include.withUnsafeBufferPointer { inc in
                        let count = last - first
                        cache.insert(UnsafeBufferPointer(rebasing: k[0..<count]), UnsafeBufferPointer(rebasing: v[0..<count]),
                                     where: UnsafeBufferPointer(rebasing: inc[0..<count]))
                    }
                }
            }
        }
        return true
    }

    /// Shapes `bytes` of `run` (text offsets; the paragraph is the context) and leaves in
    /// `scratch.clusterAdvances[0..<n]` and `scratch.clusterFlags[0..<n]` the advance of each of
    /// `clusters` in font units and whether HarfBuzz marks its start unsafe to concatenate.
    private mutating func shapeClusters(of run: ShapingRun, clusters range: Range<Int>, bytes: Range<Int>,
                                        paragraph: Range<Int>, all: UnsafeBufferPointer<UInt8>) {
        let count = range.count
        if scratch.relativeStarts.count < count {
            scratch.relativeStarts.append(contentsOf: repeatElement(0, count: count - scratch.relativeStarts.count))
        }
        let paragraphStart = Int32(paragraph.lowerBound)
        clusters.withUnsafeBufferPointer { clusters in
            scratch.relativeStarts.withUnsafeMutableBufferPointer { starts in
                for c in range { starts[c - range.lowerBound] = clusters[c].start - paragraphStart }
            }
        }
        if scratch.clusterAdvances.count < count {
            scratch.clusterAdvances.append(contentsOf: repeatElement(0, count: count - scratch.clusterAdvances.count))
            scratch.clusterFlags.append(contentsOf: repeatElement(0, count: count - scratch.clusterFlags.count))
        }
        let language = self.language
        let paragraphBytes = UnsafeBufferPointer(rebasing: all[paragraph])
        let relative = bytes.lowerBound - paragraph.lowerBound..<bytes.upperBound - paragraph.lowerBound
        scratch.relativeStarts.withUnsafeBufferPointer { starts in
            scratch.clusterAdvances.withUnsafeMutableBufferPointer { advances in
                scratch.clusterFlags.withUnsafeMutableBufferPointer { flags in
                    RunShaper.shape(font: fontMetrics[Int(run.font)].hbFont, script: run.script, rightToLeft: run.rightToLeft,
                                    language: language.language, paragraph: paragraphBytes, run: relative,
                                    clusterStarts: UnsafeBufferPointer(rebasing: starts[0..<count]),
                                    advances: UnsafeMutableBufferPointer(rebasing: advances[0..<count]),
                                    clusterFlags: UnsafeMutableBufferPointer(rebasing: flags[0..<count]))
                }
            }
        }
    }

    /// The height profile of one run alone, interned. A text run's depends only on its font
    /// and script: remembered for the text (`scratch.profileOfFontAndScript`).
    private mutating func runProfile(_ r: Int, piece: Piece) -> UInt16 {
        let run = runs[r]
        let memoKey = UInt16(run.font) << 8 | UInt16(run.script)
        if run.font != ShapingRun.attachmentFont {
            for (key, index) in scratch.profileOfFontAndScript where key == memoKey { return index }
        }
        let index = makeRunProfile(run, piece: piece)
        if run.font != ShapingRun.attachmentFont { scratch.profileOfFontAndScript.append((memoKey, index)) }
        return index
    }

    private mutating func makeRunProfile(_ run: ShapingRun, piece: Piece) -> UInt16 {
        var profile = HeightProfile()
        profile.kind = run.baselineKind
        profile.firstBaselines = run.baselinePoints
        if run.font == ShapingRun.attachmentFont {
            profile.attachmentAscent = piece.ascent
            profile.attachmentDescent = piece.descent
        } else {
            let b = run.baselinePoints
            profile.ascents = (piece.ascent - b.0, piece.ascent - b.1, piece.ascent - b.2)
            profile.descents = (piece.descent + b.0, piece.descent + b.1, piece.descent + b.2)
        }
        return intern(profile)
    }

    /// The index of `profile` among the text's profiles (added when new).
    private mutating func intern(_ profile: HeightProfile) -> UInt16 {
        for i in profiles.indices.reversed() where profiles[i] == profile { return UInt16(i) }
        guard profiles.count < Int(UInt16.max) else { return 0 }  // 65,535 kinds of height: not real text
        profiles.append(profile)
        return UInt16(profiles.count - 1)
    }

    /// Groups the paragraph's pieces into words (from one break opportunity to the next) and
    /// writes what line filling needs of each (``LineBreakPoint``), so that a new width is
    /// arithmetic, and the words where the height profile changes.
    private mutating func makeWords(_ range: Range<Int>, runs runRange: Range<Int>) {
        guard !range.isEmpty else { return }
        // One profile per run: most words lie in one run and take it as it is.
        scratch.runProfiles.removeAll(keepingCapacity: true)
        var p = range.lowerBound
        for r in runRange {
            while p < range.upperBound && Int(pieces[p].run) < r { p += 1 }
            scratch.runProfiles.append(runProfile(r, piece: pieces[p]))
        }
        let firstRun = runRange.lowerBound
        let firstWord = breakPoints.count
        var merged: [Int] = []
        var position = 0.0
        // At most one word per piece: written through a pointer into scratch, then appended.
        let newPoints = scratch.breakPointBuffer.reserve(range.count)
        var wordCount = 0
        var total = 0.0
        pieces.withUnsafeBufferPointer { pieces in
            scratch.runProfiles.withUnsafeBufferPointer { runProfiles in
                var p = range.lowerBound
                let end = range.upperBound
                while p < end {
                    var q = p + 1
                    var advance = pieces[p].advance
                    var singleRun = true
                    let run = pieces[p].run
                    while q < end && !pieces[q].breakBefore {
                        advance += pieces[q].advance
                        if pieces[q].run != run { singleRun = false }
                        q += 1
                    }
                    var trailing = 0.0
                    var t = q - 1
                    while t >= p {
                        trailing += pieces[t].trailingWhiteSpace
                        if pieces[t].trailingWhiteSpace < pieces[t].advance { break }
                        t -= 1
                    }
                    let visibleEnd = position + (advance - trailing)
                    position = visibleEnd + trailing
                    total += advance
                    newPoints[wordCount] = LineBreakPoint(visibleEnd: visibleEnd, nextStart: position, end: pieces[q - 1].end,
                                                          profile: runProfiles[Int(run) - firstRun])
                    if !singleRun { merged.append(firstWord + wordCount) }
                    wordCount += 1
                    p = q
                }
            }
        }
        totalAdvance += total
        // Line edges that need shaping again: each lies after the word that ends there. A word
        // ending in white space hangs it past the edge, so only the line start changes there.
        var e = 0
        if !scratch.edges.isEmpty {
            for k in 0..<wordCount where e < scratch.edges.count {
                while e < scratch.edges.count && scratch.edges[e].start < newPoints[k].end { e += 1 }
                guard e < scratch.edges.count, scratch.edges[e].start == newPoints[k].end else { continue }
                let edge = scratch.edges[e]
                let hangs = newPoints[k].nextStart > newPoints[k].visibleEnd
                newPoints[k].hasEdgeCorrection = true
                edgeCorrections.append(EdgeCorrection(word: Int32(firstWord + k), lineEnd: hangs ? 0 : edge.lineEnd,
                                                      lineStart: edge.lineStart))
            }
        }
        breakPoints.append(contentsOf: UnsafeBufferPointer(start: newPoints, count: wordCount))
        // Words across runs ("XP，"): the first run's baseline, every run's extents.
        var piece = range.lowerBound
        for w in merged {
            let wordStart = w == firstWord ? Int32(range.lowerBound) : breakPoints[w - 1].end
            while pieces[piece].start < wordStart { piece += 1 }
            var profile = profiles[Int(breakPoints[w].profile)]
            var k = piece + 1
            while k < range.upperBound && !pieces[k].breakBefore {
                let other = profiles[Int(scratch.runProfiles[Int(pieces[k].run) - firstRun])]
                profile.ascents = (max(profile.ascents.0, other.ascents.0), max(profile.ascents.1, other.ascents.1),
                                   max(profile.ascents.2, other.ascents.2))
                profile.descents = (max(profile.descents.0, other.descents.0), max(profile.descents.1, other.descents.1),
                                    max(profile.descents.2, other.descents.2))
                profile.attachmentAscent = max(profile.attachmentAscent, other.attachmentAscent)
                profile.attachmentDescent = max(profile.attachmentDescent, other.attachmentDescent)
                k += 1
            }
            breakPoints[w].profile = intern(profile)
        }
        if profiles.count > 1 {  // with one profile in the text, nothing changes
            breakPoints.withUnsafeBufferPointer { points in
                for w in (firstWord + 1)..<points.count where points[w].profile != points[w - 1].profile {
                    profileChanges.append(Int32(w))
                }
            }
        }
    }
}

/// Memory a pass writes its results into through a pointer, to append them to the analysis's
/// arrays in one copy: appending element by element checks the array's uniqueness and capacity
/// each time, and filling placeholders first costs as much as the pass.
final class ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init() {
        capacity = 256
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Room for at least `count` elements (what was written is not kept).
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            base.deallocate()
            capacity = max(count, capacity * 2)
            base = .allocate(capacity: capacity)
        }
        return base
    }
}

/// The analyzer's scratch arrays, kept between calls so that a warm engine allocates little.
struct AnalyzerScratch {
    var scalarStarts: [Int32] = []
    var scalars: [UInt32] = []
    var properties: [UInt16] = []
    var clusterScalar: [Int32] = []  // first scalar of each cluster of the paragraph
    var clusterScript: [UInt8] = []
    var clusterLevel: [UInt8] = []
    var boundaries: [Int32] = []
    var keys: [SegmentCache.Key] = []
    var values: [SegmentCache.Value] = []
    var include: [Bool] = []
    var found: [Bool] = []
    var scalarBreaks: [Bool] = []
    var paragraphSpans: [Range<Int>] = []
    /// The height profile of each (font << 8 | script) met so far in the text being analysed.
    var profileOfFontAndScript: [(UInt16, UInt16)] = []
    let clusterBuffer = ScratchBuffer<ClusterInfo>()
    let pieceBuffer = ScratchBuffer<Piece>()
    let breakPointBuffer = ScratchBuffer<LineBreakPoint>()
    var clusterAdvances: [Int32] = []
    var clusterFlags: [UInt8] = []
    var relativeStarts: [Int32] = []
    var runPieces: [Range<Int>] = []
    var runProfiles: [UInt16] = []
    /// The line edges of the paragraph being analysed that need shaping again (in text order).
    var edges: [PendingEdge] = []
    var edgeStarts: [Int32] = []
    var edgeAdvances: [Int32] = []
    var edgeFlags: [UInt8] = []
}

/// A line edge found while measuring runs, before words are made (see ``EdgeCorrection``).
struct PendingEdge {
    /// The byte where the text after the edge starts.
    var start: Int32
    var lineEnd: Double
    var lineStart: Double
}

/// Scratch lent to one analysis at a time: this thread's own (see ``ThreadScratch``).
final class AnalyzerScratchPool: Sendable {
    func take() -> AnalyzerScratch { ThreadScratch.takeAnalyzerScratch() }
    func give(_ scratch: inout AnalyzerScratch) { ThreadScratch.giveAnalyzerScratch(&scratch) }
}
