import Testing
import TestSupport
import TextLayout
@testable import StatusLayout

/// A measurer that knows no fonts: every character (attachments included) is `advance` wide,
/// so line counts are simple arithmetic and the geometry is checked apart from the fonts.
struct FakeMeasurer: StatusTextMeasuring {
    var advance = 17.0

    func lineCount(
        of text: AttributedText, width: Double, fontSize: Double, maxLines: Int?,
        truncationToken: AttributedText
    ) -> (shown: Int, full: Int) {
        let perLine = max(1, Int(width / advance))
        let count = text.string.count
        let full = count == 0 ? 0 : (count + perLine - 1) / perLine
        return (min(full, maxLines ?? full), full)
    }

    func singleLineWidth(of text: AttributedText, fontSize: Double) -> Double { Double(text.string.count) * advance }
}

@Suite("Cell geometry (fake measurer)")
struct CellGeometryTests {
    let layouter = CellLayouter(measurer: FakeMeasurer(), style: .weibo)

    /// A text of exactly `lines` lines at width 375 (351 content / 17 = 20 characters a line).
    func text(lines: Int) -> StatusText { StatusText(String(repeating: "字", count: 20 * lines)) }

    func pictures(_ count: Int, size: (Int, Int)? = (400, 400)) -> [StatusPicture] {
        (0..<count).map { StatusPicture(url: "p\($0)", pixelSize: size.map { (width: $0.0, height: $0.1) }) }
    }

    @Test("the reference's worked value: a 3-line text-only status is 183.56, 183.5 at scale 2")
    func workedTextOnly() {
        let cell = layouter.layout(Status(id: StatusID(1), text: text(lines: 3)), width: 375, scale: 2)
        #expect(cell.textLines == 3)
        #expect(abs(cell.text.height - 82.56) < 1e-9)
        #expect(cell.height == 183.5)
        #expect(cell.kind == .original)
        #expect(cell.toolbar.y + cell.toolbar.height + 2 - 183.56 < 1e-9)
    }

    @Test("pixel rounding at scales 1, 2 and 3", arguments: [(1.0, 184.0), (2.0, 183.5), (3.0, 551.0 / 3)])
    func pixelRounding(scale: Double, expected: Double) {
        let cell = layouter.layout(Status(id: StatusID(1), text: text(lines: 3)), width: 375, scale: scale)
        #expect(abs(cell.height - expected) < 1e-9)
        #expect(abs(cell.height * scale - (cell.height * scale).rounded()) < 1e-9, "on the pixel grid")
    }

    @Test(
        "picture grids for 0 to 9 pictures (and more): rows, columns, heights",
        arguments: [
            // one square picture fills the 2 × side + gap box (2, 2, 114.5), (3, 3, 114.5), (4, 4, 233), (5, 5, 233), (6, 6, 233),
            (0, 0, 0.0), (1, 1, 233),
            (7, 7, 351.5), (8, 8, 351.5), (9, 9, 351.5), (10_000, 9, 351.5),
        ])
    func grids(count: Int, shown: Int, height: Double) {
        let cell = layouter.layout(Status(id: StatusID(1), pictures: pictures(count)), width: 375, scale: 2)
        #expect(cell.pictures.count == shown)
        let top = 8.0 + 56
        if shown > 0 {
            let bottom = cell.pictures.map(\.maxY).max()!
            #expect(abs(bottom - top - height) < 1e-9)
            #expect(abs(cell.height - (top + height + 12 + 35 + 2)) < 1e-9)
        } else {
            #expect(cell.height == top + 35 + 2)
        }
        if shown >= 2 {
            #expect(cell.pictures.allSatisfy { $0.width == 114.5 && $0.height == 114.5 })
            let columns = Set(cell.pictures.map(\.x)).count
            #expect(columns == (shown == 4 ? 2 : min(shown, 3)))
            // The side is rounded up to the pixel grid (114.33 → 114.5), as in the reference, so
            // three columns may overhang the right padding by the rounding: 3 × 0.17 < 0.5.
            #expect(cell.pictures.allSatisfy { $0.maxX <= 375 - 12 + 0.5 + 1e-9 })
        }
    }

