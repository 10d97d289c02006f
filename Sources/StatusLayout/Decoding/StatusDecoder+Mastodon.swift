import CStatusJSON

/// Reading Mastodon's `Status` entity (REST API v1), from servers before 2.0 (whose IDs are JSON
/// numbers) to 4.4's quotes: `content` HTML read as the web client shows it (``MastodonHTML``),
/// `account`, `media_attachments`, `card`, `poll`, `reblog`, `quote`, `spoiler_text` and
/// `filtered`, the reply's account named through `mentions`, the counts, `created_at` and
/// `edited_at`, `application`.
///
/// What a malformed field costs is decided field by field, as for Weibo (see ``StatusDecoder``):
/// only the ID is needed (a string of digits, or a whole number); a picture's size, a count, a
/// date, a card, a poll option, an emoji or the account that cannot be read costs itself alone,
/// with a note in ``Status/warnings`` naming the field's path.
extension StatusDecoder {
    /// The status fields read (`uri` and `visibility` only tell an object is a status).
    enum MastodonKey {
        static let table = KeyTable([
            "id", "content", "spoiler_text", "filtered", "account", "media_attachments", "card", "poll",
            "reblog", "quote", "in_reply_to_id", "in_reply_to_account_id", "mentions", "emojis",
            "reblogs_count", "replies_count", "favourites_count", "created_at", "edited_at",
            "application", "uri", "visibility",
        ])
        static let id = 0, content = 1, spoiler = 2, filtered = 3, account = 4, media = 5, card = 6, poll = 7,
            reblog = 8
        static let quote = 9, inReplyToID = 10, inReplyToAccountID = 11, mentions = 12, emojis = 13, reblogs = 14
        static let replies = 15, favourites = 16, createdAt = 17, editedAt = 18, application = 19
    }

    /// Decodes a Mastodon status object. At depth 0 its `reblog` and `quote` are read too (one
    /// level: a reblogged or quoted status's own quote is not).
    static func mastodonStatus(_ parser: JSONParser, object: UInt32, depth: Int) throws(StatusDecodingError) -> Status {
        try parser.withFields(of: object, MastodonKey.table) { f throws(StatusDecodingError) in
            if depth == 0, !f.any() { throw unknownFormat(parser, object: object) }
            let id = try statusID(f, id: MastodonKey.id, idstr: nil, idstrName: "id")
            var notes: [String] = []
            let box = Status.Storage(network: .mastodon)

            var accountID = ""
            if let account = f.lenientObject(MastodonKey.account, "account", &notes) {
                let mark = notes.count
                (box.fields.user, accountID) = Self.account(parser, account, &notes)
                notes.prefixing(from: mark, with: "account")
            }
            let mentions = Self.mentions(parser, f.lenientArray(MastodonKey.mentions, "mentions", &notes), &notes)
            let emojis = Self.emojis(
                parser, f.lenientArray(MastodonKey.emojis, "emojis", &notes), &notes, path: "emojis")

            // The nested statuses first: a shown quote hides the content's quote fallback.
            if depth == 0 {
                let reblog = f.lenientObject(MastodonKey.reblog, "reblog", &notes)
                if let reblog = try nested(parser, reblog, path: "reblog", &notes) {
                    box.fields.retweet = StatusBox(reblog)
                }
                if let quote = try quote(parser, f, &notes) { box.fields.quote = StatusBox(quote) }
            }

            let content = f.lenientString(MastodonKey.content, "content", &notes) ?? ""
            var profiles: [String: String] = [:]
            for mention in mentions where !mention.url.isEmpty && profiles[mention.url] == nil {
                profiles[mention.url] = mention.acct
            }
            box.fields.text = MastodonHTML.text(
                content, emojis: emojis, mentions: profiles, hidesQuoteFallback: box.fields.quote != nil)

            box.fields.contentWarning = f.lenientString(MastodonKey.spoiler, "spoiler_text", &notes) ?? ""
            let filters = Self.filters(parser, f.lenientArray(MastodonKey.filtered, "filtered", &notes), &notes)
            if box.fields.contentWarning.isEmpty, !filters.isEmpty {
                let titles = filters.map(\.title).joined(separator: ", ")
                box.fields.contentWarning = "Filtered: " + titles
                let matched = filters.map { "\"\($0.title)\" (\($0.action.isEmpty ? "no filter_action" : $0.action))" }
                notes.append(
                    "filtered: the status matches the filter\(filters.count == 1 ? "" : "s") \(matched.joined(separator: ", ")); "
                        + "it is shown behind the content warning \"\(box.fields.contentWarning)\"")
            }

            // The account it replies to, named by the status's mention of it (none for a thread of one's own).
            _ = f.lenientIdentifier(MastodonKey.inReplyToID, "in_reply_to_id", &notes)
            if let repliedTo = f.lenientIdentifier(MastodonKey.inReplyToAccountID, "in_reply_to_account_id", &notes),
                repliedTo != accountID
            {
                box.fields.inReplyTo = mentions.first { $0.id == repliedTo }?.acct ?? ""
            }

            box.fields.pictures = Self.media(
                parser, f.lenientArray(MastodonKey.media, "media_attachments", &notes), &notes)
            if let card = f.lenientObject(MastodonKey.card, "card", &notes) {
                let mark = notes.count
                box.fields.card = Self.card(parser, card, &notes)
                notes.prefixing(from: mark, with: "card")
            }
            if let poll = f.lenientObject(MastodonKey.poll, "poll", &notes) {
                let mark = notes.count
                box.fields.poll = Self.poll(parser, poll, &notes)
                notes.prefixing(from: mark, with: "poll")
            }

            box.fields.repostsCount = f.lenientCount(MastodonKey.reblogs, "reblogs_count", &notes)
            box.fields.commentsCount = f.lenientCount(MastodonKey.replies, "replies_count", &notes)
            box.fields.attitudesCount = f.lenientCount(MastodonKey.favourites, "favourites_count", &notes)
            box.fields.createdAt = f.lenientString(MastodonKey.createdAt, "created_at", &notes) ?? ""
            checkDate(box.fields.createdAt, &notes)
            box.fields.editedAt = f.lenientString(MastodonKey.editedAt, "edited_at", &notes) ?? ""
            if !box.fields.editedAt.isEmpty, StatusDate(parsing: box.fields.editedAt) == nil {
                notes.append(
                    "edited_at: \"\(box.fields.editedAt.prefix(40))\" is not a date this decoder reads; no edit time is shown"
                )
            }
            if let application = f.lenientObject(MastodonKey.application, "application", &notes) {
                let mark = notes.count
                box.fields.source =
                    parser.withFields(of: application, nameKeys) { $0.lenientString(0, "name", &notes) } ?? ""
                notes.prefixing(from: mark, with: "application")
            }

            if depth == 0, box.fields.text.isEmpty, box.fields.pictures.isEmpty, box.fields.card == nil,
                box.fields.poll == nil,
                box.fields.retweet == nil, box.fields.quote == nil
            {
                notes.append(
                    "the status has nothing to show (no text, media, poll, card, reblog or quote): its cell is empty")
            }
            box.fields.warnings = notes
            return Status(id: id, storage: box)
        }
    }

