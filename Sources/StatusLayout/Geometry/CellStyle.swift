/// Every number of a status cell's geometry, in points, for each network's cell, and which of
/// them a status gets.
///
/// - ``weibo``, ``twitter`` and ``mastodon`` lay every status out in that network's cell;
///   ``automatic`` (the default of a ``CellLayouter``) lays each status out in the cell of the
///   network it came from (``Status/network``).
/// - ``WeiboCell`` holds the numbers of the reference Weibo cell (YYKit's `WBStatusLayout`),
///   ``TwitterCell`` those of YYKit's Twitter demo (`T1StatusLayout`), ``MastodonCell`` those
///   of Mastodon's web client; replace any of them.
///
/// A value type: a different style is a different layout context (heights cached for one style
/// must never serve another).
public struct CellStyle: Sendable, Hashable {
    /// Whose cell every status gets; nil: each status gets its own network's.
    public var network: StatusNetwork?
    /// Multiplies every font size (Dynamic Type).
    public var fontScale = 1.0
    /// Show at most this many lines of a status text (nil or less than 1: all), ending the last
    /// in the network's truncation token ("…全文" on Weibo).
    public var maxTextLines: Int? = nil
    /// The Weibo cell's numbers.
    public var weiboCell = WeiboCell()
    /// The Twitter cell's numbers.
    public var twitterCell = TwitterCell()
    /// The Mastodon cell's numbers.
    public var mastodonCell = MastodonCell()

    /// Makes a style that lays every status out in `network`'s cell (nil: each in its own).
    public init(network: StatusNetwork? = nil) {
        self.network = network
    }

    /// Every status in the Weibo cell (YYKit's `WBStatusLayout`).
    public static let weibo = CellStyle(network: .weibo)
    /// Each status in its own network's cell.
    public static let automatic = CellStyle(network: nil)

    /// The network whose cell `status` gets.
    public func network(for status: Status) -> StatusNetwork { network ?? status.network }

    /// The limit on status text lines, nil for none.
    var lineLimit: Int? { maxTextLines.flatMap { $0 > 0 ? $0 : nil } }

    /// Why a cell `width` points wide on a screen of `scale` pixels per point cannot be laid out
    /// in this style, or nil when it can: the one check every caller makes (the layouter traps on
    /// what this refuses; the CLI turns it into a usage error).
    public func problem(width: Double, scale: Double) -> String? {
        let smallest = minimumWidth
        if !(width.isFinite && width > smallest) {
            return
                "a cell width must be a number of points greater than \(JSONNumber.short(smallest)) (twice the padding), not \(width)"
        }
        if !(scale.isFinite && scale >= 1) { return "a screen scale must be a number of 1 or more, not \(scale)" }
        return nil
    }

    /// The width a cell must exceed: twice the largest padding of the cells this style lays out.
    public var minimumWidth: Double { 2 * weiboCell.padding }
}

