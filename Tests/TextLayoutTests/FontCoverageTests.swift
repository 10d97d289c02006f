import CHarfBuzz
import Testing
import TestSupport
@testable import TextLayout

/// A font's coverage (``Font/covers(_:)``, the bit set font fallback reads) is exactly the code
/// points its `cmap` maps, held to HarfBuzz's own reading of the table.
@Suite("Font coverage")
struct FontCoverageTests {
    @Test(
        "every code point, in every font of the bundled and the per-script stacks (ranges of one code point, of many, across 64-bit words, up to U+10FFFF): covered exactly when the cmap maps it"
    )
    func coverageIsTheCmap() {
        for font in Fixtures.fonts.fonts + Fixtures.scriptsFonts.fonts {
            let set = hb_set_create()!
            defer { hb_set_destroy(set) }
            hb_face_collect_unicodes(hb_font_get_face(font.hbFont), set)
            var wrong: [UInt32] = []
            for codepoint in UInt32(0)..<0x110000 {
                let inCmap = hb_set_has(set, codepoint) != 0
                if font.coverage.contains(codepoint) != inCmap {
                    wrong.append(codepoint)
                    if wrong.count == 5 { break }
                }
            }
            #expect(wrong.isEmpty, "\(font.familyName): \(wrong.map { String($0, radix: 16) })")
            #expect(!font.coverage.contains(0x110000) && !font.coverage.contains(UInt32.max))
        }
    }
}
