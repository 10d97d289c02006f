import CCairo
import StatusLayout
import TextLayout

/// Draws one status cell from its ``CellLayout``, block by block, with nothing of its own about
/// where things go: every frame, every text and the paragraph parameters it was measured with
/// come from the layout. The gaps above and below are the timeline's grey with hairlines; the
/// avatar, pictures, emoticons and icons are placeholders (no image is fetched); mentions,
/// topics and links are in the link colour; the retweet block and cards are on the inner grey.
///
/// A text is laid out again exactly as measured (``CellText/textStyle``, its frame's width,
/// ``CellText/maxLines``, ``CellText/truncationToken``) and drawn with its first line box at its
/// frame's top: for Weibo's pinned lines the layouter puts that top half a leading above the
/// text padding, so that the lines fill the `size + (n − 1) × multiple × size` the height counts.
struct CellPainter {
    let renderer: Renderer
    let canvas: Canvas
    let style: CellStyle
    let colors: CellColors
    let width: Double
    let debug: Bool

    func paint(_ cell: CellLayout, status: Status, top: Double) {
        let height = cell.shownHeight
        switch cell.network {
        case .weibo:
            // The gaps (separators) and the cell's white between them.
            let margins = style.weiboCell
            canvas.fill(x: 0, y: top, width: width, height: height, color: colors.timelineBackground)
            let contentTop = top + margins.topMargin
            let contentHeight = max(0, height - margins.topMargin - margins.bottomMargin)
            canvas.fill(x: 0, y: contentTop, width: width, height: contentHeight, color: colors.background)
            canvas.horizontalLine(x: 0, y: contentTop, width: width, color: colors.line)
            canvas.horizontalLine(
                x: 0, y: contentTop + contentHeight - 1 / canvas.scale, width: width, color: colors.line)
        case .twitter, .mastodon:
            // White cells a line apart (T1's top separator, Mastodon's bottom border).
            canvas.fill(x: 0, y: top, width: width, height: height, color: colors.background)
            canvas.horizontalLine(x: 0, y: top + height - 1 / canvas.scale, width: width, color: colors.line)
        }
        // The statuses a cell shows its blocks of: Twitter and Mastodon show a repost's original.
        let shown = cell.network == .weibo ? status : (status.retweetedStatus ?? status)
        for block in cell.blocks {
            draw(block, of: block.kind == .context ? status : shown, network: cell.network, top: top)
        }

        if debug {
            canvas.horizontalLine(x: 0, y: top + height - 1 / canvas.scale, width: width, color: DebugColors.measured)
            renderer.drawLabel(
                "cell \(Renderer.points(height)) pt", on: canvas, right: width - 2, top: top + height - 11,
                color: DebugColors.measured)
        }
    }

    // MARK: Blocks

