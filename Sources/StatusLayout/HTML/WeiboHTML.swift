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
        var builder = ResolvedTextBuilder(capacity: html.utf8.count)
        var anchor: (start: Int, href: String)?
        var anchorDepth = 0
        HTMLFragment.read(html) { event in
            switch event {
            case .start(.br, _):
                builder.lineBreak()
            case .start(.p, _), .end(.p), .start(.div, _), .end(.div):
                builder.paragraphBreak()
            case .start(.a, let attributes):
                if anchor == nil {
                    anchor = (builder.currentOffset, attributes.href)
                } else {
                    anchorDepth += 1
                }
            case .end(.a):
                if anchorDepth > 0 {
                    anchorDepth -= 1
                } else if let open = anchor {
                    anchor = nil
                    builder.entity(builder.linkKind(from: open.start, href: open.href), from: open.start)
                }
            case .start(.img, let attributes):
                if anchor != nil || !attributes.altIsEmoticon {
                    builder.image(.icon(attributes.src))
                } else {
                    let alt = attributes.alt
                    let start = builder.currentOffset
                    builder.image(.emoticon(alt))
                    builder.entity(.emoticon(String(alt.dropFirst().dropLast())), from: start)
                }
            case .text(let text):
                builder.append(text)
            case .start, .end:
                break
            }
        }
        var text = builder.finish()
        text.links = links
        text.topics = topics
        return text
    }
}
