import Foundation
import Testing
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
        try #require(results.count == 1)
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
        #expect(s.user == StatusUser(screenName: "苏轼", isVerified: true, profileImageURL: "https://example.invalid/a.jpg"))
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

    @Test("the three input shapes and JSON Lines give the same statuses")
    func shapes() throws {
        let a = #"{"id": 1, "text": "a"}"#
        let b = #"{"id": 2, "text": "b"}"#
        let lines = decode(a + "\n" + b + "\n")
        let array = decode("[" + a + ",\n " + b + "]")
        let timeline = decode(#"{"statuses": ["# + a + "," + b + #"], "total_number": 2, "next_cursor": 0}"#)
        for results in [lines, array, timeline] {
            #expect(results.map { try? $0.result.get().id.value } == [1, 2])
            #expect(results.map(\.position) == [1, 2])
        }
    }

    @Test("a bad line is an error for that line alone, every line answered")
    func perLineErrors() throws {
        let input = [
            #"{"id": 1, "text": "ok"}"#,
            #"{"id": 2, "text": "trunc"#,
            "",
            #"{"text": "no id"}"#,
            #"[1, 2]"#,
            #"{"id": 3, "user": {"verified": "yes"}}"#,
            #"{"id": 4, "text": "fine"}"#,
        ].joined(separator: "\n")
        let results = decode(input)
        #expect(results.count == 7)
        #expect(results.map { (try? $0.result.get()) != nil } == [true, false, false, false, false, false, true])
        #expect(results.map(\.position) == Array(1...7))
    }

    @Test("wrong types name the field", arguments: [
        (#"{"id": 1, "text": 5}"#, "text must be a string, not a number"),
        (#"{"id": 1, "user": {"verified": "yes"}}"#, "user.verified must be a boolean, not a string"),
        (#"{"id": 1, "reposts_count": "12"}"#, "reposts_count must be a whole number, not a string"),
        (#"{"id": 1, "pic_urls": {"a": 1}}"#, "pic_urls must be an array, not an object"),
        (#"{"id": 1, "pic_urls": [{"thumbnail_pic": "x", "width": "690", "height": 3}]}"#, "pic_urls[0].width must be a number, not a string"),
        (#"{"id": 1, "retweeted_status": {"text": "no id"}}"#, "retweeted_status.id: the status has no usable id"),
        (#"{"id": 1, "user": []}"#, "user must be an object, not an array"),
        (#"{"id": 1.5}"#, "id must be a 64-bit integer"),
        (#"{"id": 1, "idstr": "2"}"#, "disagree"),
        (#"{"idstr": "12ab"}"#, "idstr must be a decimal 64-bit integer"),
        (#"{"id": 99999999999999999999}"#, "id must be a 64-bit integer"),
        (#"{"text": "x"}"#, "no usable id"),
        ("[1]", "a status must be a JSON object, not a number"),
    ])
    func wrongTypes(json: String, expected: String) throws {
        let message = try error(json)
        #expect(message.contains(expected), "\(message)")
    }

    @Test("a truncated array is one clear error")
    func truncatedArray() throws {
        #expect(try error(#"[{"id": 1}, {"id": 2"#).contains("not valid JSON"))
    }

    @Test("a deleted retweet stub decodes as deleted")
    func deletedRetweet() throws {
        let s = try status(#"{"id": 1, "text": "转发", "retweeted_status": {"id": 2, "idstr": "2", "text": "抱歉，此微博已被作者删除。查看帮助：http://t.cn/Rfd3rQV", "deleted": "1"}}"#)
        let retweet = try #require(s.retweetedStatus)
        #expect(s.isRetweet && retweet.isDeleted && retweet.user == nil)
    }

    @Test("10,000 pictures are all kept; sizes that are negative, zero or huge are unknown")
    func pictures() throws {
        let many = (0..<10_000).map { #"{"thumbnail_pic": "u\#($0)", "width": 100, "height": 100}"# }.joined(separator: ",")
        #expect(try status(#"{"id": 1, "pic_urls": [\#(many)]}"#).pictures.count == 10_000)
        let odd = try status(#"{"id": 1, "pic_urls": [{"thumbnail_pic": "a", "width": -5, "height": 10}, {"thumbnail_pic": "b", "width": 0, "height": 0}, {"thumbnail_pic": "c", "width": 1e12, "height": 5}, {"thumbnail_pic": "d", "width": 640, "height": 480}]}"#)
        #expect(odd.pictures.map { $0.pixelSize == nil } == [true, true, true, false])
    }

    @Test("pic_ids with pic_infos, when there is no pic_urls")
    func picInfosOnly() throws {
        let s = try status(#"{"id": 1, "pic_ids": ["b", "a"], "pic_infos": {"a": {"thumbnail": {"url": "ua"}, "large": {"width": 10, "height": 20}}, "b": {"thumbnail": {"url": "ub"}, "original": {"width": 30, "height": 40}}}}"#)
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

    @Test("JSON escapes, lone surrogates and deep nesting")
    func hostileJSON() throws {
        #expect(try status(#"{"id": 1, "text": "\u4f60\u597d\n"}"#).text == "你好\n")
        // A lone surrogate escape is not valid Unicode: an error for that status, not a crash.
        #expect(decode(#"{"id": 1, "text": "\ud800"}"#).count == 1)
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(decode(#"{"id": 1, "x": "# + deep + "}").count == 1)
    }
}
