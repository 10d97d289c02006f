/// A colour: sRGB components and opacity, each from 0 to 1.
public struct CellColor: Sendable, Hashable {
    /// The red component, from 0 to 1.
    public var red: Double
    /// The green component, from 0 to 1.
    public var green: Double
    /// The blue component, from 0 to 1.
    public var blue: Double
    /// Opacity: 0 transparent, 1 opaque.
    public var alpha: Double

    /// Makes a colour from its components (each from 0 to 1).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Makes a colour from a hexadecimal 0xRRGGBB, as YYKit's `UIColorHex` reads one.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255,
            alpha: alpha)
    }

    /// A grey: 0 black, 1 white.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }
}

/// The colours a status cell is drawn with. The default, ``weibo``, is the Weibo demo's
/// (YYKit's `WBStatusLayout.h`): mentions, topics and links in the link colour, the retweet
/// block on the inner card's grey, cells apart by a gap of the timeline's grey.
///
/// Colours change no geometry: a ``CellStyle`` that differs only in its colours lays out the
/// same frames and heights.
public struct CellColors: Sendable, Hashable {
    /// The cell's background.
    public var background = CellColor(hex: 0xFFFFFF)
    /// The timeline's background, shown in the gap above each cell (`kWBCellBackgroundColor`).
    public var timelineBackground = CellColor(hex: 0xF2F2F2)
    /// Separator lines (`kWBCellLineColor`: black at 9 %).
    public var line = CellColor(white: 0, alpha: 0.09)
    /// The status text (`kWBCellTextNormalColor`).
    public var text = CellColor(hex: 0x333333)
    /// The retweeted status's text (`kWBCellTextSubTitleColor`).
    public var retweetText = CellColor(hex: 0x5D5D5D)
    /// Mentions, topics, links, their icons and the truncation token's "全文"
    /// (`kWBCellTextHighlightColor`).
    public var link = CellColor(hex: 0x527EAD)
    /// The user's name (`kWBCellNameNormalColor`).
    public var name = CellColor(hex: 0x333333)
    /// A member's name (`mbrank` above 0: `kWBCellNameOrangeColor`).
    public var memberName = CellColor(hex: 0xF26220)
    /// The title bar's text (`kWBCellToolbarTitleColor`).
    public var title = CellColor(hex: 0x929292)
    /// A card's background (`kWBCellInnerViewColor`).
    public var cardBackground = CellColor(hex: 0xF7F7F7)
    /// A card's title and description (`kWBCellNameNormalColor`).
    public var cardText = CellColor(hex: 0x333333)
    /// A card's tips, and a description from `content2` or `content3` (`kWBCellTextSubTitleColor`).
    public var cardSubtitle = CellColor(hex: 0x5D5D5D)
    /// A place tag's name (YYKit: white 0.217).
    public var placeTag = CellColor(white: 0.217)
    /// The verified badge on an avatar (a person's yellow V).
    public var verifiedBadge = CellColor(hex: 0xF6B624)
    /// An organisation's verified badge (the blue V).
    public var organizationBadge = CellColor(hex: 0x3CA0F0)
    /// The time and source line (`kWBCellTimeNormalColor`).
    public var source = CellColor(hex: 0x828282)
    /// The retweet block's background (`kWBCellInnerViewColor`).
    public var retweetBackground = CellColor(hex: 0xF7F7F7)
    /// The toolbar's labels (`kWBCellToolbarTitleColor`).
    public var toolbarText = CellColor(hex: 0x929292)
    /// Placeholders for images not at hand: the avatar, pictures, emoticons.
    public var placeholder = CellColor(hex: 0xE4E4E4)
    /// Marks drawn on placeholders (a picture's mountain, an emoticon's name).
    public var placeholderMark = CellColor(hex: 0xA8A8A8)

    /// Makes the default colours.
    public init() {}

    /// The Weibo demo's colours.
    public static let weibo = CellColors()

    /// The Twitter demo's colours (YYKit's `T1StatusLayout.h`: `kT1UserNameColor`,
    /// `kT1UserNameSubColor`, `kT1TextHighlightedColor`, …): white cells a hairline apart.
    public static let twitter: CellColors = {
        var colors = CellColors()
        colors.timelineBackground = CellColor(white: 0.823)
        colors.line = CellColor(white: 0.823)
        colors.text = CellColor(hex: 0x292F33)
        colors.retweetText = CellColor(hex: 0x292F33)
        colors.link = CellColor(hex: 0x1A91DA)
        colors.name = CellColor(hex: 0x292F33)
        colors.memberName = CellColor(hex: 0x292F33)
        colors.source = CellColor(hex: 0x8899A6)
        colors.toolbarText = CellColor(hex: 0x8899A6)
        colors.retweetBackground = CellColor(hex: 0xFFFFFF)
        colors.cardBackground = CellColor(hex: 0xFFFFFF)
        colors.verifiedBadge = CellColor(hex: 0x1DA1F2)
        return colors
    }()

    /// Mastodon's web client's light theme: the text, the secondary grey, the blurple links.
    public static let mastodon: CellColors = {
        var colors = CellColors()
        colors.timelineBackground = CellColor(hex: 0xECEFF3)
        colors.line = CellColor(hex: 0xC0CDD9)
        colors.text = CellColor(hex: 0x000000)
        colors.retweetText = CellColor(hex: 0x000000)
        colors.link = CellColor(hex: 0x6364FF)
        colors.name = CellColor(hex: 0x000000)
        colors.memberName = CellColor(hex: 0x000000)
        colors.source = CellColor(hex: 0x636B78)
        colors.title = CellColor(hex: 0x636B78)
        colors.toolbarText = CellColor(hex: 0x636B78)
        colors.cardText = CellColor(hex: 0x000000)
        colors.cardSubtitle = CellColor(hex: 0x636B78)
        colors.cardBackground = CellColor(hex: 0xFFFFFF)
        colors.retweetBackground = CellColor(hex: 0xF5F7FA)
        return colors
    }()
}