    private static let nameKeys = KeyTable(["name"])

    /// A reblogged or quoted status at `path`; its warnings are the status's too. A broken one
    /// costs its field alone, unless its ID is what is broken: then the status is refused (as a
    /// Weibo repost is).
    private static func nested(
        _ parser: JSONParser, _ object: UInt32?, path: String,
        _ notes: inout [String]
    ) throws(StatusDecodingError) -> Status? {
        guard let object else { return nil }
        let status: Status
        do throws(StatusDecodingError) {
            status = try mastodonStatus(parser, object: object, depth: 1)
        } catch {
            throw error.inside(path)
        }
        notes += status.warnings.map { [String].joined(path, $0) }
        return status
    }

    private enum QuoteKey {
        static let table = KeyTable(["state", "quoted_status", "id"])
        static let state = 0, quotedStatus = 1, id = 2
    }

    /// The quoted status: Mastodon 4.4's `quote` ({state, quoted_status}, the status null while
    /// pending, refused or revoked), or the `quote` of forks that sent the quoted status itself.
    private static func quote(_ parser: JSONParser, _ f: Fields, _ notes: inout [String]) throws(StatusDecodingError)
        -> Status?
    {
        guard let object = f.lenientObject(MastodonKey.quote, "quote", &notes) else { return nil }
        var quoted: (object: UInt32?, path: String)?
        var quoteNotes: [String] = []
        parser.withFields(of: object, QuoteKey.table) { q in
            if q.slot(QuoteKey.state) != nil || q.slot(QuoteKey.quotedStatus) != nil {
                _ = q.lenientString(QuoteKey.state, "state", &quoteNotes)
                quoted = (q.lenientObject(QuoteKey.quotedStatus, "quoted_status", &quoteNotes), "quote.quoted_status")
            } else if q.slot(QuoteKey.id) != nil {
                quoted = (object, "quote")
            }
        }
        notes += quoteNotes.map { [String].joined("quote", $0) }
        guard let quoted else {
            notes.append("quote must be a quote (state, quoted_status) or a status; ignored")
            return nil
        }
        return try nested(parser, quoted.object, path: quoted.path, &notes)
    }

