import Foundation
import Testing
import TestSupport
@testable import StatusLayout

/// Responses whose statuses name objects held beside them: Twitter API v2's `includes` and the
/// pages of YYKit's Twitter demo (`twitter_objects` with a `response.timeline`). The splitter
/// holds such a response's statuses until it ends, reads its tables once and hands every status
/// out with them; every chunking gives the same elements.
@Suite("Responses joined by ID")
struct JoinedResponseTests {
    /// What one element came out as: its bytes as text, where it was found, its references, its key.
    struct Found: Equatable {
        var text: String
        var source: StatusElement.Source
        var hasReferences: Bool
        var index: Int
    }

    enum Out: Equatable {
        case element(Found)
        case error(String, index: Int)
    }

    /// Everything the splitter hands out for `text`, fed in pieces of `piece` bytes (0: whole).
    func split(_ text: String, piece: Int = 0) -> [Out] {
        var out: [Out] = []
        let splitter = StatusSplitter()
        let take: (StatusSplitter.Item) -> Void = { item in
            switch item {
            case .element(let element):
                out.append(
                    .element(
                        Found(
                            text: String(decoding: element.bytes, as: UTF8.self), source: element.source,
                            hasReferences: element.references != nil, index: element.index)))
            case .error(let error):
                guard case .failure(let failure) = error.result else { return }
                out.append(.error(failure.message, index: error.index))
            }
        }
        let bytes = Array(text.utf8)
        if piece == 0 {
            splitter.feed(bytes, take)
        } else {
            var at = 0
            while at < bytes.count {
                splitter.feed(Array(bytes[at..<min(bytes.count, at + piece)]), take)
                at += piece
            }
        }
        splitter.finish(take)
        return out
    }

    static let v2 = #"""
        {"data": [{"id": "1", "text": "one", "author_id": "9"}, {"id": "2", "text": "two", "author_id": "9"}],
         "includes": {"users": [{"id": "9", "name": "N", "username": "n"}]},
         "meta": {"result_count": 2}}
        """#

    @Test(
        "API v2: data's elements held until includes is read, then handed out with it, as data's; every chunking the same"
    )
    func v2Response() {
        let whole = split(Self.v2)
        #expect(
            whole == [
                .element(
                    Found(
                        text: #"{"id": "1", "text": "one", "author_id": "9"}"#, source: .dataArray, hasReferences: true,
                        index: 1)),
                .element(
                    Found(
                        text: #"{"id": "2", "text": "two", "author_id": "9"}"#, source: .dataArray, hasReferences: true,
                        index: 2)),
            ])
        for piece in [1, 2, 3, 7, 16, 64] { #expect(split(Self.v2, piece: piece) == whole, "pieces of \(piece)") }
        // A single tweet as data, and JSON Lines of responses: each its own.
        let single = #"{"data": {"id": "5", "text": "x"}, "includes": {"users": []}}"#
        #expect(split(single).map(\.hasReferences) == [true])
        let lines =
            Self.v2.replacingOccurrences(of: "\n", with: "") + "\n" + single + "\n"
            + #"{"data": [{"id": "6", "text": "y"}]}"#
        let answers = split(lines)
        #expect(answers.map(\.index) == [1, 2, 3, 4])
        #expect(answers.map(\.hasReferences) == [true, true, true, false], "the last response has no includes")
    }

    @Test("a broken tweet in data costs itself, in its place; the others keep their references")
    func v2Broken() {
        let text =
            #"{"data": [{"id": "1", "text": "a"}, {"id": "2", "text": "b" "oops"}, {"id": "3", "text": "c"}], "includes": {"users": []}}"#
        let out = split(text)
        #expect(out.count == 3)
        guard out.count == 3 else { return }
        #expect(out[0].hasReferences && out[2].hasReferences)
        if case .error(_, let index) = out[1] { #expect(index == 2) } else { Issue.record("not an error: \(out[1])") }
    }

    static let t1 = #"""
        {"twitter_objects": {"moments": {}, "users": {"7": {"id": 7, "id_str": "7", "name": "Seven", "screen_name": "seven"}},
          "tweets": {"100000000000000010": {"id_str": "100000000000000010", "text": "ten", "user": {"id": 7, "id_str": "7"}},
                     "100000000000000011": {"id_str": "100000000000000011", "text": "eleven", "user": {"id": 7, "id_str": "7"}},
                     "100000000000000012": {"id_str": "100000000000000012", "text": "twelve", "user": {"id": 7, "id_str": "7"}},
                     "100000000000000013": {"id_str": "100000000000000013", "text": "RT", "user": {"id": 7, "id_str": "7"},
                                            "retweeted_status": {"id_str": "100000000000000014", "text": "shown inside"}},
                     "100000000000000014": {"id_str": "100000000000000014", "text": "shown inside", "user": {"id": 7, "id_str": "7"}}}},
         "response": {"timeline": [{"tweet": {"id": "100000000000000011"}, "sort_index": "3"}, {"tweet": {"id": "100000000000000013"}},
                                   {"conversation": {"context": {}, "ids": ["100000000000000010", "100000000000000011"]}},
                                   {"tweet": {"id": "100000000000000099"}},
                                   {"moment": {}}],
                      "cursor": {"top": "1", "bottom": "2"}}}
        """#

    @Test(
        "YYKit's pages: the tweets in the timeline's order, as often as it names them; a tweet it names that is not there and an entry naming none are errors; unnamed tweets after, but for those shown inside named ones"
    )
    func t1Page() {
        let out = split(Self.t1)
        func text(_ out: Out) -> String {
            switch out {
            case .element(let found): String(found.text.dropFirst(12).prefix(18))
            case .error(let message, _): "error: " + message
            }
        }
        #expect(
            out.map(text) == [
                "100000000000000011", "100000000000000013", "100000000000000010", "100000000000000011",
                "error: the timeline names tweet 100000000000000099, which twitter_objects.tweets does not hold",
                "error: response.timeline[4] names no tweet (it has moment)",
                "100000000000000012",
            ], "14 is shown inside 13, which retweets it")
        #expect(out.map(\.index) == [1, 2, 3, 4, 5, 6, 7])
        #expect(
            out.compactMap { if case .element(let found) = $0 { found.hasReferences } else { nil } }.allSatisfy { $0 })
        for piece in [1, 5, 33] { #expect(split(Self.t1, piece: piece) == out, "pieces of \(piece)") }
    }

    @Test(
        "not joined: includes before data (its statuses decode without it), a response key without twitter_objects, Weibo pages"
    )
    func notJoined() {
        #expect(
            split(#"{"includes": {"users": []}, "data": [{"id": "1", "text": "x"}]}"#).map(\.hasReferences) == [false])
        // {"response": …} alone is an object like any other: a status, refused by the decoder if it is none.
        #expect(split(#"{"response": {"timeline": []}}"#).count == 1)
        #expect(split(#"{"statuses": [{"id": 1, "text": "x"}]}"#).map(\.hasReferences) == [false])
        #expect(split(ResponseShapesTests.cards).map(\.hasReferences) == [false, false, false])
    }
}

extension JoinedResponseTests.Out {
    var hasReferences: Bool {
        if case .element(let found) = self { return found.hasReferences }
        return false
    }
    var index: Int {
        switch self {
        case .element(let found): found.index
        case .error(_, let index): index
        }
    }
}
