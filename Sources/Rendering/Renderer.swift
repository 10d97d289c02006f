import StatusLayout
import TextLayout

/// How an image is drawn.
public struct RenderOptions: Sendable, Hashable {
    /// Pixels per point (1, 2, 3 as screens have).
    public var scale: Double
    /// Overlay every line box, baseline, element frame and measured height in thin translucent
    /// colours, so that a wrong height shows at a glance.
    public var debug: Bool
    /// Space around a paragraph, in points (cells and timelines have their own margins).
    public var margin: Double
    /// The colours; nil takes the cell style's (`CellStyle.WeiboCell.colors`), or the Weibo colours for
    /// a paragraph. Height caches key on the whole style: to change colours without laying
    /// cells out again, keep the style and set them here.
    public var colors: CellColors?

    /// The moment a cell's time strings are relative to ("5分钟前"); nil: the time of drawing.
    public var now: StatusDate?

    /// Makes options; the defaults are scale 2, no overlay, no margin, the style's colours, time
    /// strings relative to the time of drawing.
    public init(
        scale: Double = 2, debug: Bool = false, margin: Double = 0, colors: CellColors? = nil, now: StatusDate? = nil
    ) {
        self.scale = scale
        self.debug = debug
        self.margin = margin
        self.colors = colors
        self.now = now
    }
}

/// Draws what the engine measured, with cairo: a paragraph, a status cell, a timeline of cells.
/// Glyphs are drawn where the measurement placed them (`PreparedText.glyphLines(of:truncationToken:)`),
/// from the engine's own font faces (cairo-ft for outlines, Noto Color Emoji's bitmaps scaled),
/// with grey antialiasing.
///
/// Thread-safe: render from any number of threads at once (each image has its own cairo
/// surface; font faces are shared).
public final class Renderer: Sendable {
    /// The engine whose measurements are drawn.
    public let engine: TextEngine
    let faces = FontFaces()

    /// Makes a renderer for `engine`'s fonts.
    public init(engine: TextEngine) { self.engine = engine }

