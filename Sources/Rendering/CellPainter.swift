import CCairo
import StatusLayout
import TextLayout

/// Draws one status cell from its ``CellLayout``: the gaps above and below in the timeline's
/// grey with hairlines, the avatar as a placeholder circle, name and source, the rich text
/// (mentions, topics and links in the link colour, emoticons as boxes with their names, link
/// icons), the truncation token when collapsed, pictures as placeholders of their frames, the
/// retweet block on its grey, and the toolbar.
///
/// Text blocks are drawn with the engine's layout of the same text at the same width, lines
/// pinned to ``CellStyle/lineHeightMultiple`` × the font size: a block's first line box starts
/// half a leading (`(multiple − 1) / 2 × size`) above the text padding, so that the lines fill
/// exactly the `size + (n − 1) × multiple × size` the height formula counts, their half
/// leadings reaching into the padding.
struct CellPainter {
    let renderer: Renderer
    let canvas: Canvas
    let style: CellStyle
    let colors: CellColors
    let width: Double
    let debug: Bool

    func paint(_ cell: CellLayout, status: Status, top: Double, height: Double, expanded: Bool) {
        let s = style
        // The gaps (separators) and the cell's white between them.
        canvas.fill(x: 0, y: top, width: width, height: height, color: colors.timelineBackground)
        let contentTop = top + s.topMargin
        let contentHeight = max(0, height - s.topMargin - s.bottomMargin)
        canvas.fill(x: 0, y: contentTop, width: width, height: contentHeight, color: colors.background)
        canvas.horizontalLine(x: 0, y: contentTop, width: width, color: colors.line)
        canvas.horizontalLine(x: 0, y: contentTop + contentHeight - 1 / canvas.scale, width: width, color: colors.line)

        // Profile row.
        let avatar = cell.avatar.moved(by: top)
        canvas.fillEllipse(x: avatar.x, y: avatar.y, width: avatar.width, height: avatar.height, color: colors.placeholder)
        let nameSpace = max(1, width - s.padding - cell.name.x)
        let nameSize = s.nameFontSize * s.fontScale
        let sourceSize = s.sourceFontSize * s.fontScale
        drawLine(status.user?.screenName ?? "", size: nameSize, in: cell.name.moved(by: top), space: nameSpace, color: colors.name)
        drawLine(CellLayouter<TextEngine>.sourceLine(status), size: sourceSize, in: cell.source.moved(by: top), space: nameSpace,
                 color: colors.source)

        // Text, then the retweet block or the pictures.
        drawText(cell.richText, in: cell.text.moved(by: top), size: s.textFontSize * s.fontScale, color: colors.text,
                 expectedLines: expanded ? cell.fullTextLines : cell.textLines, expanded: expanded)
        if let block = cell.retweetBlock?.moved(by: top) {
            canvas.fill(x: block.x, y: block.y, width: block.width, height: block.height, color: colors.retweetBackground)
            if let rich = cell.retweetRichText, let frame = cell.retweetText?.moved(by: top) {
                drawText(rich, in: frame, size: s.retweetTextFontSize * s.fontScale, color: colors.retweetText,
                         expectedLines: expanded ? cell.fullRetweetTextLines : cell.retweetTextLines, expanded: expanded)
            }
            let pictures = status.retweetedStatus?.pictures ?? []
            for (index, frame) in cell.retweetPictures.enumerated() {
                drawPicture(frame.moved(by: top), picture: index < pictures.count ? pictures[index] : nil)
            }
        }
        for (index, frame) in cell.pictures.enumerated() {
            drawPicture(frame.moved(by: top), picture: index < status.pictures.count ? status.pictures[index] : nil)
        }
        drawToolbar(cell.toolbar.moved(by: top), status: status)

        if debug {
            for frame in [cell.avatar, cell.name, cell.source, cell.toolbar] + cell.pictures + cell.retweetPictures
                + [cell.retweetBlock].compactMap({ $0 }) {
                let f = frame.moved(by: top)
                canvas.stroke(x: f.x, y: f.y, width: f.width, height: f.height, color: DebugColors.frame)
            }
            canvas.horizontalLine(x: 0, y: top + height - 1 / canvas.scale, width: width, color: DebugColors.measured)
            renderer.drawLabel("cell \(Renderer.points(height)) pt", on: canvas, right: width - 2, top: top + height - 11,
                               color: DebugColors.measured)
        }
    }

