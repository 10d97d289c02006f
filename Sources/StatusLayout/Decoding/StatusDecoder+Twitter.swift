import CStatusJSON

/// Reading a Twitter status, in any of the shapes Twitter's APIs send:
/// - API v1.1 (`id`/`id_str`; the text from `extended_tweet.full_text`, else `full_text`, else
///   `text`, with `display_text_range` and `entities` by code-point `indices`; `user`;
///   `extended_entities.media`; `retweeted_status`, `quoted_status`);
/// - API v2 (`id` as a string, `text` or `note_tweet.text`, `entities` by `start`/`end`,
///   `public_metrics`, and the response's `includes` for `author_id`, `attachments.media_keys`
///   and `referenced_tweets`: see ``twitterIncludes(_:)``);
/// - the tweets of YYKit's Twitter demo pages: v1.1 tweets whose `user` is a stub of its ID,
///   joined with the page's users (``twitterUsers(_:)``).
///
/// What a malformed field costs is decided field by field, as for Weibo (see ``StatusDecoder``):
/// only the ID is needed; an entity, a picture's size, a count, `created_at` or a user that cannot
/// be read costs itself alone, with a note in ``Status/warnings`` naming the field. A reference
/// that is missing (an author, a medium or a tweet the response's `includes` do not hold, a
/// stub user the page's users do not) is a note naming it. Every other field (`card`, `place`,
/// `lang`, …) is ignored.
extension StatusDecoder {
    enum TweetKey {
        static let table = KeyTable([
            "id", "id_str", "text", "full_text", "display_text_range", "extended_tweet", "entities",
            "extended_entities", "created_at", "source", "user", "retweet_count", "reply_count",
            "favorite_count", "retweeted_status", "quoted_status", "in_reply_to_screen_name",
            "in_reply_to_user_id", "in_reply_to_user_id_str", "truncated", "note_tweet",
            "public_metrics", "author_id", "attachments", "referenced_tweets",
        ])
        static let id = 0, idStr = 1, text = 2, fullText = 3, displayRange = 4, extendedTweet = 5, entities = 6
        static let extendedEntities = 7, createdAt = 8, source = 9, user = 10, retweetCount = 11, replyCount = 12
        static let favoriteCount = 13, retweeted = 14, quoted = 15, replyScreenName = 16, replyUserID = 17
        static let replyUserIDStr = 18, truncated = 19, noteTweet = 20, metrics = 21, authorID = 22, attachments = 23
        static let referenced = 24
    }

    /// What is read of the tweets a tweet holds: one level of retweet and of quote, as YYKit's
    /// cell shows them.
    enum TweetLevel {
        /// The status of an element: its retweet (with the retweet's quote) and its quote.
        case top
        /// A v1.1 `retweeted_status`: its quote (a retweet of a quote tweet shows the quote),
        /// never a retweet of its own.
        case retweet
        /// A v1.1 `quoted_status`: no tweet inside it (a quote's own quote is not read).
        case quote
        /// A tweet of v2's `includes`, second pass: the included tweets it references.
        case included
        /// A tweet of v2's `includes`, first pass: no tweet it references.
        case includedAlone

        var readsRetweet: Bool { self == .top || self == .included }
        var readsQuote: Bool { self == .top || self == .retweet || self == .included }
        var readsReferencedTweets: Bool { self == .top || self == .included }
    }

    /// At most this many media are kept (Twitter's own limit); a note says when there are more.
    static let twitterMediaLimit = 4

    /// Decodes a Twitter status object (`depth` 0: the status of an element; deeper: a tweet
    /// read without the tweets inside it).
    static func twitterStatus(
        _ parser: JSONParser, object: UInt32, depth: Int,
        references: StatusReferences?
    ) throws(StatusDecodingError) -> Status {
        var use = ReferenceUse(references)
        return try tweet(parser, object: object, level: depth == 0 ? .top : .quote, use: &use)
    }

