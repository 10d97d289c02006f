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
    static let cases: [(name: String, unit: String, prefix: String, width: Double)] = [
        ("combining marks on one base", "\u{0301}", "a", 343),
        ("Thai SARA AM on one base", "\u{0E33}", "\u{0E01}", 343),
        ("Devanagari consonant and virama", "\u{0915}\u{094D}", "", 343),
        ("a ZWJ chain", "\u{200D}\u{1F469}", "\u{1F468}", 343),
        ("Hangul leading jamo", "\u{1100}", "", 343),
        ("one long word at a narrow width", "x", "", 5),
        ("a long run of spaces", " ", "a", 50),
    ]

    /// This thread's processor time in seconds.
    static func cpuTime() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    @Test("measuring grows linearly with the input", arguments: cases.indices)
    func ladder(_ index: Int) {
        let c = Self.cases[index]
        let engine = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
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
