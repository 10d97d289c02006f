import CStatusJSON

/// A tweet's text as Twitter's clients show it, made from the text as sent and its entities.
///
/// Entities give code-point ranges (Unicode scalars) into the text as sent, where `&`, `<` and
/// `>` are still escaped (`&amp;` counts five). Only the scalars inside `display_text_range` are
/// shown (a reply's leading @mentions and the trailing media link fall outside it); a media
/// link is removed (and the white space it leaves at either end of the text); a URL shows its
/// `display_url` and links to its `expanded_url`; mentions, hashtags and cashtags keep their
/// text and become entities. Outside entities `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;` are
/// decoded. An entity that is reversed, empty, out of range, across the edge of the display
/// range, over text that is not what it names, or overlapping an earlier one is dropped with a
/// note naming it.
enum TwitterText {
    /// One entity, in code points of the text as sent.
    struct Span {
        /// What the entity is.
        enum Kind {
            /// `@name` (the `screen_name` or `username`).
            case mention(String)
            /// `#tag` (the tag without "#").
            case topic(String)
            /// `$SYM` (the symbol without "$").
            case cashtag(String)
            /// A URL shown as `shown` (its range as sent when nil) that links to `target`.
            case link(shown: String?, target: String)
            /// A link to the tweet's own media: removed from the text.
            case media
        }

        var start: Int
        var end: Int
        var kind: Kind
        /// What the range must hold (letter case aside, "＠" and "＃" as "@" and "#"; a retweet's
        /// truncation may cut it short with "…"); nil when it is not known.
        var expected: String?
        /// Where it was read ("entities.urls[2]"), for notes: its list's path and its place, put
        /// together only when a note is written.
        var list: String
        var place: Int?

        /// "entities.urls[2]".
        var path: String { place.map { "\(list)[\($0)]" } ?? list }

        var isMedia: Bool {
            if case .media = kind { return true }
            return false
        }

        /// The entity as notes name it: "entities.urls[2] [11, 34]".
        var described: String { "\(path) [\(start), \(end)]" }
    }

    /// The resolved text of `text`.
    ///
    /// - Parameters:
    ///   - displayRange: `display_text_range` (code points), already checked to be two numbers.
    ///   - rangePath: where `display_text_range` was read, for notes.
    ///   - trailingMediaLink: whether a `https://t.co/…` link at the end of the shown text that
    ///     no entity covers is the media's link (a v2 tweet with attachments whose entities were
    ///     not sent): removed when no entity marks a media link.
    /// - Complexity: O(n + e log e) for a text of n bytes and e entities.
    static func resolve(
        _ text: String, displayRange: (Int, Int)?, rangePath: String, spans: [Span], trailingMediaLink: Bool,
        _ notes: inout [String]
    ) -> StatusText {
        if spans.isEmpty, displayRange == nil, !trailingMediaLink, !text.utf8.contains(0x26) {
            // Nothing to resolve: the text as sent, without white space at its end.
            var bytes = Array(text.utf8)
            trimEnd(&bytes)
            return StatusText(resolved: bytes.count == text.utf8.count ? text : String(decoding: bytes, as: UTF8.self))
        }
        var text = text
        return text.withUTF8 { bytes in
            // The byte offset of each code point, and of the end.
            var starts: [Int] = []
            starts.reserveCapacity(bytes.count + 1)
            for index in 0..<bytes.count where bytes[index] & 0xC0 != 0x80 { starts.append(index) }
            let count = starts.count
            starts.append(bytes.count)

            var lower = 0, upper = count
            if let (start, end) = displayRange {
                if start >= 0, start <= end, end <= count {
                    (lower, upper) = (start, end)
                } else {
                    notes.append(
                        "\(rangePath) [\(start), \(end)] is not a range of the text's \(count) characters; the whole text is shown"
                    )
                }
            }

            func slice(_ start: Int, _ end: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[starts[start]..<starts[end]]), as: UTF8.self)
            }

