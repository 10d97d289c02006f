import CStatusJSON

/// Reading a Weibo status, in any of the shapes Weibo's APIs send: the open API (`text` with
/// inline syntax, `pic_urls` / `pic_ids` + `pic_infos`, `thumbnail_pic`), m.weibo.cn (`text` as
/// HTML, `pics[]` with sizes under `geo`) and weibo.com's ajax API (`text_raw` beside an HTML
/// `text`, `pic_infos` with every variant, `mix_media_info`, `region_name`, `longText`).
///
/// What a malformed field costs is decided field by field (see ``StatusDecoder``): only the
/// ID is needed; a picture's size, a count, `created_at`, a card, a title or a tag that cannot
/// be read costs itself alone, with a note in ``Status/warnings`` naming the field.
extension StatusDecoder {
    enum WeiboKey {
        static let table = KeyTable([
            "id", "idstr", "text", "text_raw", "longText", "isLongText", "created_at", "source",
            "region_name", "user", "reposts_count", "comments_count", "attitudes_count", "deleted",
            "pic_urls", "pic_ids", "pic_infos", "pics", "thumbnail_pic", "retweeted_status", "title",
            "page_info", "url_struct", "topic_struct", "tag_struct", "mix_media_info", "bid",
            "raw_text", "mid", "mblogid",
            // Only Twitter's statuses carry these (30 ..< 46),
            "id_str", "full_text", "extended_tweet", "entities", "extended_entities", "favorite_count",
            "retweet_count", "display_text_range", "edit_history_tweet_ids", "author_id", "public_metrics",
            "referenced_tweets", "quoted_status", "is_quote_status", "in_reply_to_screen_name", "note_tweet",
            // only Mastodon's these (46 ..< 60): the automatic format tells the network by them.
            "account", "content", "spoiler_text", "media_attachments", "visibility", "reblog",
            "favourites_count", "reblogs_count", "replies_count", "uri", "emojis", "sensitive", "mentions",
            "in_reply_to_account_id",
        ])
        static let id = 0, idstr = 1, text = 2, textRaw = 3, longText = 4, isLongText = 5, createdAt = 6, source = 7
        static let region = 8, user = 9, reposts = 10, comments = 11, attitudes = 12, deleted = 13, picURLs = 14
        static let picIDs = 15, picInfos = 16, pics = 17, thumbnail = 18, retweeted = 19, title = 20, pageInfo = 21
        static let urlStruct = 22, topicStruct = 23, tagStruct = 24, mixMedia = 25
        /// Fields only the web APIs send: their `text` is HTML. (`pic_num` and `mblog_vip_type` are
        /// not among them: the open API sends them too, with plain text.)
        static let webOnly = [bid, textRaw, pics, rawText]
        static let bid = 26, rawText = 27, mid = 28, mblogid = 29
        /// The keys only Weibo's statuses carry.
        static let weiboOnly = [
            idstr, mid, reposts, comments, attitudes, picURLs, picIDs, picInfos, bid, textRaw, pageInfo, urlStruct,
            mblogid, isLongText,
        ]
        /// Weibo's keys, and those only Twitter's and only Mastodon's statuses carry.
        static let weibo = 0..<30, twitter = 30..<46, mastodon = 46..<60
    }

    /// The network whose statuses carry most of the object's keys that only one network sends;
    /// with none (or a tie), Twitter for an element of a top-level `data` array (API v2's, whose
    /// statuses may be only an ID and a text) or of a response with references, else Weibo.
    static func network(_ f: Fields, source: StatusElement.Source, references: StatusReferences?) -> StatusNetwork {
        func count(_ keys: some Sequence<Int>) -> Int { keys.reduce(0) { $0 + (f.slot($1) != nil ? 1 : 0) } }
        let weibo = count(WeiboKey.weiboOnly), twitter = count(WeiboKey.twitter), mastodon = count(WeiboKey.mastodon)
        if mastodon > weibo, mastodon > twitter { return .mastodon }
        if twitter > weibo, twitter > mastodon { return .twitter }
        if weibo > twitter, weibo > mastodon { return .weibo }
        return source == .dataArray || references != nil ? .twitter : .weibo
    }

