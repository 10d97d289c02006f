import Foundation
import Testing
import TestSupport
@testable import StatusLayout

@Suite("Status decoding")
struct StatusDecoderTests {
    let decoder = StatusDecoder()

    func decode(_ json: String) -> [DecodedStatus] { decoder.decodeAll(Array(json.utf8)) }

    func status(_ json: String) throws -> Status {
        let results = decode(json)
        try #require(results.count == 1)
        return try results[0].result.get()
    }

    func error(_ json: String) throws -> String {
        let results = decode(json)
        try #require(results.count == 1, "\(results.map(\.result))")
        guard case .failure(let error) = results[0].result else {
            Issue.record("expected an error for \(json)")
            return ""
        }
        return error.message
    }

    static let full = """
        {"id": 4900000000000123, "idstr": "4900000000000123", "created_at": "Sun Nov 29 20:00:00 +0800 2026",
         "text": "你好 @朋友 #话题#", "source": "<a href=\\"x\\">微博 weibo.com</a>",
         "user": {"id": 1, "screen_name": "苏轼", "verified": true, "profile_image_url": "https://example.invalid/a.jpg", "extra": [1,2]},
         "pic_urls": [{"thumbnail_pic": "https://example.invalid/t/p1.jpg", "width": 690, "height": 3000},
                      {"thumbnail_pic": "https://example.invalid/t/p2.jpg"}],
         "pic_infos": {"p2": {"large": {"url": "x", "width": 800, "height": 600}}},
         "reposts_count": 5, "comments_count": 6, "attitudes_count": 7, "isLongText": true, "unknown_field": {"a": null}}
        """

