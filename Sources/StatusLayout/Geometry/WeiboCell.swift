import TextLayout

/// The Weibo cell (YYKit's `WBStatusLayout._layout` and the `_layout…` methods it calls, every
/// number from ``CellStyle/WeiboCell``): title bar, profile, text, then the retweet
/// block, else the pictures, else the card; the tag row (or the padding after pictures or a
/// card); the toolbar.
///
/// One walk serves both callers: with `frames` it records every block (and measures the
/// one-line texts); without, it only adds up the heights, collapsed and expanded at once.
struct WeiboCell<Measurer: StatusTextMeasuring> {
    let measurer: Measurer
    let s: CellStyle.WeiboCell
    let width: Double
    let scale: Double
    let frames: Bool
    let expanded: Bool
    let now: StatusDate?
    let lineLimit: Int?
    let contentWidth: Double
    let textSize, retweetSize, nameSize, sourceSize, titleSize, cardTitleSize, cardDescriptionSize, tagSize,
        toolbarSize: Double
    let token: AttributedText

    /// The y of the next block, collapsed and expanded (they part after a text cut at the line limit).
    private var y: Double
    private var expandedY: Double

    init(
        measurer: Measurer, style: CellStyle, width: Double, scale: Double, frames: Bool, expanded: Bool,
        now: StatusDate?
    ) {
        self.measurer = measurer
        s = style.weiboCell
        self.width = width
        self.scale = scale
        self.frames = frames
        self.expanded = expanded
        self.now = now
        lineLimit = style.lineLimit
        contentWidth = width - 2 * s.padding
        let f = style.fontScale
        textSize = s.textFontSize * f
        retweetSize = s.retweetTextFontSize * f
        nameSize = s.nameFontSize * f
        sourceSize = s.sourceFontSize * f
        titleSize = s.titleFontSize * f
        cardTitleSize = s.cardTitleFontSize * f
        cardDescriptionSize = s.cardDescriptionFontSize * f
        tagSize = s.tagFontSize * f
        toolbarSize = s.toolbarFontSize * f
        token = AttributedText(s.truncationToken)
        y = s.topMargin
        expandedY = s.topMargin
    }

    /// The top of the next block in the configuration the frames are for.
    private var top: Double { expanded ? expandedY : y }

    private mutating func advance(_ height: Double, expanded expandedHeight: Double? = nil) {
        y += height
        expandedY += expandedHeight ?? height
    }

    // MARK: The cell

    mutating func layout(_ status: Status) -> CellLayout {
        var blocks: [CellBlock] = []
        if frames { blocks.reserveCapacity(8) }

        // Title bar.
        if let title = status.title, !title.text.isEmpty {
            if frames { blocks.append(titleBlock(title)) }
            advance(s.titleHeight)
        }

        // Profile row.
        if frames { blocks.append(profileBlock(status)) }
        advance(s.profileHeight)

        // Text.
        let ownLinks = linkOptions(for: status, isRetweet: false)
        if let block = textBlock(status.text, size: textSize, retweetOf: nil, links: ownLinks) { blocks.append(block) }

        // The retweet block, else the pictures, else the card.
        var shownPicturesOrCard = false
        var retweetHeight = 0.0
        if let retweet = status.retweetedStatus {
            let blockTop = top
            let start = (y, expandedY)
            var children: [CellBlock] = []
            let prefix = retweet.isDeleted ? nil : retweet.user.map(\.displayName).flatMap { $0.isEmpty ? nil : $0 }
            if !retweet.text.isEmpty,
                let block = textBlock(
                    retweet.text, size: retweetSize, retweetOf: prefix,
                    links: linkOptions(for: retweet, isRetweet: true))
            {
                children.append(block)
            }
            if !retweet.isDeleted, picturesOrCard(retweet, children: &children) != nil {
                advance(s.padding)
            }
            retweetHeight = y - start.0
            if frames {
                let height = (expanded ? expandedY - start.1 : y - start.0)
                blocks.append(
                    CellBlock(
                        kind: .retweet, frame: CellRect(x: 0, y: blockTop, width: width, height: height),
                        children: children))
            }
        }
        if retweetHeight == 0, picturesOrCard(status, children: &blocks) != nil {
            shownPicturesOrCard = true
        }

        // Tag row, else the padding after pictures or a card.
        if let tag = status.tags.first, !tag.name.isEmpty {
            let height = tag.isPlace ? s.placeTagHeight : s.tagHeight
            if frames { blocks.append(tagBlock(tag, height: height)) }
            advance(height)
        } else if shownPicturesOrCard {
            advance(s.padding)
        }

        // Toolbar.
        if frames { blocks.append(toolbarBlock(status)) }
        advance(s.toolbarHeight + s.bottomMargin)

        return CellLayout(
            statusID: status.id, kind: status.isRetweet ? .retweet : .original, network: .weibo,
            height: pixelRound(y, scale: scale), expandedHeight: pixelRound(expandedY, scale: scale),
            isExpanded: expanded && frames, blocks: blocks)
    }

