import TextLayout

/// Turns status text into ``RichText``.
///
/// Recognised, left to right, a URL first where one starts: `http(s)://…` URLs (t.cn short
/// links included), `#topic#` (up to 64 characters on one line, not empty), `@name` (letters,
/// digits, `_` and `-`, up to 30), `[name]` when the name is in the emoticon table.
public struct RichTextBuilder: Sendable, Hashable {
    /// What a URL is replaced by, after its icon.
    public var linkLabel: String
    /// The known emoticons.
    public var emoticons: EmoticonTable
    /// The size of an emoticon image and of the link icon, relative to the font size.
    public var imageSize: InlineImageSize

    /// Makes a builder.
    public init(linkLabel: String = "网页链接", emoticons: EmoticonTable = .weibo, imageSize: InlineImageSize = InlineImageSize()) {
        self.linkLabel = linkLabel
        self.emoticons = emoticons
        self.imageSize = imageSize
    }

    private func emoticonSize(_ fontSize: Double) -> TextAttachment { imageSize.attachment(fontSize: fontSize) }

    /// Builds the rich text of `text` for a font size; `retweetOf` prefixes "@name:" (a mention).
    ///
    /// - Complexity: O(n) in the length of the text.
    public func build(_ text: String, fontSize: Double, retweetOf screenName: String? = nil) -> RichText {
        build(text, fontSize: fontSize, retweetOf: screenName, entities: true)
    }

    /// The text alone of ``build(_:fontSize:retweetOf:)``, without its entities: what a cell's
    /// height needs (no entity names are copied out of the text).
    public func attributedText(_ text: String, fontSize: Double, retweetOf screenName: String? = nil) -> AttributedText {
        build(text, fontSize: fontSize, retweetOf: screenName, entities: false).text
    }

    private func build(_ text: String, fontSize: Double, retweetOf screenName: String?, entities wanted: Bool) -> RichText {
        var output = AttributedText("")
        output.reserveCapacity(text.utf8.count + (screenName?.utf8.count ?? 0) + 8)
        var entities: [TextEntity] = []
        var offset = 0  // UTF-8 length of output so far
        func appendText(_ piece: Substring) {
            output.append(piece)
            offset += piece.utf8.count
        }
        if let screenName {
            let prefixLength = 1 + screenName.utf8.count
            if wanted { entities.append(TextEntity(kind: .mention(screenName), range: offset..<offset + prefixLength)) }
            appendText("@")
            appendText(screenName[...])
            appendText(":")
        }
        let scalars = text.unicodeScalars
        var plainStart = scalars.startIndex
        var i = scalars.startIndex
        func flushPlain(upTo end: String.UnicodeScalarView.Index) {
            if plainStart < end { appendText(Substring(scalars[plainStart..<end])) }
        }
        while i < scalars.endIndex {
            let c = scalars[i]
            var handled = false
            switch c {
            case "h":
                if let end = urlEnd(scalars, from: i) {
                    flushPlain(upTo: i)
                    let start = offset
                    output.append(emoticonSize(fontSize))
                    offset += 3  // U+FFFC
                    appendText(linkLabel[...])
                    if wanted { entities.append(TextEntity(kind: .link(String(scalars[i..<end])), range: start..<offset)) }
                    i = end
                    plainStart = end
                    handled = true
                }
            case "#":
                if let end = topicEnd(scalars, from: i) {
                    flushPlain(upTo: i)
                    let start = offset
                    appendText(Substring(scalars[i..<end]))
                    if wanted {
                        let topic = String(scalars[scalars.index(after: i)..<scalars.index(before: end)])
                        entities.append(TextEntity(kind: .topic(topic), range: start..<offset))
                    }
                    i = end
                    plainStart = end
                    handled = true
                }
            case "@":
                if let end = mentionEnd(scalars, from: i) {
                    flushPlain(upTo: i)
                    let start = offset
                    appendText(Substring(scalars[i..<end]))
                    if wanted { entities.append(TextEntity(kind: .mention(String(scalars[scalars.index(after: i)..<end])), range: start..<offset)) }
                    i = end
                    plainStart = end
                    handled = true
                }
            case "[":
                if let (end, name) = emoticonEnd(scalars, from: i) {
                    flushPlain(upTo: i)
                    let start = offset
                    output.append(emoticonSize(fontSize))
                    offset += 3
                    if wanted { entities.append(TextEntity(kind: .emoticon(name), range: start..<offset)) }
                    i = end
                    plainStart = end
                    handled = true
                }
            default:
                break
            }
            if !handled { i = scalars.index(after: i) }
        }
        flushPlain(upTo: scalars.endIndex)
        return RichText(text: output, entities: entities)
    }

    private static func isURLCharacter(_ c: Unicode.Scalar) -> Bool {
        guard c.isASCII else { return false }
        switch c {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "-._~:/?#[]@!$&'()*+,;=%".unicodeScalars.contains(c)
        }
    }

    /// The end of a URL starting at `i` ("http://" or "https://" and at least one character).
    private func urlEnd(_ s: String.UnicodeScalarView, from i: String.UnicodeScalarView.Index) -> String.UnicodeScalarView.Index? {
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

    private func topicEnd(_ s: String.UnicodeScalarView, from i: String.UnicodeScalarView.Index) -> String.UnicodeScalarView.Index? {
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

    private func mentionEnd(_ s: String.UnicodeScalarView, from i: String.UnicodeScalarView.Index) -> String.UnicodeScalarView.Index? {
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