    @Test("a full status: every field, unknown ones ignored, sizes from pic_infos")
    func fullStatus() throws {
        let s = try status(Self.full)
        #expect(s.id == StatusID(4_900_000_000_000_123))
        #expect(s.id.description == "4900000000000123")
        #expect(s.text == "你好 @朋友 #话题#")
        #expect(s.source == "<a href=\"x\">微博 weibo.com</a>")
        #expect(s.createdAt == "Sun Nov 29 20:00:00 +0800 2026")
        #expect(
            s.user == StatusUser(screenName: "苏轼", isVerified: true, profileImageURL: "https://example.invalid/a.jpg"))
        #expect(s.pictures.count == 2)
        #expect(s.pictures[0].pixelSize! == (690, 3000))
        #expect(s.pictures[1].pixelSize! == (800, 600), "completed from pic_infos by the pid in the URL")
        #expect((s.repostsCount, s.commentsCount, s.attitudesCount) == (5, 6, 7))
        #expect(s.isLongText && !s.isDeleted && !s.isRetweet)
    }

    @Test("missing optional fields take defaults")
    func defaults() throws {
        let s = try status(#"{"idstr": "42"}"#)
        #expect(s.id == StatusID(42))
        #expect(s.text == "" && s.user == nil && s.pictures.isEmpty && s.repostsCount == 0 && !s.isLongText)
    }

    @Test("the corpus: 5,000 statuses, the same as Foundation's JSONSerialization reads them")
    func corpusAgainstFoundation() throws {
        let bytes = Array(
            FileManager.default.contents(atPath: Fixtures.repositoryRoot + "/Benchmarks/Corpus/statuses.jsonl")!)
        let decoded = decoder.decodeAll(bytes)
        try #require(decoded.count == 5_000)
        let lines = bytes.split(separator: 0x0A)
        for (answer, line) in zip(decoded, lines) {
            let status = try answer.result.get()
            let object = try #require(JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            #expect(status.id.description == object["idstr"] as? String)
            #expect(status.text.string == object["text"] as? String)
            #expect(status.user?.screenName == (object["user"] as? [String: Any])?["screen_name"] as? String)
            #expect(status.pictures.count == (object["pic_urls"] as? [Any])?.count ?? 0)
            #expect(status.repostsCount.number == object["reposts_count"] as? Int ?? 0)
            let retweet = object["retweeted_status"] as? [String: Any]
            #expect(status.retweetedStatus?.text.string == retweet?["text"] as? String)
            #expect(answer.line == answer.index && !answer.repairedUTF8)
        }
    }

    @Test(
        "what the cell cannot do without fails the status, naming the field",
        arguments: [
            (#"{"id": 1, "retweeted_status": {"text": "no id"}}"#, "retweeted_status.id: the status has no usable id"),
            (#"{"id": 1.5}"#, "id must be a whole number written in digits, not a fraction or an exponent"),
            (
                #"{"id": 4900000000000001.5, "text": "x"}"#,
                "id must be a whole number written in digits, not a fraction or an exponent"
            ),
            (
                #"{"id": 1e3, "text": "x"}"#,
                "id must be a whole number written in digits, not a fraction or an exponent"
            ),
            (#"{"id": 1, "idstr": "2"}"#, "id (1) and idstr (2) disagree"),
            (#"{"idstr": "12ab"}"#, "idstr must be a decimal 64-bit integer"),
            (#"{"idstr": "+12"}"#, "idstr must be a decimal 64-bit integer"),
            (#"{"id": 9223372036854775808}"#, "id must be a 64-bit integer, not 9223372036854775808 (too large)"),
            (
                #"{"id": 99999999999999999999}"#,
                "id: number out of range: 99999999999999999999 (more than 64 bits), at line 1, column 8"
            ),
            (#"{"text": "x"}"#, "no usable id"),
            (
                #"{"ok": 0, "msg": "这里还没有内容"}"#,
                "not a status of a known format (Weibo, Twitter, Mastodon): it has only the fields ok, msg"
            ),
            ("{}", "not a status: an empty object"),
            ("[1]", "a status must be a JSON object, not a number"),
            (#""text""#, "a status must be a JSON object, not a string"),
        ])
    func refused(json: String, expected: String) throws {
        let message = try error(json)
        #expect(message.contains(expected), "\(message)")
    }

    @Test(
        "a malformed field the cell can do without costs itself: a warning names it, the rest is read",
        arguments: [
            (#"{"id": 1, "text": 5}"#, "text must be a string, not a number; ignored"),
            (
                #"{"id": 1, "text": "x", "user": {"verified": "yes"}}"#,
                "user.verified must be a boolean, 0 or 1, not \"yes\"; ignored"
            ),
            (
                #"{"id": 1, "text": "x", "reposts_count": 1.5}"#,
                "reposts_count must be a whole number or a string, not 1.5; shown as 0"
            ),
            (
                #"{"id": 1, "text": "x", "reposts_count": [2]}"#,
                "reposts_count must be a whole number or a string, not an array; shown as 0"
            ),
            (#"{"id": 1, "pic_urls": {"a": 1}}"#, "pic_urls must be an array, not an object; ignored"),
            (
                #"{"id": 1, "pic_urls": [{"thumbnail_pic": "x", "width": "abc", "height": 3}]}"#,
                "pic_urls[0].width must be a whole number, not \"abc\"; the size is not used"
            ),
            (
                #"{"id": 1, "pic_urls": [{"thumbnail_pic": "x"}, 7]}"#,
                "pic_urls[1] must be an object, not a number; the picture is not shown"
            ),
            (
                #"{"id": 1, "pic_ids": ["a", 2], "pic_infos": {"a": {"bmiddle": {"width": 3, "height": 4}}}}"#,
                "pic_ids[1] must be a string, not a number; the picture is not shown"
            ),
            (
                #"{"id": 1, "pic_ids": ["p"], "pic_infos": {"p": {"large": {"width": true, "height": 1}}}}"#,
                "pic_infos.p.large.width must be a whole number, not a boolean; the size is not used"
            ),
            (
                #"{"id": 1, "pic_ids": ["p"], "pic_infos": {"p": 3}}"#,
                "pic_infos.p must be an object, not a number; shown as a square"
            ),
            (
                #"{"id": 1, "pic_ids": ["p", "q"], "pic_infos": {"p": {}}}"#,
                "pic_ids[1]: \"q\" has no pic_infos entry; the picture is not shown"
            ),
            (
                #"{"id": 1, "text": "x", "retweeted_status": {"id": 2, "text": "y", "user": {"screen_name": 9}}}"#,
                "retweeted_status.user.screen_name must be a string, not a number; ignored"
            ),
            (#"{"id": 1, "text": "x", "user": []}"#, "user must be an object, not an array; ignored"),
            (#"{"id": 1, "text": "x", "deleted": []}"#, "deleted must be a boolean, 0 or 1, not an array; ignored"),
            (
                #"{"id": 1, "text": "x", "created_at": "yesterday-ish"}"#,
                "created_at: \"yesterday-ish\" is not a date this decoder reads; no time is shown"
            ),
            (
                #"{"id": 1, "text": "x", "page_info": {"type": 11, "page_pic": 5}}"#,
                "page_info.page_pic must be a URL or an object, not a number; ignored"
            ),
            (
                #"{"id": 1, "text": "", "user": {"screen_name": "a"}}"#,
                "the status has nothing to show (no text, pictures, card or repost): its cell is empty"
            ),
            (#"{"id": 1}"#, "the status has nothing to show (no text, pictures, card or repost): its cell is empty"),
        ])
    func lenient(json: String, expected: String) throws {
        let decoded = try status(json)
        #expect(decoded.id == StatusID(1))
        if expected.isEmpty {
            #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        } else {
            #expect(decoded.warnings.contains(expected), "\(decoded.warnings)")
        }
    }

    @Test("sizes and counts as Weibo sends them: numbers, decimal strings, and counts shown as sent")
    func numbersAsSent() throws {
        let s = try status(
            #"{"id": 1, "text": "x", "reposts_count": "12", "comments_count": "100万+", "attitudes_count": " 7 ", "pic_ids": ["p"], "pic_infos": {"p": {"bmiddle": {"width": "1242", "height": 1000}}}}"#
        )
        #expect(s.warnings.isEmpty, "\(s.warnings)")
        #expect(s.repostsCount == .number(12) && s.commentsCount == .text("100万+") && s.attitudesCount == .number(7))
        #expect(s.pictures.count == 1 && s.pictures[0].pixelSize! == (1242, 1000))
    }

    @Test(
        "syntax errors name the line and column of the problem",
        arguments: [
            (#"{"id": 1, "text" "x"}"#, "not valid JSON at line 1, column 18: expected ':', found '\"'"),
            (
                #"{"id": 1,, "text": "x"}"#,
                "not valid JSON at line 1, column 10: expected a key (a string in double quotes), found ','"
            ),
            (#"{"id": 1 "text": "x"}"#, "not valid JSON at line 1, column 10: expected ',' or '}', found '\"'"),
            (
                "{\"id\": 1, \"text\": \"a\tb\"}",
                "text: raw control character U+0009 in a string (JSON needs it escaped), at line 1, column 21"
            ),
            (#"{"id": 1, "text": "a\qb"}"#, "text: invalid escape \\q in a string, at line 1, column 21"),
            (#"{"id": tru}"#, "id: tru is not a JSON value (a number, true, false or null), at line 1, column 8"),
            (#"{"id": 1, "x": 01}"#, "x: 01 is not a JSON value (a number, true, false or null), at line 1, column 16"),
            (
                "{\"id\": 1,\n \"text\": \"很长\", \"x\": -}",
                "x: - is not a JSON value (a number, true, false or null), at line 2, column 21"
            ),
        ])
    func syntaxErrors(json: String, expected: String) throws {
        let message = try error(json)
        #expect(message == expected, "\(message)")
    }

    @Test("a deleted retweet stub decodes as deleted")
    func deletedRetweet() throws {
        let s = try status(
            #"{"id": 1, "text": "转发", "retweeted_status": {"id": 2, "idstr": "2", "text": "抱歉，此微博已被作者删除。查看帮助：http://t.cn/Rfd3rQV", "deleted": "1"}}"#
        )
        let retweet = try #require(s.retweetedStatus)
        #expect(s.isRetweet && retweet.isDeleted && retweet.user == nil)
    }

    @Test("10,000 pictures are all kept; sizes that are negative, zero or huge are unknown")
    func pictures() throws {
        let many = (0..<10_000).map { #"{"thumbnail_pic": "u\#($0)", "width": 100, "height": 100}"# }.joined(
            separator: ",")
        #expect(try status(#"{"id": 1, "pic_urls": [\#(many)]}"#).pictures.count == 10_000)
        let odd = try status(
            #"{"id": 1, "pic_urls": [{"thumbnail_pic": "a", "width": -5, "height": 10}, {"thumbnail_pic": "b", "width": 0, "height": 0}, {"thumbnail_pic": "c", "width": 1e12, "height": 5}, {"thumbnail_pic": "d", "width": 640, "height": 480}]}"#
        )
        #expect(odd.pictures.map { $0.pixelSize == nil } == [true, true, true, false])
    }

    @Test("pic_ids with pic_infos, when there is no pic_urls")
    func picInfosOnly() throws {
        let s = try status(
            #"{"id": 1, "pic_ids": ["b", "a"], "pic_infos": {"a": {"thumbnail": {"url": "ua"}, "large": {"width": 10, "height": 20}}, "b": {"thumbnail": {"url": "ub"}, "original": {"width": 30, "height": 40}}}}"#
        )
        #expect(s.pictures.map(\.url) == ["ub", "ua"])
        #expect(s.pictures[0].pixelSize! == (30, 40) && s.pictures[1].pixelSize! == (10, 20))
    }

    @Test("invalid UTF-8 is replaced and flagged, the status still decoded")
    func invalidUTF8() throws {
        var bytes = Array(#"{"id": 1, "text": "a"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#"b"}"#.utf8)
        let results = decoder.decodeAll(bytes)
        #expect(results.count == 1 && results[0].repairedUTF8)
        #expect(try results[0].result.get().text == "a\u{FFFD}\u{FFFD}b")
    }

    @Test("JSON escapes, a key given twice (the first counts), 1e3 as a count")
    func escapesAndNumbers() throws {
        #expect(try status(#"{"id": 1, "text": "\u4f60\u597d\n\"\/"}"#).text == "你好\n\"/")
        #expect(try status(#"{"id": 1, "id": 2, "text": "x"}"#).id.value == 1)
        #expect(try status(#"{"id": 1, "reposts_count": 2e0}"#).repostsCount == 2)
    }

    @Test("decoding one status from its bytes: the same as in a stream, lines and columns counted from where it is")
    func decodeOne() throws {
        let bytes = Array("{\"id\": 1,\n  \"text\": tru}".utf8)
        let alone = decoder.decode(bytes, line: 7, column: 3, index: 9)
        #expect(alone.line == 7 && alone.index == 9)
        guard case .failure(let error) = alone.result else { Issue.record("decoded"); return }
        #expect(error.message == "text: tru is not a JSON value (a number, true, false or null), at line 8, column 11")
        #expect(try decoder.decode(Array(#"  {"id": 5, "text": "x"}  "#.utf8)).result.get().id.value == 5)
        #expect((try? decoder.decode([UInt8]()).result.get()) == nil)
    }
}