    // MARK: Text

    /// The style text blocks are laid out in: lines pinned to the multiple of the size.
    private func textStyle(size: Double) -> TextStyle { TextStyle(fontSize: size, lineHeight: .multiple(style.lineHeightMultiple)) }

    /// Draws a text block: its lines from the block's padding (see the type's note), entities
    /// coloured, attachments drawn, the token at the end of a collapsed block.
    private func drawText(_ rich: RichText, in frame: CellRect, size: Double, color: CellColor, expectedLines: Int, expanded: Bool) {
        guard !rich.text.string.isEmpty else { return }
        let token = AttributedText(style.truncationToken)
        let prepared = renderer.engine.prepare(rich.text, style: textStyle(size: size))
        let layout = prepared.layout(width: frame.width, maxLines: expanded ? nil : style.maxTextLines, truncationToken: token)
        let lines = prepared.glyphLines(of: layout, truncationToken: token)
        let top = frame.y + style.textPadding - (style.lineHeightMultiple - 1) * size / 2
        let linkColor = colors.link
        let entities = rich.entities
        let tokenLead = style.truncationToken.unicodeScalars.first == "\u{2026}" ? 3 : 0  // "…" in the text's colour
        canvas.draw(lines, x: frame.x, y: top, color: { run, glyph in
            if run.isTruncationToken { return glyph.cluster < tokenLead ? color : linkColor }
            return Self.entity(at: glyph.cluster, in: entities).map { entity in
                if case .emoticon = entity.kind { return color }
                return linkColor
            } ?? color
        }, attachment: { run, box in
            switch Self.entity(at: run.range.lowerBound, in: entities)?.kind {
            case .emoticon(let name): drawEmoticon(name, in: box)
            case .link: drawLinkIcon(in: box)
            default: canvas.stroke(x: box.x, y: box.y, width: box.width, height: box.height, color: colors.placeholderMark)
            }
        })
        if debug {
            canvas.drawDebugLines(layout, x: frame.x, y: top, width: frame.width, showsHeight: false)
            canvas.stroke(x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: DebugColors.measured)
            let mismatch = layout.lineCount == expectedLines ? "" : " (cell counts \(expectedLines)!)"
            renderer.drawLabel("\(layout.lineCount) lines\(mismatch) · \(Renderer.points(frame.height)) pt", on: canvas,
                               right: frame.x + frame.width - 1, top: frame.y + 1, color: DebugColors.measured)
        }
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

    /// A one-line text (name, source) in `frame`, cut with "…" past `space` points.
    private func drawLine(_ text: String, size: Double, in frame: CellRect, space: Double, color: CellColor) {
        guard !text.isEmpty else { return }
        let prepared = renderer.engine.prepare(text, style: textStyle(size: size))
        let layout = prepared.layout(width: space, maxLines: 1)
        canvas.draw(prepared.glyphLines(of: layout), x: frame.x, y: frame.y, color: { _, _ in color })
        if debug { canvas.drawDebugLines(layout, x: frame.x, y: frame.y, width: frame.width, showsHeight: false) }
    }

    /// An emoticon with no image at hand: a rounded box with its name fitted inside.
    private func drawEmoticon(_ name: String, in box: TextRect) {
        canvas.roundedRectangle(x: box.x + 0.5, y: box.y + 0.5, width: box.width - 1, height: box.height - 1, radius: box.width / 5)
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
        canvas.draw(prepared.glyphLines(of: layout), x: box.x + (box.width - layout.width) / 2, y: box.y + (box.height - layout.height) / 2,
                    color: { _, _ in colors.placeholderMark })
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
        canvas.roundedRectangle(x: -link.width + side * 0.12, y: -link.height / 2, width: link.width, height: link.height, radius: link.height / 2)
        canvas.roundedRectangle(x: -side * 0.12, y: -link.height / 2, width: link.width, height: link.height, radius: link.height / 2)
        cairo_stroke(canvas.context)
        cairo_restore(canvas.context)
    }

    // MARK: Pictures and toolbar

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
        canvas.fillEllipse(x: cx + side / 6, y: cy - side / 2.2, width: side / 4, height: side / 4, color: colors.placeholderMark)
        if let size = picture?.pixelSize, frame.height >= 40 {
            renderer.drawLabel("\(size.width)×\(size.height)", on: canvas, right: frame.x + frame.width - 3, top: frame.y + frame.height - 12,
                               color: colors.placeholderMark)
        }
    }

