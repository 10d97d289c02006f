import BenchmarkSupport
import Foundation
import StatusLayout

/// The corpus's open-API statuses rewritten as m.weibo.cn and weibo.com would send the same
/// content, for the `decode-mobile` and `decode-pc` scenarios and the test that the three shapes
/// give the same cells: the text's mentions, topics, links and emoticons as the web clients'
/// HTML (found by the cell's own rich-text rules, so that the content is the same), pictures as
/// m.weibo.cn's `pics` (sizes under `geo`, some as strings) or weibo.com's `pic_infos` with every
/// variant, counts as strings where the web APIs send them so.
public enum WebShapes {
    /// The m.weibo.cn `mblog` of an open-API status (a JSON object's bytes).
    public static func mobile(_ classic: [UInt8]) throws -> [UInt8] {
        var status = try object(classic)
        let text = status["text"] as? String ?? ""
        status["text"] = html(text)
        status["pics"] = pictures(status).enumerated().map { index, picture in
            var pic: [String: Any] = [
                "pid": picture.pid, "url": "https://wx1.sinaimg.cn/orj360/\(picture.pid).jpg", "size": "orj360",
            ]
            if let width = picture.width, let height = picture.height {
                pic["geo"] =
                    ["width": index % 2 == 0 ? width as Any : String(width), "height": height, "croped": false]
                    as [String: Any]
                pic["large"] =
                    [
                        "size": "large", "url": "https://wx1.sinaimg.cn/large/\(picture.pid).jpg",
                        "geo": ["width": String(width * 2), "height": String(height * 2), "croped": false],
                    ] as [String: Any]
            }
            return pic
        }
        status["pic_urls"] = nil
        status["bid"] = "N\(status["idstr"] ?? "")"
        status["reposts_count"] = (status["reposts_count"] as? Int).map(String.init) ?? "0"
        status["created_at"] = "06-27"
        if var retweet = status["retweeted_status"] as? [String: Any] {
            retweet["text"] = html(retweet["text"] as? String ?? "")
            retweet["pics"] = pictures(retweet).map { picture -> [String: Any] in
                var pic: [String: Any] = ["pid": picture.pid, "url": "u"]
                if let width = picture.width, let height = picture.height {
                    pic["geo"] = ["width": width, "height": height]
                }
                return pic
            }
            retweet["pic_urls"] = nil
            status["retweeted_status"] = retweet
        }
        return try JSONSerialization.data(withJSONObject: status).map { $0 }
    }

    /// The weibo.com ajax `list` element of an open-API status: `text_raw` (the plain text) beside
    /// an HTML `text`, `pic_ids` with `pic_infos` of every variant, `region_name`.
    public static func pc(_ classic: [UInt8]) throws -> [UInt8] {
        var status = try object(classic)
        let text = status["text"] as? String ?? ""
        status["text_raw"] = text
        status["text"] = html(text)
        func infos(_ s: [String: Any]) -> ([String], [String: Any]) {
            let pictures = pictures(s)
            var infos: [String: Any] = [:]
            for picture in pictures {
                func variant(_ name: String, _ scale: Int) -> [String: Any] {
                    var variant: [String: Any] = [
                        "url": "https://wx2.sinaimg.cn/\(name)/\(picture.pid).jpg", "cut_type": 1, "type": "",
                    ]
                    if let width = picture.width, let height = picture.height {
                        // Every variant's size is the picture's, scaled: the aspect is the same.
                        variant["width"] = width * scale / 2
                        variant["height"] = String(height * scale / 2)
                    }
                    return variant
                }
                infos[picture.pid] = [
                    "thumbnail": variant("wap180", 1), "bmiddle": variant("wap360", 2), "large": variant("orj960", 4),
                    "original": variant("orj1080", 4), "largest": variant("large", 6), "mw2000": variant("mw2000", 6),
                    "object_id": "1042018:\(picture.pid)", "pic_id": picture.pid, "photo_tag": 0, "type": "pic",
                ]
            }
            return (pictures.map(\.pid), infos)
        }
        (status["pic_ids"], status["pic_infos"]) = infos(status)
        status["pic_urls"] = nil
        status["pic_num"] = (status["pic_ids"] as? [String])?.count ?? 0
        status["region_name"] = "发布于 北京"
        status["mblogid"] = "M\(status["idstr"] ?? "")"
        if var retweet = status["retweeted_status"] as? [String: Any] {
            retweet["text_raw"] = retweet["text"]
            retweet["text"] = html(retweet["text"] as? String ?? "")
            (retweet["pic_ids"], retweet["pic_infos"]) = infos(retweet)
            retweet["pic_urls"] = nil
            status["retweeted_status"] = retweet
        }
        return try JSONSerialization.data(withJSONObject: status).map { $0 }
    }

