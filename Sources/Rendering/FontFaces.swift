import CCairo
import CFreeType
import LockSupport
import TextLayout

#if !_endian(little)
    #error(
        "colour bitmaps are copied as FreeType's BGRA bytes, which are cairo's ARGB32 words only on a little-endian machine"
    )
#endif

/// How each font of a stack is drawn: outlines through a cairo-ft font face made from the
/// font's own FreeType face, or colour bitmaps (Noto Color Emoji's CBDT strikes) read from
/// that face with `FT_LOAD_COLOR` and scaled.
///
/// Thread-safe: faces are made once under a lock; cairo locks a face while it loads glyphs
/// from it; bitmaps are read inside ``Font/withFreeTypeFace(_:)``, under the font's own lock
/// (shared by every renderer of the font, each with its own `FontFaces`).
final class FontFaces: Sendable {
    private let faces = Lock<[ObjectIdentifier: FaceKind]>([:])

    enum FaceKind: Sendable {
        case outlines(CairoFontFace)
        case colorBitmaps(ColorBitmapFont)
        /// FreeType refused the face HarfBuzz measured with: its glyphs are drawn as boxes.
        case unavailable(Font)
    }

    /// How `font` is drawn, made on first use.
    func face(for font: Font) -> FaceKind {
        let key = ObjectIdentifier(font)
        if let known = faces.withLock({ $0[key] }) { return known }
        let made: FaceKind
        if let face = try? font.freeTypeFace() {
            let flags = face.pointee.face_flags
            if flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 && face.pointee.num_fixed_sizes > 0 {
                made = .colorBitmaps(ColorBitmapFont(font: font))
            } else {
                made = .outlines(CairoFontFace(font: font, face: face))
            }
        } else {
            made = .unavailable(font)  // (the cache holds the font: its identifier is never reused while here)
        }
        return faces.withLock { table in
            if let existing = table[key] { return existing }
            table[key] = made
            return made
        }
    }
}

/// A cairo font face made from a font's FreeType face. The cairo face keeps the ``Font`` alive
/// (user data released when cairo frees the face), so the FreeType face outlives every cairo
/// object that draws from it, even in cairo's caches.
final class CairoFontFace: @unchecked Sendable {  // cairo font faces are reference-counted and thread-safe
    let face: OpaquePointer

    /// cairo's key for the user data that keeps the font alive: only its address is used.
    nonisolated(unsafe) private static var keepAliveKey = cairo_user_data_key_t()

    init(font: Font, face ftFace: FT_Face) {
        // No hinting: glyphs land exactly where HarfBuzz put them, at any scale.
        let face = cairo_ft_font_face_create_for_ft_face(ftFace, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))!
        let retained = Unmanaged.passRetained(font).toOpaque()
        let status = withUnsafeMutablePointer(to: &Self.keepAliveKey) { key in
            cairo_font_face_set_user_data(face, key, retained) { pointer in
                Unmanaged<Font>.fromOpaque(pointer!).release()
            }
        }
        if status != CAIRO_STATUS_SUCCESS { Unmanaged<Font>.fromOpaque(retained).release() }
        self.face = face
    }

    deinit { cairo_font_face_destroy(face) }
}

/// Colour glyphs of a bitmap font, read from its FreeType face with `FT_LOAD_COLOR` at its best
/// strike and kept as premultiplied BGRA pixels (cairo's ARGB32), to be scaled when drawn.
final class ColorBitmapFont: Sendable {
    /// A glyph's pixels at the strike, and where they sit on the pen, in strike pixels.
    final class Bitmap: @unchecked Sendable {  // written once in init, read only after
        let width: Int
        let height: Int
        let stride: Int
        let left: Int
        let top: Int
        /// Pixels per em of the strike.
        let pixelsPerEm: Double
        /// Whether the pixels are a coverage mask to draw in the text's colour (a grey strike)
        /// rather than colours.
        let isMask: Bool
        let pixels: UnsafeMutablePointer<UInt8>

        init(width: Int, height: Int, stride: Int, left: Int, top: Int, pixelsPerEm: Double, isMask: Bool) {
            self.width = width
            self.height = height
            self.stride = stride
            self.left = left
            self.top = top
            self.pixelsPerEm = pixelsPerEm
            self.isMask = isMask
            pixels = .allocate(capacity: max(1, stride * height))
            pixels.initialize(repeating: 0, count: max(1, stride * height))
        }

        deinit { pixels.deallocate() }
    }

    private let font: Font
    private let glyphs = Lock<[UInt32: Bitmap?]>([:])

    init(font: Font) {
        self.font = font
    }

    /// The bitmap of `glyph`, or nil when the face has none for it.
    func bitmap(_ glyph: UInt32) -> Bitmap? {
        glyphs.withLock { table in
            if let known = table[glyph] { return known }
            // The face is the font's, shared with other renderers: loaded under its lock.
            let loaded = (try? font.withFreeTypeFace { face in Self.load(glyph, from: face) }) ?? nil
            table[glyph] = .some(loaded)
            return loaded
        }
    }

    /// Loads a glyph at the largest strike (the best source for scaling down).
    private static func load(_ glyph: UInt32, from face: FT_Face) -> Bitmap? {
        let sizes = Int(face.pointee.num_fixed_sizes)
        guard sizes > 0, let available = face.pointee.available_sizes else { return nil }
        var best = 0
        for i in 0..<sizes where available[i].y_ppem > available[best].y_ppem { best = i }
        guard FT_Select_Size(face, Int32(best)) == 0, FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)) == 0 else {
            return nil
        }
        if face.pointee.glyph.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        }
        let slot = face.pointee.glyph.pointee
        let source = slot.bitmap
        let width = Int(source.width)
        let height = Int(source.rows)
        guard width > 0, height > 0, let buffer = source.buffer else { return nil }
        let mode = Int32(source.pixel_mode)
        let pixelsPerEm = Double(available[best].y_ppem) / 64
        let isMask: Bool
        switch mode {
        // premultiplied sRGB BGRA: cairo's ARGB32 here (little-endian)
        case Int32(FT_PIXEL_MODE_BGRA.rawValue): isMask = false
        case Int32(FT_PIXEL_MODE_GRAY.rawValue): isMask = true  // coverage: cairo's A8
        default: return nil
        }
        let bytesPerPixel = isMask ? 1 : 4
        let stride = Int(cairo_format_stride_for_width(isMask ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32, Int32(width)))
        let bitmap = Bitmap(
            width: width, height: height, stride: stride, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
            pixelsPerEm: pixelsPerEm, isMask: isMask)
        for row in 0..<height {
            let from = buffer + (source.pitch >= 0 ? row : height - 1 - row) * Int(abs(source.pitch))
            (bitmap.pixels + row * stride).update(from: from, count: width * bytesPerPixel)
        }
        return bitmap
    }
}
