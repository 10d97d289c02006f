import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// The segment cache never changes a result: an engine with a cache and one without give
/// bit-identical runs and layouts for every text, whatever was measured before.
@Suite("Segment cache exactness")
struct CacheExactnessTests {
    /// Compares a cached engine (shared by every text, so pieces come back in new
    /// neighbourhoods; `warm`, when given) with an uncached one, both with `fonts`, on `count`
    /// texts made by `text` (run advances and layouts at `widths`); returns the texts that differ.
    static func differences(
        fonts: FontStack, widths: [Double], count: Int, warm: TextEngine? = nil, text: (Int) -> String
    ) -> [String] {
        let uncached = TextEngine(fonts: fonts, segmentCacheCapacity: 0)
        let cached = warm ?? TextEngine(fonts: fonts)
        var found: [String] = []
        for i in 0..<count {
            let text = text(i)
            let style = TextStyle(fontSize: [17, 16, 12.5][i % 3])
            let a = uncached.prepare(text, style: style)
            let b = cached.prepare(text, style: style)
            if a.textRuns.map(\.advance) != b.textRuns.map(\.advance)
                || widths.contains(where: { a.layout(width: $0) != b.layout(width: $0) })
            {
                found.append(text)
            }
        }
        return found
    }

    /// ``differences(fonts:widths:count:warm:text:)`` of `texts` with the per-script stack, the
    /// cached engine first warmed on `warming`.
    static func differences(_ texts: [String], warmedOn warming: [String], widths: [Double]) -> [String] {
        let cached = TextEngine(fonts: Fixtures.scriptsFonts)
        for text in warming { _ = cached.prepare(text, style: TextStyle()) }
        return differences(fonts: Fixtures.scriptsFonts, widths: widths, count: texts.count, warm: cached) {
            texts[$0]
        }
    }

    /// ``differences(fonts:widths:count:text:)`` with the bundled fonts on random texts: a
    /// quarter over all of Unicode, a quarter of bidi controls beside every script's joining
    /// and composing characters, the rest over small palettes (some long: runs of eight pieces
    /// and more take the window-shaping path).
    static func differences(count: Int, seed: UInt64) -> [String] {
        var anything = RandomText(seed: seed)
        var bidi = BidiMixText(seed: seed &+ 1)
        var palettes = [4, 8, 16, 48].map { PaletteText(seed: seed &+ UInt64($0), paletteSize: $0) }
        return differences(fonts: Fixtures.fonts, widths: [40, 60, 200], count: count) { i in
            i % 4 == 0
                ? anything.shortText()
                : i % 4 == 1
                    ? bidi.next(maxCount: i % 5 == 1 ? 40 : 16)
                    : palettes[i % palettes.count].next(maxCount: i % 5 == 0 ? 64 : 12)
        }
    }