extension CellStyle {
    /// The numbers of the Weibo cell, from YYKit's `WBStatusLayout.h` (`kWBCell…`) and
    /// `WBStatusLayout.m`:
    ///
    ///     height = topMargin + (titleHeight when titled) + profileHeight + text
    ///            + (retweet block | pictures | card)           first that applies
    ///            + (tag row | padding after pictures or a card | 0)
    ///            + toolbarHeight + bottomMargin,               rounded to the pixel grid
    ///     text(n, size)  = 2 × textPadding + size + (n − 1) × lineHeightMultiple × size   (0 for none)
    ///     retweet block  = text(retweet) + (pictures | card) + padding  (or the text alone)
    ///     pictures       = 1: keep_size or no size: a square of half the content width;
    ///                         else the picture in a box of long side 2 × side + gap, aspect kept;
    ///                      2–3: side; 4–6: 2 × side + gap; 7–9: 3 × side + 2 × gap
    ///     side           = pixelRound((contentWidth + gap) / 3 − gap)
    ///     card           = video with a picture: (2 × contentWidth − gap) / 3; else cardHeight
    ///                      when it has a title, description or tips
    ///     tag row        = placeTagHeight for a place, tagHeight otherwise
    public struct WeiboCell: Sendable, Hashable {
        /// Space above the title bar or profile row (`kWBCellTopMargin`).
        public var topMargin = 8.0
        /// The title bar's height (`kWBCellTitleHeight`), when the status has a title.
        public var titleHeight = 36.0
        /// The title bar's font size (`kWBCellTitlebarFontSize`).
        public var titleFontSize = 14.0
        /// The title text is this much narrower than the cell (YYKit: `kScreenWidth - 100`).
        public var titleTextInset = 100.0
        /// Left and right padding of the content, and the space after pictures or a card
        /// (`kWBCellPadding`).
        public var padding = 12.0
        /// The profile row (avatar, name, source line; `kWBCellProfileHeight`).
        public var profileHeight = 56.0
        /// The side of the square avatar.
        public var avatarSide = 40.0
        /// How far below the profile row's top the avatar starts.
        public var avatarTop = 15.0
        /// The side of the verified badge on the avatar's lower right corner.
        public var badgeSide = 14.0
        /// Space between the avatar and the name (`kWBCellNamePaddingLeft`).
        public var nameLeading = 14.0
        /// The name and the source line are at most this much narrower than the cell (YYKit:
        /// `kWBCellNameWidth`, `kScreenWidth - 110`).
        public var nameWidthInset = 110.0
        /// The font size of the user's name (`kWBCellNameFontSize`).
        public var nameFontSize = 16.0
        /// The font size of the time and source line (`kWBCellSourceFontSize`).
        public var sourceFontSize = 12.0
        /// Space above and below each text block (`kWBCellPaddingText`).
        public var textPadding = 10.0
        /// The font size of the status text (`kWBCellTextFontSize`).
        public var textFontSize = 17.0
        /// The font size of the retweeted text (`kWBCellTextFontRetweetSize`).
        public var retweetTextFontSize = 16.0
        /// Every text line is this multiple of its font size apart; the first counts as the font
        /// size itself (YYKit pins ascent 0.86 and descent 0.14 of the size).
        public var lineHeightMultiple = 1.34
        /// Space between pictures in a grid (`kWBCellPaddingPic`).
        public var pictureGap = 4.0
        /// The most pictures shown (the API allows 9).
        public var maxPictures = 9
        /// A single picture's short side is never less than this fraction of its long side
        /// (extreme panoramas and long screenshots are cropped, not drawn as slivers; YYKit has
        /// no such floor, and 0 removes it).
        public var minimumSinglePictureAspect = 0.25
        /// A card's height (`kWBCellCardHeight`), unless it is a video with a picture.
        public var cardHeight = 70.0
        /// The font size of a card's title (`kWBCellCardTitleFontSize`).
        public var cardTitleFontSize = 16.0
        /// The font size of a card's description and tips (`kWBCellCardDescFontSize`).
        public var cardDescriptionFontSize = 12.0
        /// A card's text lines are this many points each.
        public var cardLineHeight = 20.0
        /// A card shows at most this many lines of text, the last cut with "…".
        public var cardMaxLines = 3
        /// Where a card's text starts with a picture (70: its square).
        public var cardImageWidth = 70.0
        /// Where a card's text starts with a picture and a badge (100).
        public var cardImageWithBadgeWidth = 100.0
        /// Where a card's text starts with a badge alone (42).
        public var cardBadgeWidth = 42.0
        /// The side of a card's badge (25).
        public var cardBadgeSide = 25.0
        /// The width a card's button takes on the right (60).
        public var cardButtonWidth = 60.0
        /// Space around a card's text (10).
        public var cardTextPadding = 10.0
        /// The tag row under a place (`tag_type` 1: `kWBCellTagPlaceHeight` + 2 × `kWBCellTagPadding`).
        public var placeTagHeight = 40.0
        /// The tag row under any other tag (`kWBCellTagNormalHeight` + 2 × `kWBCellTagPadding`).
        public var tagHeight = 32.0
        /// The font size of a tag (`kWBCellCardDescFontSize`).
        public var tagFontSize = 12.0
        /// The height of the toolbar row (`kWBCellToolbarHeight`).
        public var toolbarHeight = 35.0
        /// The font size of the toolbar's labels (`kWBCellToolbarFontSize`).
        public var toolbarFontSize = 14.0
        /// A toolbar icon's side, as a fraction of the toolbar's font size.
        public var toolbarIconScale = 0.9
        /// The space between a toolbar icon and its label, as a fraction of the toolbar's font size.
        public var toolbarIconGap = 0.3
        /// Space below the toolbar, the last of the cell (`kWBCellToolbarBottomMargin`).
        public var bottomMargin = 2.0
        /// A `url_struct` title is cut after this many characters and ends in "…" (YYKit: 27).
        public var urlTitleLimit = 27
        /// The text that ends the last line shown when text is cut at ``CellStyle/maxTextLines``.
        public var truncationToken = "…全文"
        /// How status text becomes rich text (link label, emoticons, inline image size).
        public var richText = RichTextBuilder()
        /// The colours the cell is drawn with (no height depends on them).
        public var colors = CellColors.weibo

        /// Makes the reference numbers.
        public init() {}

        /// The side of one grid picture: a third of the content width (+ one gap) less a gap,
        /// rounded to the pixel grid, and never below 0.
        public func pictureSide(width: Double, scale: Double) -> Double {
            // ≥ 0 in very narrow cells
            max(0, pixelRound((width - 2 * padding + pictureGap) / 3 - pictureGap, scale: scale))
        }

        /// The height of a text block of `lines` lines: padding, the first line as the font size,
        /// each further line `lineHeightMultiple` × the font size, padding; 0 for no lines.
        public func textBlockHeight(lines: Int, fontSize: Double) -> Double {
            guard lines > 0 else { return 0 }
            return 2 * textPadding + fontSize + Double(lines - 1) * lineHeightMultiple * fontSize
        }
    }
}

/// Rounds a length to the pixel grid of a screen scale (1, 2, 3): to the nearest pixel.
@inline(__always) public func pixelRound(_ value: Double, scale: Double) -> Double {
    (value * scale).rounded() / scale
}

/// Short decimal forms of numbers for messages ("24", "0.5").
enum JSONNumber {
    static func short(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
