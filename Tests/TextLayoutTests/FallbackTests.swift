import Testing
import TestSupport
@testable import TextLayout

@Suite("Font fallback and clusters")
struct FallbackTests {
    let engine = Fixtures.engine

    /// The family of the run holding each UTF-8 offset.
    func families(_ text: String) -> [(String, String)] {
        let prepared = engine.prepare(text)
        let bytes = Array(text.utf8)
        return prepared.textRuns.map { run in
            (String(decoding: bytes[run.range], as: UTF8.self), run.font?.familyName ?? "attachment")
        }
    }

    @Test("each cluster takes the first font that covers it")
    func coverage() {
        let runs = families("Sata驱动XP，好😀")
        // "，" is common punctuation: it takes the script of the text before it (Latin, as
        // Pango does), so it is a run of its own, in the CJK font that covers it.
        #expect(runs.map(\.0) == ["Sata", "驱动", "XP", "，", "好", "😀"])
        #expect(
            runs.map(\.1) == [
                "Noto Sans", "Noto Sans CJK SC", "Noto Sans", "Noto Sans CJK SC", "Noto Sans CJK SC",
                "Noto Color Emoji",
            ])
    }

    @Test("a space stays in the font of the text before it")
    func spacesStick() {
        let runs = families("中文 abc 中")
        #expect(runs.map(\.0) == ["中文 ", "abc ", "中"])
        #expect(runs.map(\.1) == ["Noto Sans CJK SC", "Noto Sans", "Noto Sans CJK SC"])
    }

    /// The font of each code point, as Pango 1.50.12 chooses it on the bundled fonts (its
    /// itemizer, read with `pango_layout`'s runs; Chromium agrees on every case).
    static let pangoSpaceFonts: [(String, [String])] = [
        ("施 (a", ["CJK", "Sans", "Sans", "Sans"]),  // before a bracket: the earlier fallback font
        ("中  1", ["CJK", "Sans", "Sans", "Sans"]),  // a digit
        ("中 “x”", ["CJK", "Sans", "Sans", "Sans", "Sans"]),  // a quote
        ("中 @a", ["CJK", "Sans", "Sans", "Sans"]),
        ("中 #话题#", ["CJK", "Sans", "Sans", "CJK", "CJK", "Sans"]),
        ("中\u{3000}1", ["CJK", "Sans", "Sans"]),  // a space separator Noto Sans lacks: HarfBuzz's fallback
        ("中\u{200B}1", ["CJK", "Sans", "Sans"]),  // a default-ignorable
        ("中 a", ["CJK", "CJK", "Sans"]),  // a Latin letter starts a new script run: no move
        ("中 中", ["CJK", "CJK", "CJK"]),
        ("中 。", ["CJK", "CJK", "CJK"]),
        ("中 ", ["CJK", "CJK"]),
        ("a 中", ["Sans", "Sans", "CJK"]),  // the later fallback font does not take it
        (" 中", ["CJK", "CJK"]),  // leading: the font of the text after it
        ("😀 中", ["Emoji", "CJK", "CJK"]),
        ("😀 😀", ["Emoji", "Sans", "Emoji"]),
        ("😀 ", ["Emoji", "Sans"]),
        ("中 😀", ["CJK", "CJK", "Emoji"]),
    ]

    @Test(
        "spaces, controls and format characters take Pango's font: the better of the fonts around them",
        arguments: pangoSpaceFonts.indices)
    func spaceFontsFollowPango(_ index: Int) {
        let (text, expected) = Self.pangoSpaceFonts[index]
        let prepared = engine.prepare(text)
        let runs = prepared.textRuns
        var got: [String] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let run = runs.first { $0.range.contains(offset) }
            let family = run?.font?.familyName ?? "none"
            got.append(
                family == "Noto Sans"
                    ? "Sans" : family == "Noto Sans CJK SC" ? "CJK" : family == "Noto Color Emoji" ? "Emoji" : family)
            offset += String(scalar).utf8.count
        }
        #expect(got == expected, "\(text.debugDescription)")
        // Both paths (the fused pass and the general analysis) choose alike.
        let general = engine.prepareGeneralPathOnly(AttributedText(text))
        #expect(general.textRuns.map(\.range) == runs.map(\.range))
    }

    @Test("a space after CJK text before a bracket measures as Pango and Chromium do")
    func spaceWidthAfterCJK() {
        // 施 (a: Pango 36.057 px, Chromium 36.062 px at 17 px.
        let width = engine.layout("施 (a", width: 1_000).width
        #expect(abs(width - 36.057) < 0.01, "\(width)")
    }

    @Test(
        "emoji sequences go to the emoji font as one cluster",
        arguments: ["👨‍👩‍👧‍👦", "🏳️‍🌈", "🇨🇳", "👍🏽", "#️⃣", "❤️", "1️⃣"])
    func emojiSequences(_ sequence: String) {
        let text = "外" + sequence + "壳"
        let prepared = engine.prepare(text)
        let clusters = prepared.graphemeClusterRanges
        #expect(clusters.count == 3, "\(sequence) should be one cluster")
        let runs = families(text)
        #expect(runs.map(\.1) == ["Noto Sans CJK SC", "Noto Color Emoji", "Noto Sans CJK SC"])
        #expect(runs[1].0 == sequence)
        // Drawn as one emoji glyph: one emoji advance.
        let emojiRun = prepared.textRuns[1]
        #expect(abs(emojiRun.advance - 2550.0 * 17 / 2048) < 1e-9)
    }

    @Test("a space after an emoji is not drawn in the emoji font")
    func spaceAfterEmoji() {
        let runs = families("好😀 2008")
        #expect(runs.map(\.0) == ["好", "😀", " 2008"])
        #expect(runs.map(\.1) == ["Noto Sans CJK SC", "Noto Color Emoji", "Noto Sans"])
    }

    @Test(
        "emoji-presentation characters follow the fallback order; VS16 selects the colour font",
        arguments: [
            ("⚽", "Noto Sans CJK SC"), ("🆎", "Noto Sans CJK SC"), ("🈚", "Noto Sans CJK SC"), ("🉐", "Noto Sans CJK SC"),
            ("⌚", "Noto Color Emoji"), ("😀", "Noto Color Emoji"), ("❤", "Noto Color Emoji"),
            ("⚽\u{FE0F}", "Noto Color Emoji"), ("🈚\u{FE0F}", "Noto Color Emoji"),
        ])
    func emojiPresentationFollowsFallbackOrder(text: String, family: String) {
        // As Pango 1.50.12 and Chromium draw them on the bundled fonts (both oracles take ⚽ and
        // 🈚 from Noto Sans CJK; with VS16 the colour font is asked for explicitly).
        #expect(families("中" + text + "a").map(\.1).contains(family), "\(text)")
        #expect(families(text).map(\.1) == [family])
    }

    @Test("a digit or heart without VS16 stays text")
    func textPresentation() {
        #expect(families("1").map(\.1) == ["Noto Sans"])
        #expect(families("#").map(\.1) == ["Noto Sans"])
        #expect(families("©").map(\.1) == ["Noto Sans"])
    }

    @Test("a cluster no font covers is measured with the first font's .notdef, not dropped")
    func uncovered() {
        let text = "a\u{E000}b"  // private use: in no bundled font
        let prepared = engine.prepare(text)
        #expect(prepared.graphemeClusterRanges.count == 3)
        let runs = prepared.textRuns
        #expect(runs.allSatisfy { $0.font?.familyName == "Noto Sans" })
        let withNotdef = engine.layout(text, width: 1000).width
        let without = engine.layout("ab", width: 1000).width
        #expect(withNotdef > without + 5, ".notdef has a real advance")
    }

    @Test("right-to-left runs are found by ICU's bidi")
    func bidi() {
        let prepared = engine.prepare("abc שלום def")
        let runs = prepared.textRuns
        #expect(runs.contains { $0.isRightToLeft && $0.script == "Hebr" })
        #expect(runs.first?.isRightToLeft == false)
    }
}