            // Each entity checked alone, then in order against the one before it.
            var checked: [Span] = []
            checked.reserveCapacity(spans.count + 1)
            for span in spans {
                if span.start > span.end {
                    notes.append("\(span.described) is reversed; the entity is ignored")
                } else if span.start < 0 || span.end > count {
                    notes.append("\(span.described) is outside the text's \(count) characters; the entity is ignored")
                } else if span.start == span.end {
                    notes.append("\(span.described) is empty; the entity is ignored")
                } else if span.end <= lower || span.start >= upper {
                    // Outside the shown text: a reply's leading mentions, the trailing media link.
                } else if span.start < lower || span.end > upper {
                    notes.append(
                        "\(span.described) crosses the edge of \(rangePath) [\(lower), \(upper)]; the entity is ignored"
                    )
                } else if let expected = span.expected, !holds(slice(span.start, span.end), expected) {
                    notes.append(
                        "\(span.described) holds \"\(slice(span.start, span.end).prefix(40))\", not \"\(expected.prefix(40))\"; the entity is ignored"
                    )
                } else {
                    checked.append(span)
                }
            }
            // Stable: entities of one start keep the order they were read in.
            let sorted = checked.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
                .map(\.element)
            var kept: [Span] = []
            kept.reserveCapacity(sorted.count + 1)
            for span in sorted {
                if let last = kept.last, span.start < last.end {
                    // entities.media and extended_entities.media name one link, once for every photo.
                    if span.isMedia, last.isMedia, span.start == last.start, span.end == last.end { continue }
                    notes.append("\(span.described) overlaps \(last.described); the entity is ignored")
                    continue
                }
                kept.append(span)
            }
            if trailingMediaLink, !kept.contains(where: \.isMedia),
                let link = trailingShortLink(bytes, starts: starts, lower: kept.last?.end ?? lower, upper: upper)
            {
                kept.append(Span(start: link, end: upper, kind: .media, expected: nil, list: "attachments", place: nil))
            }

            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 32)
            var entities: [TextEntity] = []
            entities.reserveCapacity(kept.count)
            var position = lower
            var removedAtStart = false
            for span in kept {
                appendDecoded(bytes, from: starts[position], to: starts[span.start], into: &output)
                let begin = output.count
                switch span.kind {
                case .media:
                    if span.start == lower { removedAtStart = true }
                case .mention(let name):
                    appendDecoded(bytes, from: starts[span.start], to: starts[span.end], into: &output)
                    entities.append(TextEntity(kind: .mention(name), range: begin..<output.count))
                case .topic(let tag):
                    appendDecoded(bytes, from: starts[span.start], to: starts[span.end], into: &output)
                    entities.append(TextEntity(kind: .topic(tag), range: begin..<output.count))
                case .cashtag(let symbol):
                    appendDecoded(bytes, from: starts[span.start], to: starts[span.end], into: &output)
                    entities.append(TextEntity(kind: .cashtag(symbol), range: begin..<output.count))
                case .link(let shown, let target):
                    if let shown, !shown.isEmpty {
                        output.append(contentsOf: shown.utf8)
                    } else {
                        output.append(
                            contentsOf: UnsafeBufferPointer(rebasing: bytes[starts[span.start]..<starts[span.end]]))
                    }
                    entities.append(TextEntity(kind: .link(target), range: begin..<output.count))
                }
                position = span.end
            }
            appendDecoded(bytes, from: starts[position], to: starts[upper], into: &output)
            trimEnd(&output)
            entities = entities.filter { $0.range.lowerBound < output.count }
                .map { TextEntity(kind: $0.kind, range: $0.range.lowerBound..<min($0.range.upperBound, output.count)) }
            if removedAtStart {
                let blank = output.prefix(while: isWhiteSpace).count
                if blank > 0 {
                    output.removeFirst(blank)
                    entities = entities.map {
                        TextEntity(kind: $0.kind, range: $0.range.lowerBound - blank..<$0.range.upperBound - blank)
                    }
                }
            }
            return StatusText(resolved: String(decoding: output, as: UTF8.self), entities: entities)
        }
    }

    /// Whether `shown` (an entity's range) holds `expected`: equal but for letter case and the
    /// full-width "＠", "＃" and "＄" Twitter also accepts, or its start cut short with "…" (a
    /// retweet's text truncated at 140 characters cuts the entities it ends in).
    static func holds(_ shown: String, _ expected: String) -> Bool {
        // Most entities hold exactly what they name: no case folding (which allocates) for them.
        if shown.utf8.elementsEqual(expected.utf8) { return true }
        func folded(_ s: String) -> String {
            let lower = s.lowercased()
            guard let first = lower.unicodeScalars.first,
                (0xFF03...0xFF04).contains(first.value) || first.value == 0xFF20,
                let ascii = Unicode.Scalar(first.value - 0xFEE0)
            else { return lower }
            return String(Character(ascii)) + String(lower.unicodeScalars.dropFirst())
        }
        let a = folded(shown), b = folded(expected)
        if a == b { return true }
        return a.hasSuffix("…") && b.hasPrefix(a.dropLast())
    }

    /// The code point where a `https://t.co/…` (or `http://`) link ends the text between `lower`
    /// and `upper` (white space after it allowed), after white space or at `lower`; nil when
    /// the text does not end in one.
    private static func trailingShortLink(_ bytes: UnsafeBufferPointer<UInt8>, starts: [Int], lower: Int, upper: Int)
        -> Int?
    {
        let floor = starts[lower]
        var end = starts[upper]
        while end > floor, isWhiteSpace(bytes[end - 1]) { end -= 1 }
        var start = end
        while start > floor, isAlphanumeric(bytes[start - 1]) { start -= 1 }
        guard start < end else { return nil }
        var linkStart: Int?
        for prefix: StaticString in ["https://t.co/", "http://t.co/"] {
            let n = prefix.utf8CodeUnitCount
            guard start - floor >= n else { continue }
            if (0..<n).allSatisfy({ bytes[start - n + $0] == prefix.utf8Start[$0] }) {
                linkStart = start - n
                break
            }
        }
        guard let linkStart, linkStart == floor || isWhiteSpace(bytes[linkStart - 1]) else { return nil }
        // Back to a code point index (the link is ASCII: its bytes are code points).
        var index = upper
        while index > lower, starts[index] > linkStart { index -= 1 }
        return starts[index] == linkStart ? index : nil
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Drops white space at the end of `bytes` (entities past the new end are cut by the caller).
    private static func trimEnd(_ bytes: inout [UInt8]) {
        while let last = bytes.last, isWhiteSpace(last) { bytes.removeLast() }
    }

    /// The character references Twitter writes in a text, and what they stand for.
    private static let references: [(name: StaticString, byte: UInt8)] = [
        ("&amp;", 0x26), ("&lt;", 0x3C), ("&gt;", 0x3E), ("&quot;", 0x22), ("&#39;", 0x27),
    ]

    /// Appends `bytes[from ..< to]` to `output` with Twitter's character references decoded.
    private static func appendDecoded(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, into output: inout [UInt8]
    ) {
        var index = from
        var copied = from
        while index < to {
            guard bytes[index] == 0x26 else {
                index += 1
                continue
            }
            var matched: (length: Int, byte: UInt8)?
            for reference in references {
                let n = reference.name.utf8CodeUnitCount
                if to - index >= n, (1..<n).allSatisfy({ bytes[index + $0] == reference.name.utf8Start[$0] }) {
                    matched = (n, reference.byte)
                    break
                }
            }
            guard let matched else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            output.append(matched.byte)
            index += matched.length
            copied = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<to]))
    }
}

