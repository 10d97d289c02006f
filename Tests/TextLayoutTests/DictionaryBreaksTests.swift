import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// ``DictionaryBreaks``: paragraphs with Thai, Lao, Khmer or Myanmar letters broken by our own
/// breaker outside their runs and by ICU's dictionary inside each run alone, held to ICU's line
/// iterator over the whole paragraph (the engine's `icuOnly` path, tailored as always).
@Suite("Dictionary breaks")
struct DictionaryBreaksTests {
    /// The texts of `texts` whose break opportunities differ between the two ways, as hex.
    static func differences(_ texts: [String], engine: TextEngine, style: TextStyle = TextStyle()) -> [String] {
        var differing: [String] = []
        for text in texts {
            let ours = engine.prepare(text, style: style).breakOpportunities
            let icu = engine.prepareGeneralPathOnly(AttributedText(text), style: style, icuOnly: true)
                .breakOpportunities
            if ours != icu {
                differing.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        return differing
    }

    /// This thread's dictionary cache's counts (the engine prepares on the calling thread).
    static func cacheCounts() -> (hits: Int, misses: Int) {
        StageWorkspace.with { ($0.segmenter.dictionaryCache.hits, $0.segmenter.dictionaryCache.misses) }
    }

    @Test(
        "the Thai, Khmer and Myanmar corpora (and the right-to-left and Vietnamese ones beside them): ICU's opportunities, every style of line breaking",
        arguments: [LineBreakStrictness.normal, .strict, .loose])
    func corpora(strictness: LineBreakStrictness) {
        let engine = TextEngine(fonts: Fixtures.fonts)
        var style = TextStyle()
        style.lineBreak = strictness
        let hitsBefore = Self.cacheCounts().hits
        for name in ["thai", "khmer", "myanmar", "rtl-social", "vietnamese"] {
            let texts = Array(Fixtures.scriptCorpus(name).prefix(strictness == .normal ? 5_000 : 1_000))
            let differing = Self.differences(texts, engine: engine, style: style)
            #expect(differing.isEmpty, "\(name): \(differing.count) differ, first \(differing.prefix(3))")
        }
        // The runs were remembered and met again (Khmer writes a zero-width space between words).
        #expect(Self.cacheCounts().hits - hitsBefore > 1_000)
    }

    @Test(
        "random Thai, Lao, Khmer and Myanmar letters, marks (first in a run too) and punctuation beside spaces, zero-width spaces and joiners, hyphens, digits, Latin, CJK, emoji, and SA scripts ICU leaves whole: ICU's opportunities"
    )
    func randomText() {
        let alphabet: [String] = [
            // Thai: consonants, vowel signs, a tone mark, SARA AM, MAIYAMOK, PAIYANNOI, a digit,
            // punctuation, PHINTHU.
            "ก", "ข", "น", "ร", "\u{0E31}", "\u{0E34}", "\u{0E48}", "\u{0E33}", "ๆ", "ฯ", "๑", "\u{0E4F}", "\u{0E5A}",
            "\u{0E3A}",
            // Lao; Khmer (COENG, a vowel sign, KHAN, BARIYOOSAN, ATTHACAN, LEK TOO); Myanmar (asat,
            // virama, a medial, punctuation, a digit, Extended-A and -B letters).
            "ກ", "ນ", "\u{0EB4}", "\u{0EC6}", "\u{0EDC}", "ក", "ន", "\u{17D2}", "\u{17B6}", "។", "៕", "\u{17DD}",
            "\u{17D7}", "က", "မ", "\u{103A}", "\u{1039}", "\u{103B}", "၊", "။", "\u{1040}", "\u{AA60}", "\u{A9E0}",
            "การ", "ที่", "ภาษา", "ភាសា", "មនុស្ស", "မြန်မာ", "ພາສາ",
            // SA without an engine here: Tai Tham, New Tai Lue, Tai Viet.
            "\u{1A20}", "\u{19D0}", "\u{AA80}",
            // Around them.
            " ", "\u{200B}", "\u{200D}", "\u{200C}", "-", "\u{2010}", "1", ".", ",", "(", ")", "\"", "'", "a", "Z", "中",
            "あ", "，", "😀", "\u{0301}", "\u{00A0}", "\u{2060}", "$", "%", "/", "\u{00AD}", "\u{3000}", "\t", "“", "”",
            "!", "?",
        ]
        let engine = TextEngine(fonts: Fixtures.fonts)
        let before = Self.cacheCounts()
        var generator = SplitMix(seed: 0xD1C7)
        var texts: [String] = []
        for _ in 0..<6_000 {
            let length = 1 + generator.below(14)
            texts.append((0..<length).map { _ in alphabet[generator.below(alphabet.count)] }.joined())
        }
        let differing = Self.differences(texts, engine: engine)
        #expect(differing.isEmpty, "\(differing.count) differ, first \(differing.prefix(5))")
        // The dictionary way answered most of them (Tai Tham and the rest send some to ICU).
        let after = Self.cacheCounts()
        #expect(after.hits + after.misses - before.hits - before.misses > 2_000)
    }

    @Test(
        "the run cache answers every run with what was found for those bytes: 30,000 lookups of 7,000 runs (slots shared, the table emptied when full), runs of 1 MiB and past it"
    )
    func runCache() {
        let cache = DictionaryBreakCache()
        // A stand-in for ICU that answers from the bytes alone, and counts its calls.
        var asked = 0
        func answer(_ run: [UInt8]) -> [Int32] {
            run.indices.filter { run[$0] % 7 == 0 }.map { Int32($0) }
        }
        func look(_ run: [UInt8]) -> [Int32] {
            var got: [Int32] = []
            run.withUnsafeBufferPointer { buffer in
                cache.forEachBreak(of: buffer) { found in
                    asked += 1
                    found += answer(run)
                } _: {
                    got.append($0)
                }
            }
            return got
        }
        var generator = SplitMix(seed: 0xD1C7)
        let runs: [[UInt8]] = (0..<7_000).map { _ in
            (0..<(1 + generator.below(40))).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        }
        var wrong = 0
        for _ in 0..<30_000 {
            // Recent runs more often than old ones: both hits and misses after a reset.
            let run = runs[generator.below(generator.below(2) == 0 ? 500 : runs.count)]
            if look(run) != answer(run) { wrong += 1 }
        }
        #expect(wrong == 0)
        #expect(cache.hits > 5_000 && cache.misses > DictionaryBreakCache.capacity, "\(cache.hits) \(cache.misses)")
        #expect(asked == cache.misses)
        // A run of exactly the byte capacity is kept (asked once); one byte more never is.
        for count in [DictionaryBreakCache.byteCapacity, DictionaryBreakCache.byteCapacity + 1] {
            let long = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let before = asked
            #expect(look(long) == answer(long) && look(long) == answer(long))
            #expect(asked - before == (count > DictionaryBreakCache.byteCapacity ? 2 : 1), "\(count) bytes")
        }
    }

    @Test(
        "ICU is handed UTF-16, as Chromium hands it: its Myanmar dictionary, given UTF-8, broke တခု (one, with its classifier) after its first letter"
    )
    func utf16ForICU() throws {
        let engine = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
        for text in ["တခု", "တခု မပါပဲ", "ကောင်းတယ် တခု"] {
            let ours = engine.prepare(text).breakOpportunities
            let icu = engine.prepareGeneralPathOnly(AttributedText(text), icuOnly: true).breakOpportunities
            #expect(ours == icu, "\(text)")
            // The word တခု (its first scalar at `start`) holds no opportunity.
            let scalars = Array(text.unicodeScalars)
            let start = try #require(
                (0..<scalars.count).first {
                    String(String.UnicodeScalarView(scalars[$0..<min($0 + 3, scalars.count)])) == "တခု"
                })
            #expect(!ours.contains(start + 1) && !ours.contains(start + 2), "\(text): \(ours)")
        }
    }
}