    // MARK: Account, mentions, emoji, filters

    private enum AccountKey {
        static let table = KeyTable(["id", "username", "acct", "display_name", "avatar", "avatar_static", "emojis"])
        static let id = 0, username = 1, acct = 2, displayName = 3, avatar = 4, avatarStatic = 5, emojis = 6
    }

    /// The author and its account's ID: the handle is `acct` (`user` on its own server,
    /// `user@server` elsewhere; `username` when absent), the name `display_name` (empty: the handle
    /// shows), the avatar `avatar` (else `avatar_static`), the emoji its name may hold.
    private static func account(_ parser: JSONParser, _ object: UInt32, _ notes: inout [String]) -> (StatusUser, String)
    {
        parser.withFields(of: object, AccountKey.table) { a in
            let id = a.lenientIdentifier(AccountKey.id, "id", &notes) ?? ""
            let acct = a.lenientString(AccountKey.acct, "acct", &notes) ?? ""
            let username = a.lenientString(AccountKey.username, "username", &notes) ?? ""
            let avatar = a.lenientString(AccountKey.avatar, "avatar", &notes) ?? ""
            let avatarStatic = a.lenientString(AccountKey.avatarStatic, "avatar_static", &notes) ?? ""
            var user = StatusUser(
                screenName: acct.isEmpty ? username : acct,
                name: a.lenientString(AccountKey.displayName, "display_name", &notes) ?? "",
                verification: .none, profileImageURL: avatar.isEmpty ? avatarStatic : avatar)
            user.emojis = emojis(parser, a.lenientArray(AccountKey.emojis, "emojis", &notes), &notes, path: "emojis")
            return (user, id)
        }
    }

    private enum MentionKey {
        static let table = KeyTable(["id", "acct", "url", "username"])
        static let id = 0, acct = 1, url = 2, username = 3
    }