// MARK: Reading entities

extension StatusDecoder {
    enum TwitterEntitiesKey {
        static let table = KeyTable(["urls", "media", "user_mentions", "hashtags", "symbols", "mentions", "cashtags"])
        static let urls = 0, media = 1, userMentions = 2, hashtags = 3, symbols = 4, mentions = 5, cashtags = 6
    }

    private enum EntityKey {
        static let table = KeyTable([
            "indices", "start", "end", "url", "display_url", "expanded_url", "screen_name", "username",
            "text", "tag", "media_key",
        ])
        static let indices = 0, start = 1, end = 2, url = 3, displayURL = 4, expandedURL = 5, screenName = 6,
            username = 7
        static let text = 8, tag = 9, mediaKey = 10
    }

    /// The entity lists of an `entities` object, in the order they are read.
    private static let allLists: [(Int, StaticString)] = [
        (TwitterEntitiesKey.urls, "urls"), (TwitterEntitiesKey.media, "media"),
        (TwitterEntitiesKey.userMentions, "user_mentions"),
        (TwitterEntitiesKey.mentions, "mentions"), (TwitterEntitiesKey.hashtags, "hashtags"),
        (TwitterEntitiesKey.symbols, "symbols"),
        (TwitterEntitiesKey.cashtags, "cashtags"),
    ]
    /// The list of an `extended_entities` object that is read for the text: its media links.
    private static let mediaList: [(Int, StaticString)] = [(TwitterEntitiesKey.media, "media")]

