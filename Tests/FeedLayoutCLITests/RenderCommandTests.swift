import Foundation
import Rendering
import Testing
import TestSupport
@testable import FeedLayoutCLI

/// `feedlayout render-text`, `render` and `render-timeline` in-process: images of the sizes the
/// measurements say, and bad input answered as `measure` and `heights` answer it.
@Suite("feedlayout render-text, render, render-timeline")
struct RenderCommandTests {
    static let directory: String = {
        let path = NSTemporaryDirectory() + "feedlayout-render-cli-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static let statuses: [UInt8] = {
        let lines = String(decoding: HeightsCommandTests.corpus, as: UTF8.self).split(separator: "\n").prefix(6)
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }()

    /// The PNG's width and height from its IHDR chunk.
    static func pngSize(_ path: String) throws -> (width: Int, height: Int) {
        let bytes = try #require(FileManager.default.contents(atPath: path).map(Array.init))
        try #require(bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test("render-text: the image is the paragraph's width and height plus margins, at the scale")
    func renderText() throws {
        let path = Self.directory + "/text.png"
        let text = "产品介绍没有说明该怎么去装XP，幸亏我有带Sata驱动的XP"
        let result = runCells(["render-text", "--width", "200", "--scale", "3", "--margin", "5", "-o", path, text])
        #expect(result.status == 0, "\(result.errors)")
        let answer = try #require(try objects(result.output).first)
        let height = try #require(answer["height"] as? Double)
        let measured = try #require(
            try objects(runCells(["measure", "--width", "200", text]).output).first?["height"] as? Double)
        #expect(height == measured)
        let size = try Self.pngSize(path)
        #expect(size.width == 630 && size.width == answer["pixelWidth"] as? Int)
        #expect(size.height == Int(((height + 10) * 3).rounded(.up)) && size.height == answer["pixelHeight"] as? Int)
        // Standard input when no TEXT; --debug and the text options.
        let debug = runCells(
            ["render-text", "--debug", "--line-height", "1.34x", "--max-lines", "1", "--token", "…全文", "-o", path],
            input: Array("很长很长的一段文字，要被截断。很长很长的一段文字，要被截断。\n".utf8))
        #expect(debug.status == 0, "\(debug.errors)")
        #expect(try objects(debug.output).first?["height"] as? Double == 1.34 * 17)
    }

