import TextLayout

/// Turns status text into ``RichText`` for a font size.
///
/// A plain (Weibo) text is read left to right: a `url_struct` entry's string where one starts
/// (replaced by its icon and title, cut at the title limit with "…"; a trailing one naming the
/// status's card is dropped, as YYKit's cell shows the card instead), else `http(s)://…` URLs
/// (t.cn short links included: a link icon and ``linkLabel``), `#topic#` (up to 64 characters on
/// one line, not empty), `@name` (letters, digits, `_` and `-`, up to 30), `[name]` when the name
/// is in the emoticon table. A resolved text (HTML, Twitter's entities) is taken as decoded: its
/// inline images become attachments of ``imageSize`` and its entities keep their ranges.
public struct RichTextBuilder: Sendable, Hashable {
    /// What a URL that no `url_struct` entry names is replaced by, after its icon.
    public var linkLabel: String
    /// The known emoticons.
    public var emoticons: EmoticonTable
    /// The size of an emoticon image and of the link icon, relative to the font size.
    public var imageSize: InlineImageSize

    /// Makes a builder.
    public init(
        linkLabel: String = "网页链接", emoticons: EmoticonTable = .weibo, imageSize: InlineImageSize = InlineImageSize()
    ) {
        self.linkLabel = linkLabel
        self.emoticons = emoticons
        self.imageSize = imageSize
    }

    /// How a status's links are shown: what YYKit's cell decides from the status around its text.
    public struct LinkOptions: Sendable, Hashable {
        /// A `url_struct` title is cut after this many characters and ends in "…".
        public var titleLimit: Int
        /// A `url_struct` entry at the very end of the text whose `page_id` is this card's is
        /// dropped (the card shows it); nil keeps every entry.
        public var droppedCardPageID: String?

        /// Makes options: the title limit, and the card whose trailing link is dropped.
        public init(titleLimit: Int = 27, droppedCardPageID: String? = nil) {
            self.titleLimit = titleLimit
            self.droppedCardPageID = droppedCardPageID
        }
    }

    private func emoticonSize(_ fontSize: Double) -> TextAttachment { imageSize.attachment(fontSize: fontSize) }

    /// Builds the rich text of `text` for a font size; `retweetOf` prefixes "@name:" (a mention).
    ///
    /// - Complexity: O(n) in the length of the text (times the `url_struct` entries starting
    ///   with the same character).
    public func build(
        _ text: StatusText, fontSize: Double, retweetOf screenName: String? = nil,
        links options: LinkOptions = LinkOptions()
    ) -> RichText {
        build(text, fontSize: fontSize, retweetOf: screenName, options: options, entities: true)
    }

    /// Builds the rich text of a plain (Weibo) string; `retweetOf` prefixes "@name:" (a mention).
    public func build(_ text: String, fontSize: Double, retweetOf screenName: String? = nil) -> RichText {
        build(StatusText(plain: text), fontSize: fontSize, retweetOf: screenName)
    }

    /// The text alone of ``build(_:fontSize:retweetOf:links:)``, without its entities: what a
    /// cell's height needs (no entity names are copied out of the text).
    public func attributedText(
        _ text: StatusText, fontSize: Double, retweetOf screenName: String? = nil,
        links options: LinkOptions = LinkOptions()
    ) -> AttributedText {
        build(text, fontSize: fontSize, retweetOf: screenName, options: options, entities: false).text
    }

    func build(
        _ text: StatusText, fontSize: Double, retweetOf screenName: String?, options: LinkOptions,
        entities wanted: Bool
    ) -> RichText {
        var output = AttributedText("")
        output.reserveCapacity(text.string.utf8.count + (screenName?.utf8.count ?? 0) + 8)
        var entities: [TextEntity] = []
        var offset = 0  // UTF-8 length of output so far
        if let screenName {
            let prefixLength = 1 + screenName.utf8.count
            if wanted { entities.append(TextEntity(kind: .mention(screenName), range: offset..<offset + prefixLength)) }
            output.append("@")
            output.append(screenName)
            output.append(":")
            offset += prefixLength + 1
        }
        switch text.markup {
        case .plain:
            buildPlain(
                text, fontSize: fontSize, options: options, wanted: wanted, output: &output, offset: &offset,
                entities: &entities)
        case .resolved:
            buildResolved(
                text, fontSize: fontSize, wanted: wanted, output: &output, offset: &offset, entities: &entities)
        }
        return RichText(text: output, entities: entities)
    }

