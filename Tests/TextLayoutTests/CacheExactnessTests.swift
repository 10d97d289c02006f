import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// The segment cache never changes a result: an engine with a cache and one without give
/// bit-identical runs and layouts for every text, whatever was measured before.
@Suite("Segment cache exactness")
struct CacheExactnessTests {
    /// Compares a cached engine (shared by every text, so pieces come back in new
    /// neighbourhoods) with an uncached one; returns the texts that differ.
    static func differences(count: Int, seed: UInt64) -> [String] {
        let uncached = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
        let cached = TextEngine(fonts: Fixtures.fonts)
        var anything = RandomText(seed: seed)
        var palettes = [4, 8, 16, 48].map { PaletteText(seed: seed &+ UInt64($0), paletteSize: $0) }
        var found: [String] = []
        for i in 0..<count {
            // A quarter over all of Unicode, the rest over small palettes (some long: runs of
            // eight pieces and more take the window-shaping path).
            let text = i % 4 == 0 ? anything.shortText() : palettes[i % palettes.count].next(maxCount: i % 5 == 0 ? 64 : 12)
            let style = TextStyle(fontSize: [17, 16, 12.5][i % 3])
            let a = uncached.prepare(text, style: style)
            let b = cached.prepare(text, style: style)
            if a.textRuns.map(\.advance) != b.textRuns.map(\.advance) || a.layout(width: 60) != b.layout(width: 60)
                || a.layout(width: 200) != b.layout(width: 200) {
                found.append(text)
            }
        }
        return found
    }

    @Test("100,000 random texts over every script, control, mark and unassigned code point: cached equals uncached")
    func randomTexts() {
        // FEEDLAYOUT_CACHE_TEXTS raises the count (the 1,000,000-text run in Fuzz/README.md).
        let count = Int(ProcessInfo.processInfo.environment["FEEDLAYOUT_CACHE_TEXTS"] ?? "") ?? 100_000
        let seed = UInt64(ProcessInfo.processInfo.environment["FEEDLAYOUT_CACHE_SEED"] ?? "") ?? 0xCAC4E
        let found = Self.differences(count: count, seed: seed)
        #expect(found.isEmpty, "\(found.count) texts differ, e.g. \(found.prefix(5).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
    }

    @Test("a mark after a control is shaped in its run, never taken from a piece shaped elsewhere",
          arguments: [("\u{11A8}\t\u{05BC}\u{FFFC}\u{11A8}", "\u{05BC}\u{FFFC}"),
                      ("\u{4E2D} \t\u{05BC}\u{FFFC}", "\t\u{05B0}\u{FFFC}\u{FFFC}"),
                      ("a\t\u{05B0}\u{5BC}\u{FFFC}", "a\t\u{05B0}\u{FFFC}")])
    func markAfterControl(before: String, text: String) {
        let style = TextStyle(fontSize: 16)
        let uncached = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
        let cached = TextEngine(fonts: Fixtures.fonts)
        for warm in [before, text, before + text, text + before] { _ = cached.prepare(warm, style: style) }
        for measured in [text, before + text, text + before, before] {
            #expect(cached.prepare(measured, style: style).textRuns.map(\.advance)
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
        #expect(engine.prepare(text).textRuns.map(\.advance)
                == TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0).prepare(text).textRuns.map(\.advance))
    }
}
