import Testing
import TestSupport
@testable import TextLayout

/// `LineFiller` finds each line's last word by search over `visibleEnds`; these tests hold it to
/// the plain definition, word by word: a word goes on the line while the line's visible width
/// with it fits, white space at the end hangs, and a line is as tall as the largest ascent and
/// descent of its words on the first word's baseline.
@Suite("Line filling by search")
struct LineFillerTests {
    let engine = Fixtures.engine

    struct ReferenceLine: Equatable {
        var range: Range<Int>
        var width: Double
        var ascent: Double
        var descent: Double
    }

    /// Greedy filling one word at a time, or nil when some word is wider than a line alone (then
    /// it is cut between clusters, which `cutWords` checks).
    func referenceLines(_ text: PreparedText, width: Double) -> [ReferenceLine]? {
        let limit = width + 1e-9
        var lines: [ReferenceLine] = []
        for paragraph in text.paragraphs {
            var w = paragraph.words.lowerBound
            guard w < paragraph.words.upperBound else {
                let empty = text.emptyLineMetrics
                lines.append(
                    ReferenceLine(
                        range: Int(paragraph.start)..<Int(paragraph.start), width: 0,
                        ascent: empty.ascent, descent: empty.descent))
                continue
            }
            // Each word's advance and trailing white space, from the break points.
            func word(_ k: Int) -> (start: Int, end: Int, visible: Double, trailing: Double, profile: UInt16) {
                let point = text.breakPoints[k]
                let first = k == paragraph.words.lowerBound
                let start = first ? 0.0 : text.breakPoints[k - 1].nextStart
                return (
                    first ? Int(paragraph.start) : Int(text.breakPoints[k - 1].end), Int(point.end),
                    point.visibleEnd - start, point.nextStart - point.visibleEnd, point.profile
                )
            }
            while w < paragraph.words.upperBound {
                let first = word(w)
                var lineWidth = first.visible
                guard lineWidth <= limit else { return nil }
                let firstProfile = text.heightProfiles[Int(first.profile)]
                let kind = firstProfile.kind
                let reference = kind.pick(firstProfile.firstBaselines)
                func extents(_ profile: UInt16) -> (Double, Double) {
                    let profile = text.heightProfiles[Int(profile)]
                    return (
                        max(kind.pick(profile.ascents) + reference, profile.attachmentAscent),
                        max(kind.pick(profile.descents) - reference, profile.attachmentDescent)
                    )
                }
                var (ascent, descent) = extents(first.profile)
                var pending = first.trailing
                var end = first.end
                w += 1
                while w < paragraph.words.upperBound {
                    let next = word(w)
                    guard lineWidth + pending + next.visible <= limit else { break }
                    lineWidth += pending + next.visible
                    pending = next.trailing
                    let (a, d) = extents(next.profile)
                    ascent = max(ascent, a)
                    descent = max(descent, d)
                    end = next.end
                    w += 1
                }
                lines.append(
                    ReferenceLine(range: first.start..<end, width: lineWidth, ascent: ascent, descent: descent))
            }
        }
        return lines
    }

    func expectMatches(_ text: PreparedText, width: Double, _ label: String) -> Bool {
        guard let reference = referenceLines(text, width: width) else { return false }
        let lines = text.layout(width: width).lines
        #expect(lines.count == reference.count, "\(label) at \(width)")
        for (line, expected) in zip(lines, reference) {
            #expect(line.range == expected.range, "\(label) at \(width)")
            #expect(abs(line.width - expected.width) < 1e-9, "\(label) at \(width)")
            #expect(line.ascent == expected.ascent && line.descent == expected.descent, "\(label) at \(width)")
        }
        return true
    }

    @Test("the corpus at 60 widths from 40 to 730 pt: the same lines as filling word by word")
    func corpus() {
        var compared = 0
        for (index, text) in Fixtures.corpusTexts.prefix(400).enumerated() {
            let prepared = engine.prepare(text)
            for step in 0..<60 where expectMatches(prepared, width: 40 + Double(step) * 11.7, "text \(index)") {
                compared += 1
            }
        }
        #expect(compared > 20_000, "widths too narrow: most layouts had to cut a word")
    }

    @Test(
        "mixed fonts, scripts, emoji, spaces and hard breaks: the same lines as word by word",
        arguments: [
            "Swift 6 on Linux 上的文本排版 😀 测试 with some English words, and more words to wrap around.",
            "A中B中C中 D中 E 中F  中  G\n\n第二段 second paragraph\n",
            "👍👍👍 赞赞赞 👍 赞 ok ok ok ok ok ok ok ok ok ok ok ok ok ok",
            "     leading spaces, then   runs   of   spaces   between   words     ",
            "१२३ हिन्दी text मिश्रित 中文 and Ελληνικά κείμενο",
        ])
    func mixed(_ text: String) {
        let prepared = engine.prepare(text)
        var compared = 0
        for step in 0..<200 where expectMatches(prepared, width: 20 + Double(step) * 3.1, "mixed") { compared += 1 }
        #expect(compared > 50)
    }