    /// Decodes a tweet at `level`, looking its references up through `use` (shared with the
    /// tweets inside it).
    static func tweet(
        _ parser: JSONParser, object: UInt32, level: TweetLevel,
        use: inout ReferenceUse
    ) throws(StatusDecodingError) -> Status {
        try parser.withFields(of: object, TweetKey.table) { f throws(StatusDecodingError) in
            if level == .top, !f.any() { throw unknownFormat(parser, object: object) }
            var notes: [String] = []
            let id = try twitterID(f, &notes)
            let box = Status.Storage(network: .twitter)

            // The author: v1.1's user (a stub of YYKit's pages from the page's users), else v2's author_id.
            var authorID: String?
            if let user = f.lenientObject(TweetKey.user, "user", &notes) {
                (box.fields.user, authorID) = twitterUser(parser, user, path: "user", stubs: true, use: &use, &notes)
            } else if let author = f.lenientIdentifier(TweetKey.authorID, "author_id", &notes) {
                authorID = author
                box.fields.user = use.user(author, &notes)
                if box.fields.user == nil {
                    notes.append(
                        "author_id \(author) is not in the response's includes.users; the status has no author")
                }
            }

            // The text, and the media of its entities (v1.1) or of attachments (v2).
            let mediaKeys = attachedMediaKeys(parser, f, &notes)
            let text = tweetText(parser, f, id: id, trailingMediaLink: !(mediaKeys?.isEmpty ?? true), &notes)
            box.fields.text = text.text
            box.fields.isLongText = (f.lenientFlag(TweetKey.truncated, "truncated", &notes) ?? false) && !text.isFull
            if let media = text.media {
                box.fields.pictures = twitterPictures(parser, media.elements, path: media.path, &notes)
            } else if let mediaKeys {
                box.fields.pictures = attachedPictures(parser, mediaKeys, use: &use, &notes)
            }

            box.fields.createdAt = f.lenientString(TweetKey.createdAt, "created_at", &notes) ?? ""
            checkDate(box.fields.createdAt, &notes)
            box.fields.source = f.lenientString(TweetKey.source, "source", &notes) ?? ""
            counts(parser, f, box, &notes)

            // v1.1's nested tweets.
            if level.readsRetweet, let object = f.lenientObject(TweetKey.retweeted, "retweeted_status", &notes) {
                let retweet = try nested(parser, object, level: .retweet, path: "retweeted_status", use: &use, &notes)
                box.fields.retweet = StatusBox(retweet)
            }
            if level.readsQuote, let object = f.lenientObject(TweetKey.quoted, "quoted_status", &notes) {
                let quote = try nested(parser, object, level: .quote, path: "quoted_status", use: &use, &notes)
                box.fields.quote = StatusBox(quote)
            }
            // v2's referenced tweets, from the response's includes.
            var repliedTo: (path: String, id: String)?
            if level.readsReferencedTweets,
                let references = f.lenientArray(TweetKey.referenced, "referenced_tweets", &notes)
            {
                repliedTo = referencedTweets(parser, references, level: level, box: box, use: &use, &notes)
            }
            box.fields.inReplyTo = inReplyTo(
                f, repliedTo: repliedTo, authorID: authorID, author: box.fields.user, use: &use, &notes)

            if level == .top {
                if box.fields.text.isEmpty, box.fields.pictures.isEmpty, box.fields.quote == nil,
                    box.fields.retweet == nil
                {
                    notes.append("the status has nothing to show (no text, media, quote or retweet): its cell is empty")
                }
                // A reference missed may be explained by an entry of the references that could not be read.
                if use.missed, let general = use.references?.unattributedWarnings { notes += general }
            }
            box.fields.warnings = notes
            return Status(id: id, storage: box)
        }
    }

