import TextLayout

/// The Mastodon cell (Mastodon's web client: `.status` and the blocks in it; every number from
/// ``CellStyle/MastodonCell``): a "boosted" line for a reblog, the avatar beside the display
/// name and @acct (the time at the right), the content warning with its toggle, the text, the
/// media gallery (else the preview card), the poll, the quoted post, the action bar.
///
/// With a content warning, the collapsed cell (``CellLayout/height``) ends after the warning and
/// its "Show more"; the expanded one shows everything under it. One walk serves both callers,
/// as ``WeiboCell``'s does.
struct MastodonCell<Measurer: StatusTextMeasuring> {
    let measurer: Measurer
    let s: CellStyle.MastodonCell
    let width: Double
    let scale: Double
    let frames: Bool
    let expanded: Bool
    let now: StatusDate?
    let lineLimit: Int?
    let contentWidth: Double
    let size, cardTitleSize, cardSize, pollSize: Double
    let lineHeight, cardTitleLineHeight, cardLineHeight, pollLineHeight: Double
    let token: AttributedText

    private var y: Double
    private var expandedY: Double
    /// Under a content warning: what follows counts in the expanded height only.
    private var hidden = false

    init(
        measurer: Measurer, style: CellStyle, width: Double, scale: Double, frames: Bool, expanded: Bool,
        now: StatusDate?
    ) {
        self.measurer = measurer
        s = style.mastodonCell
        self.width = width
        self.scale = scale
        self.frames = frames
        self.expanded = expanded
        self.now = now
        lineLimit = style.lineLimit
        contentWidth = s.contentWidth(width)
        let f = style.fontScale
        size = s.fontSize * f
        cardTitleSize = s.cardTitleFontSize * f
        cardSize = s.cardFontSize * f
        pollSize = s.pollFontSize * f
        lineHeight = s.lineHeight * f
        cardTitleLineHeight = s.cardTitleLineHeight * f
        cardLineHeight = s.cardLineHeight * f
        pollLineHeight = s.pollLineHeight * f
        token = AttributedText(s.truncationToken)
        y = s.padding
        expandedY = s.padding
    }

    private var top: Double { expanded ? expandedY : y }
    /// Whether blocks under the warning are drawn in the configuration the frames are for.
    private var shows: Bool { frames && (!hidden || expanded) }

    /// Adds a block's height: to both configurations, or under a warning to the expanded one.
    private mutating func advance(_ height: Double, expanded expandedHeight: Double? = nil) {
        if !hidden { y += height }
        expandedY += expandedHeight ?? height
    }

    mutating func layout(_ status: Status) -> CellLayout {
        let shown = status.retweetedStatus ?? status
        var blocks: [CellBlock] = []
        if frames { blocks.reserveCapacity(8) }

        if status.isRetweet, let booster = status.user {
            if frames { blocks.append(prependBlock(booster)) }
            advance(s.prependHeight + s.padding)
        }
        if frames { blocks.append(profileBlock(shown)) }
        advance(s.infoHeight + s.infoBottom)

        if !shown.contentWarning.isEmpty {
            let warningWidth = max(1, contentWidth - 2 * (s.warningPaddingX + s.borderWidth))
            let warning = AttributedText(shown.contentWarning)
            let lines = max(
                1,
                measurer.lineCount(
                    of: warning, width: warningWidth, fontSize: size, maxLines: nil, truncationToken: token
                ).full)
            let height = s.warningHeight(lines: lines) * (lineHeight / s.lineHeight)
            if frames { blocks.append(warningBlock(warning, lines: lines, width: warningWidth, height: height)) }
            advance(height + s.warningBottom)
            hidden = true
        }

        // The text.
        if let block = textBlock(shown) { blocks.append(block) }
        // The media gallery, else the card; the poll; the quote.
        let media = Array(shown.pictures.prefix(s.maxMedia))
        if !media.isEmpty {
            let height = galleryHeight(media)
            if shows { blocks.append(galleryBlock(media, top: top + s.mediaTop, height: height)) }
            advance(s.mediaTop + height)
        } else if let card = shown.card, card.hasImage || !card.title.isEmpty {
            cardBlock(card, into: &blocks)
        }
        if let poll = shown.poll, !poll.options.isEmpty { pollBlock(poll, into: &blocks) }
        if let quote = shown.quotedStatus { quoteBlock(quote, into: &blocks) }
        hidden = false

        // The action bar, the padding and the border below.
        if frames { blocks.append(actionBlock(shown, top: top + s.actionBarTop)) }
        advance(s.actionBarTop + s.actionBarHeight + s.padding + s.borderWidth)
        return CellLayout(
            statusID: status.id, kind: status.isRetweet ? .retweet : .original, network: .mastodon,
            height: pixelRound(y, scale: scale), expandedHeight: pixelRound(expandedY, scale: scale),
            isExpanded: expanded && frames, blocks: blocks)
    }

