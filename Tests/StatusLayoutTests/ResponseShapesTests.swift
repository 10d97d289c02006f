import Foundation
import Testing
import TestSupport
@testable import StatusLayout

/// The web APIs' responses (m.weibo.cn's cards, weibo.com's list, a status as `data`) and where
/// reading goes on after a broken status: never inside it, whatever the indentation.
@Suite("Response shapes and re-syncing")
struct ResponseShapesTests {
    typealias Answer = StatusSplitterTests.Answer

    func answers(_ text: String) -> [Answer] {
        StatusDecoder().decodeAll(Array(text.utf8)).map(StatusSplitterTests.answer)
    }

    func sources(_ text: String) -> [StatusElement.Source] {
        var found: [StatusElement.Source] = []
        let splitter = StatusSplitter()
        let take: (StatusSplitter.Item) -> Void = {
            if case .element(let element) = $0 { found.append(element.source) }
        }
        splitter.feed(Array(text.utf8), take)
        splitter.finish(take)
        return found
    }

    static let cards = #"""
        {"ok": 1, "data": {"cardlistInfo": {"total": 3, "page": "2"}, "cards": [
          {"card_type": 9, "itemid": "a", "mblog": {"id": 1, "text": "一"}},
          {"card_type": 11, "card_group": [
            {"card_type": 9, "mblog": {"id": 2, "text": "二", "retweeted_status": {"id": 20, "text": "原"}}},
            {"card_type": 58, "name": "没有更多内容了"}]},
          {"card_type": 9, "mblog": {"id": 3, "text": "三"}}
        ], "scheme": "sinaweibo://"}}
        """#

    @Test(
        "m.weibo.cn: data.cards[].mblog, card_group nesting, cards without a status skipped; the statuses are the web API's"
    )
    func mobileCards() {
        #expect(
            answers(Self.cards) == [
                .status(1, repaired: false), .status(2, repaired: false), .status(3, repaired: false),
            ])
        #expect(sources(Self.cards) == [.webAPI, .webAPI, .webAPI])
    }

    @Test("a status as data (statuses/show), before or after ok; weibo.com's data.list; data.statuses")
    func dataShapes() {
        #expect(answers(#"{"ok": 1, "data": {"id": 7, "text": "<b>好</b>"}}"#) == [.status(7, repaired: false)])
        #expect(answers(#"{"data": {"id": 7, "text": "x"}, "ok": 1}"#) == [.status(7, repaired: false)])
        let list =
            #"{"data": {"since_id": "9", "list": [{"id": 1, "text_raw": "a"}, {"id": 2, "text_raw": "b"}], "total": 2}, "ok": 1}"#
        #expect(answers(list) == [.status(1, repaired: false), .status(2, repaired: false)])
        #expect(sources(list) == [.webAPI, .webAPI])
        #expect(answers(#"{"ok": 1, "data": {"statuses": [{"id": 5, "text": "x"}]}}"#) == [.status(5, repaired: false)])
        // The classic shapes are not the web's: their text is plain.
        #expect(sources(#"{"statuses": [{"id": 1, "text": "x"}]}"#) == [.plain])
        #expect(sources(#"[{"id": 1, "text": "x"}]"#) == [.plain])
    }

    @Test(
        "a response with no statuses is one error naming its fields; a data that is not an object or array is a field")
    func emptyResponses() {
        let refused = answers(#"{"ok": 0, "msg": "这里还没有内容", "errno": "100005"}"#)
        #expect(
            refused.count == 1
                && refused[0].matches(
                    Answer.error(
                        "not a status of a known format (Weibo, Twitter, Mastodon): it has only the fields ok, msg, errno"
                    ))
        )
        // "data" with a string is an ordinary field of a status.
        #expect(answers(#"{"id": 4, "text": "x", "data": "y"}"#) == [.status(4, repaired: false)])
    }

    /// `indent=0` (every value on its own line at column 0), as Python's json.dumps writes it.
    static func indentZero(_ statuses: [String]) -> String {
        "[\n" + statuses.joined(separator: ",\n") + "\n]\n"
    }

    static func status(_ id: Int, retweet: Int? = nil, broken: Bool = false) -> String {
        var lines = ["{", "\"id\": \(id),", broken ? "\"text\" \"no colon\"," : "\"text\": \"正文\","]
        if let retweet {
            lines += [
                "\"retweeted_status\": {", "\"id\": \(retweet),", "\"text\": \"原文\",", "\"user\": {",
                "\"screen_name\": \"u\"", "}", "},",
            ]
        }
        lines += ["\"reposts_count\": 1", "}"]
        return lines.joined(separator: "\n")
    }

    @Test(
        "re-syncing after a broken status in an indent=0 array: the next element, never a nested retweet taken for a status"
    )
    func indentZeroResync() {
        let text = Self.indentZero([
            Self.status(1, retweet: 11), Self.status(2, retweet: 12, broken: true), Self.status(3, retweet: 13),
        ])
        let got = answers(text)
        #expect(got.count == 3, "\(got)")
        #expect(got.first == .status(1, repaired: false) && got.last == .status(3, repaired: false))
        #expect(got[1].matches(Answer.error("expected ':', found '\"'")), "\(got)")
        // Broken in the middle of its retweet, or just before the next one.
        var retweetBroken = Self.status(5, retweet: 15)
        retweetBroken = retweetBroken.replacingOccurrences(of: "\"id\": 15,", with: "\"id\": 15 \"x\",")
        let second = answers(Self.indentZero([retweetBroken, Self.status(6, retweet: 16)]))
        #expect(second.count == 2 && second[1] == .status(6, repaired: false), "\(second)")
    }

    @Test("re-syncing in a pretty-printed web page: a broken mblog costs its card alone, in every chunking")
    func webPageResync() {
        let page = """
            {
              "ok": 1,
              "data": {
                "cards": [
                  {"card_type": 9, "mblog": {"id": 1, "text": "一"}},
                  {"card_type": 9, "mblog": {"id": 2, "text": "二" "x": [1, {"y": 2}]}},
                  {"card_type": 9, "mblog": {"id": 3, "text": "三", "retweeted_status": {"id": 30}}}
                ]
              }
            }
            """
        let whole = answers(page)
        #expect(
            whole.count == 3 && whole[0] == .status(1, repaired: false) && whole[2] == .status(3, repaired: false),
            "\(whole)")
        for size in [1, 2, 7, 64] {
            let chunked = StatusSplitterTests.split(
                Array(page.utf8), sizes: Array(repeating: size, count: page.utf8.count))
            #expect(chunked.map(\.answer) == whole, "chunks of \(size)")
        }
    }

    @Test("JSON Lines of responses and arrays: a broken line costs itself, the next line is read as a new value")
    func linesOfResponses() {
        let text =
            [
                #"{"ok": 1, "data": {"list": [{"id": 1, "text_raw": "a"}, {"id": 2, "text_raw": "b"#,  // cut short
                #"[{"id": 3, "text": "c"}, {"id": 4, "text": "d"}]"#,
                #"{"ok": 1, "data": {"cards": [{"card_type": 9, "mblog": {"id": 5, "text": "e"}}]}}"#,
            ].joined(separator: "\n") + "\n"
        let got = answers(text)
        #expect(got.count == 5, "\(got)")
        #expect(got[0] == .status(1, repaired: false) && got[1].matches(Answer.error("the line ends inside a string")))
        #expect(
            Array(got[2...]) == [.status(3, repaired: false), .status(4, repaired: false), .status(5, repaired: false)])
    }

    @Test("a compact array broken in its second status: the third is read, the error names where it broke")
    func compactResync() {
        let got = answers(
            #"[{"id": 1, "text": "a"}, {"id": 2, "text": "b", "user": {"n": [1, 2}}, {"id": 3, "text": "c"}]"#)
        #expect(
            got.count == 3 && got[0] == .status(1, repaired: false) && got[2] == .status(3, repaired: false), "\(got)")
        #expect(got[1].matches(Answer.error("expected ',' or ']', found '}'")))
    }
}