    /// A resolved text: its string with its images made attachments, its entities moved past the prefix.
    private func buildResolved(
        _ text: StatusText, fontSize: Double, wanted: Bool, output: inout AttributedText,
        offset: inout Int, entities: inout [TextEntity]
    ) {
        let base = offset
        let utf8 = text.string.utf8
        var copied = utf8.startIndex
        for attachment in text.attachments {
            let at = utf8.index(utf8.startIndex, offsetBy: attachment.offset)
            output.append(Substring(text.string[copied..<at]))
            output.append(emoticonSize(fontSize))
            copied = utf8.index(at, offsetBy: 3)  // past the U+FFFC
        }
        output.append(Substring(text.string[copied...]))
        offset += utf8.count
        if wanted {
            entities += text.entities.map {
                TextEntity(kind: $0.kind, range: base + $0.range.lowerBound..<base + $0.range.upperBound)
            }
        }
    }

    /// A plain text: Weibo's inline syntax and its `url_struct`, found left to right.
    private func buildPlain(
        _ text: StatusText, fontSize: Double, options: LinkOptions, wanted: Bool,
        output: inout AttributedText, offset: inout Int, entities: inout [TextEntity]
    ) {
        func appendText(_ piece: Substring) {
            output.append(piece)
            offset += piece.utf8.count
        }
        func appendIcon() {
            output.append(emoticonSize(fontSize))
            offset += 3  // U+FFFC
        }
        // The url_struct entries that can replace something, by the first scalar of their string.
        let links = text.links.filter { !$0.shortURL.isEmpty && !$0.title.isEmpty }
        let linkStarts = Set(links.compactMap { $0.shortURL.unicodeScalars.first })
        let string = text.string
        let scalars = string.unicodeScalars
        var plainStart = scalars.startIndex
        var i = scalars.startIndex
        func flushPlain(upTo end: String.UnicodeScalarView.Index) {
            if plainStart < end { appendText(Substring(scalars[plainStart..<end])) }
        }
        while i < scalars.endIndex {
            let c = scalars[i]
            var end: String.UnicodeScalarView.Index?
            if linkStarts.contains(c), let (link, linkEnd) = matchLink(links, in: string, at: i) {
                flushPlain(upTo: i)
                end = linkEnd
                if linkEnd == scalars.endIndex, let card = options.droppedCardPageID, link.pageID == card {
                    // Shown by the card: dropped (YYKit "cut the tail, show with card").
                } else {
                    let start = offset
                    if !link.iconURL.isEmpty { appendIcon() }
                    appendText(Substring(Self.cut(link.title, after: options.titleLimit)))
                    if wanted { entities.append(TextEntity(kind: .link(link.shortURL), range: start..<offset)) }
                }
            } else {
                switch c {
                case "h":
                    if let stop = urlEnd(scalars, from: i) {
                        flushPlain(upTo: i)
                        let start = offset
                        appendIcon()
                        appendText(linkLabel[...])
                        if wanted {
                            entities.append(TextEntity(kind: .link(String(scalars[i..<stop])), range: start..<offset))
                        }
                        end = stop
                    }
                case "#":
                    if let stop = topicEnd(scalars, from: i) {
                        flushPlain(upTo: i)
                        let start = offset
                        appendText(Substring(scalars[i..<stop]))
                        if wanted {
                            let topic = String(scalars[scalars.index(after: i)..<scalars.index(before: stop)])
                            entities.append(TextEntity(kind: .topic(topic), range: start..<offset))
                        }
                        end = stop
                    }
                case "@":
                    if let stop = mentionEnd(scalars, from: i) {
                        flushPlain(upTo: i)
                        let start = offset
                        appendText(Substring(scalars[i..<stop]))
                        if wanted {
                            entities.append(
                                TextEntity(
                                    kind: .mention(String(scalars[scalars.index(after: i)..<stop])),
                                    range: start..<offset))
                        }
                        end = stop
                    }
                case "[":
                    if let (stop, name) = emoticonEnd(scalars, from: i) {
                        flushPlain(upTo: i)
                        let start = offset
                        appendIcon()
                        if wanted { entities.append(TextEntity(kind: .emoticon(name), range: start..<offset)) }
                        end = stop
                    }
                default:
                    break
                }
            }
            if let end {
                i = end
                plainStart = end
            } else {
                i = scalars.index(after: i)
            }
        }
        flushPlain(upTo: scalars.endIndex)
    }

