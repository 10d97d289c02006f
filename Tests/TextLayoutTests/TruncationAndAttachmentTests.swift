import Testing
import TestSupport
@testable import TextLayout

@Suite("Truncation and attachments")
struct TruncationAndAttachmentTests {
    let engine = Fixtures.engine
    let long = String(repeating: "这是一段很长的微博正文，", count: 12)

    @Test("max lines cuts with the token and reports the full count")
    func truncation() {
        let full = engine.layout(long, width: 200)
        #expect(full.lineCount > 3)
        let cut = engine.layout(long, width: 200, maxLines: 3)
        #expect(cut.lineCount == 3)
        #expect(cut.isTruncated)
        #expect(cut.fullLineCount == full.lineCount)
        #expect(cut.lines[2].isTruncated && !cut.lines[1].isTruncated)
        #expect(cut.lines[2].width <= 200 + 1e-9)
        #expect(Array(cut.lines[0..<2]) == Array(full.lines[0..<2]))
        // The token "…" is Noto Sans: its deeper descent may deepen the last line.
        #expect(cut.height >= full.lines[0..<3].reduce(0) { $0 + $1.height } - 1e-9)
        #expect(abs(cut.height - (cut.lines[0].height + cut.lines[1].height + cut.lines[2].height)) < 1e-9)
        // Not truncated when it fits.
        let short = engine.layout("短", width: 200, maxLines: 3)
        #expect(!short.isTruncated && short.fullLineCount == 1)
    }

    @Test("a longer token leaves less text on the last line")
    func tokens() {
        let ellipsis = engine.layout(long, width: 200, maxLines: 2)
        let fullText = engine.layout(long, width: 200, maxLines: 2, truncationToken: "…全文")
        #expect(fullText.lines[1].range.count < ellipsis.lines[1].range.count)
        var token = AttributedText("…")
        token.append(TextAttachment(width: 40, ascent: 30, descent: 10))
        let withImage = engine.layout(long, width: 200, maxLines: 2, truncationToken: token)
        #expect(withImage.lines[1].ascent == 30 && withImage.lines[1].descent == 10)
    }

    /// The last shown line began inside a word cut across lines: the pieces that could reach the
    /// line's end were counted from the word's start (on earlier lines), so none after it was
    /// looked at, and "a bb cc dd…" (fits in 100 points) was shown as "a…".
    @Test("a last line that begins inside a cut word takes the words after it that fit before the token")
    func truncationAfterCutWord() {
        let text = String(repeating: "a", count: 21) + " bb cc dd ee ff gg hh ii jj kk ll mm"
        let prepared = engine.prepare(text)
        let full = prepared.layout(width: 100)
        #expect(full.lines[2].range == 20..<31, "the word's last 'a', then \"bb cc dd \"")
        let cut = prepared.layout(width: 100, maxLines: 3)
        #expect(Array(cut.lines.prefix(2)) == Array(full.lines.prefix(2)))
        #expect(cut.lines[2].range == 20..<30 && cut.lines[2].isTruncated)
        #expect(cut.lines[2].width <= 100 && cut.lines[2].width > full.lines[2].width)
    }

    @Test("attachments take their width and raise the line")
    func attachments() {
        var text = AttributedText("哈哈")
        text.append(TextAttachment(width: 20, ascent: 25, descent: 8))
        text.append("好")
        let layout = engine.layout(text, width: 1000)
        let plain = engine.layout("哈哈好", width: 1000)
        #expect(abs(layout.width - (plain.width + 20)) < 1e-9)
        #expect(layout.lines[0].ascent == 25)
        #expect(layout.lines[0].descent == 8)
        #expect(engine.prepare(text).textRuns.map { $0.font == nil } == [false, true, false])
    }

    @Test("attachments break like ideographs: between them, never before 。")
    func attachmentsBreak() {
        var text = AttributedText("")
        for _ in 0..<10 { text.append(TextAttachment(width: 17, ascent: 14, descent: 3)) }
        text.append("。")
        let layout = engine.layout(text, width: 17 * 4 + 1)
        #expect(layout.lineCount == 3)
        let bytes = Array(text.string.utf8)
        let last = String(decoding: bytes[layout.lines[2].range], as: UTF8.self)
        #expect(last.hasSuffix("。") && last.count >= 2)
    }

    @Test("a U+FFFC without an attachment is measured as text")
    func bareObjectReplacement() {
        let layout = engine.layout("a\u{FFFC}b", width: 1000)
        #expect(engine.prepare("a\u{FFFC}b").textRuns.allSatisfy { $0.font != nil })
        #expect(layout.width > engine.layout("ab", width: 1000).width)
    }
}
