extension CellStyle {
    /// Every status in the Twitter cell (YYKit's Twitter demo, `T1StatusLayout`).
    public static let twitter = CellStyle(network: .twitter)
    /// Every status in the Mastodon cell (Mastodon's web client).
    public static let mastodon = CellStyle(network: .mastodon)

    /// The colours of `network`'s cell.
    public func colors(for network: StatusNetwork) -> CellColors {
        switch network {
        case .weibo: weiboCell.colors
        case .twitter: twitterCell.colors
        case .mastodon: mastodonCell.colors
        }
    }

    /// The numbers of the Twitter cell, from YYKit's Twitter demo (`T1StatusLayout.h`: the
    /// `kT1…` constants; `T1StatusLayout.m`: `-layout`; `T1StatusCell.m`: where the views go):
    ///
    ///     top     = contextTopPadding when a "Retweeted" / "in reply to" line shows, else padding
    ///     text    = lines × lineHeightMultiple × textFontSize           (0 for no text)
    ///     content = top + nameRowHeight + innerPadding + text
    ///             + (innerPadding + contentWidth × mediaAspect           with media (at most 4)
    ///               | innerPadding + quote)                             else with a quote
    ///     quote   = 2 × padding + quoteNameHeight + quote text          (none without text)
    ///     height  = max(content + actionsHeight, top + avatarSide) + bottomPadding,
    ///               rounded to the pixel grid
    ///     contentWidth = width − padding − avatarSide − innerPadding − padding   (W − 78)
    ///
    /// The layout shows the retweeted tweet itself under a "<name> Retweeted" line; its own quote
    /// too (T1 drops a retweet's quote; the real clients show it); videos and GIFs take the media
    /// box as photos do (T1 predates them); URLs are shown as their `display_url` and media links
    /// are removed from the text (the decoder's work; T1 shows the raw t.co text). T1 leaves
    /// heights fractional; here they are rounded to the pixel grid as every cell is.
    public struct TwitterCell: Sendable, Hashable {
        /// The outer padding: left of the avatar, above it without a context line, around the
        /// quote's text (`kT1CellPadding`).
        public var padding = 12.0
        /// Between the name row and the text, and between the text and the media or quote
        /// (`kT1CellInnerPadding`).
        public var innerPadding = 6.0
        /// Above the avatar when a context line ("Retweeted", "in reply to") shows; also the
        /// space below the content that holds the action row (`kT1CellExtendedPadding`).
        public var contextTopPadding = 30.0
        /// Below the content, holding the 32-point action row (`kT1CellExtendedPadding`).
        public var bottomPadding = 30.0
        /// Added after the content, before the avatar's floor (`kT1ActionsHeight`).
        public var actionsHeight = 6.0
        /// The action row's height; its centre is `actionRowCenterFromBottom` above the cell's
        /// bottom (`T1StatusCell.m`: 32 high, centre at height − 19).
        public var actionRowHeight = 32.0
        /// How far above the bottom the action row's centre is.
        public var actionRowCenterFromBottom = 19.0
        /// The avatar's side (`kT1AvatarSize`).
        public var avatarSide = 48.0
        /// Between photos in the media box (`kT1ImagePadding`).
        public var mediaGap = 4.0
        /// The media box's height over its width, whatever the photos (16:9).
        public var mediaAspect = 9.0 / 16.0
        /// The most media shown.
        public var maxMedia = 4
        /// The name row: the name's line box is this high, centred on `top + nameFontSize / 2`
        /// (`T1StatusCell.m`: 28 high, `centerY = paddingTop + 14 / 2`); the text starts
        /// `nameFontSize + innerPadding` below the top.
        public var nameRowHeight = 14.0
        /// The name's font size (`kT1UserNameFontSize`).
        public var nameFontSize = 14.0
        /// The @screen_name's, the date's and the context line's font size (`kT1UserNameSubFontSize`).
        public var subFontSize = 12.0
        /// The text's font size (`kT1TextFontSize`), the quote's too.
        public var textFontSize = 14.0
        /// Each line of text is this multiple of its font size: the system font's ascent plus
        /// descent, CoreText's line height with no leading, which T1's text heights (the maxY
        /// of the text's bounding rect) add up to.
        public var lineHeightMultiple = 1.193
        /// The counts' font size (`kT1ActionFontSize`).
        public var actionFontSize = 12.0
        /// The context line's box: 24 high, centred 18 below the top (`T1StatusCell.m`).
        public var contextLineHeight = 24.0
        /// The context icon's side (16, its right edge at the avatar's).
        public var contextIconSide = 16.0
        /// The quote's name row (`kT1UserNameFontSize`: its text starts `padding + quoteNameHeight
        /// + innerPadding` below the quote's top).
        public var quoteNameHeight = 14.0
        /// The text that ends the last line shown when text is cut at ``CellStyle/maxTextLines``.
        public var truncationToken = "\u{2026}"
        /// How a tweet's resolved text becomes rich text (no inline images in tweets; Twitter's
        /// emoji are characters).
        public var richText = RichTextBuilder(linkLabel: "link", emoticons: EmoticonTable(names: []))
        /// The colours the cell is drawn with (no height depends on them).
        public var colors = CellColors.twitter

