/// A preview card of a status: Weibo's `page_info` (a video, a link, a topic, a place…) or
/// Mastodon's `card` (a link preview).
public struct StatusCard: Sendable, Hashable {
    /// What a card shows.
    public enum Kind: String, Sendable, Hashable {
        /// A video: a large picture with a play mark (Weibo: `type` 11 and `object_type` "video").
        case video
        /// Anything else: a picture (when there is one) beside its title and description.
        case link
        /// Mastodon's `photo` card.
        case photo
        /// Mastodon's `rich` card (an embed).
        case rich
    }

    /// What it shows.
    public var kind: Kind
    /// The title (`page_title`; Mastodon's `title`).
    public var title: String
    /// The description: Weibo's `page_desc`, else `content2`, else `content3` (the first that is
    /// not empty, as YYKit's cell takes it); Mastodon's `description`.
    public var description: String
    /// Weibo's `tips` ("259人关注"); Mastodon's `provider_name`.
    public var tips: String
    /// The picture (`page_pic`; Mastodon's `image`); empty for none.
    public var imageURL: String
    /// The picture's size in pixels, when sent (Mastodon's `width` and `height`).
    public var imageSize: (width: Int, height: Int)? {
        get { imageWidth.map { ($0, imageHeight!) } }
        set {
            imageWidth = newValue?.width
            imageHeight = newValue?.height
        }
    }
    private var imageWidth: Int?
    private var imageHeight: Int?
    /// The badge in the picture's corner (Weibo's `type_icon`); empty for none.
    public var badgeURL: String
    /// The button on the right (Weibo's first `buttons` entry with a picture and a name); empty
    /// for none.
    public var buttonTitle: String
    /// Weibo's `page_id`, which `url_struct` entries point at.
    public var pageID: String
    /// The link it opens; empty when not sent.
    public var url: String

    /// Makes a card.
    public init(
        kind: Kind = .link, title: String = "", description: String = "", tips: String = "", imageURL: String = "",
        imageSize: (width: Int, height: Int)? = nil, badgeURL: String = "", buttonTitle: String = "",
        pageID: String = "", url: String = ""
    ) {
        self.kind = kind
        self.title = title
        self.description = description
        self.tips = tips
        self.imageURL = imageURL
        self.imageWidth = imageSize?.width
        self.imageHeight = imageSize?.height
        self.badgeURL = badgeURL
        self.buttonTitle = buttonTitle
        self.pageID = pageID
        self.url = url
    }

    /// Whether it has a picture.
    public var hasImage: Bool { !imageURL.isEmpty }
}

/// The title bar above a Weibo status (`title.text`: "热门", "仅自己可见"…).
public struct StatusTitle: Sendable, Hashable {
    /// The text.
    public var text: String
    /// The icon before it (`icon_url`); empty for none.
    public var iconURL: String

    /// Makes a title.
    public init(text: String, iconURL: String = "") {
        self.text = text
        self.iconURL = iconURL
    }
}

/// A tag under a Weibo status (`tag_struct`: a place, a film, a book…).
public struct StatusTag: Sendable, Hashable {
    /// The tag's name (`tag_name`).
    public var name: String
    /// Whether it is a place (`tag_type` 1), shown in a taller row.
    public var isPlace: Bool
    /// The icon before the name (`url_type_pic`); empty for none.
    public var iconURL: String

    /// Makes a tag.
    public init(name: String, isPlace: Bool = false, iconURL: String = "") {
        self.name = name
        self.isPlace = isPlace
        self.iconURL = iconURL
    }
}

/// A poll (Mastodon's `poll`).
public struct StatusPoll: Sendable, Hashable {
    /// The options' titles, in order.
    public var options: [String]
    /// How many votes were cast (`votes_count`); nil when hidden.
    public var votesCount: Int?
    /// Whether voting has ended.
    public var isExpired: Bool
    /// Whether several options may be chosen.
    public var allowsMultipleChoices: Bool
    /// When it ends (`expires_at` as sent); empty for never.
    public var expiresAt: String

    /// Makes a poll.
    public init(
        options: [String], votesCount: Int? = nil, isExpired: Bool = false, allowsMultipleChoices: Bool = false,
        expiresAt: String = ""
    ) {
        self.options = options
        self.votesCount = votesCount
        self.isExpired = isExpired
        self.allowsMultipleChoices = allowsMultipleChoices
        self.expiresAt = expiresAt
    }
}

/// A count as a network sends it: a number, or a text to show as it is (m.weibo.cn sends
/// `"100万+"` for large counts).
public enum StatusCount: Sendable, Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// A number (0 when absent).
    case number(Int)
    /// A text shown as sent.
    case text(String)

    public init(integerLiteral value: Int) { self = .number(value) }

    /// The number, or nil for a text.
    public var number: Int? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number, or the text.
    public var description: String {
        switch self {
        case .number(let value): String(value)
        case .text(let text): text
        }
    }
}
