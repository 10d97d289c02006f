import Foundation
import Testing
import TestSupport
@testable import FeedLayoutCLI

/// `feedlayout layout`: a status by place or ID, one line of JSON or pretty, the collapsed text
/// and its cut, --version and its help; and `measure --locale` checked against ICU's locales.
@Suite("feedlayout layout, --locale")
struct LayoutCommandTests {
    static let corpus = HeightsCommandTests.corpus

    func object(_ output: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    @Test("one line of JSON by default, the same object with --pretty; --id finds what --index finds")
    func shapesAndID() throws {
        let compact = runCells(["layout", "--index", "2"], input: Self.corpus)
        #expect(compact.status == 0)
        #expect(compact.output.hasSuffix("}\n") && compact.output.dropLast().contains("\n") == false, "one line")
        let pretty = runCells(["layout", "--index", "2", "--pretty"], input: Self.corpus)
        #expect(pretty.output.split(separator: "\n").count == 31, "one field a line")
        #expect(NSDictionary(dictionary: try object(compact.output)).isEqual(to: try object(pretty.output)))
        let byID = runCells(["layout", "--id", "4900000000007919"], input: Self.corpus)
        #expect(byID.status == 0 && byID.output == compact.output)
        #expect(try object(compact.output)["collapsedText"] is NSNull, "not collapsed without --max-lines")
    }

    @Test(
        "one rule for IDs everywhere: a negative ID heights prints is found by layout --id, with or without =; an ID not there is named"
    )
    func negativeID() throws {
        let input = Array(
            [
                #"{"id": 3, "text": "three"}"#, #"{"id": -5, "text": "minus five"}"#,
                #"{"idstr": "-7", "text": "minus seven"}"#,
            ]
            .map { $0 + "\n" }.joined().utf8)
        let heights = runCells(["heights"], input: input)
        let ids = heights.output.split(separator: "\n").compactMap { try? object(String($0))["id"] as? String }
        #expect(ids == ["3", "-5", "-7"], "\(heights.output)")
        for id in ids {
            for arguments in [["layout", "--id", id], ["layout", "--id=\(id)"]] {
                let found = runCells(arguments, input: input)
                #expect(
                    found.status == 0 && (try? object(found.output)["id"] as? String) == id,
                    "\(arguments): \(found.errors)")
            }
        }
        let missing = runCells(["layout", "--id", "-6"], input: input)
        #expect(
            missing.status != 0 && missing.errors.contains("no status of the input has the ID -6"), "\(missing.errors)")
    }

    @Test("--max-lines: the collapsed text as shown, ending in the token, and where it was cut")
    func collapsedText() throws {
        let long = String(repeating: "很长的微博正文，", count: 40)
        let input = Array(
            #"{"id": 7, "text": "\#(long)", "retweeted_status": {"id": 8, "user": {"screen_name": "原作者"}, "text": "\#(long)"}}"#
                .utf8)
        let cell = try object(runCells(["layout", "--max-lines", "2"], input: input).output)
        #expect(cell["textLines"] as? Int == 2 && (cell["fullTextLines"] as? Int ?? 0) > 2)
        let rich = try #require(cell["richText"] as? String)
        let shown = try #require(cell["collapsedText"] as? String)
        let cut = try #require(cell["cut"] as? Int)
        #expect(shown.hasSuffix("…全文"))
        // The cut counts Unicode scalars (the CLI's one unit), as --offsets utf8 counts bytes.
        #expect(shown == String(String.UnicodeScalarView(rich.unicodeScalars.prefix(cut))) + "…全文")
        #expect(cut > 0 && cut < rich.unicodeScalars.count)
        let bytes = try object(runCells(["layout", "--max-lines", "2", "--offsets", "utf8"], input: input).output)
        #expect(bytes["cut"] as? Int == String(String.UnicodeScalarView(rich.unicodeScalars.prefix(cut))).utf8.count)
        let retweetShown = try #require(cell["retweetCollapsedText"] as? String)
        let retweetRich = try #require(cell["retweetRichText"] as? String)
        #expect(retweetRich.hasPrefix("@原作者:") && retweetShown.hasPrefix("@原作者:") && retweetShown.hasSuffix("…全文"))
        #expect(cell["retweetTextLines"] as? Int == 2 && (cell["fullRetweetTextLines"] as? Int ?? 0) > 2)
        #expect(try object(runCells(["layout"], input: input).output)["collapsedText"] is NSNull)
    }

    @Test(
        "--offsets: entity ranges in Unicode scalars by default, or UTF-16 code units, or UTF-8 bytes; each picks out its entity's text"
    )
    func offsets() throws {
        let input = Array(#"{"id": 1, "text": "😀😀 @朋友 好 #话题# 😀 $AAPL 结束"}"#.utf8)
        for unit in ["scalars", "utf16", "utf8"] {
            let cell = try object(runCells(["layout", "--offsets", unit], input: input).output)
            let rich = try #require(cell["richText"] as? String)
            let entities = try #require(cell["entities"] as? [[String: Any]])
            #expect(entities.count >= 2, "\(entities)")
            for entity in entities {
                let range = try #require(entity["range"] as? [Int])
                let covered: String
                switch unit {
                case "scalars":
                    covered = String(
                        String.UnicodeScalarView(rich.unicodeScalars.dropFirst(range[0]).prefix(range[1] - range[0])))
                case "utf16": covered = String(decoding: Array(rich.utf16)[range[0]..<range[1]], as: UTF16.self)
                default: covered = String(decoding: Array(rich.utf8)[range[0]..<range[1]], as: UTF8.self)
                }
                let value = try #require(entity["value"] as? String)
                if entity["kind"] as? String == "mention" { #expect(covered == "@" + value, "\(unit): \(covered)") }
                if entity["kind"] as? String == "topic" { #expect(covered == "#\(value)#", "\(unit): \(covered)") }
            }
        }
        let wrong = runCells(["layout", "--offsets", "bytes"], input: input)
        #expect(wrong.status == 64 && wrong.errors.contains("--offsets must be scalars, utf16 or utf8, got 'bytes'"))
    }

    @Test(
        "measure --breaks --offsets: where lines start in scalars, UTF-16 units or bytes, each the same place in the text"
    )
    func measureOffsets() throws {
        let text = "😀😀😀 中文中文中文 😀 abc def ghi 😀😀"
        var starts: [String: [Int]] = [:]
        for unit in ["scalars", "utf16", "utf8"] {
            let run = runTool(["measure", "--width", "40", "--breaks", "--offsets", unit, text])
            starts[unit] = try #require(try objects(run.output).first?["breaks"] as? [Int])
        }
        let scalars = try #require(starts["scalars"])
        #expect(scalars.count >= 3)
        #expect(
            scalars == (try objects(runTool(["measure", "--width", "40", "--breaks", text]).output)).first?["breaks"]
                as? [Int],
            "scalars by default")
        let prefixes = scalars.map { String(String.UnicodeScalarView(text.unicodeScalars.prefix($0))) }
        #expect(starts["utf16"] == prefixes.map { $0.utf16.count })
        #expect(starts["utf8"] == prefixes.map { $0.utf8.count })
    }

    @Test("every block with its frame and texts; a card with its text rect and lines (Examples/weibo)")
    func blocks() throws {
        let page = Fixtures.repositoryRoot + "/Examples/weibo/home-timeline.json"
        let cell = try object(runCells(["layout", "--id", "5100000000000003", page]).output)
        let blocks = try #require(cell["blocks"] as? [[String: Any]])
        #expect(blocks.map { $0["kind"] as? String } == ["profile", "text", "card", "toolbar"])
        #expect(cell["height"] as? Double != nil && cell["textLines"] as? Int == 2, "today's fields are kept")
        let card = try #require(blocks.first { $0["kind"] as? String == "card" })
        let frame = try #require(card["frame"] as? [Double])
        #expect(frame[0] == 12 && frame[2] == 351 && frame[3] == 70)
        // A picture (100 wide, 10 after it) and no button: the text from 122, 10 short of the right edge.
        #expect(card["textRect"] as? [Double] == [122, frame[1], 231, 70])
        let texts = try #require(card["texts"] as? [[String: Any]])
        #expect(
            texts.map { $0["text"] as? String } == [
                "断行的艺术：从 TeX 到手机屏幕",
                "一行文字在哪里断开，决定了一段话读起来是否舒服。本文从 Knuth-Plass 算法讲到 UAX #14。",
            ])
        #expect(texts.compactMap { $0["lines"] as? Int }.reduce(0, +) == 3, "at most three rows: the tips do not fit")
        #expect(
            texts.allSatisfy { ($0["frame"] as? [Double])?[3].truncatingRemainder(dividingBy: 20) == 0 }, "20 pt lines")
        let images = try #require(card["images"] as? [[String: Any]])
        #expect(images.map { $0["role"] as? String } == ["cardImage", "cardBadge"])
    }

    @Test("the example pages in the three Weibo shapes give the same heights for the same statuses")
    func examplePagesAgree() throws {
        func heights(_ file: String) throws -> [String: Double] {
            let result = runCells(["heights", Fixtures.repositoryRoot + "/Examples/weibo/" + file])
            #expect(result.status == 0 && result.errors.isEmpty, "\(file): \(result.errors)")
            return Dictionary(
                uniqueKeysWithValues: try objects(result.output).map { ($0["id"] as! String, $0["height"] as! Double) })
        }
        let classic = try heights("home-timeline.json")
        #expect(classic.count == 7)
        for file in ["m-weibo-cn.json", "weibo-com.json"] {
            let web = try heights(file)
            #expect(web.count == 2)
            for (id, height) in web { #expect(classic[id] == height, "\(file): status \(id)") }
        }
    }

    @Test("--version prints the version and no layout; the help lists --id, --pretty and the exit statuses")
    func versionAndHelp() {
        let version = runCells(["layout", "--version"], input: Self.corpus)
        #expect(version.status == 0 && version.output == "feedlayout \(CommandLineTool.version)\n")
        let help = runCells(["layout", "--help"])
        for part in ["--id <id>", "--pretty", "--version", "EXIT STATUS: 0 success, 1 failure"] {
            #expect(help.output.contains(part), "\(part)")
        }
    }

    @Test(
        "layout's errors: exact text and exit status",
        arguments: [
            (["layout", "--index", "2", "--id", "1"], 64, "Error: --index and --id cannot be used together\n"),
            (["layout", "--id", "x"], 64, "Error: --id must be a status ID (a decimal 64-bit integer), got 'x'\n"),
            (["layout", "--index", "0"], 64, "Error: --index must be a whole number greater than 0, got '0'\n"),
            (["layout", "--id", "123"], 1, "Error: no status of the input has the ID 123\n"),
            (
                ["layout", "--index", "9999"], 1,
                "Error: the input has fewer than 9999 status(es); there is no status 9999\n"
            ),
        ])
    func errors(arguments: [String], status: Int32, message: String) {
        let result = runCells(arguments, input: Array(Self.corpus.prefix(20_000)))
        #expect(result.status == status)
        #expect(result.errors.hasPrefix(message), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test(
        "--locale: locales ICU knows are taken, others are a usage error naming them",
        arguments: [
            ("zh", true), ("ja", true), ("zh-Hant", true), ("zh_TW", true), ("en_US", true), ("ko@lb=strict", true),
            ("", true),
            ("xx_YY", false), ("@@@!!", false), ("klingon", false),
        ])
    func locales(locale: String, known: Bool) {
        let result = runTool(["measure", "--locale", locale, "好"])
        if known {
            #expect(result.status == 0, "\(locale): \(result.errors)")
        } else {
            #expect(result.status == 64)
            #expect(
                result.errors.hasPrefix(
                    "Error: --locale must be a locale ICU knows: a language such as zh, ja, ko or en, with a script or region if you like (zh_Hant, zh_TW, en_US), got '\(locale)'\n"
                ), "\(result.errors)")
        }
    }
}
