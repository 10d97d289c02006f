import TextLayout

/// Status text made ready to measure and to draw: mentions and topics kept (marked as links),
/// URLs replaced by a link icon and a label, known `[emoticons]` replaced by inline images.
/// Every entity keeps its range in the final text so an app can make it tappable.
public struct RichText: Sendable, Hashable {
    /// The text to measure, attachments (link icons, emoticons) included as U+FFFC.
    public var text: AttributedText
    /// The mentions, topics, links and emoticons, in text order.
    public var entities: [TextEntity]

    /// Makes rich text from text and its entities (ranges in `text`'s string, in text order).
    public init(text: AttributedText, entities: [TextEntity]) {
        self.text = text
        self.entities = entities
    }
}

/// Something tappable in a status text.
public struct TextEntity: Sendable, Hashable {
    /// What an entity is, with its name, topic or URL.
    public enum Kind: Sendable, Hashable {
        /// `@name` (the name without "@").
        case mention(String)
        /// `#topic#` (the topic without the hashes).
        case topic(String)
        /// A URL, shown as a link icon and the link label.
        case link(String)
        /// A known `[name]` emoticon, shown as an image.
        case emoticon(String)
        /// A Twitter `$CASHTAG` (the symbol without "$").
        case cashtag(String)
    }

    /// What the entity is.
    public var kind: Kind
    /// The entity's UTF-8 offsets in ``RichText/text``'s string (icon and label for a link, the
    /// U+FFFC for an emoticon, the whole "@name" or "#topic#" otherwise).
    public var range: Range<Int>

    /// Makes an entity of `kind` at the UTF-8 offsets `range`.
    public init(kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

/// The known emoticon names: `[name]` with a name in the table becomes an image; any other
/// `[…]` stays text.
public struct EmoticonTable: Sendable, Hashable {
    /// The emoticon names, without the brackets.
    public var names: Set<String>

    /// Makes a table of the emoticon names (without the brackets).
    public init(names: Set<String>) { self.names = names }

    /// Weibo's common emoticons (the default table).
    public static let weibo = EmoticonTable(names: [
        "哈哈", "嘻嘻", "笑cry", "doge", "二哈", "允悲", "微笑", "可爱", "太开心", "鼓掌", "爱你", "心", "赞",
        "偷笑", "挤眼", "亲亲", "害羞", "酷", "思考", "疑问", "吃惊", "汗", "怒", "抓狂", "衰", "泪", "悲伤",
        "失望", "委屈", "生病", "吐", "晕", "睡", "打哈气", "困", "拜拜", "鄙视", "白眼", "哼", "闭嘴", "黑线",
        "阴险", "钱", "馋嘴", "色", "good", "ok", "耶", "作揖", "加油", "给力", "威武", "围观", "奥特曼",
        "喵喵", "伤心", "抱抱", "费解", "坏笑", "左哼哼", "右哼哼", "嘘", "哈欠", "顶", "打脸", "污", "跪了",
        "摊手", "并不简单", "吃瓜", "蜡烛", "礼物", "浮云", "太阳", "月亮", "猪头", "熊猫", "兔子",
    ])
}

/// The size of inline images (emoticons, link icons) as fractions of the font size. The default
/// is as wide as the font size and placed like a CJK glyph (ascent 0.88, descent 0.12 of the
/// size, as YYKit's emoticons).
public struct InlineImageSize: Sendable, Hashable {
    /// The image's width, as a fraction of the font size.
    public var width: Double
    /// How far the image reaches above the baseline, as a fraction of the font size.
    public var ascent: Double
    /// How far the image reaches below the baseline, as a fraction of the font size.
    public var descent: Double

    /// Makes a size from fractions of the font size (the defaults are YYKit's emoticons).
    public init(width: Double = 1, ascent: Double = 0.88, descent: Double = 0.12) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    /// The attachment for a font size.
    public func attachment(fontSize: Double) -> TextAttachment {
        TextAttachment(width: width * fontSize, ascent: ascent * fontSize, descent: descent * fontSize)
    }
}
