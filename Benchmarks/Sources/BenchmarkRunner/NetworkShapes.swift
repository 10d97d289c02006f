import BenchmarkSupport
import Foundation
import StatusLayout

/// The corpus's statuses rewritten as Twitter (API v1.1) and Mastodon would send the same
/// content, for the `decode-twitter`, `decode-mastodon` and `cell-height-cold-twitter` /
/// `-mastodon` scenarios: the text's mentions, topics and links (found by the Weibo cell's own
/// rules) as each network's entities or markup, pictures as each network's media with sizes.
public enum NetworkShapes {
    /// A Twitter API v1.1 tweet of an open-API status (a JSON object's bytes), `tweet_mode=extended`:
    /// `full_text` with `display_text_range`, entities by code-point indices, photos in
    /// `extended_entities.media` (their t.co link at the end), a retweet's original nested.
    public static func twitter(_ classic: [UInt8]) throws -> [UInt8] {
        try JSONSerialization.data(withJSONObject: tweet(try object(classic), depth: 0)).map { $0 }
    }

    /// A Mastodon `Status` of an open-API status: `content` as the server writes it (paragraphs,
    /// h-card mentions, hashtag links, links with invisible spans), media attachments with
    /// `meta.original`, a retweet as `reblog`.
    public static func mastodon(_ classic: [UInt8]) throws -> [UInt8] {
        try JSONSerialization.data(withJSONObject: toot(try object(classic), depth: 0)).map { $0 }
    }

    // MARK: Twitter

