import Foundation
import Testing
import TestSupport
@testable import FeedLayoutCLI

@Suite("feedlayout timeline")
struct TimelineCommandTests {
    static let corpusPath = Fixtures.repositoryRoot + "/Benchmarks/Corpus/statuses.jsonl"
    /// The first 100 statuses of the corpus: enough for the morning refresh and the errors,
    /// quicker to decode than 5,000.
    static let smallFeed: String = {
        let lines = String(decoding: FileManager.default.contents(atPath: corpusPath)!, as: UTF8.self).split(
            separator: "\n"
        ).prefix(100)
        return Fixtures.temporaryFile(
            named: "feed-100.jsonl", contents: Array((lines.joined(separator: "\n") + "\n").utf8))
    }()
    static let morning = Fixtures.repositoryRoot + "/Examples/timeline/morning-refresh.jsonl"
    static let longRead = Fixtures.repositoryRoot + "/Examples/timeline/long-read.jsonl"

    func replay(_ arguments: [String], input: [UInt8] = []) -> (status: Int32, output: String, errors: String) {
        runCells(["timeline"] + arguments, input: input)
    }

    func script(_ lines: String) -> String {
        Fixtures.temporaryFile(named: "script-\(UUID().uuidString).jsonl", contents: Array(lines.utf8))
    }