    private enum UserKey {
        static let table = KeyTable([
            "screen_name", "name", "remark", "verified", "verified_type", "verified_level", "mbrank",
            "profile_image_url",
        ])
        static let screenName = 0, name = 1, remark = 2, verified = 3, verifiedType = 4, verifiedLevel = 5, mbrank = 6
        static let avatar = 7
    }

    /// Decodes a Weibo status object. `web` says that its `text` is HTML (it came from a web API
    /// response, or carries a field only the web APIs send).
    ///
    /// - Parameter outer: for a retweet, the card and `url_struct` of the status reposting it,
    ///   which the retweet takes when it has none of its own (as YYKit's model does).
    ///   `detect`: the automatic format's question, asked of the keys looked up here (one lookup
    ///   a status): a status whose keys are Twitter's or Mastodon's is read by their readers.
    static func weiboStatus(
        _ parser: JSONParser, object: UInt32, depth: Int, web: Bool,
        outer: (card: StatusCard?, links: [StatusLink])? = nil,
        detect: (source: StatusElement.Source, references: StatusReferences?)? = nil
    ) throws(StatusDecodingError) -> Status {
        try parser.withFields(of: object, WeiboKey.table) { f throws(StatusDecodingError) in
            if depth == 0, let detect {
                switch network(f, source: detect.source, references: detect.references) {
                case .twitter: return try twitterStatus(parser, object: object, depth: 0, references: detect.references)
                case .mastodon: return try mastodonStatus(parser, object: object, depth: 0)
                case .weibo: break
                }
            }
            if depth == 0, !WeiboKey.weibo.contains(where: { f.slot($0) != nil }) {
                throw unknownFormat(parser, object: object)
            }
            let id = try statusID(f, id: WeiboKey.id, idstr: WeiboKey.idstr, idstrName: "idstr")
            var notes: [String] = []
            let isWeb = web || WeiboKey.webOnly.contains { f.slot($0) != nil }
            let box = Status.Storage(network: .weibo)

            // Text: the long text when sent, else text_raw (plain), else text (HTML from the web APIs).
            box.fields.isLongText = f.lenientFlag(WeiboKey.isLongText, "isLongText", &notes) ?? false
            box.fields.text = weiboText(parser, f, web: isWeb, &notes)
            if let title = f.lenientObject(WeiboKey.title, "title", &notes) {
                box.fields.title = Self.title(parser, title, &notes)
            }
            box.fields.createdAt = f.lenientString(WeiboKey.createdAt, "created_at", &notes) ?? ""
            checkDate(box.fields.createdAt, &notes)
            box.fields.source = f.lenientString(WeiboKey.source, "source", &notes) ?? ""
            box.fields.region = f.lenientString(WeiboKey.region, "region_name", &notes) ?? ""
            if let user = f.lenientObject(WeiboKey.user, "user", &notes) {
                let mark = notes.count
                box.fields.user = Self.user(parser, user, &notes)
                notes.prefixing(from: mark, with: "user")
            }
            box.fields.repostsCount = f.lenientCount(WeiboKey.reposts, "reposts_count", &notes)
            box.fields.commentsCount = f.lenientCount(WeiboKey.comments, "comments_count", &notes)
            box.fields.attitudesCount = f.lenientCount(WeiboKey.attitudes, "attitudes_count", &notes)
            box.fields.isDeleted =
                (f.lenientFlag(WeiboKey.deleted, "deleted", &notes) ?? false) || (depth > 0 && box.fields.user == nil)
            box.fields.pictures = pictures(parser, f, &notes)
            if let page = f.lenientObject(WeiboKey.pageInfo, "page_info", &notes) {
                let mark = notes.count
                box.fields.card = card(parser, page, &notes)
                notes.prefixing(from: mark, with: "page_info")
            }
            box.fields.tags = tags(parser, f, &notes)
            if let outer {
                if box.fields.card == nil { box.fields.card = outer.card }
                if box.fields.text.markup == .plain, box.fields.text.links.isEmpty {
                    box.fields.text.links = outer.links
                }
            }
            // One level of reposting is kept: a repost of a repost is shown as a repost of the original.
            if depth == 0,
                let retweet = try retweet(
                    parser, f, web: isWeb, outer: (box.fields.card, box.fields.text.links), &notes)
            {
                box.fields.retweet = StatusBox(retweet)
            }
            if depth == 0, box.fields.text.isEmpty, box.fields.pictures.isEmpty, box.fields.card == nil,
                box.fields.retweet == nil, !box.fields.isDeleted
            {
                notes.append("the status has nothing to show (no text, pictures, card or repost): its cell is empty")
            }
            box.fields.warnings = notes
            return Status(id: id, storage: box)
        }
    }

