import Testing
import TestSupport
@testable import TextLayout

@Suite("Line breaking")
struct LineBreakingTests {
    let engine = Fixtures.engine

    func lineTexts(_ text: String, width: Double, style: TextStyle = TextStyle()) -> [String] {
        engine.layout(text, width: width, style: style).lineTexts(of: text)
    }

    @Test(
        "CJK punctuation: no line starts with 。，、）」 nor ends with （「 (corpus, several widths)",
        arguments: [LineBreakStrictness.normal, .strict])
    func cjkPunctuation(rule: LineBreakStrictness) {
        let forbiddenStart: Set<Character> = ["。", "，", "、", "）", "」"]
        let forbiddenEnd: Set<Character> = ["（", "「"]
        var checked = 0
        // A run of punctuation wider than a line ("？？？？？？？？？？？？？") has no break
        // opportunity and must be cut between characters, as in any engine: leave those out.
        let punctuation: Set<Character> = ["。", "，", "、", "）", "」", "！", "？", "…", "～", ".", "~", "：", "；"]
        let texts = Fixtures.corpusTexts.prefix(1_500).filter { text in
            var run = 0
            for character in text {
                run = punctuation.contains(character) ? run + 1 : 0
                if run >= 5 { return false }
            }
            return true
        }
        for text in texts {
            for width in [343.0, 200] {  // at narrower widths some numbers ("800-820-6666，") must be cut inside
                let lines = lineTexts(text, width: width, style: TextStyle(lineBreak: rule))
                for (index, line) in lines.enumerated() {
                    guard let first = line.first, let last = line.last else { continue }
                    // The text's own first and last characters may be anything.
                    if index > 0 {
                        #expect(
                            !forbiddenStart.contains(first),
                            "line starts with \(first): \(line) after \(lines[index - 1]) at \(width)")
                    }
                    if index < lines.count - 1 {
                        #expect(!forbiddenEnd.contains(last), "line ends with \(last): \(line)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }

    @Test("Latin words are not split; a long URL is")
    func latinWordsAndURLs() {
        let words = lineTexts("The quick brown fox jumps over the lazy dog again", width: 100)
        #expect(words.count > 2)
        let original = Set("The quick brown fox jumps over the lazy dog again".split(separator: " "))
        for line in words {
            for word in line.split(separator: " ") { #expect(original.contains(word), "split word: \(word)") }
        }
        let url = "看这个 https://example.com/a/very/long/path/that/cannot/fit/on/one/line/at/all?q=1"
        let lines = lineTexts(url, width: 150)
        #expect(lines.count >= 3)
        #expect(lines.joined() == url, "nothing lost")
        let layout = engine.layout(url, width: 150)
        for line in layout.lines { #expect(line.width <= 150 + 1e-9) }
    }

    @Test(
        "a word-initial hyphen may end a line, as in Pango and Chromium (our breaker and ICU's path alike)",
        arguments: ["Return 0 on success. -EOPNOTSUPP otherwise", "Return 0 on success. -EOPNOTSUPP ไทย"])
    func wordInitialHyphen(text: String) {
        // The second text has a Thai word: the paragraph goes to ICU's iterator on every path.
        let head = "Return 0 on success. -"
        let width = engine.layout(head, width: 1000).width + 1
        let fast = engine.prepare(text).layout(width: width)
        let icu = engine.prepareGeneralPathOnly(AttributedText(text), icuOnly: true).layout(width: width)
        #expect(fast.lines.count >= 2)
        #expect(fast.lines.dropFirst().first?.range.lowerBound == Array(head.utf8).count)
        #expect(icu == fast)
        // Before a non-ASCII letter the oracles disagree (Chromium keeps the hyphen to the word, as
        // ICU 72 does); UAX #14 15.0 and Pango break there too.
        let accented = engine.layout("Return 0 on success. -ÉOPNOTSUPP", width: width)
        #expect(accented.lines.dropFirst().first?.range.lowerBound == Array(head.utf8).count)
    }

    /// UAX #14 allows a break after a space that a combining mark, ZWNJ, ZWJ or an emoji
    /// modifier follows (LB9 does not attach them to a space), inside one grapheme cluster: a
    /// line ends after the space, and the next starts with the mark (issue 22, bug (a)).
    @Test(
        "a line may end after a space that carries a combining mark, ZWNJ, ZWJ or a skin-tone modifier",
        arguments: [("\u{0308}", [5]), ("\u{200C}", [5]), ("\u{200D}", [5]), ("\u{1F3FB}", [5, 6])])
    func breakInsideCluster(mark: String, opportunities: [Int]) {
        let text = "word " + mark + "next"
        let prepared = engine.prepare(text)
        #expect(prepared.breakOpportunities == opportunities)
        let word = engine.layout("word", width: 1_000).lines[0].width
        let layout = prepared.layout(width: word + 1)
        #expect(layout.lines.count >= 2)
        #expect(layout.lines[0].range == 0..<5)
        #expect(layout.lines[0].width == word)
        #expect(layout.lines.allSatisfy { $0.width <= word + 1 })
        // The grapheme cluster stays one for editing and hit testing.
        #expect(prepared.graphemeClusterRanges.contains(4..<(5 + mark.utf8.count)))
    }

    /// Issue 21's reproducer: spaces before a space that carries a mark were one cluster with
    /// it, never cut, and the line was wider than the width. Now they hang on the first line
    /// and each later line fits.
    @Test("leading spaces before a space with a mark hang, and every line with a visible cluster fits")
    func leadingSpacesBeforeMark() {
        let style = TextStyle(fontSize: 13)
        for text in ["  \u{0308}AAAA", "  \u{200D}AAAA", " \u{0301}\u{0301}AA", "   \u{1F3FB}A"] {
            let layout = engine.prepare(text, style: style).layout(width: 12)
            let hex = text.unicodeScalars.map { String($0.value, radix: 16) }
            #expect(layout.lines.count >= 2, "\(hex)")
            for line in layout.lines {
                // Only a line of a single cluster wider than the width may pass it (the emoji).
                let clusters = engine.prepare(
                    String(decoding: Array(text.utf8)[line.range], as: UTF8.self), style: style
                )
                .graphemeClusterRanges.count
                #expect(line.width <= 12 || clusters == 1, "\(hex): \(line.range) \(line.width)")
            }
        }
    }

    @Test("trailing spaces hang past the edge and do not count")
    func hangingSpaces() {
        let word = engine.layout("abc", width: 1000).width
        let spaced = engine.layout("abc     ", width: 1000)
        #expect(spaced.width == word)
        #expect(spaced.lineCount == 1)
        // A width that fits "abc" but not "abc " still keeps the space on the line.
        let tight = engine.layout("abc def", width: word + 0.01)
        #expect(tight.lineCount == 2)
        #expect(tight.lines[0].range == 0..<4)
    }

    @Test("hard breaks: \\n, \\r\\n, U+2028, U+2029", arguments: ["\n", "\r\n", "\u{2028}", "\u{2029}", "\r"])
    func hardBreaks(separator: String) {
        let text = "第一行" + separator + "second" + separator + separator + "三"
        let layout = engine.layout(text, width: 1000)
        #expect(layout.lineCount == 4)
        let lines = layout.lineTexts(of: text)
        #expect(lines == ["第一行", "second", "", "三"])
        #expect(layout.lines[2].height > 0, "an empty line still takes a line")
    }

    @Test("every kind of hard break, anywhere in random text (the scan reads 8 bytes at a time)")
    func hardBreaksAnywhere() {
        let separators = ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        // Near misses: bytes 0xC2 and 0xE2 that start no hard break, control bytes that are none.
        let pieces = [
            "a", "中", "é", "\u{A0}", "\u{2027}", "\u{202A}", "\u{2030}", "—", "😀", "\t", "\u{0E}", "bc", "xyz123",
        ]
        var generator = SplitMix(seed: 0xB12EA4)
        for _ in 0..<2_000 {
            var text = ""
            var expected = [""]
            for _ in 0..<Int(generator.next() % 40) {
                if generator.next() % 6 == 0 {
                    let separator = separators[Int(generator.next() % UInt64(separators.count))]
                    // "\r" then "\n" is one break, as one "\r\n".
                    if separator.hasPrefix("\n") && text.hasSuffix("\r") { continue }
                    text += separator
                    expected.append("")
                } else {
                    let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                    if text.hasSuffix("\r") && piece.hasPrefix("\n") { continue }
                    text += piece
                    expected[expected.count - 1] += piece
                }
            }
            let lines = engine.layout(text, width: .infinity).lineTexts(of: text)
            #expect(
                lines == (text.isEmpty ? [] : expected), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("an empty text has no lines and no height")
    func emptyText() {
        let layout = engine.layout("", width: 343)
        #expect(layout.lineCount == 0 && layout.height == 0 && layout.width == 0)
    }

    @Test("zero, negative and NaN widths put one cluster on each line", arguments: [0.0, -5, .nan])
    func degenerateWidths(width: Double) {
        let layout = engine.layout("ab中😀", width: width)
        #expect(layout.lineCount == 4)
    }

    /// A negative width once fitted less than width 0: white space alone (visible width 0) did
    /// not fit, so white space leading a text went on the next word's line, outside its width
    /// (a line 9.5 points wide whose glyphs took 75), and the lines differed from width 0's.
    @Test(
        "negative, minus-infinite and NaN widths give width 0's lines: leading white space hangs on a line of its own",
        arguments: [-5.0, -.infinity, .nan, -.nan])
    func degenerateWidthsAsZero(width: Double) {
        let text = "\t\t aa il\n  中文 😀"
        let prepared = engine.prepare(text)
        let zero = prepared.layout(width: 0)
        let layout = prepared.layout(width: width)
        #expect(layout == zero)
        #expect(prepared.lineCount(width: width) == zero.fullLineCount)
        #expect(prepared.layout(width: width, maxLines: 2) == prepared.layout(width: 0, maxLines: 2))
        #expect(layout.lines[0].range == 0..<3 && layout.lines[0].width == 0)
        for glyphLine in prepared.glyphLines(of: layout) {
            let drawn = glyphLine.runs.reduce(0) { $0 + $1.width } - glyphLine.hangingWhiteSpace
            #expect(
                abs(drawn - glyphLine.line.width) < 1e-9,
                "line \(glyphLine.line.range): glyphs \(drawn), width \(glyphLine.line.width)")
        }
    }

    @Test("natural height is the sum of each line's largest ascent + descent")
    func naturalHeights() {
        let latin = (1069.0 + 293) * 17 / 1000
        let cjk = (1160.0 + 288) * 17 / 1000
        #expect(abs(engine.layout("abc", width: 343).height - latin) < 1e-9)
        #expect(abs(engine.layout("中", width: 343).height - cjk) < 1e-9)
        // Mixed, starting in Latin: the CJK font's ascent, Noto Sans's deeper descent.
        #expect(abs(engine.layout("abc中", width: 343).height - (1160.0 + 293) * 17 / 1000) < 1e-9)
        // Two lines: one Latin-only, one with CJK.
        let layout = engine.layout("abc\n中", width: 343)
        #expect(abs(layout.height - (latin + cjk)) < 1e-9)
        #expect(abs(layout.lines[1].top - latin) < 1e-9)
    }

    // Pango 1.50 aligns every run on the baseline of the line's first run's script: after a Han
    // run, Noto Sans sits on its ideographic face bottom (HarfBuzz fallback -157 units), 83
    // units above Noto Sans CJK's (-74), so its deeper descent no longer shows. Figures from
    // PangoFT2 on the same files.
    @Test(
        "lines align on the first run's baseline, as Pango's heights show",
        arguments: [("中A", 24.616), ("A中", 24.701), ("1中", 24.616), ("中 Ag", 24.616), ("😀A", 23.154), ("，A", 24.701)])
    func baselineAlignment(text: String, pangoHeight: Double) {
        #expect(abs(engine.layout(text, width: 343).height - pangoHeight) < 0.005)
    }

    @Test("fixed and multiple line heights, and line spacing")
    func pinnedHeights() {
        let text = "一二三四五六七八九十一二三四五六七八九十"
        let natural = engine.layout(text, width: 100)
        #expect(natural.lineCount > 2)
        let multiple = engine.layout(text, width: 100, style: TextStyle(lineHeight: .multiple(1.34)))
        #expect(multiple.lineCount == natural.lineCount)
        #expect(abs(multiple.height - Double(natural.lineCount) * 1.34 * 17) < 1e-9)
        let fixed = engine.layout(text, width: 100, style: TextStyle(lineHeight: .fixed(30), lineSpacing: 4))
        #expect(abs(fixed.height - (Double(natural.lineCount) * 30 + Double(natural.lineCount - 1) * 4)) < 1e-9)
        // The glyphs are centred in a pinned line.
        let line = fixed.lines[0]
        #expect(
            abs((line.baseline - line.ascent - line.top) - (line.top + line.height - line.baseline - line.descent))
                < 1e-9)
    }

    @Test("a new width costs no new analysis and gives the same as measuring afresh")
    func rebreak() {
        for text in Fixtures.corpusTexts.prefix(200) {
            let prepared = engine.prepare(text)
            for width in [343.0, 200, 77] {
                #expect(prepared.layout(width: width) == engine.layout(text, width: width))
            }
        }
    }
}

@Suite("Line breaking rules and locales")
struct LineBreakRuleTests {
    let engine = Fixtures.engine

    /// The UTF-8 offsets where lines start, past the first.
    func lineStarts(_ text: String, width: Double, _ rule: LineBreakStrictness, locale: String = "ja") -> [Int] {
        engine.layout(text, width: width, style: TextStyle(lineBreak: rule, locale: locale)).lines.dropFirst().map(
            \.range.lowerBound)
    }

    @Test("strict keeps small kana and ー off a line's start; normal allows it")
    func smallKana() {
        // Four kana fit per line (17 pt each); the fifth character is a small ぁ.
        let text = "ああああぁああ"
        let width = 17.0 * 4 + 1
        let smallKanaOffset = Array("ああああ".utf8).count
        #expect(!lineStarts(text, width: width, .strict).contains(smallKanaOffset))
        #expect(lineStarts(text, width: width, .normal).contains(smallKanaOffset))
    }

    @Test("loose allows a break before 々 or an iteration mark where normal does not")
    func loose() {
        let text = "人人人人々人人"
        let width = 17.0 * 4 + 1
        let markOffset = Array("人人人人".utf8).count
        let normal = lineStarts(text, width: width, .normal)
        let loose = lineStarts(text, width: width, .loose)
        #expect(!normal.contains(markOffset))
        #expect(loose.contains(markOffset))
    }

    @Test("an emoji family inside a word cut between clusters is never split")
    func emojiInLongWord() {
        let text = "abcdefgh👨‍👩‍👧‍👦ijklmnopqrstuvwxyz"
        let layout = engine.layout(text, width: 40)
        let family = Array("abcdefgh".utf8).count..<Array("abcdefgh👨‍👩‍👧‍👦".utf8).count
        for line in layout.lines {
            #expect(!(line.range.lowerBound > family.lowerBound && line.range.lowerBound < family.upperBound))
        }
        #expect(layout.lines.map(\.range).reduce(0) { $0 + $1.count } == text.utf8.count)
    }
}
