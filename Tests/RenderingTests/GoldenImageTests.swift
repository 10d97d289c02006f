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
        let path = Self.directory + "/\(c.name).png"
        if Self.updating {
            try FileManager.default.createDirectory(atPath: Self.directory, withIntermediateDirectories: true)
            try image.writePNG(toFile: path)
            return
        }
        let golden = try RenderedImage(contentsOfPNGFile: path)
        try #require(
            golden.pixelWidth == image.pixelWidth && golden.pixelHeight == image.pixelHeight,
            "\(c.name): \(image.pixelWidth) × \(image.pixelHeight) px, golden \(golden.pixelWidth) × \(golden.pixelHeight)"
        )
        let difference = ImageDifference(image, golden)
        if difference.maximum > Self.tolerance {
            let actual = NSTemporaryDirectory() + "feedlayout-golden-\(c.name).png"
            try? image.writePNG(toFile: actual)
            Issue.record(
                "\(c.name): \(difference.pixelsOver(Self.tolerance)) pixels differ by more than \(Self.tolerance) (at most \(difference.maximum), first at \(difference.first)); this render is in \(actual)"
            )
        }
    }

    @Test("the golden images are few and small")
    func goldenImagesAreSmall() throws {
        guard !Self.updating else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory).filter { $0.hasSuffix(".png") }
        #expect(Set(files) == Set(Self.cases.map { "\($0.name).png" }))
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