    /// The retweeted status; its warnings are the status's too. A broken retweet costs the
    /// retweet's field alone, unless its ID is what is broken: then the status is refused (its
    /// repost could not be told apart).
    private static func retweet(
        _ parser: JSONParser, _ f: Fields, web: Bool, outer: (card: StatusCard?, links: [StatusLink]),
        _ notes: inout [String]
    ) throws(StatusDecodingError) -> Status? {
        guard let object = f.lenientObject(WeiboKey.retweeted, "retweeted_status", &notes) else { return nil }
        let retweet: Status
        do throws(StatusDecodingError) {
            retweet = try weiboStatus(parser, object: object, depth: 1, web: web, outer: outer)
        } catch {
            throw error.inside("retweeted_status")
        }
        if !retweet.warnings.isEmpty {
            notes += retweet.warnings.map { [String].joined("retweeted_status", $0) }
        }
        return retweet
    }

    // MARK: Text

    private enum LongTextKey {
        static let table = KeyTable(["longTextContent", "url_struct", "topic_struct"])
        static let content = 0, urlStruct = 1, topicStruct = 2
    }

    private static func weiboText(_ parser: JSONParser, _ f: Fields, web: Bool, _ notes: inout [String]) -> StatusText {
        let links = self.links(
            parser, f.lenientArray(WeiboKey.urlStruct, "url_struct", &notes), &notes, path: "url_struct")
        let topics = self.topics(parser, f.lenientArray(WeiboKey.topicStruct, "topic_struct", &notes), &notes)
        if let long = f.lenientObject(WeiboKey.longText, "longText", &notes) {
            let mark = notes.count
            let text: StatusText? = parser.withFields(of: long, LongTextKey.table) { l in
                guard let content = l.lenientString(LongTextKey.content, "longTextContent", &notes), !content.isEmpty
                else { return nil }
                let longLinks = self.links(
                    parser, l.lenientArray(LongTextKey.urlStruct, "url_struct", &notes), &notes, path: "url_struct")
                return StatusText(plain: content, links: longLinks.isEmpty ? links : longLinks, topics: topics)
            }
            notes.prefixing(from: mark, with: "longText")
            if let text { return text }
        }
        if let raw = f.lenientString(WeiboKey.textRaw, "text_raw", &notes) {
            return StatusText(plain: raw, links: links, topics: topics)
        }
        let text = f.lenientString(WeiboKey.text, "text", &notes) ?? ""
        if web { return WeiboHTML.text(text, links: links, topics: topics) }
        return StatusText(plain: text, links: links, topics: topics)
    }

    private enum LinkKey {
        static let table = KeyTable(["short_url", "url_title", "url_type_pic", "page_id"])
        static let shortURL = 0, title = 1, icon = 2, pageID = 3
    }