    /// Draws one paragraph laid out at `width`, on the colours' background, the layout's
    /// top-left at the margin.
    ///
    /// The image is `width + 2 × margin` by `height + 2 × margin` points (the layout's height;
    /// with `debug`, a band of 12 points more below for the figures), each rounded up to whole
    /// pixels at the scale.
    ///
    /// - Precondition: `width` is finite and above 0; the scale is finite and above 0; the margin
    ///   is finite and not negative.
    /// - Throws: ``RenderError/imageTooLarge(pixelWidth:pixelHeight:)`` for an image over
    ///   ``ImageLimits``.
    public func renderParagraph(
        _ text: AttributedText, width: Double, style: TextStyle = TextStyle(), maxLines: Int? = nil,
        truncationToken: AttributedText = "\u{2026}", options: RenderOptions = RenderOptions()
    ) throws -> RenderedImage {
        precondition(width.isFinite && width > 0, "paragraph width \(width) must be a number above 0")
        Self.check(options)
        let prepared = engine.prepare(text, style: style)
        let layout = prepared.layout(width: width, maxLines: maxLines, truncationToken: truncationToken)
        let margin = options.margin
        let band = options.debug ? Self.debugBand : 0
        guard let pixelWidth = ImageLimits.pixels(width + 2 * margin, scale: options.scale),
            let pixelHeight = ImageLimits.pixels(layout.height + 2 * margin + band, scale: options.scale)
        else {
            throw RenderError.imageTooLarge(
                pixelWidth: Self.pixelEstimate(width + 2 * margin, options.scale),
                pixelHeight: Self.pixelEstimate(layout.height + 2 * margin + band, options.scale))
        }
        let canvas = try Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: options.scale, faces: faces)
        let colors = options.colors ?? .weibo
        canvas.paint(colors.background)
        let lines = prepared.glyphLines(of: layout, truncationToken: truncationToken)
        canvas.draw(
            lines, x: margin, y: margin, boxWidth: width, color: { _, _ in colors.text },
            attachment: { _, frame in
                canvas.stroke(
                    x: frame.x, y: frame.y, width: frame.width, height: frame.height, color: colors.placeholderMark)
            })
        if options.debug {
            canvas.drawDebugLines(layout, x: margin, y: margin, width: width)
            canvas.verticalLine(
                x: margin + width - 0.5 / options.scale, y: 0, height: layout.height + 2 * margin,
                color: DebugColors.frame)
            let summary =
                "\(layout.lineCount) \(layout.lineCount == 1 ? "line" : "lines") · \(Self.points(layout.height)) × \(Self.points(layout.width)) pt"
            drawLabel(
                summary, on: canvas, right: margin + width, top: layout.height + 2 * margin + 1,
                color: DebugColors.measured)
        }
        return canvas.finish()
    }

    /// Draws one status cell as `CellLayouter` lays it out at `width` (see `CellPainter`):
    /// the image is exactly the cell's height × scale pixels tall.
    ///
    /// - Parameters:
    ///   - status: the status to draw.
    ///   - width: the cell's width in points.
    ///   - style: the cell's numbers (`.automatic`: the status's own network's cell).
    ///   - expanded: show every text line (the cell's `expandedHeight`) rather than
    ///     `CellStyle.maxTextLines` ending in the truncation token (its `height`).
    ///   - options: the scale, colours and debug overlay.
    /// - Precondition: as for `CellLayouter.layout(_:width:scale:expanded:)`.
    /// - Throws: ``RenderError/imageTooLarge(pixelWidth:pixelHeight:)`` for an image over
    ///   ``ImageLimits``.
    public func renderCell(
        _ status: Status, width: Double, style: CellStyle = .automatic, expanded: Bool = false,
        options: RenderOptions = RenderOptions()
    ) throws -> RenderedImage {
        try renderTimeline([status], width: width, style: style, expanded: expanded, options: options)
    }

    /// Draws statuses stacked as a timeline, each cell exactly as tall as its height (what
    /// `feedlayout heights` answers), the gaps between them in the timeline's grey.
    ///
    /// - Precondition: as for `CellLayouter.layout(_:width:scale:expanded:)`; `statuses` is not empty.
    /// - Throws: ``RenderError/imageTooLarge(pixelWidth:pixelHeight:)`` for an image over
    ///   ``ImageLimits`` (checked before anything is drawn).
    public func renderTimeline(
        _ statuses: [Status], width: Double, style: CellStyle = .automatic, expanded: Bool = false,
        options: RenderOptions = RenderOptions()
    ) throws -> RenderedImage {
        precondition(!statuses.isEmpty, "a timeline to render needs a status")
        Self.check(options)
        let layouter = CellLayouter(measurer: engine, style: style, now: options.now)
        let cells = statuses.map { layouter.layout($0, width: width, scale: options.scale, expanded: expanded) }
        let heights = cells.map(\.shownHeight)
        // Heights are on the pixel grid: the image is their sum exactly.
        let pixelHeight = heights.reduce(0) { $0 + Int(($1 * options.scale).rounded()) }
        guard let pixelWidth = ImageLimits.pixels(width, scale: options.scale),
            ImageLimits.allows(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        else {
            throw RenderError.imageTooLarge(
                pixelWidth: Self.pixelEstimate(width, options.scale), pixelHeight: pixelHeight)
        }
        let canvas = try Canvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: options.scale, faces: faces)
        var top = 0.0
        for (index, cell) in cells.enumerated() {
            let painter = CellPainter(
                renderer: self, canvas: canvas, style: style, colors: options.colors ?? style.colors(for: cell.network),
                width: width, debug: options.debug)
            painter.paint(cell, status: statuses[index], top: top)
            top += heights[index]
        }
        return canvas.finish()
    }

    // MARK: Helpers

    private static func check(_ options: RenderOptions) {
        precondition(options.scale.isFinite && options.scale > 0, "scale \(options.scale) must be a number above 0")
        precondition(
            options.margin.isFinite && options.margin >= 0,
            "margin \(options.margin) must be a number of points, 0 or more")
    }

    /// Pixels for an error message (saturated, never a trap).
    static func pixelEstimate(_ points: Double, _ scale: Double) -> Int {
        let value = (points * scale).rounded(.up)
        return value.isFinite && value < 1e15 ? Int(value) : Int(1e15)
    }

    /// The band below a paragraph drawn with `debug` that holds its figures, in points.
    static let debugBand = 12.0

    /// "74.018": points for labels, three decimals at most.
    static func points(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Draws a one-line label in Noto Sans 8 pt (the engine's first font) whose right edge is at
    /// `right` and top at `top`.
    func drawLabel(_ text: String, on canvas: Canvas, right: Double, top: Double, color: CellColor, size: Double = 8) {
        let prepared = engine.prepare(text, style: TextStyle(fontSize: size))
        let layout = prepared.layout(width: .infinity)
        canvas.draw(prepared.glyphLines(of: layout), x: right - layout.width, y: top, color: { _, _ in color })
    }
}