    @Test(
        "a reload that brings an edited status (the same ID, other content) shows its new height, as heights answers it"
    )
    func reloadWithEditedStatus() throws {
        let long = String(repeating: "作者编辑后补充了很长的一段文字，", count: 30)
        let feed = Fixtures.temporaryFile(
            named: "edited-\(UUID().uuidString).jsonl",
            contents: Array(
                """
                {"idstr": "42", "text": "短"}
                {"idstr": "42", "text": "\(long)"}

                """.utf8))
        let heights = try objects(runCells(["heights", feed]).output).map { $0["height"] as! Double }
        #expect(heights.count == 2 && heights[1] > heights[0] + 100)
        let result = replay([
            "--timing", "off",
            script(
                """
                {"event": "open", "from": 0, "count": 1}
                {"event": "open", "from": 1, "count": 1}

                """), feed,
        ])
        #expect(result.status == 0, "\(result.errors)")
        let frames = try objects(result.output)
        #expect(
            frames.map { $0["contentHeight"] as? Double } == heights, "\(frames.map { $0["contentHeight"] ?? "-" })")
    }

    @Test("the morning refresh: pull, one refresh, anchored prepend with overlap skipped, the tip, refusals")
    func morningRefresh() throws {
        let result = replay(["--timing", "off", Self.morning, Self.smallFeed])
        #expect(result.status == 0, "\(result.errors)")
        let frames = try objects(result.output)
        func frame(line: Int) throws -> [String: Any] { try #require(frames.first { $0["line"] as? Int == line }) }
        func header(_ frame: [String: Any]) -> [String: Any] { frame["header"] as! [String: Any] }
        func tip(_ frame: [String: Any]) -> [String: Any] { frame["tip"] as! [String: Any] }
        #expect(frames.count == 28)
        #expect(frames.allSatisfy { ($0["work"] as? [String: Any])?["ms"] == nil }, "--timing off prints no times")

        let pulled = try frame(line: 13)
        #expect(header(pulled)["state"] as? String == "pulling" && header(pulled)["label"] as? String == "松开立即刷新")
        let released = try frame(line: 14)
        #expect(released["requests"] as? [String] == ["refresh"] && released["contentOffset"] as? Double == -54)
        #expect(
            frames.filter { ($0["requests"] as? [String])?.contains("refresh") == true }.count == 3, "one per refresh")
        let second = try frame(line: 16), toBottom = try frame(line: 17)
        #expect(second["ignored"] as? [String] == ["header: begin refreshing while refreshing"])
        #expect(toBottom["ignored"] as? [String] == ["footer: load more while the header is refreshing"])

        let refreshed = try frame(line: 19)
        let changes = refreshed["changes"] as! [String: Any]
        #expect(changes["inserted"] as? Int == 20 && changes["duplicatesSkipped"] as? Int == 2)
        let anchor = refreshed["anchor"] as! [String: Any]
        #expect(anchor["row"] as? Int == 20 && anchor["y"] as? Double == 54, "the old first row stays where it was")
        #expect(refreshed["adjustment"] as? Double == (refreshed["contentOffset"] as! Double) + 54)
        #expect(tip(refreshed)["text"] as? String == "刷新到20条数据" && tip(refreshed)["y"] as? Double == -44)
        let label = try #require(tip(refreshed)["label"] as? [String: Any])
        #expect((label["width"] as? Double ?? 0) > 90 && (label["height"] as? Double ?? 0) > 14)
        #expect(tip(try frame(line: 18))["label"] == nil, "no label while hidden")
        let sliding = try frame(line: 20), shown = try frame(line: 21)
        #expect(tip(sliding)["y"] as? Double == -22 && tip(shown)["phase"] as? String == "shown")

        // The tab bar refresh restarts the tip, fully down, with the new count.
        let tabBar = try frame(line: 24)
        #expect(tip(tabBar)["text"] as? String == "刷新到3条数据" && tip(tabBar)["y"] as? Double == 0)
        // Scrolled past the top without a finger: back to rest at the top, no refresh.
        let overTop = try frame(line: 31)
        #expect(overTop["contentOffset"] as? Double == 0 && header(overTop)["state"] as? String == "idle")
        #expect(overTop["requests"] as? [String] == [])
        let out = try frame(line: 26), gone = try frame(line: 28), ended = try frame(line: 34)
        #expect(tip(out)["phase"] as? String == "sliding-out")
        #expect(tip(gone)["phase"] as? String == "hidden")
        #expect(ended["ignored"] as? [String] == ["header: end refreshing while idle"])
        let nothing = try frame(line: 38)
        #expect(tip(nothing)["text"] as? String == "没有更多数据" && nothing["contentOffset"] as? Double == 0)

        let again = replay(["--timing", "off", Self.morning, Self.smallFeed])
        #expect(again.output == result.output, "the same replay prints the same bytes")
    }

    @Test("the long read: load more once per drag, expansions, rotations, a memory warning, no more data, reset")
    func longRead() throws {
        let result = replay(["--timing", "off", "--max-lines", "4", Self.longRead, Self.corpusPath])
        #expect(result.status == 0, "\(result.errors)")
        let frames = try objects(result.output)
        func named(_ event: String) -> [[String: Any]] { frames.filter { $0["event"] as? String == event } }
        func footer(_ frame: [String: Any]) -> String { (frame["footer"] as! [String: Any])["state"] as! String }
        let loads = frames.filter { ($0["requests"] as? [String]) == ["load-more"] }
        #expect(loads.count == 6)
        #expect(
            frames.contains { ($0["ignored"] as? [String])?.contains("footer: this drag already loaded more") == true })
        let pages = named("load-more-data")
        #expect(pages.map { ($0["changes"] as! [String: Any])["inserted"] as! Int } == [20, 20, 20, 20, 0])
        #expect(
            footer(pages[4]) == "no-more-data"
                && (pages[4]["footer"] as! [String: Any])["label"] as? String == "已经全部加载完毕")
        #expect(frames.contains { ($0["ignored"] as? [String]) == ["footer: tap while no-more-data"] })
        #expect(footer(named("refresh-data")[0]) == "idle", "a refresh resets no more data")

        // Expanding above the reader: the content grows above, the reader stays.
        let expansions = named("expand")
        #expect((expansions[0]["adjustment"] as! Double) > 0 && (expansions[1]["adjustment"] as! Double) > 0)
        #expect(expansions[2]["adjustment"] as? Double == 0, "the first visible row grows downwards")
        #expect((named("collapse")[0]["adjustment"] as! Double) < 0)
        for frame in expansions + named("collapse") {
            let anchor = frame["anchor"] as! [String: Any]
            let before =
                frames[frames.firstIndex { $0["line"] as? Int == frame["line"] as? Int }! - 1]["anchor"]
                as! [String: Any]
            #expect(
                anchor["id"] as? String == before["id"] as? String && anchor["y"] as? Double == before["y"] as? Double)
        }
        // The memory warning empties the cache; after it the rotation back lays rows out again.
        let warning = named("memory-warning")[0]
        #expect((warning["cache"] as! [String: Any])["count"] as? Int == 0 && warning["adjustment"] as? Double == 0)
        let rotations = named("rotate")
        #expect(((rotations[1]["work"] as! [String: Any])["laidOut"] as! Int) > 0)
        #expect(((rotations[1]["changes"] as! [String: Any])["estimatedRows"] as! Int) > 0)
    }

    @Test("the built binary replays the example as in-process, byte for byte")
    func binary() throws {
        let (status, output, errors) = try EndToEndTests().run(
            ["timeline", "--timing", "off", Self.morning, Self.smallFeed], input: "")
        #expect(status == 0, "\(errors)")
        #expect(!output.isEmpty && output == replay(["--timing", "off", Self.morning, Self.smallFeed]).output)
    }

    @Test("each frame's layout work against the 16.7 ms budget")
    func timing() throws {
        let path = script(
            """
            {"event": "open", "count": 10}
            {"event": "drag", "by": 500}
            """)
        let result = replay([path, Self.smallFeed])
        #expect(result.status == 0, "\(result.errors)")
        for frame in try objects(result.output) {
            let work = try #require(frame["work"] as? [String: Any])
            #expect((work["ms"] as? Double ?? -1) >= 0)
            #expect(abs((work["budgetMs"] as? Double ?? 0) - 16.6667) < 1e-9)
            #expect(work["withinBudget"] is Bool)
        }
    }

    @Test("--width, --scale and --viewport: the cells' width and pixel grid, the list's height")
    func geometryOptions() throws {
        let open = script("{\"event\": \"open\", \"count\": 30}\n{\"event\": \"scroll\", \"row\": 10}")
        func frames(_ options: [String]) throws -> [[String: Any]] {
            let result = replay(["--timing", "off"] + options + [open, Self.smallFeed])
            #expect(result.status == 0, "\(options): \(result.errors)")
            return try objects(result.output)
        }
        func visible(_ frame: [String: Any]) -> Int { (frame["visibleRows"] as! [Int]).reduce(0) { $1 - $0 } + 1 }
        let standard = try frames([]), explicit = try frames(["--width", "375", "--scale", "2", "--viewport", "812"])
        #expect(standard.map { $0["contentHeight"] as? Double } == explicit.map { $0["contentHeight"] as? Double })
        #expect(standard.map { $0["visibleRows"] as? [Int] } == explicit.map { $0["visibleRows"] as? [Int] })
        // A shorter list shows fewer rows of the same cells.
        let short = try frames(["--viewport", "300"])
        #expect(short[1]["contentHeight"] as? Double == standard[1]["contentHeight"] as? Double)
        #expect(visible(short[1]) < visible(standard[1]))
        // Narrower cells: texts wrap into more lines, pictures shrink; the heights are others.
        let narrow = try frames(["--width", "300"])
        #expect(narrow[0]["contentHeight"] as? Double != standard[0]["contentHeight"] as? Double)
        // At 3× every height is on the grid of thirds of a point, and some are not on the 2× grid.
        let third = try frames(["--scale", "3"])
        let height = third[0]["contentHeight"] as! Double
        #expect(abs(height * 3 - (height * 3).rounded()) < 1e-3)
        #expect(
            third[1]["contentOffset"] as? Double != standard[1]["contentOffset"] as? Double,
            "row 10's top moves with the grid")
    }

    @Test("headers: the example app's 75-point header, the UIRefreshControl variant, English")
    func headers() throws {
        let pull = script(
            """
            {"event": "open", "count": 10}
            {"event": "drag", "offset": -60}
            {"event": "drag", "offset": -80}
            {"event": "drag", "offset": -101}
            {"event": "release"}
            """)
        let custom = try objects(replay(["--timing", "off", "--header", "custom", pull, Self.smallFeed]).output)
        let labels = custom.map { ($0["header"] as! [String: Any])["label"] as! String }
        #expect(labels == ["下拉刷新", "下拉刷新", "松開加載更多", "松開加載更多", "加載中..."])
        #expect(custom[4]["contentOffset"] as? Double == -75)
        let system = try objects(replay(["--timing", "off", "--header", "system", pull, Self.smallFeed]).output)
        #expect(
            system.map { $0["requests"] as! [String] } == [[], [], [], ["refresh"], []], "fires before the release")
        #expect(system[4]["contentOffset"] as? Double == -60)
        let english = try objects(replay(["--timing", "off", "--language", "en", pull, Self.smallFeed]).output)
        #expect(
            english.map { ($0["header"] as! [String: Any])["label"] as! String }
                == [
                    "Pull down to refresh", "Release to refresh", "Release to refresh", "Release to refresh",
                    "Loading ...",
                ])
        #expect((english[0]["footer"] as! [String: Any])["label"] as? String == "Click or drag up to load more")
    }

    @Test(
        "script errors name the line and exit 1",
        arguments: [
            ("{\"event\": \"dragg\"}", "script line 1: unknown event 'dragg'"),
            ("{\"event\": \"drag\", \"offset\": \"x\"}", "script line 1: 'offset' must be a number"),
            ("{\"event\": \"drag\", \"offset\": 1, \"by\": 2}", "needs one of 'offset', 'by', 'row', 'to'"),
            ("{\"event\": \"release\", \"offset\": 1}", "'release' takes no 'offset'"),
            (
                "{\"event\": \"open\"}\n{\"event\": \"tick\", \"t\": 5}\n{\"event\": \"tick\", \"t\": 4}",
                "script line 3: 't' 4.0 is before"
            ),
            ("not json", "script line 1: not a JSON object"),
            ("[1, 2]", "script line 1: not a JSON object"),
            ("{\"t\": 1}", "script line 1: no \"event\""),
            (
                "{\"event\": \"rotate\", \"width\": 10}",
                "'width' must be a number of points greater than 24 (twice the padding)"
            ),
            ("{\"event\": \"memory-warning\", \"level\": \"severe\"}", "'level' must be \"warning\" or \"critical\""),
            ("{\"event\": \"refresh-data\"}", "'refresh-data' needs 'count'"),
            (
                "{\"event\": \"refresh-data\", \"count\": -1}",
                "'count' must be a whole number from 0 to 9223372036854775807, got -1"
            ),
            ("{\"event\": \"drag\", \"offset\": 1e999}", "script line 1:"),
            ("{\"event\": \"refresh-data\", \"count\": 5}", "script line 1 ('refresh-data'): a refresh before 'open'"),
            (
                "{\"event\": \"open\", \"count\": 5}\n{\"event\": \"expand\", \"row\": 9}",
                "script line 2 ('expand'): row 9 is past the timeline's 5 rows"
            ),
            ("{\"event\": \"open\", \"from\": 100}", "'from' 100 is past the feed's 100 statuses"),
        ])
    func scriptErrors(line: String, message: String) {
        let result = replay([script(line), Self.smallFeed])
        #expect(result.status == 1)
        #expect(result.errors.contains("Error: ") && result.errors.contains(message), "\(result.errors)")
    }

    static let points = "a number of points from -1000000000 to 1000000000"
    static let whole = "a whole number from 0 to 9223372036854775807"

    /// Every number of an event: 1e309 used to be "not a JSON object" (JSONDecoder refuses the
    /// line whole) and 1e15 "must be a finite number", which it is.
    @Test(
        "every number of an event out of its range: the error names the field, the value as written and the range",
        arguments: [
            (#"{"event": "drag", "offset": 1e309}"#, "'offset' must be \(points), got 1e309"),
            (#"{"event": "drag", "offset": 1e15}"#, "'offset' must be \(points), got 1e15"),
            (#"{"event": "scroll", "by": -1e309}"#, "'by' must be \(points), got -1e309"),
            (#"{"event": "scroll", "by": -1000000000.5}"#, "'by' must be \(points), got -1000000000.5"),
            (#"{"event": "tick", "t": 1e309}"#, "'t' must be a number of seconds from 0 to 1000000000, got 1e309"),
            (#"{"event": "tick", "t": -0.5}"#, "'t' must be a number of seconds from 0 to 1000000000, got -0.5"),
            (
                #"{"event": "rotate", "width": 1e309}"#,
                "'width' must be a number of points greater than 24 (twice the padding) and at most 1000000000, got 1e309"
            ),
            (
                #"{"event": "rotate", "width": 400, "viewport": 1e15}"#,
                "'viewport' must be a number of points greater than 0 and at most 1000000, got 1e15"
            ),
            (
                #"{"event": "rotate", "width": 400, "viewport": 0}"#,
                "'viewport' must be a number of points greater than 0 and at most 1000000, got 0"
            ),
            (#"{"event": "drag", "row": 1e309}"#, "'row' must be \(whole), got 1e309"),
            (#"{"event": "expand", "row": 1.5}"#, "'row' must be \(whole), got 1.5"),
            (#"{"event": "expand", "row": -1}"#, "'row' must be \(whole), got -1"),
            (#"{"event": "open", "from": 1e19}"#, "'from' must be \(whole), got 1e19"),
            (#"{"event": "open", "count": 0}"#, "'count' must be a whole number from 1 to 9223372036854775807, got 0"),
            (#"{"event": "load-more-data", "count": 1e309}"#, "'count' must be \(whole), got 1e309"),
            (
                #"{"event": "refresh-data", "count": 1, "overlap": 9223372036854775808}"#,
                "'overlap' must be \(whole), got 9223372036854775808"
            ),
            (#"{"event": "drag", "offset": "5"}"#, "'offset' must be \(points), got \"5\""),
            (#"{"event": "drag", "offset": [1]}"#, "'offset' must be \(points), got an array"),
            (
                #"{"event": "open", "count": true}"#,
                "'count' must be a whole number from 1 to 9223372036854775807, got true"
            ),
            (#"{"event": 5}"#, "'event' must be a string, got 5"),
        ])
    func numberRanges(line: String, message: String) {
        let result = replay([script(line), Self.smallFeed])
        #expect(result.status == 1)
        #expect(result.errors == "Error: script line 1: \(message)\n", "\(line)")
        #expect(result.output.isEmpty)
    }

    @Test(
        "numbers at the ends of their ranges, and whole numbers written with a fraction of zeros or an exponent, are taken"
    )
    func numbersTaken() throws {
        let result = replay([
            script(
                """
                {"event": "open", "from": 1e1, "count": 0.5e1}
                {"event": "drag", "offset": -1e9}
                {"event": "release"}
                {"event": "scroll", "offset": 1000000000}
                {"event": "rotate", "width": 24.000001, "viewport": 1e6}
                {"event": "expand", "row": 2.0E0}
                {"event": "tick", "t": 1e9}
                """), Self.smallFeed, "--timing", "off",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let frames = try objects(result.output)
        #expect(frames.map { $0["rows"] as? Int } == Array(repeating: 5, count: 7))
        #expect(frames.last?["t"] as? Double == 1e9)
        // A whole number far past the feed is taken as written, and the replay says where it is past.
        let past = replay([script(#"{"event": "open", "from": 1e15}"#), Self.smallFeed])
        #expect(
            past.errors == "Error: script line 1 ('open'): 'from' 1000000000000000 is past the feed's 100 statuses\n",
            "\(past.errors)")
    }

    @Test(
        "a script line is one JSON object: anything else, or more, is 'not a JSON object'",
        arguments: [
            #"{"event": "tick"} {"#, #"{"event": "tick",}"#, #"{"event": 01}"#, #"{"event": "\ud800"}"#,
            #"{"event": "a\qb"}"#,
            #"{"event": -}"#, #"{"event": 1.}"#, #"{"event": .5}"#, #"{"event": tru}"#, "{\"event\": \"a\u{1}b\"}",
            #"{"x": "# + String(repeating: "[", count: 65) + String(repeating: "]", count: 65) + "}",
        ])
    func notAnObject(line: String) {
        #expect(ScriptLine(line) == nil, "\(line)")
        let result = replay([script(line), Self.smallFeed])
        #expect(
            result.status == 1 && result.errors.hasPrefix("Error: script line 1: not a JSON object ("),
            "\(result.errors)")
    }

    @Test(
        "a script line's values as written: escapes and surrogate pairs resolved, numbers as their text, the last of a key given twice"
    )
    func scriptLineValues() throws {
        let line = try #require(
            ScriptLine(
                #" { "id" : "a\"\u00e9\ud83d\ude00\/" , "n": -0.50e+2, "b": false, "z": null, "o": {"k": [1, {}]}, "n": 7 } "#
            ))
        #expect(line["id"] == .string("a\"é😀/"))
        #expect(line["n"] == .number("7"))
        #expect(line["b"] == .boolean(false) && line["o"] == .object && line["z"] == nil)
        #expect(line.keys == ["id", "n", "b", "z", "o"])
        let deepest = #"{"x": "# + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}"
        #expect(ScriptLine(deepest)?["x"] == .array, "64 levels are taken (65 are not: notAnObject)")
    }

    @Test(
        "whole numbers are read exactly from their text",
        arguments: [
            ("0", 0), ("-0", 0), ("-0.0e5", 0), ("12", 12), ("1e15", 1_000_000_000_000_000), ("2.50e1", 25),
            ("0.05e2", 5),
            ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), ("9.223372036854775807e18", Int.max),
            ("1.5", nil), ("1e-1", nil), ("1e19", nil), ("9.3e18", nil), ("9223372036854775808", nil),
            ("1e999999999999", nil),
            ("123456789012345678901e-2", nil), ("100000000000000000000e-2", 1_000_000_000_000_000_000),
        ] as [(String, Int?)])
    func exactWhole(text: String, value: Int?) {
        #expect(ScriptLine.exactWhole(text) == value, "\(text)")
    }

    /// 'count' and 'overlap' take any whole number ≥ 0: Int.max once trapped on an overflow
    /// (SIGILL, the replay lost) where it was added to the feed's index.
    @Test("counts and overlaps up to the largest whole number take what the feed has")
    func hugeCounts() throws {
        let max = Int.max
        let result = replay([
            script(
                """
                {"event": "open", "from": 90, "count": \(max)}
                {"event": "open", "from": 50, "count": 2}
                {"event": "refresh-data", "count": 1, "overlap": \(max)}
                {"event": "load-more-data", "count": \(max), "overlap": \(max)}
                {"event": "refresh-data", "count": \(max)}
                """), Self.smallFeed, "--timing", "off",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let frames = try objects(result.output)
        #expect(frames.map { $0["rows"] as? Int } == [10, 2, 3, 51, 100])
    }

    @Test("comments and blank lines are skipped; a script of only comments prints nothing")
    func comments() throws {
        let result = replay([script("# nothing\n\n   \n# at all\n"), Self.smallFeed])
        #expect(result.status == 0 && result.output.isEmpty)
        let two = replay([
            script("# open\n{\"event\": \"open\", \"count\": 3}\n\n{\"event\": \"tick\"}\n"), Self.smallFeed,
            "--timing", "off",
        ])
        let frames = try objects(two.output)
        #expect(frames.map { $0["line"] as? Int } == [2, 4])
        #expect(abs((frames[1]["t"] as? Double ?? 0) - 0.0167) < 1e-9, "one frame after the event before")
    }

    @Test("statuses that cannot be decoded are left out with a warning, the replay goes on, exit 1")
    func badStatuses() throws {
        let statuses = "{\"id\": 1, \"text\": \"好\"}\n{\"id\": 2, \"text\n{\"id\": 3, \"text\": \"也好\"}\n"
        let result = replay(
            ["--timing", "off", script("{\"event\": \"open\", \"count\": 5}"), "-"], input: Array(statuses.utf8))
        #expect(result.status == 1)
        #expect(result.errors.contains("warning: status 2 cannot be decoded"))
        #expect(try objects(result.output).first?["rows"] as? Int == 2)
    }

    @Test(
        "bad usage exits 64",
        arguments: [
            [], ["--viewport", "0", "s"], ["--viewport", "x", "s"], ["--header", "pull", "s"],
            ["--language", "fr", "s"],
            ["--timing", "maybe", "s"], ["a", "b", "c"], ["-", "-"], ["-"], ["--width", "10", "s"],
            ["--frobnicate", "s"],
        ])
    func usage(arguments: [String]) {
        let result = replay(arguments)
        #expect(result.status == 64, "\(arguments): \(result.errors)")
        #expect(result.errors.hasPrefix("Error: ") && result.errors.contains("Usage: feedlayout timeline"))
    }

    @Test(
        "--viewport: the message says what it must be, and why a value is refused",
        arguments: [
            ("0", ""), ("1e308", ""), ("1e999", " (too large to be a finite number)"),
            ("0x10", " (not a decimal number)"),
            ("inf", " (not a decimal number)"),
        ])
    func viewportMessages(value: String, why: String) {
        let result = replay(["--viewport", value, "s"])
        #expect(result.status == 64)
        #expect(
            result.errors.hasPrefix(
                "Error: --viewport must be a number of points greater than 0 and at most 1000000, got '\(value)'\(why)\n"
            ),
            "\(result.errors)")
    }

    @Test("a missing script or statuses file exits 1 and says so; --help lists the events")
    func filesAndHelp() {
        let missing = replay(["/nonexistent/script.jsonl", Self.smallFeed])
        #expect(
            missing.status == 1
                && missing.errors.contains("cannot open '/nonexistent/script.jsonl': No such file or directory"))
        let noFeed = replay([script("{\"event\": \"tick\"}"), "/nonexistent/feed.jsonl"])
        #expect(
            noFeed.status == 1
                && noFeed.errors.contains("cannot open '/nonexistent/feed.jsonl': No such file or directory"))
        let help = replay(["--help"])
        #expect(help.status == 0)
        for event in TimelineScript.eventNames { #expect(help.output.contains("\"\(event)\""), "help lists \(event)") }
        #expect(runTool(["--help"]).output.contains("timeline"))
    }

    @Test("--scale: the range the help states is the one accepted, as for heights (1 to 4)")
    func scaleRange() {
        #expect(
            replay(["--help"]).output.contains("--scale <n>             Screen scale, pixels per point, from 1 to 4."))
        let tick = script("{\"event\": \"open\", \"count\": 5}\n{\"event\": \"tick\"}\n")
        let four = replay(["--timing", "off", "--scale", "4", tick, Self.smallFeed])
        #expect(four.status == 0, "\(four.errors)")
        let five = replay(["--scale", "5", tick, Self.smallFeed])
        #expect(five.status == 64 && five.errors.contains("a screen scale from 1 to 4"), "\(five.errors)")
    }
}
