/// The HTML of a Mastodon status's `content`, as Mastodon's web client shows it:
/// - `<p>` paragraphs separated by one empty line (the client's paragraph margin is one line of
///   its text), `<br>` a line break, white space collapsed as a browser collapses it; a
///   `blockquote`, a `pre` or a heading is a block of its own like a paragraph, a list item a
///   line after its marker ("• ", or "1. " in a numbered list), a `div` a block without margins;
/// - a link is an entity over its visible text as the client shows it (`span.invisible` hidden,
///   `span.ellipsis` followed by "…"): a topic when its class is `hashtag` or its text starts with
///   "#" (the client's rule: with no "%"), a mention when its class is `mention` or its `href` is
///   the URL of one of the status's `mentions` (named by that mention's `acct`, else by its text
///   without the "@"), else a link to its `href`;
/// - `:shortcode:` naming one of the status's custom emoji (in a link or outside one) is an
///   inline image (U+FFFC); any other shortcode stays text;
/// - the quote fallback ("RE: <link>", the class `quote-inline`) is hidden when the quoted status
///   is shown, as the client hides it;
/// - every other tag is dropped, its text kept (scripts and styles show nothing, images nothing);
///   character references are decoded. Nothing of the markup is kept.
enum MastodonHTML {
    /// The resolved text of `html`.
    ///
    /// - Parameters:
    ///   - emojis: the status's custom emoji (the first of a shortcode sent twice wins).
    ///   - mentions: the status's mentions: each one's profile URL (`url`) and handle (`acct`).
    ///   - hidesQuoteFallback: whether the quoted status is shown, so that `.quote-inline` is not.
    /// - Complexity: O(n) in the length of `html`.
    static func text(
        _ html: String, emojis: [CustomEmoji] = [], mentions: [String: String] = [:],
        hidesQuoteFallback: Bool = false
    ) -> StatusText {
        if HTMLFragment.isPlain(html), emojis.isEmpty || !html.utf8.contains(0x3A) {
            return StatusText(resolved: html.trimmingASCIISpaces)
        }
        var reader = Reader(
            capacity: html.utf8.count, emojis: emojis, mentions: mentions, hidesQuoteFallback: hidesQuoteFallback)
        HTMLFragment.read(html) { reader.handle($0) }
        return reader.builder.finish()
    }

    /// What a link's class says it is.
    private enum LinkClass {
        case none, mention, hashtag
    }

    /// An open element: what its end undoes.
    private struct Frame {
        var element: HTMLFragment.Element
        /// Shown: no hidden element around it, and not hidden itself.
        var visible: Bool
        /// `span.invisible` or the quote fallback: nothing inside it is shown.
        var hides = false
        /// `span.ellipsis`: "…" after it.
        var ellipsis = false
        /// The link whose entity its end makes (the outermost `<a>`).
        var opensLink = false
        /// A numbered list (`ol`).
        var ordered = false
        /// A list's items so far.
        var items = 0
    }

    /// The state of one read: the text so far, the open elements, the open link.
    private struct Reader {
        var builder: ResolvedTextBuilder
        let emojis: [String: String]
        let mentions: [String: String]
        let hidesQuoteFallback: Bool
        private var stack: [Frame] = []
        /// How many open elements hide what they hold.
        private var hidden = 0
        /// How many visible lists are open.
        private var lists = 0
        private var link: (start: Int, href: String, kind: LinkClass)?

        init(capacity: Int, emojis: [CustomEmoji], mentions: [String: String], hidesQuoteFallback: Bool) {
            builder = ResolvedTextBuilder(capacity: capacity)
            var table: [String: String] = [:]
            for emoji in emojis where table[emoji.shortcode] == nil { table[emoji.shortcode] = emoji.url }
            self.emojis = table
            self.mentions = mentions
            self.hidesQuoteFallback = hidesQuoteFallback
        }

        mutating func handle(_ event: HTMLFragment.Event) {
            switch event {
            case .start(let element, let attributes):
                var frame = Frame(element: element, visible: hidden == 0)
                frame.hides =
                    attributes.hasClass("invisible") || (hidesQuoteFallback && attributes.hasClass("quote-inline"))
                frame.ellipsis = attributes.hasClass("ellipsis")
                frame.ordered = element == .ol
                if frame.hides {
                    frame.visible = false
                    hidden += 1
                }
                if frame.visible { open(&frame, attributes) }
                stack.append(frame)
            case .end(let element):
                // The nearest open element of the kind; any left open inside it end with it.
                guard let index = stack.lastIndex(where: { $0.element == element }) else { return }
                for frame in stack[index...].reversed() { close(frame) }
                stack.removeSubrange(index...)
            case .text(let text):
                if hidden == 0 { append(text) }
            }
        }

