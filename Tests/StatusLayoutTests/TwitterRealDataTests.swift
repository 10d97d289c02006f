import Foundation
import Testing
import TestSupport
@testable import StatusLayout

/// Real Twitter responses that public projects saved (`../shared/realdata`, read in place): API
/// v1.1 timelines, searches and single tweets, API v2 lookups with and without `includes`, and
/// YYKit's Twitter demo pages. Every tweet decodes; no text keeps `&amp;` or a media link; every
/// tweet with a text or media shows one.
@Suite(
    "Real Twitter data", .enabled(if: Fixtures.realDataDirectory != nil, "../shared/realdata is not beside the clone"))
struct TwitterRealDataTests {
    /// A tweet as Foundation reads it, beside the status decoded from it.
    struct Tweet {
        var file: String
        var json: [String: Any]
        var status: Status
        /// Whether it is an API v2 tweet.
        var v2: Bool
    }

    static let decoder = StatusDecoder(format: .twitter)

    static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    /// The tweets of a v1.1 response as Foundation reads it: an array, a page's `statuses`, or one tweet.
    static func tweets(of body: Any) -> [[String: Any]] {
        if let array = body as? [[String: Any]] { return array }
        guard let object = body as? [String: Any] else { return [] }
        if let statuses = object["statuses"] as? [[String: Any]] { return statuses }
        return [object]
    }