    @Test("counting lines without making them gives layout's count (corpus, 12 widths, cut words too)")
    func lineCountWithoutLines() {
        for text in Fixtures.corpusTexts.prefix(300) + ["supercalifragilisticexpialidocious 中文", "a\n\nb", ""] {
            let prepared = engine.prepare(text)
            for width in [0.0, 15, 40, 77, 120, 200, 255, 300, 343, 500, 1_000, .infinity] {
                #expect(
                    prepared.lineCount(width: width) == prepared.layout(width: width).fullLineCount,
                    "\(text) at \(width)")
            }
        }
    }

    @Test("words wider than a line are cut, and the lines after them go on from the cut")
    func cutWords() {
        let text = "supercalifragilisticexpialidocious 中文 supercalifragilisticexpialidocious word 中文中文中文"
        let prepared = engine.prepare(text)
        for width in [30.0, 61, 100, 150] {
            let lines = prepared.layout(width: width).lines
            // Every byte is on a line, in order, and no line is wider than the width.
            #expect(lines.first?.range.lowerBound == 0 && lines.last?.range.upperBound == text.utf8.count)
            for (a, b) in zip(lines, lines.dropFirst()) { #expect(a.range.upperBound == b.range.lowerBound) }
            for line in lines { #expect(line.width <= width + 1e-9, "\(line) at \(width)") }
        }
    }
}

/// Cutting a word wider than a line: every line of the word, its first and its last included,
/// measured as its text shaped alone and kept within the width unless it holds one cluster.
extension LineFillerTests {
    /// The lines of `text` (prepared as `prepared`) wider than `width` that hold more than one
    /// visible grapheme cluster (white space hangs or leads; it is not counted).
    func overfullLines(_ text: String, _ prepared: PreparedText, _ layout: ParagraphLayout, width: Double) -> [String] {
        let bytes = Array(text.utf8)
        let clusters = prepared.graphemeClusterRanges
        return layout.lines.compactMap { line in
            guard line.width > width + 1e-6 else { return nil }
            let visible = clusters.filter {
                line.range.contains($0.lowerBound)
                    && !(String(decoding: bytes[$0], as: UTF8.self).unicodeScalars.first?.properties.isWhitespace
                        ?? false)
            }
            guard visible.count > 1 else { return nil }
            return "\(String(decoding: bytes[line.range], as: UTF8.self).debugDescription) is \(line.width) wide"
        }
    }

    @Test("white space leading a word too wide for the line counts on the line where the word is cut")
    func leadingWhiteSpaceOfCutWord() {
        // A hyphen and a dash hold to the thin space before them (UAX #14 LB21: × HY, × BA), so the
        // three are one word, 16.796 pt at 17 pt: wider than 15.6875. Pango 1.50 puts "\u{2009}-"
        // (8.296 pt) on the first line and "–" (8.5 pt) on the second.
        let text = "\u{2009}-\u{2013}"
        let layout = engine.layout(text, width: 15.6875)
        #expect(layout.lineTexts(of: text) == ["\u{2009}-", "\u{2013}"])
        #expect(layout.lines.map { ($0.width * 1_000).rounded() / 1_000 } == [8.296, 8.5])

        // Forty spaces before ";" and letters held to it (LB13 × IS after spaces, LB29 IS × AL):
        // the spaces alone fill most of a line.
        let spaced = String(repeating: " ", count: 40) + ";" + String(repeating: "x", count: 30)
        let prepared = engine.prepare(spaced)
        for width in [60.0, 100, 150, 200, 300] {
            let layout = prepared.layout(width: width)
            #expect(overfullLines(spaced, prepared, layout, width: width).isEmpty, "at \(width)")
            #expect(
                layout.lines.first?.range.lowerBound == 0 && layout.lines.last?.range.upperBound == spaced.utf8.count)
        }
    }

    @Test("the last line of a cut word is measured alone and cut again where that does not fit")
    func cutWordLastLineShapedAlone() {
        // "fi" shapes as one ligature: cut after the f, the i has no advance of its own in
        // context, but "i/" shaped alone is 10.71 pt, wider than 7.75.
        let text = "fi/"
        let layout = engine.layout(text, width: 7.75)
        #expect(layout.lineTexts(of: text) == ["f", "i", "/"])
        for line in layout.lines { #expect(line.width <= 7.75) }
        #expect(engine.prepare(text).lineCount(width: 7.75) == 3)
    }

    @Test(
        "texts of spaces, dashes, ligatures, marks and emoji cut at narrow widths: a line wider than the width holds one cluster"
    )
    func cutWordsNeverOverfull() {
        let palette = [
            "a", "W", "x", "f", "i", "fi", "ﬁ", "AV", "To", "-", "‐", "–", "—", " ", "  ", "\u{A0}", "\u{2009}",
            "\u{3000}", "\u{1680}", "\u{200B}", "\t", "\u{301}", "\u{308}", "\u{200D}", "\u{FE0F}", "👨", "👦", "🏽",
            "❤", "#", "1", ".", ",", ";", "(", ")", "\"", "/", "%", "会", "品", "。", "ל", "ְ", "ا", "ก", "ᄀ",
            "ᆨ", "\u{FFFC}", "д", "é", "\0", "\u{E0041}", "🇺", "🇸", "…", "·", "=",
        ]
        var random = SplitMix(seed: 20_261_130)
        var checked = 0
        for _ in 0..<1_500 {
            var text = ""
            for _ in 0...random.below(30) {
                text +=
                    random.below(40) == 0
                    ? "a" + String(repeating: "\u{301}", count: 20 + random.below(30))
                    : palette[random.below(palette.count)]
            }
            let prepared = engine.prepare(text)
            for width in [6.0, 9.5, 15.6875, 24, 40, 77] {
                let layout = prepared.layout(width: width)
                let overfull = overfullLines(text, prepared, layout, width: width)
                #expect(
                    overfull.isEmpty,
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(width): \(overfull)")
                #expect(prepared.lineCount(width: width) == layout.lineCount)
                checked += 1
            }
        }
        #expect(checked == 9_000)
    }
}