    /// A text as m.weibo.cn writes it: its rich text's entities (found by the cell's own rules)
    /// as the web client's links and images, the rest escaped, line breaks as `<br />`.
    public static func html(_ text: String) -> String {
        let rich = RichTextBuilder().build(text, fontSize: 17)
        let utf8 = Array(rich.text.string.utf8)
        var html = ""
        func plain(_ bytes: ArraySlice<UInt8>) { plain(String(decoding: bytes, as: UTF8.self)) }
        func plain(_ text: String) {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": html += "&amp;"
                case "<": html += "&lt;"
                case ">": html += "&gt;"
                case "\n": html += "<br />"
                default: html.unicodeScalars.append(scalar)
                }
            }
        }
        var at = 0
        for entity in rich.entities {
            plain(utf8[at..<entity.range.lowerBound])
            switch entity.kind {
            case .mention(let name):
                let path = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                html += "<a href='/n/\(path)'>@"
                plain(name)
                html += "</a>"
            case .topic(let topic):
                let query = topic.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                html +=
                    "<a href=\"https://m.weibo.cn/search?containerid=231522type%3D1%26q%3D%23\(query)%23\" data-hide=\"\"><span class=\"surl-text\">#"
                plain(topic)
                html += "#</span></a>"
            case .emoticon(let name):
                // The alt as m.weibo.cn writes it, unquoted: an emoticon's name has no space or quote.
                var alt = ""
                for scalar in name.unicodeScalars {
                    switch scalar {
                    case "&": alt += "&amp;"
                    case "<": alt += "&lt;"
                    case ">": alt += "&gt;"
                    default: alt.unicodeScalars.append(scalar)
                    }
                }
                html +=
                    "<span class=\"url-icon\"><img alt=[\(alt)] src=\"//h5.sinaimg.cn/m/emoticon/icon/default/d_\(name.utf8.count).png\" style=\"width:1em; height:1em;\" /></span>"
            case .link(let url):
                html +=
                    "<a data-url=\"\(url)\" href=\"https://weibo.cn/sinaurl?u=\(url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")\" data-hide=\"\"><span class='url-icon'><img style='width: 1rem;height: 1rem' src='https://h5.sinaimg.cn/upload/2015/09/25/3/timeline_card_small_web_default.png'></span><span class=\"surl-text\">网页链接</span></a>"
            case .cashtag(let symbol):
                plain("$" + symbol)
            }
            at = entity.range.upperBound
        }
        plain(utf8[at...])
        return html
    }

    /// Whether a text reads the same as HTML: no white space that a browser collapses (two spaces,
    /// a tab, a space at an end or beside a line break).
    public static func survivesHTML(_ text: String) -> Bool {
        !text.contains("  ") && !text.contains("\t") && !text.contains("\r") && !text.hasPrefix(" ")
            && !text.hasSuffix(" ")
            && !text.contains(" \n") && !text.contains("\n ")
            && !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }
            && !text.hasPrefix("\n") && !text.hasSuffix("\n")
    }

    private static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw BenchmarkError("not a status object")
        }
        return object
    }

    private static func pictures(_ status: [String: Any]) -> [(pid: String, width: Int?, height: Int?)] {
        (status["pic_urls"] as? [[String: Any]] ?? []).enumerated().map { index, picture in
            (picture["pid"] as? String ?? "p\(index)", picture["width"] as? Int, picture["height"] as? Int)
        }
    }
}