        /// Makes the reference numbers.
        public init() {}

        /// The x of the name, text, media, quote and actions (`kT1ContentLeft`: 66).
        public var contentLeft: Double { padding + avatarSide + innerPadding }

        /// The width of the name, text, media and quote in a cell `width` wide (`kT1ContentWidth`:
        /// `width − 78`), at least 1.
        public func contentWidth(_ width: Double) -> Double { max(1, width - contentLeft - padding) }

        /// The height of `lines` lines of text of `size` (0 for none).
        public func textHeight(lines: Int, size: Double) -> Double { Double(max(0, lines)) * lineHeightMultiple * size }
    }

    /// The numbers of the Mastodon cell, from Mastodon's web client (mastodon/mastodon,
    /// `app/javascript/styles/mastodon/components.scss` and the components beside it; the
    /// official iOS app's `StatusView` lays out the same blocks with its own fonts):
    ///
    ///     height = padding + (prependHeight + padding when boosted)
    ///            + infoHeight + infoBottom
    ///            + (warning box + warningBottom)                      with a content warning
    ///            + contentTop + lines × lineHeight                     the text (paragraphs one
    ///                                                                  empty line apart)
    ///            + (mediaTop + gallery) + (cardTop + card) + (pollTop + poll) + (quoteTop + quote)
    ///            + actionBarTop + actionBarHeight + padding + borderWidth,  rounded to the pixel grid
    ///     warning box = 2 × warningPaddingY + warning lines × lineHeight + warningGap + lineHeight
    ///                 + 2 × borderWidth                               (the text, then "Show more")
    ///     gallery = 1 item with a size: contentWidth / its aspect; else contentWidth × 2 / 3
    ///     contentWidth = width − 2 × padding
    ///
    /// With a content warning the collapsed height shows the warning and its toggle only; the
    /// expanded height (``CellLayout/expandedHeight``) shows everything under it, as "Show more"
    /// does. A card is shown only without media (as both clients do); a poll as well as either.
    public struct MastodonCell: Sendable, Hashable {
        /// `.status`: padding 16 on every side.
        public var padding = 16.0
        /// `.status__prepend`: the "boosted" line, 22 high (15px / 22px), 16 above it.
        public var prependHeight = 22.0
        /// `.status__prepend`'s icon (16px).
        public var prependIconSide = 16.0
        /// `.status__info`: the avatar's row, as high as the 46px avatar (`.status__avatar`).
        public var infoHeight = 46.0
        /// `.status__avatar`: 46 × 46.
        public var avatarSide = 46.0
        /// Between the avatar and the display name (10px).
        public var avatarGap = 10.0
        /// `.status__info`: padding-bottom 10.
        public var infoBottom = 10.0
        /// The font size of every text but the card's and the poll's (15px).
        public var fontSize = 15.0
        /// Every line of text is this high (line-height 22px); a paragraph's margin is one line.
        public var lineHeight = 22.0
        /// `.status__content`: padding-top 2.
        public var contentTop = 2.0
        /// `.content-warning`: padding 8px 13px, a 1px border, the warning's paragraph 8 above
        /// the toggle, margin-bottom 10.
        public var warningPaddingY = 8.0
        public var warningPaddingX = 13.0
        public var warningGap = 8.0
        public var warningBottom = 10.0
        /// The toggle's words, collapsed and expanded.
        public var showMore = "Show more"
        public var showLess = "Show less"
        /// The border of the warning, the card and the quote, and the status's bottom border (1px).
        public var borderWidth = 1.0
        /// `.media-gallery`: margin-top 16, 2px between items, a 3:2 box but for one item with
        /// a size, which keeps its aspect; at most 4 shown.
        public var mediaTop = 16.0
        public var mediaGap = 2.0
        public var galleryAspect = 2.0 / 3.0
        public var maxMedia = 4
        /// `.status-card`: margin-top 14, content padding 15; a compact card's picture 120 × 120
        /// at the left (a link card with a picture that is not wider than tall, or none); a
        /// large card's picture across the top with its aspect (16:9 without a size).
        public var cardTop = 14.0
        public var cardPadding = 15.0
        public var cardImageSide = 120.0
        public var cardImageAspect = 9.0 / 16.0
        /// `.status-card__title`: 19px / 24px bold, 1 line (2 in a large card); the host and the
        /// description: 14px with 8 between lines (their line height, 20, is ours: the CSS
        /// inherits it).
        public var cardTitleFontSize = 19.0
        public var cardTitleLineHeight = 24.0
        public var cardFontSize = 14.0
        public var cardLineHeight = 20.0
        public var cardGap = 8.0
        /// `.poll`: margin-top 16; each option 6 + 18px lines + 6 and 10 below it (14px text,
        /// 28 after the input); the footer 6 + 18 + 5.
        public var pollTop = 16.0
        public var pollFontSize = 14.0
        public var pollLineHeight = 18.0
        public var pollOptionPadding = 6.0
        public var pollOptionGap = 10.0
        public var pollOptionInset = 28.0
        public var pollFooterHeight = 29.0
        /// A quoted post (Mastodon 4.4): 16 above, a bordered box with 12 of padding, the
        /// author's line and the text (these numbers are ours: the stylesheet read has none).
        public var quoteTop = 16.0
        public var quotePadding = 12.0
        /// `.status__action-bar`: margin-top 16, 24 high (its icons).
        public var actionBarTop = 16.0
        public var actionBarHeight = 24.0
        /// `.status__content .emojione`: custom emoji 20px high in 15px text.
        public var emojiSide = 20.0
        /// The text that ends the last line shown when text is cut at ``CellStyle/maxTextLines``.
        public var truncationToken = "\u{2026}"
        /// How a toot's resolved text becomes rich text: custom emoji 20px (4/3 of 15px), placed
        /// as the web client places them (margin-top −3px: about the line's centre).
        public var richText = RichTextBuilder(
            linkLabel: "link", emoticons: EmoticonTable(names: []),
            imageSize: InlineImageSize(width: 4.0 / 3.0, ascent: 1.1, descent: 0.23))
        /// The colours the cell is drawn with (no height depends on them).
        public var colors = CellColors.mastodon

        /// Makes the reference numbers.
        public init() {}

        /// The width of the text, media, card, poll and quote in a cell `width` wide, at least 1.
        public func contentWidth(_ width: Double) -> Double { max(1, width - 2 * padding) }

        /// The height of the warning box for `lines` lines of warning.
        public func warningHeight(lines: Int) -> Double {
            2 * warningPaddingY + Double(max(1, lines)) * lineHeight + warningGap + lineHeight + 2 * borderWidth
        }
    }
}
