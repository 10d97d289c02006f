/// A rectangle in a cell, in points from the cell's top-left.
public struct CellRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The left edge, in points from the cell's left.
    public var x: Double
    /// The top edge, in points from the cell's top.
    public var y: Double
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// Makes a rectangle from its top-left corner and size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = CellRect(x: 0, y: 0, width: 0, height: 0)

    /// The bottom edge: `y + height`, in points from the cell's top.
    public var maxY: Double { y + height }
    /// The right edge: `x + width`, in points from the cell's left.
    public var maxX: Double { x + width }
    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// The layout of one status cell: its blocks in order (title bar, profile, text, retweet block,
/// pictures, card, tag row, toolbar…), each with its frame and laid-out texts, and the heights.
/// Immutable; made by ``CellLayouter``, the one owner of the cell's geometry, and read as it is
/// by heights, estimates, pictures and `feedlayout layout`.
///
/// `Codable` (every field by its name, the ID as a string), so that a server can send it as
/// it is.
public struct CellLayout: Sendable, Hashable, Codable {
    /// Whether a status is an original or reposts another.
    public enum Kind: String, Sendable, Hashable, Codable {
        case original, retweet
    }

    /// The status laid out.
    public var statusID: StatusID
    /// Whether it reposts another status.
    public var kind: Kind
    /// The network whose cell it is.
    public var network: StatusNetwork
    /// The cell's height, rounded to the pixel grid (collapsed when text lines are limited).
    public var height: Double
    /// The height with every text line shown, rounded to the pixel grid.
    public var expandedHeight: Double
    /// Whether the frames are those of the expanded cell (``expandedHeight`` tall) rather than
    /// the collapsed one (``height`` tall).
    public var isExpanded: Bool
    /// The blocks, top to bottom.
    public var blocks: [CellBlock]

    /// Makes a layout.
    public init(
        statusID: StatusID, kind: Kind, network: StatusNetwork, height: Double, expandedHeight: Double,
        isExpanded: Bool, blocks: [CellBlock]
    ) {
        self.statusID = statusID
        self.kind = kind
        self.network = network
        self.height = height
        self.expandedHeight = expandedHeight
        self.isExpanded = isExpanded
        self.blocks = blocks
    }

    /// The first block of a kind (top level), if any.
    public func block(_ kind: CellBlock.Kind) -> CellBlock? { blocks.first { $0.kind == kind } }

    /// The height of the frames' configuration: ``expandedHeight`` when expanded, else ``height``.
    public var shownHeight: Double { isExpanded ? expandedHeight : height }

    /// Whether any text was cut at ``CellStyle/maxTextLines``.
    public var isTruncated: Bool { textLines < fullTextLines || retweetTextLines < fullRetweetTextLines }
}

/// One block of a cell: its frame, its texts, its images and the blocks inside it (a retweet
/// block holds the retweeted status's text, pictures or card).
public struct CellBlock: Sendable, Hashable, Codable {
    /// What a block is.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The title bar above a Weibo status ("热门").
        case title
        /// The profile row: avatar, name, time and source.
        case profile
        /// A status text.
        case text
        /// The retweeted status, on its own background: its text and its pictures or card.
        case retweet
        /// A picture grid.
        case pictures
        /// A preview card (a video, a link, a topic, a place).
        case card
        /// The tag row under a Weibo status (a place, a film…).
        case tag
        /// The line above a status that says why it is there: "<name> Retweeted", "<name>
        /// boosted", "in reply to @name" (Twitter, Mastodon).
        case context
        /// A content warning and its toggle ("Show more"), over the content it hides (Mastodon).
        case contentWarning
        /// A poll: its options, then its footer (Mastodon).
        case poll
        /// A quoted status in a box: its author and its text (Twitter, Mastodon).
        case quote
        /// The toolbar: repost, comment and like with their counts.
        case toolbar
    }

    /// What it is.
    public var kind: Kind
    /// Where it is, in the cell.
    public var frame: CellRect
    /// Its texts (a name, a source line, a status text, a card's text…), each laid out.
    public var texts: [CellText]
    /// Its images (the avatar, pictures, a card's picture, badges, icons).
    public var images: [CellImage]
    /// The blocks inside it (a retweet block's text, pictures, card).
    public var children: [CellBlock]

    /// Makes a block.
    public init(
        kind: Kind, frame: CellRect, texts: [CellText] = [], images: [CellImage] = [], children: [CellBlock] = []
    ) {
        self.kind = kind
        self.frame = frame
        self.texts = texts
        self.images = images
        self.children = children
    }

    /// The first text of a role, if any.
    public func text(_ role: CellText.Role) -> CellText? { texts.first { $0.role == role } }
    /// The first block inside of a kind, if any.
    public func child(_ kind: Kind) -> CellBlock? { children.first { $0.kind == kind } }
}