    // MARK: Texts

    /// The lines of `text` at `width` in `size`: shown (at most `limit`) and in full.
    private func lines(_ text: AttributedText, width: Double, size: Double, limit: Int?) -> (shown: Int, full: Int) {
        text.string.isEmpty
            ? (0, 0)
            : measurer.lineCount(of: text, width: width, fontSize: size, maxLines: limit, truncationToken: token)
    }

    private func cellText(
        _ role: CellText.Role, _ rich: RichText, x: Double, y: Double, width: Double, size: Double,
        lineHeight: Double, lines: (shown: Int, full: Int), limit: Int?
    ) -> CellText {
        let shownLines = expanded ? lines.full : lines.shown
        return CellText(
            role: role,
            frame: CellRect(
                x: x, y: y, width: width, height: Double(limit == nil ? lines.full : shownLines) * lineHeight),
            richText: rich, fontSize: size, lineHeight: lineHeight, maxLines: limit, truncationToken: s.truncationToken,
            lines: limit == nil ? lines.full : shownLines, fullLines: lines.full)
    }

    /// The status's text (paragraphs an empty line apart), its height added; nil without lines.
    private mutating func textBlock(_ status: Status) -> CellBlock? {
        guard !status.text.isEmpty else { return nil }
        let rich =
            frames
            ? s.richText.build(status.text, fontSize: size)
            : RichText(text: s.richText.attributedText(status.text, fontSize: size), entities: [])
        let counted = lines(rich.text, width: contentWidth, size: size, limit: lineLimit)
        guard counted.full > 0 else { return nil }
        let blockTop = top + s.contentTop
        advance(
            s.contentTop + Double(counted.shown) * lineHeight,
            expanded: s.contentTop + Double(counted.full) * lineHeight)
        guard shows else { return nil }
        let limit = expanded ? nil : lineLimit
        let text = cellText(
            .body, rich, x: s.padding, y: blockTop, width: contentWidth, size: size, lineHeight: lineHeight,
            lines: counted, limit: limit)
        return CellBlock(
            kind: .text, frame: CellRect(x: s.padding, y: blockTop, width: contentWidth, height: text.frame.height),
            texts: [text])
    }

    /// A one-line text at (x, y), as wide as it measures (at most `space`).
    private func line(
        _ role: CellText.Role, _ text: AttributedText, size: Double, x: Double, y: Double, space: Double,
        lineHeight: Double
    ) -> CellText {
        let measured = text.string.isEmpty ? 0 : min(max(0, space), measurer.singleLineWidth(of: text, fontSize: size))
        let count = text.string.isEmpty ? 0 : 1
        return CellText(
            role: role, frame: CellRect(x: x, y: y, width: measured, height: Double(count) * lineHeight),
            richText: RichText(text: text, entities: []), fontSize: size, lineHeight: lineHeight, maxLines: 1,
            truncationToken: "\u{2026}", lines: count, fullLines: count)
    }

