import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// Measuring takes time linear in the input for every input, including the ones HarfBuzz alone
/// would take quadratic time over (one cluster of thousands of code points). Each case is
/// measured at 10k, 20k, 40k, 80k and 160k units; the test bounds how the processor time
/// grows (linear: 16 times from 10k to 160k; quadratic: 256 times), not the time itself.
@Suite("Linear time")
struct LinearTimeTests {
    /// Each case's text is `prefix` and `unit` repeated; `font`, when given, is a Debian Noto
    /// font (fonts-noto-core, which the test script installs) put before the bundled ones, so
    /// that the script is shaped for real and not as .notdef boxes.
    static let cases: [(name: String, unit: String, prefix: String, width: Double, font: String?)] = [
        ("combining marks on one base", "\u{0301}", "a", 343, nil),
        ("Thai SARA AM on one base", "\u{0E33}", "\u{0E01}", 343, nil),
        ("Devanagari consonant and virama", "\u{0915}\u{094D}", "", 343, nil),
        ("Devanagari conjuncts, shaped", "\u{0915}\u{094D}", "", 343, "NotoSansDevanagari-Regular.ttf"),
        ("Bengali conjuncts, shaped", "\u{0995}\u{09CD}", "", 343, "NotoSansBengali-Regular.ttf"),
        ("a Khmer coeng chain (.notdef)", "\u{1780}\u{17D2}", "", 343, nil),
        ("a Khmer coeng chain, shaped", "\u{1780}\u{17D2}", "", 343, "NotoSansKhmer-Regular.ttf"),
        ("Myanmar stacked consonants (.notdef)", "\u{1019}\u{1039}", "", 343, nil),
        ("Myanmar stacked consonants, shaped", "\u{1019}\u{1039}", "", 343, "NotoSansMyanmar-Regular.ttf"),
        (
            "Myanmar syllables with asat and medials, shaped", "\u{1000}\u{103B}\u{103A}", "", 343,
            "NotoSansMyanmar-Regular.ttf"
        ),
        ("a run of marks on a space", "\u{0308}", " ", 343, nil),
        ("spaces each with a mark (breaks inside clusters)", " \u{0308}", "a", 343, nil),
        ("skin-tone modifiers after a non-emoji base", "\u{1F3FB}", "a", 343, nil),
        ("a ZWJ chain", "\u{200D}\u{1F469}", "\u{1F468}", 343, nil),
        ("Hangul leading jamo", "\u{1100}", "", 343, nil),
        ("one long word at a narrow width", "x", "", 5, nil),
        ("a long run of spaces", " ", "a", 50, nil),
    ]

    static func engine(font: String?) throws -> TextEngine {
        guard let font else { return TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0) }
        let stack = try FontStack(
            [try Font(path: "/usr/share/fonts/truetype/noto/" + font)] + Fixtures.fonts.fonts)
        return TextEngine(fonts: stack, segmentCacheCapacity: 0)
    }

    /// This thread's processor time in seconds.
    static func cpuTime() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    @Test("measuring grows linearly with the input", arguments: cases.indices)
    func ladder(_ index: Int) throws {
        let c = Self.cases[index]
        let engine = try Self.engine(font: c.font)
        var times: [Double] = []
        for units in [10_000, 20_000, 40_000, 80_000, 160_000] {
            let text = c.prefix + String(repeating: c.unit, count: units)
            var best = Double.infinity
            for _ in 0..<2 {  // the better of two: the machine is shared
                let start = Self.cpuTime()
                let layout = engine.layout(text, width: c.width)
                best = min(best, Self.cpuTime() - start)
                #expect(layout.lineCount >= 1)
            }
            times.append(best)
        }
        let growth = times[4] / times[0]
        #expect(growth < 48, "\(c.name): \(times.map { String(format: "%.3f", $0) }) s, growth \(growth)")
        #expect(times[4] / times[3] < 3.2, "\(c.name): \(times.map { String(format: "%.3f", $0) }) s")
    }
}
