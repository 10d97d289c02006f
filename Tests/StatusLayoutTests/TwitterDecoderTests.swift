import Foundation
import Testing
import TestSupport
@testable import StatusLayout

/// Twitter's statuses (API v1.1, API v2 with its includes, YYKit's demo tweets), on fixtures of
/// our own written in the shapes Twitter documents. Every fixture is decoded with the Twitter
/// format and with the automatic one, which must read it the same.
@Suite("Twitter decoding")
struct TwitterDecoderTests {
    /// Decodes `json` with the Twitter format, checking that the automatic format answers the same.
    func decoded(
        _ json: String, references: StatusReferences? = nil, source: StatusElement.Source = .plain,
        automatic: Bool = true
    ) -> DecodedStatus {
        let bytes = Array(json.utf8)
        let twitter = bytes.withUnsafeBytes {
            StatusDecoder(format: .twitter).decode(StatusElement(bytes: $0, source: source, references: references))
        }
        guard automatic else { return twitter }
        let auto = bytes.withUnsafeBytes {
            StatusDecoder().decode(StatusElement(bytes: $0, source: source, references: references))
        }
        switch (twitter.result, auto.result) {
        case (.success(let a), .success(let b)):
            #expect(b.network == .twitter && a == b, "the automatic format reads \(json.prefix(60)) as \(b.network)")
        case (.failure(let a), .failure(let b)):
            #expect(a == b)
        default:
            Issue.record("the automatic format answers \(auto.result), the Twitter format \(twitter.result)")
        }
        return twitter
    }

    func status(_ json: String, references: StatusReferences? = nil, source: StatusElement.Source = .plain) throws
        -> Status
    {
        try decoded(json, references: references, source: source).result.get()
    }

    func error(_ json: String, automatic: Bool = true) -> String {
        guard case .failure(let error) = decoded(json, automatic: automatic).result else {
            Issue.record("expected an error for \(json)")
            return ""
        }
        return error.message
    }

    /// An entity and the text its UTF-8 range covers.
    struct Piece: Equatable, CustomStringConvertible {
        var kind: TextEntity.Kind
        var text: String
        init(_ kind: TextEntity.Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }
        var description: String { "\(kind) over \"\(text)\"" }
    }

    func pieces(_ text: StatusText) -> [Piece] {
        let bytes = Array(text.string.utf8)
        return text.entities.map { Piece($0.kind, String(decoding: bytes[$0.range], as: UTF8.self)) }
    }

    func references(includes json: String) -> StatusReferences {
        Array(json.utf8).withUnsafeBytes { StatusDecoder.twitterIncludes($0) }
    }

    func references(users json: String) -> StatusReferences {
        Array(json.utf8).withUnsafeBytes { StatusDecoder.twitterUsers($0) }
    }

    /// A v1.1 medium of `type` with the link `url` at `indices` and the fields `extra` adds.
    static func medium(_ n: Int, _ type: String = "photo", url: String, indices: (Int, Int), extra: String = "")
        -> String
    {
        """
        {"id_str": "\(n)", "type": "\(type)", "url": "\(url)", "display_url": "pic.twitter.com/x\(n)",
         "media_url_https": "https://pbs.example.invalid/media/\(n).jpg", "media_url": "http://pbs.example.invalid/media/\(n).jpg",
         "indices": [\(indices.0), \(indices.1)], "sizes": {"large": {"w": \(1000 + n), "h": \(500 + n), "resize": "fit"}}\(extra)}
        """
    }

    // MARK: v1.1 text

