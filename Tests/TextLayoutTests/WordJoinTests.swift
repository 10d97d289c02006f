import CHarfBuzz
import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// ``WordJoin``: where two Thai or Lao words meet, shaping them apart and adding the kerning
/// pair between them is what HarfBuzz gives them together, held to HarfBuzz itself.
@Suite("Word joins")
struct WordJoinTests {
    /// HarfBuzz's glyphs and total advance of `text` in `font`, shaped as the engine shapes a
    /// left-to-right run (no context, no language).
    static func shape(_ text: String, font: Font, script: String) -> (
        glyphs: [UInt32], advance: Int, clusters: [UInt32]
    ) {
        let shaped = shape(text, font: font, scriptTag: tag(script))
        return (shaped.glyphs, shaped.advances.reduce(0, +), shaped.clusters)
    }

    /// HarfBuzz's glyphs, their advances and clusters of `text` in `font`, shaped as the engine
    /// shapes a left-to-right run (or right-to-left) of the script with ISO 15924 tag
    /// `scriptTag` (no context, no language), in the text's order.
    static func shape(_ text: String, font: Font, scriptTag: UInt32, rightToLeft: Bool = false) -> (
        glyphs: [UInt32], advances: [Int], clusters: [UInt32]
    ) {
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, -1, 0, -1)
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(scriptTag))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let order = rightToLeft ? Array((0..<Int(count)).reversed()) : Array(0..<Int(count))
        return (
            order.map { infos[$0].codepoint }, order.map { Int(positions[$0].x_advance) },
            order.map { infos[$0].cluster }
        )
    }

    /// The ISO 15924 tag of `script` ("Thai", "Lao", "Khmer").
    static func tag(_ script: String) -> UInt32 {
        Font.tag(script == "Thai" ? "Thai" : script == "Lao" ? "Laoo" : "Khmr")
    }

    /// The words of `texts` as the engine cuts them (its break opportunities).
    static func words(_ texts: [String]) -> [String] {
        let engine = TextEngine(fonts: Fixtures.fonts)
        var words: [String] = []
        for text in texts {
            let scalars = Array(text.unicodeScalars)
            var start = 0
            for end in engine.prepare(text, style: TextStyle()).breakOpportunities + [scalars.count] {
                let word = String(String.UnicodeScalarView(scalars[start..<end]))
                if !word.isEmpty { words.append(word) }
                start = end
            }
        }
        return words
    }

    /// The grapheme clusters of `texts` as `engine` cuts them, those whose every code point
    /// `keep` takes, in order.
    static func clusters(of texts: [String], engine: TextEngine, keeping keep: (UInt32) -> Bool) -> [String] {
        var clusters: [String] = []
        for text in texts {
            let bytes = Array(text.utf8)
            for range in engine.prepare(text, style: TextStyle()).graphemeClusterRanges {
                let cluster = String(decoding: bytes[range], as: UTF8.self)
                if cluster.unicodeScalars.allSatisfy({ keep($0.value) }) { clusters.append(cluster) }
            }
        }
        return clusters
    }

    /// Expects each of `texts` to measure, and break at each of `widths`, with the per-script
    /// fonts as an engine without a segment cache does, in one cached engine, in turn.
    static func expectSameAsUncached(_ texts: [String], widths: [Double]) {
        let cached = TextEngine(fonts: Fixtures.scriptsFonts)
        let uncached = TextEngine(fonts: Fixtures.scriptsFonts, segmentCacheCapacity: 0)
        for text in texts {
            let a = cached.prepare(text)
            let b = uncached.prepare(text)
            #expect(a.textRuns.map(\.advance) == b.textRuns.map(\.advance), "\(text)")
            for width in widths {
                #expect(a.layout(width: width) == b.layout(width: width), "\(text) at \(width)")
            }
        }
    }

    /// Checks `pairs` random word pairs of `words` in `font`: where the second word's first
    /// glyph is not blocked and the first has a glyph the kerning sees, together measures
    /// apart plus the kern. Returns how many pairs were joinable, how many kerned, and how
    /// many were not joined after the first (a rule needs the second's first glyph after it)
    /// and do measure otherwise together.
    static func check(
        font: Font, script: String, words: [String], pairs: Int
    ) -> (joinable: Int, kerned: Int, reaching: Int) {
        // (The reading itself: the engine joins Thai and Lao words only.)
        guard let table = WordJoin.table(for: font.hbFont, scriptTag: tag(script)) else {
            Issue.record("\(font.familyName) has no join table for \(script)")
            return (0, 0, 0)
        }
        var generator = SplitMix(seed: 0x7A1)
        var joinable = 0
        var kerned = 0
        var reaching = 0
        for _ in 0..<pairs {
            let a = words[generator.below(words.count)]
            let b = words[generator.below(words.count)]
            let first = shape(a, font: font, script: script)
            let second = shape(b, font: font, script: script)
            // The glyphs of the first word but those of default ignorables at its end (which
            // every rule skips).
            var visible = a.utf8.count
            var lastScalar: UInt32 = 0
            for scalar in a.unicodeScalars.reversed() {
                lastScalar = scalar.value
                guard scalar.value.isDefaultIgnorable else { break }
                visible -= String(scalar).utf8.count
            }
            let visibleGlyphs = zip(first.glyphs, first.clusters).filter { $0.1 < visible }.map(\.0)
            guard let y = second.glyphs.first, !table.isBlocked(y),
                let x = visibleGlyphs.last(where: { !table.skipped.contains($0) }), let absolute = visibleGlyphs.last,
                !WordJoin.syllableContinues(after: lastScalar), !b.unicodeScalars.first!.value.isDefaultIgnorable,
                // A word beginning with a mark is never cached (HarfBuzz puts it on a dotted
                // circle alone).
                !RunMeasurer.isShapingContinuation(b.unicodeScalars.first!.value),
                let kept = table.lastGlyph(absolute, endsInIgnorable: visible < a.utf8.count)
            else { continue }
            let together = shape(a + b, font: font, script: script).advance
            // The first glyph as the engine keeps it: marked when the second is none a rule
            // reaching the first needs next.
            guard !table.isBlocked(table.firstGlyph(y, second: second.glyphs.dropFirst().first), after: kept) else {
                if together != first.advance + second.advance { reaching += 1 }
                continue
            }
            joinable += 1
            let kern = Int(table.kern(x, y))
            if kern != 0 { kerned += 1 }
            #expect(
                together == first.advance + second.advance + kern,
                "\(a) + \(b): \(together) together, \(first.advance) + \(second.advance) + \(kern) apart")
        }
        return (joinable, kerned, reaching)
    }

    @Test(
        "Noto Sans Thai: two words of the Thai corpus measure apart, plus the kerning pair, what HarfBuzz gives them together"
    )
    func thaiWords() throws {
        let font = try Font(path: Fixtures.notoCoreDirectory + "/NotoSansThai-Regular.ttf")
        let words = Self.words(Array(Fixtures.scriptCorpus("thai").prefix(600)))
        let (joinable, kerned, _) = Self.check(font: font, script: "Thai", words: words, pairs: 20_000)
        // Nearly every word start is joinable (18,849 of 20,000 pairs): HarfBuzz's flag marks
        // most of them, from pairs that failed to match. No two corpus words kern where they meet.
        #expect(joinable > 15_000, "\(joinable) joinable, \(kerned) kerned")
    }

    @Test(
        "Noto Sans Thai and Lao: two grapheme clusters (of the Thai corpus, or random letters and marks) measure apart, plus the kerning pair, what HarfBuzz gives them together"
    )
    func thaiClusters() throws {
        // The engine measures a Thai or Lao word the cache lacks from its clusters where they
        // join as words do: they must.
        var generator = SplitMix(seed: 0xC105)
        for (file, script, corpus, low, high) in [
            ("NotoSansThai-Regular.ttf", "Thai", Array(Fixtures.scriptCorpus("thai").prefix(800)), 0x0E01, 0x0E5B),
            ("NotoSansLao-Regular.ttf", "Lao", [], 0x0E81, 0x0EDF),
        ] {
            let font = try Font(path: Fixtures.notoCoreDirectory + "/" + file)
            let engine = TextEngine(fonts: try FontStack(files: [Fixtures.notoCoreDirectory + "/" + file]))
            // Random clusters: a letter and up to three marks or signs, as the engine cuts them.
            let random = (0..<3_000).map { _ in
                String(
                    String.UnicodeScalarView(
                        (0..<(1 + generator.below(4))).compactMap { _ in
                            Unicode.Scalar(UInt32(low + generator.below(high - low + 1)))
                        }))
            }
            let clusters = Set(Self.clusters(of: corpus + random, engine: engine, keeping: { _ in true }))
            let (joinable, kerned, _) = Self.check(
                font: font, script: script, words: clusters.sorted(), pairs: 30_000)
            #expect(joinable > 10_000, "\(file): \(joinable) joinable, \(kerned) kerned")
            if script == "Thai" { #expect(kerned > 100, "\(kerned) kerned") }
        }
    }

    @Test(
        "new Thai words made of corpus clusters, among spaces, zero-width spaces, SARA AM, digits, Latin and marks after spaces: measured from their clusters, they measure and break as uncached"
    )
    func newThaiWordsFromClusters() throws {
        let corpus = Array(Fixtures.scriptCorpus("thai").prefix(1_000))
        let clusters = Self.clusters(
            of: corpus, engine: TextEngine(fonts: Fixtures.scriptsFonts), keeping: { (0x0E00...0x0E7F).contains($0) })
        var generator = SplitMix(seed: 0x7C1)
        let others = [" ", "  ", "\u{200B}", "\u{0E33}", "12", "abc", ",", "(", ")", "\u{0E48}", "\u{200D}", "ฯ"]
        var texts: [String] = []
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<1 + generator.below(40) {
                text +=
                    generator.below(10) == 0
                    ? others[generator.below(others.count)] : clusters[generator.below(clusters.count)]
            }
            texts.append(text)
        }
        let before = ThreadScratch.syllablePiecesSoFar
        Self.expectSameAsUncached(texts, widths: [30, 90, 200, 343])
        // (Debug builds count the pieces so measured: the path served most new words.)
        if ThreadScratch.countsShaping {
            #expect(ThreadScratch.syllablePiecesSoFar - before > 1_000, "\(ThreadScratch.syllablePiecesSoFar - before)")
        }
    }

    @Test("Noto Sans Khmer: two words of the Khmer corpus measure apart what HarfBuzz gives them together")
    func khmerWords() throws {
        let font = try Font(path: Fixtures.notoCoreDirectory + "/NotoSansKhmer-Regular.ttf")
        let words = Self.words(Array(Fixtures.scriptCorpus("khmer").prefix(600)))
        let (joinable, kerned, reaching) = Self.check(font: font, script: "Khmer", words: words, pairs: 20_000)
        // Words beginning with COENG RO (a ligature of the mark COENG, made in HarfBuzz's first
        // stage) and those after a zero-width space are joined but where a rule needs them.
        #expect(joinable > 17_000, "\(joinable) joinable, \(kerned) kerned")
        // And those rules are real: some pairs not joined do measure otherwise together.
        #expect(reaching > 0, "\(reaching) reaching")
    }

    @Test(
        "random Thai, Lao and Khmer letters, marks, SARA AM, the ligating LAKKHANGYAO, COENG, zero-width spaces: apart plus kerning is together"
    )
    func randomSyllables() throws {
        var generator = SplitMix(seed: 0x5A7A)
        for (file, script, low, high) in [
            ("NotoSansThai-Regular.ttf", "Thai", 0x0E01, 0x0E5B), ("NotoSansLao-Regular.ttf", "Lao", 0x0E81, 0x0EDF),
            ("NotoSansKhmer-Regular.ttf", "Khmer", 0x1780, 0x17F9),
        ] {
            let font = try Font(path: Fixtures.notoCoreDirectory + "/" + file)
            // Khmer words end in a zero-width space a third of the time, as Khmer text writes
            // them, so that the rules matching it (as the space) before the next word are met.
            let words = (0..<2_000).map { _ in
                String(
                    String.UnicodeScalarView(
                        (0..<(1 + generator.below(6))).compactMap { _ in
                            Unicode.Scalar(UInt32(low + generator.below(high - low + 1)))
                        })) + (script == "Khmer" && generator.below(3) == 0 ? "\u{200B}" : "")
            }
            let (joinable, kerned, _) = Self.check(font: font, script: script, words: words, pairs: 20_000)
            #expect(joinable > 4_000, "\(file): \(joinable) joinable")
            // Thai's kerning pairs are met (a test of the pair reading); Lao's face has none
            // that these letters reach.
            if script == "Thai" { #expect(kerned > 200, "\(kerned) kerned") }
        }
    }

    @Test(
        "the kerning index: every pair of glyphs of the Thai and Khmer faces (and Noto Sans's first 600) kerns as asking every pair subtable in turn"
    )
    func kerningIndex() throws {
        let faces: [(path: String, script: StaticString, limit: Int)] = [
            (Fixtures.notoCoreDirectory + "/NotoSansThai-Regular.ttf", "Thai", Int.max),
            (Fixtures.notoCoreDirectory + "/NotoSansKhmer-Regular.ttf", "Khmr", Int.max),
            (Fixtures.fontsDirectory + "/NotoSans-Regular.ttf", "Thai", 600),
            (Fixtures.fontsDirectory + "/NotoSans-Regular.ttf", "Khmr", 600),
        ]
        for (file, script, limit) in faces {
            let font = try Font(path: file)
            guard let table = font.joinTable(scriptTag: Font.tag(script)) else { continue }
            let glyphs = UInt32(min(font.glyphCount + 2, limit))  // (and ids past the face's)
            var (differing, kerned) = (0, 0)
            for first in 0..<glyphs {
                for second in 0..<glyphs {
                    let expected = table.kernAskingEverySubtable(first, second)
                    if table.kern(first, second) != expected { differing += 1 }
                    if expected != 0 { kerned += 1 }
                }
            }
            #expect(differing == 0, "\(file) \(script): \(differing) pairs differ")
            if file.hasSuffix("/NotoSansThai-Regular.ttf") { #expect(kerned > 100, "\(file): pairs kern") }
        }
    }

    @Test("glyphs a rule matches after its first are blocked: Thai's below-vowel contexts, LAKKHANGYAO, every mark")
    func blockedGlyphs() throws {
        let font = try Font(path: Fixtures.notoCoreDirectory + "/NotoSansThai-Regular.ttf")
        let table = try #require(font.joinTable(scriptTag: Font.tag("Thai")))
        func glyph(_ scalar: UInt32) -> UInt32 {
            var glyph: hb_codepoint_t = 0
            _ = hb_font_get_nominal_glyph(font.hbFont, scalar, &glyph)
            return glyph
        }
        // LAKKHANGYAO is a ligature's second component (RU + LAKKHANGYAO); SARA U a context's
        // lookahead; MAI EK a mark.
        for scalar: UInt32 in [0x0E45, 0x0E38, 0x0E48, 0x0E31] { #expect(table.isBlocked(glyph(scalar)), "\(scalar)") }
        // KO KAI, the digits, the space begin no rule's later positions.
        for scalar: UInt32 in [0x0E01, 0x0E07, 0x0E50, 0x20] { #expect(!table.isBlocked(glyph(scalar)), "\(scalar)") }
        #expect(table.isBlocked(0))
        // Marks are skipped by the kerning; bases are not.
        #expect(table.skipped.contains(glyph(0x0E48)) && !table.skipped.contains(glyph(0x0E01)))
        // Other scripts, and fonts with more than one pair lookup, have none.
        #expect(font.joinTable(scriptTag: Font.tag("Latn")) == nil)
    }

    @Test(
        "Noto Sans Khmer: a word may begin with COENG RO; a rule needing a glyph after the word's first, or one before a zero-width space, blocks only where it may match"
    )
    func khmerRulesAtWordEdges() throws {
        let font = try Font(path: Fixtures.notoCoreDirectory + "/NotoSansKhmer-Regular.ttf")
        let table = try #require(font.joinTable(scriptTag: Font.tag("Khmr")))
        func glyph(_ name: String) throws -> UInt32 {
            var glyph: hb_codepoint_t = 0
            #expect(hb_font_get_glyph_from_name(font.hbFont, name, -1, &glyph) != 0, "\(name)")
            return glyph
        }
        let (coengRo, ka, ro) = (try glyph("uni17D2179A"), try glyph("uni1780"), try glyph("uni179A"))
        let (u, i, iiBelow) = (try glyph("uni17BB"), try glyph("uni17B7"), try glyph("uni17B8.r"))
        // COENG RO, made by 'pref' of COENG (a mark) and RO, before any substitution that skips
        // marks: no rule a later stage applies sees the mark, so the word may begin with it.
        #expect(!table.isBlocked(coengRo))
        #expect(table.isBlocked(try glyph("uni17D2")))  // COENG itself, a mark
        // abvm's rule [U, COENG X, vowel sign] reaches a word beginning with COENG RO only if
        // its second glyph is such a vowel sign; in Khmer, the base follows.
        #expect(!table.isBlocked(table.firstGlyph(coengRo, second: ka), after: u))
        #expect(table.isBlocked(table.firstGlyph(coengRo, second: i), after: u))
        #expect(table.isBlocked(coengRo, after: u))  // (unmarked: the second glyph unknown)
        // 'dist' positions RO after a space that follows II (its form below the line, as GSUB
        // leaves it before RO): a word beginning with RO after one ending in a zero-width space
        // is blocked only after that form.
        let afterKa = try #require(table.lastGlyph(ka, endsInIgnorable: true))
        let afterIi = try #require(table.lastGlyph(iiBelow, endsInIgnorable: true))
        #expect(!table.isBlocked(table.firstGlyph(ro, second: nil), after: afterKa))
        #expect(table.isBlocked(table.firstGlyph(ro, second: nil), after: afterIi))
        // Without the space, dist's rule [II below, RO, a vowel sign above] needs that vowel
        // sign next.
        #expect(!table.isBlocked(table.firstGlyph(ro, second: ka), after: iiBelow))
        #expect(table.isBlocked(table.firstGlyph(ro, second: try glyph("uni17B7.r")), after: iiBelow))
    }

    /// Noto Sans Khmer with the chaining rule of its `blwf` lookup 4 (applied per syllable),
    /// [RO or VO] then COENG DA, TA, PHO or MO, made to take KA for COENG DA, and, with
    /// `ligating`, to apply lookup 1 (a ligature substitution) where it matches: then the
    /// lookup may change the buffer's length, and its backtrack read the syllable before.
    /// `hb_font_t`, owned.
    static func khmerBacktrackBeforeKa(ligating: Bool) throws -> OpaquePointer {
        try patchingGSUB(of: Fixtures.notoCoreDirectory + "/NotoSansKhmer-Regular.ttf") { font, gsub in
            var ka: hb_codepoint_t = 0
            #expect(hb_font_get_nominal_glyph(font, 0x1780, &ka) != 0)
            func u16(_ at: Int) -> Int { Int(gsub[at]) << 8 | Int(gsub[at + 1]) }
            // GSUB → lookup list → lookup 4 → its one subtable (chaining, format 3, a backtrack
            // of one) → its input coverage (format 1): KA for its first glyph, which keeps it
            // sorted.
            let lookupList = u16(8)
            let lookup = lookupList + u16(lookupList + 2 + 2 * 4)
            let subtable = lookup + u16(lookup + 6)
            try #require(u16(lookup) == 6 && u16(lookup + 4) == 1 && u16(subtable) == 3 && u16(subtable + 2) == 1)
            let coverage = subtable + u16(subtable + 4 + 2 + 2)
            try #require(u16(coverage) == 1 && u16(coverage + 2) >= 2 && Int(ka) < u16(coverage + 6))
            gsub[coverage + 4] = UInt8(ka >> 8)
            gsub[coverage + 5] = UInt8(ka & 0xFF)
            // Its one record (after the input's coverage, no lookahead): the lookup it applies.
            try #require(u16(subtable + 10) == 0 && u16(subtable + 12) == 1)
            if ligating {
                let first = lookupList + u16(lookupList + 2 + 2 * 1)
                try #require(u16(first) == 4)
                gsub[subtable + 16] = 0
                gsub[subtable + 17] = 1
            }
        }
    }

    /// A font (an `hb_font_t`, to destroy) of the face at `path` with its `GSUB` table as
    /// `patch` rewrites it (given a font of the original face).
    static func patchingGSUB(
        of path: String, _ patch: (OpaquePointer, inout [UInt8]) throws -> Void
    ) throws -> OpaquePointer {
        let original = hb_face_create(hb_blob_create_from_file(path), 0)!
        defer { hb_face_destroy(original) }
        let probe = hb_font_create(original)!
        defer { hb_font_destroy(probe) }
        let gsubBlob = hb_face_reference_table(original, Font.tag("GSUB"))!
        defer { hb_blob_destroy(gsubBlob) }
        var length: UInt32 = 0
        var gsub = Array(UnsafeRawBufferPointer(start: hb_blob_get_data(gsubBlob, &length), count: Int(length)))
        try patch(probe, &gsub)
        // A face of the original's tables, GSUB patched.
        let builder = hb_face_builder_create()!
        defer { hb_face_destroy(builder) }
        var count: UInt32 = 64
        var tags = [hb_tag_t](repeating: 0, count: 64)
        _ = hb_face_get_table_tags(original, 0, &count, &tags)
        for tag in tags.prefix(Int(count)) {
            let blob: OpaquePointer
            if tag == Font.tag("GSUB") {
                blob = gsub.withUnsafeBytes {
                    hb_blob_create(
                        $0.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32($0.count), HB_MEMORY_MODE_DUPLICATE,
                        nil, nil)
                }
            } else {
                blob = hb_face_reference_table(original, tag)
            }
            hb_face_builder_add_table(builder, tag, blob)
            hb_blob_destroy(blob)
        }
        let data = hb_face_reference_blob(builder)!
        defer { hb_blob_destroy(data) }
        let face = hb_face_create(data, 0)!
        defer { hb_face_destroy(face) }
        let font = hb_font_create(face)!
        hb_ot_font_set_funcs(font)
        return font
    }

    @Test(
        "A chaining rule applied per syllable whose backtrack may read the word before blocks the word's first glyph after it: HarfBuzz 6.0 keeps only the input within the syllable"
    )
    func perSyllableBacktrack() throws {
        let font = try Self.khmerBacktrackBeforeKa(ligating: true)
        defer { hb_font_destroy(font) }
        func glyph(_ scalar: UInt32) -> UInt32 {
            var glyph: hb_codepoint_t = 0
            _ = hb_font_get_nominal_glyph(font, scalar, &glyph)
            return glyph
        }
        let (ka, ro, nga) = (glyph(0x1780), glyph(0x179A), glyph(0x1784))
        // The rule's backtrack is matched from the output's length (`backtrack_len()`), which
        // equals the glyph's index, and keeps the match within KA's syllable, only until the
        // lookup has changed the buffer's length before KA; after that it reads RO in the
        // word before. The lookup may (it applies a ligature substitution): a word beginning
        // with KA may not join one ending in RO.
        let table = try #require(WordJoin.table(for: font, scriptTag: Font.tag("Khmr")))
        let afterRo = try #require(table.lastGlyph(ro, endsInIgnorable: false))
        let afterNga = try #require(table.lastGlyph(nga, endsInIgnorable: false))
        #expect(table.isBlocked(ka) || table.isBlocked(table.firstGlyph(ka, second: nil), after: afterRo))
        // A word ending in another consonant, which the rule does not read, is still joined
        // (when the face's kerning leaves the rule's glyphs before KA known).
        if !table.isBlocked(ka) {
            #expect(!table.isBlocked(table.firstGlyph(ka, second: nil), after: afterNga))
        }
        // Where the lookup applies only single substitutions, its backtrack stays in KA's
        // syllable: KA begins a word joined after RO.
        let inPlace = try Self.khmerBacktrackBeforeKa(ligating: false)
        defer { hb_font_destroy(inPlace) }
        let inPlaceTable = try #require(WordJoin.table(for: inPlace, scriptTag: Font.tag("Khmr")))
        let inPlaceAfterRo = try #require(inPlaceTable.lastGlyph(ro, endsInIgnorable: false))
        #expect(!inPlaceTable.isBlocked(ka))
        #expect(!inPlaceTable.isBlocked(inPlaceTable.firstGlyph(ka, second: nil), after: inPlaceAfterRo))
        // In the font as it is, KA begins joined words after RO.
        let original = try Font(path: Fixtures.notoCoreDirectory + "/NotoSansKhmer-Regular.ttf")
        let originalTable = try #require(original.joinTable(scriptTag: Font.tag("Khmr")))
        let originalAfterRo = try #require(originalTable.lastGlyph(ro, endsInIgnorable: false))
        #expect(!originalTable.isBlocked(ka))
        #expect(!originalTable.isBlocked(originalTable.firstGlyph(ka, second: nil), after: originalAfterRo))
    }
}

extension UInt32 {
    /// Whether the code point is a default ignorable (the engine's table).
    var isDefaultIgnorable: Bool { UnicodeProperties.of(self) & UnicodeProperties.defaultIgnorable != 0 }
}
