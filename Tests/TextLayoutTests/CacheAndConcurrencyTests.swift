import Dispatch
import Testing
import TestSupport
@testable import TextLayout

@Suite("Segment cache and threads")
struct CacheAndConcurrencyTests {
    @Test("cached results equal uncached ones exactly on the whole corpus")
    func cachedEqualsUncached() {
        let uncached = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
        let cached = TextEngine(fonts: Fixtures.fonts)
        let texts = Fixtures.corpusTexts
        // Warm on the second half, then measure everything: the first half is made of pieces
        // seen elsewhere, the second half is measured again from the cache.
        for text in texts[(texts.count / 2)...] { _ = cached.prepare(text) }
        var mismatches = 0
        for text in texts {
            let a = uncached.prepare(text)
            let b = cached.prepare(text)
            for width in [343.0, 200] where a.layout(width: width) != b.layout(width: width) { mismatches += 1 }
            if a.textRuns.map(\.advance) != b.textRuns.map(\.advance) { mismatches += 1 }
        }
        #expect(mismatches == 0)
        let stats = cached.segmentCacheStatistics
        #expect(stats.hits > 100_000, "the cache was used")
        #expect(stats.count > 1_000)
    }

    @Test("the fused fast path and our own clustering agree with ICU's clusters and breaks on the whole corpus")
    func fastPathEqualsGeneral() {
        let engine = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
        var fastParagraphs = 0
        for text in Fixtures.corpusTexts + ["a b  c", "中文，English。", " lead", "tail ", "\u{FFFC}x"] {
            let fast = engine.prepare(text)
            let general = engine.prepareGeneralPathOnly(AttributedText(text), icuOnly: true)
            #expect(fast.textRuns.map(\.range) == general.textRuns.map(\.range), "\(text)")
            #expect(fast.textRuns.map(\.script) == general.textRuns.map(\.script), "\(text)")
            #expect(fast.graphemeClusterRanges == general.graphemeClusterRanges)
            for width in [343.0, 200] where fast.layout(width: width) != general.layout(width: width) {
                Issue.record("layouts differ at \(width): \(text)")
            }
            if !text.unicodeScalars.contains(where: {
                $0.properties.isEmojiPresentation || $0.value == 0x200D || $0.value == 0xFE0F
            }) {
                fastParagraphs += 1
            }
        }
        #expect(fastParagraphs > 3_000, "most of the corpus takes the fast path")
    }

    @Test("random emoji sequences, marks and flags: our clusters are ICU's")
    func emojiClustersEqualICU() {
        // ExtPict with and without emoji presentation, ZWJ, VS15/VS16, skin tones, combining
        // marks, regional indicators, a keycap, and plain text around them.
        let alphabet: [String] = [
            "a", "中", " ", "😀", "👨", "👩", "❤", "©", "\u{200D}", "\u{FE0F}", "\u{FE0E}",
            "\u{1F3FB}", "\u{1F3FD}", "\u{0301}", "\u{20E3}", "1", "\u{1F1E8}", "\u{1F1F3}", "\u{1F1FA}", "，",
        ]
        let joined = Self.clustersEqualICU(alphabet: alphabet, seed: 0x5EED, count: 3_000, widths: [20, 60])
        // The generator reaches the joining rules, not only single code points.
        #expect(joined > 1_500, "\(joined) texts with a cluster of several code points")
    }

    /// Compares our clusters (and, at `widths`, our layouts) with ICU's on `count` random texts
    /// of 1 to 12 strings of `alphabet`; returns how many texts had a cluster of several code
    /// points.
    static func clustersEqualICU(alphabet: [String], seed: UInt64, count: Int, widths: [Double] = []) -> Int {
        let engine = TextEngine(fonts: Fixtures.fonts)
        var generator = SplitMix(seed: seed)
        var joined = 0
        for _ in 0..<count {
            let length = 1 + Int(generator.next() % 12)
            let text = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            let hex = text.unicodeScalars.map { String($0.value, radix: 16) }
            let ours = engine.prepare(text)
            let icu = engine.prepareGeneralPathOnly(AttributedText(text), icuOnly: true)
            #expect(ours.graphemeClusterRanges == icu.graphemeClusterRanges, "\(hex)")
            for width in widths where ours.layout(width: width) != icu.layout(width: width) {
                Issue.record("layouts differ at \(width): \(hex)")
            }
            if ours.graphemeClusterRanges.count < text.unicodeScalars.count { joined += 1 }
        }
        return joined
    }

    @Test(
        "random text over every grapheme cluster break class (controls, CR LF, Hangul, Prepend, SpacingMark, Extend, ZWJ, regional indicators, pictographs, conjuncts): our clusters are ICU's"
    )
    func everyGraphemeClassEqualsICU() {
        let alphabet: [String] = [
            "\r", "\n", "\u{0007}", "\u{FFF0}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}",
            "\u{0600}", "\u{110BD}", "\u{0D4E}", "\u{093E}", "\u{0BBE}", "\u{0E33}", "\u{0301}", "\u{094D}",
            "\u{0BCD}", "\u{200D}", "\u{200C}", "\u{1F1E8}", "\u{1F1F3}", "😀", "\u{1F3FB}", "क", "ष", "க", "ก",
            "a", " ", "\u{093C}", "\u{0D15}", "\u{0D4D}",
            // Emoji ZWJ sequences beside the rest, and a ZWJ after a ZWJ (which ends GB11's run).
            "😀\u{200D}", "\u{200D}\u{200D}", "\u{1F3FB}\u{200D}",
        ]
        let joined = Self.clustersEqualICU(alphabet: alphabet, seed: 0x6CB, count: 5_000)
        #expect(joined > 2_500, "\(joined) texts with a cluster of several code points")
    }

