import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// The glyphs of a layout's lines are the measurement's own: their advances add up to each
/// line's width, and consecutive lines draw every cluster of the text exactly once.
@Suite("Glyph runs")
struct GlyphRunTests {
    let engine = Fixtures.engine

    /// Texts with kerned pairs at line edges, ligatures, emoji sequences, marks, scripts side by
    /// side, hard breaks, white space runs and hanging spaces.
    static let texts: [String] =
        LineEdgeTests.texts + [
            "office affine ffl fi — Wavy AVA To. Yo, \"quoted\" L'été", "👨‍👩‍👧‍👦🏳️‍🌈👍🏽 1️⃣ 🇨🇳🇯🇵 emoji 😀😀",
            "中A中A中A 한국어 텍스트 日本語のテキスト ภาษาไทย", "e\u{301}e\u{301}\u{302} n\u{303} a\u{20DD}",
            "first line\nsecond  line   \n\nfourth\r\nfifth", "    leading spaces and trailing spaces    ",
            "supercalifragilisticexpialidocious_and_a_very_long_unbreakable_word_indeed",
            "产品介绍没有说明该怎么去装XP，幸亏我有带Sata驱动的XP，要不然肯定搞不定了！",
            "hello !world ? ( spaced ) 「 空格 」", "\u{FFFC}bare object replacement",
        ]

    static var corpus: [String] {
        Array(Fixtures.corpusTexts.prefix(250)) + Array(Fixtures.corpusTexts.suffix(50))
    }

    static let styles: [TextStyle] = [TextStyle(fontSize: 17), TextStyle(fontSize: 15, lineHeight: .multiple(1.34))]
    static let widths: [Double] = [18, 45, 120, 200, 343]

    /// The advances of a line's glyphs, hanging white space excluded.
    static func advance(_ glyphLine: GlyphLine) -> Double {
        glyphLine.runs.reduce(0) { $0 + $1.width } - glyphLine.hangingWhiteSpace
    }

