import CStatusJSON

/// The objects of a Twitter response that its statuses name by ID: API v2's `includes` and the
/// users of YYKit's Twitter demo pages. Each is read once a response (by the splitter, on its
/// own thread, before the statuses), with a parser of its own: the thread's parser may be in
/// the middle of a status.
extension StatusDecoder {
    private enum IncludesKey {
        static let table = KeyTable(["users", "media", "tweets"])
        static let users = 0, media = 1, tweets = 2
    }

    private enum IncludedMediaKey {
        static let table = KeyTable(["width", "height", "media_key", "type", "url", "preview_image_url", "alt_text"])
        static let width = 0, height = 1, key = 2, type = 3, url = 4, preview = 5, altText = 6
    }

    private static let idKeys = KeyTable(["id"])

    /// Reads an API v2 `includes` object: `users` by `id` (`username`, `name`, `verified`,
    /// `profile_image_url`), `media` by `media_key` (`type`, `url` or `preview_image_url`,
    /// `width`, `height`, `alt_text`) and `tweets` by `id`, decoded with those users and media; a
    /// second pass lets an included tweet hold another included tweet it retweets or quotes (one
    /// level). What cannot be read is in ``StatusReferences/warnings``, each naming its field
    /// ("includes.users[3].id must be a string…"); a status that uses an entry gets that entry's.
    ///
    /// - Complexity: O(n) in the size of the object.
    public static func twitterIncludes(_ bytes: UnsafeRawBufferPointer) -> StatusReferences {
        let parser = JSONParser()
        var warnings: [String] = []
        guard parseReferences(parser, bytes, name: "includes", &warnings) else {
            return StatusReferences(warnings: warnings)
        }
        var entryWarnings: [String: [String]] = [:]
        var users: [String: StatusUser] = [:]
        var media: [String: StatusPicture] = [:]
        var tweets: [Range<UInt32>] = []
        var general = warnings
        parser.withFields(of: 0, IncludesKey.table) { f in
            var notes: [String] = []
            let lists = (
                users: f.lenientArray(IncludesKey.users, "users", &notes),
                media: f.lenientArray(IncludesKey.media, "media", &notes),
                tweets: f.lenientArray(IncludesKey.tweets, "tweets", &notes)
            )
            general += notes.map { "includes." + $0 }
            var unused = ReferenceUse(nil)
            for (index, element) in (lists.users ?? 0..<0).enumerated() {
                let path = "includes.users[\(index)]"
                guard let id = entryID(parser, element, path: path, keys: idKeys, index: 0, name: "id", &general) else {
                    continue
                }
                guard users[id] == nil else {
                    general.append("\(path): id \(id) is there twice; the first is kept")
                    continue
                }
                var notes: [String] = []
                users[id] = twitterUser(parser, element, path: path, stubs: false, use: &unused, &notes).user
                if !notes.isEmpty { entryWarnings[StatusReferences.userEntry(id)] = notes }
            }
            for (index, element) in (lists.media ?? 0..<0).enumerated() {
                let path = "includes.media[\(index)]"
                guard
                    let key = entryID(
                        parser, element, path: path, keys: IncludedMediaKey.table, index: IncludedMediaKey.key,
                        name: "media_key", &general)
                else { continue }
                guard media[key] == nil else {
                    general.append("\(path): media_key \(key) is there twice; the first is kept")
                    continue
                }
                var notes: [String] = []
                media[key] = includedPicture(parser, element, &notes)
                notes.prefixing(from: 0, with: path)
                if !notes.isEmpty { entryWarnings[StatusReferences.mediaEntry(key)] = notes }
            }
            if let list = lists.tweets { tweets.append(list) }
        }
        warnings = general + entryWarnings.keys.sorted().flatMap { entryWarnings[$0] ?? [] }

        // The tweets: first alone, then with the first pass's tweets to hold.
        guard let list = tweets.first, !list.isEmpty else {
            return StatusReferences(
                users: users, media: media, tweets: [:], warnings: warnings, entryWarnings: entryWarnings,
                unattributedWarnings: general)
        }
        func pass(_ level: TweetLevel, with tweets: [String: Status], _ passWarnings: inout [String]) -> [String:
            Status]
        {
            let references = StatusReferences(
                users: users, media: media, tweets: tweets, warnings: [], entryWarnings: entryWarnings,
                unattributedWarnings: [])
            var decoded: [String: Status] = [:]
            for (index, element) in list.enumerated() {
                let path = "includes.tweets[\(index)]"
                guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                    passWarnings.append("\(path) must be an object, not \(parser.value(element).typeName); ignored")
                    continue
                }
                var use = ReferenceUse(references)
                do throws(StatusDecodingError) {
                    let tweet = try self.tweet(parser, object: element, level: level, use: &use)
                    let id = tweet.id.description
                    guard decoded[id] == nil else {
                        passWarnings.append("\(path): id \(id) is there twice; the first is kept")
                        continue
                    }
                    decoded[id] = tweet
                    passWarnings += tweet.warnings.map { twitterJoined(path, $0) }
                } catch {
                    passWarnings.append(error.inside(path).message + "; the tweet is not kept")
                }
            }
            return decoded
        }
        var ignored: [String] = []
        let alone = pass(.includedAlone, with: [:], &ignored)
        var tweetWarnings: [String] = []
        let included = pass(.included, with: alone, &tweetWarnings)
        return StatusReferences(
            users: users, media: media, tweets: included, warnings: warnings + tweetWarnings,
            entryWarnings: entryWarnings, unattributedWarnings: general)
    }

    /// Reads YYKit's `twitter_objects.users` dictionary (`{"<id_str>": {v1.1 user}}`) into
    /// ``StatusReferences/users``, by the dictionary's keys: the users of the page's tweets,
    /// whose own `user` is only `{"id": N, "id_str": "N"}`. What cannot be read is in
    /// ``StatusReferences/warnings``, each naming its field; a status whose user it is gets it.
    ///
    /// - Complexity: O(n) in the size of the object.
    public static func twitterUsers(_ bytes: UnsafeRawBufferPointer) -> StatusReferences {
        let parser = JSONParser()
        var warnings: [String] = []
        guard parseReferences(parser, bytes, name: "twitter_objects.users", &warnings) else {
            return StatusReferences(warnings: warnings)
        }
        var users: [String: StatusUser] = [:]
        var entryWarnings: [String: [String]] = [:]
        var general = warnings
        var unused = ReferenceUse(nil)
        for (key, value) in parser.members(of: 0) {
            let path = "twitter_objects.users.\(key)"
            guard parser.value(value).type == CSTATUSJSON_OBJECT else {
                general.append("\(path) must be an object, not \(parser.value(value).typeName); ignored")
                continue
            }
            guard users[key] == nil else {
                general.append("\(path) is there twice; the first is kept")
                continue
            }
            var notes: [String] = []
            let (user, id) = twitterUser(parser, value, path: path, stubs: false, use: &unused, &notes)
            if let id, id != key {
                notes.append("\(path).id_str (\(id.prefix(40))) is not its key; the user is kept by its key")
            }
            users[key] = user
            if !notes.isEmpty { entryWarnings[StatusReferences.userEntry(key)] = notes }
        }
        return StatusReferences(
            users: users, media: [:], tweets: [:],
            warnings: general + entryWarnings.keys.sorted().flatMap { entryWarnings[$0] ?? [] },
            entryWarnings: entryWarnings, unattributedWarnings: general)
    }

    /// Parses `bytes` as the object `name` (invalid UTF-8 replaced, with a note); false (with a
    /// note) when it is not a JSON object.
    private static func parseReferences(
        _ parser: JSONParser, _ bytes: UnsafeRawBufferPointer, name: String,
        _ warnings: inout [String]
    ) -> Bool {
        var code = parser.parse(bytes)
        if code == CSTATUSJSON_INVALID_UTF8 {
            // The parser keeps pointers into its own copy of the input: the repaired bytes may go.
            let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
            code = repaired.withUnsafeBytes { parser.parse($0) }
            warnings.append("\(name) holds invalid UTF-8, replaced by U+FFFD")
        }
        guard code == CSTATUSJSON_OK else {
            warnings.append(
                "\(name) is not valid JSON (\(parser.errorMessage)); none of its users, media or tweets is known")
            return false
        }
        guard parser.value(0).type == CSTATUSJSON_OBJECT else {
            warnings.append(
                "\(name) must be an object, not \(parser.value(0).typeName); none of its users, media or tweets is known"
            )
            return false
        }
        return true
    }

    /// The string field `name` (key `index` of `keys`) of the object `element` at `path`; nil
    /// (with a note) when it is not an object or has no such string.
    private static func entryID(
        _ parser: JSONParser, _ element: UInt32, path: String, keys: KeyTable, index: Int, name key: StaticString,
        _ warnings: inout [String]
    ) -> String? {
        let value = parser.value(element)
        guard value.type == CSTATUSJSON_OBJECT else {
            warnings.append("\(path) must be an object, not \(value.typeName); ignored")
            return nil
        }
        return parser.withFields(of: element, keys) { f -> String? in
            guard let id = f.value(index), id.type != CSTATUSJSON_NULL else {
                warnings.append("\(path) has no \(key); ignored")
                return nil
            }
            guard id.type == CSTATUSJSON_STRING, id.length > 0 else {
                warnings.append(
                    "\(path).\(key) must be a string, not \(id.type == CSTATUSJSON_STRING ? "an empty one" : Fields.shown(id)); ignored"
                )
                return nil
            }
            return Fields.text(id)
        }
    }

    /// A medium of `includes.media`: a photo's `url`, else the `preview_image_url` of a video or
    /// GIF; `width` and `height`; `alt_text`.
    private static func includedPicture(_ parser: JSONParser, _ element: UInt32, _ notes: inout [String])
        -> StatusPicture
    {
        parser.withFields(of: element, IncludedMediaKey.table) { m in
            let url =
                m.lenientString(IncludedMediaKey.url, "url", &notes)
                ?? m.lenientString(IncludedMediaKey.preview, "preview_image_url", &notes) ?? ""
            if url.isEmpty { notes.append("has no url or preview_image_url; the picture has no image") }
            var picture = StatusPicture(
                url: url, altText: m.lenientString(IncludedMediaKey.altText, "alt_text", &notes) ?? "")
            if let type = m.lenientString(IncludedMediaKey.type, "type", &notes) {
                picture.kind = mediaKind(type, &notes)
            }
            switch sizeReading(m, path: "", "width", "height") {
            case .size(let size): picture.pixelSize = size
            case .absent: notes.append("has no width and height; the picture has no size")
            case .malformed(let problem): notes.append(problem + "; the picture has no size")
            }
            return picture
        }
    }
}
