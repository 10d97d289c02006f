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
}