    @Test(
        "random Indic, Khmer and Myanmar syllables: our clusters are ICU's (conjuncts of consonant, virama, consonant), and a text after a zero-width control breaks as alone"
    )
    func indicClustersEqualICU() {
        // Consonants, viramas (and Khmer coeng, Myanmar asat and virama), nukta, vowel signs,
        // ZWJ, ZWNJ, a combining mark, spaces and Latin, in nine scripts.
        let alphabet: [String] = [
            "क", "ष", "\u{094D}", "\u{093C}", "\u{093F}", "ক", "ষ", "\u{09CD}", "\u{09BF}", "ક", "\u{0ACD}", "ଜ",
            "\u{0B4D}", "త", "\u{0C4D}", "ക", "\u{0D4D}", "க", "\u{0BCD}", "ក", "\u{17D2}", "\u{17B6}", "မ",
            "\u{1039}", "\u{103A}", "ཀ", "\u{0FB5}", "\u{200D}", "\u{200C}", "\u{0301}", " ", "a",
        ]
        let engine = TextEngine(fonts: Fixtures.fonts)
        var generator = SplitMix(seed: 0x1AD1C)
        var conjuncts = 0  // texts where a cluster holds a virama between two letters
        for _ in 0..<3_000 {
            let length = 1 + Int(generator.next() % 10)
            let text = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            let hex = text.unicodeScalars.map { String($0.value, radix: 16) }
            let ours = engine.prepare(text)
            let icu = engine.prepareGeneralPathOnly(AttributedText(text), icuOnly: true)
            #expect(ours.graphemeClusterRanges == icu.graphemeClusterRanges, "\(hex)")
            // U+FFF0 (unassigned, default ignorable: a Control to UAX #29) sends the paragraph to
            // ICU's clusters; the text after it must break as the text alone does (when the text
            // starts with a letter: a mark or joiner first would attach to U+FFF0, a space hang after it).
            let control = engine.prepare("\u{FFF0}" + text)
            let shift = "\u{FFF0}".utf8.count
            for width in [1.0, 20, 60] {
                if ours.layout(width: width) != icu.layout(width: width) {
                    Issue.record("layouts differ from ICU's at \(width): \(hex)")
                }
                let alone = ours.layout(width: width).lines.map { ($0.range, $0.width) }
                let after = control.layout(width: width).lines.filter { $0.range.lowerBound >= shift }
                    .map { ($0.range.lowerBound - shift..<$0.range.upperBound - shift, $0.width) }
                let first = text.unicodeScalars.first!.properties.generalCategory
                if width == 1, [.otherLetter, .lowercaseLetter].contains(first),
                    !(alone.count == after.count && zip(alone, after).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }))
                {
                    Issue.record("after U+FFF0 \(after) against alone \(alone): \(hex)")
                }
            }
            let viramas: Set<UInt32> = [0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D]
            if ours.graphemeClusterRanges.contains(where: { range in
                let scalars = Array(String(decoding: Array(text.utf8)[range], as: UTF8.self).unicodeScalars)
                return scalars.count >= 3 && scalars.dropFirst().dropLast().contains { viramas.contains($0.value) }
                    && scalars.last!.properties.isAlphabetic && !scalars.last!.properties.isGraphemeExtend
            }) {
                conjuncts += 1
            }
        }
        // The generator reaches the conjunct rule, not only single code points.
        #expect(conjuncts > 100, "\(conjuncts) texts with a conjunct cluster")
    }

    @Test("8 threads at once give the same results as one")
    func threads() {
        let engine = TextEngine(fonts: Fixtures.fonts)
        let texts = Array(Fixtures.corpusTexts.prefix(800))
        let reference = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
        let expected = texts.map { reference.layout($0, width: 200) }
        let results = ResultBox(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            var mine: [ParagraphLayout] = []
            // Each thread walks the texts from a different place.
            for i in 0..<texts.count {
                let index = (i + worker * 97) % texts.count
                mine.append(engine.layout(texts[index], width: 200))
            }
            results.set(worker, mine)
        }
        for worker in 0..<8 {
            let got = results.get(worker)
            for i in 0..<texts.count where got[i] != expected[(i + worker * 97) % texts.count] {
                Issue.record("thread \(worker) differs on text \((i + worker * 97) % texts.count)")
                break
            }
        }
    }
}

import LockSupport

/// The locks themselves, on 4 threads. Under the thread sanitizer (CI runs this suite so) a
/// report fails the run: `Lock<Void>` once drew a false one (a zero-sized value's accesses are
/// placed at the object's address, which callers read unlocked), so value-less locks are
/// `PlainLock`s.
@Suite("Locks")
struct LockTests {
    final class Counter: @unchecked Sendable {  // count is only touched under the lock
        let lock = PlainLock()
        var count = 0
    }

    @Test("a PlainLock and a Lock each keep a counter exact on 4 threads, fresh locks each round")
    func counters() {
        for _ in 0..<200 {
            let plain = Counter()
            let valued = Lock<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<50 {
                    plain.lock.withLock { plain.count += 1 }
                    valued.withLock { $0 += 1 }
                }
            }
            #expect(plain.lock.withLock { plain.count } == 200)
            #expect(valued.withLock { $0 } == 200)
        }
    }
}

final class ResultBox: Sendable {
    private let slots: Lock<[[ParagraphLayout]]>
    init(count: Int) { slots = Lock(Array(repeating: [], count: count)) }
    func set(_ i: Int, _ value: [ParagraphLayout]) { slots.withLock { $0[i] = value } }
    func get(_ i: Int) -> [ParagraphLayout] { slots.withLock { $0[i] } }
}
