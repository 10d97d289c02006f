import CCairo
import StatusLayout
import TextLayout

/// One image being drawn: a cairo image surface and its context, user space in points (the
/// context is scaled by the screen scale). Made, drawn and finished by one thread.
final class Canvas {
    private var surface: OpaquePointer?
    let context: OpaquePointer
    let scale: Double
    let pixelWidth: Int
    let pixelHeight: Int
    private let faces: FontFaces

    /// Makes a transparent canvas of `pixelWidth` × `pixelHeight` pixels.
    ///
    /// - Throws: ``RenderError/imageTooLarge(pixelWidth:pixelHeight:)`` over ``ImageLimits``,
    ///   ``RenderError/surfaceFailed(reason:)`` when cairo cannot make it.
    init(pixelWidth: Int, pixelHeight: Int, scale: Double, faces: FontFaces) throws {
        guard ImageLimits.allows(pixelWidth: pixelWidth, pixelHeight: pixelHeight) else {
            throw RenderError.imageTooLarge(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError.surfaceFailed(reason: String(cString: cairo_status_to_string(status)))
        }
        self.surface = surface
        context = cairo_create(surface)!
        self.scale = scale
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.faces = faces
        cairo_scale(context, scale, scale)
        // Grey antialiasing, no hinting: glyphs drawn where HarfBuzz placed them.
        let options = cairo_font_options_create()!
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
        cairo_set_antialias(context, CAIRO_ANTIALIAS_GRAY)
    }

    deinit {
        cairo_destroy(context)
        if let surface { cairo_surface_destroy(surface) }
    }

    /// Ends drawing and hands the pixels over.
    func finish() -> RenderedImage {
        let owned = surface!
        surface = nil
        cairo_surface_flush(owned)
        // the context's own reference goes with it
        return RenderedImage(storage: ImageSurface(owning: owned), scale: scale)
    }

    // MARK: Shapes (points)

    func setColor(_ color: CellColor) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    func fill(x: Double, y: Double, width: Double, height: Double, color: CellColor) {
        setColor(color)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
    }

    /// Fills the whole canvas.
    func paint(_ color: CellColor) {
        setColor(color)
        cairo_paint(context)
    }

    /// Outlines a rectangle with a line `pixels` device pixels wide, inside its edges.
    func stroke(x: Double, y: Double, width: Double, height: Double, color: CellColor, pixels: Double = 1) {
        let inset = pixels / scale / 2
        setColor(color)
        cairo_set_line_width(context, pixels / scale)
        cairo_rectangle(context, x + inset, y + inset, max(0, width - 2 * inset), max(0, height - 2 * inset))
        cairo_stroke(context)
    }

    /// A horizontal line `pixels` device pixels thick whose top edge is at `y`.
    func horizontalLine(x: Double, y: Double, width: Double, color: CellColor, pixels: Double = 1) {
        fill(x: x, y: y, width: width, height: pixels / scale, color: color)
    }

    /// A vertical line `pixels` device pixels thick whose left edge is at `x`.
    func verticalLine(x: Double, y: Double, height: Double, color: CellColor, pixels: Double = 1) {
        fill(x: x, y: y, width: pixels / scale, height: height, color: color)
    }

    func fillEllipse(x: Double, y: Double, width: Double, height: Double, color: CellColor) {
        setColor(color)
        cairo_save(context)
        cairo_translate(context, x + width / 2, y + height / 2)
        cairo_scale(context, width / 2, height / 2)
        cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(context)
        cairo_fill(context)
    }

    /// An ellipse's outline, a hairline of `lineWidth` points.
    func strokeEllipse(x: Double, y: Double, width: Double, height: Double, color: CellColor, lineWidth: Double = 1) {
        setColor(color)
        cairo_save(context)
        cairo_translate(context, x + width / 2, y + height / 2)
        cairo_scale(context, width / 2, height / 2)
        cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(context)
        cairo_set_line_width(context, lineWidth)
        cairo_stroke(context)
    }

    /// A rounded rectangle's path.
    func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        cairo_new_sub_path(context)
        cairo_arc(context, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(context, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(context, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }

    /// Runs `body` with drawing clipped to a rectangle.
    func clipped(x: Double, y: Double, width: Double, height: Double, _ body: () -> Void) {
        cairo_save(context)
        cairo_rectangle(context, x, y, width, height)
        cairo_clip(context)
        body()
        cairo_restore(context)
    }

    // MARK: Glyphs

    /// Draws a run's glyphs with their origin moved by (`dx`, `dy`) points, each in the colour
    /// `color(glyph)` gives.
    func draw(_ run: GlyphRun, dx: Double, dy: Double, color: (PlacedGlyph) -> CellColor) {
        guard let font = run.font, !run.glyphs.isEmpty else { return }
        switch faces.face(for: font) {
        case .outlines(let face):
            cairo_set_font_face(context, face.face)
            cairo_set_font_size(context, run.fontSize)
            var glyphs = [cairo_glyph_t]()
            glyphs.reserveCapacity(run.glyphs.count)
            var current = color(run.glyphs[0])
            for glyph in run.glyphs {
                let glyphColor = color(glyph)
                if glyphColor != current {
                    show(glyphs, color: current)
                    glyphs.removeAll(keepingCapacity: true)
                    current = glyphColor
                }
                glyphs.append(cairo_glyph_t(index: UInt(glyph.id), x: glyph.x + dx, y: glyph.y + dy))
            }
            show(glyphs, color: current)
            withExtendedLifetime(face) {}
        case .colorBitmaps(let bitmaps):
            for glyph in run.glyphs {
                guard let bitmap = bitmaps.bitmap(glyph.id) else { continue }
                drawBitmap(bitmap, x: glyph.x + dx, y: glyph.y + dy, fontSize: run.fontSize, color: color(glyph))
            }
        case .unavailable:
            for glyph in run.glyphs where glyph.advance > 0 {
                stroke(
                    x: glyph.x + dx, y: glyph.y + dy - 0.7 * run.fontSize, width: glyph.advance,
                    height: 0.7 * run.fontSize,
                    color: color(glyph))
            }
        }
    }

    private func show(_ glyphs: [cairo_glyph_t], color: CellColor) {
        guard !glyphs.isEmpty else { return }
        setColor(color)
        glyphs.withUnsafeBufferPointer { cairo_show_glyphs(context, $0.baseAddress, Int32($0.count)) }
    }

    /// Draws a strike bitmap with its pen origin at (`x`, `y`), scaled from the strike's pixels
    /// per em to `fontSize` points.
    private func drawBitmap(_ bitmap: ColorBitmapFont.Bitmap, x: Double, y: Double, fontSize: Double, color: CellColor)
    {
        let format = bitmap.isMask ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32
        let image = cairo_image_surface_create_for_data(
            bitmap.pixels, format, Int32(bitmap.width), Int32(bitmap.height),
            Int32(bitmap.stride))!
        defer { cairo_surface_destroy(image) }
        let factor = fontSize / bitmap.pixelsPerEm
        cairo_save(context)
        cairo_translate(context, x, y)
        cairo_scale(context, factor, factor)
        let left = Double(bitmap.left)
        let top = -Double(bitmap.top)
        if bitmap.isMask {
            setColor(color)
            cairo_mask_surface(context, image, left, top)
        } else {
            cairo_set_source_surface(context, image, left, top)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_rectangle(context, left, top, Double(bitmap.width), Double(bitmap.height))
            cairo_fill(context)
        }
        cairo_restore(context)
        withExtendedLifetime(bitmap) {}
    }
}

extension Canvas {
    /// The ink of each glyph of `run` as it is drawn, in points (the run's coordinates moved
    /// by `dx`, `dy`): an outline's extents from cairo, a bitmap's scaled pixels; nil for a
    /// glyph with no ink (a space).
    func inkRectangles(of run: GlyphRun, dx: Double = 0, dy: Double = 0) -> [TextRect?] {
        guard let font = run.font else { return [] }
        switch faces.face(for: font) {
        case .outlines(let face):
            cairo_set_font_face(context, face.face)
            cairo_set_font_size(context, run.fontSize)
            return run.glyphs.map { glyph in
                var cairoGlyph = cairo_glyph_t(index: UInt(glyph.id), x: glyph.x + dx, y: glyph.y + dy)
                var extents = cairo_text_extents_t()
                cairo_glyph_extents(context, &cairoGlyph, 1, &extents)
                guard extents.width > 0 && extents.height > 0 else { return nil }
                return TextRect(
                    x: glyph.x + dx + extents.x_bearing, y: glyph.y + dy + extents.y_bearing,
                    width: extents.width, height: extents.height)
            }
        case .colorBitmaps(let bitmaps):
            return run.glyphs.map { glyph in
                guard let bitmap = bitmaps.bitmap(glyph.id) else { return nil }
                let factor = run.fontSize / bitmap.pixelsPerEm
                return TextRect(
                    x: glyph.x + dx + Double(bitmap.left) * factor, y: glyph.y + dy - Double(bitmap.top) * factor,
                    width: Double(bitmap.width) * factor, height: Double(bitmap.height) * factor)
            }
        case .unavailable:
            return run.glyphs.map { glyph in
                glyph.advance > 0
                    ? TextRect(
                        x: glyph.x + dx, y: glyph.y + dy - 0.7 * run.fontSize, width: glyph.advance,
                        height: 0.7 * run.fontSize) : nil
            }
        }
    }
}
