import Foundation
import LockSupport
import StatusLayout
import Testing
import TestSupport
import TextLayout
@testable import Rendering

/// Shared fixtures of the rendering tests.
enum RenderFixtures {
    static let renderer = Renderer(engine: Fixtures.engine)

    /// The first statuses of the corpus.
    static let corpusStatuses: [Status] = {
        let path = Fixtures.repositoryRoot + "/Benchmarks/Corpus/statuses.jsonl"
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("missing \(path)") }
        let lines = data.split(separator: UInt8(ascii: "\n")).prefix(400)
        return lines.compactMap { try? StatusDecoder().decodeAll(Array($0)).first?.result.get() }
    }()

    /// The golden cells (Fixtures/cells.jsonl): original, retweet, 1/4/9 pictures, a long
    /// text, emoji and mixed scripts.
    static let goldenStatuses: [Status] = {
        let path = fixturesDirectory + "/cells.jsonl"
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("missing \(path)") }
        return StatusDecoder().decodeAll(Array(data)).map { try! $0.result.get() }
    }()

    /// The moment the cells' time strings are relative to: the morning after they were posted
    /// (Sun Nov 29 20:00 +0800: "昨天 20:00").
    static let now = StatusDate(parsing: "2026-11-30T08:00:00+08:00")!

    static let fixturesDirectory: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        return url.path + "/Fixtures"
    }()
}

@Suite("Cell images")
struct CellImageTests {
    let renderer = RenderFixtures.renderer

    @Test(
        "the image of a cell at scale S is exactly its height × S pixels tall, and as wide as the cell",
        arguments: [1.0, 2, 3])
    func imageHeightIsCellHeight(scale: Double) throws {
        var collapsed = CellStyle.weibo
        collapsed.maxTextLines = 3
        var checked = 0
        for (index, status) in RenderFixtures.corpusStatuses.prefix(24).enumerated() {
            let width = [320.0, 375, 414][index % 3]
            for style in [CellStyle.weibo, collapsed] {
                let heights = CellLayouter(measurer: Fixtures.engine, style: style).heights(
                    of: status, width: width, scale: scale)
                let expanded = style.maxTextLines == nil
                let image = try renderer.renderCell(
                    status, width: width, style: style, expanded: expanded,
                    options: RenderOptions(scale: scale, now: RenderFixtures.now))
                let height = expanded ? heights.expandedHeight : heights.height
                #expect(abs(height * scale - (height * scale).rounded()) < 1e-6, "heights are on the pixel grid")
                #expect(image.pixelHeight == Int((height * scale).rounded()), "\(status.id) at \(width) × \(scale)")
                #expect(image.pixelWidth == Int((width * scale).rounded()))
                checked += 1
            }
        }
        #expect(checked == 48)
    }

    @Test("a timeline is as tall as the sum of its cells' heights, and each cell starts where the ones above end")
    func timelineHeight() throws {
        let statuses = Array(RenderFixtures.corpusStatuses.prefix(12))
        let layouter = CellLayouter(measurer: Fixtures.engine, style: .weibo)
        let heights = statuses.map { layouter.heights(of: $0, width: 375, scale: 2).height }
        let image = try renderer.renderTimeline(
            statuses, width: 375, options: RenderOptions(scale: 2, now: RenderFixtures.now))
        #expect(image.pixelHeight == heights.reduce(0) { $0 + Int(($1 * 2).rounded()) })
        // Every cell's top gap is the timeline's grey, at the row where the cell starts.
        let grey = CellColors.weibo.timelineBackground
        var top = 0
        for height in heights {
            let pixel = image.pixel(x: 1, y: top + 1)
            #expect(Int(pixel.red) == Int((grey.red * 255).rounded()) && pixel.alpha == 255, "gap at row \(top + 1)")
            top += Int((height * 2).rounded())
        }
    }