    /// The trailing `url_struct` link YYKit drops for a status's card: only without pictures, and
    /// not in the text of a status that reposts another (whose card is the retweet's).
    private func linkOptions(for status: Status, isRetweet: Bool) -> RichTextBuilder.LinkOptions {
        var options = RichTextBuilder.LinkOptions(titleLimit: s.urlTitleLimit)
        if let card = status.card, !card.pageID.isEmpty, status.pictures.isEmpty, isRetweet || !status.isRetweet {
            options.droppedCardPageID = card.pageID
        }
        return options
    }

    // MARK: Text

    /// A status text's block (nil when it has no lines), its height added; with `frames`, made.
    private mutating func textBlock(
        _ text: StatusText, size: Double, retweetOf prefix: String?,
        links: RichTextBuilder.LinkOptions
    ) -> CellBlock? {
        let builder = s.richText
        let rich =
            frames
            ? builder.build(text, fontSize: size, retweetOf: prefix, links: links)
            : RichText(
                text: builder.attributedText(text, fontSize: size, retweetOf: prefix, links: links), entities: [])
        guard !rich.text.string.isEmpty else { return nil }
        let lines = measurer.lineCount(
            of: rich.text, width: contentWidth, fontSize: size, maxLines: lineLimit, truncationToken: token)
        guard lines.full > 0 else { return nil }
        let blockTop = top
        let shown = expanded ? lines.full : lines.shown
        advance(
            s.textBlockHeight(lines: lines.shown, fontSize: size),
            expanded: s.textBlockHeight(lines: lines.full, fontSize: size))
        guard frames else { return nil }
        let lineHeight = s.lineHeightMultiple * size
        let textFrame = CellRect(
            x: s.padding, y: blockTop + s.textPadding - (s.lineHeightMultiple - 1) * size / 2,
            width: contentWidth, height: Double(shown) * lineHeight)
        let text = CellText(
            role: .body, frame: textFrame, richText: rich, fontSize: size, lineHeight: lineHeight,
            maxLines: expanded ? nil : lineLimit, truncationToken: s.truncationToken, lines: shown,
            fullLines: lines.full)
        return CellBlock(
            kind: .text,
            frame: CellRect(
                x: s.padding, y: blockTop, width: contentWidth,
                height: s.textBlockHeight(lines: shown, fontSize: size)),
            texts: [text])
    }

    /// A one-line text of `size` in `frame`'s origin, as wide as it measures (at most `space`).
    private func line(
        _ role: CellText.Role, _ text: AttributedText, size: Double, x: Double, y: Double, space: Double,
        lineHeight: Double? = nil, alignedTo height: Double? = nil
    ) -> CellText {
        let measured = text.string.isEmpty ? 0 : min(max(0, space), measurer.singleLineWidth(of: text, fontSize: size))
        let boxHeight = lineHeight ?? size * s.lineHeightMultiple
        let top = height.map { y + ($0 - boxHeight) / 2 } ?? y
        return CellText(
            role: role, frame: CellRect(x: x, y: top, width: measured, height: text.string.isEmpty ? 0 : boxHeight),
            richText: RichText(text: text, entities: []), fontSize: size, lineHeight: boxHeight, maxLines: 1,
            truncationToken: nil, lines: text.string.isEmpty ? 0 : 1, fullLines: text.string.isEmpty ? 0 : 1)
    }

