import TextLayout

/// The Twitter cell (YYKit's Twitter demo: `-[T1StatusLayout layout]`, the views of
/// `T1StatusCell`; every number from ``CellStyle/TwitterCell``): a context line for a retweet
/// or a reply, the avatar beside the name row (name, @screen_name, the date at the right), the
/// text, then the media box, else the quote; the action row in the space below.
///
/// A retweet shows the retweeted tweet (its author, text, media and quote) under
/// "<retweeter> Retweeted". One walk serves both callers, as ``WeiboCell``'s does.
struct TwitterCell<Measurer: StatusTextMeasuring> {
    let measurer: Measurer
    let s: CellStyle.TwitterCell
    let width: Double
    let scale: Double
    let frames: Bool
    let expanded: Bool
    let now: StatusDate?
    let lineLimit: Int?
    let contentWidth: Double
    let textSize, nameSize, subSize, actionSize: Double
    let token: AttributedText

    /// The bottom of the content, collapsed and expanded (they part after a text cut at the line limit).
    private var y = 0.0
    private var expandedY = 0.0

    init(
        measurer: Measurer, style: CellStyle, width: Double, scale: Double, frames: Bool, expanded: Bool,
        now: StatusDate?
    ) {
        self.measurer = measurer
        s = style.twitterCell
        self.width = width
        self.scale = scale
        self.frames = frames
        self.expanded = expanded
        self.now = now
        lineLimit = style.lineLimit
        contentWidth = s.contentWidth(width)
        let f = style.fontScale
        textSize = s.textFontSize * f
        nameSize = s.nameFontSize * f
        subSize = s.subFontSize * f
        actionSize = s.actionFontSize * f
        token = AttributedText(s.truncationToken)
    }

    private var top: Double { expanded ? expandedY : y }

    private mutating func advance(_ height: Double, expanded expandedHeight: Double? = nil) {
        y += height
        expandedY += expandedHeight ?? height
    }

    mutating func layout(_ status: Status) -> CellLayout {
        let shown = status.retweetedStatus ?? status
        var blocks: [CellBlock] = []
        if frames { blocks.reserveCapacity(6) }

        // The context line, and the top it makes.
        let context: String? =
            if status.isRetweet {
                status.user.map { "\($0.displayName) Retweeted" }
            } else {
                shown.inReplyTo.isEmpty ? nil : "in reply to @\(shown.inReplyTo)"
            }
        let paddingTop = context == nil ? s.padding : s.contextTopPadding
        if frames, let context { blocks.append(contextBlock(context)) }
        if frames { blocks.append(profileBlock(shown, top: paddingTop)) }
        advance(paddingTop + s.nameRowHeight * (nameSize / s.nameFontSize) + s.innerPadding)

        // Text, then the media box, else the quote.
        if let block = textBlock(shown.text, size: textSize, x: s.contentLeft, width: contentWidth).block {
            blocks.append(block)
        }
        let media = Array(shown.pictures.prefix(s.maxMedia))
        if !media.isEmpty {
            advance(s.innerPadding)
            let height = contentWidth * s.mediaAspect
            if frames { blocks.append(mediaBlock(media, top: top, height: height)) }
            advance(height)
        } else if let quote = shown.quotedStatus {
            quoteBlock(quote, into: &blocks)
        }

        // The actions' space, the avatar's floor, the action row's space.
        let floor = paddingTop + s.avatarSide
        let height = max(y + s.actionsHeight, floor) + s.bottomPadding
        let expandedHeight = max(expandedY + s.actionsHeight, floor) + s.bottomPadding
        if frames { blocks.append(actionBlock(shown, cellHeight: expanded ? expandedHeight : height)) }
        return CellLayout(
            statusID: status.id, kind: status.isRetweet ? .retweet : .original, network: .twitter,
            height: pixelRound(height, scale: scale), expandedHeight: pixelRound(expandedHeight, scale: scale),
            isExpanded: expanded && frames, blocks: blocks)
    }

    // MARK: Text

    /// A text's block at `x`, `width` wide, its height added: the lines it takes in full (0:
    /// none, and nothing added) and, with frames, the block.
    private mutating func textBlock(_ text: StatusText, size: Double, x: Double, width: Double) -> (
        lines: Int, block: CellBlock?
    ) {
        guard !text.isEmpty else { return (0, nil) }
        let rich =
            frames
            ? s.richText.build(text, fontSize: size)
            : RichText(text: s.richText.attributedText(text, fontSize: size), entities: [])
        guard !rich.text.string.isEmpty else { return (0, nil) }
        let lines = measurer.lineCount(
            of: rich.text, width: width, fontSize: size, maxLines: lineLimit, truncationToken: token)
        guard lines.full > 0 else { return (0, nil) }
        let blockTop = top
        let shownLines = expanded ? lines.full : lines.shown
        advance(s.textHeight(lines: lines.shown, size: size), expanded: s.textHeight(lines: lines.full, size: size))
        guard frames else { return (lines.full, nil) }
        let lineHeight = s.lineHeightMultiple * size
        let frame = CellRect(x: x, y: blockTop, width: width, height: Double(shownLines) * lineHeight)
        let cellText = CellText(
            role: .body, frame: frame, richText: rich, fontSize: size, lineHeight: lineHeight,
            maxLines: expanded ? nil : lineLimit, truncationToken: s.truncationToken, lines: shownLines,
            fullLines: lines.full)
        return (lines.full, CellBlock(kind: .text, frame: frame, texts: [cellText]))
    }