    /// The tweet's ID: `id_str` and `id` by ``statusID(_:id:idstr:idstrName:)``'s rule, except
    /// that an `id` that is `id_str` rounded to a double (what a JSON writer that keeps numbers
    /// as doubles, JavaScript's, makes of Twitter's 64-bit IDs: 1154828755774390300 for
    /// "1154828755774390277") gives way to `id_str`, with a note.
    private static func twitterID(_ f: Fields, _ notes: inout [String]) throws(StatusDecodingError) -> StatusID {
        do {
            return try statusID(f, id: TweetKey.id, idstr: TweetKey.idStr, idstrName: "id_str")
        } catch {
            guard let idstr = f.value(TweetKey.idStr), idstr.type == CSTATUSJSON_STRING,
                let exact = StatusID(Fields.text(idstr)), let id = f.value(TweetKey.id)
            else { throw error }
            let rounded: Double
            switch id.type {
            case CSTATUSJSON_INT64 where id.integer != exact.value: rounded = Double(id.integer)
            case CSTATUSJSON_DOUBLE: rounded = id.number
            default: throw error
            }
            guard rounded == Double(exact.value) else { throw error }
            notes.append(
                "id (\(Fields.shown(id))) is id_str (\(exact)) rounded to a double, as JavaScript writes it; id_str is used"
            )
            return exact
        }
    }

    /// A v1.1 tweet inside this one; its warnings are this one's too. A broken one costs its field
    /// alone, unless its ID is what is broken: then the status is refused (as for Weibo).
    private static func nested(
        _ parser: JSONParser, _ object: UInt32, level: TweetLevel, path: String,
        use: inout ReferenceUse, _ notes: inout [String]
    ) throws(StatusDecodingError) -> Status {
        let status: Status
        do throws(StatusDecodingError) {
            status = try tweet(parser, object: object, level: level, use: &use)
        } catch {
            throw error.inside(path)
        }
        notes += status.warnings.map { twitterJoined(path, $0) }
        return status
    }

    /// A nested tweet's note seen from the tweet holding it at `path`; a note about an entry of
    /// the references (its path begins at `includes` or `twitter_objects`) keeps its own path.
    static func twitterJoined(_ path: String, _ message: String) -> String {
        if message.hasPrefix("includes.") || message.hasPrefix("twitter_objects.") { return path + ": " + message }
        return [String].joined(path, message)
    }

    // MARK: Counts

    private static let metricsKeys = KeyTable(["retweet_count", "reply_count", "like_count"])

    /// v2's `public_metrics` when sent, else v1.1's `retweet_count`, `reply_count` and
    /// `favorite_count` (each 0 when absent).
    private static func counts(_ parser: JSONParser, _ f: Fields, _ box: Status.Storage, _ notes: inout [String]) {
        if let metrics = f.lenientObject(TweetKey.metrics, "public_metrics", &notes) {
            let mark = notes.count
            parser.withFields(of: metrics, metricsKeys) { m in
                box.fields.repostsCount = m.lenientCount(0, "retweet_count", &notes)
                box.fields.commentsCount = m.lenientCount(1, "reply_count", &notes)
                box.fields.attitudesCount = m.lenientCount(2, "like_count", &notes)
            }
            notes.prefixing(from: mark, with: "public_metrics")
        } else {
            box.fields.repostsCount = f.lenientCount(TweetKey.retweetCount, "retweet_count", &notes)
            box.fields.commentsCount = f.lenientCount(TweetKey.replyCount, "reply_count", &notes)
            box.fields.attitudesCount = f.lenientCount(TweetKey.favoriteCount, "favorite_count", &notes)
        }
    }

    // MARK: References

    /// The lookups of one status (and the tweets inside it) in its response's references: the
    /// warnings of each entry it uses are added once, and whether one it names is missing is kept.
    struct ReferenceUse {
        let references: StatusReferences?
        private var used: Set<String> = []
        /// Whether a user, medium or tweet that was looked up is not there.
        private(set) var missed = false

        init(_ references: StatusReferences?) { self.references = references }

        /// The user of `id`, nil (and ``missed``) when the references have none.
        mutating func user(_ id: String, _ notes: inout [String]) -> StatusUser? {
            guard let user = references?.users[id] else {
                missed = true
                return nil
            }
            take(StatusReferences.userEntry(id), &notes)
            return user
        }