    private func icon(_ size: Double) -> TextAttachment { s.richText.imageSize.attachment(fontSize: size) }

    // MARK: Blocks

    private func titleBlock(_ title: StatusTitle) -> CellBlock {
        var text = AttributedText("")
        if !title.iconURL.isEmpty { text.append(icon(titleSize)) }
        text.append(title.text)
        let frame = CellRect(x: 0, y: top, width: width, height: s.titleHeight)
        return CellBlock(
            kind: .title, frame: frame,
            texts: [
                line(
                    .title, text, size: titleSize, x: s.padding, y: top, space: width - s.titleTextInset,
                    alignedTo: s.titleHeight)
            ])
    }

    private func profileBlock(_ status: Status) -> CellBlock {
        let rowTop = top
        let avatar = CellRect(x: s.padding, y: rowTop + s.avatarTop, width: s.avatarSide, height: s.avatarSide)
        var images = [CellImage(role: .avatar, frame: avatar)]
        if let user = status.user, user.isVerified {
            images.append(
                CellImage(
                    role: .verifiedBadge,
                    frame: CellRect(
                        x: avatar.maxX - s.badgeSide, y: avatar.maxY - s.badgeSide,
                        width: s.badgeSide, height: s.badgeSide)))
        }
        let nameX = avatar.maxX + s.nameLeading
        let space = min(width - s.nameWidthInset, width - s.padding - nameX)
        // The name (YYKit: remark, else screen_name, else name), a blue V after an organisation's,
        // the membership badge after a member's.
        var name = AttributedText("")
        if let user = status.user {
            name.append(user.screenName.isEmpty ? user.name : user.screenName)
            if !name.string.isEmpty, user.verification == .organization {
                name.append(" ")
                name.append(icon(nameSize))
            }
            if !name.string.isEmpty, user.membershipRank > 0 {
                name.append(" ")
                name.append(icon(nameSize))
            }
        }
        let sourceHeight = sourceSize * s.lineHeightMultiple
        let texts = [
            line(.name, name, size: nameSize, x: nameX, y: avatar.y, space: space),
            line(
                .source, AttributedText(Self.sourceLine(status, now: now ?? StatusClock.now())), size: sourceSize,
                x: nameX,
                y: avatar.maxY - sourceHeight, space: space),
        ]
        return CellBlock(
            kind: .profile, frame: CellRect(x: 0, y: rowTop, width: width, height: s.profileHeight), texts: texts,
            images: images)
    }

    /// The pictures of `status`, else its card: height added, block appended to `blocks` with
    /// `frames`; nil when it has neither.
    private mutating func picturesOrCard(_ status: Status, children blocks: inout [CellBlock]) -> Double? {
        let blockTop = top
        if let grid = pictureGrid(status.pictures, top: blockTop), grid.height > 0 {
            advance(grid.height)
            if frames {
                blocks.append(
                    CellBlock(
                        kind: .pictures,
                        frame: CellRect(x: s.padding, y: blockTop, width: contentWidth, height: grid.height),
                        images: grid.images))
            }
            return grid.height
        }
        if let card = status.card, let height = cardHeight(card), height > 0 {
            if frames { blocks.append(cardBlock(card, top: blockTop, height: height)) }
            advance(height)
            return height
        }
        return nil
    }

    /// The height of a card (0: not shown): a video with a picture is two thirds of the content
    /// width; any other card with text is ``CellStyle/WeiboCell/cardHeight``.
    private func cardHeight(_ card: StatusCard) -> Double? {
        switch card.kind {
        case .video: return card.hasImage ? (2 * contentWidth - s.pictureGap) / 3 : nil
        default: return card.title.isEmpty && card.description.isEmpty && card.tips.isEmpty ? nil : s.cardHeight
        }
    }

