import Foundation
import StatusLayout
import Testing
import TestSupport
import TextLayout
@testable import Rendering

/// Cells drawn as they were when the PNGs in Fixtures/golden were made, within a small
/// per-pixel tolerance (antialiasing may move by a few levels between FreeType, cairo and
/// pixman versions; a glyph, box or line moved by a pixel does not pass).
///
/// Regenerate after an intended change, and look at the PNGs before committing them:
///
///     scripts/update-golden-images.sh
@Suite("Golden images")
struct GoldenImageTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var status: Int
        var scale = 1.0
        var maxLines: Int?
        var debug = false
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "original", status: 0), Case(name: "retweet", status: 1), Case(name: "one-picture", status: 2),
        Case(name: "four-pictures", status: 3), Case(name: "nine-pictures", status: 4),
        Case(name: "collapsed", status: 5, maxLines: 4), Case(name: "expanded", status: 5),
        Case(name: "emoji-and-scripts", status: 6),
        Case(name: "emoji-and-scripts-2x-debug", status: 6, scale: 2, debug: true),
        Case(name: "emoticons-with-marks", status: 7, scale: 2),
    ]

    /// The most any channel of any pixel may differ, of 255.
    static let tolerance = 24

    static let directory = RenderFixtures.fixturesDirectory + "/golden"
    static let updating = ProcessInfo.processInfo.environment["FEEDLAYOUT_UPDATE_GOLDEN_IMAGES"] == "1"

    static func render(_ c: Case) throws -> RenderedImage {
        var style = CellStyle.weibo
        style.maxTextLines = c.maxLines
        return try RenderFixtures.renderer.renderCell(
            RenderFixtures.goldenStatuses[c.status], width: 375, style: style,
            expanded: c.maxLines == nil, options: RenderOptions(scale: c.scale, debug: c.debug, now: RenderFixtures.now)
        )
    }

    @Test("cells look as they did", arguments: cases)
    func matchesGolden(_ c: Case) throws {
        let image = try Self.render(c)
        try Self.compare(image, withGolden: c.name)
    }

    /// Compares `image` with `Fixtures/golden/<name>.png` within ``tolerance`` (or writes it there
    /// when updating), recording where they differ and leaving the render in the temporary
    /// directory.
    static func compare(_ image: RenderedImage, withGolden name: String) throws {
        let path = directory + "/\(name).png"
        if updating {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try image.writePNG(toFile: path)
            return
        }
        let golden = try RenderedImage(contentsOfPNGFile: path)
        try #require(
            golden.pixelWidth == image.pixelWidth && golden.pixelHeight == image.pixelHeight,
            "\(name): \(image.pixelWidth) × \(image.pixelHeight) px, golden \(golden.pixelWidth) × \(golden.pixelHeight)"
        )
        let difference = ImageDifference(image, golden)
        if difference.maximum > tolerance {
            let actual = NSTemporaryDirectory() + "feedlayout-golden-\(name).png"
            try? image.writePNG(toFile: actual)
            Issue.record(
                "\(name): \(difference.pixelsOver(tolerance)) pixels differ by more than \(tolerance) (at most \(difference.maximum), first at \(difference.first)); this render is in \(actual)"
            )
        }
    }

    /// Arabic and Hebrew paragraphs and a Hebrew status, drawn with the bundled Noto Sans and
    /// Debian's Noto Sans Arabic and Hebrew (fonts-noto-core, which the test script installs).
    static let rightToLeftRenderer: Renderer = {
        let noto = "/usr/share/fonts/truetype/noto/"
        let fonts = try! FontStack(
            [Fixtures.fonts.fonts[0]]
                + [
                    try Font(path: noto + "NotoSansArabic-Regular.ttf"),
                    try Font(path: noto + "NotoSansHebrew-Regular.ttf"),
                ]
                + Fixtures.fonts.fonts.dropFirst())
        return Renderer(engine: TextEngine(fonts: fonts))
    }()

    static let rightToLeftText =
        "مرحبا بالعالم، هذا نص عربي يلتف على عدة أسطر 123\nשלום עולם, זהו טקסט בעברית\nLeft to right: a paragraph of its own"
    static let rightToLeftStatus =
        #"{"id": 77, "created_at": "Sun Nov 29 20:00:00 +0800 2026", "user": {"screen_name": "כותב"}, "text": "שלום לכולם! היום פרסמנו גרסה חדשה, 2.0, עם תמיכה מלאה בעברית ובערבית #FeedLayout# @חבר"}"#

    @Test(
        "right-to-left paragraphs start at the right edge: render-text's paragraph and a cell's text, as Pango and Chromium draw them",
        arguments: ["rtl-paragraphs", "rtl-cell"])
    func rightToLeft(_ name: String) throws {
        let image: RenderedImage
        if name == "rtl-paragraphs" {
            image = try Self.rightToLeftRenderer.renderParagraph(
                AttributedText(Self.rightToLeftText), width: 240,
                options: RenderOptions(scale: 2, margin: 8))
        } else {
            let status = try StatusDecoder().decodeStatus(Self.rightToLeftStatus)
            image = try Self.rightToLeftRenderer.renderCell(
                status, width: 375, options: RenderOptions(scale: 2, now: RenderFixtures.now))
        }
        try Self.compare(image, withGolden: name)
    }

    @Test(
        "a right-to-left paragraph's lines end at the box's right edge; a left-to-right one's start at its left; measurement is unchanged"
    )
    func rightToLeftLines() {
        let engine = Self.rightToLeftRenderer.engine
        let prepared = engine.prepare(Self.rightToLeftText)
        let layout = prepared.layout(width: 240)
        let lines = prepared.glyphLines(of: layout)
        let text = Array(Self.rightToLeftText.utf8)
        for line in lines {
            let first = String(decoding: text[line.line.range], as: UTF8.self).unicodeScalars.first {
                $0.properties.isAlphabetic
            }
            let hebrewOrArabic = first.map { (0x0590...0x06FF).contains($0.value) } ?? false
            #expect(
                line.isRightToLeftParagraph == hebrewOrArabic,
                "\(String(decoding: text[line.line.range], as: UTF8.self))")
        }
        #expect(lines.contains { $0.isRightToLeftParagraph } && lines.contains { !$0.isRightToLeftParagraph })
        #expect(engine.prepare(Self.rightToLeftText).layout(width: 240) == layout, "drawing changes no measurement")
    }

    @Test("the golden images are few and small")
    func goldenImagesAreSmall() throws {
        guard !Self.updating else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory).filter { $0.hasSuffix(".png") }
        #expect(Set(files) == Set(Self.cases.map { "\($0.name).png" } + ["rtl-paragraphs.png", "rtl-cell.png"]))
        let bytes = try files.reduce(0) {
            $0 + (try FileManager.default.attributesOfItem(atPath: Self.directory + "/" + $1)[.size] as! Int)
        }
        #expect(bytes < 600_000)
    }
}

/// How two images of the same size differ, channel by channel.
struct ImageDifference {
    var maximum = 0
    var first = (x: -1, y: -1)
    private var counts = [Int](repeating: 0, count: 256)

    init(_ a: RenderedImage, _ b: RenderedImage) {
        for y in 0..<a.pixelHeight {
            for x in 0..<a.pixelWidth {
                let p = a.pixel(x: x, y: y)
                let q = b.pixel(x: x, y: y)
                let d = max(
                    abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)),
                    abs(Int(p.alpha) - Int(q.alpha)))
                counts[d] += 1
                if d > maximum {
                    maximum = d
                    first = (x, y)
                }
            }
        }
    }

    func pixelsOver(_ tolerance: Int) -> Int { counts[(tolerance + 1)...].reduce(0, +) }
}
