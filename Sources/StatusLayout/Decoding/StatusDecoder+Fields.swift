import CStatusJSON

/// Reading a status from the parsed JSON: every field with its type checked, the ID reconciled,
/// pictures completed from `pic_infos`.
extension StatusDecoder {
    private enum Key {
        static let table = KeyTable(["id", "idstr", "text", "created_at", "source", "user", "reposts_count",
                                     "comments_count", "attitudes_count", "isLongText", "deleted", "pic_urls", "pic_ids",
                                     "pic_infos", "retweeted_status"])
        static let id = 0, idstr = 1, text = 2, createdAt = 3, source = 4, user = 5, reposts = 6, comments = 7
        static let attitudes = 8, isLongText = 9, deleted = 10, picURLs = 11, picIDs = 12, picInfos = 13, retweeted = 14
    }

    private enum UserKey {
        static let table = KeyTable(["screen_name", "verified", "profile_image_url"])
        static let screenName = 0, verified = 1, profileImageURL = 2
    }

    private enum PictureKey {
        static let table = KeyTable(["thumbnail_pic", "pid", "width", "height"])
        static let thumbnail = 0, pid = 1, width = 2, height = 3
    }

    private enum SizeKey {
        static let table = KeyTable(["width", "height"])
        static let width = 0, height = 1
    }

    /// The variants of `pic_infos` that may carry a size, in the order they are believed.
    private static let sizeVariants = KeyTable(["large", "original", "bmiddle", "mw2000", "thumbnail"])
    private static let thumbnailKeys = KeyTable(["thumbnail", "url"])

    /// The status of the last parse (value 0).
    static func status(_ parser: JSONParser) throws(StatusDecodingError) -> Status {
        let root = parser.value(0)
        guard root.type == CSTATUSJSON_OBJECT else {
            throw StatusDecodingError("a status must be a JSON object, not \(root.typeName)")
        }
        return try status(parser, object: 0, depth: 0)
    }

    private static func status(_ parser: JSONParser, object: UInt32, depth: Int) throws(StatusDecodingError) -> Status {
        try parser.withFields(of: object, Key.table) { f throws(StatusDecodingError) in
            let id = try statusID(f)
            let text = try f.string(Key.text, "text") ?? ""
            let createdAt = try f.string(Key.createdAt, "created_at") ?? ""
            let source = try f.string(Key.source, "source") ?? ""
            var user: StatusUser?
            if let userObject = try f.object(Key.user, "user") { user = try Self.user(parser, userObject) }
            let reposts = try f.count(Key.reposts, "reposts_count")
            let comments = try f.count(Key.comments, "comments_count")
            let attitudes = try f.count(Key.attitudes, "attitudes_count")
            let isLongText = try f.bool(Key.isLongText, "isLongText") ?? false
            let isDeleted = try f.flag(Key.deleted, "deleted") || (depth > 0 && user == nil)
            let pictures = try pictures(parser, f)
            var retweeted: Status?
            if let retweet = try f.object(Key.retweeted, "retweeted_status") {
                // A repost of a repost is shown as a repost of the original: one level is kept.
                do throws(StatusDecodingError) {
                    retweeted = try self.status(parser, object: retweet, depth: depth + 1)
                } catch {
                    throw error.inside("retweeted_status")
                }
                retweeted?.retweetedStatus = nil
            }
            // Made whole at once: one box, no copy-on-write checks field by field.
            return Status(id: id, text: text, createdAt: createdAt, source: source, user: user, pictures: pictures,
                          repostsCount: reposts, commentsCount: comments, attitudesCount: attitudes, isLongText: isLongText,
                          isDeleted: isDeleted, retweetedStatus: retweeted)
        }
    }

    private static func user(_ parser: JSONParser, _ object: UInt32) throws(StatusDecodingError) -> StatusUser {
        do {
            return try parser.withFields(of: object, UserKey.table) { u throws(StatusDecodingError) in
                StatusUser(screenName: try u.string(UserKey.screenName, "screen_name") ?? "",
                           isVerified: try u.bool(UserKey.verified, "verified") ?? false,
                           profileImageURL: try u.string(UserKey.profileImageURL, "profile_image_url") ?? "")
            }
        } catch {
            throw error.inside("user")
        }
    }

