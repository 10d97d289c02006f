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
    func status(_ parser: JSONParser, source: StatusElement.Source, references: StatusReferences?)
        throws(StatusDecodingError) -> Status
    {
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
            return try Self.weiboStatus(
                parser, object: 0, depth: 0, web: source == .webAPI, detect: (source, references))
        }
    }

    /// The error for an object that carries no field of any known format: it names them.
    static func unknownFormat(_ parser: JSONParser, object: UInt32) -> StatusDecodingError {
        let keys = parser.keys(of: object)
        let shown = keys.prefix(12).joined(separator: ", ") + (keys.count > 12 ? ", … (\(keys.count) fields)" : "")
        return StatusDecodingError(
            keys.isEmpty
                ? "not a status: an empty object"
                : "not a status of a known format (Weibo, Twitter, Mastodon): it has only the fields \(shown)")
    }

    /// A status's ID: `idstr` (or the network's string field) when present, else `id` (a whole
    /// number, or a string of decimal digits); both must agree. A network with no string field
    /// (Mastodon, whose `id` is a string of digits, a number from servers before 2.0) passes nil.
    static func statusID(_ f: Fields, id idKey: Int, idstr idstrKey: Int?, idstrName: StaticString)
        throws(StatusDecodingError) -> StatusID
    {
        var fromIdstr: StatusID?
        if let idstrKey, let idstr = f.value(idstrKey), idstr.type != CSTATUSJSON_NULL {
            guard idstr.type == CSTATUSJSON_STRING else { throw .mismatch(idstrName, "a string", idstr) }
            // Digits read where they are: no string made for an ID.
            guard let parsed = Self.decimalID(idstr) else {
                throw StatusDecodingError(
                    "\(idstrName) must be a decimal 64-bit integer, not \"\(Fields.text(idstr).prefix(40))\"")
            }
            fromIdstr = parsed
        }
        var fromId: StatusID?
        if let id = f.value(idKey) {
            switch id.type {
            case CSTATUSJSON_NULL: break
            case CSTATUSJSON_INT64: fromId = StatusID(id.integer)
            case CSTATUSJSON_UINT64:
                throw StatusDecodingError("id must be a 64-bit integer, not \(id.unsigned_integer) (too large)")
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
            throw StatusDecodingError(
                idstrKey == nil
                    ? "id: the status has no usable id"
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