    /// Every tweet of `../shared/realdata/twitter` and of YYKit's Twitter pages, decoded, and what failed.
    static func read() throws -> (v1: [Tweet], v2: [Tweet], yykit: [Tweet], failures: [String]) {
        var v1: [Tweet] = [], v2: [Tweet] = [], yykit: [Tweet] = [], failures: [String] = []
        func add(_ decoded: DecodedStatus, _ json: [String: Any], _ file: String, v2 isV2: Bool, to list: inout [Tweet])
        {
            switch decoded.result {
            case .success(let status): list.append(Tweet(file: file, json: json, status: status, v2: isV2))
            case .failure(let error): failures.append("\(file), tweet \(decoded.index): \(error.message)")
            }
        }
        let paths = Fixtures.realDataFiles("twitter") + Fixtures.realDataFiles("twitter", suffix: ".jsonl")
        for path in paths {
            let file = name(path)
            let data = try #require(FileManager.default.contents(atPath: path))
            let lines =
                path.hasSuffix(".jsonl") ? data.split(separator: 0x0A).filter { !$0.isEmpty }.map { Data($0) } : [data]
            let bodies = try lines.map { try JSONSerialization.jsonObject(with: $0) }
            if let first = bodies.first as? [String: Any], first["data"] != nil {
                // API v2: each line's includes read by twitterIncludes, each data element decoded with them.
                for body in bodies {
                    let response = try #require(body as? [String: Any])
                    let references = try response["includes"].map { includes in
                        try JSONSerialization.data(withJSONObject: includes).withUnsafeBytes {
                            StatusDecoder.twitterIncludes($0)
                        }
                    }
                    let elements =
                        try (response["data"] as? [[String: Any]]) ?? [#require(response["data"] as? [String: Any])]
                    for element in elements {
                        let bytes = try JSONSerialization.data(withJSONObject: element)
                        let decoded = bytes.withUnsafeBytes {
                            decoder.decode(StatusElement(bytes: $0, source: .dataArray, references: references))
                        }
                        add(decoded, element, file, v2: true, to: &v2)
                    }
                }
            } else {
                // API v1.1: the whole file through decodeAll, beside Foundation's reading of it.
                let decoded = decoder.decodeAll(data)
                let raw = bodies.flatMap(tweets(of:))
                try #require(
                    decoded.count == raw.count, "\(file): \(decoded.count) statuses decoded, \(raw.count) in the file")
                for (answer, json) in zip(decoded, raw) { add(answer, json, file, v2: false, to: &v1) }
            }
        }
        for path in Fixtures.realDataFiles("yykit") where name(path).hasPrefix("twitter_") {
            let data = try #require(FileManager.default.contents(atPath: path))
            let page = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let objects = try #require(page["twitter_objects"] as? [String: Any])
            let users = try JSONSerialization.data(withJSONObject: try #require(objects["users"]))
            let references = users.withUnsafeBytes { StatusDecoder.twitterUsers($0) }
            #expect(references.warnings.isEmpty, "\(name(path)): \(references.warnings)")
            let tweets = try #require(objects["tweets"] as? [String: [String: Any]])
            for key in tweets.keys.sorted() {
                let json = try #require(tweets[key])
                let bytes = try JSONSerialization.data(withJSONObject: json)
                add(
                    bytes.withUnsafeBytes { decoder.decode(StatusElement(bytes: $0, references: references)) }, json,
                    name(path), v2: false,
                    to: &yykit)
            }
        }
        return (v1, v2, yykit, failures)
    }

    /// The tweet and the tweets inside it that are read: its retweet (with the retweet's quote)
    /// and its quote, each beside its JSON.
    static func walk(_ tweet: Tweet) -> [Tweet] {
        var all = [tweet]
        guard !tweet.v2 else { return all }
        func nested(_ key: String, _ status: Status?) -> Tweet? {
            guard let json = tweet.json[key] as? [String: Any], let status else { return nil }
            return Tweet(file: tweet.file, json: json, status: status, v2: false)
        }
        if let retweet = nested("retweeted_status", tweet.status.retweetedStatus) {
            all.append(retweet)
            if let json = retweet.json["quoted_status"] as? [String: Any], let quote = retweet.status.quotedStatus {
                all.append(Tweet(file: tweet.file, json: json, status: quote, v2: false))
            }
        }
        if let quote = nested("quoted_status", tweet.status.quotedStatus) { all.append(quote) }
        return all
    }

    /// The links of a tweet's own media, as sent: v1.1's media entities, v2's URLs with a media
    /// key or to the tweet's own photo or video.
    static func mediaLinks(_ json: [String: Any]) -> [(url: String, display: String)] {
        var objects = [json["entities"], json["extended_entities"]]
        if let extended = json["extended_tweet"] as? [String: Any] {
            objects += [extended["entities"], extended["extended_entities"]]
        }
        let id = (json["id_str"] as? String) ?? (json["id"] as? String) ?? ""
        var links: [(String, String)] = []
        for case let entities as [String: Any] in objects {
            for case let medium as [String: Any] in (entities["media"] as? [Any]) ?? [] {
                if let url = medium["url"] as? String { links.append((url, medium["display_url"] as? String ?? url)) }
            }
            for case let link as [String: Any] in (entities["urls"] as? [Any]) ?? [] {
                let expanded = link["expanded_url"] as? String ?? ""
                if link["media_key"] != nil || expanded.contains("/status/\(id)/photo/")
                    || expanded.contains("/status/\(id)/video/"),
                    let url = link["url"] as? String
                {
                    links.append((url, link["display_url"] as? String ?? url))
                }
            }
        }
        return links
    }

    /// Whether a tweet as sent has a text or media.
    static func hasContent(_ json: [String: Any], v2: Bool) -> Bool {
        let extended = (json["extended_tweet"] as? [String: Any])?["full_text"] as? String
        let note = (json["note_tweet"] as? [String: Any])?["text"] as? String
        let text = extended ?? note ?? (json["full_text"] as? String) ?? (json["text"] as? String) ?? ""
        let keys = ((json["attachments"] as? [String: Any])?["media_keys"] as? [Any]) ?? []
        return !text.isEmpty || !mediaLinks(json).isEmpty || !keys.isEmpty
    }

    /// What real data may be warned about: IDs that JavaScript rounded, entities over other text
    /// (hand-edited fixtures) or overlapping (truncated retweets), and includes without what a
    /// tweet references.
    static let expectedWarnings = [
        "rounded to a double", " holds \"", " overlaps ", "is not in the response's includes",
    ]

    @Test(
        "every tweet decodes: the counts SOURCES.md gives, each status a Twitter one, only the warnings real data calls for"
    )
    func everyTweetDecodes() throws {
        let (v1, v2, yykit, failures) = try Self.read()
        #expect(failures.isEmpty, "\(failures)")
        #expect(
            v1.count == 458 && v2.count == 369,
            "SOURCES.md counts 458 v1.1 and 369 v2 tweets, not \(v1.count) and \(v2.count)")
        #expect(yykit.count == 604)
        for tweet in (v1 + v2 + yykit).flatMap(Self.walk) {
            #expect(tweet.status.network == .twitter)
            for warning in tweet.status.warnings {
                #expect(
                    Self.expectedWarnings.contains { warning.contains($0) },
                    "\(tweet.file): tweet \(tweet.status.id): \(warning)")
            }
        }
        // YYKit's stub users are all on their page.
        for tweet in yykit.flatMap(Self.walk) {
            #expect(tweet.status.user != nil, "\(tweet.file): tweet \(tweet.status.id) has no author")
        }
    }

    @Test("no text keeps &amp; or a media link, and every tweet with a text or media shows one")
    func texts() throws {
        let (v1, v2, yykit, _) = try Self.read()
        var checked = 0
        for tweet in (v1 + v2 + yykit).flatMap(Self.walk) {
            let text = tweet.status.text.string
            let place = "\(tweet.file): tweet \(tweet.status.id)"
            #expect(
                !text.contains("&amp;") && !text.contains("&lt;") && !text.contains("&gt;"),
                "\(place): \(text.prefix(100))")
            for link in Self.mediaLinks(tweet.json) where text.contains(link.url) || text.contains(link.display) {
                // Only where the entity was not where its indices said (a fixture edited by hand): noted.
                #expect(
                    tweet.status.warnings.contains { $0.contains("holds \"") },
                    "\(place) shows its media link \(link.url): \(text.suffix(60))")
            }
            if tweet.v2, !(((tweet.json["attachments"] as? [String: Any])?["media_keys"] as? [Any]) ?? []).isEmpty {
                #expect(
                    text.range(of: #"https://t\.co/\w+$"#, options: .regularExpression) == nil,
                    "\(place) ends in its media link")
            }
            if Self.hasContent(tweet.json, v2: tweet.v2) {
                #expect(
                    !text.isEmpty || !tweet.status.pictures.isEmpty, "\(place) has a text or media but shows neither")
            }
            for entity in tweet.status.text.entities {
                let covered = String(decoding: Array(text.utf8)[entity.range], as: UTF8.self)
                let sigil: [Character] =
                    switch entity.kind {
                    case .mention: ["@", "＠"]
                    case .topic: ["#", "＃"]
                    case .cashtag: ["$"]
                    default: []
                    }
                #expect(
                    sigil.isEmpty || covered == "…" || sigil.contains(covered.first ?? " "),
                    "\(place): \(entity.kind) over \"\(covered)\"")
            }
            checked += 1
        }
        #expect(checked > 1_400)
    }
}