    /// `url_struct` entries with a string to replace and a title (others are kept for nothing).
    static func links(_ parser: JSONParser, _ elements: Range<UInt32>?, _ notes: inout [String], path: String)
        -> [StatusLink]
    {
        guard let elements else { return [] }
        var links: [StatusLink] = []
        for (index, element) in elements.enumerated() {
            guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                notes.append("\(path)[\(index)] must be an object, not \(parser.value(element).typeName); ignored")
                continue
            }
            let mark = notes.count
            parser.withFields(of: element, LinkKey.table) { l in
                let short = l.lenientString(LinkKey.shortURL, "short_url", &notes) ?? ""
                let title = l.lenientString(LinkKey.title, "url_title", &notes) ?? ""
                guard !short.isEmpty, !title.isEmpty else { return }
                links.append(
                    StatusLink(
                        shortURL: short, title: title,
                        iconURL: l.lenientString(LinkKey.icon, "url_type_pic", &notes) ?? "",
                        pageID: l.lenientIdentifier(LinkKey.pageID, "page_id", &notes) ?? ""))
            }
            notes.prefixing(from: mark, with: "\(path)[\(index)]")
        }
        return links
    }

    private static let topicKeys = KeyTable(["topic_title"])

    private static func topics(_ parser: JSONParser, _ elements: Range<UInt32>?, _ notes: inout [String]) -> [String] {
        guard let elements else { return [] }
        var topics: [String] = []
        for (index, element) in elements.enumerated() where parser.value(element).type == CSTATUSJSON_OBJECT {
            let mark = notes.count
            if let title = parser.withFields(of: element, topicKeys, { $0.lenientString(0, "topic_title", &notes) }),
                !title.isEmpty
            {
                topics.append(title)
            }
            notes.prefixing(from: mark, with: "topic_struct[\(index)]")
        }
        return topics
    }

    /// Notes a `created_at` that is neither a moment nor one of m.weibo.cn's display forms.
    static func checkDate(_ text: String, _ notes: inout [String]) {
        guard !text.isEmpty, !StatusDate.isReadable(text) else { return }
        notes.append("created_at: \"\(text.prefix(40))\" is not a date this decoder reads; no time is shown")
    }

    // MARK: User, title, tags

    private static func user(_ parser: JSONParser, _ object: UInt32, _ notes: inout [String]) -> StatusUser {
        parser.withFields(of: object, UserKey.table) { u in
            let remark = u.lenientString(UserKey.remark, "remark", &notes) ?? ""
            let screenName = u.lenientString(UserKey.screenName, "screen_name", &notes) ?? ""
            let name = u.lenientString(UserKey.name, "name", &notes) ?? ""
            // YYKit's WBUser: verified is a person's yellow V, verified_type 220 a club, -1 with
            // level 3 an organisation's blue V.
            let verified = u.lenientFlag(UserKey.verified, "verified", &notes) ?? false
            let type = u.lenientInteger(UserKey.verifiedType, "verified_type", &notes)
            let level = u.lenientInteger(UserKey.verifiedLevel, "verified_level", &notes)
            let verification: StatusUser.Verification =
                verified
                ? .personal
                : type == 220
                    ? .club
                    : (type == -1 && level == 3) ? .organization : .none
            return StatusUser(
                screenName: remark.isEmpty ? screenName : remark, name: name, verification: verification,
                membershipRank: u.lenientInteger(UserKey.mbrank, "mbrank", &notes) ?? 0,
                profileImageURL: u.lenientString(UserKey.avatar, "profile_image_url", &notes) ?? "")
        }
    }

    private static let titleKeys = KeyTable(["text", "icon_url"])

    private static func title(_ parser: JSONParser, _ object: UInt32, _ notes: inout [String]) -> StatusTitle? {
        let mark = notes.count
        defer { notes.prefixing(from: mark, with: "title") }
        return parser.withFields(of: object, titleKeys) { t in
            guard let text = t.lenientString(0, "text", &notes), !text.isEmpty else { return nil }
            return StatusTitle(text: text, iconURL: t.lenientString(1, "icon_url", &notes) ?? "")
        }
    }

    private enum TagKey {
        static let table = KeyTable(["tag_name", "tag_type", "url_type_pic"])
        static let name = 0, type = 1, icon = 2
    }

    private static func tags(_ parser: JSONParser, _ f: Fields, _ notes: inout [String]) -> [StatusTag] {
        guard let elements = f.lenientArray(WeiboKey.tagStruct, "tag_struct", &notes) else { return [] }
        var tags: [StatusTag] = []
        for (index, element) in elements.enumerated() {
            guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                notes.append("tag_struct[\(index)] must be an object, not \(parser.value(element).typeName); ignored")
                continue
            }
            let mark = notes.count
            parser.withFields(of: element, TagKey.table) { t in
                let name = t.lenientString(TagKey.name, "tag_name", &notes) ?? ""
                tags.append(
                    StatusTag(
                        name: name, isPlace: t.lenientInteger(TagKey.type, "tag_type", &notes) == 1,
                        iconURL: t.lenientString(TagKey.icon, "url_type_pic", &notes) ?? ""))
            }
            notes.prefixing(from: mark, with: "tag_struct[\(index)]")
        }
        return tags
    }

    // MARK: Card

    private enum CardKey {
        static let table = KeyTable([
            "type", "object_type", "page_pic", "type_icon", "buttons", "page_title", "page_desc",
            "content2", "content3", "tips", "page_id", "page_url",
        ])
        static let type = 0, objectType = 1, pagePic = 2, typeIcon = 3, buttons = 4, title = 5, desc = 6, content2 = 7
        static let content3 = 8, tips = 9, pageID = 10, pageURL = 11
    }

    private static let buttonKeys = KeyTable(["name", "pic"])
    private static let pictureKeys = KeyTable(["url", "width", "height"])

    /// `page_info` as YYKit's card reads it: a video when `type` is 11 and `object_type` "video"
    /// (m.weibo.cn swaps them: `type` "video", `object_type` 11), else a card of title,
    /// description (`page_desc`, else `content2`, else `content3`) and tips.
    private static func card(_ parser: JSONParser, _ object: UInt32, _ notes: inout [String]) -> StatusCard {
        parser.withFields(of: object, CardKey.table) { c in
            let type = c.value(CardKey.type)
            let objectType = c.value(CardKey.objectType)
            func says(_ value: cstatusjson_value?, _ number: Int, _ word: String) -> Bool {
                guard let value else { return false }
                if value.type == CSTATUSJSON_STRING && Fields.text(value) == word { return true }
                return Fields.integer(value) == number
            }
            let isVideo = says(type, 11, "video") && says(objectType, 11, "video")
            var card = StatusCard(kind: isVideo ? .video : .link)
            // page_pic: a URL, or m.weibo.cn's {url, width, height}.
            if let slot = c.slot(CardKey.pagePic) {
                let value = parser.value(slot)
                switch value.type {
                case CSTATUSJSON_NULL: break
                case CSTATUSJSON_STRING: card.imageURL = Fields.text(value)
                case CSTATUSJSON_OBJECT:
                    let mark = notes.count
                    parser.withFields(of: slot, pictureKeys) { p in
                        card.imageURL = p.lenientString(0, "url", &notes) ?? ""
                        if let w = p.lenientInteger(1, "width", &notes), let h = p.lenientInteger(2, "height", &notes) {
                            card.imageSize = credible(w, h)
                        }
                    }
                    notes.prefixing(from: mark, with: "page_pic")
                default: notes.append("page_pic must be a URL or an object, not \(value.typeName); ignored")
                }
            }
            card.badgeURL = c.lenientString(CardKey.typeIcon, "type_icon", &notes) ?? ""
            if let buttons = c.lenientArray(CardKey.buttons, "buttons", &notes), let first = buttons.first,
                parser.value(first).type == CSTATUSJSON_OBJECT
            {
                parser.withFields(of: first, buttonKeys) { b in
                    let name = b.lenientString(0, "name", &notes) ?? ""
                    let picture = b.lenientString(1, "pic", &notes) ?? ""
                    if !name.isEmpty && !picture.isEmpty { card.buttonTitle = name }
                }
            }
            card.title = c.lenientString(CardKey.title, "page_title", &notes) ?? ""
            for key in [
                (CardKey.desc, "page_desc" as StaticString), (CardKey.content2, "content2"),
                (CardKey.content3, "content3"),
            ] {
                if let text = c.lenientString(key.0, key.1, &notes), !text.isEmpty {
                    card.description = text
                    break
                }
            }
            card.tips = c.lenientString(CardKey.tips, "tips", &notes) ?? ""
            card.pageID = c.lenientIdentifier(CardKey.pageID, "page_id", &notes) ?? ""
            card.url = c.lenientString(CardKey.pageURL, "page_url", &notes) ?? ""
            return card
        }
    }

    // MARK: Pictures

    /// The pictures, from the first of: `pic_ids` with `pic_infos` (YYKit's way), `pic_urls`
    /// (sizes from `pic_infos` or their own `width`/`height`), m.weibo.cn's `pics`,
    /// weibo.com's `mix_media_info`, the 2012-era `thumbnail_pic` alone.
    private static func pictures(_ parser: JSONParser, _ f: Fields, _ notes: inout [String]) -> [StatusPicture] {
        let infos = f.lenientObject(WeiboKey.picInfos, "pic_infos", &notes)
        let ids = f.lenientArray(WeiboKey.picIDs, "pic_ids", &notes)
        if let infos, let ids, !ids.isEmpty {
            var pictures: [StatusPicture] = []
            pictures.reserveCapacity(ids.count)
            for (index, element) in ids.enumerated() {
                let value = parser.value(element)
                guard value.type == CSTATUSJSON_STRING else {
                    notes.append("pic_ids[\(index)] must be a string, not \(value.typeName); the picture is not shown")
                    continue
                }
                let pid = Fields.text(value)
                guard let info = parser.field(pid, of: infos) else {
                    notes.append(
                        "pic_ids[\(index)]: \"\(pid.prefix(40))\" has no pic_infos entry; the picture is not shown")
                    continue
                }
                let mark = notes.count
                pictures.append(infoPicture(parser, info, &notes))
                notes.prefixing(from: mark, with: "pic_infos.\(pid)")
            }
            return pictures
        }
        if let urls = f.lenientArray(WeiboKey.picURLs, "pic_urls", &notes) {
            var pictures: [StatusPicture] = []
            pictures.reserveCapacity(urls.count)
            for (index, element) in urls.enumerated() {
                let mark = notes.count
                if let picture = urlPicture(parser, element, infos: infos, &notes) { pictures.append(picture) }
                notes.prefixing(from: mark, with: "pic_urls[\(index)]")
            }
            return pictures
        }
        if let pics = f.lenientArray(WeiboKey.pics, "pics", &notes) {
            var pictures: [StatusPicture] = []
            pictures.reserveCapacity(pics.count)
            for (index, element) in pics.enumerated() {
                let mark = notes.count
                if let picture = mobilePicture(parser, element, &notes) { pictures.append(picture) }
                notes.prefixing(from: mark, with: "pics[\(index)]")
            }
            return pictures
        }
        if let media = f.lenientObject(WeiboKey.mixMedia, "mix_media_info", &notes) {
            let mark = notes.count
            defer { notes.prefixing(from: mark, with: "mix_media_info") }
            return mixedMedia(parser, media, &notes)
        }
        if let thumbnail = f.lenientString(WeiboKey.thumbnail, "thumbnail_pic", &notes), !thumbnail.isEmpty {
            return [StatusPicture(url: thumbnail)]
        }
        return []
    }

    private enum InfoKey {
        static let table = KeyTable([
            "bmiddle", "large", "original", "largest", "mw2000", "middleplus", "thumbnail", "keep_size",
            "type", "width", "height", "url",
        ])
        static let variants = ["bmiddle", "large", "original", "largest", "mw2000", "middleplus", "thumbnail"]
        static let keepSize = 7, type = 8, width = 9, height = 10, url = 11
    }

    private static let sizeKeys = KeyTable(["width", "height", "url", "type"])

    /// A `pic_infos` entry: its size from `bmiddle` (the variant YYKit sizes a single picture
    /// by), else from the first other variant with one; `keep_size`; a GIF by its `type`.
    static func infoPicture(_ parser: JSONParser, _ info: UInt32, _ notes: inout [String]) -> StatusPicture {
        guard parser.value(info).type == CSTATUSJSON_OBJECT else {
            notes.append("must be an object, not \(parser.value(info).typeName); shown as a square")
            return StatusPicture(url: "")
        }
        return parser.withFields(of: info, InfoKey.table) { v in
            var picture = StatusPicture(url: "")
            picture.keepsSize = v.lenientFlag(InfoKey.keepSize, "keep_size", &notes) ?? false
            if let type = v.lenientString(InfoKey.type, "type", &notes)?.lowercased(), type == "gif" {
                picture.kind = .gif
            }
            for (index, name) in InfoKey.variants.enumerated() {
                // bmiddle first (YYKit's size); the others only for what it lacks.
                if picture.pixelSize != nil && !picture.url.isEmpty { break }
                guard let slot = v.slot(index) else { continue }
                let value = parser.value(slot)
                guard value.type != CSTATUSJSON_NULL else { continue }
                guard value.type == CSTATUSJSON_OBJECT else {
                    notes.append("\(name) must be an object, not \(value.typeName); ignored")
                    continue
                }
                let mark = notes.count
                parser.withFields(of: slot, sizeKeys) { s in
                    if picture.url.isEmpty || name == "thumbnail" || name == "bmiddle" {
                        if let url = s.lenientString(2, "url", &notes), !url.isEmpty,
                            picture.url.isEmpty || name == "bmiddle"
                        {
                            picture.url = url
                        }
                    }
                    if picture.pixelSize == nil {
                        picture.pixelSize = size(s, width: 0, height: 1, &notes)
                    }
                    if picture.kind == .photo, let type = s.lenientString(3, "type", &notes)?.lowercased(),
                        type == "gif"
                    {
                        picture.kind = .gif
                    }
                }
                notes.prefixing(from: mark, with: name)
            }
            if picture.pixelSize == nil {
                picture.pixelSize = size(v, width: InfoKey.width, height: InfoKey.height, &notes)
            }
            if picture.url.isEmpty { picture.url = v.lenientString(InfoKey.url, "url", &notes) ?? "" }
            if picture.pixelSize == nil && !picture.keepsSize {
                notes.append("no variant has a usable size; shown as a square")
            }
            return picture
        }
    }

    private enum URLPictureKey {
        static let table = KeyTable(["thumbnail_pic", "pid", "width", "height"])
        static let thumbnail = 0, pid = 1, width = 2, height = 3
    }

    /// An element of `pic_urls`: its size when it carries one, else its `pic_infos` entry's.
    private static func urlPicture(_ parser: JSONParser, _ element: UInt32, infos: UInt32?, _ notes: inout [String])
        -> StatusPicture?
    {
        guard parser.value(element).type == CSTATUSJSON_OBJECT else {
            notes.append("must be an object, not \(parser.value(element).typeName); the picture is not shown")
            return nil
        }
        return parser.withFields(of: element, URLPictureKey.table) { p in
            let url = p.lenientString(URLPictureKey.thumbnail, "thumbnail_pic", &notes) ?? ""
            var picture = StatusPicture(
                url: url, pixelSize: size(p, width: URLPictureKey.width, height: URLPictureKey.height, &notes))
            if picture.pixelSize == nil, let infos {
                let pid = p.lenientIdentifier(URLPictureKey.pid, "pid", &notes) ?? pictureID(fromURL: url)
                if !pid.isEmpty, let info = parser.field(pid, of: infos) {
                    var infoNotes: [String] = []
                    let fromInfo = infoPicture(parser, info, &infoNotes)
                    picture.pixelSize = fromInfo.pixelSize
                    picture.keepsSize = fromInfo.keepsSize
                    notes += infoNotes.map { [String].joined("(pic_infos.\(pid))", $0) }
                }
            }
            return picture
        }
    }

    private enum MobileKey {
        static let table = KeyTable(["url", "geo", "large", "type", "videoSrc"])
        static let url = 0, geo = 1, large = 2, type = 3, video = 4
    }

    private static let geoKeys = KeyTable(["geo", "width", "height"])

    /// An element of m.weibo.cn's `pics`: the size of the image shown (`geo`), else of `large.geo`;
    /// sizes are numbers or strings.
    private static func mobilePicture(_ parser: JSONParser, _ element: UInt32, _ notes: inout [String])
        -> StatusPicture?
    {
        guard parser.value(element).type == CSTATUSJSON_OBJECT else {
            notes.append("must be an object, not \(parser.value(element).typeName); the picture is not shown")
            return nil
        }
        return parser.withFields(of: element, MobileKey.table) { p in
            var picture = StatusPicture(url: p.lenientString(MobileKey.url, "url", &notes) ?? "")
            if let type = p.lenientString(MobileKey.type, "type", &notes)?.lowercased() {
                if type == "gif" {
                    picture.kind = .gif
                } else if type.contains("video") || type == "livephoto" {
                    picture.kind = .video
                }
            }
            if let geo = p.lenientObject(MobileKey.geo, "geo", &notes) {
                let mark = notes.count
                picture.pixelSize = parser.withFields(of: geo, geoKeys) { size($0, width: 1, height: 2, &notes) }
                notes.prefixing(from: mark, with: "geo")
            }
            if picture.pixelSize == nil, let large = p.lenientObject(MobileKey.large, "large", &notes) {
                let mark = notes.count
                parser.withFields(of: large, geoKeys) { l in
                    if let geo = l.lenientObject(0, "geo", &notes) {
                        let inner = notes.count
                        picture.pixelSize = parser.withFields(of: geo, geoKeys) {
                            size($0, width: 1, height: 2, &notes)
                        }
                        notes.prefixing(from: inner, with: "geo")
                    }
                }
                notes.prefixing(from: mark, with: "large")
            }
            if picture.pixelSize == nil { notes.append("no usable size (geo, large.geo); shown as a square") }
            return picture
        }
    }

    private static let mixKeys = KeyTable(["items"])
    private static let itemKeys = KeyTable(["type", "data"])
    private static let videoKeys = KeyTable(["page_pic", "pic_info"])
    private static let picInfoKeys = KeyTable(["pic_big", "pic_middle"])

    /// weibo.com's mixed media: pictures (`pic_infos`-style entries) and videos, in order.
    private static func mixedMedia(_ parser: JSONParser, _ object: UInt32, _ notes: inout [String]) -> [StatusPicture] {
        parser.withFields(of: object, mixKeys) { m in
            guard let items = m.lenientArray(0, "items", &notes) else { return [] }
            var pictures: [StatusPicture] = []
            for (index, element) in items.enumerated() where parser.value(element).type == CSTATUSJSON_OBJECT {
                let mark = notes.count
                parser.withFields(of: element, itemKeys) { item in
                    let type = item.lenientString(0, "type", &notes) ?? ""
                    guard let data = item.lenientObject(1, "data", &notes) else { return }
                    if type == "video" {
                        var picture = StatusPicture(url: "", kind: .video)
                        parser.withFields(of: data, videoKeys) { v in
                            picture.url = v.lenientString(0, "page_pic", &notes) ?? ""
                        }
                        pictures.append(picture)
                    } else {
                        pictures.append(infoPicture(parser, data, &notes))
                    }
                }
                notes.prefixing(from: mark, with: "items[\(index)]")
            }
            return pictures
        }
    }

    /// `width` and `height` when both are whole numbers (or decimal strings) in 1...100,000; nil
    /// when absent; a malformed or incredible size is noted and read as absent.
    static func size(_ f: Fields, width w: Int, height h: Int, _ notes: inout [String]) -> (width: Int, height: Int)? {
        let width = f.lenientInteger(w, "width", &notes, ignored: "the size is not used")
        let height = f.lenientInteger(h, "height", &notes, ignored: "the size is not used")
        guard let width, let height else { return nil }
        guard let size = credible(width, height) else {
            notes.append(
                "the size \(width) × \(height) is not credible (each side from 1 to \(StatusPicture.largestCredibleSide)); not used"
            )
            return nil
        }
        return size
    }

    static func credible(_ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        let limit = StatusPicture.largestCredibleSide
        return width >= 1 && height >= 1 && width <= limit && height <= limit ? (width, height) : nil
    }
}