    private func cardBlock(_ card: StatusCard, top cardTop: Double, height: Double) -> CellBlock {
        let frame = CellRect(x: s.padding, y: cardTop, width: contentWidth, height: height)
        if card.kind == .video {
            return CellBlock(kind: .card, frame: frame, images: [CellImage(role: .video, frame: frame)])
        }
        // YYKit's text rect: right of the picture (70, or 100 with a badge) or the badge alone (42),
        // 10 of padding each side, 60 narrower with a button.
        let hasImage = card.hasImage
        let hasBadge = !card.badgeURL.isEmpty
        let hasButton = !card.buttonTitle.isEmpty
        var textX =
            hasImage ? (hasBadge ? s.cardImageWithBadgeWidth : s.cardImageWidth) : (hasBadge ? s.cardBadgeWidth : 0)
        textX += s.cardTextPadding
        let textWidth = max(0, contentWidth - textX - (hasButton ? s.cardButtonWidth : 0) - s.cardTextPadding)
        var images: [CellImage] = []
        if hasImage {
            images.append(
                CellImage(
                    role: .cardImage,
                    frame: CellRect(
                        x: frame.x, y: cardTop,
                        width: hasBadge ? s.cardImageWithBadgeWidth : s.cardImageWidth,
                        height: s.cardHeight)))
        }
        if hasBadge {
            images.append(
                CellImage(
                    role: .cardBadge,
                    frame: CellRect(x: frame.x, y: cardTop, width: s.cardBadgeSide, height: s.cardBadgeSide)))
        }
        if hasButton {
            images.append(
                CellImage(
                    role: .cardButton,
                    frame: CellRect(
                        x: frame.maxX - s.cardButtonWidth, y: cardTop,
                        width: s.cardButtonWidth, height: s.cardHeight)))
        }
        // Title, description and tips, each its own paragraph, at most cardMaxLines lines in all,
        // the last cut with "…"; centred in the card as YYKit's label centres them.
        var parts: [(String, Double)] = []
        if !card.title.isEmpty { parts.append((card.title, cardTitleSize)) }
        if !card.description.isEmpty { parts.append((card.description, cardDescriptionSize)) }
        if !card.tips.isEmpty { parts.append((card.tips, cardDescriptionSize)) }
        var texts: [CellText] = []
        var left = s.cardMaxLines
        for (string, size) in parts where left > 0 {
            let text = AttributedText(string)
            let lines = measurer.lineCount(
                of: text, width: textWidth, fontSize: size, maxLines: left, truncationToken: "\u{2026}")
            guard lines.shown > 0 else { continue }
            texts.append(
                CellText(
                    role: .card,
                    frame: CellRect(
                        x: frame.x + textX, y: 0, width: textWidth,
                        height: Double(lines.shown) * s.cardLineHeight),
                    richText: RichText(text: text, entities: []), fontSize: size, lineHeight: s.cardLineHeight,
                    maxLines: left, truncationToken: "\u{2026}", lines: lines.shown, fullLines: lines.full))
            left -= lines.shown
        }
        var textY = cardTop + (s.cardHeight - Double(s.cardMaxLines - left) * s.cardLineHeight) / 2
        for index in texts.indices {
            texts[index].frame.y = textY
            textY += texts[index].frame.height
        }
        return CellBlock(kind: .card, frame: frame, texts: texts, images: images)
    }

    private func tagBlock(_ tag: StatusTag, height: Double) -> CellBlock {
        var text = AttributedText("")
        if !tag.isPlace, !tag.iconURL.isEmpty { text.append(icon(tagSize)) }
        text.append(tag.name)
        return CellBlock(
            kind: .tag, frame: CellRect(x: 0, y: top, width: width, height: height),
            texts: [line(.tag, text, size: tagSize, x: s.padding, y: top, space: contentWidth, alignedTo: height)])
    }

