/// Every number of a status cell's geometry, in points. The default, ``weibo``, is the reference
/// geometry of the widely copied Weibo demo (YYKit's `WBStatusLayout`); replace any of it.
///
/// A value type: a different style is a different layout context (heights cached for one style
/// must never serve another).
public struct CellStyle: Sendable, Hashable {
    /// Space above the profile row.
    public var topMargin = 8.0
    /// Left and right padding of the content.
    public var padding = 12.0
    /// The profile row (avatar, name, source line).
    public var profileHeight = 56.0
    /// The side of the square avatar.
    public var avatarSide = 40.0
    /// How far below the profile row's top (``topMargin`` below the cell's top) the avatar starts, in points.
    public var avatarTop = 15.0
    /// Space between the avatar and the name.
    public var nameLeading = 14.0
    /// The font size of the user's name (before ``fontScale``).
    public var nameFontSize = 16.0
    /// The font size of the time and source line (before ``fontScale``).
    public var sourceFontSize = 12.0
    /// Space above and below each text block.
    public var textPadding = 10.0
    /// The font size of the status text (before ``fontScale``).
    public var textFontSize = 17.0
    /// The font size of the retweeted text (before ``fontScale``).
    public var retweetTextFontSize = 16.0
    /// Every text line is this multiple of its font size apart; the first counts as the font
    /// size itself (the reference's choice for a consistent ascent + descent).
    public var lineHeightMultiple = 1.34
    /// Space between pictures in a grid.
    public var pictureGap = 4.0
    /// The most pictures shown (the API allows 9).
    public var maxPictures = 9
    /// A single picture's short side is never less than this fraction of its long side
    /// (extreme panoramas and long screenshots are cropped, not drawn as slivers).
    public var minimumSinglePictureAspect = 0.25
    /// Space after a picture grid (or after the retweet's pictures, inside the block).
    public var afterPictures = 12.0
    /// The height of the toolbar row.
    public var toolbarHeight = 35.0
    /// Space below the toolbar, the last of the cell.
    public var bottomMargin = 2.0
    /// Show at most this many text lines (nil: all), ending the last in ``truncationToken``.
    public var maxTextLines: Int? = nil
    /// The text that ends the last line shown when text is cut at ``maxTextLines``.
    public var truncationToken = "…全文"
    /// Multiplies every font size (Dynamic Type).
    public var fontScale = 1.0
    /// How status text becomes rich text (link label, emoticons, inline image size).
    public var richText = RichTextBuilder()
    /// The toolbar's labels ("转发", "评论", "赞" or their counts).
    public var toolbarFontSize = 14.0
    /// The colours the cell is drawn with (no height depends on them).
    public var colors = CellColors.weibo

    /// Makes the reference geometry (``weibo``).
    public init() {}

    /// The reference geometry.
    public static let weibo = CellStyle()

    /// The side of one grid picture: a third of the content width (+ one gap) less a gap,
    /// rounded to the pixel grid, and never below 0.
    public func pictureSide(width: Double, scale: Double) -> Double {
        max(0, pixelRound((width - 2 * padding + pictureGap) / 3 - pictureGap, scale: scale))  // ≥ 0 in very narrow cells
    }

    /// The height of a text block of `lines` lines: padding, the first line as the font size,
    /// each further line `lineHeightMultiple` × the font size, padding; 0 for no lines.
    public func textBlockHeight(lines: Int, fontSize: Double) -> Double {
        guard lines > 0 else { return 0 }
        return 2 * textPadding + fontSize + Double(lines - 1) * lineHeightMultiple * fontSize
    }
}

/// Rounds a length to the pixel grid of a screen scale (1, 2, 3): to the nearest pixel.
@inline(__always) public func pixelRound(_ value: Double, scale: Double) -> Double {
    (value * scale).rounded() / scale
}