    /// The first `url_struct` entry whose string starts at `i`, and where it ends.
    private func matchLink(_ links: [StatusLink], in string: String, at i: String.UnicodeScalarView.Index)
        -> (StatusLink, String.UnicodeScalarView.Index)?
    {
        let rest = string.unicodeScalars[i...]
        for link in links {
            var j = i
            var matched = true
            for scalar in link.shortURL.unicodeScalars {
                guard j < rest.endIndex, rest[j] == scalar else {
                    matched = false
                    break
                }
                j = rest.index(after: j)
            }
            if matched { return (link, j) }
        }
        return nil
    }

    /// `title` cut after `limit` characters, with "…" (YYKit's `YYTextTruncationToken`), when longer.
    static func cut(_ title: String, after limit: Int) -> String {
        guard limit >= 0, title.count > limit else { return title }
        return String(title.prefix(limit)) + "\u{2026}"
    }

    private static func isURLCharacter(_ c: Unicode.Scalar) -> Bool {
        guard c.isASCII else { return false }
        switch c {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "-._~:/?#[]@!$&'()*+,;=%".unicodeScalars.contains(c)
        }
    }

    /// The end of a URL starting at `i` ("http://" or "https://" and at least one character).
    private func urlEnd(_ s: String.UnicodeScalarView, from i: String.UnicodeScalarView.Index) -> String
        .UnicodeScalarView.Index?
    {
        var j = i
        for expected in "http".unicodeScalars {
            guard j < s.endIndex, s[j] == expected else { return nil }
            j = s.index(after: j)
        }
        if j < s.endIndex, s[j] == "s" { j = s.index(after: j) }
        for expected in "://".unicodeScalars {
            guard j < s.endIndex, s[j] == expected else { return nil }
            j = s.index(after: j)
        }
        let hostStart = j
        while j < s.endIndex, Self.isURLCharacter(s[j]) { j = s.index(after: j) }
        // Sentence punctuation right after a URL is not part of it.
        while j > hostStart, ".,;:!?)'".unicodeScalars.contains(s[s.index(before: j)]) { j = s.index(before: j) }
        return j > hostStart ? j : nil
    }

    private func topicEnd(_ s: String.UnicodeScalarView, from i: String.UnicodeScalarView.Index) -> String
        .UnicodeScalarView.Index?
    {
        var j = s.index(after: i)
        var count = 0
        while j < s.endIndex, count <= 64 {
            let c = s[j]
            if c == "#" { return count > 0 ? s.index(after: j) : nil }
            if c == "\n" || c == "\r" { return nil }
            count += 1
            j = s.index(after: j)
        }
        return nil
    }

    private func mentionEnd(_ s: String.UnicodeScalarView, from i: String.UnicodeScalarView.Index) -> String
        .UnicodeScalarView.Index?
    {
        var j = s.index(after: i)
        var count = 0
        while j < s.endIndex, count < 30 {
            let c = s[j]
            let isName = c == "_" || c == "-" || c.properties.isAlphabetic || c.properties.numericType != nil
            if !isName { break }
            count += 1
            j = s.index(after: j)
        }
        return count > 0 ? j : nil
    }

    private func emoticonEnd(_ s: String.UnicodeScalarView, from i: String.UnicodeScalarView.Index)
        -> (String.UnicodeScalarView.Index, String)?
    {
        var j = s.index(after: i)
        var count = 0
        while j < s.endIndex, count <= 12 {
            if s[j] == "]" {
                let name = String(s[s.index(after: i)..<j])
                return emoticons.names.contains(name) ? (s.index(after: j), name) : nil
            }
            if s[j] == "[" { return nil }
            count += 1
            j = s.index(after: j)
        }
        return nil
    }
}
