import Foundation
import Testing
import TestSupport
@testable import StatusLayout

/// Mastodon's `Status` entity read by ``StatusDecoder``: with `format: .mastodon` and with the
/// automatic format, which must tell these statuses are Mastodon's. The fixtures are written for
/// these tests, in the shape of the documented entity.
@Suite("Mastodon statuses")
struct MastodonDecoderTests {
    /// A whole status: every field the reader reads, none malformed.
    static let base = #"""
        {"id": "110000000000000001", "created_at": "2024-03-05T09:15:27.000Z", "in_reply_to_id": null,
         "in_reply_to_account_id": null, "sensitive": false, "spoiler_text": "", "visibility": "public", "language": "en",
         "uri": "https://example.social/users/alice/statuses/110000000000000001",
         "url": "https://example.social/@alice/110000000000000001", "replies_count": 2, "reblogs_count": 3,
         "favourites_count": 5, "edited_at": null, "content": "<p>Hello from the test suite</p>", "reblog": null,
         "application": {"name": "Web", "website": null},
         "account": {"id": "1001", "username": "alice", "acct": "alice", "display_name": "Alice :sparkle:", "locked": false,
                     "bot": false, "avatar": "https://files.example.social/avatars/alice.png",
                     "avatar_static": "https://files.example.social/avatars/alice-static.png",
                     "emojis": [{"shortcode": "sparkle", "url": "https://files.example.social/emoji/sparkle.gif",
                                 "static_url": "https://files.example.social/emoji/sparkle.png", "visible_in_picker": true}]},
         "media_attachments": [], "mentions": [], "tags": [], "emojis": [], "card": null, "poll": null}
        """#

    /// The base status with `fields` (a JSON object's members) put in place of its own.
    static func json(_ fields: String = "{}") throws -> String {
        let base = try #require(try JSONSerialization.jsonObject(with: Data(Self.base.utf8)) as? [String: Any])
        let changes = try #require(try JSONSerialization.jsonObject(with: Data(fields.utf8)) as? [String: Any])
        let merged = base.merging(changes) { $1 }
        return String(
            decoding: try JSONSerialization.data(withJSONObject: merged, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The status of `json` read as Mastodon's and by the automatic format, which must agree.
    static func decode(_ json: String) throws -> Status {
        let status = try StatusDecoder(format: .mastodon).decodeStatus(json)
        let automatic = try StatusDecoder().decodeStatus(json)
        #expect(automatic == status, "the automatic format reads it otherwise (as \(automatic.network))")
        #expect(status.network == .mastodon)
        return status
    }

    /// The status of the base with `fields` in place of its own.
    static func status(_ fields: String = "{}") throws -> Status { try decode(try json(fields)) }

    @Test("a whole status: text, author, counts, times, client; nothing noted")
    func wholeStatus() throws {
        let status = try Self.status()
        #expect(status.id == StatusID(110_000_000_000_000_001))
        #expect(status.text == StatusText(resolved: "Hello from the test suite"))
        let user = try #require(status.user)
        #expect(user.screenName == "alice" && user.name == "Alice :sparkle:" && user.verification == .none)
        #expect(user.profileImageURL == "https://files.example.social/avatars/alice.png")
        #expect(
            user.emojis == [CustomEmoji(shortcode: "sparkle", url: "https://files.example.social/emoji/sparkle.png")])
        #expect(status.repostsCount == 3 && status.commentsCount == 2 && status.attitudesCount == 5)
        #expect(status.createdAt == "2024-03-05T09:15:27.000Z" && status.editedAt.isEmpty)
        #expect(status.source == "Web")
        #expect(status.contentWarning.isEmpty && status.inReplyTo.isEmpty)
        #expect(status.pictures.isEmpty && status.card == nil && status.poll == nil)
        #expect(status.retweetedStatus == nil && status.quotedStatus == nil)
        #expect(status.warnings.isEmpty, "\(status.warnings)")
        // An edited status; an account with no acct, no display name and only a still avatar.
        let edited = try Self.status(
            #"""
            {"edited_at": "2024-03-05T10:00:00Z", "account": {"id": "7", "username": "bob", "display_name": "",
             "avatar_static": "https://files.example.social/avatars/bob.png"}}
            """#)
        #expect(edited.editedAt == "2024-03-05T10:00:00Z")
        #expect(
            edited.user
                == StatusUser(
                    screenName: "bob", name: "", verification: .none,
                    profileImageURL: "https://files.example.social/avatars/bob.png"))
        #expect(edited.user?.displayName == "bob")
        #expect(edited.warnings.isEmpty)
    }

    @Test("ISO 8601 times as Mastodon sends them, with and without milliseconds")
    func times() throws {
        let withMillis = try #require(StatusDate(parsing: "2023-01-05T13:33:43.000Z"))
        let without = try #require(StatusDate(parsing: "2023-01-05T13:33:43Z"))
        #expect(withMillis == without)
        #expect(withMillis.secondsSince1970 == 1_672_925_623 && withMillis.utcOffset == 0)
        #expect(StatusDate(parsing: "2023-01-05T14:33:43+01:00")?.secondsSince1970 == withMillis.secondsSince1970)
        #expect(try Self.status(#"{"created_at": "2017-04-21T15:00:42.000Z"}"#).warnings.isEmpty)
    }

    @Test("the ID: a string of digits, or a number (servers before 2.0); anything else refuses the status")
    func ids() throws {
        #expect(try Self.status(#"{"id": "109491892650690895"}"#).id == StatusID(109_491_892_650_690_895))
        #expect(try Self.status(#"{"id": 714859}"#).id == StatusID(714_859))
        let refused: [(String, String)] = [
            (#"{"id": "9f2a"}"#, #"id must be a 64-bit integer, not "9f2a""#),
            (#"{"id": ""}"#, #"id must be a 64-bit integer, not """#),
            (#"{"id": 1.5}"#, "id must be a whole number written in digits, not a fraction or an exponent"),
            (#"{"id": true}"#, "id must be a number, not a boolean"),
            (#"{"id": null}"#, "id: the status has no usable id"),
            (#"{"id": "99999999999999999999"}"#, "id must be a 64-bit integer"),
        ]
        for (fields, message) in refused {
            let json = try Self.json(fields)
            for decoder in [StatusDecoder(format: .mastodon), StatusDecoder()] {
                let result = decoder.decode(Array(json.utf8)).result
                #expect(throws: StatusDecodingError.self, "\(fields)") { try result.get() }
                if case .failure(let error) = result {
                    #expect(error.message.hasPrefix(message), "\(fields): \(error.message)")
                }
            }
        }
        let noID = StatusDecoder(format: .mastodon).decode(Array(#"{"content": "<p>x</p>"}"#.utf8)).result
        if case .failure(let error) = noID {
            #expect(error.message == "id: the status has no usable id")
        } else {
            Issue.record("decoded")
        }
    }

    @Test("content: paragraphs, mentions local and remote, hashtags, long links, the status's custom emoji")
    func content() throws {
        let content =
            #"<p><span class=\"h-card\" translate=\"no\"><a href=\"https://example.social/@bob\" class=\"u-url mention\">@<span>bob</span></a></span> <span class=\"h-card\" translate=\"no\"><a href=\"https://far.example/@carol\" class=\"u-url mention\">@<span>carol</span></a></span> the build is green :party_parrot:</p><p>Notes: <a href=\"https://docs.example.org/guides/2024/building-on-linux-without-a-gui\" rel=\"nofollow noopener\" translate=\"no\" target=\"_blank\"><span class=\"invisible\">https://</span><span class=\"ellipsis\">docs.example.org/guides/2024/b</span><span class=\"invisible\">uilding-on-linux-without-a-gui</span></a><br><a href=\"https://example.social/tags/swift\" class=\"mention hashtag\" rel=\"tag\">#<span>swift</span></a> :sparkle:</p>"#
        let status = try Self.status(
            #"""
            {"content": "\#(content)",
             "mentions": [{"id": "1002", "username": "bob", "acct": "bob", "url": "https://example.social/@bob"},
                          {"id": "2001", "username": "carol", "acct": "carol@far.example", "url": "https://far.example/@carol"}],
             "emojis": [{"shortcode": "party_parrot", "url": "https://files.example.social/emoji/parrot.gif",
                         "static_url": "https://files.example.social/emoji/parrot.png", "visible_in_picker": true}]}
            """#)
        let text = status.text
        #expect(
            text.string
                == "@bob @carol the build is green \u{FFFC}\n\nNotes: docs.example.org/guides/2024/b…\n#swift :sparkle:"
        )
        #expect(
            text.entities.map(\.kind) == [
                .mention("bob"), .mention("carol@far.example"),
                .link("https://docs.example.org/guides/2024/building-on-linux-without-a-gui"),
                .topic("swift"),
            ])
        #expect(
            text.entities.map { MastodonHTMLTests.piece(text, $0) } == [
                "@bob", "@carol", "docs.example.org/guides/2024/b…", "#swift",
            ])
        // The status's emoji, not its author's: :sparkle: is the account's only.
        #expect(
            text.attachments.map(\.kind) == [
                .customEmoji(shortcode: "party_parrot", url: "https://files.example.social/emoji/parrot.png")
            ])
        #expect(status.warnings.isEmpty, "\(status.warnings)")
    }

    @Test("custom emoji: the still image when sent, else the image; one without a shortcode or an image is noted")
    func emojis() throws {
        let status = try Self.status(
            #"""
            {"content": "<p>:a_b: :cd: :ef:</p>",
             "emojis": [{"shortcode": "a_b", "url": "https://e.example/ab.gif", "static_url": null},
                        {"shortcode": "cd", "url": "https://e.example/cd.gif", "static_url": "https://e.example/cd.png"},
                        {"url": "https://e.example/x.png"}, {"shortcode": "ef"}, "ef"]}
            """#)
        #expect(status.text.string == "\u{FFFC} \u{FFFC} :ef:")
        #expect(
            status.text.attachments.map(\.kind) == [
                .customEmoji(shortcode: "a_b", url: "https://e.example/ab.gif"),
                .customEmoji(shortcode: "cd", url: "https://e.example/cd.png"),
            ])
        #expect(
            status.warnings == [
                "emojis[2]: has no shortcode; the emoji is not shown",
                "emojis[3]: has no url or static_url; the emoji is not shown",
                "emojis[4] must be an object, not a string; ignored",
            ])
    }

    @Test(
        "media of every type, sized from meta.original, else meta.small, else none; the preview shown; descriptions kept"
    )
    func media() throws {
        let status = try Self.status(
            #"""
            {"content": "", "media_attachments": [
              {"id": "1", "type": "image", "url": "https://m.example/o/1.png", "preview_url": "https://m.example/s/1.png",
               "meta": {"original": {"width": 1200, "height": 900, "size": "1200x900", "aspect": 1.333},
                        "small": {"width": 400, "height": 300}}, "description": "A cat on a keyboard"},
              {"id": "2", "type": "gifv", "url": "https://m.example/o/2.mp4", "preview_url": "https://m.example/s/2.png",
               "meta": {"original": {"width": 640, "height": 360, "duration": 3.2}}, "description": null},
              {"id": "3", "type": "video", "url": "https://m.example/o/3.mp4", "preview_url": "https://m.example/s/3.png",
               "meta": {"small": {"width": 320, "height": 180}}},
              {"id": "4", "type": "audio", "url": "https://m.example/o/4.mp3", "preview_url": null,
               "meta": {"original": {"duration": 217.7, "bitrate": 170447}, "small": {"width": 554, "height": 416}}},
              {"id": "5", "type": "image", "url": "https://m.example/o/5.png", "preview_url": "https://m.example/s/5.png"},
              {"id": "6", "type": "unknown", "url": "https://m.example/o/6", "preview_url": "https://m.example/s/6",
               "meta": {"focus": {"x": 0.1, "y": 0.5}}}]}
            """#)
        #expect(
            status.pictures == [
                StatusPicture(
                    url: "https://m.example/s/1.png", pixelSize: (1200, 900), kind: .photo,
                    altText: "A cat on a keyboard"),
                StatusPicture(url: "https://m.example/s/2.png", pixelSize: (640, 360), kind: .gif),
                StatusPicture(url: "https://m.example/s/3.png", pixelSize: (320, 180), kind: .video),
                StatusPicture(url: "https://m.example/o/4.mp3", pixelSize: (554, 416), kind: .audio),
                StatusPicture(url: "https://m.example/s/5.png"),
                StatusPicture(url: "https://m.example/s/6"),
            ])
        // Only the attachment the server could not read is noted; absent sizes are not.
        #expect(
            status.warnings == [
                #"media_attachments[5].type: "unknown" (a file the server could not read); shown as a photo"#
            ])
        // More than four are all kept.
        let many = (0..<6).map { #"{"type": "image", "preview_url": "https://m.example/\#($0).png"}"# }.joined(
            separator: ",")
        #expect(try Self.status(#"{"media_attachments": [\#(many)]}"#).pictures.count == 6)
    }

    @Test("a malformed attachment field costs only itself, with a note naming its path")
    func malformedMedia() throws {
        let status = try Self.status(
            #"""
            {"media_attachments": [
              {"type": "image", "preview_url": "https://m.example/1.png", "meta": {"original": {"width": 100, "height": 100}}},
              {"type": "image", "preview_url": "https://m.example/2.png",
               "meta": {"original": {"width": "wide", "height": 600}, "small": {"width": 200, "height": 150}}},
              {"type": "image", "preview_url": "https://m.example/3.png", "meta": {"original": {"width": 800}}},
              {"type": "image", "preview_url": "https://m.example/4.png", "meta": {"original": {"width": 0, "height": 600}}},
              {"type": "image", "preview_url": "https://m.example/5.png", "meta": "big"},
              {"type": "hologram", "url": "https://m.example/6.bin", "description": 7},
              {"preview_url": "https://m.example/7.png"},
              {"type": "image"},
              42]}
            """#)
        #expect(
            status.pictures.map(\.url) == [
                "https://m.example/1.png", "https://m.example/2.png", "https://m.example/3.png",
                "https://m.example/4.png", "https://m.example/5.png", "https://m.example/6.bin",
                "https://m.example/7.png", "",
            ])
        #expect(
            status.pictures.map { $0.pixelSize.map { [$0.width, $0.height] } } == [
                [100, 100], [200, 150], nil, nil, nil, nil, nil, nil,
            ])
        #expect(
            status.warnings == [
                #"media_attachments[1].meta.original.width must be a whole number, not "wide"; the size is not used"#,
                "media_attachments[2].meta.original: has a width but no height; the size is not used",
                "media_attachments[3].meta.original: the size 0 × 600 is not credible (each side from 1 to 100000); not used",
                "media_attachments[4].meta must be an object, not a string; ignored",
                #"media_attachments[5].type: "hologram" is not image, gifv, video, audio or unknown; shown as a photo"#,
                "media_attachments[5].description must be a string, not a number; ignored",
                "media_attachments[6]: has no type; shown as a photo",
                "media_attachments[7]: has neither a preview_url nor a url; shown without an image",
                "media_attachments[8] must be an object, not a number; the attachment is not shown",
            ])
    }

    @Test(
        "cards: their kinds, the picture and its size when both sides are above 0; one with neither title nor image is dropped"
    )
    func cards() throws {
        let full = try Self.status(
            #"""
            {"card": {"url": "https://news.example.org/story", "title": "A story", "description": "What happened",
                      "type": "video", "author_name": "", "provider_name": "News Example", "html": "<iframe></iframe>",
                      "width": 640, "height": 360, "image": "https://files.example.social/cards/story.jpg", "blurhash": null}}
            """#)
        #expect(
            full.card
                == StatusCard(
                    kind: .video, title: "A story", description: "What happened", tips: "News Example",
                    imageURL: "https://files.example.social/cards/story.jpg", imageSize: (640, 360),
                    url: "https://news.example.org/story"))
        #expect(full.warnings.isEmpty)
        for (type, kind) in [("link", StatusCard.Kind.link), ("photo", .photo), ("rich", .rich)] {
            #expect(try Self.status(#"{"card": {"type": "\#(type)", "title": "t"}}"#).card?.kind == kind)
        }
        // No picture: no size, whatever the card says; a picture of unknown size (0 × 0).
        let noImage = try Self.status(
            #"{"card": {"type": "link", "title": "Docs", "image": null, "width": 1000, "height": 1000}}"#)
        #expect(noImage.card == StatusCard(kind: .link, title: "Docs"))
        #expect(noImage.warnings.isEmpty)
        let unsized = try Self.status(
            #"{"card": {"type": "link", "title": "", "image": "https://c.example/i.png", "width": 0, "height": 0}}"#)
        #expect(unsized.card?.hasImage == true && unsized.card?.imageSize == nil && unsized.warnings.isEmpty)
        let dropped = try Self.status(
            #"{"card": {"type": "link", "url": "https://c.example/", "title": "", "image": null}}"#)
        #expect(dropped.card == nil)
        #expect(dropped.warnings == ["card: has neither a title nor an image; the card is not shown"])
        let odd = try Self.status(
            #"{"card": {"type": "embed", "title": "x", "image": "https://c.example/i.png", "width": "640", "height": "wide"}}"#
        )
        #expect(odd.card?.kind == .link && odd.card?.imageSize == nil)
        #expect(
            odd.warnings == [
                #"card.type: "embed" is not link, photo, video or rich; shown as a link card"#,
                #"card.height must be a whole number, not "wide"; the picture's size is not used"#,
            ])
        #expect(
            try Self.status(#"{"card": "https://c.example/"}"#).warnings == [
                "card must be an object, not a string; ignored"
            ])
    }

    @Test("polls: options (shortcodes kept as text), votes, expiry, multiple choice")
    func polls() throws {
        let status = try Self.status(
            #"""
            {"content": "<p>Which one?</p>", "poll": {"id": "34", "expires_at": "2024-03-06T09:15:27.000Z", "expired": false,
             "multiple": true, "votes_count": 12, "voters_count": 9, "voted": false,
             "options": [{"title": "Tabs :blobcat:", "votes_count": 7}, {"title": "Spaces", "votes_count": null}],
             "emojis": [{"shortcode": "blobcat", "url": "https://e.example/blobcat.png", "static_url": "https://e.example/blobcat.png"}]}}
            """#)
        #expect(
            status.poll
                == StatusPoll(
                    options: ["Tabs :blobcat:", "Spaces"], votesCount: 12, isExpired: false,
                    allowsMultipleChoices: true, expiresAt: "2024-03-06T09:15:27.000Z"))
        #expect(status.warnings.isEmpty)
        let ended = try Self.status(
            #"{"poll": {"expires_at": null, "expired": true, "multiple": false, "votes_count": 0, "options": [{"title": "Yes"}, {"votes_count": 1}, 3]}}"#
        )
        #expect(ended.poll == StatusPoll(options: ["Yes", ""], votesCount: 0, isExpired: true))
        #expect(
            ended.warnings == [
                "poll.options[1]: has no title; the option is shown empty",
                "poll.options[2] must be an object, not a number; the option is not shown",
            ])
        let empty = try Self.status(#"{"content": "", "poll": {"options": []}}"#)
        #expect(empty.poll == nil)
        #expect(empty.warnings.first == "poll: has no options; the poll is not shown")
    }

    @Test("a reblog is the status's repost (one level), its notes the status's; a broken reblog ID refuses the status")
    func reblogs() throws {
        let inner = try Self.json(
            #"""
            {"id": "120", "content": "<p>Original words</p>", "account": {"id": "9", "acct": "dana@far.example", "display_name": "Dana"},
             "media_attachments": [{"type": "image", "preview_url": "https://m.example/r.png", "meta": {"small": {"width": "x", "height": 2}}}]}
            """#)
        let status = try Self.status(#"{"id": "121", "content": "", "reblog": \#(inner)}"#)
        let reblog = try #require(status.retweetedStatus)
        #expect(status.isRetweet && status.text.isEmpty)
        #expect(reblog.id == StatusID(120) && reblog.network == .mastodon && reblog.text.string == "Original words")
        #expect(reblog.user?.screenName == "dana@far.example" && reblog.pictures.count == 1)
        #expect(
            status.warnings == [
                #"reblog.media_attachments[0].meta.small.width must be a whole number, not "x"; the size is not used"#
            ])
        // A reblog with nothing of its own to show is not noted as empty: its reblog shows.
        #expect(!status.warnings.contains { $0.contains("nothing to show") })
        // One level: a reblogged status's own reblog is not read.
        let nested = try Self.status(
            #"{"reblog": {"id": "5", "content": "<p>a</p>", "reblog": {"id": "6", "content": "<p>b</p>"}}}"#)
        #expect(nested.retweetedStatus?.retweetedStatus == nil)
        let broken = StatusDecoder(format: .mastodon).decode(
            Array(try Self.json(#"{"reblog": {"id": "x1", "content": "<p>a</p>"}}"#).utf8))
        if case .failure(let error) = broken.result {
            #expect(error.message == #"reblog.id must be a 64-bit integer, not "x1""#)
        } else {
            Issue.record("a reblog with a broken ID was decoded")
        }
        #expect(try Self.status(#"{"reblog": "120"}"#).warnings == ["reblog must be an object, not a string; ignored"])
    }

    @Test("quotes: Mastodon 4.4's quote with its status, a pending one without, forks' quoted status; one level")
    func quotes() throws {
        let fallback =
            #"<p>So true.</p><p class=\"quote-inline\">RE: <a href=\"https://example.social/@erin/130\">https://example.social/@erin/130</a></p>"#
        let quoted =
            #"{"id": "130", "content": "<p>Quoted words</p>", "account": {"id": "11", "acct": "erin"}, "quote": {"state": "accepted", "quoted_status": {"id": "131", "content": "<p>deeper</p>"}}}"#
        let accepted = try Self.status(
            #"{"content": "\#(fallback)", "quote": {"state": "accepted", "quoted_status": \#(quoted)}}"#)
        let quote = try #require(accepted.quotedStatus)
        #expect(quote.id == StatusID(130) && quote.text.string == "Quoted words" && quote.user?.screenName == "erin")
        #expect(quote.quotedStatus == nil, "one level")
        #expect(accepted.text.string == "So true.", "the fallback is hidden when the quote is shown")
        #expect(accepted.warnings.isEmpty, "\(accepted.warnings)")
        let pending = try Self.status(
            #"{"content": "\#(fallback)", "quote": {"state": "pending", "quoted_status": null}}"#)
        #expect(pending.quotedStatus == nil)
        #expect(pending.text.string == "So true.\n\nRE: https://example.social/@erin/130")
        #expect(pending.warnings.isEmpty)
        let fork = try Self.status(
            #"{"quote": {"id": "140", "content": "<p>From a fork</p>", "account": {"id": "12", "acct": "finn"}}}"#)
        #expect(fork.quotedStatus?.id == StatusID(140) && fork.quotedStatus?.text.string == "From a fork")
        let malformed = try Self.status(
            #"{"quote": {"state": 3, "quoted_status": {"id": "150", "content": "<p>q</p>", "replies_count": []}}}"#)
        #expect(malformed.quotedStatus?.id == StatusID(150))
        #expect(
            malformed.warnings == [
                "quote.state must be a string, not a number; ignored",
                "quote.quoted_status.replies_count must be a whole number or a string, not an array; shown as 0",
            ])
        #expect(
            try Self.status(#"{"quote": {"uri": "x"}}"#).warnings == [
                "quote must be a quote (state, quoted_status) or a status; ignored"
            ])
        let broken = StatusDecoder().decode(
            Array(try Self.json(#"{"quote": {"state": "accepted", "quoted_status": {"id": [1]}}}"#).utf8))
        if case .failure(let error) = broken.result {
            #expect(error.message == "quote.quoted_status.id must be a number, not an array")
        } else {
            Issue.record("a quote with a broken ID was decoded")
        }
    }

    @Test(
        "a reply names the account replied to by the status's mention of it; none for one's own thread or when not mentioned"
    )
    func replies() throws {
        let mentions =
            #"[{"id": "1002", "username": "bob", "acct": "bob", "url": "https://example.social/@bob"}, {"id": "2001", "username": "carol", "acct": "carol@far.example", "url": "https://far.example/@carol"}]"#
        #expect(
            try Self.status(#"{"in_reply_to_id": "99", "in_reply_to_account_id": "2001", "mentions": \#(mentions)}"#)
                .inReplyTo == "carol@far.example")
        #expect(
            try Self.status(#"{"in_reply_to_id": "99", "in_reply_to_account_id": "1001", "mentions": \#(mentions)}"#)
                .inReplyTo.isEmpty)
        #expect(
            try Self.status(#"{"in_reply_to_id": "99", "in_reply_to_account_id": "3003", "mentions": \#(mentions)}"#)
                .inReplyTo.isEmpty)
        // Servers before 2.0 send numbers.
        let old = try Self.status(
            #"{"id": 675924, "in_reply_to_id": 675923, "in_reply_to_account_id": 14729, "account": {"id": 14988, "acct": "gil"}, "mentions": [{"id": 14729, "acct": "hana@old.example", "url": "https://old.example/@hana"}]}"#
        )
        #expect(old.inReplyTo == "hana@old.example")
        let own = try Self.status(
            #"{"in_reply_to_id": 1, "in_reply_to_account_id": 14988, "account": {"id": 14988, "acct": "gil"}}"#)
        #expect(own.inReplyTo.isEmpty && own.warnings.isEmpty)
    }

    @Test("spoiler_text is the content warning; a filtered status without one gets \"Filtered: …\", noted")
    func warnings() throws {
        #expect(try Self.status(#"{"spoiler_text": "Film ending"}"#).contentWarning == "Film ending")
        let filter =
            #"{"filter": {"id": "202", "title": "spoilers", "context": ["home"], "expires_at": null, "filter_action": "warn"}, "keyword_matches": ["ending"], "status_matches": []}"#
        let filtered = try Self.status(#"{"filtered": [\#(filter)]}"#)
        #expect(filtered.contentWarning == "Filtered: spoilers")
        #expect(
            filtered.warnings == [
                #"filtered: the status matches the filter "spoilers" (warn); it is shown behind the content warning "Filtered: spoilers""#
            ])
        let two = try Self.status(
            #"{"filtered": [\#(filter), {"filter": {"title": "sports", "filter_action": "hide"}}, {"filter": {"title": ""}}, 5]}"#
        )
        #expect(two.contentWarning == "Filtered: spoilers, sports")
        #expect(
            two.warnings == [
                "filtered[2].filter: has no title; ignored", "filtered[3] must be an object, not a number; ignored",
                #"filtered: the status matches the filters "spoilers" (warn), "sports" (hide); it is shown behind the content warning "Filtered: spoilers, sports""#,
            ])
        let both = try Self.status(#"{"spoiler_text": "Film ending", "filtered": [\#(filter)]}"#)
        #expect(both.contentWarning == "Film ending" && both.warnings.isEmpty)
    }

    @Test("a malformed field costs only itself, with a note naming it; a status with nothing to show is noted")
    func malformedFields() throws {
        let status = try Self.status(
            #"""
            {"content": 42, "account": "alice", "replies_count": true, "reblogs_count": "12", "created_at": "yesterday",
             "edited_at": "soon", "application": "Web", "mentions": [7], "emojis": {}, "spoiler_text": [], "in_reply_to_account_id": {},
             "media_attachments": "none", "poll": [], "reblog": 5}
            """#)
        #expect(status.id == StatusID(110_000_000_000_000_001))
        #expect(
            status.user == nil && status.text.isEmpty && status.repostsCount == .number(12) && status.commentsCount == 0
        )
        #expect(
            status.warnings == [
                "account must be an object, not a string; ignored",
                "mentions[0] must be an object, not a number; ignored",
                "emojis must be an array, not an object; ignored",
                "reblog must be an object, not a number; ignored",
                "content must be a string, not a number; ignored",
                "spoiler_text must be a string, not an array; ignored",
                "in_reply_to_account_id must be a string, not an object; ignored",
                "media_attachments must be an array, not a string; ignored",
                "poll must be an object, not an array; ignored",
                "replies_count must be a whole number or a string, not a boolean; shown as 0",
                #"created_at: "yesterday" is not a date this decoder reads; no time is shown"#,
                #"edited_at: "soon" is not a date this decoder reads; no edit time is shown"#,
                "application must be an object, not a string; ignored",
                "the status has nothing to show (no text, media, poll, card, reblog or quote): its cell is empty",
            ])
        let account = try Self.status(
            #"{"account": {"id": [], "acct": 3, "username": "zed", "display_name": null, "emojis": [{"shortcode": 1, "url": "u"}]}}"#
        )
        #expect(account.user?.screenName == "zed")
        #expect(
            account.warnings == [
                "account.id must be a string, not an array; ignored",
                "account.acct must be a string, not a number; ignored",
                "account.emojis[0].shortcode must be a string, not a number; ignored",
                "account.emojis[0]: has no shortcode; the emoji is not shown",
            ])
        let empty = try Self.decode(#"{"id": "8", "content": ""}"#)
        #expect(
            empty.warnings == [
                "the status has nothing to show (no text, media, poll, card, reblog or quote): its cell is empty"
            ])
    }

    @Test("the automatic format tells these statuses are Mastodon's, alone, in arrays and among other networks'")
    func automaticFormat() throws {
        #expect(try StatusDecoder().decodeStatus(#"{"id": "5", "content": "<p>x</p>"}"#).network == .mastodon)
        #expect(
            try StatusDecoder().decodeStatus(#"{"id": 5, "account": {"acct": "a"}, "media_attachments": []}"#).network
                == .mastodon)
        let page =
            "["
            + [
                try Self.json(), try Self.json(#"{"id": "2", "reblog": \#(try Self.json(#"{"id": "3"}"#))}"#),
                #"{"id": 4, "text": "微博", "reposts_count": 1}"#,
            ].joined(separator: ",") + "]"
        let decoded = StatusDecoder().decodeAll(page).map { try? $0.result.get() }
        #expect(decoded.map { $0?.network } == [.mastodon, .mastodon, .weibo])
        #expect(decoded[1]?.retweetedStatus?.network == .mastodon)
    }
}

/// Real Mastodon responses that public projects saved (`../shared/realdata/mastodon`, read in
/// place): every status decodes as Mastodon's through the automatic format, shows something when
/// it has content or media, and keeps nothing of its markup.
@Suite(
    "Real Mastodon data", .enabled(if: Fixtures.realDataDirectory != nil, "../shared/realdata is not beside the clone"))
struct MastodonRealDataTests {
    static let paths = Fixtures.realDataFiles("mastodon") + Fixtures.realDataFiles("mastodon", suffix: ".jsonl")

    /// The status objects of a file as Foundation reads them (each line of JSON Lines a response:
    /// an array of statuses or one status), in order.
    static func rawStatuses(_ data: Data, jsonLines: Bool) throws -> [[String: Any]] {
        let documents =
            jsonLines ? data.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty }.map { Data($0) } : [data]
        return try documents.flatMap { document -> [[String: Any]] in
            let value = try JSONSerialization.jsonObject(with: document)
            if let array = value as? [[String: Any]] { return array }
            return [try #require(value as? [String: Any])]
        }
    }

    /// Whether an HTML content has anything to show (a tag-free piece of text).
    static func hasText(_ content: Any?) -> Bool {
        guard let html = content as? String else { return false }
        return !html.replacing(/<[^>]*>/, with: "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    @Test("every status of every file decodes as Mastodon's, shows its content or media, and keeps no markup")
    func everyStatus() throws {
        try #require(!Self.paths.isEmpty, "no files in mastodon/")
        var total = 0
        for path in Self.paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let data = try #require(FileManager.default.contents(atPath: path))
            let decoded = StatusDecoder().decodeAll(Array(data))
            let explicit = StatusDecoder(format: .mastodon).decodeAll(Array(data))
            let raw = try Self.rawStatuses(data, jsonLines: path.hasSuffix(".jsonl"))
            try #require(
                decoded.count == raw.count, "\(name): \(decoded.count) statuses decoded, \(raw.count) in the file")
            for ((answer, other), json) in zip(zip(decoded, explicit), raw) {
                total += 1
                let status: Status
                do {
                    status = try answer.result.get()
                } catch {
                    Issue.record("\(name): status \(answer.index): \(error)")
                    continue
                }
                #expect(try other.result.get() == status, "\(name): status \(status.id) read otherwise as .mastodon")
                #expect(status.network == .mastodon, "\(name): status \(status.id) read as \(status.network)")
                // The notes real data earns: attachments the server could not read, the user's filters.
                #expect(
                    status.warnings.allSatisfy { $0.contains(#".type: "unknown""#) || $0.hasPrefix("filtered: ") },
                    "\(name): status \(status.id): \(status.warnings)")
                let nested =
                    [(status, json)]
                    + [
                        status.retweetedStatus.map { ($0, json["reblog"] as? [String: Any] ?? [:]) },
                        status.quotedStatus.map {
                            ($0, (json["quote"] as? [String: Any])?["quoted_status"] as? [String: Any] ?? [:])
                        },
                    ]
                    .compactMap { $0 }
                for (shown, source) in nested {
                    #expect(shown.network == .mastodon)
                    let text = shown.text.string
                    #expect(
                        !text.contains("<p") && !text.contains("<a ") && !text.contains("<span")
                            && !text.contains("&amp;")
                            && !text.contains("&lt;"), "\(name): status \(shown.id) keeps markup: \(text.prefix(160))")
                    let media = (source["media_attachments"] as? [Any])?.isEmpty == false
                    if Self.hasText(source["content"]) || media {
                        #expect(
                            !text.isEmpty || !shown.pictures.isEmpty,
                            "\(name): status \(shown.id) shows nothing of its content")
                    }
                    if media { #expect(!shown.pictures.isEmpty, "\(name): status \(shown.id) lost its media") }
                }
            }
        }
        #expect(total == 774, "\(total) statuses, SOURCES.md counts 774")
    }
}