    private static func tweet(_ status: [String: Any], depth: Int) -> [String: Any] {
        let id = status["idstr"] as? String ?? String(describing: status["id"] ?? "1")
        let user = status["user"] as? [String: Any] ?? [:]
        let name = user["screen_name"] as? String ?? "user"
        let rich = RichTextBuilder().build(status["text"] as? String ?? "", fontSize: 17)
        var text = ""
        var count = 0  // code points so far
        func add(_ piece: String) {
            text += piece
            count += piece.unicodeScalars.count
        }
        var mentions: [[String: Any]] = [], hashtags: [[String: Any]] = [], urls: [[String: Any]] = []
        let utf8 = Array(rich.text.string.utf8)
        var at = 0
        func plain(_ bytes: ArraySlice<UInt8>) {
            // Twitter escapes &, < and > in the text (and counts the escapes).
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where scalar != "\u{FFFC}" {
                switch scalar {
                case "&": add("&amp;")
                case "<": add("&lt;")
                case ">": add("&gt;")
                default: add(String(scalar))
                }
            }
        }
        for entity in rich.entities {
            plain(utf8[at..<entity.range.lowerBound])
            let start = count
            switch entity.kind {
            case .mention(let mention):
                add("@" + mention)
                mentions.append(["screen_name": mention, "name": mention, "id_str": "1", "indices": [start, count]])
            case .topic(let topic):
                let tag = topic.replacingOccurrences(of: " ", with: "_")
                add("#" + tag)
                hashtags.append(["text": tag, "indices": [start, count]])
            case .link(let url):
                let short = "https://t.co/\(String(stableHash(url) % 1_000_000_000, radix: 36))"
                add(short)
                urls.append([
                    "url": short, "expanded_url": url,
                    "display_url": String(url.drop { $0 != "/" }.dropFirst(2).prefix(26)) + "…",
                    "indices": [start, count],
                ])
            case .emoticon(let emoticon):
                add("[\(emoticon)]")
            case .cashtag(let symbol):
                add("$" + symbol)
            }
            at = entity.range.upperBound
        }
        plain(utf8[at...])
        let displayEnd = count
        var media: [[String: Any]] = []
        let pictures = (status["pic_urls"] as? [[String: Any]] ?? []).prefix(4)
        if !pictures.isEmpty {
            add(" ")
            let start = count
            add("https://t.co/m\(id.suffix(8))")
            for (index, picture) in pictures.enumerated() {
                let width = picture["width"] as? Int ?? 1200, height = picture["height"] as? Int ?? 900
                media.append([
                    "id_str": "\(id)\(index)", "type": "photo",
                    "media_url_https": "https://pbs.twimg.com/media/\(id)\(index).jpg",
                    "url": "https://t.co/m\(id.suffix(8))", "display_url": "pic.twitter.com/\(id.suffix(10))",
                    "indices": [start, count], "original_info": ["width": width, "height": height],
                    "sizes": [
                        "large": ["w": width, "h": height, "resize": "fit"],
                        "small": ["w": width / 2, "h": height / 2, "resize": "fit"],
                    ],
                ])
            }
        }
        var tweet: [String: Any] = [
            "id_str": id, "created_at": status["created_at"] as? String ?? "Sun Nov 29 20:00:00 +0800 2026",
            "full_text": text, "display_text_range": [0, displayEnd], "truncated": false,
            "source": "<a href=\"https://mobile.twitter.com\" rel=\"nofollow\">Twitter Web App</a>",
            "user": [
                "id_str": "\(stableHash(name) % 1_000_000)", "name": user["name"] as? String ?? name,
                "screen_name": name,
                "verified": user["verified"] as? Bool ?? false,
                "profile_image_url_https": "https://pbs.twimg.com/profile_images/1/a_normal.jpg",
            ],
            "entities": [
                "hashtags": hashtags, "symbols": [], "user_mentions": mentions, "urls": urls,
                "media": media.prefix(1).map { $0 },
            ],
            "retweet_count": status["reposts_count"] as? Int ?? 0,
            "favorite_count": status["attitudes_count"] as? Int ?? 0,
            "favorited": false, "retweeted": false, "lang": "zh", "is_quote_status": false,
        ]
        if !media.isEmpty { tweet["extended_entities"] = ["media": media] }
        if depth == 0, let original = status["retweeted_status"] as? [String: Any] {
            let nested = self.tweet(original, depth: 1)
            let author = (nested["user"] as? [String: Any])?["screen_name"] as? String ?? "user"
            tweet["retweeted_status"] = nested
            // The retweet's own text is "RT @author: " and the original's start, its only entity the mention.
            let retweetText =
                "RT @\(author): "
                + String((nested["full_text"] as? String ?? "").unicodeScalars.prefix(100).map(Character.init))
            tweet["full_text"] = retweetText
            tweet["display_text_range"] = [0, retweetText.unicodeScalars.count]
            tweet["entities"] = [
                "hashtags": [], "symbols": [], "urls": [], "media": [],
                "user_mentions": [
                    [
                        "screen_name": author, "name": author, "id_str": "1",
                        "indices": [3, 4 + author.unicodeScalars.count],
                    ]
                ],
            ]
            tweet["extended_entities"] = nil
        }
        return tweet
    }

    // MARK: Mastodon