    @Test("v1.1: extended_tweet.full_text before full_text before text, each with the entities and range beside it")
    func textPriority() throws {
        let plain = try status(
            #"{"id": 1, "id_str": "1", "text": "Short and sweet", "truncated": false, "favorite_count": 0}"#)
        #expect(plain.text == StatusText(resolved: "Short and sweet"))
        #expect(plain.network == .twitter && plain.warnings.isEmpty && !plain.isLongText && plain.user == nil)

        let full = try status(
            #"""
            {"id_str": "2", "text": "The whole…", "full_text": "The whole thought, #kept", "display_text_range": [0, 24],
             "entities": {"hashtags": [{"text": "kept", "indices": [19, 24]}]}}
            """#)
        #expect(full.text.string == "The whole thought, #kept")
        #expect(pieces(full.text) == [Piece(.topic("kept"), "#kept")] && full.warnings.isEmpty)

        // Compatibility mode: text cut short with a link to the tweet; extended_tweet holds it all.
        let extended = try status(
            #"""
            {"id_str": "3", "truncated": true, "text": "Compat text cut short… https://t.co/Self0003",
             "entities": {"urls": [{"url": "https://t.co/Self0003", "expanded_url": "https://twitter.com/i/web/status/3",
                                    "display_url": "twitter.com/i/web/status/3", "indices": [23, 44]}]},
             "extended_tweet": {"full_text": "@ann_b Compat text cut short in the timeline, whole here with a #topic",
                                "display_text_range": [7, 70],
                                "entities": {"user_mentions": [{"screen_name": "ann_b", "indices": [0, 6]}],
                                             "hashtags": [{"text": "topic", "indices": [64, 70]}]}}}
            """#)
        #expect(extended.text.string == "Compat text cut short in the timeline, whole here with a #topic")
        #expect(pieces(extended.text) == [Piece(.topic("topic"), "#topic")])
        #expect(!extended.isLongText, "the text shown is whole")
        #expect(extended.warnings.isEmpty, "\(extended.warnings)")

        // Only the truncated text: isLongText says so.
        let cut = try status(#"{"id_str": "4", "truncated": true, "text": "Cut short…", "entities": {}}"#)
        #expect(cut.isLongText && cut.text.string == "Cut short…")

        // An extended_tweet without full_text: noted, the tweet's own text is shown.
        let noFull = try status(#"{"id_str": "5", "text": "Own text", "extended_tweet": {"entities": {}}}"#)
        #expect(noFull.text.string == "Own text")
        #expect(noFull.warnings == ["extended_tweet: has no full_text; the tweet's own text is shown"])
    }

    @Test("display_text_range: a reply's leading mentions and the trailing media link are not shown, without notes")
    func displayTextRange() throws {
        let s = try status(
            #"""
            {"id_str": "10", "full_text": "@ann_b @cory_c Agreed, see the harbour 🌅 https://t.co/Pic00002", "display_text_range": [15, 40],
             "in_reply_to_screen_name": "ann_b", "in_reply_to_status_id_str": "9",
             "entities": {"user_mentions": [{"screen_name": "ann_b", "indices": [0, 6]}, {"screen_name": "cory_c", "indices": [7, 14]}],
                          "media": [\#(Self.medium(1, url: "https://t.co/Pic00002", indices: (41, 62)))]},
             "extended_entities": {"media": [\#(Self.medium(1, url: "https://t.co/Pic00002", indices: (41, 62)))]}}
            """#)
        #expect(s.text.string == "Agreed, see the harbour 🌅")
        #expect(s.text.entities.isEmpty)
        #expect(s.inReplyTo == "ann_b")
        #expect(s.pictures.count == 1)
        #expect(s.warnings.isEmpty, "\(s.warnings)")

        // [0, 0]: a tweet that is only its media.
        let onlyMedia = try status(
            #"""
            {"id_str": "11", "full_text": "https://t.co/Pic00003", "display_text_range": [0, 0],
             "extended_entities": {"media": [\#(Self.medium(2, url: "https://t.co/Pic00003", indices: (0, 21)))]}}
            """#)
        #expect(onlyMedia.text.isEmpty && onlyMedia.pictures.count == 1 && onlyMedia.warnings.isEmpty)
    }

    @Test("urls are shown as their display_url and link to expanded_url (url when there is none)")
    func urls() throws {
        let s = try status(
            #"""
            {"id_str": "20", "text": "Read this: https://t.co/Link0001 and that https://t.co/Link0002",
             "entities": {"urls": [
                {"url": "https://t.co/Link0001", "expanded_url": "https://example.org/articles/tides", "display_url": "example.org/articles/ti…",
                 "indices": [11, 32]},
                {"url": "https://t.co/Link0002", "indices": [42, 63]}]}}
            """#)
        #expect(s.text.string == "Read this: example.org/articles/ti… and that https://t.co/Link0002")
        #expect(
            pieces(s.text) == [
                Piece(.link("https://example.org/articles/tides"), "example.org/articles/ti…"),
                Piece(.link("https://t.co/Link0002"), "https://t.co/Link0002"),
            ])
        #expect(s.warnings.isEmpty)
    }

    @Test("media links are removed, and the white space they leave at the ends of the text")
    func mediaLinksRemoved() throws {
        // Compatibility-mode text: the media link is inside the text, entities.media says where.
        let s = try status(
            #"""
            {"id_str": "30", "text": "Four at once https://t.co/Pic00004",
             "entities": {"media": [\#(Self.medium(1, url: "https://t.co/Pic00004", indices: (13, 34)))]},
             "extended_entities": {"media": [\#(Self.medium(1, url: "https://t.co/Pic00004", indices: (13, 34))),
                                             \#(Self.medium(2, url: "https://t.co/Pic00004", indices: (13, 34)))]}}
            """#)
        #expect(s.text.string == "Four at once")
        #expect(s.pictures.count == 2 && s.warnings.isEmpty, "\(s.warnings)")

        let leading = try status(
            #"""
            {"id_str": "31", "text": "https://t.co/Pic00005 first, then words",
             "entities": {"media": [\#(Self.medium(1, url: "https://t.co/Pic00005", indices: (0, 21)))]}}
            """#)
        #expect(leading.text.string == "first, then words" && leading.warnings.isEmpty)
    }

    @Test("mentions, hashtags and cashtags: code-point indices become UTF-8 ranges, astral characters before them")
    func entityRanges() throws {
        // 🍜 is one code point and four UTF-8 bytes; 👩‍💻 three code points; 🇫🇷 two.
        let s = try status(
            #"""
            {"id_str": "40", "text": "Lunch 🍜 with @ann_b 👩‍💻 in 🇫🇷 #ramen $NOOD",
             "entities": {"user_mentions": [{"screen_name": "ann_b", "name": "Ann B", "indices": [13, 19]}],
                          "hashtags": [{"text": "ramen", "indices": [30, 36]}], "symbols": [{"text": "NOOD", "indices": [37, 42]}],
                          "urls": []}}
            """#)
        #expect(s.text.string == "Lunch 🍜 with @ann_b 👩‍💻 in 🇫🇷 #ramen $NOOD")
        #expect(
            pieces(s.text) == [
                Piece(.mention("ann_b"), "@ann_b"), Piece(.topic("ramen"), "#ramen"), Piece(.cashtag("NOOD"), "$NOOD"),
            ])
        #expect(s.text.entities.map(\.range) == [16..<22, 47..<53, 54..<59])
        #expect(s.warnings.isEmpty)

        // A mention written with the case it was typed in, and a full-width ＠ and ＃.
        let wide = try status(
            #"""
            {"id_str": "41", "text": "hi ＠Ann_B ＃Tea",
             "entities": {"user_mentions": [{"screen_name": "ann_b", "indices": [3, 9]}], "hashtags": [{"text": "Tea", "indices": [10, 14]}]}}
            """#)
        #expect(
            pieces(wide.text) == [Piece(.mention("ann_b"), "＠Ann_B"), Piece(.topic("Tea"), "＃Tea")]
                && wide.warnings.isEmpty)
    }

    @Test("&amp; &lt; &gt; &quot; &#39; are decoded outside entities; indices count the escaped text")
    func characterReferences() throws {
        let s = try status(
            #"""
            {"id_str": "50", "text": "Tom &amp; Jerry &lt;3 &quot;hi&quot; &#39;yo&#39; &amp;amp; &nbsp; @ann_b #cartoon",
             "entities": {"user_mentions": [{"screen_name": "ann_b", "indices": [67, 73]}], "hashtags": [{"text": "cartoon", "indices": [74, 82]}]}}
            """#)
        #expect(s.text.string == #"Tom & Jerry <3 "hi" 'yo' &amp; &nbsp; @ann_b #cartoon"#)
        #expect(pieces(s.text) == [Piece(.mention("ann_b"), "@ann_b"), Piece(.topic("cartoon"), "#cartoon")])
        #expect(s.warnings.isEmpty, "\(s.warnings)")

        // Without entities too (the quick path).
        #expect(try status(#"{"id_str": "51", "text": "salt &amp; pepper"}"#).text.string == "salt & pepper")
    }

    // MARK: Media

    @Test("media: one to four photos, a GIF, a video; more than four noted; sizes from original_info, else sizes.large")
    func media() throws {
        for count in 1...4 {
            let list = (1...count).map { Self.medium($0, url: "https://t.co/Pics0001", indices: (5, 26)) }.joined(
                separator: ", ")
            let s = try status(
                #"""
                {"id_str": "6\#(count)", "text": "Pics https://t.co/Pics0001", "extended_entities": {"media": [\#(list)]}}
                """#)
            #expect(s.pictures.count == count && s.text.string == "Pics" && s.warnings.isEmpty)
            #expect(s.pictures.map(\.kind) == Array(repeating: .photo, count: count))
            #expect(s.pictures.first?.url == "https://pbs.example.invalid/media/1.jpg")
            #expect(s.pictures.first?.pixelSize.map { [$0.width, $0.height] } == [1001, 501])
        }
        let gif = try status(
            #"""
            {"id_str": "70", "text": "x https://t.co/Gif00001", "extended_entities": {"media": [\#(Self.medium(1, "animated_gif", url: "https://t.co/Gif00001", indices: (2, 23), extra: #", "ext_alt_text": "A cat, looping""#))]}}
            """#)
        #expect(gif.pictures.map(\.kind) == [.gif] && gif.pictures.first?.altText == "A cat, looping")
        let video = try status(
            #"""
            {"id_str": "71", "text": "x https://t.co/Vid00001", "extended_entities": {"media": [\#(Self.medium(1, "video", url: "https://t.co/Vid00001", indices: (2, 23), extra: #", "original_info": {"width": 1920, "height": 1080}"#))]}}
            """#)
        #expect(video.pictures.map(\.kind) == [.video])
        #expect(
            video.pictures.first?.pixelSize.map { [$0.width, $0.height] } == [1920, 1080],
            "original_info before sizes.large")

        let five = (1...5).map { Self.medium($0, url: "https://t.co/Pics0005", indices: (5, 26)) }.joined(
            separator: ", ")
        let many = try status(
            #"{"id_str": "72", "text": "Many https://t.co/Pics0005", "extended_entities": {"media": [\#(five)]}}"#)
        #expect(many.pictures.count == 4 && many.pictures.last?.url == "https://pbs.example.invalid/media/4.jpg")
        #expect(many.warnings == ["extended_entities.media has 5 media; a tweet shows at most 4, the first 4 are kept"])

        // entities.media when there is no extended_entities; media_url when there is no https one; sizes as decimal strings.
        let old = try status(
            #"""
            {"id_str": "73", "text": "Old https://t.co/Old00001", "entities": {"media": [
                {"type": "photo", "url": "https://t.co/Old00001", "indices": [4, 25], "media_url": "http://pbs.example.invalid/old.jpg",
                 "sizes": {"large": {"w": "640", "h": "480"}}}]}}
            """#)
        #expect(old.pictures.count == 1 && old.pictures[0].url == "http://pbs.example.invalid/old.jpg")
        #expect(old.pictures[0].pixelSize.map { [$0.width, $0.height] } == [640, 480] && old.warnings.isEmpty)
    }

    // MARK: Users, counts, dates

    @Test("user, counts, created_at and source as sent")
    func userAndCounts() throws {
        let s = try status(
            #"""
            {"id": 80, "id_str": "80", "text": "Counting", "created_at": "Wed Aug 27 13:08:45 +0000 2008",
             "source": "<a href=\"https://example.invalid/app\" rel=\"nofollow\">Tide App</a>",
             "user": {"id": 7, "id_str": "7", "screen_name": "ann_b", "name": "Ann B", "verified": true,
                      "profile_image_url": "http://pbs.example.invalid/a.jpg", "profile_image_url_https": "https://pbs.example.invalid/a.jpg"},
             "retweet_count": 12, "favorite_count": 34, "card": {"name": "summary"}, "lang": "en", "place": null}
            """#)
        #expect(
            s.user
                == StatusUser(
                    screenName: "ann_b", name: "Ann B", verification: .personal,
                    profileImageURL: "https://pbs.example.invalid/a.jpg"))
        #expect((s.repostsCount, s.commentsCount, s.attitudesCount) == (12, 0, 34), "reply_count absent is 0")
        #expect(s.createdAt == "Wed Aug 27 13:08:45 +0000 2008" && s.source.hasSuffix(">Tide App</a>"))
        #expect(s.card == nil && s.warnings.isEmpty)

        let unverified = try status(
            #"{"id_str": "81", "text": "x", "reply_count": 3, "user": {"screen_name": "cory_c", "profile_image_url": "http://pbs.example.invalid/c.jpg"}}"#
        )
        #expect(
            unverified.user == StatusUser(screenName: "cory_c", profileImageURL: "http://pbs.example.invalid/c.jpg"))
        #expect(unverified.commentsCount == 3)
    }

    @Test("created_at in v2's ISO 8601 form with milliseconds is a moment")
    func isoDates() throws {
        let date = try #require(StatusDate(parsing: "2020-08-19T17:00:00.000Z"))
        #expect(date == StatusDate(parsing: "2020-08-19T17:00:00Z"))
        #expect(date.secondsSince1970 == 1_597_856_400 && date.utcOffset == 0)
        #expect(StatusDate(parsing: "2020-08-19T17:00:00.123456Z")?.secondsSince1970 == 1_597_856_400)
        #expect(StatusDate(parsing: "2020-08-19T17:00:00.Z") == nil)
        let s = try status(
            #"{"id": "90", "text": "x", "created_at": "2020-08-19T17:00:00.000Z", "edit_history_tweet_ids": ["90"]}"#)
        #expect(s.warnings.isEmpty && s.createdAt == "2020-08-19T17:00:00.000Z")
    }

    // MARK: Retweets, quotes, replies

    @Test("retweeted_status and quoted_status, one level each: a retweet keeps its quote, a quote's quote is not read")
    func retweetAndQuote() throws {
        let s = try status(
            #"""
            {"id_str": "100", "text": "RT @ann_b: Look at this…", "user": {"screen_name": "cory_c"},
             "entities": {"user_mentions": [{"screen_name": "ann_b", "indices": [3, 9]}]},
             "retweeted_status": {"id_str": "99", "text": "Look at this", "user": {"screen_name": "ann_b"}, "created_at": "soon",
                                  "retweeted_status": {"id_str": "1", "text": "never read"},
                                  "quoted_status": {"id_str": "98", "text": "The original thought", "user": {"screen_name": "dee_d"},
                                                    "quoted_status": {"id_str": "97", "text": "not read either"}}}}
            """#)
        let retweet = try #require(s.retweetedStatus)
        #expect(s.isRetweet && retweet.id == StatusID(99) && retweet.text.string == "Look at this")
        #expect(retweet.retweetedStatus == nil)
        let quote = try #require(retweet.quotedStatus)
        #expect(quote.id == StatusID(98) && quote.user?.screenName == "dee_d" && quote.quotedStatus == nil)
        #expect(s.quotedStatus == nil)
        #expect(
            s.warnings == [#"retweeted_status.created_at: "soon" is not a date this decoder reads; no time is shown"#])
        #expect(pieces(s.text) == [Piece(.mention("ann_b"), "@ann_b")])

        let quoting = try status(
            #"""
            {"id_str": "101", "full_text": "So true https://t.co/Quot0001", "is_quote_status": true, "quoted_status_id_str": "98",
             "entities": {"urls": [{"url": "https://t.co/Quot0001", "expanded_url": "https://twitter.com/dee_d/status/98",
                                    "display_url": "twitter.com/dee_d/status/98", "indices": [8, 29]}]},
             "quoted_status": {"id_str": "98", "text": "The original thought", "user": {"screen_name": "dee_d"},
                               "extended_entities": {"media": [\#(Self.medium(1, url: "https://t.co/Q", indices: (20, 20)))]}}}
            """#)
        #expect(
            quoting.quotedStatus?.text.string == "The original thought" && quoting.quotedStatus?.pictures.count == 1)
        #expect(quoting.text.string == "So true twitter.com/dee_d/status/98")
        #expect(
            quoting.warnings == ["quoted_status: extended_entities.media[0] [20, 20] is empty; the entity is ignored"])

        // A nested tweet that is not an object costs itself; one whose ID is broken refuses the status.
        let broken = try status(#"{"id_str": "102", "text": "x", "retweeted_status": "gone", "quoted_status": [1]}"#)
        #expect(broken.retweetedStatus == nil && broken.quotedStatus == nil)
        #expect(
            broken.warnings == [
                "retweeted_status must be an object, not a string; ignored",
                "quoted_status must be an object, not an array; ignored",
            ])
        #expect(
            error(#"{"id_str": "103", "text": "x", "quoted_status": {"id_str": "1x", "text": "y"}}"#)
                == "quoted_status.id_str must be a decimal 64-bit integer, not \"1x\"")
        #expect(
            error(#"{"id_str": "104", "text": "x", "retweeted_status": {"text": "no id"}}"#)
                == "retweeted_status.id: the status has no usable id (neither id nor id_str)")
    }

    @Test("in_reply_to_screen_name is who it replies to; none for a reply to its own author (a thread)")
    func inReplyTo() throws {
        let reply = try status(
            #"""
            {"id_str": "110", "text": "@ann_b yes", "in_reply_to_screen_name": "ann_b", "in_reply_to_user_id": 7, "in_reply_to_user_id_str": "7",
             "user": {"id": 8, "id_str": "8", "screen_name": "cory_c"}}
            """#)
        #expect(reply.inReplyTo == "ann_b")
        let thread = try status(
            #"""
            {"id_str": "111", "text": "2/ and more", "in_reply_to_screen_name": "cory_c", "in_reply_to_user_id": 8,
             "user": {"id": 8, "id_str": "8", "screen_name": "cory_c"}}
            """#)
        #expect(thread.inReplyTo == "")
        let none = try status(
            #"{"id_str": "112", "text": "hello", "in_reply_to_screen_name": null, "in_reply_to_user_id": null}"#)
        #expect(none.inReplyTo == "" && none.warnings.isEmpty)
    }

    // MARK: API v2

    static let includes = #"""
        {"users": [{"id": "7", "username": "ann_b", "name": "Ann B", "verified": true, "profile_image_url": "https://pbs.example.invalid/a.jpg"},
                   {"id": "8", "username": "cory_c", "name": "Cory C", "verified": false}],
         "media": [{"media_key": "3_1", "type": "photo", "url": "https://pbs.example.invalid/1.jpg", "width": 1200, "height": 800,
                    "alt_text": "The harbour at dawn"},
                   {"media_key": "7_2", "type": "video", "preview_image_url": "https://pbs.example.invalid/2.jpg", "width": 1280, "height": 720},
                   {"media_key": "16_3", "type": "animated_gif", "preview_image_url": "https://pbs.example.invalid/3.jpg", "width": 400, "height": 300}],
         "tweets": [{"id": "200", "text": "Tide tables are out 🌊 for #harbour fans", "author_id": "7",
                     "entities": {"hashtags": [{"start": 26, "end": 34, "tag": "harbour"}]},
                     "referenced_tweets": [{"type": "quoted", "id": "201"}]},
                    {"id": "201", "text": "Last year's tables", "author_id": "8", "public_metrics": {"retweet_count": 1, "reply_count": 2, "like_count": 3, "quote_count": 4}},
                    {"id": "202", "text": "Where are the tables?", "author_id": "8"}]}
        """#

    @Test("v2: author, media keys, entities by start and end, public_metrics, and a media link removed")
    func v2Tweet() throws {
        let references = references(includes: Self.includes)
        #expect(references.warnings.isEmpty, "\(references.warnings)")
        let s = try status(
            #"""
            {"id": "210", "text": "Tide tables are out 🌊 for #harbour fans, thanks @ann_b! $ACME https://t.co/Link0010 https://t.co/Pic00010",
             "author_id": "8", "created_at": "2020-08-19T17:00:00.000Z", "source": "Tide App", "edit_history_tweet_ids": ["210"],
             "public_metrics": {"retweet_count": 5, "reply_count": 6, "like_count": 7, "quote_count": 8},
             "attachments": {"media_keys": ["3_1", "7_2", "16_3"]},
             "entities": {"hashtags": [{"start": 26, "end": 34, "tag": "harbour"}], "mentions": [{"start": 48, "end": 54, "username": "ann_b", "id": "7"}],
                          "cashtags": [{"start": 56, "end": 61, "tag": "ACME"}],
                          "urls": [{"start": 62, "end": 83, "url": "https://t.co/Link0010", "expanded_url": "https://example.org/tides",
                                    "display_url": "example.org/tides"},
                                   {"start": 84, "end": 105, "url": "https://t.co/Pic00010", "expanded_url": "https://twitter.com/cory_c/status/210/photo/1",
                                    "display_url": "pic.twitter.com/Pic00010", "media_key": "3_1"}],
                          "annotations": [{"start": 0, "end": 3, "probability": 0.5, "type": "Other", "normalized_text": "Tide"}]}}
            """#, references: references, source: .dataArray)
        #expect(s.text.string == "Tide tables are out 🌊 for #harbour fans, thanks @ann_b! $ACME example.org/tides")
        #expect(
            pieces(s.text) == [
                Piece(.topic("harbour"), "#harbour"), Piece(.mention("ann_b"), "@ann_b"),
                Piece(.cashtag("ACME"), "$ACME"),
                Piece(.link("https://example.org/tides"), "example.org/tides"),
            ])
        #expect(s.user == StatusUser(screenName: "cory_c", name: "Cory C"))
        #expect(s.pictures.map(\.kind) == [.photo, .video, .gif])
        #expect(
            s.pictures.map(\.url) == [
                "https://pbs.example.invalid/1.jpg", "https://pbs.example.invalid/2.jpg",
                "https://pbs.example.invalid/3.jpg",
            ])
        #expect(
            s.pictures[0].pixelSize.map { [$0.width, $0.height] } == [1200, 800]
                && s.pictures[0].altText == "The harbour at dawn")
        #expect((s.repostsCount, s.commentsCount, s.attitudesCount) == (5, 6, 7))
        #expect(s.createdAt == "2020-08-19T17:00:00.000Z" && s.source == "Tide App")
        #expect(s.warnings.isEmpty, "\(s.warnings)")

        // A URL to the tweet's own photo (no media_key, as older v2 responses send it) is a media link too.
        let own = try status(
            #"""
            {"id": "211", "text": "Same photo, own link https://t.co/Pic00013", "attachments": {"media_keys": ["3_1"]},
             "entities": {"urls": [{"start": 21, "end": 42, "url": "https://t.co/Pic00013", "expanded_url": "https://twitter.com/cory_c/status/211/photo/1",
                                    "display_url": "pic.twitter.com/Pic00013"}]}}
            """#, references: references)
        #expect(own.text.string == "Same photo, own link" && own.pictures.count == 1)

        // No entities sent: the trailing t.co link of a tweet with attachments is its media's.
        let bare = try status(
            #"{"id": "212", "text": "🌊 https://t.co/Pic00012", "attachments": {"media_keys": ["3_1"]}}"#,
            references: references)
        #expect(bare.text.string == "🌊" && bare.pictures.count == 1 && bare.warnings.isEmpty)
        let noMedia = try status(
            #"{"id": "213", "text": "See https://t.co/Link0013", "edit_history_tweet_ids": ["213"]}"#)
        #expect(noMedia.text.string == "See https://t.co/Link0013", "without attachments a link stays")
    }

    @Test("v2: note_tweet's long text with its own entities")
    func v2NoteTweet() throws {
        let s = try status(
            #"""
            {"id": "220", "text": "@cory_c the long form, in…", "edit_history_tweet_ids": ["220"],
             "note_tweet": {"text": "@cory_c the long form, in full: first line\nsecond line with #more",
                            "entities": {"mentions": [{"start": 0, "end": 7, "username": "cory_c"}], "hashtags": [{"start": 60, "end": 65, "tag": "more"}]}}}
            """#)
        #expect(s.text.string == "@cory_c the long form, in full: first line\nsecond line with #more")
        #expect(pieces(s.text) == [Piece(.mention("cory_c"), "@cory_c"), Piece(.topic("more"), "#more")])
    }

    @Test("v2: referenced tweets from the includes (retweeted, quoted, replied_to), one level inside them")
    func v2References() throws {
        let references = references(includes: Self.includes)
        let retweet = try status(
            #"""
            {"id": "230", "text": "RT @ann_b: Tide tables are out 🌊 for #harbour fans", "author_id": "8",
             "referenced_tweets": [{"type": "retweeted", "id": "200"}],
             "entities": {"mentions": [{"start": 3, "end": 9, "username": "ann_b"}], "hashtags": [{"start": 37, "end": 45, "tag": "harbour"}]}}
            """#, references: references, source: .dataArray)
        let original = try #require(retweet.retweetedStatus)
        #expect(original.id == StatusID(200) && original.user?.screenName == "ann_b")
        #expect(pieces(original.text) == [Piece(.topic("harbour"), "#harbour")])
        #expect(
            original.quotedStatus?.id == StatusID(201),
            "the second pass: an included tweet holds the included tweet it quotes")
        #expect(original.quotedStatus?.user?.screenName == "cory_c" && original.quotedStatus?.quotedStatus == nil)
        #expect(retweet.warnings.isEmpty, "\(retweet.warnings)")

        let quote = try status(
            #"""
            {"id": "231", "text": "Quoting the tide news https://t.co/Quot0011", "author_id": "7",
             "referenced_tweets": [{"type": "quoted", "id": "201"}, {"type": "replied_to", "id": "202"}], "in_reply_to_user_id": "8",
             "entities": {"urls": [{"start": 22, "end": 43, "url": "https://t.co/Quot0011", "expanded_url": "https://twitter.com/cory_c/status/201",
                                    "display_url": "twitter.com/cory_c/status/…"}]}}
            """#, references: references)
        #expect(quote.quotedStatus?.id == StatusID(201) && quote.quotedStatus?.attitudesCount == 3)
        #expect(quote.inReplyTo == "cory_c", "the author of the tweet replied to")
        #expect(quote.warnings.isEmpty)

        // replied_to a tweet not included: in_reply_to_user_id's user; a thread: no one.
        let reply = try status(
            #"""
            {"id": "232", "text": "yes", "author_id": "8", "in_reply_to_user_id": "7", "referenced_tweets": [{"type": "replied_to", "id": "9"}]}
            """#, references: references)
        #expect(reply.inReplyTo == "ann_b" && reply.warnings.isEmpty)
        let thread = try status(
            #"""
            {"id": "233", "text": "2/", "author_id": "8", "in_reply_to_user_id": "8", "referenced_tweets": [{"type": "replied_to", "id": "232"}]}
            """#, references: references)
        #expect(thread.inReplyTo == "" && thread.warnings.isEmpty)
    }

    @Test("v2: a missing reference is a note naming it; a retweet whose original is missing keeps its own text")
    func v2MissingReferences() throws {
        let references = references(includes: Self.includes)
        let s = try status(
            #"""
            {"id": "240", "text": "RT @zed: gone", "author_id": "2244994945", "in_reply_to_user_id": "55",
             "attachments": {"media_keys": ["3_1", "3_404"]},
             "referenced_tweets": [{"type": "retweeted", "id": "404"}, {"type": "quoted", "id": "405"}, {"type": "replied_to", "id": "406"},
                                   {"type": "liked", "id": "1"}]}
            """#, references: references)
        #expect(s.text.string == "RT @zed: gone" && s.retweetedStatus == nil && s.quotedStatus == nil && s.user == nil)
        #expect(s.pictures.count == 1 && s.inReplyTo == "")
        #expect(
            s.warnings == [
                "author_id 2244994945 is not in the response's includes.users; the status has no author",
                "attachments.media_keys[1] 3_404 is not in the response's includes.media; the picture is not shown",
                "referenced_tweets[0]: retweeted tweet 404 is not in the response's includes.tweets; the status keeps its own text",
                "referenced_tweets[1]: quoted tweet 405 is not in the response's includes.tweets; no quote is shown",
                "referenced_tweets[3].type must be retweeted, quoted or replied_to, not \"liked\"; ignored",
                "referenced_tweets[2]: replied_to tweet 406 is not in the response's includes.tweets, nor is in_reply_to_user_id 55 in its includes.users; no \"in reply to\" is shown",
            ])

        // No references at all: the same notes.
        let alone = try status(#"{"id": "241", "text": "x", "author_id": "7", "attachments": {"media_keys": ["3_1"]}}"#)
        #expect(
            alone.warnings == [
                "author_id 7 is not in the response's includes.users; the status has no author",
                "attachments.media_keys[0] 3_1 is not in the response's includes.media; the picture is not shown",
            ])
    }

    @Test("v2's smallest tweet: an ID, a text and its edit history")
    func v2Minimal() throws {
        let json = #"{"id":"1","text":"x","edit_history_tweet_ids":["1"]}"#
        let s = try status(json)
        #expect(
            s.id == StatusID(1) && s.text.string == "x" && s.network == .twitter && s.user == nil && s.warnings.isEmpty)
        // An ID and a text alone say no network: Twitter in a top-level data array or beside includes.
        let bare = #"{"id": "2", "text": "y"}"#
        #expect(try status(bare, source: .dataArray).text.string == "y")
        #expect(try status(bare, references: StatusReferences()).network == .twitter)
    }

    // MARK: YYKit's pages

    static let pageUsers = #"""
        {"7": {"id": 7, "id_str": "7", "screen_name": "ann_b", "name": "Ann B", "verified": false,
               "profile_image_url": "http://pbs.example.invalid/a.jpg", "profile_image_url_https": "https://pbs.example.invalid/a.jpg"},
         "8": {"id": 8, "id_str": "8", "screen_name": "cory_c", "name": "Cory C", "verified": "yes"}}
        """#

    @Test(
        "YYKit's tweets: a stub user is the page's user of its ID, in retweets and quotes too; a missing one is noted")
    func yykitStubUsers() throws {
        let users = references(users: Self.pageUsers)
        #expect(users.users.count == 2 && users.users["7"]?.name == "Ann B")
        #expect(users.warnings == ["twitter_objects.users.8.verified must be a boolean, 0 or 1, not \"yes\"; ignored"])
        let s = try status(
            #"""
            {"id": 300, "id_str": "300", "text": "RT @cory_c: hello", "user": {"id": 7, "id_str": "7"}, "in_reply_to_screen_name": null,
             "retweeted_status": {"id": 299, "id_str": "299", "text": "hello", "user": {"id": 8, "id_str": "8"},
                                  "quoted_status": {"id": 298, "id_str": "298", "text": "quoted", "user": {"id": 9, "id_str": "9"}}}}
            """#, references: users)
        #expect(s.user?.screenName == "ann_b" && s.user?.profileImageURL == "https://pbs.example.invalid/a.jpg")
        #expect(s.retweetedStatus?.user?.screenName == "cory_c")
        #expect(s.retweetedStatus?.quotedStatus?.user == nil)
        #expect(
            s.warnings == [
                "retweeted_status: twitter_objects.users.8.verified must be a boolean, 0 or 1, not \"yes\"; ignored",
                "retweeted_status.quoted_status: user 9 is not in the page's users; the status has no author",
            ])
        // A user of its own is read as it is, references or not.
        let own = try status(
            #"{"id_str": "301", "text": "x", "user": {"id": 9, "id_str": "9", "screen_name": "dee_d"}}"#,
            references: users)
        #expect(own.user?.screenName == "dee_d" && own.warnings.isEmpty)
        // Without the page's users.
        let alone = try status(#"{"id_str": "302", "text": "x", "user": {"id": 7, "id_str": "7"}}"#)
        #expect(alone.user == nil && alone.warnings == ["user 7 is not in the page's users; the status has no author"])
    }

    // MARK: Leniency

    @Test("a malformed field costs itself alone, with a note naming it")
    func malformedFields() throws {
        let s = try status(
            #"""
            {"id_str": "400", "text": "Broken bits: @ann_b #tag https://t.co/Link0400 https://t.co/Pic00400", "created_at": 1234,
             "source": ["app"], "retweet_count": "12", "favorite_count": [], "reply_count": "many",
             "user": {"screen_name": "ann_b", "verified": "perhaps", "profile_image_url_https": 5},
             "entities": {"user_mentions": [{"screen_name": "ann_b", "indices": [13, "19"]}], "hashtags": "tag",
                          "urls": [{"url": "https://t.co/Link0400", "indices": [25, 46]}, 7]},
             "extended_entities": {"media": [
                \#(Self.medium(1, url: "https://t.co/Pic00400", indices: (47, 68))),
                {"type": "photo", "url": "https://t.co/Pic00400", "indices": [47, 68], "media_url_https": "https://pbs.example.invalid/2.jpg",
                 "original_info": {"width": 0, "height": 10}, "sizes": {"large": {"w": 800, "h": 600}}},
                {"type": "hologram", "url": "https://t.co/Pic00400", "indices": [47, 68], "media_url_https": "https://pbs.example.invalid/3.jpg",
                 "sizes": {"large": {"w": "wide", "h": 600}}},
                "not a medium"]},
             "display_text_range": [0]}
            """#)
        #expect(s.text.string == "Broken bits: @ann_b #tag https://t.co/Link0400")
        #expect(pieces(s.text) == [Piece(.link("https://t.co/Link0400"), "https://t.co/Link0400")])
        #expect(s.createdAt == "" && s.source == "")
        #expect((s.repostsCount, s.commentsCount, s.attitudesCount) == (12, .text("many"), 0))
        #expect(s.user == StatusUser(screenName: "ann_b"))
        #expect(s.pictures.map(\.kind) == [.photo, .photo, .photo])
        #expect(s.pictures.map { $0.pixelSize.map { [$0.width, $0.height] } } == [[1001, 501], [800, 600], nil])
        #expect(
            s.warnings == [
                "user.verified must be a boolean, 0 or 1, not \"perhaps\"; ignored",
                "user.profile_image_url_https must be a string, not a number; ignored",
                "display_text_range must be two whole numbers [start, end], not [0]; the whole text is shown",
                "entities.urls[1] must be an object, not a number; ignored",
                "entities.user_mentions[0].indices must be two whole numbers [start, end], not [13, \"19\"]; the entity is ignored",
                "entities.hashtags must be an array, not a string; ignored",
                "extended_entities.media[1].original_info: the size 0 × 10 is not credible (each side from 1 to 100000); sizes.large is used",
                "extended_entities.media[2].type must be photo, animated_gif or video, not \"hologram\"; shown as a photo",
                "extended_entities.media[2].sizes.large.w must be a whole number, not \"wide\"; the picture has no size",
                "extended_entities.media[3] must be an object, not a string; the picture is not shown",
                "created_at must be a string, not a number; ignored",
                "source must be a string, not an array; ignored",
                "favorite_count must be a whole number or a string, not an array; shown as 0",
            ])
    }

    @Test(
        "entities that are reversed, out of range, overlapping or over other text are dropped with a note naming them")
    func brokenEntities() throws {
        let s = try status(
            #"""
            {"id_str": "410", "text": "one @two #three $four five",
             "entities": {"user_mentions": [{"screen_name": "two", "indices": [4, 8]}, {"screen_name": "zed", "indices": [9, 15]},
                                            {"screen_name": "x", "indices": [8, 4]}, {"indices": [0, 3]}],
                          "hashtags": [{"text": "three", "indices": [9, 15]}, {"text": "far", "indices": [20, 99]}, {"text": "thr", "indices": [10, 14]}],
                          "symbols": [{"text": "four", "indices": [16, 21]}, {"text": "nope"}]}}
            """#)
        #expect(s.text.string == "one @two #three $four five")
        #expect(
            pieces(s.text) == [
                Piece(.mention("two"), "@two"), Piece(.topic("three"), "#three"), Piece(.cashtag("four"), "$four"),
            ])
        #expect(
            s.warnings == [
                "entities.user_mentions[3]: has no screen_name (nor username); shown as plain text",
                "entities.symbols[1]: has no indices (nor start and end); the entity is ignored",
                "entities.user_mentions[1] [9, 15] holds \"#three\", not \"@zed\"; the entity is ignored",
                "entities.user_mentions[2] [8, 4] is reversed; the entity is ignored",
                "entities.hashtags[1] [20, 99] is outside the text's 26 characters; the entity is ignored",
                "entities.hashtags[2] [10, 14] holds \"thre\", not \"#thr\"; the entity is ignored",
            ])

        // Two entities over one place: the later one goes.
        let overlap = try status(
            #"""
            {"id_str": "411", "text": "see https://t.co/Link0411",
             "entities": {"urls": [{"url": "https://t.co/Link0411", "expanded_url": "https://example.org", "display_url": "example.org", "indices": [4, 25]}],
                          "media": [\#(Self.medium(1, url: "https://t.co/Link0411", indices: (4, 25)))]}}
            """#)
        #expect(overlap.text.string == "see example.org")
        #expect(
            overlap.warnings == ["entities.media[0] [4, 25] overlaps entities.urls[0] [4, 25]; the entity is ignored"])

        // A retweet's truncation cuts the entity it ends in: "…" stands for the rest, and it is kept.
        let cut = try status(
            #"""
            {"id_str": "412", "text": "RT @ann_b: a long one about #harbo…",
             "entities": {"user_mentions": [{"screen_name": "ann_b", "indices": [3, 9]}], "hashtags": [{"text": "harbour", "indices": [28, 35]}]}}
            """#)
        #expect(
            pieces(cut.text) == [Piece(.mention("ann_b"), "@ann_b"), Piece(.topic("harbour"), "#harbo…")]
                && cut.warnings.isEmpty)
    }

    @Test("a display_text_range outside the text shows it all; an entity across its edge is dropped; both noted")
    func displayRangeProblems() throws {
        let outside = try status(#"{"id_str": "415", "full_text": "@ann_b hello", "display_text_range": [7, 99]}"#)
        #expect(outside.text.string == "@ann_b hello")
        #expect(
            outside.warnings == [
                "display_text_range [7, 99] is not a range of the text's 12 characters; the whole text is shown"
            ])
        let across = try status(
            #"""
            {"id_str": "416", "full_text": "@ann_b hello", "display_text_range": [3, 12],
             "entities": {"user_mentions": [{"screen_name": "ann_b", "indices": [0, 6]}]}}
            """#)
        #expect(across.text.string == "n_b hello" && across.text.entities.isEmpty)
        #expect(
            across.warnings == [
                "entities.user_mentions[0] [0, 6] crosses the edge of display_text_range [3, 12]; the entity is ignored"
            ])
    }

    @Test("the ID is the only fatal field: id_str, else id; both must agree, unless id is id_str rounded to a double")
    func ids() throws {
        #expect(
            error(#"{"text": "no id", "entities": {}}"#) == "id: the status has no usable id (neither id nor id_str)")
        #expect(error(#"{"id_str": "12a", "text": "x"}"#) == "id_str must be a decimal 64-bit integer, not \"12a\"")
        #expect(error(#"{"id_str": 12, "text": "x", "entities": {}}"#) == "id_str must be a string, not a number")
        #expect(error(#"{"id": 5, "id_str": "6", "text": "x"}"#) == "id (5) and id_str (6) disagree")
        #expect(
            error(#"{"id": 1.5, "text": "x", "entities": {}}"#)
                == "id must be a whole number written in digits, not a fraction or an exponent")
        #expect(
            error(#"{"id": "x9", "text": "x", "edit_history_tweet_ids": []}"#)
                == "id must be a 64-bit integer, not \"x9\"")
        #expect(error("{}", automatic: false) == "not a status: an empty object")

        // JavaScript's doubles: 1154828755774390277 written as 1154828755774390300.
        let rounded = try status(#"{"id": 1154828755774390300, "id_str": "1154828755774390277", "text": "x"}"#)
        #expect(rounded.id == StatusID(1_154_828_755_774_390_277))
        #expect(
            rounded.warnings == [
                "id (1154828755774390300) is id_str (1154828755774390277) rounded to a double, as JavaScript writes it; id_str is used"
            ])
        let v2 = try status(
            #"{"id": "1296121314218897408", "text": "x", "edit_history_tweet_ids": ["1296121314218897408"]}"#)
        #expect(v2.id == StatusID(1_296_121_314_218_897_408))
    }

    @Test("a status with nothing to show is noted, as Weibo's are")
    func nothingToShow() throws {
        let s = try status(#"{"id_str": "420", "text": "", "entities": {}}"#)
        #expect(s.warnings == ["the status has nothing to show (no text, media, quote or retweet): its cell is empty"])
        let media = try status(
            #"""
            {"id_str": "421", "full_text": "https://t.co/Pic00421", "display_text_range": [0, 0],
             "extended_entities": {"media": [\#(Self.medium(1, url: "https://t.co/Pic00421", indices: (0, 21)))]}}
            """#)
        #expect(media.warnings.isEmpty)
    }

    // MARK: The references' builders

    @Test("twitterIncludes: each entry that cannot be read is a note naming it; a status using an entry gets its notes")
    func includesWarnings() throws {
        let references = references(
            includes: #"""
                {"users": [{"id": "7", "username": "ann_b"}, {"username": "no_id"}, "nobody", {"id": 5, "username": "number"},
                           {"id": "8", "username": "cory_c", "verified": "very"}, {"id": "7", "username": "again"}],
                 "media": [{"media_key": "3_1", "type": "photo", "url": "https://pbs.example.invalid/1.jpg", "width": "wide", "height": 10},
                           {"type": "photo"}, {"media_key": "3_2", "type": "photo"}],
                 "tweets": [{"id": "200", "text": "fine", "author_id": "8"}, {"text": "no id"}, {"id": "201", "text": "x", "created_at": "later"}]}
                """#)
        #expect(Set(references.users.keys) == ["7", "8"] && references.users["7"]?.screenName == "ann_b")
        #expect(Set(references.media.keys) == ["3_1", "3_2"] && Set(references.tweets.keys) == ["200", "201"])
        #expect(
            references.warnings == [
                "includes.users[1] has no id; ignored",
                "includes.users[2] must be an object, not a string; ignored",
                "includes.users[3].id must be a string, not 5; ignored",
                "includes.users[5]: id 7 is there twice; the first is kept",
                "includes.media[1] has no media_key; ignored",
                "includes.media[0].width must be a whole number, not \"wide\"; the picture has no size",
                "includes.media[2]: has no url or preview_image_url; the picture has no image",
                "includes.media[2]: has no width and height; the picture has no size",
                "includes.users[4].verified must be a boolean, 0 or 1, not \"very\"; ignored",
                "includes.tweets[0]: includes.users[4].verified must be a boolean, 0 or 1, not \"very\"; ignored",
                "includes.tweets[1].id: the status has no usable id (neither id nor id_str); the tweet is not kept",
                "includes.tweets[2].created_at: \"later\" is not a date this decoder reads; no time is shown",
            ])
        // The entries' notes go with the statuses that use them; the others with a status that misses a reference.
        let s = try status(
            #"{"id": "210", "text": "x", "author_id": "8", "attachments": {"media_keys": ["3_1"]}}"#,
            references: references)
        #expect(
            s.warnings == [
                "includes.users[4].verified must be a boolean, 0 or 1, not \"very\"; ignored",
                "includes.media[0].width must be a whole number, not \"wide\"; the picture has no size",
            ])
        let missing = try status(#"{"id": "211", "text": "x", "author_id": "5"}"#, references: references)
        #expect(
            missing.warnings == [
                "author_id 5 is not in the response's includes.users; the status has no author",
                "includes.users[1] has no id; ignored", "includes.users[2] must be an object, not a string; ignored",
                "includes.users[3].id must be a string, not 5; ignored",
                "includes.users[5]: id 7 is there twice; the first is kept",
                "includes.media[1] has no media_key; ignored",
            ])
        let retweet = try status(
            #"{"id": "212", "text": "RT", "referenced_tweets": [{"type": "retweeted", "id": "200"}]}"#,
            references: references)
        #expect(retweet.retweetedStatus?.user?.screenName == "cory_c")
        #expect(
            retweet.warnings == [
                "referenced_tweets[0]: includes.users[4].verified must be a boolean, 0 or 1, not \"very\"; ignored"
            ])
    }

    @Test("twitterIncludes and twitterUsers on what is not an object of them")
    func builderInputs() throws {
        #expect(references(includes: "{").warnings.first?.hasPrefix("includes is not valid JSON (") == true)
        #expect(
            references(includes: "[1]").warnings == [
                "includes must be an object, not an array; none of its users, media or tweets is known"
            ])
        #expect(
            references(includes: #"{"users": {}, "media": null, "tweets": 3}"#).warnings
                == [
                    "includes.users must be an array, not an object; ignored",
                    "includes.tweets must be an array, not a number; ignored",
                ])
        #expect(references(includes: "{}").warnings.isEmpty)
        let users = references(
            users:
                #"{"7": {"id_str": "7", "screen_name": "ann_b"}, "8": [], "9": {"id_str": "10", "screen_name": "dee_d"}}"#
        )
        #expect(Set(users.users.keys) == ["7", "9"])
        #expect(
            users.warnings == [
                "twitter_objects.users.8 must be an object, not an array; ignored",
                "twitter_objects.users.9.id_str (10) is not its key; the user is kept by its key",
            ])
        #expect(
            references(users: "null").warnings == [
                "twitter_objects.users must be an object, not null; none of its users, media or tweets is known"
            ])
        // Invalid UTF-8 is replaced, and said.
        let repaired = [UInt8](#"{"7": {"screen_name": "a"#.utf8) + [0xFF] + [UInt8](#""}}"#.utf8)
        let read = repaired.withUnsafeBytes { StatusDecoder.twitterUsers($0) }
        #expect(
            read.users["7"]?.screenName == "a\u{FFFD}"
                && read.warnings == ["twitter_objects.users holds invalid UTF-8, replaced by U+FFFD"])
    }
}
