import CHarfBuzz
import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// ``SpaceBarrier``: which fonts' space glyph no lookup reaches across, read from real fonts and
/// from hand-made `GSUB` and `GPOS` tables, one rule of the reading each.
@Suite("Space barrier")
struct SpaceBarrierTests {
    /// The space glyph of the hand-made tables.
    static let space: UInt16 = 3

    @Test("the fonts of the per-script stack: a barrier where their tables say so")
    func realFonts() throws {
        let fonts = Fixtures.scriptsFonts.fonts
        let holding = Dictionary(uniqueKeysWithValues: fonts.map { ($0.familyName, $0.spaceBarrier.kind == .full) })
        // Read with fontTools: these fonts' lookups never hold the space glyph but where the
        // reading allows it (a pair's second glyph, a chaining context's furthest glyph).
        for family in [
            "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Tamil", "Noto Sans Malayalam",
            "Noto Sans Thai", "Noto Sans Georgian", "Noto Color Emoji",
        ] {
            #expect(holding[family] == true, "\(family)")
        }
        // And these reach across it: class 0 (every glyph not listed, the space among them)
        // nearest the input in a chaining context's backtrack, with more glyphs beyond it
        // (Devanagari GPOS lookup 12, Bengali GSUB 18, Telugu GSUB 24), class 0 inside a
        // context's input (Gujarati GSUB 74), the space in a coverage-based backtrack short of
        // its end (Khmer GPOS 4 and 5, CJK GSUB 30), the space substituted (Myanmar GSUB 34).
        for family in [
            "Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Telugu", "Noto Sans Gujarati", "Noto Sans Khmer",
            "Noto Sans CJK SC", "Noto Sans Myanmar",
        ] {
            #expect(holding[family] == false, "\(family)")
        }
        // Of those, Devanagari's, Khmer's, Telugu's, Bengali's and Gujarati's reach is only
        // rules whose match needs a known glyph next to the space: Devanagari's Vedic tone marks
        // (`dist` lookup 12) and Khmer's RO and vowel sign E (lookups 4 and 5) after it, in
        // positioning; Telugu's subscript consonants right after it (`psts` 24), Bengali's
        // signs after it and vowel sign I before it (`pres` 18), Gujarati's vowel sign I (and
        // half forms, ZWJ) before it and anusvara or repha after it (`abvs` 74), in
        // substitution. CJK's space is substituted after any of 12,409 glyphs (`calt` 30),
        // Myanmar's substituted too (34).
        let kinds = Dictionary(uniqueKeysWithValues: fonts.map { ($0.familyName, $0.spaceBarrier) })
        for family in [
            "Noto Sans Devanagari", "Noto Sans Khmer", "Noto Sans Telugu", "Noto Sans Bengali", "Noto Sans Gujarati",
        ] {
            #expect(kinds[family]?.kind == .partial, "\(family)")
            #expect(kinds[family]?.crossingGlyphs != nil, "\(family)")
        }
        for family in ["Noto Sans CJK SC", "Noto Sans Myanmar"] {
            #expect(kinds[family]?.kind == SpaceBarrier.Kind.none, "\(family)")
        }
        // The crossing glyphs are exactly the rules' inputs: Khmer's RO (U+179A) and vowel sign
        // E (U+17C2), and not its KA (U+1780).
        let khmer = try #require(fonts.first { $0.familyName == "Noto Sans Khmer" })
        let bits = try #require(khmer.spaceBarrier.crossingGlyphs)
        func crosses(_ scalar: UInt32) -> Bool {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(khmer.hbFont, scalar, &glyph) != 0 else { return false }
            return Self.holds(bits, set: 0, glyph)
        }
        #expect(crosses(0x179A) && crosses(0x17C2) && !crosses(0x1780))
        // Telugu's: the subscript KA of క్క, and what substitutions make of it, checked only in
        // a text's first cluster; never KA itself.
        let telugu = try #require(fonts.first { $0.familyName == "Noto Sans Telugu" })
        let teluguBits = try #require(telugu.spaceBarrier.crossingGlyphs)
        let glyphs = shapedGlyphs(telugu, "\u{0C15}\u{0C4D}\u{0C15}")
        #expect(
            glyphs.count == 2 && !Self.holds(teluguBits, set: 1, glyphs[0])
                && Self.holds(teluguBits, set: 1, glyphs[1]),
            "\(glyphs)")
        // `psts` comes after every reordering: the first glyph alone is checked.
        #expect(teluguBits[3 * 0x10000 / 64] & 1 == 1)
        #expect(glyphs.allSatisfy { !Self.holds(teluguBits, set: 0, $0) })
        // Gujarati's: its rules with the space inside their input need vowel sign I before it
        // and anusvara after it (કિ ં): the anusvara is listed (a text after a space whose first
        // cluster holds it is never kept), KA not.
        let gujarati = try #require(fonts.first { $0.familyName == "Noto Sans Gujarati" })
        let gujaratiBits = try #require(gujarati.spaceBarrier.crossingGlyphs)
        let kam = shapedGlyphs(gujarati, "\u{0A95}\u{0A82}")
        #expect(
            kam.count == 2 && !Self.holds(gujaratiBits, set: 1, kam[0]) && Self.holds(gujaratiBits, set: 1, kam[1]),
            "\(kam)")
    }

    /// Whether set `set` (0 backward anywhere, 1 backward first, 2 forward) of a font's crossing
    /// glyphs (``Font/spaceBarrier``) holds `glyph`.
    static func holds(_ bits: UnsafePointer<UInt64>, set: Int, _ glyph: UInt32) -> Bool {
        bits[set * 0x10000 / 64 + Int(glyph) / 64] & 1 << UInt64(glyph % 64) != 0
    }

    /// The glyphs HarfBuzz shapes `text` to with `font`, in order.
    func shapedGlyphs(_ font: Font, _ text: String) -> [UInt32] {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        return (0..<Int(count)).map { infos[$0].codepoint }
    }

    // MARK: Hand-made tables

    /// Big-endian bytes of 16-bit values.
    static func words(_ values: [Int]) -> [UInt8] { values.flatMap { [UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] } }

    /// A coverage table (format 1) of `glyphs`.
    static func coverage(_ glyphs: [Int]) -> [UInt8] { words([1, glyphs.count] + glyphs.sorted()) }

    /// A table of one lookup of `type` and `flag`, whose one subtable is `subtable`.
    static func table(type: Int, flag: Int = 0, subtable: [UInt8]) -> [UInt8] {
        // Header (10 bytes), LookupList at 10 (count, offset 4), Lookup at 14 (type, flag, one
        // subtable at offset 8), the subtable at 22.
        words([1, 0, 0, 0, 10]) + words([1, 4]) + words([type, flag, 1, 8]) + subtable
    }

    /// A subtable: `head` (16-bit words, where `.offset(i)` stands for the offset of part `i`)
    /// followed by `parts`, each offset counted from the subtable's start.
    enum Word { case value(Int), offset(Int) }
    static func subtable(_ head: [Word], _ parts: [[UInt8]]) -> [UInt8] {
        var positions: [Int] = []
        var position = head.count * 2
        for part in parts {
            positions.append(position)
            position += part.count
        }
        let values = head.map { word -> Int in
            switch word {
            case .value(let v): return v
            case .offset(let i): return positions[i]
            }
        }
        return words(values) + parts.flatMap { $0 }
    }

    static func keeps(_ bytes: [UInt8], positioning: Bool = false, spaceClass: UInt16 = 1) -> Bool {
        bytes.withUnsafeBytes {
            SpaceBarrier.everyLookupKeepsToItsSide(
                table: $0, space: space, spaceClass: spaceClass, isPositioning: positioning)
        }
    }

    /// A chaining context of coverages (format 3): backtrack nearest first, as OpenType orders it.
    static func chainContext(backtrack: [[Int]], input: [[Int]], lookahead: [[Int]], nested: [Int] = []) -> [UInt8] {
        let all = backtrack + input + lookahead
        var head: [Word] = [.value(3), .value(backtrack.count)]
        head += backtrack.indices.map { .offset($0) }
        head += [.value(input.count)] + input.indices.map { .offset(backtrack.count + $0) }
        head += [.value(lookahead.count)] + lookahead.indices.map { .offset(backtrack.count + input.count + $0) }
        head += [.value(nested.count)] + nested.flatMap { [Word.value($0), .value(0)] }  // lookup 0 at each index
        return subtable(head, all.map(coverage))
    }

    @Test("a substitution of the space itself, a ligature holding it: no barrier")
    func substitutions() {
        let single = Self.subtable([.value(1), .offset(0), .value(0)], [Self.coverage([3, 9])])
        #expect(!Self.keeps(Self.table(type: 1, subtable: single)))
        let other = Self.subtable([.value(1), .offset(0), .value(0)], [Self.coverage([5, 9])])
        #expect(Self.keeps(Self.table(type: 1, subtable: other)))
        // A ligature of glyphs 7 and the space (set for glyph 7: one ligature, 2 components).
        let ligatureSet = Self.words([1, 4]) + Self.words([20, 2, 3])
        let ligature = Self.subtable(
            [.value(1), .offset(0), .value(1), .offset(1)], [Self.coverage([7]), ligatureSet])
        #expect(!Self.keeps(Self.table(type: 4, subtable: ligature)))
        let withoutSpace = Self.subtable(
            [.value(1), .offset(0), .value(1), .offset(1)],
            [Self.coverage([7]), Self.words([1, 4]) + Self.words([20, 2, 8])])
        #expect(Self.keeps(Self.table(type: 4, subtable: withoutSpace)))
    }

    @Test("a chaining context: the space only as the backtrack's or the lookahead's last glyph")
    func chainingContexts() {
        func keeps(_ b: [[Int]], _ i: [[Int]], _ l: [[Int]]) -> Bool {
            Self.keeps(Self.table(type: 6, subtable: Self.chainContext(backtrack: b, input: i, lookahead: l)))
        }
        #expect(keeps([[3]], [[10]], []), "after a space: depends on the space alone")
        #expect(keeps([[4], [3]], [[10]], []), "the space furthest from the input")
        #expect(!keeps([[3], [4]], [[10]], []), "a glyph before the space matters to the input after it")
        #expect(keeps([], [[10]], [[3]]), "before a space")
        #expect(!keeps([], [[10]], [[3], [9]]), "a glyph after the space matters to the input before it")
        #expect(keeps([], [[10], [3]], []), "the space as the input's last glyph, nothing applied to it")
        #expect(!keeps([], [[10], [3]], [[9]]), "the input's last, a lookahead after it")
        #expect(!keeps([], [[10], [3], [11]], []), "the space inside the input")
        #expect(
            !Self.keeps(
                Self.table(
                    type: 6, subtable: Self.chainContext(backtrack: [], input: [[10], [3]], lookahead: [], nested: [1]))
            ),
            "a nested lookup applied to the space")
        #expect(
            Self.keeps(
                Self.table(
                    type: 6, subtable: Self.chainContext(backtrack: [], input: [[10], [3]], lookahead: [], nested: [0]))
            ),
            "a nested lookup applied to the glyph before the space")
        #expect(!keeps([], [[3]], []), "the space as the input's first glyph")
        // The same in GPOS (chaining context is type 8 there).
        #expect(
            !Self.keeps(
                Self.table(type: 8, subtable: Self.chainContext(backtrack: [[3], [4]], input: [[10]], lookahead: [])),
                positioning: true))
    }

    /// A table of several lookups (type, flag and one subtable each), in order.
    static func table(lookups: [(type: Int, subtable: [UInt8])], flag: Int = 0, feature: String? = nil) -> [UInt8] {
        // Header (10 bytes), LookupList at 10 (count, offsets), then each lookup (type, flag,
        // one subtable at offset 8) followed by its subtable; the flag is the first lookup's.
        // With `feature`, a FeatureList after them: that feature, naming the first lookup.
        var offsets: [Int] = []
        var position = 2 + 2 * lookups.count
        for lookup in lookups {
            offsets.append(position)
            position += 8 + lookup.subtable.count
        }
        let body =
            words([lookups.count] + offsets)
            + lookups.enumerated().flatMap { i, lookup in
                words([lookup.type, i == 0 ? flag : 0, 1, 8]) + lookup.subtable
            }
        guard let feature else { return words([1, 0, 0, 0, 10]) + body }
        let tag = Array(feature.utf8)
        let featureList = words([1]) + tag + words([8]) + words([0, 1, 0])
        return words([1, 0, 0, 10 + body.count, 10]) + body + featureList
    }

    /// A chaining context of coverages (format 3) that applies lookup `nested` at input index
    /// `at` (none when nil).
    static func chainContext(
        backtrack: [[Int]], input: [[Int]], lookahead: [[Int]] = [], applying nested: Int?, at index: Int = 0
    ) -> [UInt8] {
        let all = backtrack + input + lookahead
        var head: [Word] = [.value(3), .value(backtrack.count)]
        head += backtrack.indices.map { .offset($0) }
        head += [.value(input.count)] + input.indices.map { .offset(backtrack.count + $0) }
        head += [.value(lookahead.count)] + lookahead.indices.map { .offset(backtrack.count + input.count + $0) }
        head += nested.map { [.value(1), .value(index), .value($0)] } ?? [.value(0)]
        return subtable(head, all.map(coverage))
    }

    /// A class-based chaining context (format 2) of coverage {10} (input class 1), whose one
    /// rule reads the lookahead classes `lookahead` (class 0: every glyph, the space among them)
    /// and applies lookup 1 to its input.
    static func classChainContext(lookahead: [Int]) -> [UInt8] {
        let classDef = words([1, 12, 1, 1])  // format 1: glyph 12 is class 1
        let inputClasses = words([1, 10, 1, 1])
        let rule = words([0, 1, lookahead.count] + lookahead + [1, 0, 1])
        let ruleSet = words([1, 4]) + rule
        return subtable(
            [.value(2), .offset(0), .offset(1), .offset(2), .offset(1), .value(2), .value(0), .offset(3)],
            [coverage([10]), classDef, inputClasses, ruleSet])
    }

    static func reaching(_ bytes: [UInt8], positioning: Bool)
        -> (crossing: [UInt16], firstGlyph: [UInt16], forward: [UInt16], firstGlyphOnly: Bool)?
    {
        bytes.withUnsafeBytes {
            SpaceBarrier.lookupsReaching(table: $0, space: space, spaceClass: 1, isPositioning: positioning)
        }
    }

    @Test(
        "a rule reaching across the space: the glyph it needs next to the space listed, with what substitutions make of it"
    )
    func reachingAcross() throws {
        // Single substitution 10 → 11 (format 2), a ligature 11 + 12 → 20, a multiple
        // substitution of 11 to nothing.
        let single = Self.subtable([.value(2), .offset(0), .value(1), .value(11)], [Self.coverage([10])])
        let ligature = Self.subtable(
            [.value(1), .offset(0), .value(1), .offset(1)], [Self.coverage([11]), Self.words([1, 4, 20, 2, 12])])
        let deletion = Self.subtable(
            [.value(1), .offset(0), .value(1), .offset(1)], [Self.coverage([11]), Self.words([0])])
        func gsub(_ context: [UInt8], flag: Int = 0, then rest: [(type: Int, subtable: [UInt8])] = [(4, ligature)])
            -> (crossing: [UInt16], firstGlyph: [UInt16], forward: [UInt16], firstGlyphOnly: Bool)?
        {
            Self.reaching(Self.table(lookups: [(6, context), (1, single)] + rest, flag: flag), positioning: false)
        }
        // Reading back: the glyph right after the space (the input, or a backtrack glyph between),
        // with all substitutions make of it, for the first cluster after a space.
        let back = try #require(gsub(Self.chainContext(backtrack: [[3], [4]], input: [[10]], applying: 1)))
        #expect(back.firstGlyph == [10, 11, 20] && back.crossing.isEmpty && back.forward.isEmpty)
        // Checked on the first glyph only when the rule's lookup comes after every reordering
        // (named by `psts` alone), else on the first character's whole cluster.
        #expect(!back.firstGlyphOnly)
        for (feature, late) in [("psts", true), ("blwf", false)] {
            let named = try #require(
                Self.reaching(
                    Self.table(
                        lookups: [
                            (6, Self.chainContext(backtrack: [[3], [4]], input: [[10]], applying: 1)), (1, single),
                        ],
                        feature: feature), positioning: false))
            #expect(named.firstGlyphOnly == late, "\(feature)")
        }
        #expect(
            !Self.keeps(
                Self.table(lookups: [(6, Self.chainContext(backtrack: [[3], [4]], input: [[10]], applying: 1))])))
        let between = try #require(gsub(Self.chainContext(backtrack: [[5], [3], [4]], input: [[10]], applying: 1)))
        #expect(between.firstGlyph == [5])
        // A rule applying nothing still keeps its lookup's other rules off its input: listed.
        let ignoring = try #require(gsub(Self.chainContext(backtrack: [[3], [4]], input: [[10]], applying: nil)))
        #expect(ignoring.firstGlyph == [10, 11, 20])
        // A lookup that skips marks: the first input glyph anywhere after the space.
        let skipping = try #require(
            gsub(Self.chainContext(backtrack: [[5], [3], [4]], input: [[10]], applying: 1), flag: 8))
        #expect(skipping.crossing == [10, 11, 20] && skipping.firstGlyph.isEmpty)
        // Reading ahead: the glyph the rule needs right after the space (a text whose first
        // cluster holds it is never kept), or, when anything may follow the space there, the
        // glyph right before it.
        let ahead = try #require(
            gsub(Self.chainContext(backtrack: [], input: [[10]], lookahead: [[3], [4]], applying: 1)))
        #expect(ahead.firstGlyph == [4] && ahead.forward.isEmpty)
        let aheadOfAnything = try #require(
            Self.reaching(
                Self.table(lookups: [(6, Self.classChainContext(lookahead: [0, 0])), (1, single)]), positioning: false))
        #expect(aheadOfAnything.forward == [10, 11] && aheadOfAnything.firstGlyph.isEmpty)
        // The space inside the input: the glyph right after it.
        let inside = try #require(gsub(Self.chainContext(backtrack: [], input: [[12], [3], [10]], applying: 1, at: 2)))
        #expect(inside.firstGlyph == [10, 11, 20] && inside.forward.isEmpty)
        // No barrier: a lookup applied to the space, the space as the input's first glyph, a
        // substitution that may delete what the rule needs, a skipping lookup reading ahead.
        #expect(gsub(Self.chainContext(backtrack: [], input: [[12], [3], [10]], applying: 1, at: 1)) == nil)
        #expect(gsub(Self.chainContext(backtrack: [], input: [[3], [10]], applying: 1)) == nil)
        #expect(
            gsub(
                Self.chainContext(backtrack: [[3], [4]], input: [[10]], applying: 1),
                then: [(4, ligature), (2, deletion)])
                == nil)
        // A deletion is not hidden by another lookup substituting the same glyph.
        let other = Self.subtable([.value(2), .offset(0), .value(1), .value(30)], [Self.coverage([11])])
        #expect(
            gsub(
                Self.chainContext(backtrack: [[3], [4]], input: [[10]], applying: 1),
                then: [(2, deletion), (1, other)])
                == nil)
        // A crafted coverage of overlapping ranges (a hundred times every glyph) is no barrier,
        // read in bounded time and memory.
        let ranges = Self.words([2, 100] + Array(repeating: [0, 0xFFFF, 0], count: 100).flatMap { $0 })
        let crafted = Self.subtable(
            [.value(3), .value(2), .offset(0), .offset(1), .value(1), .offset(2), .value(0), .value(0)],
            [Self.coverage([3]), Self.coverage([4]), ranges])
        #expect(Self.reaching(Self.table(lookups: [(8, crafted)]), positioning: true) == nil)
        #expect(
            gsub(Self.chainContext(backtrack: [], input: [[10]], lookahead: [[3], [4]], applying: 1), flag: 8) == nil)
        // Positioning: the first input glyph after the space, anywhere after it.
        let adjust = Self.subtable([.value(1), .offset(0), .value(4), .value(100)], [Self.coverage([10])])
        let positioned = try #require(
            Self.reaching(
                Self.table(lookups: [
                    (8, Self.chainContext(backtrack: [[7], [3], [4]], input: [[10]], applying: 1)), (1, adjust),
                ]), positioning: true))
        #expect(positioned.crossing == [10] && positioned.firstGlyph.isEmpty && positioned.forward.isEmpty)
    }

    @Test("a class-based chaining context reads the space's class, class 0 included")
    func classBasedChainingContext() {
        // Coverage {10}; backtrack and lookahead classes list glyph 12 as class 1 (the space is
        // class 0, unlisted); input classes list 10 as class 1. One rule set for input class 1.
        func rule(backtrack: [Int], lookahead: [Int]) -> [UInt8] {
            Self.words([backtrack.count] + backtrack + [1] + [lookahead.count] + lookahead + [0])
        }
        func keeps(backtrack: [Int], lookahead: [Int]) -> Bool {
            let classDef = Self.words([1, 12, 1, 1])  // format 1: glyph 12 is class 1
            let inputClasses = Self.words([1, 10, 1, 1])
            let ruleBytes = rule(backtrack: backtrack, lookahead: lookahead)
            let ruleSet = Self.words([1, 4]) + ruleBytes
            let sub = Self.subtable(
                [.value(2), .offset(0), .offset(1), .offset(2), .offset(1), .value(2), .value(0), .offset(3)],
                [Self.coverage([10]), classDef, inputClasses, ruleSet])
            return Self.keeps(Self.table(type: 6, subtable: sub))
        }
        #expect(keeps(backtrack: [1], lookahead: [1]))
        #expect(keeps(backtrack: [0], lookahead: []), "class 0 (the space) as the only backtrack glyph")
        #expect(!keeps(backtrack: [0, 1], lookahead: []), "class 0 nearest the input, class 1 beyond it")
        #expect(!keeps(backtrack: [], lookahead: [0, 0]), "class 0 twice after the input")
        #expect(keeps(backtrack: [1, 0], lookahead: [1, 0]))
    }

    @Test("pairs: the space may be the second glyph, never the first; flags that skip it")
    func pairsAndFlags() {
        // Pair positioning format 1, value formats 4 (x advance) and 0, one pair set.
        func pair(first: Int, second: Int) -> [UInt8] {
            Self.subtable(
                [.value(1), .offset(0), .value(4), .value(0), .value(1), .offset(1)],
                [Self.coverage([first]), Self.words([1, second, -40 & 0xFFFF])])
        }
        #expect(Self.keeps(Self.table(type: 2, subtable: pair(first: 7, second: 3)), positioning: true))
        #expect(!Self.keeps(Self.table(type: 2, subtable: pair(first: 3, second: 7)), positioning: true))
        // A lookup that ignores base glyphs skips a space classed as a base, not one unclassed.
        let harmless = pair(first: 7, second: 8)
        #expect(!Self.keeps(Self.table(type: 2, flag: 2, subtable: harmless), positioning: true, spaceClass: 1))
        #expect(Self.keeps(Self.table(type: 2, flag: 2, subtable: harmless), positioning: true, spaceClass: 0))
        // Mark to base with the space as a base.
        let markBase = Self.subtable(
            [.value(1), .offset(0), .offset(1), .value(0), .value(0), .value(0)],
            [Self.coverage([30]), Self.coverage([3, 7])])
        #expect(!Self.keeps(Self.table(type: 4, subtable: markBase), positioning: true))
    }

    @Test("extensions are followed; what cannot be read is no barrier")
    func extensionsAndDamage() {
        let single = Self.subtable([.value(1), .offset(0), .value(0)], [Self.coverage([3])])
        let ext = Self.words([1, 1, 0, 8]) + single  // extension format 1 of type 1 at offset 8
        #expect(!Self.keeps(Self.table(type: 7, subtable: ext)))
        let fine = Self.words([1, 1, 0, 8]) + Self.subtable([.value(1), .offset(0), .value(0)], [Self.coverage([5])])
        #expect(Self.keeps(Self.table(type: 7, subtable: fine)))
        let whole = Self.table(
            type: 1, subtable: Self.subtable([.value(1), .offset(0), .value(0)], [Self.coverage([5])]))
        for cut in [4, 12, 20, whole.count - 1] { #expect(!Self.keeps(Array(whole.prefix(cut))), "cut at \(cut)") }
        #expect(!Self.keeps(Self.table(type: 9, subtable: single)), "no GSUB lookup type 9")
        #expect(Self.keeps(Self.words([1, 0, 0, 0, 10, 0])), "no lookups")
    }
}