    private static func toot(_ status: [String: Any], depth: Int) -> [String: Any] {
        let id = status["idstr"] as? String ?? String(describing: status["id"] ?? "1")
        let user = status["user"] as? [String: Any] ?? [:]
        let name = user["screen_name"] as? String ?? "user"
        let rich = RichTextBuilder().build(status["text"] as? String ?? "", fontSize: 17)
        let utf8 = Array(rich.text.string.utf8)
        var html = "<p>"
        func plain(_ bytes: ArraySlice<UInt8>) {
            var newlines = 0
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where scalar != "\u{FFFC}" {
                if scalar == "\n" {
                    newlines += 1
                    continue
                }
                if newlines > 0 { html += newlines > 1 ? "</p><p>" : "<br />" }
                newlines = 0
                switch scalar {
                case "&": html += "&amp;"
                case "<": html += "&lt;"
                case ">": html += "&gt;"
                case "\"": html += "&quot;"
                default: html.unicodeScalars.append(scalar)
                }
            }
            if newlines > 0 { html += newlines > 1 ? "</p><p>" : "<br />" }
        }
        var mentions: [[String: Any]] = [], tags: [[String: Any]] = []
        var at = 0
        for entity in rich.entities {
            plain(utf8[at..<entity.range.lowerBound])
            switch entity.kind {
            case .mention(let mention):
                let path = mention.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"
                html +=
                    "<span class=\"h-card\" translate=\"no\"><a href=\"https://example.social/@\(path)\" class=\"u-url mention\">@<span>\(mention)</span></a></span>"
                mentions.append([
                    "id": "1", "username": mention, "acct": mention, "url": "https://example.social/@\(path)",
                ])
            case .topic(let topic):
                let tag = topic.replacingOccurrences(of: " ", with: "_")
                let path = tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"
                html +=
                    "<a href=\"https://example.social/tags/\(path)\" class=\"mention hashtag\" rel=\"tag\">#<span>\(tag)</span></a>"
                tags.append(["name": tag, "url": "https://example.social/tags/\(path)"])
            case .link(let url):
                let rest = String(url.drop { $0 != "/" }.dropFirst(2))
                let shown = rest.prefix(30), hidden = rest.dropFirst(30)
                html +=
                    "<a href=\"\(url)\" target=\"_blank\" rel=\"nofollow noopener noreferrer\" translate=\"no\"><span class=\"invisible\">https://</span>"
                    + "<span class=\"\(hidden.isEmpty ? "" : "ellipsis")\">\(shown)</span><span class=\"invisible\">\(hidden)</span></a>"
            case .emoticon(let emoticon):
                html += "[\(emoticon)]"
            case .cashtag(let symbol):
                html += "$" + symbol
            }
            at = entity.range.upperBound
        }
        plain(utf8[at...])
        html += "</p>"
        let media = (status["pic_urls"] as? [[String: Any]] ?? []).enumerated().map { index, picture -> [String: Any] in
            let width = picture["width"] as? Int ?? 1200, height = picture["height"] as? Int ?? 900
            return [
                "id": "\(id)\(index)", "type": "image", "url": "https://files.example.social/media/\(id)\(index).jpg",
                "preview_url": "https://files.example.social/small/\(id)\(index).jpg", "description": NSNull(),
                "meta": [
                    "original": [
                        "width": width, "height": height, "size": "\(width)x\(height)",
                        "aspect": Double(width) / Double(height),
                    ],
                    "small": [
                        "width": width / 3, "height": height / 3, "size": "\(width / 3)x\(height / 3)",
                        "aspect": Double(width) / Double(height),
                    ],
                ],
            ]
        }
        var toot: [String: Any] = [
            "id": id, "created_at": "2026-11-29T12:00:00.000Z", "in_reply_to_id": NSNull(),
            "in_reply_to_account_id": NSNull(),
            "sensitive": false, "spoiler_text": "", "visibility": "public", "language": "zh",
            "uri": "https://example.social/users/\(name)/statuses/\(id)",
            "url": "https://example.social/@\(name)/\(id)",
            "replies_count": status["comments_count"] as? Int ?? 0,
            "reblogs_count": status["reposts_count"] as? Int ?? 0,
            "favourites_count": status["attitudes_count"] as? Int ?? 0, "edited_at": NSNull(), "content": html,
            "reblog": NSNull(), "application": ["name": "Web", "website": NSNull()],
            "account": [
                "id": "\(stableHash(name) % 1_000_000)", "username": name, "acct": name,
                "display_name": user["name"] as? String ?? name,
                "locked": false, "bot": false, "avatar": "https://files.example.social/avatars/1.png",
                "avatar_static": "https://files.example.social/avatars/1.png", "emojis": [], "fields": [],
            ],
            "media_attachments": media, "mentions": mentions, "tags": tags, "emojis": [], "card": NSNull(),
            "poll": NSNull(),
        ]
        if depth == 0, let original = status["retweeted_status"] as? [String: Any] {
            toot["reblog"] = self.toot(original, depth: 1)
            toot["content"] = ""
            toot["media_attachments"] = []
        }
        return toot
    }

    /// FNV-1a of the UTF-8 bytes: the same in every run (Swift's `hashValue` is seeded per process).
    private static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    private static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw BenchmarkError("not a status object")
        }
        return object
    }
}
