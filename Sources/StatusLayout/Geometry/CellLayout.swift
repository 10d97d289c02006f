/// A rectangle in a cell, in points from the cell's top-left.
public struct CellRect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

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

    public var avatar: CellRect
    public var name: CellRect
    public var source: CellRect
    /// The status text block (empty height when there is no text).
    public var text: CellRect
    /// Lines of the text shown, and in full.
    public var textLines: Int
    public var fullTextLines: Int
    public var pictures: [CellRect]
    /// The retweet block and its text and pictures (nil and empty for an original status).
    public var retweetBlock: CellRect?
    public var retweetText: CellRect?
    public var retweetTextLines: Int
    public var fullRetweetTextLines: Int
    public var retweetPictures: [CellRect]
    public var toolbar: CellRect
    /// The rich text of the status and of the retweet (with "@name:" in front).
    public var richText: RichText
    public var retweetRichText: RichText?

    /// Whether any text was cut at ``CellStyle/maxTextLines``.
    public var isTruncated: Bool { textLines < fullTextLines || retweetTextLines < fullRetweetTextLines }
}