    @Test(
        "one picture keeps its aspect inside a box of 2 × side + gap; extremes are clamped; unknown is a square",
        arguments: [
            ((400, 400), (233.0, 233.0)), ((800, 400), (233.0, 116.5)), ((690, 3000), (58.5, 233.0)),
            ((100_000, 1), (233.0, 58.5)), ((1, 100_000), (58.5, 233.0)),
        ])
    func singlePicture(pixels: (Int, Int), expected: (Double, Double)) {
        let cell = layouter.layout(Status(id: StatusID(1), pictures: pictures(1, size: pixels)), width: 375, scale: 2)
        #expect(cell.pictures.count == 1)
        #expect(
            abs(cell.pictures[0].width - expected.0) < 1e-9 && abs(cell.pictures[0].height - expected.1) < 1e-9,
            "\(cell.pictures[0])")
    }

    @Test("a picture of unknown size is a square of half the content width")
    func unknownSize() {
        let cell = layouter.layout(Status(id: StatusID(1), pictures: pictures(1, size: nil)), width: 375, scale: 2)
        #expect(cell.pictures[0].width == 175.5 && cell.pictures[0].height == 175.5)
    }

    @Test("a retweet is taller than the same status without it, and shows the retweet's pictures")
    func retweetTaller() {
        let original = Status(
            id: StatusID(2), text: text(lines: 2), user: StatusUser(screenName: "苏轼"), pictures: pictures(3))
        let plain = Status(id: StatusID(1), text: text(lines: 1))
        var repost = plain
        repost.retweetedStatus = original
        let a = layouter.layout(plain, width: 375, scale: 2)
        let b = layouter.layout(repost, width: 375, scale: 2)
        #expect(b.kind == .retweet)
        #expect(b.height > a.height)
        #expect(b.retweetPictures.count == 3 && b.pictures.isEmpty)
        // "@苏轼:" + 40 characters at 16 pt: 44 characters → 3 lines of 20.
        #expect(b.retweetTextLines == 3)
        let block = try! #require(b.retweetBlock)
        let expectedBlock = (20 + 16 + 2 * 1.34 * 16) + 114.5 + 12
        #expect(abs(block.height - expectedBlock) < 1e-9)
        #expect(abs(b.height - pixelRound(8 + 56 + 37 + expectedBlock + 35 + 2, scale: 2)) < 1e-9)
    }

    @Test("a deleted retweet shows its message without a name or pictures")
    func deletedRetweet() {
        var status = Status(id: StatusID(1), text: "转发")
        status.retweetedStatus = Status(id: StatusID(2), text: "抱歉，此微博已被作者删除。", pictures: pictures(4), isDeleted: true)
        let cell = layouter.layout(status, width: 375, scale: 2)
        #expect(cell.retweetRichText?.text.string == "抱歉，此微博已被作者删除。")
        #expect(cell.retweetPictures.isEmpty)
    }

    @Test("max lines: collapsed and expanded heights")
    func collapsed() {
        var style = CellStyle.weibo
        style.maxTextLines = 6
        let limited = CellLayouter(measurer: FakeMeasurer(), style: style)
        let status = Status(id: StatusID(1), text: text(lines: 10))
        let cell = limited.layout(status, width: 375, scale: 2)
        let full = layouter.layout(status, width: 375, scale: 2)
        #expect(cell.textLines == 6 && cell.fullTextLines == 10 && cell.isTruncated)
        #expect(cell.expandedHeight == full.height)
        #expect(abs(cell.expandedHeight - cell.height - 4 * 1.34 * 17) < 0.5)
        #expect(!full.isTruncated && full.expandedHeight == full.height)
    }

    @Test("text block height formula and empty text")
    func textBlock() {
        let style = CellStyle.weibo.weiboCell
        #expect(style.textBlockHeight(lines: 0, fontSize: 17) == 0)
        #expect(style.textBlockHeight(lines: 1, fontSize: 17) == 37)
        #expect(abs(style.textBlockHeight(lines: 4, fontSize: 16) - (36 + 3 * 1.34 * 16)) < 1e-12)
        let empty = layouter.layout(Status(id: StatusID(1)), width: 375, scale: 2)
        #expect(empty.text.height == 0 && empty.height == 101)
    }
}

extension CellRect {
    var maxX: Double { x + width }
}

@Suite("The engine as a status measurer")
struct EngineMeasurerTests {
    @Test("lineCount counts lines without laying them out, and agrees with layout's shown and full counts")
    func countsAgreeWithLayout() {
        let engine = Fixtures.engine
        for text in Fixtures.corpusTexts.prefix(200) {
            let attributed = AttributedText(text)
            for (width, maxLines) in [(351.0, nil), (351, 3), (200, 2), (343, 1), (120, 0)] as [(Double, Int?)] {
                let layout = engine.layout(
                    attributed, width: width, style: TextStyle(fontSize: 17), maxLines: maxLines,
                    truncationToken: "…全文")
                let counted = engine.lineCount(
                    of: attributed, width: width, fontSize: 17, maxLines: maxLines,
                    truncationToken: "…全文")
                #expect(
                    counted.shown == layout.lineCount && counted.full == layout.fullLineCount,
                    "\(text) at \(width), \(String(describing: maxLines))")
            }
        }
    }
}
