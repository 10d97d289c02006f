/// The HTML of m.weibo.cn's and weibo.com's `text`, as the Weibo web clients show it:
/// - `<br>` a line break; every other tag dropped, its text kept; entities decoded;
/// - an `<a>` whose text is `@name` a mention, `#topic#` (or `#topic[超话]#`) a topic, anything
///   else a link to its `href`; an image inside it (the `url-icon` span's, weibo.com's
///   `icon-link`) its icon;
/// - an `<img>` outside a link (m.weibo.cn's `url-icon` spans): an emoticon by its `alt`
///   (`[偷笑]`), else an icon by its `src`.
enum WeiboHTML {
    /// The resolved text of `html` (with the status's `url_struct` and topics kept for the record).
    static func text(_ html: String, links: [StatusLink] = [], topics: [String] = []) -> StatusText {
        if HTMLFragment.isPlain(html) {
            var text = StatusText(resolved: html.trimmingASCIISpaces)
            text.links = links
            text.topics = topics
            return text
        }
        var builder = ResolvedTextBuilder()
        var anchor: (start: Int, href: String, text: String)?
        var anchorDepth = 0
        for event in HTMLFragment(html).events {
            switch event {
            case .start(.br, _):
                builder.lineBreak()
            case .start(.p, _), .end(.p), .start(.div, _), .end(.div):
                builder.paragraphBreak()
            case .start(.a, let attributes):
                if anchor == nil {
                    anchor = (builder.currentOffset, attributes.href, "")
                } else {
                    anchorDepth += 1
                }
            case .end(.a):
                if anchorDepth > 0 {
                    anchorDepth -= 1
                } else if let open = anchor {
                    anchor = nil
                    builder.entity(kind(ofLink: open.text, href: open.href), from: open.start)
                }
            case .start(.img, let attributes):
                if anchor != nil {
                    builder.image(.icon(attributes.src))
                } else if isEmoticon(attributes.alt) {
                    let start = builder.currentOffset
                    builder.image(.emoticon(attributes.alt))
                    builder.entity(.emoticon(String(attributes.alt.dropFirst().dropLast())), from: start)
                } else {
                    builder.image(.icon(attributes.src))
                }
            case .text(let text):
                builder.append(text)
                if anchor != nil { anchor!.text += text }
            case .start, .end:
                break
            }
        }
        var text = builder.finish()
        text.links = links
        text.topics = topics
        return text
    }

    /// `[name]`.
    static func isEmoticon(_ alt: String) -> Bool {
        alt.count >= 3 && alt.hasPrefix("[") && alt.hasSuffix("]")
    }

    /// What a link is by its text: a mention, a topic, or a link to `href`.
    static func kind(ofLink text: String, href: String) -> TextEntity.Kind {
        let trimmed = text.trimmingASCIISpaces
        if trimmed.hasPrefix("@"), trimmed.count > 1 { return .mention(String(trimmed.dropFirst())) }
        if trimmed.count > 2, trimmed.hasPrefix("#"), trimmed.hasSuffix("#") {
            return .topic(String(trimmed.dropFirst().dropLast()))
        }
        return .link(href)
    }
}