    @Test("mentions, topics and links are drawn in the link colour, plain text in the text colour")
    func entityColours() throws {
        /// How many pixels have exactly `color` (the inside of glyph strokes, fully covered).
        func count(_ color: CellColor, in image: RenderedImage) -> Int {
            let target = (
                UInt8((color.red * 255).rounded()), UInt8((color.green * 255).rounded()),
                UInt8((color.blue * 255).rounded())
            )
            var n = 0
            for y in 0..<image.pixelHeight {
                for x in 0..<image.pixelWidth {
                    let p = image.pixel(x: x, y: y)
                    if p.alpha == 255 && (p.red, p.green, p.blue) == target { n += 1 }
                }
            }
            return n
        }
        let colors = CellColors.weibo
        let plain = try renderer.renderCell(
            Status(id: StatusID(1), text: "普通文字普通文字普通文字"), width: 375,
            options: RenderOptions(scale: 3, now: RenderFixtures.now))
        let linked = try renderer.renderCell(
            Status(id: StatusID(2), text: "普通文字 @新浪科技 #话题# 普通文字"), width: 375,
            options: RenderOptions(scale: 3, now: RenderFixtures.now))
        #expect(count(colors.text, in: plain) > 200)
        #expect(count(colors.link, in: plain) == 0)
        #expect(count(colors.link, in: linked) > 200)
        #expect(count(colors.text, in: linked) > 200)
        // Other colours change what is drawn, not where.
        var dark = CellColors.weibo
        dark.text = CellColor(hex: 0xEEEEEE)
        dark.background = CellColor(hex: 0x111111)
        let themed = try renderer.renderCell(
            Status(id: StatusID(1), text: "普通文字普通文字普通文字"), width: 375,
            options: RenderOptions(scale: 3, colors: dark, now: RenderFixtures.now))
        #expect(themed.pixelHeight == plain.pixelHeight)
        #expect(count(dark.text, in: themed) == count(colors.text, in: plain))
    }