    /// A one-line text at (x, y), as wide as it measures (at most `space`).
    private func line(
        _ role: CellText.Role, _ text: AttributedText, size: Double, x: Double, y: Double, space: Double,
        height: Double
    ) -> CellText {
        let measured = text.string.isEmpty ? 0 : min(max(0, space), measurer.singleLineWidth(of: text, fontSize: size))
        let lineHeight = s.lineHeightMultiple * size
        return CellText(
            role: role, frame: CellRect(x: x, y: y + (height - lineHeight) / 2, width: measured, height: lineHeight),
            richText: RichText(text: text, entities: []), fontSize: size, lineHeight: lineHeight, maxLines: 1,
            truncationToken: nil, lines: text.string.isEmpty ? 0 : 1, fullLines: text.string.isEmpty ? 0 : 1)
    }

    // MARK: Blocks

    private func contextBlock(_ text: String) -> CellBlock {
        let rowTop = (s.contextTopPadding - s.contextLineHeight) / 2
        let icon = CellRect(
            x: s.padding + s.avatarSide - s.contextIconSide, y: rowTop + (s.contextLineHeight - s.contextIconSide) / 2,
            width: s.contextIconSide, height: s.contextIconSide)
        return CellBlock(
            kind: .context, frame: CellRect(x: 0, y: 0, width: width, height: s.contextTopPadding),
            texts: [
                line(
                    .context, AttributedText(text), size: subSize, x: s.contentLeft, y: rowTop, space: contentWidth,
                    height: s.contextLineHeight)
            ],
            images: [CellImage(role: .icon, frame: icon)])
    }

    /// Avatar, then name and @screen_name on one line, the date at the right of the content.
    private func profileBlock(_ status: Status, top rowTop: Double) -> CellBlock {
        let avatar = CellRect(x: s.padding, y: rowTop, width: s.avatarSide, height: s.avatarSide)
        var images = [CellImage(role: .avatar, frame: avatar)]
        if let user = status.user, user.isVerified {
            let side = s.avatarSide * 0.3
            images.append(
                CellImage(
                    role: .verifiedBadge,
                    frame: CellRect(x: avatar.maxX - side, y: avatar.maxY - side, width: side, height: side)))
        }
        let rowHeight = 2 * s.nameRowHeight * (nameSize / s.nameFontSize)
        let rowY = rowTop + s.nameRowHeight * (nameSize / s.nameFontSize) / 2 - rowHeight / 2
        let date = AttributedText(Self.timeString(status.createdAt, now: now ?? StatusClock.now()))
        let dateWidth = date.string.isEmpty ? 0 : measurer.singleLineWidth(of: date, fontSize: subSize)
        var dateText = line(.date, date, size: subSize, x: 0, y: rowY, space: contentWidth, height: rowHeight)
        dateText.frame.x = s.contentLeft + contentWidth - dateText.frame.width
        let nameSpace = max(0, contentWidth - dateWidth - 5)
        let name = line(
            .name, AttributedText(status.user?.name ?? ""), size: nameSize, x: s.contentLeft, y: rowY, space: nameSpace,
            height: rowHeight)
        let handle = status.user.map(\.screenName).flatMap { $0.isEmpty ? nil : "@" + $0 } ?? ""
        let handleX = name.frame.maxX + (name.frame.width > 0 ? 4 : 0)
        let handleText = line(
            .handle, AttributedText(handle), size: subSize, x: handleX, y: rowY,
            space: max(0, s.contentLeft + nameSpace - handleX), height: rowHeight)
        return CellBlock(
            kind: .profile, frame: CellRect(x: 0, y: rowTop, width: width, height: s.avatarSide),
            texts: [name, handleText, dateText], images: images)
    }

    /// 1: the box; 2: halves; 3: a half and two quarters; 4: quarters; `gap` between.
    private func mediaBlock(_ media: [StatusPicture], top boxTop: Double, height: Double) -> CellBlock {
        let box = CellRect(x: s.contentLeft, y: boxTop, width: contentWidth, height: height)
        return CellBlock(kind: .pictures, frame: box, images: MediaBox.images(media, in: box, gap: s.mediaGap))
    }