    /// `idstr` when it is a 64-bit decimal, else `id` (a number or a decimal string).
    private static func statusID(_ f: Fields) throws(StatusDecodingError) -> StatusID {
        var fromIdstr: StatusID?
        if let idstr = f.value(Key.idstr), idstr.type != CSTATUSJSON_NULL {
            guard idstr.type == CSTATUSJSON_STRING else { throw .mismatch("idstr", "a string", idstr) }
            // Digits read where they are: no string made for an ID.
            guard let parsed = Self.decimalID(idstr) else {
                throw StatusDecodingError("idstr must be a decimal 64-bit integer, not \"\(Fields.text(idstr).prefix(40))\"")
            }
            fromIdstr = parsed
        }
        var fromId: StatusID?
        if let id = f.value(Key.id) {
            switch id.type {
            case CSTATUSJSON_NULL: break
            case CSTATUSJSON_INT64: fromId = StatusID(id.integer)
            case CSTATUSJSON_UINT64: throw StatusDecodingError("id must be a 64-bit integer, not \(id.unsigned_integer) (too large)")
            case CSTATUSJSON_DOUBLE:
                // 1e3 is 1000; a fraction, or a double too large to be exact, is not an ID.
                guard id.number == id.number.rounded(), abs(id.number) <= 0x1p53 else {
                    throw StatusDecodingError("id must be a 64-bit integer, not a fraction or out of range")
                }
                fromId = StatusID(Int64(id.number))
            case CSTATUSJSON_STRING:
                guard let parsed = Self.decimalID(id) else {
                    throw StatusDecodingError("id must be a 64-bit integer, not \"\(Fields.text(id).prefix(40))\"")
                }
                fromId = parsed
            default: throw StatusDecodingError("id must be a number, not \(id.typeName)")
            }
        }
        if let fromId, let fromIdstr, fromId != fromIdstr {
            throw StatusDecodingError("id (\(fromId)) and idstr (\(fromIdstr)) disagree")
        }
        guard let id = fromIdstr ?? fromId else {
            throw StatusDecodingError("id: the status has no usable id (neither id nor idstr)")
        }
        return id
    }