    @Test(
        "the README's pictures (docs/) are what the README's commands draw now",
        arguments: [("cell", false), ("cell-debug", true)])
    func readmePictures(name: String, debug: Bool) throws {
        let path = Self.directory + "/readme-\(name).png"
        let statuses = Fixtures.repositoryRoot + "/Tests/RenderingTests/Fixtures/cells.jsonl"
        let result = runCells(
            ["render", "--index", "1", "--now", "2026-11-30T08:00:00+08:00"] + (debug ? ["--debug"] : []) + [
                "-o", path, statuses,
            ])
        #expect(result.status == 0, "\(result.errors)")
        let drawn = try RenderedImage(contentsOfPNGFile: path)
        let shown = try RenderedImage(contentsOfPNGFile: Fixtures.repositoryRoot + "/docs/\(name).png")
        try #require(
            drawn.pixelWidth == shown.pixelWidth && drawn.pixelHeight == shown.pixelHeight,
            "docs/\(name).png is \(shown.pixelWidth) × \(shown.pixelHeight) px, the command draws \(drawn.pixelWidth) × \(drawn.pixelHeight): run the README's commands again"
        )
        // The golden images' tolerance: antialiasing may move by a few levels between library versions.
        var worst = 0
        for y in 0..<drawn.pixelHeight {
            for x in 0..<drawn.pixelWidth {
                let a = drawn.pixel(x: x, y: y), b = shown.pixel(x: x, y: y)
                worst = max(
                    worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                    abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
            }
        }
        #expect(
            worst <= 24,
            "docs/\(name).png differs from what the command draws by \(worst) of 255: run the README's commands again")
    }

    @Test("render: the image is exactly the cell's height × scale, as heights answers it")
    func renderCell() throws {
        let heights = try objects(
            runCells(["heights", "--width", "320", "--scale", "3", "--max-lines", "2"], input: Self.statuses).output)
        for index in 1...3 {
            let path = Self.directory + "/cell-\(index).png"
            let result = runCells(
                ["render", "--width", "320", "--scale", "3", "--max-lines", "2", "--index", "\(index)", "-o", path],
                input: Self.statuses)
            #expect(result.status == 0, "\(result.errors)")
            let expected = try #require(heights[index - 1]["height"] as? Double)
            let size = try Self.pngSize(path)
            #expect(size.width == 960)
            #expect(size.height == Int((expected * 3).rounded()), "status \(index)")
            let answer = try #require(try objects(result.output).first)
            #expect(answer["id"] as? String == heights[index - 1]["id"] as? String)
        }
        // By ID, from a file, with --debug.
        let id = try #require(heights[1]["id"] as? String)
        let file = Fixtures.temporaryFile(named: "render-statuses.jsonl", contents: Self.statuses)
        let byID = runCells(["render", "--id", id, "--debug", "-o", Self.directory + "/by-id.png", file])
        #expect(byID.status == 0, "\(byID.errors)")
        #expect(try objects(byID.output).first?["id"] as? String == id)
        // --collapsed without --max-lines shows 6 lines; --expanded every line.
        let long = "{\"idstr\": \"77\", \"text\": \"\(String(repeating: "很长的微博正文，", count: 60))\"}\n"
        let collapsed = try objects(
            runCells(["render", "--collapsed", "-o", Self.directory + "/c.png"], input: Array(long.utf8)).output)
        let expanded = try objects(
            runCells(["render", "--expanded", "-o", Self.directory + "/e.png"], input: Array(long.utf8)).output)
        let six = try objects(runCells(["heights", "--max-lines", "6"], input: Array(long.utf8)).output)
        let all = try objects(runCells(["heights"], input: Array(long.utf8)).output)
        #expect(collapsed.first?["height"] as? Double == six.first?["height"] as? Double)
        #expect(expanded.first?["height"] as? Double == all.first?["height"] as? Double)
        #expect((collapsed.first?["height"] as? Double ?? 0) < (expanded.first?["height"] as? Double ?? 0))
    }

    @Test("render-timeline: as tall as the sum of the cells' heights; a bad status is skipped and exits 1")
    func renderTimeline() throws {
        let heights = try objects(runCells(["heights"], input: Self.statuses).output).compactMap {
            $0["height"] as? Double
        }
        let path = Self.directory + "/timeline.png"
        let result = runCells(["render-timeline", "--count", "4", "-o", path], input: Self.statuses)
        #expect(result.status == 0, "\(result.errors)")
        let size = try Self.pngSize(path)
        #expect(size.height == heights.prefix(4).reduce(0) { $0 + Int(($1 * 2).rounded()) })
        #expect(try objects(result.output).first?["cells"] as? Int == 4)
        let bad = Array(
            "{\"idstr\": \"1\", \"text\": \"好\"}\n{\"idstr\": \"2\", \"text\n{\"idstr\": \"3\", \"text\": \"也好\"}\n"
                .utf8)
        let skipped = runCells(["render-timeline", "-o", path], input: bad)
        #expect(skipped.status == 1)
        #expect(skipped.errors.contains("{\"index\": 2, \"error\": "))
        #expect(try objects(skipped.output).first?["cells"] as? Int == 2)
    }

    @Test(
        "every subcommand prints the version with --version, as its help says",
        arguments: ["measure", "heights", "layout", "timeline", "render-text", "render", "render-timeline"])
    func version(command: String) {
        let result = runTool([command, "--version"])
        #expect(
            result.status == 0 && result.output == "feedlayout \(CommandLineTool.version)\n",
            "\(command): \(result.errors)")
        #expect(
            runTool([command, "--help"]).output.contains("--version               Show the version."), "\(command)")
    }

    @Test(
        "bad usage exits 64 with a message",
        arguments: [
            ["render-text", "x"], ["render-text", "--width", "0", "-o", "a.png", "x"],
            ["render-text", "--scale", "5", "-o", "a.png", "x"],
            ["render-text", "--line-height", "tall", "-o", "a.png", "x"],
            ["render-text", "-o", "a.png", "one", "two"], ["render-text", "--width", "20000", "-o", "a.png", "x"],
            ["render", "--index", "1", "--id", "2", "-o", "a.png"],
            ["render", "--collapsed", "--expanded", "-o", "a.png"],
            ["render", "--id", "12ab", "-o", "a.png"], ["render", "--index", "0", "-o", "a.png"],
            ["render", "--width", "24", "-o", "a.png"],
            ["render", "--expanded", "--max-lines", "3", "-o", "a.png"], ["render", "--frobnicate", "-o", "a.png"],
            ["render-timeline", "--count", "0", "-o", "a.png"],
            ["render-timeline", "--width", "9000", "--scale", "4", "-o", "a.png"],
            ["render-timeline", "-o", "a.png", "one", "two"], ["render", "--font", "a.ttf#-3", "-o", "a.png"],
            ["render-text", "--width", "nan", "-o", "a.png", "x"],
            ["render-text", "--line-height", "0x2x", "-o", "a.png", "x"],
        ])
    func usage(arguments: [String]) {
        if arguments == ["render-text", "x"] {  // and -o without its value, last
            let result = runTool(["render-text", "x", "-o"])
            #expect(result.status == 64 && result.errors.contains("missing value for option '-o'"), "\(result.errors)")
        }
        let result = runCells(arguments, input: Self.statuses)
        #expect(result.status == 64, "\(arguments): \(result.errors)")
        #expect(result.errors.hasPrefix("Error: ") && result.errors.contains("Usage: feedlayout"), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test("failures exit 1 with a message and write nothing")
    func failures() throws {
        let missing = Self.directory + "/no-such-directory/out.png"
        let cases: [([String], [UInt8], String)] = [
            (["render-text", "-o", missing, "x"], [], "cannot write '\(missing)': No such file or directory"),
            (["render-text", "-o", Self.directory, "x"], [], "is a directory"),
            (["render", "--index", "99", "-o", Self.directory + "/x.png"], Self.statuses, "there is no status 99"),
            (["render", "--id", "1", "-o", Self.directory + "/x.png"], Self.statuses, "no status with ID 1"),
            (
                ["render", "-o", Self.directory + "/x.png"], Array("{\"idstr\": \"1\", \"text\n".utf8),
                "status 1 cannot be decoded"
            ),
            (["render", "-o", Self.directory + "/x.png"], [], "there is no status 1"),
            (
                ["render", "-o", Self.directory + "/x.png", Self.directory + "/nothing.jsonl"], [],
                "No such file or directory"
            ),
            (["render-timeline", "-o", Self.directory + "/x.png"], [], "the input has no statuses"),
            (
                ["render-text", "--font", Self.directory + "/nothing.ttf", "-o", Self.directory + "/x.png", "x"], [],
                "nothing.ttf"
            ),
            (
                [
                    "render-text", "--width", "100", "--scale", "4", "--size", "200", "-o", Self.directory + "/x.png",
                    String(repeating: "长", count: 400),
                ], [], "over the limit of 32767 px a side and 256 MB"
            ),
        ]
        for (arguments, input, message) in cases {
            let result = runCells(arguments, input: input)
            #expect(result.status == 1, "\(arguments): \(result.errors)")
            #expect(
                result.errors.hasPrefix("Error: ") && result.errors.contains(message), "\(arguments): \(result.errors)")
            #expect(result.output.isEmpty)
        }
        // (runCells gives the bundled fonts' directory last: this one goes alone.)
        let noFonts = runTool([
            "render-text", "--fonts-dir", Self.directory + "/no-fonts", "-o", Self.directory + "/x.png", "x",
        ])
        #expect(noFonts.status == 1 && noFonts.errors.contains("no such directory"), "\(noFonts.errors)")
        #expect(!FileManager.default.fileExists(atPath: Self.directory + "/x.png"))
    }

    @Test("help for each command exits 0", arguments: ["render-text", "render", "render-timeline"])
    func help(command: String) {
        let result = runCells([command, "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: feedlayout \(command)") && result.output.contains("EXIT STATUS"))
    }
}