    /// The quote's box: its author's name row and its text (none without text, as T1).
    private mutating func quoteBlock(_ quote: Status, into blocks: inout [CellBlock]) {
        let quoteWidth = max(1, contentWidth - 2 * s.padding)
        let start = (y, expandedY)
        advance(s.innerPadding)
        let boxTop = top
        let boxStart = (y, expandedY)
        let nameHeight = s.quoteNameHeight * (nameSize / s.nameFontSize)
        advance(s.padding + nameHeight + s.innerPadding)
        let text = textBlock(quote.text, size: textSize, x: s.contentLeft + s.padding, width: quoteWidth)
        guard text.lines > 0 else {
            (y, expandedY) = start
            return
        }
        // T1: 2 × padding + name + text; the text starts padding + name + innerPadding down, so
        // innerPadding is left below it.
        advance(s.padding - s.innerPadding)
        guard frames else { return }
        let height = expanded ? expandedY - boxStart.1 : y - boxStart.0
        let rowHeight = 2 * nameHeight
        var name = AttributedText(quote.user?.name ?? "")
        if let handle = quote.user?.screenName, !handle.isEmpty {
            name.append(name.string.isEmpty ? "@" + handle : "  @" + handle)
        }
        let nameLine = line(
            .name, name, size: nameSize, x: s.contentLeft + s.padding,
            y: boxTop + s.padding + nameHeight / 2 - rowHeight / 2,
            space: quoteWidth, height: rowHeight)
        blocks.append(
            CellBlock(
                kind: .quote, frame: CellRect(x: s.contentLeft, y: boxTop, width: contentWidth, height: height),
                texts: [nameLine], children: text.block.map { [$0] } ?? []))
    }

    /// Reply, retweet and like (with their counts when above 0), at T1's places.
    private func actionBlock(_ status: Status, cellHeight: Double) -> CellBlock {
        let rowY = cellHeight - s.actionRowCenterFromBottom - s.actionRowHeight / 2
        let frame = CellRect(x: s.contentLeft, y: rowY, width: contentWidth, height: s.actionRowHeight)
        let button = s.actionRowHeight
        let lefts = [frame.x - 10, frame.x - 10 + contentWidth * 0.28, frame.x - 10 + 2 * contentWidth * 0.28]
        let counts: [StatusCount?] = [nil, status.repostsCount, status.attitudesCount]
        var images: [CellImage] = []
        var texts: [CellText] = []
        for (index, left) in lefts.enumerated() {
            let iconSide = actionSize * 1.3
            let icon = CellRect(
                x: left + (button - iconSide) / 2, y: rowY + (button - iconSide) / 2, width: iconSide, height: iconSide)
            images.append(CellImage(role: .icon, frame: icon, index: index))
            guard let count = counts[index] else { continue }
            let label: String =
                switch count {
                case .number(let number): number > 0 ? Self.shortCount(number) : ""
                case .text(let text): text
                }
            guard !label.isEmpty else { continue }
            texts.append(
                line(
                    .toolbar, AttributedText(label), size: actionSize, x: icon.maxX + 2, y: rowY,
                    space: contentWidth * 0.28 - button,
                    height: button))
        }
        return CellBlock(kind: .toolbar, frame: frame, texts: texts, images: images)
    }

    // MARK: Strings

    /// T1Helper's `stringWithTimelineDate:`: "5s", "12m", "3h", "2d" within a week, else "M/d/yy"
    /// (also for a moment over 10 minutes in the future); empty for a date that cannot be read.
    static func timeString(_ createdAt: String, now: StatusDate) -> String {
        guard let date = StatusDate(parsing: createdAt) else { return "" }
        let delta = now.secondsSince1970 - date.secondsSince1970
        let local = StatusDate.civil(date.secondsSince1970 + Int64(date.utcOffset))
        let full = "\(local.month)/\(local.day)/\(local.year % 100 < 10 ? "0" : "")\(local.year % 100)"
        if delta < -600 { return full }
        if delta < 60 { return "\(max(0, delta))s" }
        if delta < 3600 { return "\(delta / 60)m" }
        if delta < 86_400 { return "\(delta / 3600)h" }
        if delta < 7 * 86_400 { return "\(delta / 86_400)d" }
        return full
    }

    /// T1Helper's `shortedNumberDesc:`: up to 999 as it is, "1,234" up to 9,999, then "12.3K",
    /// "4.5M", "1.2B".
    static func shortCount(_ count: Int) -> String {
        func tenths(_ value: Int, _ unit: Int) -> String {
            let scaled = (value * 10 + unit / 2) / unit
            return "\(scaled / 10).\(scaled % 10)"
        }
        if count <= 999 { return String(count) }
        if count <= 9_999 { return "\(count / 1000),\(String(count % 1000).leftPadded(to: 3))" }
        if count < 1_000_000 { return tenths(count, 1000) + "K" }
        if count < 1_000_000_000 { return tenths(count, 1_000_000) + "M" }
        return tenths(count, 1_000_000_000) + "B"
    }
}

extension String {
    /// The string with zeros in front up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