    /// The accounts the status mentions: their IDs, handles and profile URLs.
    private static func mentions(
        _ parser: JSONParser, _ elements: Range<UInt32>?,
        _ notes: inout [String]
    ) -> [(id: String, acct: String, url: String)] {
        guard let elements else { return [] }
        var mentions: [(id: String, acct: String, url: String)] = []
        for (index, element) in elements.enumerated() {
            guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                notes.append("mentions[\(index)] must be an object, not \(parser.value(element).typeName); ignored")
                continue
            }
            let mark = notes.count
            parser.withFields(of: element, MentionKey.table) { m in
                let acct = m.lenientString(MentionKey.acct, "acct", &notes) ?? ""
                let username = m.lenientString(MentionKey.username, "username", &notes) ?? ""
                mentions.append(
                    (
                        m.lenientIdentifier(MentionKey.id, "id", &notes) ?? "", acct.isEmpty ? username : acct,
                        m.lenientString(MentionKey.url, "url", &notes) ?? ""
                    ))
            }
            notes.prefixing(from: mark, with: "mentions[\(index)]")
        }
        return mentions
    }

    private enum EmojiKey {
        static let table = KeyTable(["shortcode", "url", "static_url"])
        static let shortcode = 0, url = 1, staticURL = 2
    }

    /// Custom emoji ({shortcode, url, static_url}): the still image (`static_url`) when sent, else
    /// `url`. One with no shortcode or no image is left out (its `:shortcode:` stays text).
    static func emojis(_ parser: JSONParser, _ elements: Range<UInt32>?, _ notes: inout [String], path: String)
        -> [CustomEmoji]
    {
        guard let elements else { return [] }
        var emojis: [CustomEmoji] = []
        for (index, element) in elements.enumerated() {
            guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                notes.append("\(path)[\(index)] must be an object, not \(parser.value(element).typeName); ignored")
                continue
            }
            let mark = notes.count
            parser.withFields(of: element, EmojiKey.table) { e in
                let shortcode = e.lenientString(EmojiKey.shortcode, "shortcode", &notes) ?? ""
                let still = e.lenientString(EmojiKey.staticURL, "static_url", &notes) ?? ""
                let url = still.isEmpty ? e.lenientString(EmojiKey.url, "url", &notes) ?? "" : still
                if shortcode.isEmpty || url.isEmpty {
                    notes.append(
                        "has no \(shortcode.isEmpty ? "shortcode" : "url or static_url"); the emoji is not shown")
                } else {
                    emojis.append(CustomEmoji(shortcode: shortcode, url: url))
                }
            }
            notes.prefixing(from: mark, with: "\(path)[\(index)]")
        }
        return emojis
    }

    private static let filterResultKeys = KeyTable(["filter"])
    private static let filterKeys = KeyTable(["title", "filter_action"])

    /// The filters of the user's that the status matches (`filtered`: {filter: {title, filter_action}}).
    private static func filters(
        _ parser: JSONParser, _ elements: Range<UInt32>?,
        _ notes: inout [String]
    ) -> [(title: String, action: String)] {
        guard let elements else { return [] }
        var filters: [(title: String, action: String)] = []
        for (index, element) in elements.enumerated() {
            guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                notes.append("filtered[\(index)] must be an object, not \(parser.value(element).typeName); ignored")
                continue
            }
            let mark = notes.count
            parser.withFields(of: element, filterResultKeys) { r in
                guard let filter = r.lenientObject(0, "filter", &notes) else {
                    notes.append("has no filter; ignored")
                    return
                }
                let inner = notes.count
                parser.withFields(of: filter, filterKeys) { f in
                    let title = f.lenientString(0, "title", &notes) ?? ""
                    let action = f.lenientString(1, "filter_action", &notes) ?? ""
                    if title.isEmpty { notes.append("has no title; ignored") } else { filters.append((title, action)) }
                }
                notes.prefixing(from: inner, with: "filter")
            }
            notes.prefixing(from: mark, with: "filtered[\(index)]")
        }
        return filters
    }

    // MARK: Media

    private enum MediaKey {
        static let table = KeyTable(["type", "url", "preview_url", "meta", "description"])
        static let type = 0, url = 1, previewURL = 2, meta = 3, description = 4
    }

    /// `media_attachments`, all of them, in order (the cell shows at most four).
    private static func media(_ parser: JSONParser, _ elements: Range<UInt32>?, _ notes: inout [String])
        -> [StatusPicture]
    {
        guard let elements else { return [] }
        var pictures: [StatusPicture] = []
        pictures.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                notes.append(
                    "media_attachments[\(index)] must be an object, not \(parser.value(element).typeName); the attachment is not shown"
                )
                continue
            }
            let mark = notes.count
            pictures.append(attachment(parser, element, &notes))
            notes.prefixing(from: mark, with: "media_attachments[\(index)]")
        }
        return pictures
    }

    /// One attachment: its kind by `type`, the image shown `preview_url` (else `url`), its size
    /// from `meta.original` (else `meta.small`), its `description`.
    private static func attachment(_ parser: JSONParser, _ object: UInt32, _ notes: inout [String]) -> StatusPicture {
        parser.withFields(of: object, MediaKey.table) { m in
            var picture = StatusPicture(url: "")
            switch m.lenientString(MediaKey.type, "type", &notes) {
            case "image": picture.kind = .photo
            case "gifv": picture.kind = .gif
            case "video": picture.kind = .video
            case "audio": picture.kind = .audio
            case "unknown": notes.append("type: \"unknown\" (a file the server could not read); shown as a photo")
            case nil: notes.append("has no type; shown as a photo")
            case let type?:
                notes.append(
                    "type: \"\(type.prefix(40))\" is not image, gifv, video, audio or unknown; shown as a photo")
            }
            let preview = m.lenientString(MediaKey.previewURL, "preview_url", &notes) ?? ""
            picture.url = preview.isEmpty ? m.lenientString(MediaKey.url, "url", &notes) ?? "" : preview
            if picture.url.isEmpty { notes.append("has neither a preview_url nor a url; shown without an image") }
            picture.altText = m.lenientString(MediaKey.description, "description", &notes) ?? ""
            if let meta = m.lenientObject(MediaKey.meta, "meta", &notes) {
                let mark = notes.count
                picture.pixelSize = mediaSize(parser, meta, &notes)
                notes.prefixing(from: mark, with: "meta")
            }
            return picture
        }
    }

    private static let metaKeys = KeyTable(["original", "small"])
    private static let metaSizeKeys = KeyTable(["width", "height"])

    /// The size of `meta.original`, else of `meta.small` (an audio file's original has none: its
    /// small is the picture shown); nil when neither has one. A size that is sent but malformed is
    /// noted; one that is absent is not.
    private static func mediaSize(_ parser: JSONParser, _ meta: UInt32, _ notes: inout [String]) -> (
        width: Int, height: Int
    )? {
        parser.withFields(of: meta, metaKeys) { m in
            for (key, name) in [(0, "original" as StaticString), (1, "small")] {
                guard let variant = m.lenientObject(key, name, &notes) else { continue }
                let mark = notes.count
                let size: (width: Int, height: Int)? = parser.withFields(of: variant, metaSizeKeys) { s in
                    let hasWidth = s.value(0).map { $0.type != CSTATUSJSON_NULL } ?? false
                    let hasHeight = s.value(1).map { $0.type != CSTATUSJSON_NULL } ?? false
                    if hasWidth != hasHeight {
                        notes.append(
                            "has a \(hasWidth ? "width but no height" : "height but no width"); the size is not used")
                        return nil
                    }
                    return Self.size(s, width: 0, height: 1, &notes)
                }
                notes.prefixing(from: mark, with: "\(name)")
                if let size { return size }
            }
            return nil
        }
    }

    // MARK: Card, poll

    private enum CardKey {
        static let table = KeyTable([
            "url", "title", "description", "type", "image", "width", "height", "provider_name",
        ])
        static let url = 0, title = 1, description = 2, type = 3, image = 4, width = 5, height = 6, provider = 7
    }

    /// The preview card: its kind by `type`, its picture (`image`) with its size when both sides
    /// are above 0; nil for a card with neither a title nor a picture (noted).
    private static func card(_ parser: JSONParser, _ object: UInt32, _ notes: inout [String]) -> StatusCard? {
        parser.withFields(of: object, CardKey.table) { c in
            var card = StatusCard()
            card.title = c.lenientString(CardKey.title, "title", &notes) ?? ""
            card.imageURL = c.lenientString(CardKey.image, "image", &notes) ?? ""
            switch c.lenientString(CardKey.type, "type", &notes) {
            case "link": card.kind = .link
            case "photo": card.kind = .photo
            case "video": card.kind = .video
            case "rich": card.kind = .rich
            case nil: notes.append("has no type; shown as a link card")
            case let type?:
                notes.append("type: \"\(type.prefix(40))\" is not link, photo, video or rich; shown as a link card")
            }
            card.description = c.lenientString(CardKey.description, "description", &notes) ?? ""
            card.tips = c.lenientString(CardKey.provider, "provider_name", &notes) ?? ""
            card.url = c.lenientString(CardKey.url, "url", &notes) ?? ""
            let width = c.lenientInteger(CardKey.width, "width", &notes, ignored: "the picture's size is not used")
            let height = c.lenientInteger(CardKey.height, "height", &notes, ignored: "the picture's size is not used")
            // Mastodon sends 0 × 0 for a picture of unknown size (and for no picture).
            if card.hasImage, let width, let height, width > 0, height > 0 {
                card.imageSize = credible(width, height)
                if card.imageSize == nil {
                    notes.append(
                        "the size \(width) × \(height) is not credible (each side from 1 to \(StatusPicture.largestCredibleSide)); not used"
                    )
                }
            }
            guard !card.title.isEmpty || card.hasImage else {
                notes.append("has neither a title nor an image; the card is not shown")
                return nil
            }
            return card
        }
    }

    private enum PollKey {
        static let table = KeyTable(["options", "votes_count", "expired", "multiple", "expires_at"])
        static let options = 0, votes = 1, expired = 2, multiple = 3, expiresAt = 4
    }

    private static let optionKeys = KeyTable(["title"])

    /// The poll: its options' titles (`:shortcode:` kept as text), the votes, whether it ended or
    /// takes several choices, when it ends; nil for a poll without options (noted).
    private static func poll(_ parser: JSONParser, _ object: UInt32, _ notes: inout [String]) -> StatusPoll? {
        parser.withFields(of: object, PollKey.table) { p in
            var options: [String] = []
            for (index, element) in (p.lenientArray(PollKey.options, "options", &notes) ?? 0..<0).enumerated() {
                guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                    notes.append(
                        "options[\(index)] must be an object, not \(parser.value(element).typeName); the option is not shown"
                    )
                    continue
                }
                let mark = notes.count
                let title = parser.withFields(of: element, optionKeys) { $0.lenientString(0, "title", &notes) }
                if title == nil { notes.append("has no title; the option is shown empty") }
                options.append(title ?? "")
                notes.prefixing(from: mark, with: "options[\(index)]")
            }
            guard !options.isEmpty else {
                notes.append("has no options; the poll is not shown")
                return nil
            }
            return StatusPoll(
                options: options, votesCount: p.lenientInteger(PollKey.votes, "votes_count", &notes),
                isExpired: p.lenientFlag(PollKey.expired, "expired", &notes) ?? false,
                allowsMultipleChoices: p.lenientFlag(PollKey.multiple, "multiple", &notes) ?? false,
                expiresAt: p.lenientString(PollKey.expiresAt, "expires_at", &notes) ?? "")
        }
    }
}