    /// A string value of decimal digits as an ID (as ``StatusID/init(_:)`` reads `idstr`), nil
    /// unless it fits in 64 bits.
    private static func decimalID(_ value: cstatusjson_value) -> StatusID? {
        guard value.length > 0, let digits = value.string else { return nil }
        var result: Int64 = 0
        for index in 0..<value.length {
            let digit = digits[index] &- 0x30
            guard digit <= 9 else { return nil }
            let (times10, o1) = result.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int64(digit))
            guard !o1 && !o2 else { return nil }
            result = sum
        }
        return StatusID(result)
    }

    /// `pic_urls` (with `width`/`height` when sent), sizes completed from `pic_infos`; or the
    /// pictures of `pic_infos` in `pic_ids` order when there is no `pic_urls`.
    private static func pictures(_ parser: JSONParser, _ f: Fields) throws(StatusDecodingError) -> [StatusPicture] {
        let infos = try f.object(Key.picInfos, "pic_infos")
        /// The size in `pic_infos` of picture `pid`, if any.
        func infoSize(_ pid: String) throws(StatusDecodingError) -> (Int, Int)? {
            guard !pid.isEmpty, let infos, let info = parser.field(pid, of: infos) else { return nil }
            do {
                return try Self.infoSize(parser, info)
            } catch {
                throw error.inside("pic_infos." + pid)
            }
        }
        var pictures: [StatusPicture] = []
        if let urls = try f.array(Key.picURLs, "pic_urls") {
            // Made at its size at once (appending to a reserved array reallocated it here).
            return try urls.map { (element) throws(StatusDecodingError) -> StatusPicture in
                var (url, pid, size): (String, String, (Int, Int)?)
                do throws(StatusDecodingError) {
                    (url, pid, size) = try picture(parser, element)
                } catch {
                    throw error.inside("pic_urls[\(element - urls.lowerBound)]")
                }
                if size == nil { size = try infoSize(pid) }
                return StatusPicture(url: url, pixelSize: size.map { (width: $0.0, height: $0.1) })
            }
        } else if let infos, let ids = try f.array(Key.picIDs, "pic_ids") {
            pictures.reserveCapacity(ids.count)
            for (index, element) in ids.enumerated() {
                let value = parser.value(element)
                guard value.type == CSTATUSJSON_STRING else {
                    throw StatusDecodingError("pic_ids[\(index)] must be a string, not \(value.typeName)")
                }
                let pid = Fields.text(value)
                var url = ""
                if let info = parser.field(pid, of: infos) {
                    do {
                        url = try thumbnailURL(parser, info) ?? ""
                    } catch {
                        throw error.inside("pic_infos." + pid)
                    }
                }
                let size = try infoSize(pid)
                pictures.append(StatusPicture(url: url, pixelSize: size.map { (width: $0.0, height: $0.1) }))
            }
        }
        return pictures
    }

    /// An element of `pic_urls`: its URL, and its size when it carries a credible one, else its
    /// picture ID (`pid`, or the one in the URL) to look one up.
    private static func picture(_ parser: JSONParser, _ element: UInt32) throws(StatusDecodingError)
        -> (url: String, pid: String, size: (Int, Int)?)
    {
        let value = parser.value(element)
        guard value.type == CSTATUSJSON_OBJECT else { throw StatusDecodingError("must be an object, not \(value.typeName)") }
        return try parser.withFields(of: element, PictureKey.table) { p throws(StatusDecodingError) in
            let url = try p.string(PictureKey.thumbnail, "thumbnail_pic") ?? ""
            let size = try credibleSize(p, width: PictureKey.width, height: PictureKey.height)
            // The picture ID is needed only to find a size in pic_infos (its type is checked anyway).
            if let pid = p.value(PictureKey.pid), pid.type != CSTATUSJSON_NULL, pid.type != CSTATUSJSON_STRING {
                throw .mismatch("pid", "a string", pid)
            }
            guard size == nil else { return (url, "", size) }
            return (url, try p.string(PictureKey.pid, "pid") ?? pictureID(fromURL: url), nil)
        }
    }

    /// The size of a `pic_infos` entry: its first variant with a credible size, else its own.
    private static func infoSize(_ parser: JSONParser, _ info: UInt32) throws(StatusDecodingError) -> (Int, Int)? {
        guard parser.value(info).type == CSTATUSJSON_OBJECT else {
            throw StatusDecodingError("must be an object, not \(parser.value(info).typeName)")
        }
        return try parser.withFields(of: info, sizeVariants) { variants throws(StatusDecodingError) in
            for (index, name) in ["large", "original", "bmiddle", "mw2000", "thumbnail"].enumerated() {
                guard let variant = variants.slot(index) else { continue }
                let value = parser.value(variant)
                guard value.type != CSTATUSJSON_NULL else { continue }
                guard value.type == CSTATUSJSON_OBJECT else {
                    throw StatusDecodingError("\(name) must be an object, not \(value.typeName)")
                }
                let size: (Int, Int)?
                do throws(StatusDecodingError) {
                    size = try parser.withFields(of: variant, SizeKey.table) { s throws(StatusDecodingError) in
                        try credibleSize(s, width: SizeKey.width, height: SizeKey.height)
                    }
                } catch {
                    throw error.inside(name)
                }
                if let size { return size }
            }
            return try parser.withFields(of: info, SizeKey.table) { s throws(StatusDecodingError) in
                try credibleSize(s, width: SizeKey.width, height: SizeKey.height)
            }
        }
    }

    /// The URL of a `pic_infos` entry's thumbnail.
    private static func thumbnailURL(_ parser: JSONParser, _ info: UInt32) throws(StatusDecodingError) -> String? {
        guard parser.value(info).type == CSTATUSJSON_OBJECT else {
            throw StatusDecodingError("must be an object, not \(parser.value(info).typeName)")
        }
        return try parser.withFields(of: info, thumbnailKeys) { t throws(StatusDecodingError) -> String? in
            guard let thumbnail = try t.object(0, "thumbnail") else { return nil }
            do throws(StatusDecodingError) {
                return try parser.withFields(of: thumbnail, thumbnailKeys) { u throws(StatusDecodingError) in
                    try u.string(1, "url")
                }
            } catch {
                throw error.inside("thumbnail")
            }
        }
    }

    /// `width` and `height` when both are whole numbers in 1...100,000; nil when absent or not
    /// credible (0, negative, huge: the layout then shows a square). Wrong types are errors.
    private static func credibleSize(_ f: Fields, width w: Int, height h: Int) throws(StatusDecodingError) -> (Int, Int)? {
        guard let width = try f.number(w, "width"), let height = try f.number(h, "height") else { return nil }
        let limit = Double(StatusPicture.largestCredibleSide)
        guard width >= 1, height >= 1, width <= limit, height <= limit else { return nil }
        return (Int(width.rounded()), Int(height.rounded()))
    }
}