        private mutating func open(_ frame: inout Frame, _ attributes: HTMLFragment.Attributes) {
            switch frame.element {
            case .br: builder.lineBreak()
            case .p: if lists == 0 { builder.paragraphBreak() }
            case .div: builder.lineStart()
            case .block: if lists == 0 { builder.paragraphBreak() } else { builder.lineStart() }
            case .ul, .ol:
                if lists == 0 { builder.paragraphBreak() } else { builder.lineStart() }
                lists += 1
            case .li:
                builder.lineStart()
                if let list = stack.lastIndex(where: { ($0.element == .ul || $0.element == .ol) && $0.visible }) {
                    stack[list].items += 1
                    builder.append(stack[list].ordered ? "\(stack[list].items). " : "• ")
                } else {
                    builder.append("• ")
                }
            case .a:
                guard link == nil else { return }
                frame.opensLink = true
                let kind: LinkClass =
                    attributes.hasClass("hashtag") ? .hashtag : attributes.hasClass("mention") ? .mention : .none
                link = (builder.currentOffset, attributes.href, kind)
            case .span, .img, .other: break
            }
        }

        private mutating func close(_ frame: Frame) {
            if frame.hides { hidden -= 1 }
            guard frame.visible else { return }
            if frame.ellipsis { builder.append("…") }
            switch frame.element {
            case .p, .block: if lists == 0 { builder.paragraphBreak() } else { builder.lineStart() }
            case .div, .li: builder.lineStart()
            case .ul, .ol:
                lists -= 1
                if lists == 0 { builder.paragraphBreak() } else { builder.lineStart() }
            case .a:
                if frame.opensLink, let open = link {
                    link = nil
                    if let kind = linkKind(open) { builder.entity(kind, from: open.start) }
                }
            case .br, .span, .img, .other: break
            }
        }

        /// What the link appended since its start is: see ``MastodonHTML``. Nil for a link with
        /// no `href` that is neither a mention nor a topic (its text is kept, untappable).
        private func linkKind(_ link: (start: Int, href: String, kind: LinkClass)) -> TextEntity.Kind? {
            let shown = String(builder.text(from: link.start).unicodeScalars.filter { $0 != "\u{FFFC}" })
                .trimmingASCIISpaces
            let startsWithHash = shown.hasPrefix("#") || shown.hasPrefix("＃")
            if link.kind == .hashtag || (link.kind == .none && startsWithHash && !shown.contains("%")) {
                let name = (startsWithHash ? String(shown.dropFirst()) : shown).trimmingASCIISpaces
                if !name.isEmpty { return .topic(name) }
            }
            if link.kind == .mention || mentions[link.href] != nil {
                let name = mentions[link.href] ?? (shown.hasPrefix("@") ? String(shown.dropFirst()) : shown)
                if !name.isEmpty { return .mention(name) }
            }
            return link.href.isEmpty ? nil : .link(link.href)
        }

        /// Appends characters, each `:shortcode:` of a custom emoji of the status as its image.
        private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
            guard !emojis.isEmpty else {
                builder.append(text)
                return
            }
            var run = 0  // the start of the characters not yet appended
            var index = 0
            while index < text.count {
                guard text[index] == 0x3A else {
                    index += 1
                    continue
                }
                // A colon: the next one closes a shortcode when what lies between is one.
                var close = index + 1
                while close < text.count, text[close] != 0x3A { close += 1 }
                guard close < text.count else { break }
                let code = UnsafeBufferPointer(rebasing: text[(index + 1)..<close])
                if !code.isEmpty, code.count <= Self.longestShortcode, code.allSatisfy(Self.isShortcodeByte),
                    case let shortcode = String(decoding: code, as: UTF8.self), let url = emojis[shortcode]
                {
                    builder.append(UnsafeBufferPointer(rebasing: text[run..<index]))
                    builder.image(.customEmoji(shortcode: shortcode, url: url))
                    index = close + 1
                    run = index
                } else {
                    index = close  // the closing colon may open the next one
                }
            }
            builder.append(UnsafeBufferPointer(rebasing: text[run...]))
        }

        /// Longer runs between colons are not looked up (Mastodon's shortcodes are short words).
        static let longestShortcode = 100

        /// A letter, a digit or `_`: the bytes of a Mastodon shortcode.
        static func isShortcodeByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F
        }
    }
}
