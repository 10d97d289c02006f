import Testing
import TestSupport
@testable import TextLayout

/// A line measures what its text measures shaped alone, as in Pango and Chromium: where a line
/// ends inside a kerned pair (or any place HarfBuzz marks unsafe to break), its edges are
/// shaped again.
@Suite("Line edges")
struct LineEdgeTests {
    let engine = Fixtures.engine

    @Test("a line that ends inside a kerned pair is measured without the kerning, and breaks one character earlier")
    func kernedPairAtLineEnd() {
        // Pango 1.50.12 and Chromium: "eeeeeeeeeeeeのプログ" (183.055 px) then "ラムです" (67.490 px);
        // shaped alone, "eeeeeeeeeeeeのプログラ" is 200.055 px, wider than the box.
        let text = "eeeeeeeeeeeeのプログラムです"
        let layout = engine.layout(text, width: 200)
        #expect(layout.lineTexts(of: text) == ["eeeeeeeeeeeeのプログ", "ラムです"])
        #expect(abs(layout.lines[0].width - 183.055) < 0.01)
        #expect(abs(layout.lines[1].width - 67.490) < 0.01)
        #expect(engine.prepare(text).lineCount(width: 200) == 2)
    }

    /// Texts whose lines often end between kerned kana, Latin and CJK punctuation.
    static let texts: [String] = [
        "eeeeeeeeeeeeのプログラムです", "ラムラムラムラムラムラムラムラムラムラムラムラムラムラム",
        "「プログラム」『ラーメン』（カタカナ）ァィゥェォャュョッ、。ーラム・ヴァ", "AVAVAVAVAVAVAVAVAVAV To Ty Yo We",
        "東京タワーは、1958年に完成した電波塔です。「東京」のシンボルとして、ライトアップされています。",
    ]

    @Test("every line is as wide as its text shaped alone, and never wider than the width it was filled to")
    func linesMeasureAsShapedAlone() {
        var checked = 0
        let corpus = Array(Fixtures.corpusTexts.prefix(300))
        for text in Self.texts + corpus {
            let bytes = Array(text.utf8)
            let prepared = engine.prepare(text)
            for width in [60.0, 120, 200, 343] {
                let layout = prepared.layout(width: width)
                for line in layout.lines where !line.range.isEmpty {
                    let alone = engine.layout(String(decoding: bytes[line.range], as: UTF8.self), width: .infinity)
                    #expect(
                        abs(alone.width - line.width) < 0.005,
                        "\(String(decoding: bytes[line.range], as: UTF8.self)) at \(width): \(line.width) vs alone \(alone.width)"
                    )
                    let clusters = String(decoding: bytes[line.range], as: UTF8.self).trimmingSuffixWhiteSpace.count
                    #expect(line.width <= width + 1e-6 || clusters == 1, "\(text) at \(width)")
                    checked += 1
                }
            }
        }
        #expect(checked > 2_000)
    }
}

extension LineEdgeTests {
    @Test("a truncated line's text before the token is measured as shaped alone and leaves room for the token")
    func truncatedLineShapedAlone() {
        let token = "…全文"
        let tokenWidth = engine.layout(token, width: .infinity).width
        var checked = 0
        for text in Self.texts {
            let bytes = Array(text.utf8)
            for width in stride(from: 80.0, through: 200, by: 7) {
                let layout = engine.layout(text, width: width, maxLines: 1, truncationToken: AttributedText(token))
                guard layout.isTruncated, let line = layout.lines.last, !line.range.isEmpty else { continue }
                let content = engine.layout(String(decoding: bytes[line.range], as: UTF8.self), width: .infinity).width
                #expect(abs(line.width - (content + tokenWidth)) < 0.005, "\(text) at \(width)")
                #expect(line.width <= width + 1e-6, "\(text) at \(width)")
                checked += 1
            }
        }
        #expect(checked > 40)
    }
}

extension String {
    fileprivate var trimmingSuffixWhiteSpace: Substring {
        var s = self[...]
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return s
    }
}
