import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// The hostile inputs of the Reliability issue, each with its documented outcome. Covered
/// elsewhere and not repeated here: zero, negative and NaN widths on a short text
/// (`LineBreakingTests.degenerateWidths`), a private-use character no font covers
/// (`FallbackTests.uncovered`), missing, empty, text and 2,000-byte truncated font files
/// (`FontTests.badFiles`).
@Suite("Hostile inputs: text")
struct HostileInputTests {
    let engine = Fixtures.engine

    // MARK: - Bytes that are not text

    @Test("invalid UTF-8: each bad byte becomes U+FFFD (the caller decodes), measured like one, nothing dropped")
    func invalidUTF8() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xC3, 0x28, 0xE4, 0xB8, 0x20, 0xF0, 0x9F, 0x98]
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == "a\u{FFFD}b\u{FFFD}(\u{FFFD} \u{FFFD}")
        let layout = engine.layout(text, width: 343)
        #expect(layout == engine.layout("a\u{FFFD}b\u{FFFD}(\u{FFFD} \u{FFFD}", width: 343))
        #expect(layout.lineCount == 1 && layout.lines[0].range == 0..<text.utf8.count)
        #expect(layout.width > engine.layout("ab( ", width: 343).width + 3 * 5, "each U+FFFD has a real advance")
    }

    @Test("text given as UTF-8 bytes measures as the same text given as a string, and only valid UTF-8 is taken")
    func utf8Spans() throws {
        var random = RandomText(seed: 61)
        var texts = ["", "a", "שלום עולם 123", "ok\nnext line\r\n\u{2029}x", String(repeating: "ab ", count: 2_000)]
        for count in [1, 3, 12, 60, 400] {
            for _ in 0..<40 { texts.append(random.text(count: count)) }
        }
        for text in texts {
            let bytes = Array(text.utf8)
            let prepared = try bytes.withUnsafeBufferPointer { buffer in
                engine.prepare(try UTF8Span(validating: buffer.span))
            }
            let expected = engine.prepare(text)
            for width in [0.0, 60, 343] {
                #expect(
                    prepared.layout(width: width) == expected.layout(width: width),
                    "\(text.debugDescription) at \(width)")
            }
            #expect(prepared.breakOpportunities == expected.breakOpportunities)
            #expect(prepared.missingGlyphs == expected.missingGlyphs)
        }
        let invalid: [UInt8] = [0x61, 0xFF, 0x62]
        invalid.withUnsafeBufferPointer { buffer in
            #expect(throws: UTF8.ValidationError.self) { try UTF8Span(validating: buffer.span) }
        }
    }

    @Test(
        "NUL bytes are characters: kept on their line, with no advance, never a line break",
        arguments: [
            "a\0b", "\0", "\0\0\0", "中\0文", "😀\0😀", "a\0\nb",
        ])
    func nulBytes(text: String) {
        let layout = engine.layout(text, width: 343)
        let withoutNUL = text.replacingOccurrences(of: "\0", with: "")
        let reference = engine.layout(withoutNUL.isEmpty ? "" : withoutNUL, width: 343)
        #expect(layout.lineCount == max(1, reference.lineCount), "a NUL never breaks a line nor disappears")
        #expect(layout.lineTexts(of: text).joined(separator: "\n") == text, "every byte is on a line")
        #expect(abs(layout.width - reference.width) < 1e-9, "NUL (a control character) has no advance")
        #expect(layout.height > 0)
        #expect(engine.prepare(text).graphemeClusterRanges.count == text.unicodeScalars.filter { $0 != "\n" }.count)
    }

    // MARK: - Size

    /// Thread CPU seconds spent by `body` (not wall time: other processes do not count).
    func cpuSeconds(_ body: () -> Void) -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    /// The least CPU time of a few runs of `body` (the least is the least disturbed).
    func leastCPUSeconds(runs: Int = 3, _ body: () -> Void) -> Double {
        (0..<runs).map { _ in cpuSeconds(body) }.min()!
    }

    /// The corpus repeated to at least `bytes` bytes (cut at a character), as one paragraph
    /// or keeping the corpus's line breaks.
    static func corpusText(bytes: Int, oneParagraph: Bool) -> String {
        let joined = Fixtures.corpusTexts.joined(separator: oneParagraph ? " " : "\n")
        var text = joined
        while text.utf8.count < bytes { text += (oneParagraph ? " " : "\n") + joined }
        return String(decoding: Array(text.utf8.prefix(bytes)), as: UTF8.self)
    }

    @Test(
        "1 MB costs about 10 × 100 KB (CPU time ratio below 20), paragraphs or one paragraph", arguments: [false, true])
    func linearTime(oneParagraph: Bool) {
        let small = Self.corpusText(bytes: 100_000, oneParagraph: oneParagraph)
        let large = Self.corpusText(bytes: 1_000_000, oneParagraph: oneParagraph)
        let engine = TextEngine(fonts: Fixtures.fonts)
        _ = engine.layout(large, width: 343)  // warm the segment cache: both sizes then do the same kind of work
        var smallLines = 0
        var largeLines = 0
        let smallTime = leastCPUSeconds { smallLines = engine.layout(small, width: 343).lineCount }
        let largeTime = leastCPUSeconds { largeLines = engine.layout(large, width: 343).lineCount }
        #expect(largeLines > 9 * smallLines && largeLines < 11 * smallLines)
        #expect(largeTime / smallTime < 20, "100 KB: \(smallTime) s, 1 MB: \(largeTime) s of CPU")
    }

    @Test("a 10 MB text is measured: about 10 × the lines of 1 MB, every byte on a line")
    func tenMegabytes() {
        let text = Self.corpusText(bytes: 10_000_000, oneParagraph: false)
        let layout = engine.layout(text, width: 343)
        let tenth = engine.layout(Self.corpusText(bytes: 1_000_000, oneParagraph: false), width: 343)
        #expect(layout.lineCount > 9 * tenth.lineCount && layout.lineCount < 11 * tenth.lineCount)
        #expect(layout.lines.last!.range.upperBound == text.utf8.count)
        #expect(
            layout.height.isFinite && abs(layout.height - (layout.lines.last!.top + layout.lines.last!.height)) < 1e-6)
        let truncated = engine.layout(text, width: 343, maxLines: 3, truncationToken: "…全文")
        #expect(truncated.lineCount == 3 && truncated.isTruncated && truncated.fullLineCount == layout.lineCount)
    }

    @Test("100,000 emoji in a row: one cluster each, full lines of equal count, linear time")
    func manyEmoji() throws {
        let text = String(repeating: "😀", count: 100_000)
        let prepared = engine.prepare(text)
        #expect(prepared.graphemeClusterRanges.count == 100_000)
        #expect(prepared.textRuns.allSatisfy { $0.font?.familyName == "Noto Color Emoji" })
        let layout = prepared.layout(width: 343)
        let perLine = layout.lines[0].range.count / 4
        #expect(perLine > 1)
        #expect(layout.lineCount == (100_000 + perLine - 1) / perLine)
        #expect(
            layout.lines.dropLast().allSatisfy { $0.range.count == perLine * 4 }, "every full line holds as many emoji")
        #expect(abs(layout.height - Double(layout.lineCount) * layout.lines[0].height) < 1e-6)
        // ZWJ sequences (a family is 7 scalars, one cluster) are no slower per byte.
        let families = String(repeating: "👨‍👩‍👧‍👦", count: 20_000)
        #expect(engine.prepare(families).graphemeClusterRanges.count == 20_000)
        let ratio =
            leastCPUSeconds { _ = engine.layout(text, width: 343) }
            / leastCPUSeconds { _ = engine.layout(String(repeating: "😀", count: 10_000), width: 343) }
        #expect(ratio < 20, "100,000 emoji cost \(ratio) × 10,000")
    }

    // MARK: - Widths where every cluster must be cut

    @Test("width 0: one cluster a line, white space hanging on the line before it")
    func widthZero() {
        let text = "ab 中文😀\u{1F1E8}\u{1F1F3} e\u{301}"
        let layout = engine.layout(text, width: 0)
        #expect(layout.lineTexts(of: text) == ["a", "b ", "中", "文", "😀", "\u{1F1E8}\u{1F1F3} ", "e\u{301}"])
        #expect(layout.lines.allSatisfy { $0.width > 0 })
    }

    /// A word wider than the line is cut by `LineFiller.cutWord`, which needs per-cluster
    /// advances and so shapes the word's run again. It used to do so for every word it cut
    /// (the run is the whole paragraph for one-script text): O(words × paragraph), 8,000
    /// ideographs at width 5 took 2.4 s. Now the run's advances are kept for the next word
    /// (`RunAdvancesMemo`), and 8 × the text costs about 8 × the time.
    @Test(
        "cutting many words costs time linear in the text",
        arguments: [
            ("中", 5.0), ("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghij ", 343.0),
        ])
    func cuttingIsLinear(unit: String, width: Double) {
        // Small sizes: a debug build takes 3 s for the larger one today.
        let small = String(repeating: unit, count: 512 / unit.count)
        let large = String(repeating: unit, count: 4_096 / unit.count)
        let engine = TextEngine(fonts: Fixtures.fonts)
        _ = engine.layout(small, width: width)
        let smallTime = leastCPUSeconds { _ = engine.layout(small, width: width) }
        let largeTime = leastCPUSeconds(runs: 1) { _ = engine.layout(large, width: width) }
        #expect(largeTime / smallTime < 24, "8 × the text cost \(largeTime / smallTime) × the time")
    }

    /// A piece (the text between two break opportunities) wider than 2³¹ − 1 font units —
    /// about 2.3 million "W" with no break opportunity — used to overflow the `Int32` sum in
    /// `RunMeasurer.measureRun` and trap. Sums are 64-bit; such a piece is measured
    /// but not kept in the segment cache (whose entries are 32-bit). Run in a child process so
    /// that a trap would be observed rather than kill the tests.
    @Test("a 2.4 MB word without a break opportunity is measured")
    func hugeWordDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let engine = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
            let layout = engine.layout(String(repeating: "W", count: 2_400_000), width: 343)
            precondition(layout.lineCount > 10_000)
        }
    }

    // MARK: - The segment cache

    /// A saved `fuzz-measure` input (10 parameter bytes, the token, the text; see
    /// Fuzz/Sources/FuzzTargets/MeasureFuzzer.swift) decoded as the fuzzer does, for the
    /// natural line height and no attachments that the findings below used.
    struct FuzzMeasureInput {
        var width: Double
        var style: TextStyle
        var maxLines: Int?
        var token: AttributedText
        var text: String

        init(fixture name: String) throws {
            let bytes = [UInt8](
                try #require(
                    FileManager.default.contents(
                        atPath: Fixtures.repositoryRoot + "/Tests/TextLayoutTests/Fixtures/" + name)))
            #expect(bytes[2] % 3 == 0 && bytes[8] & 0x80 == 0, "natural line height, no attachments")
            width = Double(UInt16(bytes[0]) | UInt16(bytes[1]) << 8) / 16
            style = TextStyle(
                fontSize: 1 + Double(bytes[7]) / 4, lineHeight: .natural, lineSpacing: Double(bytes[4]) / 8,
                lineBreak: LineBreakStrictness.allCases[Int(bytes[6] % 3)],
                locale: ["", "zh", "ja", "en_US"][Int(bytes[6] / 3) % 4])
            maxLines = bytes[5] == 0 ? nil : 1 + Int(bytes[5] % 16)
            let tokenLength = Int(bytes[8] % 8)
            token = AttributedText(String(decoding: bytes[10..<10 + tokenLength], as: UTF8.self))
            text = String(decoding: bytes[(10 + tokenLength)...], as: UTF8.self)
        }

        func measure(_ engine: TextEngine) -> ParagraphLayout {
            engine.layout(text, width: width, style: style, maxLines: maxLines, truncationToken: token)
        }

        /// The layout by `engine` after it measured `before`, and the layout without a cache.
        func replay(after before: [String]) -> (cached: ParagraphLayout, uncached: ParagraphLayout) {
            let engine = TextEngine(fonts: Fixtures.fonts)
            for text in before { _ = engine.prepare(text, style: style) }
            return (measure(engine), measure(TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)))
        }
    }

    /// Found by `fuzz-measure` (Fuzz/Results/findings.md), fixed: HarfBuzz shows a
    /// combining mark that begins a buffer flagged BOT (a paragraph's start) on a dotted
    /// circle ◌ (U+25CC, 594 units in Noto Sans: 10.098 points at 17). The piece shaped there
    /// ("\u{FE0F} " below) is stored in the segment cache with the circle's advance — HarfBuzz
    /// does not flag that edge unsafe to concatenate — and the cache, keyed by font, script,
    /// direction and bytes only, serves it to the same bytes inside a paragraph, where shaping
    /// draws no circle. The text is then measured 10.1 points too wide, and what a text
    /// measures depends on what was measured before (so `feedlayout heights`, which measures
    /// on all cores in no fixed order, could answer differently run to run). A stray VS16 or
    /// a mark left at the start of a line by an edit is enough. Fixed by keying the pieces that
    /// begin or end a paragraph apart (`SegmentCache.Key.meta`).
    @Test("a piece cached at a paragraph's start is not served inside a paragraph with its dotted circle")
    func dottedCircleInTheCache() {
        let uncached = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0)
        let cached = TextEngine(fonts: Fixtures.fonts)
        let target = "\u{1C}\u{FE0F} \u{5DF}"  // a control (its own run), VS16, a space, Hebrew final nun
        let truth = uncached.layout(target, width: 1_000).width
        #expect(cached.layout(target, width: 1_000).width == truth, "a fresh cache agrees")
        let circle = uncached.layout("\u{25CC}", width: 1_000).width
        let cachedAfter = TextEngine(fonts: Fixtures.fonts)
        _ = cachedAfter.layout("\u{FE0F} \u{5DF}", width: 1_000)  // the same pieces at a paragraph's start
        let width = cachedAfter.layout(target, width: 1_000).width
        #expect(width == truth, "measured \(width), shaping gives \(truth); the difference is one ◌ (\(circle))")
    }

    /// The input `fuzz-measure` saved (its format: 10 parameter bytes, the token, the text; see
    /// Fuzz/Sources/FuzzTargets/MeasureFuzzer.swift), replayed after the two texts its
    /// shrinking found had been measured before it by the same engine.
    @Test("a saved fuzz input: a VS16 piece first shaped at a paragraph's start measures the same inside a paragraph")
    func paragraphStartPieceReplay() throws {
        let input = try FuzzMeasureInput(fixture: "fuzz-measure-dotted-circle-in-cache.bin")
        #expect(input.maxLines == nil)
        #expect(
            input.measure(TextEngine(fonts: Fixtures.fonts)) == input.replay(after: []).uncached,
            "alone, it measures right")
        let (layout, uncached) = input.replay(after: ["\u{FE0F} \u{5DD}", "\u{FFFD}~\u{FFFD}\u{1F3FD} \u{5DF}"])
        #expect(layout == uncached, "widest line \(layout.width) vs \(uncached.width)")
    }

    /// Found by `fuzz-measure` after the fix above (Fuzz/Results/findings.md), fixed:
    /// `RunMeasurer.measureRun` stored the last piece of a run as safe to concatenate at
    /// its end (`endSafe = p + 1 == last || …`) although HarfBuzz never said so — no glyph
    /// follows it in the buffer to carry an unsafe-to-concat flag. Here "w\0\u{5A9}产" ends a
    /// run with the piece "\u{5A9}" (a Hebrew accent no bundled font covers: a 600-unit
    /// .notdef); inside "w\0\u{5A9}\u{FFFC}品" the same bytes are followed by U+FFFC in the
    /// same run, where shaping the run whole gives 1,000 units for both and the cache 1,600
    /// (4.5 points at 7.5). Fixed by keying the pieces that end a run apart
    /// (`SegmentCache.Key.meta`): they are only reused where a run ends too.
    @Test("a piece cached where it ended its run is not served where the run goes on")
    func runEndPieceInTheCache() {
        expectCacheAgrees(
            on: "w\0\u{5A9}\u{FFFC}品", after: ["\u{5A9}\u{FFFC}品", "w\0\u{5A9}产"], style: TextStyle(fontSize: 7.5))
    }

    /// `target`'s one-line width by a fresh cached engine and by one that measured `before`
    /// first must both be what shaping gives (an engine without a cache).
    func expectCacheAgrees(
        on target: String, after before: [String], style: TextStyle,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let truth = TextEngine(fonts: Fixtures.fonts, segmentCacheCapacity: 0).prepare(target, style: style)
            .singleLineWidth
        #expect(
            TextEngine(fonts: Fixtures.fonts).prepare(target, style: style).singleLineWidth == truth,
            "a fresh cache agrees",
            sourceLocation: sourceLocation)
        let warmed = TextEngine(fonts: Fixtures.fonts)
        for text in before { _ = warmed.prepare(text, style: style) }
        let width = warmed.prepare(target, style: style).singleLineWidth
        #expect(width == truth, "measured \(width), shaping gives \(truth)", sourceLocation: sourceLocation)
    }

    /// The input `fuzz-measure` saved for the finding above, replayed after the two texts its
    /// shrinking found (the run "\u{5A9}\u{FFFC}\u{FFFD}" measures 19.5 points instead of 15).
    @Test("a saved fuzz input: a .notdef piece first shaped at a run's end measures the same where the run goes on")
    func runEndPieceReplay() throws {
        let input = try FuzzMeasureInput(fixture: "fuzz-measure-run-end-piece-in-cache.bin")
        #expect(input.width == 300 && input.style.fontSize == 7.5)
        #expect(
            input.measure(TextEngine(fonts: Fixtures.fonts)) == input.replay(after: []).uncached,
            "alone, it measures right")
        let (layout, uncached) = input.replay(after: ["\u{5A9}\u{FFFC}\u{FFFD}品", "w\0\u{5A9}a"])
        #expect(layout == uncached, "widest line \(layout.width) vs \(uncached.width)")
    }

    /// Found by `fuzz-measure` (Fuzz/Results/findings.md), fixed: the mirror of the finding
    /// above. The first piece of a run was stored as safe at its start, though no glyph before
    /// it in the buffer could say otherwise, and was served where the run began earlier. In a
    /// Hebrew-script run of Noto Color Emoji (emoji take the script of the text before them,
    /// as in Pango), HarfBuzz measures "👨‍" 2,550 units where it begins a run but 0 after "👦"
    /// in "会ל👦👨‍": the cache, holding "👦" from "会ל👦👍🏽" (where it began its run) and
    /// "👨‍" from "会ל👨‍", measured the run 42.3 points instead of 21.2. Fixed by keying the
    /// pieces that begin a run apart as well (`SegmentCache.Key.meta`).
    @Test("a piece cached where it began its run is not served where the run began earlier")
    func runStartPieceInTheCache() {
        expectCacheAgrees(
            on: "会\u{5DC}\u{1F466}\u{1F468}\u{200D}\u{12}",
            after: ["会\u{5DC}\u{1F466}\u{1F44D}\u{1F3FD}\u{12}", "会\u{5DC}\u{1F468}\u{200D}\u{12}"],
            style: TextStyle(fontSize: 17))
    }

    /// The input `fuzz-measure` saved for the finding above, replayed after the same two texts.
    @Test(
        "a saved fuzz input: an emoji piece first shaped at a run's start measures the same where the run began earlier"
    )
    func runStartPieceReplay() throws {
        let input = try FuzzMeasureInput(fixture: "fuzz-measure-run-start-piece-in-cache.bin")
        let (layout, uncached) = input.replay(after: [
            "会\u{5DC}\u{1F466}\u{1F44D}\u{1F3FD}\u{12}", "会\u{5DC}\u{1F468}\u{200D}\u{12}",
        ])
        #expect(layout == uncached, "widest line \(layout.width) vs \(uncached.width)")
    }

    // MARK: - Fonts

    @Test("a font without the characters: each cluster measured with its .notdef, nothing dropped")
    func fontWithoutTheCharacters() throws {
        let latinOnly = TextEngine(
            fonts: try FontStack([try Font(path: Fixtures.fontsDirectory + "/NotoSans-Regular.ttf")]))
        let text = "中文😀한"
        let prepared = latinOnly.prepare(text)
        #expect(prepared.graphemeClusterRanges.count == 4)
        #expect(prepared.textRuns.allSatisfy { $0.font?.familyName == "Noto Sans" })
        let layout = prepared.layout(width: 1_000)
        let notdef = latinOnly.layout("\u{E000}", width: 1_000).width
        #expect(notdef > 5)
        #expect(abs(layout.width - 4 * notdef) < 1e-9, "four .notdef boxes")
        #expect(layout.lines.map(\.range) == [0..<text.utf8.count])
        // At a narrow width the boxes break like the characters they stand for.
        #expect(latinOnly.layout(text, width: notdef * 1.5).lineCount == 4)
        // The emoji font alone has no Latin letters: .notdef of the emoji font.
        let emojiOnly = TextEngine(
            fonts: try FontStack([try Font(path: Fixtures.fontsDirectory + "/NotoColorEmoji.ttf")]))
        let latin = emojiOnly.layout("abc", width: 1_000)
        #expect(latin.lineCount == 1 && latin.width > 0 && emojiOnly.prepare("abc").graphemeClusterRanges.count == 3)
    }

    @Test(
        "a font file cut short: refused while its tables are incomplete, else loaded and measuring as the whole font",
        arguments: [0.001, 0.01, 0.1, 0.5, 0.99])
    func truncatedFont(fraction: Double) throws {
        let original = try #require(
            FileManager.default.contents(atPath: Fixtures.fontsDirectory + "/NotoSans-Regular.ttf"))
        let path = Fixtures.temporaryFile(
            named: "cut-\(fraction).ttf", contents: Array(original.prefix(Int(Double(original.count) * fraction))))
        let whole = engine.layout("Sata XP", width: 343)
        do {
            let font = try Font(path: path)
            // Outlines (glyf) come last in the file and are never read: metrics are all there.
            let cut = TextEngine(fonts: try FontStack([font])).layout("Sata XP", width: 343)
            #expect(fraction >= 0.1)
            #expect(cut.width == whole.width && cut.height == whole.height)
        } catch let error as FontError {
            #expect(fraction < 0.1)
            #expect(error.description.contains("not a usable font file"), "\(error)")
        }
    }

    @Test("a directory, /dev/null, a missing collection face file, a fonts directory that does not exist: clear errors")
    func notFontFiles() {
        #expect(throws: FontError.unreadable(path: NSTemporaryDirectory(), reason: "is a directory")) {
            try Font(path: NSTemporaryDirectory())
        }
        #expect(throws: FontError.self) { try Font(path: "/dev/null") }
        #expect(throws: FontError.unreadable(path: "/nonexistent.ttc", reason: "no such file")) {
            try FontStack(files: ["/nonexistent.ttc#2"])
        }
        #expect(throws: FontError.familyNotFound(family: "Noto Sans", directory: "/nonexistent")) {
            try FontStack.bundled(directory: "/nonexistent")
        }
    }
}