    /// Repost, comment and like, each centred in a third of the toolbar: its icon, a gap, its
    /// count (or the action's name when 0).
    private func toolbarBlock(_ status: Status) -> CellBlock {
        let frame = CellRect(x: 0, y: top, width: width, height: s.toolbarHeight)
        let counts = [(status.repostsCount, "转发"), (status.commentsCount, "评论"), (status.attitudesCount, "赞")]
        let buttonWidth = width / 3
        let iconSide = toolbarSize * s.toolbarIconScale
        let gap = toolbarSize * s.toolbarIconGap
        var texts: [CellText] = []
        var images: [CellImage] = []
        for (index, (count, action)) in counts.enumerated() {
            let label: String
            switch count {
            case .number(let number): label = number > 0 ? TimelineTime.shortCount(number) : action
            case .text(let text): label = text.isEmpty ? action : text
            }
            let text = AttributedText(label)
            // Centred in its third; in a cell too narrow for it, the label is cut to fit.
            let icon = min(iconSide, buttonWidth)
            let space = max(0, buttonWidth - icon - gap)
            let placed = line(
                .toolbar, text, size: toolbarSize, x: 0, y: frame.y, space: space, alignedTo: frame.height)
            let left = Double(index) * buttonWidth + max(0, (buttonWidth - (icon + gap + placed.frame.width)) / 2)
            images.append(
                CellImage(
                    role: .icon,
                    frame: CellRect(
                        x: left, y: frame.y + (frame.height - icon) / 2,
                        width: icon, height: icon), index: index))
            var shown = placed
            shown.frame.x = min(left + icon + gap, Double(index + 1) * buttonWidth - placed.frame.width)
            texts.append(shown)
        }
        return CellBlock(kind: .toolbar, frame: frame, texts: texts, images: images)
    }

    // MARK: Pictures

    /// The frames of a picture grid at `top` and its height; nil for no pictures.
    func pictureGrid(_ pictures: [StatusPicture], top: Double) -> (images: [CellImage], height: Double)? {
        let count = min(pictures.count, s.maxPictures)
        guard count > 0 else { return nil }
        let side = s.pictureSide(width: width, scale: scale)
        func image(_ index: Int, _ frame: CellRect) -> CellImage {
            CellImage(role: pictures[index].kind == .video ? .video : .picture, frame: frame, index: index)
        }
        if count == 1 {
            let picture = pictures[0]
            let size: (Double, Double)
            if let pixels = picture.pixelSize, !picture.keepsSize {
                // Aspect kept inside a box of long side 2 × side + gap (extremes cropped).
                let box = side * 2 + s.pictureGap
                let floor = max(0, min(1, s.minimumSinglePictureAspect))
                let aspect = max(
                    floor, min(floor > 0 ? 1 / floor : .infinity, Double(pixels.width) / Double(pixels.height)))
                size =
                    aspect < 1
                    ? (pixelRound(box * aspect, scale: scale), box) : (box, pixelRound(box / aspect, scale: scale))
            } else {
                // keep_size, or no size: a square of half the content width.
                let half = max(0, pixelRound(contentWidth / 2, scale: scale))
                size = (half, half)
            }
            return (frames ? [image(0, CellRect(x: s.padding, y: top, width: size.0, height: size.1))] : [], size.1)
        }
        let columns = count == 4 ? 2 : 3
        let rows = (count + columns - 1) / columns
        let height = Double(rows) * side + Double(rows - 1) * s.pictureGap
        guard frames else { return ([], height) }
        var images: [CellImage] = []
        images.reserveCapacity(count)
        for index in 0..<count {
            let row = index / columns
            let column = index % columns
            images.append(
                image(
                    index,
                    CellRect(
                        x: s.padding + Double(column) * (side + s.pictureGap),
                        y: top + Double(row) * (side + s.pictureGap), width: side, height: side)))
        }
        return (images, height)
    }

    // MARK: Source line

    /// The time (relative to `now`, as YYKit's `WBStatusHelper`), where it was posted from
    /// (`region_name`) and "来自 client" (the source's link text), two spaces apart.
    static func sourceLine(_ status: Status, now: StatusDate) -> String {
        var parts: [String] = []
        if let date = StatusDate(parsing: status.createdAt) {
            parts.append(TimelineTime.string(for: date, now: now, utcOffset: date.utcOffset))
        } else if StatusDate.isDisplayForm(status.createdAt) {
            parts.append(status.createdAt)
        }
        if !status.region.isEmpty { parts.append(status.region) }
        let client = Self.linkText(status.source)
        if !client.isEmpty { parts.append("来自 " + client) }
        return parts.joined(separator: "  ")
    }

    /// The source's text with any HTML tags removed.
    static func linkText(_ source: String) -> String {
        var plain = ""
        var inTag = false
        for character in source {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                plain.append(character)
            }
        }
        return plain
    }
}