    @Test("images over 32,767 px a side or 256 MB are refused before anything is drawn")
    func limits() throws {
        do {
            _ = try renderer.renderParagraph(
                "a", width: 20_000, style: TextStyle(fontSize: 17),
                options: RenderOptions(scale: 2, now: RenderFixtures.now))
            Issue.record("a 40,000 px wide image was made")
        } catch RenderError.imageTooLarge(let width, _) {
            #expect(width == 40_000)
        }
        #expect(throws: RenderError.self) {
            _ = try renderer.renderTimeline(
                Array(repeating: RenderFixtures.goldenStatuses[5], count: 60), width: 375,
                options: RenderOptions(scale: 3, now: RenderFixtures.now))
        }
        #expect(ImageLimits.allows(pixelWidth: 32_767, pixelHeight: 2_048))
        #expect(!ImageLimits.allows(pixelWidth: 32_768, pixelHeight: 1))
        #expect(!ImageLimits.allows(pixelWidth: 16_384, pixelHeight: 4_097))  // 268,451,840 bytes
        #expect(ImageLimits.allows(pixelWidth: 16_384, pixelHeight: 4_096))  // 256 MB exactly
        let long = String(repeating: "很长的文字。", count: 2_000)
        #expect(throws: RenderError.self) {
            _ = try renderer.renderParagraph(
                AttributedText(long), width: 100, options: RenderOptions(scale: 4, now: RenderFixtures.now))
        }
    }

    @Test("an image written as a PNG reads back the same; unwritable paths are errors that name the reason")
    func writing() throws {
        let image = try renderer.renderParagraph("写入 PNG", width: 120, options: RenderOptions(scale: 2, margin: 4))
        let directory = NSTemporaryDirectory() + "feedlayout-render-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/paragraph.png"
        try image.writePNG(toFile: path)
        let back = try RenderedImage(contentsOfPNGFile: path)
        #expect(back.pixelWidth == image.pixelWidth && back.pixelHeight == image.pixelHeight)
        for y in stride(from: 0, to: image.pixelHeight, by: 3) {
            for x in stride(from: 0, to: image.pixelWidth, by: 3) {
                #expect(back.pixel(x: x, y: y) == image.pixel(x: x, y: y))
            }
        }
        #expect(try image.pngData().starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(
            throws: RenderError.writeFailed(path: directory + "/missing/x.png", reason: "No such file or directory")
        ) {
            try image.writePNG(toFile: directory + "/missing/x.png")
        }
        #expect(throws: RenderError.writeFailed(path: directory, reason: "is a directory")) {
            try image.writePNG(toFile: directory)
        }
        if geteuid() != 0 {  // root writes anywhere
            #expect(throws: RenderError.self) { try image.writePNG(toFile: "/proc/feedlayout.png") }
        }
        // A device is written through, never replaced (even by root): /dev/full has no room.
        #expect(throws: RenderError.writeFailed(path: "/dev/full", reason: "No space left on device")) {
            try image.writePNG(toFile: "/dev/full")
        }
        var status = stat()
        #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        // Nothing is left behind by a failed write.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
        #expect(throws: RenderError.self) { _ = try RenderedImage(contentsOfPNGFile: directory + "/nothing.png") }
    }

    @Test(
        "renders do not depend on threads or on what the face caches hold: the same pixels on 4 threads as one by one")
    func threadsAndCaches() throws {
        let statuses = RenderFixtures.goldenStatuses
        let sequential = try statuses.map {
            try Renderer(engine: Fixtures.engine).renderCell(
                $0, width: 375, options: RenderOptions(scale: 2, now: RenderFixtures.now))
        }
        let shared = Renderer(engine: TextEngine(fonts: Fixtures.fonts))
        let results = Lock<[Int: RenderedImage]>([:])
        DispatchQueue.concurrentPerform(iterations: statuses.count * 3) { i in
            let index = i % statuses.count
            if let image = try? shared.renderCell(
                statuses[index], width: 375, options: RenderOptions(scale: 2, now: RenderFixtures.now))
            {
                results.withLock { $0[i] = image }
            }
        }
        let images = results.withLock { $0 }
        #expect(images.count == statuses.count * 3)
        for (i, image) in images {
            #expect(ImageDifference(image, sequential[i % statuses.count]).maximum == 0, "render \(i)")
        }
    }

    @Test("renderers of one engine drawing at once share its font faces safely: the same pixels as one by one")
    func renderersOfOneEngine() throws {
        // Each renderer has its own face cache, but the FreeType faces under them are the
        // engine's fonts' own. cairo locks an outline face itself; colour bitmaps (emoji) are
        // read by the renderer, so the cells drawn here are those with emoji, each by a fresh
        // renderer, which loads its bitmaps anew.
        let statuses = RenderFixtures.goldenStatuses.filter { status in
            (status.text.string + (status.retweetedStatus?.text.string ?? "")).unicodeScalars.contains {
                $0.properties.isEmojiPresentation
            }
        }
        try #require(statuses.count >= 2)
        let sequential = try statuses.map {
            try Renderer(engine: Fixtures.engine).renderCell(
                $0, width: 375, options: RenderOptions(scale: 2, now: RenderFixtures.now))
        }
        let engine = TextEngine(fonts: Fixtures.fonts)
        let rounds = 12
        let results = Lock<[Int: RenderedImage]>([:])
        DispatchQueue.concurrentPerform(iterations: statuses.count * rounds) { i in
            if let image = try? Renderer(engine: engine).renderCell(
                statuses[i % statuses.count], width: 375, options: RenderOptions(scale: 2, now: RenderFixtures.now))
            {
                results.withLock { $0[i] = image }
            }
        }
        let images = results.withLock { $0 }
        #expect(images.count == statuses.count * rounds)
        for (i, image) in images.sorted(by: { $0.key < $1.key }) {
            #expect(
                ImageDifference(image, sequential[i % statuses.count]).maximum == 0,
                "render \(i) (status \(statuses[i % statuses.count].id))")
        }
    }
}