/// A text of a cell as laid out: where its lines are drawn, the rich text, and the paragraph
/// parameters it was measured with, so that whoever draws or reports it lays out exactly what was
/// measured (``textStyle``, ``frame``'s width, ``maxLines``, ``truncationToken``).
public struct CellText: Sendable, Hashable, Codable {
    /// What a text is.
    public enum Role: String, Sendable, Hashable, Codable {
        /// The title bar's text.
        case title
        /// The author's name.
        case name
        /// The time and source line.
        case source
        /// A status text (the status's own, or the retweeted one in a retweet block).
        case body
        /// A card's title, description and tips.
        case card
        /// A tag's name.
        case tag
        /// A toolbar label (repost, comment, like; a count or the action's name).
        case toolbar
        /// A context line ("<name> Retweeted", "<name> boosted", "in reply to @name").
        case context
        /// The author's handle (Twitter's "@screen_name", Mastodon's "@acct").
        case handle
        /// The time of the status (Twitter and Mastodon show it apart from the source).
        case date
        /// A content warning's text.
        case warning
        /// A content warning's toggle ("Show more", "Show less").
        case toggle
        /// A poll option.
        case option
        /// A poll's footer ("12 votes · Closed").
        case footer
    }

    /// What it is.
    public var role: Role
    /// Where its lines are drawn: the first line box's top-left and the width it is laid out
    /// in; as tall as the lines shown.
    public var frame: CellRect
    /// The text, with its entities.
    public var richText: RichText
    /// The font size, in points (the style's, times the font scale).
    public var fontSize: Double
    /// Every line this many points tall; nil for the fonts' natural line height.
    public var lineHeight: Double?
    /// The most lines shown (nil for all).
    public var maxLines: Int?
    /// The text that ends the last line shown when it is cut (nil: "…").
    public var truncationToken: String?
    /// The lines shown.
    public var lines: Int
    /// The lines it takes with no limit.
    public var fullLines: Int

    /// Makes a laid-out text.
    public init(
        role: Role, frame: CellRect, richText: RichText, fontSize: Double, lineHeight: Double?, maxLines: Int?,
        truncationToken: String?, lines: Int, fullLines: Int
    ) {
        self.role = role
        self.frame = frame
        self.richText = richText
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        self.truncationToken = truncationToken
        self.lines = lines
        self.fullLines = fullLines
    }

    /// Whether lines were cut at ``maxLines``.
    public var isTruncated: Bool { lines < fullLines }
}

/// An image of a cell (drawn as a placeholder: the images themselves are not fetched).
public struct CellImage: Sendable, Hashable, Codable {
    /// What an image is.
    public enum Role: String, Sendable, Hashable, Codable {
        /// The author's avatar.
        case avatar
        /// The verified badge on the avatar.
        case verifiedBadge
        /// A picture of the status (``CellImage/index`` says which).
        case picture
        /// A video's picture (a card's, or a video among the pictures), drawn with a play mark.
        case video
        /// An animated GIF among the pictures, drawn with a "GIF" mark.
        case gif
        /// An audio attachment among the pictures, drawn with a note mark.
        case audio
        /// A card's picture.
        case cardImage
        /// A card's badge, in its picture's corner.
        case cardBadge
        /// A card's button.
        case cardButton
        /// An icon before a text (a title's, a tag's).
        case icon
    }

    /// What it is.
    public var role: Role
    /// Where it is, in the cell.
    public var frame: CellRect
    /// For a picture: its place among the status's pictures.
    public var index: Int

    /// Makes an image.
    public init(role: Role, frame: CellRect, index: Int = 0) {
        self.role = role
        self.frame = frame
        self.index = index
    }
}
