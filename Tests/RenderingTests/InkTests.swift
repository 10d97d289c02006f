import Foundation
import StatusLayout
import Testing
import TestSupport
import TextLayout
@testable import Rendering

/// Where glyphs put ink: inside their line's box (but for the overhangs listed here), and the
/// same whether a paragraph is drawn whole or line by line.
@Suite("Ink")
struct InkTests {
    let renderer = RenderFixtures.renderer

    /// How far a glyph's ink reaches past its line's box, in ems of its font size.
    struct Overhang: CustomStringConvertible {
        var font: String
        var side: String
        var amount: Double
        var example: String
        var description: String { "\(font) \(side) \(String(format: "%.3f", amount)) em (\(example))" }
    }

    /// The texts: paragraphs of each corpus (Chinese posts, social posts with emoji, English,
    /// Japanese, Korean, Traditional Chinese), other scripts, accents and emoji.
    static let texts: [String] = {
        func corpus(_ name: String, _ count: Int) -> [String] {
            let path = Fixtures.repositoryRoot + "/Benchmarks/Corpus/\(name).txt"
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            return Array(text.split(separator: "\n").prefix(count).map(String.init))
        }
        return Array(Fixtures.corpusTexts.prefix(200)) + corpus("social", 120) + corpus("en", 80) + corpus("ja", 40)
            + corpus("ko", 40) + corpus("zh-hant", 40) + [
                "jÅÉÎÕÜ ÇĄĘ gjpqy Ǻǻ Ŵŵ fiflffi “quoted” (brackets) [square] {curly} |bar| 1234567890 %‰ ÆŒæœßÞþ",
                "한국어 텍스트 日本語のテキスト「かぎ括弧」 繁體中文測試 ¿Qué? ¡Sí! Ωμέγα Кириллица",
                "👨‍👩‍👧‍👦🏳️‍🌈👍🏽 1️⃣ 🇨🇳🇯🇵 😀😂🤣 emoji 🎉 in text 中文😀",
            ]
    }()

    /// The overhangs past a line's box that the bundled fonts have, by line height (natural, or
    /// pinned to 1.34 × the size as cells are), font and side: the most found on the texts, in
    /// ems of the font size, and the characters that reach past (nil: any of the font's).
    ///
    /// - Noto Sans, left: "j" (0.055 em: its tail's negative left side bearing), "_" (0.002 em)
    ///   and "Æ", at a line's start.
    /// - Noto Sans, below, pinned lines only: descenders (g j p q y) by 0.0035 em. Noto Sans's
    ///   natural line is 1.362 em, so a box of 1.34 em centred on it is 0.011 em shorter at each
    ///   end.
    /// - Noto Color Emoji, below: its bitmaps reach 27 of 109 pixels (0.2477 em) below the
    ///   baseline, past the font's own descent (500 of 2048 units, 0.2441 em): 0.0036 em on a
    ///   natural line whose deepest glyphs are emoji; on a pinned line led by Han text (Noto Sans
    ///   CJK's natural line is 1.448 em, the pinned box 0.054 em shorter at each end) 0.0137 em.
    /// - Noto Color Emoji, right: its bitmaps are 136 pixels wide at 109 pixels per em
    ///   (1.2477 em) for an advance of 2550 of 2048 units (1.2451 em): 0.0026 em past the end of
    ///   a line that ends in an emoji.
    ///
    /// Nothing reaches above a line's box, and nothing but these glyphs reaches past its sides.
    static let knownOverhangs: [String: (ems: Double, characters: String?)] = [
        "natural Noto Sans left": (0.0551, "j_Æ"),
        "natural Noto Color Emoji below": (0.0036, nil),
        "natural Noto Color Emoji right": (0.0026, nil),
        "pinned Noto Sans left": (0.0551, "j_Æ"),
        "pinned Noto Sans below": (0.0036, "gjpqy"),
        "pinned Noto Color Emoji below": (0.0138, nil),
        "pinned Noto Color Emoji right": (0.0026, nil),
    ]

    /// Every overhang past a line's box of the glyphs of `texts` laid out at `width` in `style`.
    func overhangs(style: TextStyle, width: Double) throws -> [Overhang] {
        var found: [Overhang] = []
        let canvas = try Canvas(pixelWidth: 8, pixelHeight: 8, scale: 1, faces: renderer.faces)
        for text in Self.texts {
            let prepared = renderer.engine.prepare(text, style: style)
            let layout = prepared.layout(width: width)
            let bytes = Array(text.utf8)
            for line in prepared.glyphLines(of: layout) {
                for run in line.runs where run.font != nil {
                    let em = run.fontSize
                    for (glyph, ink) in zip(run.glyphs, canvas.inkRectangles(of: run)) {
                        guard let ink else { continue }
                        let example = String(
                            decoding: bytes[glyph.cluster..<min(bytes.count, run.range.upperBound)], as: UTF8.self
                        )
                        .prefix(1)
                        let family = run.font!.familyName
                        let sides = [
                            ("above", line.line.top - ink.y),
                            ("below", ink.y + ink.height - (line.line.top + line.line.height)),
                            ("left", -ink.x), ("right", ink.x + ink.width - (line.line.width + line.hangingWhiteSpace)),
                        ]
                        for (side, amount) in sides where amount > 1e-9 {
                            found.append(
                                Overhang(font: family, side: side, amount: amount / em, example: String(example)))
                        }
                    }
                }
            }
        }
        return found
    }

