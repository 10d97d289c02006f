import BenchmarkSupport
import Testing

@Suite(.serialized) struct PangoPeerTests {
    let peer: PangoPeer

    init() throws {
        peer = try PangoPeer(fontsDirectory: try BenchmarkPaths.fontsDirectory(), fontSize: 17)
    }

    @Test func pangoIsVersion1_50() {
        #expect(PangoPeer.pangoVersion.hasPrefix("1.50."))
    }

    // The trap of a from-scratch fontconfig configuration: without the bitmap-scaling rule,
    // Noto Color Emoji (a 109 px strike) measures about 136 px at 17 px.
    @Test func colourEmojiIsScaledToTheFontSize() {
        let emoji = peer.measure("😀", width: 0)
        #expect(abs(emoji.width - 17.0 * 2550 / 2048) < 0.01)
        #expect(peer.lastFont(atByteOffset: 0) == "Noto Color Emoji #0")
    }

    // The system's substitution rules must not leak in: they would send digits and lone
    // spaces to the emoji font.
    @Test func digitsAndSpacesStayInNotoSans() {
        _ = peer.measure(" 1#", width: 0)
        for offset in 0..<3 {
            #expect(peer.lastFont(atByteOffset: offset) == "Noto Sans #0")
        }
    }

    @Test func chineseUsesTheSimplifiedChineseFace() {
        let measurement = peer.measure("中文", width: 0)
        #expect(peer.lastFont(atByteOffset: 0) == "Noto Sans CJK SC #2")
        #expect(abs(measurement.width - 34) < 0.001)
        #expect(measurement.lineCount == 1)
    }

    @Test func wrapsAndReportsLines() {
        let text = String(repeating: "中", count: 25)
        let measurement = peer.measure(text, width: 200)
        #expect(measurement.lineCount == 3)  // 11 + 11 + 3 characters of 17 px
        let lines = peer.lastLines()
        #expect(lines.map(\.range) == [0..<33, 33..<66, 66..<75])
        #expect(abs(measurement.height - 3 * 24.616) < 0.01)
    }

    @Test func breaksAreScalarOffsetsOfTheLineStarts() {
        let text = String(repeating: "中", count: 25)
        _ = peer.measure(text, width: 200)
        #expect(peer.lastBreaks() == [11, 22])
        // Mixed lengths: "ab 😀😀…" puts multi-byte scalars before the break.
        let mixed = "ab " + String(repeating: "😀", count: 12) + " " + String(repeating: "x", count: 5)
        let lines = peer.lines(of: mixed, width: 200)
        #expect(lines.count >= 2)
        #expect(peer.lastBreaks() == mixed.scalarOffsets(ofUTF8Offsets: lines.dropFirst().map(\.range.lowerBound)))
        _ = peer.measure("one line", width: 343)
        #expect(peer.lastBreaks().isEmpty)
    }

    @Test func emptyTextIsOneLine() {
        #expect(peer.measure("", width: 343).lineCount == 1)
    }
}
