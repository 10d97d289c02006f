import Foundation
import Testing
import TestSupport
@testable import FeedLayoutCLI

/// `--format` and `--cell` on the commands that read statuses, over the example timelines of
/// each network (Examples/twitter, Examples/mastodon, Examples/weibo).
@Suite("feedlayout --format, --cell")
struct NetworkFormatsTests {
    static func example(_ path: String) -> String { Fixtures.repositoryRoot + "/Examples/" + path }

    func object(_ output: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    @Test(
        "each example timeline is read as its network's and laid out in its cell; layout names the network and lists the blocks"
    )
    func examples() throws {
        for (file, network, count) in [
            ("twitter/home-timeline.json", "twitter", 4), ("mastodon/home-timeline.json", "mastodon", 4),
            ("weibo/home-timeline.json", "weibo", 7),
        ] {
            let heights = runCells(["heights", Self.example(file)])
            #expect(heights.status == 0 && heights.errors.isEmpty, "\(file): \(heights.errors)")
            #expect(try objects(heights.output).count == count)
            let forced = runCells(["heights", "--format", network, Self.example(file)])
            #expect(forced.output == heights.output, "\(file): --format \(network) reads as auto does")
            let layout = try object(runCells(["layout", "--index", "2", Self.example(file)]).output)
            #expect(layout["network"] as? String == network)
            #expect(!(layout["blocks"] as? [[String: Any]] ?? []).isEmpty)
        }
        // The quote and the poll of the examples, as blocks.
        let quote = try object(runCells(["layout", "--index", "2", Self.example("twitter/home-timeline.json")]).output)
        #expect(
            (quote["blocks"] as? [[String: Any]])?.map { $0["kind"] as? String } == [
                "profile", "text", "quote", "toolbar",
            ])
        let poll = try object(runCells(["layout", "--index", "2", Self.example("mastodon/home-timeline.json")]).output)
        #expect(
            (poll["blocks"] as? [[String: Any]])?.map { $0["kind"] as? String } == [
                "profile", "text", "poll", "toolbar",
            ])
    }

    @Test("--cell lays every status out in the named network's cell; --format reads every status as that network's")
    func namedCellAndFormat() throws {
        let tweets = Self.example("twitter/home-timeline.json")
        let inWeibo = try object(runCells(["layout", "--cell", "weibo", tweets]).output)
        #expect(inWeibo["network"] as? String == "weibo")
        let asMastodon = runCells(["heights", "--format", "mastodon", tweets])
        #expect(
            asMastodon.errors.contains("nothing to show"),
            "a tweet read as Mastodon's has none of its fields: \(asMastodon.errors)")
    }

    @Test(
        "a bad --format or --cell is a usage error naming the choices",
        arguments: [
            (
                ["heights", "--format", "tweets"],
                "Error: --format must be auto, weibo, twitter or mastodon, got 'tweets'\n"
            ),
            (["layout", "--cell", "x"], "Error: --cell must be auto, weibo, twitter or mastodon, got 'x'\n"),
            (
                ["render", "-o", "/tmp/x.png", "--format", ""],
                "Error: --format must be auto, weibo, twitter or mastodon, got ''\n"
            ),
            (
                ["timeline", "--format", "Weibo", "x"],
                "Error: --format must be auto, weibo, twitter or mastodon, got 'Weibo'\n"
            ),
        ])
    func usage(arguments: [String], message: String) {
        let result = runCells(arguments, input: Array("{\"id\": 1}".utf8))
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix(message), "\(result.errors)")
    }

    @Test("render draws a tweet with its media and quote and a toot with its warning collapsed and expanded")
    func render() throws {
        let output = NSTemporaryDirectory() + "feedlayout-formats-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: output) }
        for (arguments, id) in [
            (["--index", "1", Self.example("twitter/home-timeline.json")], "1960000000000000001"),
            (["--index", "4", Self.example("mastodon/home-timeline.json")], "109900000000000005"),
            (["--index", "4", "--expanded", Self.example("mastodon/home-timeline.json")], "109900000000000005"),
        ] {
            let result = runCells(["render", "-o", output] + arguments)
            #expect(result.status == 0, "\(result.errors)")
            let drawn = try object(result.output)
            #expect(drawn["id"] as? String == id)
            #expect(FileManager.default.fileExists(atPath: output))
        }
        let collapsed = try object(
            runCells(["render", "-o", output, "--index", "4", Self.example("mastodon/home-timeline.json")]).output)
        let expanded = try object(
            runCells([
                "render", "-o", output, "--index", "4", "--expanded", Self.example("mastodon/home-timeline.json"),
            ]).output)
        #expect(
            (collapsed["height"] as? Double ?? 0) < (expanded["height"] as? Double ?? 0),
            "the warning hides the content")
    }
}
