import TextLayout

/// A status's text as decoded, before it is made into ``RichText`` for a font size.
///
/// Two forms, as the networks send them:
/// - **Plain** (``Markup/plain``): Weibo's open-API `text` and the web API's `text_raw`, where
///   mentions, `#topics#`, `[emoticons]` and URLs are written inline and found when the cell is
///   laid out (``RichTextBuilder``), with the status's `url_struct` (``links``) replacing the
///   short URLs it names and `topic_struct` (``topics``) naming its topics.
/// - **Resolved** (``Markup/resolved``): text whose markup was read when it was decoded (HTML
///   from m.weibo.cn, weibo.com or Mastodon; Twitter's entities): ``string`` is the text to show,
///   ``entities`` say where its mentions, topics and links are, and ``attachments`` which of its
///   U+FFFC characters are inline images (emoticons, link icons, custom emoji).
///
/// Offsets are UTF-8 offsets in ``string``. A `Sendable` value.
public struct StatusText: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// How the markup of a text is read.
    public enum Markup: String, Sendable, Hashable {
        /// Weibo's inline syntax, found when laid out.
        case plain
        /// Already read: ``StatusText/entities`` and ``StatusText/attachments`` say it all.
        case resolved
    }

    /// An inline image in a resolved text: which U+FFFC of the string it stands on, and what it is.
    public struct Attachment: Sendable, Hashable {
        /// What the image is.
        public enum Kind: Sendable, Hashable {
            /// A Weibo emoticon, by its name with the brackets (`[偷笑]`).
            case emoticon(String)
            /// A link's icon (Weibo's `url-icon` and `icon-link` images), by its URL.
            case icon(String)
            /// A Mastodon custom emoji, by its shortcode without colons, and its image URL.
            case customEmoji(shortcode: String, url: String)
        }

        /// The UTF-8 offset of its U+FFFC in ``StatusText/string``.
        public var offset: Int
        /// What it is.
        public var kind: Kind

        /// Makes an attachment at a U+FFFC's offset.
        public init(offset: Int, kind: Kind) {
            self.offset = offset
            self.kind = kind
        }
    }

    /// The text (plain: as sent; resolved: as shown, images as U+FFFC).
    public var string: String
    /// How its markup is read.
    public var markup: Markup
    /// Mentions, topics, hashtags and links of a resolved text, in order, not overlapping
    /// (empty for a plain text, whose entities are found when it is laid out).
    public var entities: [TextEntity]
    /// The inline images of a resolved text, in order.
    public var attachments: [Attachment]
    /// Weibo's `url_struct`: short URLs (or other strings) of the text and what to show instead.
    public var links: [StatusLink]
    /// Weibo's `topic_struct`: the topics of the text, without the hashes.
    public var topics: [String]

    /// A plain text with no `url_struct` or `topic_struct`.
    public init(_ string: String = "") {
        self.init(plain: string)
    }

    /// A plain (Weibo inline syntax) text.
    public init(plain string: String, links: [StatusLink] = [], topics: [String] = []) {
        self.string = string
        markup = .plain
        entities = []
        attachments = []
        self.links = links
        self.topics = topics
    }

    /// A resolved text: its entities and attachments already known (offsets in `string`).
    ///
    /// - Precondition: the entities are in order and do not overlap; each attachment's offset is
    ///   that of a U+FFFC of `string`, in order.
    public init(resolved string: String, entities: [TextEntity] = [], attachments: [Attachment] = []) {
        self.string = string
        markup = .resolved
        self.entities = entities
        self.attachments = attachments
        links = []
        topics = []
    }

    public init(stringLiteral value: String) { self.init(plain: value) }

    /// Whether there is no text at all.
    public var isEmpty: Bool { string.isEmpty }

    /// The string.
    public var description: String { string }

    /// Adds what the cell reads of the text to a status's digest.
    func digest(into d: inout ContentDigest) {
        d.mix(markup.rawValue)
        d.mix(string)
        d.mix(entities.count)
        for entity in entities {
            d.mix(entity.range.lowerBound)
            d.mix(entity.range.upperBound)
            switch entity.kind {
            case .mention(let value): d.mix("m" + value)
            case .topic(let value): d.mix("t" + value)
            case .link(let value): d.mix("l" + value)
            case .emoticon(let value): d.mix("e" + value)
            case .cashtag(let value): d.mix("$" + value)
            }
        }
        d.mix(attachments.count)
        for attachment in attachments {
            d.mix(attachment.offset)
            switch attachment.kind {
            case .emoticon(let name): d.mix("e" + name)
            case .icon(let url): d.mix("i" + url)
            case .customEmoji(let shortcode, let url):
                d.mix("c" + shortcode)
                d.mix(url)
            }
        }
        d.mix(links.count)
        for link in links {
            d.mix(link.shortURL)
            d.mix(link.title)
            d.mix(link.iconURL)
            d.mix(link.pageID)
        }
        d.mix(topics.count)
        for topic in topics { d.mix(topic) }
    }
}

/// One entry of Weibo's `url_struct`: a string of the text (usually a `t.cn` short URL) shown
/// as its title, after an icon when it has one.
public struct StatusLink: Sendable, Hashable {
    /// The string of the text it replaces (`short_url`).
    public var shortURL: String
    /// What is shown instead (`url_title`), cut at ``CellStyle/WeiboCell/urlTitleLimit`` characters.
    public var title: String
    /// The icon shown before the title (`url_type_pic`); empty for none.
    public var iconURL: String
    /// The card it opens (`page_id`): a trailing short URL of a status whose card it is is not shown.
    public var pageID: String

    /// Makes a link.
    public init(shortURL: String, title: String, iconURL: String = "", pageID: String = "") {
        self.shortURL = shortURL
        self.title = title
        self.iconURL = iconURL
        self.pageID = pageID
    }
}
