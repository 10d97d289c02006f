import TextLayout

/// Lays out status cells: the frame of every element and the height.
///
/// The height (YYKit's `WBStatusLayout`, every number from ``CellStyle``):
///
///     height = topMargin + profileHeight + text
///            + (retweet block | pictures + afterPictures | 0)      first that applies
///            + toolbarHeight + bottomMargin,                        rounded to the pixel grid
///     text          = textBlockHeight(lines, textFontSize × fontScale)   (0 with no text)
///     textBlock(n)  = 2 × textPadding + size + (n − 1) × lineHeightMultiple × size
///     retweet block = textBlock(retweet lines at retweetTextFontSize) + (pictures + afterPictures | 0)
///     pictures      = 1: the picture in a box of long side 2 × side + gap, aspect kept
///                        (pixel-rounded), a square half the content width when its size is unknown;
///                     2–3: one row; 4: 2 × 2; 5–6: two rows of 3; 7–9: three rows of 3;
///                     rows × side + (rows − 1) × gap
///     side          = pixelRound((width − 2 × padding + gap) / 3 − gap)
///
/// At width 375, scale 2: a text-only status of 3 lines is 8 + 56 + 82.56 + 35 + 2 = 183.56,
/// 183.5 on the pixel grid; picture blocks of 1, 2 and 3 rows are 114.5, 233 and 351.5.
///
/// Thread-safe when the measurer is (``TextEngine`` is).
public struct CellLayouter<Measurer: StatusTextMeasuring>: Sendable {
    /// Counts the lines of status text and measures the name and source line.
    public let measurer: Measurer
    /// The geometry every cell is laid out with.
    public let style: CellStyle

    /// Makes a layouter that measures text with `measurer` and lays cells out by `style`.
    public init(measurer: Measurer, style: CellStyle = .weibo) {
        self.measurer = measurer
        self.style = style
    }

    /// Lays out `status` in a cell `width` points wide on a screen of `scale` pixels per point.
    ///
    /// - Precondition: `width` is finite and greater than twice the padding; `scale` ≥ 1.
    public func layout(_ status: Status, width: Double, scale: Double) -> CellLayout {
        compute(status, width: width, scale: scale, frames: true)
    }

    /// The cell's height and expanded height only: what `heightForRow` needs. The same numbers
    /// as ``layout(_:width:scale:)``, without measuring the name and source line or making the
    /// picture frames.
    ///
    /// - Precondition: as for ``layout(_:width:scale:)``.
    public func heights(of status: Status, width: Double, scale: Double) -> (height: Double, expandedHeight: Double) {
        let cell = compute(status, width: width, scale: scale, frames: false)
        return (cell.height, cell.expandedHeight)
    }

