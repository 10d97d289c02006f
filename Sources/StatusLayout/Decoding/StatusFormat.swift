import CStatusJSON

/// Which network's statuses a ``StatusDecoder`` reads (`--format` of the CLI).
public enum StatusFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Each status's network, told by the fields it carries.
    case automatic = "auto"
    /// Weibo's: the open API, m.weibo.cn and weibo.com's ajax API.
    case weibo
    /// Twitter's: API v1.1 (`text`, `full_text`, `extended_tweet`), API v2 (`data` with
    /// `includes`), and the pages of YYKit's Twitter demo (`twitter_objects`).
    case twitter
    /// Mastodon's `Status` entity (`content` HTML, `account`, `reblog`, …).
    case mastodon

    public var description: String { rawValue }

    /// The network of a format, nil for ``automatic``.
    public var network: StatusNetwork? {
        switch self {
        case .automatic: nil
        case .weibo: .weibo
        case .twitter: .twitter
        case .mastodon: .mastodon
        }
    }
}

extension StatusDecoder {
    /// The status of the last parse (value 0), read as the decoder's format says (automatic:
    /// as the network its fields say, the element's place deciding when they do not).
    func status(_ parser: JSONParser, source: StatusElement.Source, references: StatusReferences?) throws(StatusDecodingError) -> Status {
        let root = parser.value(0)
        guard root.type == CSTATUSJSON_OBJECT else {
            throw StatusDecodingError("a status must be a JSON object, not \(root.typeName)")
        }
        switch format {
        case .weibo:
            return try Self.weiboStatus(parser, object: 0, depth: 0, web: source == .webAPI)
        case .twitter:
            return try Self.twitterStatus(parser, object: 0, depth: 0, references: references)
        case .mastodon:
            return try Self.mastodonStatus(parser, object: 0, depth: 0)
        case .automatic:
            switch Self.network(parser, object: 0, source: source, references: references) {
            case .weibo: return try Self.weiboStatus(parser, object: 0, depth: 0, web: source == .webAPI)
            case .twitter: return try Self.twitterStatus(parser, object: 0, depth: 0, references: references)
            case .mastodon: return try Self.mastodonStatus(parser, object: 0, depth: 0)
            }
        }
    }

    /// The keys only one network's statuses carry, by network.
    enum NetworkKey {
        static let table = KeyTable([
            // Weibo (0 ..< 14)
            "idstr", "mid", "reposts_count", "comments_count", "attitudes_count", "pic_urls", "pic_ids", "pic_infos", "bid",
            "text_raw", "page_info", "url_struct", "mblogid", "isLongText",
            // Twitter (14 ..< 30)
            "id_str", "full_text", "extended_tweet", "entities", "extended_entities", "favorite_count", "retweet_count",
            "display_text_range", "edit_history_tweet_ids", "author_id", "public_metrics", "referenced_tweets", "quoted_status",
            "is_quote_status", "in_reply_to_screen_name", "note_tweet",
            // Mastodon (30 ..< 44)
            "account", "content", "spoiler_text", "media_attachments", "visibility", "reblog", "favourites_count",
            "reblogs_count", "replies_count", "uri", "emojis", "sensitive", "mentions", "in_reply_to_account_id",
        ])
        static let weibo = 0..<14, twitter = 14..<30, mastodon = 30..<44
    }

    /// The network whose statuses carry most of the object's keys that only one network sends;
    /// with none (or a tie), Twitter for an element of a top-level `data` array (API v2's, whose
    /// statuses may be only an ID and a text) or of a response with `includes`, else Weibo.
    static func network(_ parser: JSONParser, object: UInt32, source: StatusElement.Source,
                        references: StatusReferences?) -> StatusNetwork {
        parser.withFields(of: object, NetworkKey.table) { f in
            func count(_ range: Range<Int>) -> Int { range.reduce(0) { $0 + (f.slot($1) != nil ? 1 : 0) } }
            let weibo = count(NetworkKey.weibo), twitter = count(NetworkKey.twitter), mastodon = count(NetworkKey.mastodon)
            if mastodon > weibo, mastodon > twitter { return .mastodon }
            if twitter > weibo, twitter > mastodon { return .twitter }
            if weibo > twitter, weibo > mastodon { return .weibo }
            return source == .dataArray || references != nil ? .twitter : .weibo
        }
    }

    /// The error for an object that carries no field of any known format: it names them.
    static func unknownFormat(_ parser: JSONParser, object: UInt32) -> StatusDecodingError {
        let keys = parser.keys(of: object)
        let shown = keys.prefix(12).joined(separator: ", ") + (keys.count > 12 ? ", … (\(keys.count) fields)" : "")
        return StatusDecodingError(keys.isEmpty ? "not a status: an empty object"
            : "not a status of a known format (Weibo, Twitter, Mastodon): it has only the fields \(shown)")
    }

    /// A status's ID: `idstr` (or the network's string field) when present, else `id` (a whole
    /// number, or a string of decimal digits); both must agree. A network with no string field
    /// (Mastodon, whose `id` is a string of digits, a number from servers before 2.0) passes nil.
    static func statusID(_ f: Fields, id idKey: Int, idstr idstrKey: Int?, idstrName: StaticString) throws(StatusDecodingError) -> StatusID {
        var fromIdstr: StatusID?
        if let idstrKey, let idstr = f.value(idstrKey), idstr.type != CSTATUSJSON_NULL {
            guard idstr.type == CSTATUSJSON_STRING else { throw .mismatch(idstrName, "a string", idstr) }
            // Digits read where they are: no string made for an ID.
            guard let parsed = Self.decimalID(idstr) else {
                throw StatusDecodingError("\(idstrName) must be a decimal 64-bit integer, not \"\(Fields.text(idstr).prefix(40))\"")
            }
            fromIdstr = parsed
        }
        var fromId: StatusID?
        if let id = f.value(idKey) {
            switch id.type {
            case CSTATUSJSON_NULL: break
            case CSTATUSJSON_INT64: fromId = StatusID(id.integer)
            case CSTATUSJSON_UINT64: throw StatusDecodingError("id must be a 64-bit integer, not \(id.unsigned_integer) (too large)")
            case CSTATUSJSON_DOUBLE:
                // A fraction or an exponent (1e3, 4900000000000001.5) is not an ID, even when it
                // rounds to one: doubles above 2^53 have no fractions to keep.
                throw StatusDecodingError("id must be a whole number written in digits, not a fraction or an exponent")
            case CSTATUSJSON_STRING:
                guard let parsed = Self.decimalID(id) else {
                    throw StatusDecodingError("id must be a 64-bit integer, not \"\(Fields.text(id).prefix(40))\"")
                }
                fromId = parsed
            default: throw StatusDecodingError("id must be a number, not \(id.typeName)")
            }
        }
        if let fromId, let fromIdstr, fromId != fromIdstr {
            throw StatusDecodingError("id (\(fromId)) and \(idstrName) (\(fromIdstr)) disagree")
        }
        guard let id = fromIdstr ?? fromId else {
            throw StatusDecodingError(idstrKey == nil ? "id: the status has no usable id"
                                                      : "id: the status has no usable id (neither id nor \(idstrName))")
        }
        return id
    }

    /// A string value of decimal digits (a `-` in front allowed) as an ID, by ``StatusID/init(_:)``'s rule.
    private static func decimalID(_ value: cstatusjson_value) -> StatusID? {
        guard let digits = value.string else { return nil }
        return StatusID.parse(UnsafeBufferPointer(start: digits, count: value.length)).map(StatusID.init)
    }
}