    private func draw(
        _ block: CellBlock, of status: Status, network: StatusNetwork, top: Double, inRetweet: Bool = false
    ) {
        let frame = block.frame.moved(by: top)
        switch block.kind {
        case .title:
            canvas.horizontalLine(x: 0, y: frame.maxY - 1 / canvas.scale, width: width, color: colors.line)
            for text in block.texts { draw(text, top: top, color: colors.title) }
        case .context:
            for image in block.images { drawToolbarIcon(0, in: image.frame.moved(by: top)) }
            for text in block.texts { draw(text, top: top, color: colors.source) }
        case .profile:
            for image in block.images { draw(image, top: top, status: status) }
            for text in block.texts {
                let color =
                    text.role == .name
                    ? ((status.user?.membershipRank ?? 0) > 0 ? colors.memberName : colors.name) : colors.source
                draw(text, top: top, color: color)
            }
        case .text:
            for text in block.texts { draw(text, top: top, color: inRetweet ? colors.retweetText : colors.text) }
        case .retweet:
            canvas.fill(
                x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: colors.retweetBackground)
            let retweet = status.retweetedStatus ?? status
            for child in block.children { draw(child, of: retweet, network: network, top: top, inRetweet: true) }
        case .quote:
            canvas.roundedRectangle(
                x: frame.x + 0.5, y: frame.y + 0.5, width: frame.width - 1, height: frame.height - 1, radius: 4)
            canvas.setColor(colors.line)
            cairo_set_line_width(canvas.context, 1)
            cairo_stroke(canvas.context)
            let quote = status.quotedStatus ?? status
            for text in block.texts { draw(text, top: top, color: text.role == .name ? colors.name : colors.text) }
            for child in block.children { draw(child, of: quote, network: network, top: top, inRetweet: true) }
        case .contentWarning:
            canvas.roundedRectangle(
                x: frame.x + 0.5, y: frame.y + 0.5, width: frame.width - 1, height: frame.height - 1, radius: 8)
            canvas.setColor(colors.line)
            cairo_set_line_width(canvas.context, 1)
            cairo_stroke(canvas.context)
            for text in block.texts { draw(text, top: top, color: text.role == .toggle ? colors.link : colors.text) }
        case .poll:
            for text in block.texts where text.role == .option {
                let box = text.frame.moved(by: top)
                canvas.roundedRectangle(
                    x: frame.x + 0.5, y: box.y - 5.5, width: frame.width - 1, height: box.height + 11, radius: 6)
                canvas.setColor(colors.line)
                cairo_set_line_width(canvas.context, 1)
                cairo_stroke(canvas.context)
                canvas.strokeEllipse(
                    x: frame.x + 6, y: box.y + (text.lineHeight ?? 18) / 2 - 7, width: 14, height: 14,
                    color: colors.source)
            }
            for text in block.texts { draw(text, top: top, color: text.role == .footer ? colors.source : colors.text) }
        case .pictures:
            for image in block.images { draw(image, top: top, status: status) }
        case .card:
            let background =
                network == .weibo ? (inRetweet ? colors.background : colors.cardBackground) : colors.cardBackground
            canvas.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: background)
            if network != .weibo {
                canvas.stroke(
                    x: frame.x + 0.5, y: frame.y + 0.5, width: frame.width - 1, height: frame.height - 1,
                    color: colors.line)
            }
            for image in block.images {
                let f = image.frame.moved(by: top)
                switch image.role {
                case .video:
                    drawPicture(f, picture: nil)
                    drawPlayMark(in: f)
                case .cardImage: drawPicture(f, picture: nil)
                default: canvas.fill(x: f.x, y: f.y, width: f.width, height: f.height, color: colors.placeholder)
                }
            }
            let largest = block.texts.map(\.fontSize).max() ?? 0
            for (index, text) in block.texts.enumerated() {
                let isTitle =
                    network == .weibo ? index == 0 && !(status.card?.title.isEmpty ?? true) : text.fontSize == largest
                draw(text, top: top, color: isTitle ? colors.cardText : colors.cardSubtitle)
            }
        case .tag:
            let isPlace = status.tags.first?.isPlace ?? false
            for text in block.texts { draw(text, top: top, color: isPlace ? colors.placeTag : colors.link) }
        case .toolbar:
            if network == .weibo {
                canvas.horizontalLine(x: frame.x, y: frame.y, width: frame.width, color: colors.line)
                for index in 1..<3 {
                    let x = frame.x + Double(index) * frame.width / 3
                    canvas.verticalLine(
                        x: x, y: frame.y + frame.height * 0.3, height: frame.height * 0.4, color: colors.line)
                }
            }
            // Weibo: repost, comment, like; Twitter and Mastodon: reply, repost, like (and more).
            let kinds = network == .weibo ? [0, 1, 2] : [1, 0, 2, 3]
            for image in block.images {
                drawToolbarIcon(kinds[min(image.index, kinds.count - 1)], in: image.frame.moved(by: top))
            }
            for text in block.texts { draw(text, top: top, color: colors.toolbarText) }
        }
        if debug {
            canvas.stroke(x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: DebugColors.frame)
            for image in block.images {
                let f = image.frame.moved(by: top)
                canvas.stroke(x: f.x, y: f.y, width: f.width, height: f.height, color: DebugColors.frame)
            }
            if block.kind == .text, let text = block.texts.first {
                let lines = text.lines == 1 ? "1 line" : "\(text.lines) lines"
                renderer.drawLabel(
                    "\(lines) · \(Renderer.points(frame.height)) pt", on: canvas, right: frame.x + frame.width - 1,
                    top: frame.y + 1, color: DebugColors.measured)
            }
        }
    }

    // MARK: Text

    /// Draws a laid-out text as it was measured: entities in the link colour, attachments drawn
    /// by what they stand for, the token at the end of a collapsed text.
    private func draw(_ text: CellText, top: Double, color: CellColor) {
        guard !text.richText.text.string.isEmpty, text.frame.width > 0 else { return }
        let token = AttributedText(text.truncationToken ?? "\u{2026}")
        let prepared = renderer.engine.prepare(text.richText.text, style: text.textStyle)
        let layout = prepared.layout(width: text.frame.width, maxLines: text.maxLines, truncationToken: token)
        let lines = prepared.glyphLines(of: layout, truncationToken: token)
        let linkColor = colors.link
        let entities = text.richText.entities
        let tokenLead = token.string.unicodeScalars.first == "\u{2026}" ? 3 : 0  // "…" in the text's colour
        let frame = text.frame.moved(by: top)
        canvas.draw(
            lines, x: frame.x, y: frame.y, boxWidth: frame.width,
            color: { run, glyph in
                if run.isTruncationToken { return glyph.cluster < tokenLead || text.role != .body ? color : linkColor }
                return Self.entity(at: glyph.cluster, in: entities).map { entity in
                    if case .emoticon = entity.kind { return color }
                    return linkColor
                } ?? color
            },
            attachment: { run, box in
                switch Self.entity(at: run.range.lowerBound, in: entities)?.kind {
                case .emoticon(let name): drawEmoticon(name, in: box)
                case .link: drawLinkIcon(in: box)
                default: drawIcon(in: box)
                }
            })
        if debug { canvas.drawDebugLines(layout, x: frame.x, y: frame.y, width: frame.width, showsHeight: false) }
    }

    /// The entity whose range holds byte `offset`, if any (entities are in text order).
    static func entity(at offset: Int, in entities: [TextEntity]) -> TextEntity? {
        var low = 0
        var high = entities.count
        while low < high {
            let mid = (low + high) / 2
            if entities[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low < entities.count && entities[low].range.contains(offset) ? entities[low] : nil
    }

    /// An emoticon with no image at hand: a rounded box with its name fitted inside.
    private func drawEmoticon(_ name: String, in box: TextRect) {
        canvas.roundedRectangle(
            x: box.x + 0.5, y: box.y + 0.5, width: box.width - 1, height: box.height - 1, radius: box.width / 5)
        canvas.setColor(colors.placeholder)
        cairo_fill_preserve(canvas.context)
        canvas.setColor(colors.placeholderMark)
        cairo_set_line_width(canvas.context, 1 / canvas.scale)
        cairo_stroke(canvas.context)
        let naturalWidth = renderer.engine.prepare(name, style: TextStyle(fontSize: 1)).singleLineWidth
        guard naturalWidth > 0 else { return }
        let size = min(box.height * 0.45, (box.width - 2) / naturalWidth)
        let prepared = renderer.engine.prepare(name, style: TextStyle(fontSize: size))
        let layout = prepared.layout(width: .infinity)
        canvas.draw(
            prepared.glyphLines(of: layout), x: box.x + (box.width - layout.width) / 2,
            y: box.y + (box.height - layout.height) / 2,
            color: { _, _ in colors.placeholderMark })
    }

    /// An icon with no image at hand (a title's, a tag's, a badge after a name): a small rounded square.
    private func drawIcon(in box: TextRect) {
        let side = min(box.width, box.height) * 0.8
        canvas.roundedRectangle(
            x: box.x + (box.width - side) / 2, y: box.y + (box.height - side) / 2, width: side, height: side,
            radius: side / 4)
        canvas.setColor(colors.placeholderMark)
        cairo_fill(canvas.context)
    }

    /// A link's icon: two chain links, in the link colour.
    private func drawLinkIcon(in box: TextRect) {
        let side = min(box.width, box.height) * 0.8
        let cx = box.x + box.width / 2
        let cy = box.y + box.height / 2
        cairo_save(canvas.context)
        cairo_translate(canvas.context, cx, cy)
        cairo_rotate(canvas.context, -Double.pi / 4)
        canvas.setColor(colors.link)
        cairo_set_line_width(canvas.context, max(side * 0.12, 1 / canvas.scale))
        let link = (width: side * 0.62, height: side * 0.34)
        canvas.roundedRectangle(
            x: -link.width + side * 0.12, y: -link.height / 2, width: link.width, height: link.height,
            radius: link.height / 2)
        canvas.roundedRectangle(
            x: -side * 0.12, y: -link.height / 2, width: link.width, height: link.height, radius: link.height / 2)
        cairo_stroke(canvas.context)
        cairo_restore(canvas.context)
    }

    // MARK: Images

    private func draw(_ image: CellImage, top: Double, status: Status) {
        let frame = image.frame.moved(by: top)
        switch image.role {
        case .avatar:
            canvas.fillEllipse(
                x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: colors.placeholder)
        case .verifiedBadge:
            let color = status.user?.verification == .organization ? colors.organizationBadge : colors.verifiedBadge
            canvas.fillEllipse(
                x: frame.x - 1, y: frame.y - 1, width: frame.width + 2, height: frame.height + 2,
                color: colors.background)
            canvas.fillEllipse(x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: color)
            drawCheck(in: frame)
        case .picture, .video, .gif, .audio:
            let picture = image.index < status.pictures.count ? status.pictures[image.index] : nil
            drawPicture(frame, picture: picture)
            if image.role == .video || picture?.kind == .video { drawPlayMark(in: frame) }
            if image.role == .gif || picture?.kind == .gif { drawBadge("GIF", in: frame) }
            if image.role == .audio || picture?.kind == .audio { drawBadge("AUDIO", in: frame) }
        case .cardImage:
            drawPicture(frame, picture: nil)
        case .cardBadge, .cardButton, .icon:
            canvas.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: colors.placeholder)
        }
    }

    /// A picture with no image at hand: its frame filled, a mountain and a sun in the middle,
    /// and its size in pixels when the status gives it.
    private func drawPicture(_ frame: CellRect, picture: StatusPicture?) {
        canvas.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: colors.placeholder)
        let side = min(frame.width, frame.height) * 0.36
        let cx = frame.x + frame.width / 2
        let cy = frame.y + frame.height / 2
        let context = canvas.context
        canvas.setColor(colors.placeholderMark)
        cairo_move_to(context, cx - side / 2, cy + side / 3)
        cairo_line_to(context, cx - side / 8, cy - side / 6)
        cairo_line_to(context, cx + side / 8, cy + side / 8)
        cairo_line_to(context, cx + side / 4, cy)
        cairo_line_to(context, cx + side / 2, cy + side / 3)
        cairo_close_path(context)
        cairo_fill(context)
        canvas.fillEllipse(
            x: cx + side / 6, y: cy - side / 2.2, width: side / 4, height: side / 4, color: colors.placeholderMark)
        if let size = picture?.pixelSize, frame.height >= 40 {
            renderer.drawLabel(
                "\(size.width)×\(size.height)", on: canvas, right: frame.x + frame.width - 3,
                top: frame.y + frame.height - 12,
                color: colors.placeholderMark)
        }
    }

    /// A video's play mark: a white disc with a triangle, in the middle.
    private func drawPlayMark(in frame: CellRect) {
        let side = min(frame.width, frame.height) * 0.3
        let cx = frame.x + frame.width / 2
        let cy = frame.y + frame.height / 2
        canvas.fillEllipse(
            x: cx - side / 2, y: cy - side / 2, width: side, height: side, color: CellColor(white: 0, alpha: 0.45))
        let context = canvas.context
        canvas.setColor(CellColor(white: 1))
        cairo_move_to(context, cx - side * 0.15, cy - side * 0.22)
        cairo_line_to(context, cx + side * 0.25, cy)
        cairo_line_to(context, cx - side * 0.15, cy + side * 0.22)
        cairo_close_path(context)
        cairo_fill(context)
    }

    private func drawBadge(_ label: String, in frame: CellRect) {
        renderer.drawLabel(
            label, on: canvas, right: frame.x + frame.width - 3, top: frame.y + 2, color: colors.placeholderMark)
    }

    /// A check mark in a badge.
    private func drawCheck(in frame: CellRect) {
        let context = canvas.context
        canvas.setColor(CellColor(white: 1))
        cairo_set_line_width(context, max(frame.width * 0.14, 1 / canvas.scale))
        cairo_move_to(context, frame.x + frame.width * 0.27, frame.y + frame.height * 0.52)
        cairo_line_to(context, frame.x + frame.width * 0.44, frame.y + frame.height * 0.68)
        cairo_line_to(context, frame.x + frame.width * 0.74, frame.y + frame.height * 0.34)
        cairo_stroke(context)
    }

    /// Outline icons: 0 repost (a square arrow), 1 comment (a bubble), 2 like (a heart), 3 more (dots).
    private func drawToolbarIcon(_ kind: Int, in frame: CellRect) {
        let (x, y, side) = (frame.x, frame.y, frame.width)
        let context = canvas.context
        canvas.setColor(colors.toolbarText)
        cairo_set_line_width(context, max(side * 0.09, 1 / canvas.scale))
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        switch kind {
        case 0:
            canvas.roundedRectangle(
                x: x + side * 0.1, y: y + side * 0.25, width: side * 0.8, height: side * 0.55, radius: side * 0.12)
            cairo_stroke(context)
            cairo_move_to(context, x + side * 0.55, y + side * 0.05)
            cairo_line_to(context, x + side * 0.75, y + side * 0.25)
            cairo_line_to(context, x + side * 0.55, y + side * 0.45)
            cairo_stroke(context)
        case 1:
            canvas.roundedRectangle(
                x: x + side * 0.08, y: y + side * 0.12, width: side * 0.84, height: side * 0.6, radius: side * 0.15)
            cairo_move_to(context, x + side * 0.3, y + side * 0.72)
            cairo_line_to(context, x + side * 0.25, y + side * 0.92)
            cairo_line_to(context, x + side * 0.5, y + side * 0.72)
            cairo_stroke(context)
        case 3:
            for dot in 0..<3 {
                canvas.fillEllipse(
                    x: x + side * (0.12 + 0.3 * Double(dot)), y: y + side * 0.42, width: side * 0.16,
                    height: side * 0.16,
                    color: colors.toolbarText)
            }
        default:
            let cx = x + side / 2
            cairo_move_to(context, cx, y + side * 0.88)
            cairo_curve_to(
                context, x - side * 0.05, y + side * 0.5, x + side * 0.15, y + side * 0.05, cx, y + side * 0.3)
            cairo_curve_to(
                context, x + side * 0.85, y + side * 0.05, x + side * 1.05, y + side * 0.5, cx, y + side * 0.88)
            cairo_close_path(context)
            cairo_stroke(context)
        }
    }
}

extension CellRect {
    /// The rectangle moved down by `dy`.
    func moved(by dy: Double) -> CellRect { CellRect(x: x, y: y + dy, width: width, height: height) }
}
