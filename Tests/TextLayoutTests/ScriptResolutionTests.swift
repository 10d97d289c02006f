import Testing
import TestSupport
@testable import TextLayout

/// UAX #24's script resolution, as Pango's and HarfBuzz's itemizers do it: Common characters
/// take the script before them, and a closing bracket the script of its opening bracket.
@Suite("Script resolution")
struct ScriptResolutionTests {
    let engine = Fixtures.engine

    /// The UTF-8 ranges of the glyph runs of a one-line text.
    func runs(_ text: String) -> [Range<Int>] {
        let prepared = engine.prepare(text)
        return prepared.glyphLines(of: prepared.layout(width: 10_000)).flatMap { $0.runs.map(\.range) }
    }

    @Test(
        "a closing bracket after a word of another script takes its opening bracket's script: ы (F) as Pango and Chromium"
    )
    func closingBracket() {
        // Pango and Chromium, Noto Sans at 17 px: 36.668 (the `)` is not kerned with `F`).
        let width = engine.layout("ы (F)", width: 1_000).lines[0].width
        #expect(abs(width - 36.668) < 0.002, "\(width)")
        // `)` is a run of its own, apart from the Latin `F`.
        let text = "ы (F)"
        let close = Array(text.utf8).count - 1
        #expect(runs(text).contains(close..<(close + 1)), "\(runs(text))")
    }

    @Test(
        "nested and unmatched brackets",
        arguments: [
            // text, the byte offset of a closing bracket, whether it stands apart from the word before
            ("ы [F (G) H] x", "ы [F (G) H".utf8.count, true),  // `]` closes `[`, opened after Cyrillic
            ("ы [F (G) H] x", "ы [F (G".utf8.count, false),  // `)` closes `(`, opened after Latin
            ("ы F) x", "ы F".utf8.count, false),  // no opening bracket: the script before
            ("(F) ы", "(F".utf8.count, false),  // opened at the start: the first script's
        ])
    func nested(text: String, offset: Int, apart: Bool) {
        let runs = runs(text)
        let holding = runs.first { $0.contains(offset) }!
        #expect((holding.lowerBound == offset) == apart, "\(runs)")
    }

    @Test("brackets nested deeper than the stack remembers: the closing ones still take the opening script")
    func deepBrackets() {
        // 200 `(` after Cyrillic, `F`, 200 `)`: 64 are remembered (the outermost), the first `)`
        // closes the 64th and is Cyrillic, apart from the Latin `F`, and the rest follow it.
        let text = "ы " + String(repeating: "(", count: 200) + "F" + String(repeating: ")", count: 200)
        #expect(engine.layout(text, width: 100_000).lines.count == 1)
        let last = text.utf8.count - 1
        let runs = runs(text)
        #expect(runs.last.map { $0.lowerBound <= last && $0.lowerBound > "ы ".utf8.count + 200 } == true, "\(runs)")
    }
}