    private func compute(_ status: Status, width: Double, scale: Double, frames: Bool) -> CellLayout {
        precondition(width.isFinite && width > 2 * style.padding, "cell width \(width) leaves no room for content")
        precondition(scale.isFinite && scale >= 1, "screen scale \(scale) must be 1 or more")
        let s = style
        let contentWidth = width - 2 * s.padding
        let textSize = s.textFontSize * s.fontScale
        let retweetSize = s.retweetTextFontSize * s.fontScale
        let token = AttributedText(s.truncationToken)
        var y = s.topMargin

        // Profile row.
        let profileTop = y
        let avatar = CellRect(x: s.padding, y: profileTop + s.avatarTop, width: s.avatarSide, height: s.avatarSide)
        let nameX = avatar.x + avatar.width + s.nameLeading
        let nameSpace = max(0, width - s.padding - nameX)
        let nameSize = s.nameFontSize * s.fontScale
        let sourceSize = s.sourceFontSize * s.fontScale
        let nameWidth = frames ? min(nameSpace, measurer.singleLineWidth(of: status.user?.screenName ?? "", fontSize: nameSize)) : 0
        let name = CellRect(x: nameX, y: avatar.y, width: nameWidth, height: nameSize * s.lineHeightMultiple)
        let sourceWidth = frames ? min(nameSpace, measurer.singleLineWidth(of: Self.sourceLine(status), fontSize: sourceSize)) : 0
        let sourceHeight = sourceSize * s.lineHeightMultiple
        let source = CellRect(x: nameX, y: avatar.maxY - sourceHeight, width: sourceWidth, height: sourceHeight)
        y += s.profileHeight

        // Text.
        // Heights alone need the text, not its entities (whose names are copied out).
        let richText = frames ? s.richText.build(status.text, fontSize: textSize)
                              : RichText(text: s.richText.attributedText(status.text, fontSize: textSize), entities: [])
        let lines = richText.text.string.isEmpty ? (shown: 0, full: 0)
            : measurer.lineCount(of: richText.text, width: contentWidth, fontSize: textSize, maxLines: s.maxTextLines,
                                 truncationToken: token)
        let textHeight = s.textBlockHeight(lines: lines.shown, fontSize: textSize)
        let text = CellRect(x: s.padding, y: y, width: contentWidth, height: textHeight)
        y += textHeight
        var expandedExtra = s.textBlockHeight(lines: lines.full, fontSize: textSize) - textHeight

        // Retweet block, or pictures.
        var pictures: [CellRect] = []
        var retweetBlock: CellRect?
        var retweetText: CellRect?
        var retweetLines = (shown: 0, full: 0)
        var retweetPictures: [CellRect] = []
        var retweetRichText: RichText?
        if let retweet = status.retweetedStatus {
            let blockTop = y
            let prefix = retweet.isDeleted ? nil : retweet.user?.screenName
            let rich = frames ? s.richText.build(retweet.text, fontSize: retweetSize, retweetOf: prefix)
                              : RichText(text: s.richText.attributedText(retweet.text, fontSize: retweetSize, retweetOf: prefix), entities: [])
            retweetRichText = rich
            retweetLines = rich.text.string.isEmpty ? (0, 0)
                : measurer.lineCount(of: rich.text, width: contentWidth, fontSize: retweetSize, maxLines: s.maxTextLines,
                                     truncationToken: token)
            let retweetTextHeight = s.textBlockHeight(lines: retweetLines.shown, fontSize: retweetSize)
            retweetText = CellRect(x: s.padding, y: y, width: contentWidth, height: retweetTextHeight)
            y += retweetTextHeight
            expandedExtra += s.textBlockHeight(lines: retweetLines.full, fontSize: retweetSize) - retweetTextHeight
            if !retweet.isDeleted {
                let grid = pictureGrid(retweet.pictures, top: y, width: width, scale: scale, frames: frames)
                retweetPictures = grid.frames
                if grid.height > 0 { y += grid.height + s.afterPictures }
            }
            retweetBlock = CellRect(x: 0, y: blockTop, width: width, height: y - blockTop)
        } else {
            let grid = pictureGrid(status.pictures, top: y, width: width, scale: scale, frames: frames)
            pictures = grid.frames
            if grid.height > 0 { y += grid.height + s.afterPictures }
        }

        // Toolbar.
        let toolbar = CellRect(x: 0, y: y, width: width, height: s.toolbarHeight)
        y += s.toolbarHeight + s.bottomMargin

        return CellLayout(statusID: status.id, kind: status.isRetweet ? .retweet : .original,
                          height: pixelRound(y, scale: scale), expandedHeight: pixelRound(y + expandedExtra, scale: scale),
                          avatar: avatar, name: name, source: source, text: text, textLines: lines.shown,
                          fullTextLines: lines.full, pictures: pictures, retweetBlock: retweetBlock, retweetText: retweetText,
                          retweetTextLines: retweetLines.shown, fullRetweetTextLines: retweetLines.full,
                          retweetPictures: retweetPictures, toolbar: toolbar, richText: richText, retweetRichText: retweetRichText)
    }

    /// The frames of a picture grid starting at `top`, and its height (0 for no pictures).
    ///
    /// - Parameter frames: false to get the height alone (no frames made).
    public func pictureGrid(_ pictures: [StatusPicture], top: Double, width: Double, scale: Double, frames wantFrames: Bool = true)
        -> (frames: [CellRect], height: Double)
    {
        let s = style
        let count = min(pictures.count, s.maxPictures)
        guard count > 0 else { return ([], 0) }
        let side = s.pictureSide(width: width, scale: scale)
        if count == 1 {
            let size: (Double, Double)
            if let pixels = pictures[0].pixelSize {
                // Aspect kept inside a box of long side 2 × side + gap; extremes are cropped.
                let box = side * 2 + s.pictureGap
                let aspect = max(s.minimumSinglePictureAspect, min(1 / s.minimumSinglePictureAspect,
                                                                     Double(pixels.width) / Double(pixels.height)))
                size = aspect < 1 ? (pixelRound(box * aspect, scale: scale), box) : (box, pixelRound(box / aspect, scale: scale))
            } else {
                let half = max(0, pixelRound((width - 2 * s.padding) / 2, scale: scale))
                size = (half, half)
            }
            return ([CellRect(x: s.padding, y: top, width: size.0, height: size.1)], size.1)
        }
        let columns = count == 4 ? 2 : 3
        let rows = (count + columns - 1) / columns
        guard wantFrames else { return ([], Double(rows) * side + Double(rows - 1) * s.pictureGap) }
        var frames: [CellRect] = []
        frames.reserveCapacity(count)
        for index in 0..<count {
            let row = index / columns
            let column = index % columns
            frames.append(CellRect(x: s.padding + Double(column) * (side + s.pictureGap),
                                   y: top + Double(row) * (side + s.pictureGap), width: side, height: side))
        }
        return (frames, Double(rows) * side + Double(rows - 1) * s.pictureGap)
    }

    /// "created_at  来自 source" with the source's HTML tags removed.
    public static func sourceLine(_ status: Status) -> String {
        var plain = ""
        var inTag = false
        for character in status.source {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { plain.append(character) }
        }
        if plain.isEmpty { return status.createdAt }
        return status.createdAt.isEmpty ? "来自 " + plain : status.createdAt + "  来自 " + plain
    }
}
