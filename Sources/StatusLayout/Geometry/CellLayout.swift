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

    /// The bottom edge: `y + height`, in points from the cell's top.
    public var maxY: Double { y + height }
    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// The layout of one status cell: the frame of every element and the height. Immutable.
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
    /// The cell's height, rounded to the pixel grid (collapsed when text lines are limited).
    public var height: Double
    /// The height with every text line shown, rounded to the pixel grid.
    public var expandedHeight: Double

    /// The avatar's square: ``CellStyle/avatarSide`` a side, ``CellStyle/avatarTop`` below the
    /// profile row's top, at the left padding.
    public var avatar: CellRect
    /// The user's name: right of the avatar, level with its top, as wide as the name measures on
    /// one line (at most the space left of the right padding; 0 wide with no user), one line of
    /// ``CellStyle/nameFontSize`` × ``CellStyle/fontScale`` × ``CellStyle/lineHeightMultiple`` high.
    public var name: CellRect
    /// The time and source line (``CellLayouter/sourceLine(_:)``): left-aligned with the name, its
    /// bottom on the avatar's bottom, as wide as it measures on one line (at most the space left).
    public var source: CellRect
    /// The status text block (empty height when there is no text).
    public var text: CellRect
    /// The lines of the status text shown (at most ``CellStyle/maxTextLines``; 0 with no text).
    public var textLines: Int
    /// The lines the status text takes with no limit.
    public var fullTextLines: Int
    /// The frames of the status's own pictures, in order (at most ``CellStyle/maxPictures``;
    /// empty for a retweet, whose pictures are in ``retweetPictures``).
    public var pictures: [CellRect]
    /// The retweet block, the full cell width from the end of the status text to the toolbar
    /// (nil for an original status).
    public var retweetBlock: CellRect?
    /// The retweeted text block, "@name:" included (nil for an original status; 0 high when that
    /// text is empty).
    public var retweetText: CellRect?
    /// The lines of the retweeted text shown (0 for an original status).
    public var retweetTextLines: Int
    /// The lines the retweeted text takes with no limit (0 for an original status).
    public var fullRetweetTextLines: Int
    /// The frames of the retweeted status's pictures (empty for an original status or a deleted
    /// retweet).
    public var retweetPictures: [CellRect]
    /// The toolbar: the full cell width, ``CellStyle/toolbarHeight`` high, under everything else.
    public var toolbar: CellRect
    /// The rich text of the status, as measured.
    public var richText: RichText
    /// The rich text of the retweet, with "@name:" in front (no prefix when the retweet is
    /// deleted); nil for an original status.
    public var retweetRichText: RichText?

    /// Whether any text was cut at ``CellStyle/maxTextLines``.
    public var isTruncated: Bool { textLines < fullTextLines || retweetTextLines < fullRetweetTextLines }
}