    /// The toolbar: a hairline above, three buttons (repost, comment, like) with their counts
    /// (or their names when 0), dividers between them.
    private func drawToolbar(_ frame: CellRect, status: Status) {
        canvas.horizontalLine(x: frame.x, y: frame.y, width: frame.width, color: colors.line)
        let labels = [(status.repostsCount, "转发"), (status.commentsCount, "评论"), (status.attitudesCount, "赞")]
        let size = style.toolbarFontSize * style.fontScale
        let buttonWidth = frame.width / 3
        for (index, (count, name)) in labels.enumerated() {
            let text = count > 0 ? Self.shortCount(count) : name
            let prepared = renderer.engine.prepare(text, style: TextStyle(fontSize: size))
            let layout = prepared.layout(width: .infinity)
            let icon = size * 0.9
            let gap = size * 0.3
            let total = icon + gap + layout.width
            let left = frame.x + Double(index) * buttonWidth + (buttonWidth - total) / 2
            drawToolbarIcon(index, x: left, y: frame.y + (frame.height - icon) / 2, side: icon)
            let textTop = frame.y + (frame.height - layout.height) / 2
            canvas.draw(prepared.glyphLines(of: layout), x: left + icon + gap, y: textTop, color: { _, _ in colors.toolbarText })
            if debug { canvas.drawDebugLines(layout, x: left + icon + gap, y: textTop, width: layout.width, showsHeight: false) }
            if index > 0 {
                canvas.verticalLine(x: frame.x + Double(index) * buttonWidth, y: frame.y + frame.height * 0.3, height: frame.height * 0.4,
                                    color: colors.line)
            }
        }
    }

    /// Outline icons: repost (a square arrow), comment (a bubble), like (a heart).
    private func drawToolbarIcon(_ kind: Int, x: Double, y: Double, side: Double) {
        let context = canvas.context
        canvas.setColor(colors.toolbarText)
        cairo_set_line_width(context, max(side * 0.09, 1 / canvas.scale))
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        switch kind {
        case 0:
            canvas.roundedRectangle(x: x + side * 0.1, y: y + side * 0.25, width: side * 0.8, height: side * 0.55, radius: side * 0.12)
            cairo_stroke(context)
            cairo_move_to(context, x + side * 0.55, y + side * 0.05)
            cairo_line_to(context, x + side * 0.75, y + side * 0.25)
            cairo_line_to(context, x + side * 0.55, y + side * 0.45)
            cairo_stroke(context)
        case 1:
            canvas.roundedRectangle(x: x + side * 0.08, y: y + side * 0.12, width: side * 0.84, height: side * 0.6, radius: side * 0.15)
            cairo_move_to(context, x + side * 0.3, y + side * 0.72)
            cairo_line_to(context, x + side * 0.25, y + side * 0.92)
            cairo_line_to(context, x + side * 0.5, y + side * 0.72)
            cairo_stroke(context)
        default:
            let cx = x + side / 2
            cairo_move_to(context, cx, y + side * 0.88)
            cairo_curve_to(context, x - side * 0.05, y + side * 0.5, x + side * 0.15, y + side * 0.05, cx, y + side * 0.3)
            cairo_curve_to(context, x + side * 0.85, y + side * 0.05, x + side * 1.05, y + side * 0.5, cx, y + side * 0.88)
            cairo_close_path(context)
            cairo_stroke(context)
        }
    }

    /// Counts as Weibo shows them: up to 9,999 as they are, then in 万 (ten thousands) with
    /// one decimal ("1.2万"), then in 亿.
    static func shortCount(_ count: Int) -> String {
        func decimal(_ value: Double) -> String {
            let tenths = (value * 10).rounded(.down) / 10
            return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
        }
        if count <= 9_999 { return String(count) }
        if count < 100_000_000 { return decimal(Double(count) / 10_000) + "万" }
        return decimal(Double(count) / 100_000_000) + "亿"
    }
}

extension CellRect {
    /// The rectangle moved down by `dy`.
    func moved(by dy: Double) -> CellRect { CellRect(x: x, y: y + dy, width: width, height: height) }
}
