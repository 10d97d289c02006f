import Foundation
import Testing
import TestSupport
@testable import TextLayout

@Suite("Missing glyphs")
struct MissingGlyphsTests {
    let engine = Fixtures.engine

    @Test("characters no font has are reported with their ranges, in text order")
    func reported() {
        let text = "hi \u{13000} 中文 \u{E000}\u{E000}😀"
        let missing = engine.prepare(text).missingGlyphs
        #expect(missing.map(\.scalar) == ["\u{13000}", "\u{E000}", "\u{E000}"])
        #expect(missing.map(\.range) == [3..<7, 15..<18, 18..<21])
        let bytes = Array(text.utf8)
        for glyph in missing {
            #expect(String(decoding: bytes[glyph.range], as: UTF8.self) == String(glyph.scalar))
        }
        #expect(missing[0].description == "U+13000 at 3..<7" && missing[1].codePoint == "U+E000")
        #expect(MissingGlyph(scalar: "\u{41}", range: 0..<1).codePoint == "U+0041")
    }

    /// Issue 22 item 4: a grapheme cluster that no font has whole fell to its base's font, so a
    /// mark or a modifier that font lacks was measured as .notdef and reported as no font's,
    /// though another font has it (U+1F3FB after 中, U+0301 after 😀).
    @Test(
        "a mark or modifier its base's font lacks takes a font from the fallback stack; only what no font has is reported",
        arguments: [
            ("中\u{0308}", "中", [String]()), ("中\u{1AB0}", "中", []), ("😀\u{0301}", "😀", []),
            ("中🏻", "中", []), ("中\u{3000}🏻", "中\u{3000}", []),
            ("x\u{10FFFD}\u{0301}", "x\u{10FFFD}", ["\u{10FFFD}"]),
        ])
    func marksFromFallback(text: String, base: String, missing: [String]) {
        let prepared = engine.prepare(text)
        #expect(prepared.missingGlyphs.map { String($0.scalar) } == missing)
        // The mark adds no .notdef: no glyph 0 but for what no font has.
        let glyphs = prepared.glyphLines(of: prepared.layout(width: 1_000)).flatMap { $0.runs.flatMap(\.glyphs) }
        #expect(glyphs.filter { $0.id == 0 }.count == missing.count)
        // The grapheme clusters are Swift's.
        #expect(prepared.graphemeClusterRanges.count == text.count)
        if text.unicodeScalars.last!.properties.generalCategory == .nonspacingMark {
            // Never cut between a base and its mark (no break opportunity there), even at width 0.
            let narrow = prepared.layout(width: 0)
            #expect(
                narrow.lines.allSatisfy { line in
                    prepared.graphemeClusterRanges.contains { $0.lowerBound == line.range.lowerBound }
                })
            // A combining mark adds little to the width: zero in most fonts.
            let width = prepared.layout(width: 1_000).lines[0].width
            #expect(width - engine.layout(base, width: 1_000).lines[0].width < 1, "\(width)")
        }
    }

    @Test("text the stack draws, and characters that need no glyph, report nothing")
    func nothingMissing() {
        var withAttachment = AttributedText("笑")
        withAttachment.append(TextAttachment(width: 17, ascent: 14, descent: 3))
        for text: AttributedText in [
            "", "hello, world", "产品介绍没有说明该怎么去装XP", "👨‍👩‍👧 🏳️‍🌈 ❤️ 1️⃣ 🇨🇳 👍🏻",
            "tab\there\nline\r\nsep\u{2028}para\u{2029}end\u{0B}\u{0C}\u{85}",
            "soft\u{00AD}hyphen zero\u{200B}width\u{200D}joiner\u{FE0F}",
            "e\u{0301} a\u{0308}", withAttachment,
        ] {
            #expect(engine.prepare(text).missingGlyphs.isEmpty, "\(text)")
        }
        // The corpus: only private-use characters (old Weibo emoji codes) have no glyph.
        let reported = Fixtures.corpusTexts.prefix(1_000).flatMap { engine.prepare($0).missingGlyphs.map(\.scalar) }
        #expect(reported == ["\u{E139}"])
    }

    @Test("a character its font lacks but draws through a decomposition is not reported")
    func decomposition() throws {
        let cjk = try Font(path: Fixtures.fontsDirectory + "/NotoSansCJK-Regular.ttc", faceIndex: 2)
        #expect(!cjk.covers("\u{212A}") && cjk.covers("K"), "KELVIN SIGN decomposes to K")
        let cjkOnly = TextEngine(fonts: try FontStack([cjk]))
        #expect(cjkOnly.prepare("\u{212A} 中").missingGlyphs.isEmpty)
        #expect(cjkOnly.prepare("\u{E000}").missingGlyphs.map(\.scalar) == ["\u{E000}"])
        let emojiOnly = TextEngine(fonts: try FontStack(files: [Fixtures.fontsDirectory + "/NotoColorEmoji.ttf"]))
        #expect(emojiOnly.prepare("a😀b").missingGlyphs.map(\.range) == [0..<1, 5..<6])
    }

    @Test("single characters from every plane: reported exactly when no font of the stack has them")
    func randomScalars() {
        var random = SplitMix(seed: 15)
        let fonts = engine.fonts.fonts
        for _ in 0..<300 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<(1 + random.below(12)) {
                // Mostly the planes with text, sometimes anywhere (unassigned, private use).
                let value = random.below(4) == 0 ? random.below(0x110000) : random.below(0x30000)
                guard let scalar = Unicode.Scalar(UInt32(value)),
                    scalar.properties.generalCategory != .nonspacingMark,
                    scalar.properties.generalCategory != .spacingMark,
                    scalar.properties.generalCategory != .enclosingMark,
                    !scalar.properties.isGraphemeExtend, !scalar.properties.isDefaultIgnorableCodePoint,
                    scalar.properties.generalCategory != .control, scalar.properties.generalCategory != .format,
                    scalar.properties.generalCategory != .surrogate,
                    !scalar.properties.isEmojiPresentation, !scalar.properties.isEmoji,
                    scalar.properties.generalCategory != .otherLetter || scalar.value < 0x1100
                        || scalar.value >= 0x1200  // Hangul jamo join
                else { continue }
                scalars.append(scalar)
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let prepared = engine.prepare(text)
            // Each character here makes a cluster of its own, measured with the first font that
            // has it, or font 0 when none does.
            guard prepared.graphemeClusterRanges.count == scalars.count else { continue }
            let expected = scalars.filter { scalar in
                PreparedText.needsGlyph(scalar) && !fonts.contains { $0.covers(scalar) }
            }
            #expect(prepared.missingGlyphs.map(\.scalar) == expected, "\(scalars.map { String($0.value, radix: 16) })")
        }
    }
}