    /// The entities of an `entities` object (v1.1's `indices`, v2's `start`/`end`), and the media
    /// links of an `extended_entities` object, at `path` ("entities", "extended_tweet.entities").
    ///
    /// - Parameters:
    ///   - ownID: the tweet's ID: a URL to its own photo or video (`…/status/<id>/photo/1`, as v2
    ///     sends its media links) is a media link.
    ///   - picturesPath: the `media` list the pictures are read from, whose elements that are not
    ///     objects the pictures' reader notes.
    static func twitterSpans(
        _ parser: JSONParser, entities: UInt32?, path: String, extended: UInt32?, extendedPath: String,
        ownID: StatusID, picturesPath: String?, _ notes: inout [String]
    ) -> [TwitterText.Span] {
        var spans: [TwitterText.Span] = []
        func read(_ object: UInt32, path: String, mediaOnly: Bool) {
            let mark = notes.count
            parser.withFields(of: object, TwitterEntitiesKey.table) { e in
                let lists: [(Int, StaticString)] = mediaOnly ? mediaList : allLists
                for (key, name) in lists {
                    guard let elements = e.lenientArray(key, name, &notes) else { continue }
                    let listPath = "\(path).\(name)"
                    for (index, element) in elements.enumerated() {
                        guard parser.value(element).type == CSTATUSJSON_OBJECT else {
                            if listPath != picturesPath {
                                notes.append(
                                    "\(listPath)[\(index)] must be an object, not \(parser.value(element).typeName); ignored"
                                )
                            }
                            continue
                        }
                        let inner = notes.count
                        if let span = twitterSpan(
                            parser, element, list: key, listPath: listPath, place: index, ownID: ownID, &notes)
                        {
                            spans.append(span)
                        }
                        if notes.count > inner { notes.prefixing(from: inner, with: "\(listPath)[\(index)]") }
                    }
                }
            }
            // The lists' own notes ("urls must be an array…") named from the object.
            for index in mark..<notes.count where !notes[index].hasPrefix(path + ".") {
                notes[index] = [String].joined(path, notes[index])
            }
        }
        if let entities { read(entities, path: path, mediaOnly: false) }
        if let extended { read(extended, path: extendedPath, mediaOnly: true) }
        return spans
    }