    @Test("every glyph's ink lies inside its line's box but the known overhangs (cell text styles and natural lines)")
    func inkInsideLineBoxes() throws {
        var seen = Set<String>()
        for (style, width) in [
            (TextStyle(fontSize: 17, lineHeight: .multiple(1.34)), 351.0), (TextStyle(fontSize: 17), 200),
            (TextStyle(fontSize: 16, lineHeight: .multiple(1.34)), 343),
        ] {
            let kind = style.lineHeight == .natural ? "natural" : "pinned"
            for overhang in try overhangs(style: style, width: width) {
                let key = kind + " " + overhang.font + " " + overhang.side
                seen.insert(key)
                guard let known = Self.knownOverhangs[key] else {
                    Issue.record("unknown overhang: \(overhang) in \(style)")
                    continue
                }
                #expect(overhang.amount <= known.ems, "\(overhang) in \(style)")
                if let characters = known.characters {
                    #expect(characters.contains(overhang.example), "\(overhang) in \(style)")
                }
            }
        }
        #expect(seen == Set(Self.knownOverhangs.keys), "the list names only overhangs that occur")
    }

    @Test("the renderer puts ink only inside the glyphs' ink rectangles (within a pixel of antialiasing)")
    func inkWhereGlyphsSay() throws {
        let style = TextStyle(fontSize: 17, lineHeight: .multiple(1.34))
        for text in Self.texts.suffix(3) + Array(Self.texts.prefix(5)) {
            let prepared = renderer.engine.prepare(text, style: style)
            let layout = prepared.layout(width: 300)
            let canvas = try Canvas(
                pixelWidth: 700, pixelHeight: Int(layout.height * 2) + 40, scale: 2, faces: renderer.faces)
            let lines = prepared.glyphLines(of: layout)
            canvas.draw(lines, x: 20, y: 10, color: { _, _ in CellColors.weibo.text })
            let rectangles = lines.flatMap { $0.runs }.flatMap { canvas.inkRectangles(of: $0, dx: 20, dy: 10) }
                .compactMap { $0 }
            let image = canvas.finish()
            var inked = 0
            for y in 0..<image.pixelHeight {
                for x in 0..<image.pixelWidth where image.pixel(x: x, y: y).alpha > 0 {
                    inked += 1
                    // The pixel's square, widened by a pixel, meets a glyph's ink rectangle.
                    let (px, py) = (Double(x) / 2, Double(y) / 2)
                    let inside = rectangles.contains { r in
                        px + 1 > r.x && px - 0.5 < r.x + r.width && py + 1 > r.y && py - 0.5 < r.y + r.height
                    }
                    if !inside {
                        Issue.record("\(text.prefix(20)): ink at pixel (\(x), \(y)) outside every glyph")
                        return
                    }
                }
            }
            #expect(inked > 500)
        }
    }

    @Test(
        "a paragraph drawn whole and its lines drawn one by one, each laid out alone, put the same ink in the same places"
    )
    func paragraphAndLinesAlike() throws {
        let style = TextStyle(fontSize: 17, lineHeight: .multiple(1.34))
        let texts = Array(Fixtures.corpusTexts.prefix(30)) + Array(Self.texts.suffix(3))
        var lines = 0
        for (index, text) in texts.enumerated() {
            let width = [120.0, 200, 343][index % 3]
            let prepared = renderer.engine.prepare(text, style: style)
            let layout = prepared.layout(width: width)
            let pixelWidth = Int(width * 2) + 80
            let pixelHeight = Int((layout.height * 2).rounded(.up)) + 20
            let whole = try Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: 2, faces: renderer.faces)
            whole.draw(prepared.glyphLines(of: layout), x: 10, y: 5, color: { _, _ in CellColors.weibo.text })
            let byLine = try Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: 2, faces: renderer.faces)
            let bytes = Array(text.utf8)
            for line in layout.lines where !line.range.isEmpty {
                let alone = renderer.engine.prepare(String(decoding: bytes[line.range], as: UTF8.self), style: style)
                let aloneLayout = alone.layout(width: .infinity)
                #expect(
                    aloneLayout.lineCount == 1 && abs(aloneLayout.lines[0].baseline - (line.baseline - line.top)) < 1e-9
                )
                #expect(abs(aloneLayout.lines[0].width - line.width) < 1e-6, "\(text.debugDescription) at \(width)")
                byLine.draw(
                    alone.glyphLines(of: aloneLayout), x: 10, y: 5 + line.top, color: { _, _ in CellColors.weibo.text })
                lines += 1
            }
            let difference = ImageDifference(whole.finish(), byLine.finish())
            #expect(
                difference.maximum == 0,
                "\(text.debugDescription) at \(width): \(difference.pixelsOver(0)) pixels differ, by up to \(difference.maximum)"
            )
        }
        #expect(lines > 100)
    }
}