    @Test(
        "the sum of a line's advances equals its reported width (cut words, edges, truncation and attachments included)"
    )
    func advancesAddUpToWidths() {
        var lines = 0
        var truncated = 0
        let token = AttributedText("…全文")
        for text in Self.texts + Self.corpus {
            for style in Self.styles {
                let prepared = engine.prepare(text, style: style)
                for width in Self.widths {
                    for maxLines in [nil, 2] as [Int?] {
                        let layout = prepared.layout(width: width, maxLines: maxLines, truncationToken: token)
                        for glyphLine in prepared.glyphLines(of: layout, truncationToken: token) {
                            let sum = Self.advance(glyphLine)
                            #expect(
                                abs(sum - glyphLine.line.width) <= 1e-6 * max(1, glyphLine.line.width),
                                "\(text.debugDescription) at \(width), line \(glyphLine.line.range): glyphs \(sum), width \(glyphLine.line.width)"
                            )
                            lines += 1
                            if glyphLine.line.isTruncated { truncated += 1 }
                        }
                    }
                }
            }
        }
        #expect(lines > 20_000)
        #expect(truncated > 1_000)
    }

    @Test("glyphs of consecutive lines cover the text exactly once (hard breaks aside)")
    func linesCoverTheTextOnce() {
        var checked = 0
        for text in Self.texts + Self.corpus {
            let bytes = Array(text.utf8)
            let prepared = engine.prepare(text)
            for width in Self.widths {
                let layout = prepared.layout(width: width)
                var covered = [Int](repeating: 0, count: bytes.count)
                for glyphLine in prepared.glyphLines(of: layout) {
                    // The runs tile the line's range in logical order...
                    let runs = glyphLine.runs.sorted { $0.range.lowerBound < $1.range.lowerBound }
                    var next = glyphLine.line.range.lowerBound
                    for run in runs {
                        #expect(
                            run.range.lowerBound == next && !run.range.isEmpty, "\(text.debugDescription) at \(width)")
                        next = run.range.upperBound
                        // ...and each run's glyph clusters tile the run: the first cluster starts
                        // it, none lies outside it.
                        if run.attachment == nil {
                            let clusters = Set(run.glyphs.map(\.cluster)).sorted()
                            #expect(clusters.first == run.range.lowerBound, "\(text.debugDescription): \(run.range)")
                            #expect(
                                clusters.allSatisfy { run.range.contains($0) }, "\(text.debugDescription): \(run.range)"
                            )
                        } else {
                            #expect(run.glyphs.isEmpty && bytes[run.range] == [0xEF, 0xBF, 0xBC][...])
                        }
                        for offset in run.range { covered[offset] += 1 }
                    }
                    #expect(
                        next == glyphLine.line.range.upperBound,
                        "\(text.debugDescription) at \(width): \(glyphLine.line.range)")
                }
                Self.expectCoveredOnce(covered, text: text, width: width)
                checked += 1
            }
        }
        #expect(checked > 1_000)
    }

    /// Every byte drawn once but those of hard breaks, never drawn.
    static func expectCoveredOnce(_ covered: [Int], text: String, width: Double) {
        var offset = 0
        for scalar in text.unicodeScalars {
            let isHardBreak = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value)
            for byte in offset..<(offset + String(scalar).utf8.count) where covered[byte] != (isHardBreak ? 0 : 1) {
                Issue.record(
                    "\(text.debugDescription) at \(width): byte \(byte) (U+\(String(scalar.value, radix: 16))) drawn \(covered[byte]) times"
                )
            }
            offset += String(scalar).utf8.count
        }
    }

    /// Random text over all of Unicode reaches one case where a line's glyphs and its width
    /// differ, and only that one: a combining mark missing from the font that begins a run (it
    /// follows a control or a format character, or starts a line cut inside a word). HarfBuzz
    /// gives such a mark the .notdef's advance when it is the last glyph of the buffer and 0
    /// when text follows it, and line filling measures a cut word's last line alone up to the
    /// word's end where drawing shapes the line's whole run part: the two differ by whole
    /// .notdef advances. No real text has a mark there.
    static func beginsRunWithMissingMark(_ line: GlyphLine, bytes: [UInt8]) -> Bool {
        line.runs.contains { run in
            guard !run.isTruncationToken, !run.range.isEmpty,
                run.glyphs.contains(where: { $0.cluster == run.range.lowerBound && $0.id == 0 }),
                let scalar = String(decoding: bytes[run.range], as: UTF8.self).unicodeScalars.first
            else { return false }
            return [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
        }
    }

    @Test("random text over all of Unicode: advances add up to widths, and every byte is drawn once")
    func randomText() {
        var random = RandomText(seed: 14)
        let token = AttributedText("…全文")
        // Noto Sans's .notdef advance at 17 points (600 units of 1000).
        let notdef = 600.0 * 17 / 1000
        var lines = 0
        var markLines = 0
        for _ in 0..<1_500 {
            let text = random.text(count: 1 + random.generator.below(60))
            let bytes = Array(text.utf8)
            let prepared = engine.prepare(text)
            for width in [10.0, 40, 150] {
                for maxLines in [nil, 2] as [Int?] {
                    let layout = prepared.layout(width: width, maxLines: maxLines, truncationToken: token)
                    var covered = [Int](repeating: 0, count: text.utf8.count)
                    for glyphLine in prepared.glyphLines(of: layout, truncationToken: token) {
                        for run in glyphLine.runs where !run.isTruncationToken {
                            for offset in run.range { covered[offset] += 1 }
                        }
                        var difference = Self.advance(glyphLine) - glyphLine.line.width
                        lines += 1
                        if Self.beginsRunWithMissingMark(glyphLine, bytes: bytes) && abs(difference) > 1e-6 {
                            markLines += 1
                            difference -= (difference / notdef).rounded() * notdef
                        }
                        #expect(
                            abs(difference) <= 1e-6 * max(1, glyphLine.line.width),
                            "\(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(width): \(difference) off \(glyphLine.line.width)"
                        )
                    }
                    if maxLines == nil { Self.expectCoveredOnce(covered, text: text, width: width) }
                }
            }
        }
        #expect(lines > 20_000)
        #expect(markLines < lines / 100)
    }

    @Test("runs follow each other on the line and glyphs follow the pen")
    func positions() {
        let text = "Wavy 中A中 😀 \(AttributedText.attachmentCharacter) text"
        let prepared = engine.prepare(text, style: TextStyle(fontSize: 20))
        let layout = prepared.layout(width: 500)
        let glyphLine = prepared.glyphLines(of: layout)[0]
        var pen = 0.0
        for run in glyphLine.runs {
            #expect(abs(run.x - pen) < 1e-9)
            var x = run.x
            for glyph in run.glyphs {
                #expect(abs(glyph.x - x) < 1e-9)  // no mark offsets in this text
                x += glyph.advance
            }
            pen = run.x + run.width
        }
        #expect(abs(pen - glyphLine.line.width) < 1e-9)
        // Glyph IDs are the fonts' own.
        let fonts = engine.fonts.fonts
        let wavy = glyphLine.runs[0]
        #expect(wavy.font === fonts[0])
        #expect(wavy.glyphs.map(\.id).prefix(4) == ["W", "a", "v", "y"].map { fonts[0].glyph(for: $0)! }[...])
        let han = glyphLine.runs.first { $0.font === fonts[1] }!
        #expect(han.glyphs.first?.id == fonts[1].glyph(for: "中"))
        let emoji = glyphLine.runs.first { $0.font === fonts[2] }!
        #expect(emoji.glyphs.count == 1)
    }

    @Test("a run aligns on the baseline of the line's first run: Latin after Han sits 83 units up")
    func baselines() {
        let prepared = engine.prepare("中A中A", style: TextStyle(fontSize: 1000))
        let line = prepared.glyphLines(of: prepared.layout(width: 5_000))[0]
        #expect(line.runs.count == 4)
        #expect(line.runs[0].baseline == line.line.baseline)
        #expect(line.runs[2].baseline == line.line.baseline)
        #expect(abs((line.line.baseline - line.runs[1].baseline) - 83) < 1e-9)
        #expect(line.runs[1].glyphs.allSatisfy { $0.y == line.runs[1].baseline })
        // Starting with Latin, the Han runs align on Noto Sans's roman baseline (no rise).
        let latin = engine.prepare("A中A中", style: TextStyle(fontSize: 1000))
        let latinLine = latin.glyphLines(of: latin.layout(width: 5_000))[0]
        #expect(Set(latinLine.runs.map { latinLine.line.baseline - $0.baseline }).count == 1)
    }

    @Test("attachments are runs of their own, with the rectangle they were measured with")
    func attachments() {
        var text = AttributedText("笑")
        text.append(TextAttachment(width: 17, ascent: 14, descent: 3))
        text.append("死了")
        text.append(TextAttachment(width: 30, ascent: 20, descent: 5))
        let prepared = engine.prepare(text)
        let line = prepared.glyphLines(of: prepared.layout(width: 500))[0]
        let attachments = line.runs.filter { $0.attachment != nil }
        #expect(attachments.count == 2)
        #expect(
            attachments[0].attachmentFrame
                == TextRect(x: attachments[0].x, y: line.line.baseline - 14, width: 17, height: 17))
        #expect(
            attachments[1].attachmentFrame
                == TextRect(x: attachments[1].x, y: line.line.baseline - 20, width: 30, height: 25))
        #expect(attachments[0].range == 3..<6)
        #expect(line.runs[0].attachmentFrame == nil)
        #expect(abs(Self.advance(line) - line.line.width) < 1e-9)
    }

    @Test(
        "an attachment followed by a ZWJ, a combining mark or a variation selector (one cluster) is still the attachment: measured and drawn as its box, never as U+FFFC's glyph",
        arguments: ["\u{200D}", "\u{0301}", "\u{FE0F}", "\u{200D}\u{0301}"])
    func attachmentWithMarks(_ marks: String) {
        var text = AttributedText("笑")
        text.append(TextAttachment(width: 17, ascent: 14, descent: 3))
        text.append(marks + "好")
        var plain = AttributedText("笑")
        plain.append(TextAttachment(width: 17, ascent: 14, descent: 3))
        plain.append("好")
        let prepared = engine.prepare(text)
        let layout = prepared.layout(width: 500)
        #expect(abs(layout.width - engine.prepare(plain).singleLineWidth) < 1e-9, "as wide as without the marks")
        let line = prepared.glyphLines(of: layout)[0]
        let attachments = line.runs.filter { $0.attachment != nil }
        #expect(attachments.count == 1 && attachments[0].width == 17 && attachments[0].glyphs.isEmpty)
        #expect(attachments.first?.range == 3..<(6 + marks.utf8.count), "the marks belong to the attachment's run")
        #expect(prepared.missingGlyphs.isEmpty)
        #expect(abs(Self.advance(line) - line.line.width) < 1e-9)
    }

    @Test("a truncated line ends in the token's glyphs, as wide as the token measured")
    func truncationToken() {
        let token = AttributedText("…全文")
        let text = String(repeating: "今天天气不错，出去走走。", count: 8)
        let prepared = engine.prepare(text)
        let layout = prepared.layout(width: 200, maxLines: 2, truncationToken: token)
        let lines = prepared.glyphLines(of: layout, truncationToken: token)
        #expect(lines.count == 2 && lines[1].line.isTruncated)
        #expect(lines[0].runs.allSatisfy { !$0.isTruncationToken })
        let tokenRuns = lines[1].runs.filter(\.isTruncationToken)
        #expect(!tokenRuns.isEmpty && lines[1].runs.last!.isTruncationToken)
        let tokenWidth = engine.prepare(token).singleLineWidth
        #expect(abs(tokenRuns.reduce(0) { $0 + $1.width } - tokenWidth) < 1e-9)
        #expect(tokenRuns.flatMap(\.glyphs).allSatisfy { $0.cluster < token.string.utf8.count })
        #expect(abs(tokenRuns[0].x - (lines[1].line.width - tokenWidth)) < 1e-9)
        // The same line asked for alone.
        let alone = prepared.glyphLine(of: layout.lines[1], truncationToken: token)
        #expect(alone.runs.map(\.x) == lines[1].runs.map(\.x))
    }

    @Test("right-to-left runs are drawn in visual order, their glyphs right to left")
    func bidiOrder() {
        // An RTL paragraph: "א ב 12 ג" shows, left to right, ג, then 12, then ב, then א.
        let text = "אב 12 גד"
        let prepared = engine.prepare(text)
        let line = prepared.glyphLines(of: prepared.layout(width: 1_000))[0]
        let number = line.runs.firstIndex {
            !$0.isRightToLeft && String(decoding: Array(text.utf8)[$0.range], as: UTF8.self).contains("12")
        }
        #expect(number != nil)
        // Every glyph left of the number belongs to text after it, and the reverse.
        if let number {
            let numberStart = line.runs[number].range.lowerBound
            #expect(line.runs[..<number].allSatisfy { $0.range.lowerBound > numberStart })
            #expect(line.runs[(number + 1)...].allSatisfy { $0.range.lowerBound < numberStart })
            let digits = line.runs[number].glyphs.map(\.cluster)
            #expect(digits == digits.sorted())
        }
        for run in line.runs where run.isRightToLeft {
            let clusters = run.glyphs.map(\.cluster)
            #expect(clusters == clusters.sorted(by: >), "\(run.range)")
        }
        #expect(VisualOrder.of(levels: [0, 1, 1, 2, 1, 0]) == [0, 4, 3, 2, 1, 5])
        #expect(VisualOrder.of(levels: [1, 2, 2, 1]) == [3, 1, 2, 0])
        #expect(VisualOrder.of(levels: [0, 0]) == [0, 1])
    }
}