        /// The medium of `key`, nil (and ``missed``) when the references have none.
        mutating func medium(_ key: String, _ notes: inout [String]) -> StatusPicture? {
            guard let picture = references?.media[key] else {
                missed = true
                return nil
            }
            take(StatusReferences.mediaEntry(key), &notes)
            return picture
        }

        /// The tweet of `id`, nil (and ``missed``) when the references have none.
        mutating func tweet(_ id: String) -> Status? {
            guard let tweet = references?.tweets[id] else {
                missed = true
                return nil
            }
            return tweet
        }

        private mutating func take(_ entry: String, _ notes: inout [String]) {
            guard let warnings = references?.entryWarnings[entry], !warnings.isEmpty, used.insert(entry).inserted else {
                return
            }
            notes += warnings
        }
    }

    private static let referenceKeys = KeyTable(["type", "id"])

    /// v2's `referenced_tweets`: the retweeted and the quoted tweet from the references (each a
    /// note when missing: a retweet then keeps its own text), and the tweet replied to.
    private static func referencedTweets(
        _ parser: JSONParser, _ elements: Range<UInt32>, level: TweetLevel, box: Status.Storage,
        use: inout ReferenceUse, _ notes: inout [String]
    ) -> (path: String, id: String)? {
        var repliedTo: (path: String, id: String)?
        for (index, element) in elements.enumerated() {
            let path = "referenced_tweets[\(index)]"
            guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                notes.append("\(path) must be an object, not \(parser.value(element).typeName); ignored")
                continue
            }
            let mark = notes.count
            let (type, id) = parser.withFields(of: element, referenceKeys) { r in
                (r.lenientString(0, "type", &notes), r.lenientIdentifier(1, "id", &notes))
            }
            notes.prefixing(from: mark, with: path)
            guard let type, let id, !id.isEmpty else {
                if notes.count == mark { notes.append("\(path) must have a type and an id; ignored") }
                continue
            }
            switch type {
            case "retweeted", "quoted":
                let isRetweet = type == "retweeted"
                // A v1.1 retweeted_status or quoted_status, or an earlier reference, comes first.
                guard
                    isRetweet
                        ? (level.readsRetweet && box.fields.retweet == nil)
                        : (level.readsQuote && box.fields.quote == nil)
                else {
                    continue
                }
                guard let tweet = use.tweet(id) else {
                    notes.append(
                        "\(path): \(type) tweet \(id) is not in the response's includes.tweets; "
                            + (isRetweet ? "the status keeps its own text" : "no quote is shown"))
                    continue
                }
                notes += tweet.warnings.map { twitterJoined(path, $0) }
                if isRetweet { box.fields.retweet = StatusBox(tweet) } else { box.fields.quote = StatusBox(tweet) }
            case "replied_to":
                if repliedTo == nil { repliedTo = (path, id) }
            default:
                notes.append(
                    "\(path).type must be retweeted, quoted or replied_to, not \"\(type.prefix(40))\"; ignored")
            }
        }
        return repliedTo
    }

    /// The handle of the account replied to: `in_reply_to_screen_name` (v1.1), else the author of
    /// the v2 tweet replied to, else the user of `in_reply_to_user_id` in the references; empty
    /// when it replies to no one or to its own author (a thread).
    private static func inReplyTo(
        _ f: Fields, repliedTo: (path: String, id: String)?, authorID: String?, author: StatusUser?,
        use: inout ReferenceUse, _ notes: inout [String]
    ) -> String {
        var name = f.lenientString(TweetKey.replyScreenName, "in_reply_to_screen_name", &notes) ?? ""
        let userID =
            f.lenientIdentifier(TweetKey.replyUserIDStr, "in_reply_to_user_id_str", &notes)
            ?? f.lenientIdentifier(TweetKey.replyUserID, "in_reply_to_user_id", &notes)
        if let userID, let authorID, userID == authorID { return "" }
        if name.isEmpty, repliedTo != nil || (userID != nil && use.references != nil) {
            if let repliedTo, let replied = use.tweet(repliedTo.id)?.user?.screenName, !replied.isEmpty {
                name = replied
            } else if let userID, let user = use.user(userID, &notes), !user.screenName.isEmpty {
                name = user.screenName
            } else {
                var message: String
                if let repliedTo {
                    message =
                        "\(repliedTo.path): replied_to tweet \(repliedTo.id) "
                        + (use.tweet(repliedTo.id) == nil
                            ? "is not in the response's includes.tweets" : "has no author")
                    if let userID { message += ", nor is in_reply_to_user_id \(userID) in its includes.users" }
                } else {
                    message = "in_reply_to_user_id \(userID ?? "") is not in the response's includes.users"
                }
                notes.append(message + "; no \"in reply to\" is shown")
            }
        }
        if let author, !name.isEmpty, name.lowercased() == author.screenName.lowercased() { return "" }
        return name
    }

    // MARK: User

    private enum TwitterUserKey {
        static let table = KeyTable([
            "screen_name", "username", "name", "verified", "profile_image_url_https", "profile_image_url",
            "id_str", "id",
        ])
        static let screenName = 0, username = 1, name = 2, verified = 3, avatarHTTPS = 4, avatar = 5, idStr = 6, id = 7
    }

    /// A user object at `path` (v1.1's, or v2's with `username`) and its ID. When `stubs`, an
    /// object with no name of its own (YYKit's `{"id": N, "id_str": "N"}`) is the references'
    /// user of that ID, and a note when they have none.
    static func twitterUser(
        _ parser: JSONParser, _ object: UInt32, path: String, stubs: Bool, use: inout ReferenceUse,
        _ notes: inout [String]
    ) -> (user: StatusUser?, id: String?) {
        let mark = notes.count
        return parser.withFields(of: object, TwitterUserKey.table) { u in
            let id =
                u.lenientIdentifier(TwitterUserKey.idStr, "id_str", &notes)
                ?? u.lenientIdentifier(TwitterUserKey.id, "id", &notes)
            let screenName =
                u.lenientString(TwitterUserKey.screenName, "screen_name", &notes)
                ?? u.lenientString(TwitterUserKey.username, "username", &notes)
            let name = u.lenientString(TwitterUserKey.name, "name", &notes)
            if screenName == nil, name == nil, stubs {
                notes.prefixing(from: mark, with: path)
                guard let id, !id.isEmpty else {
                    notes.append("\(path) has no screen_name, name or id; the status has no author")
                    return (nil, nil)
                }
                guard let user = use.user(id, &notes) else {
                    notes.append("\(path) \(id) is not in the page's users; the status has no author")
                    return (nil, id)
                }
                return (user, id)
            }
            let verified = u.lenientFlag(TwitterUserKey.verified, "verified", &notes) ?? false
            let avatar =
                u.lenientString(TwitterUserKey.avatarHTTPS, "profile_image_url_https", &notes)
                ?? u.lenientString(TwitterUserKey.avatar, "profile_image_url", &notes) ?? ""
            if screenName == nil, name == nil {
                notes.append("has no screen_name, username or name; the author is shown without a name")
            }
            notes.prefixing(from: mark, with: path)
            return (
                StatusUser(
                    screenName: screenName ?? "", name: name ?? "", verification: verified ? .personal : .none,
                    profileImageURL: avatar), id
            )
        }
    }

    // MARK: Text

    private enum TextPlaceKey {
        static let table = KeyTable(["full_text", "text", "display_text_range", "entities", "extended_entities"])
        static let fullText = 0, text = 1, displayRange = 2, entities = 3, extendedEntities = 4
    }

    /// Where a tweet's text is read: the string, the path of the object holding it ("",
    /// "extended_tweet." or "note_tweet."), and the display range and entities beside it.
    private struct TextPlace {
        var text: String
        var path: String
        var displayRange: UInt32?
        var entities: UInt32?
        var extendedEntities: UInt32?
        /// Whether it is a whole text (not v1.1's `text`, which `truncated` may say is cut).
        var isFull: Bool
    }

    /// The resolved text (`extended_tweet.full_text`, else v2's `note_tweet.text`, else
    /// `full_text`, else `text`, each with the entities beside it), whether it is a whole text,
    /// and the `media` list of its entities (`extended_entities.media`, else `entities.media`).
    private static func tweetText(
        _ parser: JSONParser, _ f: Fields, id: StatusID, trailingMediaLink: Bool,
        _ notes: inout [String]
    ) -> (text: StatusText, isFull: Bool, media: (elements: Range<UInt32>, path: String)?) {
        let entities = f.lenientObject(TweetKey.entities, "entities", &notes)
        let extended = f.lenientObject(TweetKey.extendedEntities, "extended_entities", &notes)
        var place: TextPlace?
        if let object = f.lenientObject(TweetKey.extendedTweet, "extended_tweet", &notes) {
            place = longText(
                parser, object, path: "extended_tweet", textKey: TextPlaceKey.fullText, textName: "full_text", &notes)
        }
        if place == nil, let object = f.lenientObject(TweetKey.noteTweet, "note_tweet", &notes) {
            place = longText(parser, object, path: "note_tweet", textKey: TextPlaceKey.text, textName: "text", &notes)
        }
        if place == nil, let full = f.lenientString(TweetKey.fullText, "full_text", &notes) {
            place = TextPlace(
                text: full, path: "", displayRange: f.slot(TweetKey.displayRange), entities: entities,
                extendedEntities: extended, isFull: true)
        }
        let chosen =
            place
            ?? TextPlace(
                text: f.lenientString(TweetKey.text, "text", &notes) ?? "", path: "",
                displayRange: f.slot(TweetKey.displayRange), entities: entities,
                extendedEntities: extended, isFull: false)

        var displayRange: (Int, Int)?
        if let slot = chosen.displayRange, parser.value(slot).type != CSTATUSJSON_NULL {
            displayRange = twitterPair(parser, slot)
            if displayRange == nil {
                notes.append(
                    "\(chosen.path)display_text_range must be two whole numbers [start, end], not \(describedPair(parser, slot)); the whole text is shown"
                )
            }
        }
        // The media: beside the text, else (a long text whose object has none) beside the tweet's text.
        var lists = [
            (chosen.extendedEntities, chosen.path + "extended_entities.media"),
            (chosen.entities, chosen.path + "entities.media"),
        ]
        if !chosen.path.isEmpty { lists += [(extended, "extended_entities.media"), (entities, "entities.media")] }
        var media: (elements: Range<UInt32>, path: String)?
        for (object, path) in lists where media == nil {
            guard let object else { continue }
            let list: Range<UInt32>? = parser.withFields(of: object, TwitterEntitiesKey.table) { e in
                guard let slot = e.slot(TwitterEntitiesKey.media), parser.value(slot).type == CSTATUSJSON_ARRAY else {
                    return nil
                }
                return parser.elements(of: slot, count: parser.value(slot).length)
            }
            if let list, !list.isEmpty { media = (list, path) }
        }

        let spans = twitterSpans(
            parser, entities: chosen.entities, path: chosen.path + "entities", extended: chosen.extendedEntities,
            extendedPath: chosen.path + "extended_entities", ownID: id, picturesPath: media?.path, &notes)
        let text = TwitterText.resolve(
            chosen.text, displayRange: displayRange, rangePath: chosen.path + "display_text_range",
            spans: spans, trailingMediaLink: trailingMediaLink, &notes)
        return (text, chosen.isFull, media)
    }

    /// `extended_tweet` or `note_tweet`: its text and what is beside it; nil (with a note) when it
    /// has no text.
    private static func longText(
        _ parser: JSONParser, _ object: UInt32, path: String, textKey: Int, textName: StaticString,
        _ notes: inout [String]
    ) -> TextPlace? {
        let mark = notes.count
        defer { notes.prefixing(from: mark, with: path) }
        return parser.withFields(of: object, TextPlaceKey.table) { t -> TextPlace? in
            guard let text = t.lenientString(textKey, textName, &notes) else {
                notes.append("has no \(textName); the tweet's own text is shown")
                return nil
            }
            return TextPlace(
                text: text, path: path + ".", displayRange: t.slot(TextPlaceKey.displayRange),
                entities: t.lenientObject(TextPlaceKey.entities, "entities", &notes),
                extendedEntities: t.lenientObject(TextPlaceKey.extendedEntities, "extended_entities", &notes),
                isFull: true)
        }
    }

    // MARK: Media

    private enum TwitterMediaKey {
        static let table = KeyTable(["type", "media_url_https", "media_url", "original_info", "sizes", "ext_alt_text"])
        static let type = 0, urlHTTPS = 1, url = 2, originalInfo = 3, sizes = 4, altText = 5
    }

    private static let widthHeightKeys = KeyTable(["width", "height"])
    private static let sizesKeys = KeyTable(["large"])
    private static let largeKeys = KeyTable(["w", "h"])

    /// A v1.1 `media` list at `path`: its pictures, at most ``twitterMediaLimit``.
    private static func twitterPictures(
        _ parser: JSONParser, _ elements: Range<UInt32>, path: String,
        _ notes: inout [String]
    ) -> [StatusPicture] {
        var pictures: [StatusPicture] = []
        pictures.reserveCapacity(min(elements.count, twitterMediaLimit))
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)[\(index)]"
            guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                notes.append(
                    "\(elementPath) must be an object, not \(parser.value(element).typeName); the picture is not shown")
                continue
            }
            let mark = notes.count
            pictures.append(
                parser.withFields(of: element, TwitterMediaKey.table) { m in
                    let url =
                        m.lenientString(TwitterMediaKey.urlHTTPS, "media_url_https", &notes)
                        ?? m.lenientString(TwitterMediaKey.url, "media_url", &notes) ?? ""
                    if url.isEmpty { notes.append("has no media_url_https or media_url; the picture has no image") }
                    var picture = StatusPicture(
                        url: url, altText: m.lenientString(TwitterMediaKey.altText, "ext_alt_text", &notes) ?? "")
                    if let type = m.lenientString(TwitterMediaKey.type, "type", &notes) {
                        picture.kind = mediaKind(type, &notes)
                    }
                    // original_info's size, else sizes.large's.
                    var size: SizeReading = .absent
                    var problems: [String] = []
                    if let info = m.lenientObject(TwitterMediaKey.originalInfo, "original_info", &notes) {
                        size = parser.withFields(of: info, widthHeightKeys) {
                            sizeReading($0, path: "original_info.", "width", "height")
                        }
                        if case .malformed(let problem) = size { problems.append(problem) }
                    }
                    if size.value == nil, let sizes = m.lenientObject(TwitterMediaKey.sizes, "sizes", &notes) {
                        let inner = notes.count
                        if let large = parser.withFields(of: sizes, sizesKeys, { $0.lenientObject(0, "large", &notes) })
                        {
                            size = parser.withFields(of: large, largeKeys) {
                                sizeReading($0, path: "sizes.large.", "w", "h")
                            }
                            if case .malformed(let problem) = size { problems.append(problem) }
                        }
                        notes.prefixing(from: inner, with: "sizes")
                    }
                    picture.pixelSize = size.value
                    if size.value != nil {
                        notes += problems.map { $0 + "; sizes.large is used" }
                    } else if problems.isEmpty {
                        notes.append("has no size (original_info, sizes.large); the picture has no size")
                    } else {
                        notes += problems.map { $0 + "; the picture has no size" }
                    }
                    return picture
                })
            notes.prefixing(from: mark, with: elementPath)
        }
        return limited(pictures, path: path, &notes)
    }

    /// A picture's size from two fields, or what is wrong with them.
    enum SizeReading {
        case size((width: Int, height: Int))
        case absent
        case malformed(String)

        var value: (width: Int, height: Int)? {
            if case .size(let size) = self { return size }
            return nil
        }
    }

    /// Fields 0 and 1 of `f` as a size (whole numbers, or decimal strings, credible ones), named
    /// `path` + `width` and `path` + `height` in what is wrong.
    static func sizeReading(_ f: Fields, path: String, _ width: String, _ height: String) -> SizeReading {
        let w = f.value(0).flatMap { $0.type == CSTATUSJSON_NULL ? nil : $0 }
        let h = f.value(1).flatMap { $0.type == CSTATUSJSON_NULL ? nil : $0 }
        if w == nil, h == nil { return .absent }
        guard let w, let h else {
            return .malformed("\(path)\(w == nil ? width : height) must be a whole number, not absent")
        }
        guard let wide = Fields.integer(w) else {
            return .malformed("\(path)\(width) must be a whole number, not \(Fields.shown(w))")
        }
        guard let high = Fields.integer(h) else {
            return .malformed("\(path)\(height) must be a whole number, not \(Fields.shown(h))")
        }
        guard let size = credible(wide, high) else {
            let place = path.isEmpty ? "the size" : "\(path.dropLast()): the size"
            return .malformed(
                "\(place) \(wide) × \(high) is not credible (each side from 1 to \(StatusPicture.largestCredibleSide))")
        }
        return .size(size)
    }

    /// A medium's `type`: photo, animated_gif (a GIF) or video; anything else is noted and shown as a photo.
    static func mediaKind(_ type: String, _ notes: inout [String]) -> StatusPicture.Kind {
        switch type {
        case "photo": return .photo
        case "animated_gif": return .gif
        case "video": return .video
        default:
            notes.append("type must be photo, animated_gif or video, not \"\(type.prefix(40))\"; shown as a photo")
            return .photo
        }
    }

    /// The first ``twitterMediaLimit`` pictures, with a note when there were more.
    private static func limited(_ pictures: [StatusPicture], path: String, _ notes: inout [String]) -> [StatusPicture] {
        guard pictures.count > twitterMediaLimit else { return pictures }
        notes.append(
            "\(path) has \(pictures.count) media; a tweet shows at most \(twitterMediaLimit), the first \(twitterMediaLimit) are kept"
        )
        return Array(pictures.prefix(twitterMediaLimit))
    }

    private static let attachmentsKeys = KeyTable(["media_keys"])

    /// v2's `attachments.media_keys`, nil when absent.
    private static func attachedMediaKeys(_ parser: JSONParser, _ f: Fields, _ notes: inout [String]) -> Range<UInt32>?
    {
        guard let attachments = f.lenientObject(TweetKey.attachments, "attachments", &notes) else { return nil }
        let mark = notes.count
        defer { notes.prefixing(from: mark, with: "attachments") }
        return parser.withFields(of: attachments, attachmentsKeys) { $0.lenientArray(0, "media_keys", &notes) }
    }

    /// The media of v2's `attachments.media_keys`, from the references (a note for each missing).
    private static func attachedPictures(
        _ parser: JSONParser, _ keys: Range<UInt32>, use: inout ReferenceUse,
        _ notes: inout [String]
    ) -> [StatusPicture] {
        var pictures: [StatusPicture] = []
        for (index, element) in keys.enumerated() {
            let value = parser.value(element)
            guard value.type == CSTATUSJSON_STRING else {
                notes.append(
                    "attachments.media_keys[\(index)] must be a string, not \(value.typeName); the picture is not shown"
                )
                continue
            }
            let key = Fields.text(value)
            guard let picture = use.medium(key, &notes) else {
                notes.append(
                    "attachments.media_keys[\(index)] \(key.prefix(40)) is not in the response's includes.media; the picture is not shown"
                )
                continue
            }
            pictures.append(picture)
        }
        return limited(pictures, path: "attachments.media_keys", &notes)
    }
}