    /// Whether `link` is to the tweet's own photo or video (`…/status/<id>/photo/1`,
    /// `…/status/<id>/video/1`), read on bytes.
    static func isOwnMedia(_ link: String, id: StatusID) -> Bool {
        let bytes = Array(link.utf8)
        let marker = Array("/status/\(id)/".utf8)
        guard bytes.count > marker.count else { return false }
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "/"), bytes[index..<index + marker.count].elementsEqual(marker) {
                let rest = bytes[(index + marker.count)...]
                return rest.starts(with: "photo/".utf8) || rest.starts(with: "video/".utf8)
            }
            index += 1
        }
        return false
    }

    /// One entity of a list of `entities` (its notes are prefixed by the caller).
    private static func twitterSpan(
        _ parser: JSONParser, _ element: UInt32, list: Int, listPath: String, place: Int, ownID: StatusID,
        _ notes: inout [String]
    ) -> TwitterText.Span? {
        parser.withFields(of: element, EntityKey.table) { e -> TwitterText.Span? in
            guard let (start, end) = entityRange(parser, e, &notes) else { return nil }
            func span(_ kind: TwitterText.Span.Kind, _ expected: String?) -> TwitterText.Span {
                TwitterText.Span(start: start, end: end, kind: kind, expected: expected, list: listPath, place: place)
            }
            switch list {
            case TwitterEntitiesKey.urls:
                let url = e.lenientString(EntityKey.url, "url", &notes)
                let expanded = e.lenientString(EntityKey.expandedURL, "expanded_url", &notes)
                let display = e.lenientString(EntityKey.displayURL, "display_url", &notes)
                let hasMediaKey = e.lenientIdentifier(EntityKey.mediaKey, "media_key", &notes) != nil
                if hasMediaKey || (expanded.map { isOwnMedia($0, id: ownID) } ?? false) {
                    return span(.media, url)
                }
                guard let target = expanded.flatMap({ $0.isEmpty ? nil : $0 }) ?? url, !target.isEmpty else {
                    notes.append("has neither expanded_url nor url; shown as sent, not as a link")
                    return nil
                }
                return span(.link(shown: display, target: target), url)
            case TwitterEntitiesKey.media:
                return span(.media, e.lenientString(EntityKey.url, "url", &notes))
            case TwitterEntitiesKey.userMentions, TwitterEntitiesKey.mentions:
                // v1.1 names the account `screen_name`, v2 `username`.
                let name =
                    e.lenientString(EntityKey.screenName, "screen_name", &notes)
                    ?? e.lenientString(EntityKey.username, "username", &notes)
                guard let name, !name.isEmpty else {
                    notes.append("has no screen_name (nor username); shown as plain text")
                    return nil
                }
                return span(.mention(name), "@" + name)
            default:
                // v1.1's hashtags and symbols name it `text`, v2's hashtags and cashtags `tag`.
                let isCashtag = list == TwitterEntitiesKey.symbols || list == TwitterEntitiesKey.cashtags
                let tag =
                    e.lenientString(EntityKey.text, "text", &notes) ?? e.lenientString(EntityKey.tag, "tag", &notes)
                guard let tag, !tag.isEmpty else {
                    notes.append("has no text (nor tag); shown as plain text")
                    return nil
                }
                return isCashtag ? span(.cashtag(tag), "$" + tag) : span(.topic(tag), "#" + tag)
            }
        }
    }

    /// An entity's code-point range: v1.1's `indices` [start, end], else v2's `start` and `end`.
    private static func entityRange(_ parser: JSONParser, _ e: Fields, _ notes: inout [String]) -> (Int, Int)? {
        if let slot = e.slot(EntityKey.indices), parser.value(slot).type != CSTATUSJSON_NULL {
            guard let pair = twitterPair(parser, slot) else {
                notes.append(
                    "indices must be two whole numbers [start, end], not \(describedPair(parser, slot)); the entity is ignored"
                )
                return nil
            }
            return pair
        }
        let start = e.value(EntityKey.start), end = e.value(EntityKey.end)
        guard start != nil || end != nil else {
            notes.append("has no indices (nor start and end); the entity is ignored")
            return nil
        }
        guard let start, let end, let s = Fields.integer(start), let t = Fields.integer(end),
            start.type != CSTATUSJSON_STRING, end.type != CSTATUSJSON_STRING
        else {
            notes.append(
                "start and end must be whole numbers, not \(start.map(Fields.shown) ?? "absent") and \(end.map(Fields.shown) ?? "absent"); the entity is ignored"
            )
            return nil
        }
        return (s, t)
    }

    /// An array of two whole numbers (`indices`, `display_text_range`), nil for anything else.
    static func twitterPair(_ parser: JSONParser, _ slot: UInt32) -> (Int, Int)? {
        let value = parser.value(slot)
        guard value.type == CSTATUSJSON_ARRAY, value.length == 2 else { return nil }
        let elements = parser.elements(of: slot, count: 2)
        let first = parser.value(elements.lowerBound), second = parser.value(elements.lowerBound + 1)
        guard first.type != CSTATUSJSON_STRING, second.type != CSTATUSJSON_STRING,
            let start = Fields.integer(first), let end = Fields.integer(second)
        else { return nil }
        return (start, end)
    }

    /// What a value that should have been a pair is, for a note.
    static func describedPair(_ parser: JSONParser, _ slot: UInt32) -> String {
        let value = parser.value(slot)
        guard value.type == CSTATUSJSON_ARRAY else { return Fields.shown(value) }
        let shown = parser.elements(of: slot, count: min(value.length, 3)).map { Fields.shown(parser.value($0)) }
        return "[" + shown.joined(separator: ", ") + (value.length > 3 ? ", …" : "") + "]"
    }
}
