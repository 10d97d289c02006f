import CTextShims
import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// `Segmenter.isRightToLeftOnly`: where it says a paragraph's levels are all 1 without ICU,
/// ICU's bidi algorithm says so too, on the right-to-left corpora and on random text.
@Suite("Bidi shortcut")
struct BidiShortcutTests {
    /// ICU's levels of `scalars` (paragraph level from the first strong character), per scalar.
    static func icuLevels(_ scalars: [UInt32]) -> [UInt8] {
        var units: [UInt16] = []
        var first: [Int] = []
        for scalar in scalars {
            first.append(units.count)
            units += Array(String(Unicode.Scalar(scalar)!).utf16)
        }
        var levels = [UInt8](repeating: 0, count: units.count)
        let status = ctextshims_bidi_levels(nil, units, Int32(units.count), 0xFE, &levels)
        #expect(status <= 0)
        return first.map { levels[$0] }
    }

    static func check(_ text: String) -> Bool {
        let scalars = text.unicodeScalars.map(\.value)
        let shortcut = scalars.withUnsafeBufferPointer { Segmenter.isRightToLeftOnly($0) }
        return !shortcut || icuLevels(scalars).allSatisfy { $0 == 1 }
    }

    @Test(
        "the right-to-left corpora: every paragraph the shortcut takes is all level 1 in ICU",
        arguments: ["arabic", "persian", "hebrew", "rtl-social"])
    func corpora(corpus: String) {
        let texts = Fixtures.scriptCorpus(corpus)
        let taken = texts.filter { text in
            text.unicodeScalars.map(\.value).withUnsafeBufferPointer { Segmenter.isRightToLeftOnly($0) }
        }
        #expect(texts.filter { !Self.check($0) }.isEmpty)
        if corpus != "rtl-social" { #expect(taken.count > texts.count / 3, "the shortcut serves most paragraphs") }
    }

    @Test("random right-to-left letters among neutrals, marks, separators, ZWNJ, tabs and other classes")
    func randomTexts() {
        var generator = SplitMix(seed: 0xB1D1)
        let pool: [UInt32] = [
            0x05D0, 0x05E9, 0x0627, 0x0628, 0x06CC, 0x0710, 0x07C0, 0x0020, 0x0009, 0x002C, 0x002E, 0x003A, 0x002F,
            0x002B, 0x002D, 0x0025, 0x0024, 0x0023, 0x0021, 0x0028, 0x0029, 0x00AB, 0x00BB, 0x060C, 0x061F, 0x064E,
            0x0651, 0x05B4, 0x200C, 0x200D, 0x00AD, 0x2013, 0x3000, 0x0041, 0x0031, 0x0661, 0x06F1, 0x200E, 0x200F,
            0x202B, 0x2067, 0x2069, 0x1F600, 0x061C, 0xFEFF, 0x0300,
        ]
        var taken = 0
        for _ in 0..<20_000 {
            let count = 1 + generator.below(12)
            let text = String(
                String.UnicodeScalarView((0..<count).map { _ in Unicode.Scalar(pool[generator.below(pool.count)])! }))
            let scalars = text.unicodeScalars.map(\.value)
            if scalars.withUnsafeBufferPointer({ Segmenter.isRightToLeftOnly($0) }) { taken += 1 }
            #expect(Self.check(text), "\(scalars.map { String($0, radix: 16) })")
        }
        #expect(taken > 100)
    }

    /// Paragraphs the fused pass took as right to left only, on this thread so far.
    static var fusedSoFar: Int { StageWorkspace.with { $0.segmenter.fusedRightToLeftParagraphs } }

    /// Whether the engine's way (the fused pass where it applies) and the general path give the
    /// same runs (ranges, scripts, directions, advances), clusters, opportunities and layouts.
    static func fusedEqualsGeneral(_ text: String, engine: TextEngine) -> Bool {
        let fused = engine.prepare(text)
        let general = engine.prepareGeneralPathOnly(AttributedText(text))
        let runs = { (p: PreparedText) in
            p.textRuns.map { "\($0.range) \($0.script) \($0.isRightToLeft) \($0.advance)" }
        }
        return runs(fused) == runs(general) && fused.graphemeClusterRanges == general.graphemeClusterRanges
            && fused.breakOpportunities == general.breakOpportunities
            && [0.0, 40, 120, 343].allSatisfy { fused.layout(width: $0) == general.layout(width: $0) }
    }

    @Test(
        "the right-to-left corpora in their fonts: the fused pass takes right-to-left-only paragraphs and measures them as the general path does",
        arguments: ["arabic", "persian", "hebrew", "rtl-social"])
    func fusedPassOnCorpora(corpus: String) {
        let engine = TextEngine(fonts: Fixtures.scriptsFonts, segmentCacheCapacity: 0)
        let texts = Fixtures.scriptCorpus(corpus)
        let before = Self.fusedSoFar
        let differing = texts.filter { !Self.fusedEqualsGeneral($0, engine: engine) }
        let differingCount = differing.count
        #expect(differingCount == 0, "\(differingCount) differ, e.g. \(differing.prefix(3))")
        if corpus != "rtl-social" { #expect(Self.fusedSoFar - before > texts.count / 4, "the fused pass serves them") }
    }

    @Test("random right-to-left letters among every class: the fused pass measures as the general path does")
    func fusedPassOnRandomTexts() {
        let engine = TextEngine(fonts: Fixtures.scriptsFonts, segmentCacheCapacity: 0)
        var generator = SplitMix(seed: 0xF05ED)
        // Hebrew and Arabic letters, neutrals, separators, brackets, digits (EN, AN), Latin,
        // marks, joiners, bidi marks and isolates, an emoji, a CJK character, U+FFFC.
        let pool: [UInt32] = [
            0x05D0, 0x05E9, 0x05DD, 0x0627, 0x0628, 0x0644, 0x06CC, 0x0020, 0x0009, 0x002C, 0x002E, 0x003A, 0x002F,
            0x002B, 0x002D, 0x0025, 0x0024, 0x0021, 0x0028, 0x0029, 0x005B, 0x005D, 0x00AB, 0x00BB, 0x060C, 0x061F,
            0x064E, 0x05B4, 0x200C, 0x200D, 0x00AD, 0x2013, 0x0041, 0x0031, 0x0661, 0x06F1, 0x200E, 0x200F, 0x202B,
            0x2067, 0x2069, 0x1F600, 0x061C, 0x4E2D, 0xFFFC, 0x05BE, 0x05F3, 0x0022,
        ]
        let before = Self.fusedSoFar
        var differing: [String] = []
        for _ in 0..<6_000 {
            let count = 1 + generator.below(14)
            let text = String(
                String.UnicodeScalarView((0..<count).map { _ in Unicode.Scalar(pool[generator.below(pool.count)])! }))
            if !Self.fusedEqualsGeneral(text, engine: engine) {
                differing.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        let differingCount = differing.count
        #expect(differingCount == 0, "\(differingCount) differ, e.g. \(differing.prefix(3))")
        #expect(Self.fusedSoFar - before > 300, "the fused pass took right-to-left paragraphs")
    }
}