    /// A display name with its `:shortcode:` custom emoji as images.
    private func name(_ user: StatusUser) -> AttributedText {
        let name = user.displayName
        guard !user.emojis.isEmpty, name.contains(":") else { return AttributedText(name) }
        let known = Set(user.emojis.map(\.shortcode))
        var text = AttributedText("")
        var rest = Substring(name)
        while let open = rest.firstIndex(of: ":") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: ":") else { break }
            let code = String(rest[after..<close])
            if known.contains(code) {
                text.append(rest[..<open])
                text.append(s.richText.imageSize.attachment(fontSize: size))
                rest = rest[rest.index(after: close)...]
            } else {
                text.append(rest[..<close])
                rest = rest[close...]
            }
        }
        text.append(rest)
        return text
    }

    // MARK: Blocks

    private func prependBlock(_ booster: StatusUser) -> CellBlock {
        let rowTop = top
        let iconX = s.padding + s.avatarSide - s.prependIconSide
        let icon = CellRect(
            x: iconX, y: rowTop + (s.prependHeight - s.prependIconSide) / 2, width: s.prependIconSide,
            height: s.prependIconSide)
        var text = name(booster)
        text.append(" boosted")
        let textX = s.padding + s.avatarSide + s.avatarGap
        return CellBlock(
            kind: .context, frame: CellRect(x: 0, y: rowTop, width: width, height: s.prependHeight),
            texts: [
                line(
                    .context, text, size: size, x: textX, y: rowTop, space: width - textX - s.padding,
                    lineHeight: lineHeight)
            ],
            images: [CellImage(role: .icon, frame: icon)])
    }

    /// The avatar; beside it the display name over @acct; the time at the right.
    private func profileBlock(_ status: Status) -> CellBlock {
        let rowTop = top
        let avatar = CellRect(x: s.padding, y: rowTop, width: s.avatarSide, height: s.avatarSide)
        let textX = avatar.maxX + s.avatarGap
        let space = max(0, width - s.padding - textX)
        let date = AttributedText(Self.timeString(status.createdAt, now: now ?? StatusClock.now()))
        var dateText = line(.date, date, size: size, x: 0, y: rowTop, space: space, lineHeight: lineHeight)
        dateText.frame.x = width - s.padding - dateText.frame.width
        let nameSpace = max(0, space - dateText.frame.width - (dateText.frame.width > 0 ? 8 : 0))
        let handle = status.user.map(\.screenName).flatMap { $0.isEmpty ? nil : "@" + $0 } ?? ""
        let texts = [
            line(
                .name, status.user.map(name) ?? AttributedText(""), size: size, x: textX, y: rowTop, space: nameSpace,
                lineHeight: lineHeight),
            line(
                .handle, AttributedText(handle), size: size, x: textX, y: rowTop + lineHeight, space: space,
                lineHeight: lineHeight),
            dateText,
        ]
        return CellBlock(
            kind: .profile, frame: CellRect(x: 0, y: rowTop, width: width, height: s.infoHeight), texts: texts,
            images: [CellImage(role: .avatar, frame: avatar)])
    }

    private func warningBlock(_ warning: AttributedText, lines: Int, width textWidth: Double, height: Double)
        -> CellBlock
    {
        let boxTop = top
        let x = s.padding + s.borderWidth + s.warningPaddingX
        let textTop = boxTop + s.borderWidth + s.warningPaddingY
        let text = CellText(
            role: .warning, frame: CellRect(x: x, y: textTop, width: textWidth, height: Double(lines) * lineHeight),
            richText: RichText(text: warning, entities: []), fontSize: size, lineHeight: lineHeight, maxLines: nil,
            truncationToken: nil, lines: lines, fullLines: lines)
        let toggle = line(
            .toggle, AttributedText(expanded ? s.showLess : s.showMore), size: size, x: x,
            y: textTop + Double(lines) * lineHeight + s.warningGap, space: textWidth, lineHeight: lineHeight)
        return CellBlock(
            kind: .contentWarning, frame: CellRect(x: s.padding, y: boxTop, width: contentWidth, height: height),
            texts: [text, toggle])
    }

    /// One item with a size keeps its aspect; otherwise the 3:2 box.
    private func galleryHeight(_ media: [StatusPicture]) -> Double {
        if media.count == 1, let pixels = media[0].pixelSize {
            return contentWidth * Double(pixels.height) / Double(pixels.width)
        }
        return contentWidth * s.galleryAspect
    }

    /// 1: the box; 2: halves; 3: a tall half and two quarters; 4: quarters.
    private func galleryBlock(_ media: [StatusPicture], top boxTop: Double, height: Double) -> CellBlock {
        let box = CellRect(x: s.padding, y: boxTop, width: contentWidth, height: height)
        return CellBlock(kind: .pictures, frame: box, images: MediaBox.images(media, in: box, gap: s.mediaGap))
    }

    /// A large card (a picture across the top, wider than tall or not a link) or a compact one
    /// (a 120 × 120 picture at the left, or its place without one), with its host, title and
    /// description.
    private mutating func cardBlock(_ card: StatusCard, into blocks: inout [CellBlock]) {
        let cardTop = top + s.cardTop
        let isLarge = card.hasImage && (card.kind != .link || (card.imageSize.map { $0.width > $0.height } ?? false))
        let border = s.borderWidth
        let imageHeight: Double =
            isLarge
            ? (card.imageSize.map { (contentWidth - 2 * border) * Double($0.height) / Double(max(1, $0.width)) }
                ?? (contentWidth - 2 * border) * s.cardImageAspect)
            : 0
        let textX = s.padding + border + (isLarge ? 0 : s.cardImageSide) + s.cardPadding
        let textWidth = max(1, contentWidth - 2 * border - (isLarge ? 0 : s.cardImageSide) - 2 * s.cardPadding)
        var rows: [(CellText.Role, RichText, Double, Double, (shown: Int, full: Int), Int?)] = []
        let host = card.tips.isEmpty ? Self.host(of: card.url) : card.tips
        if !host.isEmpty {
            let text = AttributedText(host)
            rows.append(
                (
                    .card, RichText(text: text, entities: []), cardSize, cardLineHeight,
                    lines(text, width: textWidth, size: cardSize, limit: 1), 1
                ))
        }
        if !card.title.isEmpty {
            let text = AttributedText(card.title)
            let limit = isLarge ? 2 : 1
            rows.append(
                (
                    .card, RichText(text: text, entities: []), cardTitleSize, cardTitleLineHeight,
                    lines(text, width: textWidth, size: cardTitleSize, limit: limit), limit
                ))
        }
        if !card.description.isEmpty {
            let text = AttributedText(card.description)
            rows.append(
                (
                    .card, RichText(text: text, entities: []), cardSize, cardLineHeight,
                    lines(text, width: textWidth, size: cardSize, limit: 1), 1
                ))
        }
        var textHeight = 2 * s.cardPadding
        for (index, row) in rows.enumerated() {
            textHeight += Double(row.4.shown) * row.3 + (index > 0 ? s.cardGap : 0)
        }
        let height =
            isLarge ? imageHeight + border + textHeight + 2 * border : max(s.cardImageSide, textHeight) + 2 * border
        if shows {
            var texts: [CellText] = []
            var rowY = cardTop + border + (isLarge ? imageHeight + border : 0) + s.cardPadding
            for (index, row) in rows.enumerated() {
                if index > 0 { rowY += s.cardGap }
                let text = cellText(
                    row.0, row.1, x: textX, y: rowY, width: textWidth, size: row.2, lineHeight: row.3, lines: row.4,
                    limit: row.5)
                texts.append(text)
                rowY += text.frame.height
            }
            let image =
                isLarge
                ? CellRect(
                    x: s.padding + border, y: cardTop + border, width: contentWidth - 2 * border, height: imageHeight)
                : CellRect(
                    x: s.padding + border, y: cardTop + border, width: s.cardImageSide, height: height - 2 * border)
            blocks.append(
                CellBlock(
                    kind: .card, frame: CellRect(x: s.padding, y: cardTop, width: contentWidth, height: height),
                    texts: texts,
                    images: [CellImage(role: card.kind == .video ? .video : .cardImage, frame: image)]))
        }
        advance(s.cardTop + height)
    }

    /// Each option (its lines of 18, 6 above and below, 10 after), then the footer.
    private mutating func pollBlock(_ poll: StatusPoll, into blocks: inout [CellBlock]) {
        let pollTop = top + s.pollTop
        let optionWidth = max(1, contentWidth - s.pollOptionInset)
        var height = 0.0
        var texts: [CellText] = []
        for option in poll.options {
            let text = AttributedText(option)
            let counted = lines(text, width: optionWidth, size: pollSize, limit: nil)
            let rows = max(1, counted.full)
            if shows {
                texts.append(
                    cellText(
                        .option, RichText(text: text, entities: []), x: s.padding + s.pollOptionInset,
                        y: pollTop + height + s.pollOptionPadding, width: optionWidth, size: pollSize,
                        lineHeight: pollLineHeight, lines: (rows, rows), limit: nil))
            }
            height += 2 * s.pollOptionPadding + Double(rows) * pollLineHeight + s.pollOptionGap
        }
        if shows {
            texts.append(
                line(
                    .footer, AttributedText(Self.pollFooter(poll)), size: pollSize, x: s.padding,
                    y: pollTop + height + s.pollOptionPadding, space: contentWidth, lineHeight: pollLineHeight))
        }
        height += s.pollFooterHeight
        if shows {
            blocks.append(
                CellBlock(
                    kind: .poll, frame: CellRect(x: s.padding, y: pollTop, width: contentWidth, height: height),
                    texts: texts))
        }
        advance(s.pollTop + height)
    }

    /// The quoted post in a bordered box: its author's name line and its text.
    private mutating func quoteBlock(_ quote: Status, into blocks: inout [CellBlock]) {
        let boxTop = top + s.quoteTop
        let innerX = s.padding + s.borderWidth + s.quotePadding
        let innerWidth = max(1, contentWidth - 2 * (s.borderWidth + s.quotePadding))
        let rich =
            frames
            ? s.richText.build(quote.text, fontSize: size)
            : RichText(text: s.richText.attributedText(quote.text, fontSize: size), entities: [])
        let counted = lines(rich.text, width: innerWidth, size: size, limit: lineLimit)
        let inner = lineHeight + Double(counted.shown) * lineHeight
        let innerExpanded = lineHeight + Double(counted.full) * lineHeight
        let frame = 2 * (s.borderWidth + s.quotePadding)
        if shows {
            var author = quote.user.map(name) ?? AttributedText("")
            if let handle = quote.user?.screenName, !handle.isEmpty { author.append("  @" + handle) }
            let textTop = boxTop + s.borderWidth + s.quotePadding
            var texts = [
                line(.name, author, size: size, x: innerX, y: textTop, space: innerWidth, lineHeight: lineHeight)
            ]
            if counted.full > 0 {
                texts.append(
                    cellText(
                        .body, rich, x: innerX, y: textTop + lineHeight, width: innerWidth, size: size,
                        lineHeight: lineHeight,
                        lines: counted, limit: expanded ? nil : lineLimit))
            }
            blocks.append(
                CellBlock(
                    kind: .quote,
                    frame: CellRect(
                        x: s.padding, y: boxTop, width: contentWidth,
                        height: (expanded ? innerExpanded : inner) + frame), texts: texts))
        }
        advance(s.quoteTop + inner + frame, expanded: s.quoteTop + innerExpanded + frame)
    }

    /// Reply, boost, favourite (with their counts) and the menu, spread along the bar.
    private func actionBlock(_ status: Status, top barTop: Double) -> CellBlock {
        let frame = CellRect(x: s.padding, y: barTop, width: contentWidth, height: s.actionBarHeight)
        let counts: [StatusCount?] = [status.commentsCount, status.repostsCount, status.attitudesCount, nil]
        let step = contentWidth / Double(counts.count)
        var images: [CellImage] = []
        var texts: [CellText] = []
        for (index, count) in counts.enumerated() {
            let left = frame.x + Double(index) * step
            let icon = CellRect(x: left, y: barTop + (s.actionBarHeight - 18) / 2, width: 18, height: 18)
            images.append(CellImage(role: .icon, frame: icon, index: index))
            guard let count else { continue }
            let label: String =
                switch count {
                case .number(let number): number > 0 ? Self.shortCount(number) : ""
                case .text(let text): text
                }
            guard !label.isEmpty else { continue }
            texts.append(
                line(
                    .toolbar, AttributedText(label), size: size * 0.9, x: icon.maxX + 4,
                    y: barTop + (s.actionBarHeight - lineHeight) / 2, space: step - 26, lineHeight: lineHeight))
        }
        return CellBlock(kind: .toolbar, frame: frame, texts: texts, images: images)
    }

    // MARK: Strings

    /// The web client's relative time: "12s", "5m", "3h", "2d" within a week, else "Nov 29"
    /// ("Nov 29, 2025" in another year); empty for a date that cannot be read.
    static func timeString(_ createdAt: String, now: StatusDate) -> String {
        guard let date = StatusDate(parsing: createdAt) else { return "" }
        let delta = now.secondsSince1970 - date.secondsSince1970
        let local = StatusDate.civil(date.secondsSince1970)
        let today = StatusDate.civil(now.secondsSince1970)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let day = "\(months[local.month - 1]) \(local.day)"
        if delta >= 0, delta < 60 { return "\(delta)s" }
        if delta >= 0, delta < 3600 { return "\(delta / 60)m" }
        if delta >= 0, delta < 86_400 { return "\(delta / 3600)h" }
        if delta >= 0, delta < 7 * 86_400 { return "\(delta / 86_400)d" }
        return local.year == today.year ? day : "\(day), \(local.year)"
    }

    /// Counts as the web client shortens them: up to 999 as they are, then "1.2K", "3.4M".
    static func shortCount(_ count: Int) -> String {
        if count < 1000 { return String(count) }
        func tenths(_ unit: Int, _ suffix: String) -> String {
            let scaled = count * 10 / unit
            return scaled % 10 == 0 || scaled >= 100
                ? "\(scaled / 10)\(suffix)" : "\(scaled / 10).\(scaled % 10)\(suffix)"
        }
        return count < 1_000_000 ? tenths(1000, "K") : tenths(1_000_000, "M")
    }

    /// "12 votes · Closed", "1 vote · 3 choices allowed".
    static func pollFooter(_ poll: StatusPoll) -> String {
        var parts: [String] = []
        if let votes = poll.votesCount { parts.append(votes == 1 ? "1 vote" : "\(votes) votes") }
        parts.append(poll.isExpired ? "Closed" : (poll.allowsMultipleChoices ? "Choose one or more" : "Open"))
        return parts.joined(separator: " · ")
    }

    /// The host of a URL ("https://www.example.org/a" → "example.org"); empty when none.
    static func host(of url: String) -> String {
        guard let scheme = url.range(of: "://") else { return "" }
        var host = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if host.hasPrefix("www.") { host = host.dropFirst(4) }
        return String(host)
    }
}
