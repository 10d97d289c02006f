import CCairo
import Foundation

/// A rendered image: pixels in cairo's ARGB32 (premultiplied alpha), with what it was drawn at.
///
/// An immutable value, `Sendable`; copies share the pixels.
public struct RenderedImage: Sendable {
    let storage: ImageSurface

    /// The width in pixels.
    public var pixelWidth: Int { storage.width }
    /// The height in pixels.
    public var pixelHeight: Int { storage.height }
    /// Pixels per point it was drawn at.
    public let scale: Double

    init(storage: ImageSurface, scale: Double) {
        self.storage = storage
        self.scale = scale
    }

    /// Reads a PNG file (for comparing renders with stored ones).
    ///
    /// - Throws: ``RenderError/readFailed(path:reason:)`` when the file is missing or not a PNG.
    public init(contentsOfPNGFile path: String, scale: Double = 1) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw RenderError.readFailed(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        let surface = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError.readFailed(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        // A PNG without alpha comes back as RGB24: the same bytes, alpha left undefined; make it ARGB32.
        if cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32 {
            let width = Int(cairo_image_surface_get_width(surface))
            let height = Int(cairo_image_surface_get_height(surface))
            let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
            let cr = cairo_create(converted)!
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            storage = ImageSurface(owning: converted)
        } else {
            storage = ImageSurface(owning: surface)
        }
        self.scale = scale
    }

    /// The pixel at column `x`, row `y` (from the top-left), with its colour not premultiplied.
    ///
    /// - Precondition: `x` and `y` are within the image.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(
            x >= 0 && x < pixelWidth && y >= 0 && y < pixelHeight,
            "pixel (\(x), \(y)) outside a \(pixelWidth) × \(pixelHeight) image")
        let argb = storage.argb(x: x, y: y)
        let alpha = UInt8(argb >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let value = UInt8(truncatingIfNeeded: argb >> shift)
            guard alpha != 0 && alpha != 255 else { return value }
            return UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
        }
        return (channel(16), channel(8), channel(0), alpha)
    }

    /// The image as PNG bytes (written by cairo).
    public func pngData() throws -> [UInt8] {
        var bytes: [UInt8] = []
        let status = withUnsafeMutablePointer(to: &bytes) { pointer in
            cairo_surface_write_to_png_stream(
                storage.surface,
                { closure, data, length in
                    let output = closure!.assumingMemoryBound(to: [UInt8].self)
                    output.pointee.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, pointer)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.writeFailed(path: "<memory>", reason: String(cString: cairo_status_to_string(status)))
        }
        return bytes
    }

    /// Writes the image as a PNG file: written to a temporary file beside `path`, then renamed
    /// over it, so that a failure never leaves a partial file or clobbers an existing one.
    ///
    /// - Throws: ``RenderError/writeFailed(path:reason:)`` with the system's reason (no such
    ///   directory, permission denied, no space left, a directory in the way).
    public func writePNG(toFile path: String) throws {
        try PNGFileWriter.write(self, to: path)
    }
}

/// A cairo image surface owned alone; written only while it is being drawn (by its one
/// ``Canvas``), read only after.
final class ImageSurface: @unchecked Sendable {  // immutable once the canvas that drew it is done
    let surface: OpaquePointer
    let width: Int
    let height: Int
    private let data: UnsafeMutablePointer<UInt8>
    private let stride: Int

    init(owning surface: OpaquePointer) {
        self.surface = surface
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        stride = Int(cairo_image_surface_get_stride(surface))
        data = cairo_image_surface_get_data(surface)
    }

    deinit { cairo_surface_destroy(surface) }

    /// The premultiplied ARGB word of a pixel.
    @inline(__always) func argb(x: Int, y: Int) -> UInt32 {
        UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
    }
}