    @Test(
        "100,000 random texts over every script, control, mark and unassigned code point, and bidi controls beside every script's joining and composing characters: cached equals uncached"
    )
    func randomTexts() {
        // FEEDLAYOUT_CACHE_TEXTS raises the count (the 1,000,000-text run in Fuzz/README.md).
        let count = Int(ProcessInfo.processInfo.environment["FEEDLAYOUT_CACHE_TEXTS"] ?? "") ?? 100_000
        let seed = UInt64(ProcessInfo.processInfo.environment["FEEDLAYOUT_CACHE_SEED"] ?? "") ?? 0xCAC4E
        let found = Self.differences(count: count, seed: seed)
        #expect(
            found.isEmpty,
            "\(found.count) texts differ, e.g. \(found.prefix(5).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })"
        )
    }

    /// ``differences(fonts:widths:count:text:)`` on `texts` with the fonts of every script
    /// (``Fixtures/scriptsFonts``).
    static func scriptDifferences(_ texts: [String]) -> [String] {
        differences(fonts: Fixtures.scriptsFonts, widths: [40, 90, 343], count: texts.count) { texts[$0] }
    }

    @Test(
        "every script in its own font (a space is a barrier in some, not in others): random words after spaces, hyphens, controls and other scripts, cached equals uncached"
    )
    func scriptWords() {
        // FEEDLAYOUT_SCRIPT_CACHE_TEXTS raises the count.
        let count = Int(ProcessInfo.processInfo.environment["FEEDLAYOUT_SCRIPT_CACHE_TEXTS"] ?? "") ?? 30_000
        var words = ScriptWordsText(seed: 0x5C217)
        let texts = (0..<count).map { _ in words.next() }
        let found = Self.scriptDifferences(texts)
        #expect(
            found.isEmpty,
            "\(found.count) texts differ, e.g. \(found.prefix(5).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })"
        )
    }

    @Test(
        "the per-script corpora, their words shuffled into new texts (each word after other words): cached equals uncached",
        arguments: [
            "arabic", "persian", "hebrew", "rtl-social", "devanagari", "bengali", "gujarati", "tamil", "telugu",
            "malayalam", "thai", "myanmar", "khmer", "georgian", "cyrillic", "greek", "vietnamese",
        ])
    func recombinedCorpus(corpus: String) {
        var generator = SplitMix(seed: UInt64(corpus.utf8.count) &* 0x9E37)
        let lines = Array(Fixtures.scriptCorpus(corpus).prefix(400))
        let words = lines.flatMap { $0.split(separator: " ").map(String.init) }
        var texts = lines
        for _ in 0..<400 {
            texts.append(
                (0..<(1 + generator.below(12))).map { _ in words[generator.below(words.count)] }.joined(separator: " "))
        }
        let found = Self.scriptDifferences(texts)
        #expect(found.isEmpty, "\(found.count) texts differ, e.g. \(found.prefix(3))")
    }

    @Test(
        "Thai and Khmer words joined without spaces in new pairs, and random letters and marks (kerning where Thai words meet, SARA AM, LAKKHANGYAO, COENG at a word's end, pre-base vowels, zero-width spaces and joiners, digits, Latin, Lao no font has): cached equals uncached",
        arguments: [
            (
                "thai", 0x0E01, 0x5B,
                [
                    "\u{0E33}", "\u{200B}", "\u{0E24}\u{0E45}", "\u{0E45}", "\u{0E51}\u{0E52}", "ok", " ", "\u{0E48}",
                    "\u{0E01}\u{0E4D}\u{0E48}", "\u{0E81}\u{0EB4}", "\u{00AD}", "-", "\u{0E2F}", "\u{0E46}",
                ]
            ),
            (
                "khmer", 0x1780, 0x7A,
                [
                    "\u{17D2}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{1780}\u{17D2}", "\u{17C1}", "\u{17B6}",
                    "\u{1780}\u{17D2}\u{179A}", "\u{17D2}\u{179A}\u{17C1}", "\u{17E1}\u{17E2}", "ok", " ", "\u{17D4}",
                    "\u{179A}\u{17B8}", "\u{00AD}",
                ]
            ),
        ])
    func joinedWords(corpus: String, low: Int, count: Int, extras: [String]) {
        var generator = SplitMix(seed: 0x7A15 &+ UInt64(low))
        let words = WordJoinTests.words(Array(Fixtures.scriptCorpus(corpus).prefix(300)))
        func letters() -> String {
            String(
                String.UnicodeScalarView(
                    (0..<(1 + generator.below(5))).compactMap { _ in
                        Unicode.Scalar(UInt32(low + generator.below(count)))
                    }))
        }
        let texts = (0..<4_000).map { i in
            (0..<(1 + generator.below(16))).map { _ in
                let pick = generator.below(8)
                return pick == 0
                    ? extras[generator.below(extras.count)]
                    : pick == 1 || i % 4 == 0 ? letters() : words[generator.below(words.count)]
            }.joined()
        }
        let found = Self.scriptDifferences(texts)
        #expect(found.isEmpty, "\(found.count) texts differ, e.g. \(found.prefix(3))")
    }

    @Test(
        "Thai and Khmer runs longer than HarfBuzz's segment (cut where the uncached engine shapes them) measure from a warm cache as shaped whole"
    )
    func longJoinedRuns() {
        var generator = SplitMix(seed: 0x10C6)
        for corpus in ["thai", "khmer"] {
            let words = WordJoinTests.words(Array(Fixtures.scriptCorpus(corpus).prefix(100)))
            let texts = (0..<6).map { i in
                (0..<(900 + 300 * i)).map { _ in words[generator.below(words.count)] }
                    .joined(separator: i % 2 == 0 ? "" : generator.below(4) == 0 ? " " : "")
            }
            // Joined pairs kept.
            let found = Self.differences(texts, warmedOn: words.map { $0 + $0 }, widths: [90, 343])
            #expect(found.isEmpty, "\(corpus): \(found.count) texts differ")
        }
    }

    @Test(
        "broken clusters: the dotted circle HarfBuzz puts before one, or not when its syllable number (four bits) is the last one given a circle, is never kept: Khmer joined words, Devanagari and Myanmar words"
    )
    func brokenClusters() {
        // Found by an adversarial review: in `w`, the second KHA + II + TRIIS AP (a broken
        // cluster: the sign after the vowel) is 15 syllables after the first and gets no circle,
        // so the word was kept 635 units short and served to `t`.
        let broken = "\u{1780}\u{17B6}\u{200B}\u{1783}\u{17B8}\u{17CA}\u{200B}"
        let w = broken + String(repeating: "\u{1780}\u{200B}", count: 6) + "\u{1783}\u{17B8}\u{17CA}\u{200B}"
        #expect(Self.differences([broken], warmedOn: [w], widths: [20, 40, 343]).isEmpty)
        let warming = [
            "\u{179A}\u{17D2}\u{1792}\u{17BF}\u{1784}\u{17D2}\u{179A}\u{17A1}\u{17D2}\u{179B}\u{17D2}\u{1781}\u{1796}\u{17C1}\u{200B}\u{200B}",
            "\u{178D}\u{17A7}\u{17BF}\u{17CA}\u{200B}\u{178E}\u{17C2}\u{17C7}\u{1793}\u{17CC}\u{179E}\u{17D2}\u{1789}\u{200B}\u{200B}"
                + "\u{200B}\u{1789}\u{17BE}\u{1789}\u{17D2}\u{1794}\u{17C2}\u{200B}\u{200B}\u{200B}\u{17A2}\u{1783}\u{17D2}\u{17A1}\u{17D2}"
                + "\u{1790}\u{17B8}\u{17CA}\u{200B}",
        ]
        let then =
            "\u{179A}\u{17D2}\u{1792}\u{17BF}\u{1784}\u{17D2}\u{179A}\u{1783}\u{17D2}\u{17A1}\u{17D2}\u{1790}\u{17B8}\u{17CA}\u{200B}"
        #expect(Self.differences([then], warmedOn: warming, widths: [20, 60, 343]).isEmpty)
        // Every distance between two broken clusters, in joined Khmer words and in words of the
        // general path (Devanagari: two vowel signs; Myanmar: a medial after a vowel sign).
        for (word, filler) in [
            ("\u{1783}\u{17B8}\u{17CA}\u{200B}", "\u{1780}\u{17B6}\u{1780}\u{200B}"),
            ("\u{0915}\u{093F}\u{093F} ", "\u{0915} "), ("\u{1000}\u{102D}\u{103B} ", "\u{1000} "),
        ] {
            for k in 0..<32 {
                let warm = word + String(repeating: filler, count: k) + word
                let found = Self.differences([word, warm + word], warmedOn: [warm], widths: [20, 60, 343])
                #expect(found.isEmpty, "\(k): \(found.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
            }
        }
    }

    @Test(
        "runs longer than HarfBuzz's segment (cut between any clusters past 8 KiB without a space, at a space past 4 KiB) measure from a warm cache as shaped whole: words kept from short runs, kerned across where the long run is cut"
    )
    func longRuns() {
        // Noto Sans kerns A and V; a word of 5,000 bytes is shaped whole alone, and cut where a
        // run reaches 8 KiB without a space; Telugu's space is a partial barrier (rules read
        // across it), cut before at 4 KiB.
        let word = String(repeating: "AV", count: 2_500)
        let telugu = Self.words("telugu")
        let long = (0..<500).map { telugu[$0 % telugu.count] }.joined(separator: " ")
        let texts = [
            String(repeating: "y", count: 3_500) + " " + word,
            String(repeating: "y", count: 1_000) + " " + word + " " + word,
            word + " " + String(repeating: "y", count: 5_000) + " " + word,
            long, "x " + long, long + " " + long,
        ]
        let found = Self.differences(
            texts, warmedOn: ["x " + word, "x " + word + " z"] + telugu.map { "x \($0) \($0) z" }, widths: [90, 343])
        #expect(found.isEmpty, "\(found.count) texts differ: \(found.map { $0.utf8.count }) bytes")
    }

    @Test(
        "Khmer and Thai lines from a warm cache (words from windows around the edges rules reach across) break as shaped whole at every width from 30 to 400 points"
    )
    func joinedWordsAtEveryWidth() {
        let texts = Array(Fixtures.scriptCorpus("khmer").prefix(150)) + Array(Fixtures.scriptCorpus("thai").prefix(150))
        // Every word kept.
        let found = Self.differences(texts, warmedOn: texts, widths: Array(stride(from: 30.0, through: 400, by: 9.5)))
        #expect(found.isEmpty, "\(found.count) texts differ, e.g. \(found.prefix(3))")
    }

    @Test(
        "a run against its script's direction (Hangul under RLO, its V and L jamo composing once reversed) measures the same after any texts: the issue's reproducer"
    )
    func overriddenHangul() {
        // Found by reversing the order of 50,000 texts of RLO, PDF, LRO, Hangul syllables and
        // jamo (width 40, size 16): the last text measured 1 line alone and 2 after these.
        let before = [
            "\u{112C}\u{1166}1\u{202E}\u{11B2} \u{1129}\u{11D8}\u{1143}", "\u{202C}\u{202E}\u{11DA}\u{1198}\u{C533}",
            "\u{202E}\u{116B}\u{11AF}\u{1100}\u{11B1}\u{116C}\u{1169}\u{202D}\u{1199}\u{D162}\u{D5B3} \u{BB46} \u{1118}",
            "\u{111D}\u{C634}\u{202E}\u{1160}\u{C582}\u{1164}\u{1196}\u{B144}\u{111E}\u{11C5}\u{11DF}\u{11FB}\u{1161}1\u{2069}",
            "\u{11E6}\u{112D}\u{202D}\u{11AC}\u{202E}\u{1164}\u{BB96}\u{118C}\u{CEBD}\u{2067}\u{202C}1",
            "\u{2067}\u{202E}\u{11BF}\u{1137}\u{11E0}\u{114C}\u{111D}\u{11A3}\u{1192}\u{1199}\u{11DA}\u{11AE}",
            "\u{202E}\u{B8E0}\u{118C}\u{111E}\u{11B1}\u{1198}\u{1150}\u{1127}\u{11BF}\u{1126}\u{1166}\u{11F0}\u{202E}\u{C11A}\u{1183}",
            "\u{202E}\u{116B}\u{C0C2}\u{11AB}\u{11AE}\u{116A}\u{1120}\u{11B3}\u{11FA}\u{202D}\u{11F2}\u{11B9}\u{B176}",
        ]
        let text = "\u{202E}\u{B8E0}\u{116B}\u{1143}"
        let style = TextStyle(fontSize: 16)
        let uncached = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
        let cached = TextEngine(fonts: Fixtures.fonts)
        let alone = uncached.prepare(text, style: style).layout(width: 40)
        for warm in before { _ = cached.prepare(warm, style: style).layout(width: 40) }
        #expect(cached.prepare(text, style: style).layout(width: 40) == alone)
        for measured in before {
            #expect(
                cached.prepare(measured, style: style).layout(width: 40)
                    == uncached.prepare(measured, style: style).layout(width: 40),
                "\(measured.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test(
        "an Arabic letter that ends its run takes its form from the text after the run: initial before a letter across an LRM, isolated before a hyphen",
        arguments: [
            ("\u{062C}\u{200E}\u{0628}\u{0628}", "\u{062C}-0997"), ("\u{062C}\u{200E}\u{0628}", "\u{062C}\u{200E}1"),
        ])
    func joiningAfterRun(before: String, text: String) {
        // Found by the random script words: the piece ج, beginning its paragraph and ending its
        // run, was kept from the first text (initial, 10.013 at 12.5 px) and reused in the second
        // (isolated, 10.863).
        let style = TextStyle(fontSize: 12.5)
        let uncached = TextEngine(fonts: Fixtures.scriptsFonts, segmentCacheCapacity: 0)
        let cached = TextEngine(fonts: Fixtures.scriptsFonts)
        _ = cached.prepare(before, style: style)
        #expect(
            cached.prepare(text, style: style).textRuns.map(\.advance)
                == uncached.prepare(text, style: style).textRuns.map(\.advance))
        #expect(
            cached.prepare(before, style: style).textRuns.map(\.advance)
                == uncached.prepare(before, style: style).textRuns.map(\.advance))
    }

    @Test(
        "a positioning rule that reads back across a space (Khmer's RO after a space after a subscript MO) moves the word after it: such a word is never kept as following any space"
    )
    func ruleReadingBackAcrossSpace() {
        // Noto Sans Khmer's `dist` lookup 5 moves RO when the space before it follows a
        // subscript MO: the space is a barrier to every other lookup of the font
        // (SpaceBarrier.Kind.backward), and RO is among the glyphs such rules apply to.
        let style = TextStyle(fontSize: 17)
        let uncached = TextEngine(fonts: Fixtures.scriptsFonts, segmentCacheCapacity: 0)
        let cached = TextEngine(fonts: Fixtures.scriptsFonts)
        let plain = "\u{1780} \u{179A}\u{17BC} \u{1780}"  // ក រូ ក
        let moved = "\u{1780}\u{17D2}\u{1798} \u{179A}\u{17BC} \u{1780}"  // ក្ម រូ ក
        // The rule matters: RO's word measures more after the subscript MO than after KA.
        func advance(_ text: String) -> Double {
            uncached.prepare(text, style: style).textRuns.reduce(0) { $0 + $1.advance }
        }
        let afterKA = advance("\u{1780} \u{179A}\u{17BC}") - advance("\u{1780} ")
        let afterMO = advance("\u{1780}\u{17D2}\u{1798} \u{179A}\u{17BC}") - advance("\u{1780}\u{17D2}\u{1798} ")
        #expect(afterMO > afterKA + 1, "\(afterKA) \(afterMO)")
        // Every piece of `moved` is kept from other texts: ក្ម before KA, រូ after KA.
        let before = "\u{1780}\u{17D2}\u{1798} \u{1780}"
        for warm in [plain, before, plain, before] { _ = cached.prepare(warm, style: style) }
        for measured in [moved, plain, moved + " " + plain, plain + " " + moved] {
            #expect(
                cached.prepare(measured, style: style).textRuns.map(\.advance)
                    == uncached.prepare(measured, style: style).textRuns.map(\.advance), "\(measured.debugDescription)")
        }
    }

    @Test(
        "a mark after a control is shaped in its run, never taken from a piece shaped elsewhere",
        arguments: [
            ("\u{11A8}\t\u{05BC}\u{FFFC}\u{11A8}", "\u{05BC}\u{FFFC}"),
            ("\u{4E2D} \t\u{05BC}\u{FFFC}", "\t\u{05B0}\u{FFFC}\u{FFFC}"),
            ("a\t\u{05B0}\u{5BC}\u{FFFC}", "a\t\u{05B0}\u{FFFC}"),
        ])
    func markAfterControl(before: String, text: String) {
        let style = TextStyle(fontSize: 16)
        let uncached = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
        let cached = TextEngine(fonts: Fixtures.fonts)
        for warm in [before, text, before + text, text + before] { _ = cached.prepare(warm, style: style) }
        for measured in [text, before + text, text + before, before] {
            #expect(
                cached.prepare(measured, style: style).textRuns.map(\.advance)
                    == uncached.prepare(measured, style: style).textRuns.map(\.advance), "\(measured.debugDescription)")
        }
    }

    @Test("a piece holding a .notdef glyph is not kept in the cache")
    func notdefNotCached() {
        let engine = TextEngine(fonts: Fixtures.fonts)
        // U+0378 and U+0379 are unassigned: no font has them, every piece holds a .notdef.
        let text = "\u{0378} \u{0379}\u{0378} \u{0379} \u{0378}"
        for _ in 0..<3 { _ = engine.prepare(text) }
        #expect(engine.segmentCacheStatistics.count == 0)
        _ = engine.prepare("x y z")
        #expect(engine.segmentCacheStatistics.count > 0, "other pieces are kept")
        #expect(
            engine.prepare(text).textRuns.map(\.advance)
                == TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0).prepare(text).textRuns.map(\.advance))
    }

    /// Twelve words of a script: the first twelve of its corpus made of its block's letters
    /// and marks alone (one run of its font), or Latin ones.
    static func words(_ script: String) -> [String] {
        if script == "latin" {
            return "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split(separator: " ")
                .map(String.init)
        }
        let block: ClosedRange<UInt32> = script == "telugu" ? 0x0C00...0x0C7F : 0x0D00...0x0D7F
        var seen: Set<String> = []
        var words: [String] = []
        for text in Fixtures.scriptCorpus(script) {
            for word in text.split(separator: " ").map(String.init)
            where word.unicodeScalars.count >= 3
                && word.unicodeScalars.allSatisfy({
                    block.contains($0.value) && $0.properties.generalCategory.isLetterOrMark
                })
                && seen.insert(word).inserted
            {
                words.append(word)
                if words.count == 12 { return words }
            }
        }
        return words
    }

    @Test(
        "a run of mostly new words is shaped in windows of the new words (Telugu, Malayalam: their syllables the cache lacks), not whole, and measures as uncached",
        .enabled(if: ThreadScratch.countsShaping, "debug builds count the bytes shaped"),
        arguments: ["latin", "telugu", "malayalam"])
    func newWordsInWindows(script: String) throws {
        let w = Self.words(script)
        try #require(w.count == 12)
        let engine = TextEngine(fonts: Fixtures.scriptsFonts)
        // The known words, where the paragraph below has them (inside the run, after a space).
        _ = engine.prepare([w[0], w[1], w[4], w[7], w[11]].joined(separator: " "))
        // Seven new words of twelve, in three groups: the budget of a call counted as 24
        // bytes and windows under three quarters of the run shaped this run whole.
        let text = w.joined(separator: " ")
        let before = ThreadScratch.shapedBytesSoFar
        let prepared = engine.prepare(text)
        let shaped = ThreadScratch.shapedBytesSoFar - before
        // Each group: the space before it and its words with their spaces.
        let groups = [[2, 3], [5, 6], [8, 9, 10]]
        let windows = groups.reduce(0) { sum, group in
            sum + 1 + group.reduce(0) { $0 + w[$1].utf8.count + 1 }
        }
        // Telugu's new words are measured from their syllables, which the known words hold in
        // part: fewer bytes (the syllables the cache lacked, shaped alone). Malayalam's are where
        // their syllables join, else shaped in windows after them: less than the run.
        if script == "telugu" {
            #expect(shaped < windows, "shaped \(shaped) bytes of \(text.utf8.count); the windows hold \(windows)")
        } else if script == "malayalam" {
            #expect(shaped < text.utf8.count, "shaped \(shaped) bytes of \(text.utf8.count)")
        } else {
            #expect(shaped == windows, "shaped \(shaped) bytes of \(text.utf8.count); the windows hold \(windows)")
        }
        let uncached = TextEngine(fonts: Fixtures.scriptsFonts, segmentCacheCapacity: 0).prepare(text)
        #expect(prepared.textRuns.map(\.advance) == uncached.textRuns.map(\.advance))
        #expect(prepared.textRuns.count == 1, "\(prepared.textRuns.map(\.range))")
        for width in stride(from: 40.0, through: 400, by: 40) {
            #expect(prepared.layout(width: width) == uncached.layout(width: width))
        }
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isLetterOrMark: Bool {
        switch self {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark:
            true
        default: false
        }
    }
}
