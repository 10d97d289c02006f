import CCairo
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes PNG files: cairo encodes, we write with write(2) and report the system's errors.
enum PNGFileWriter {
    /// Where cairo's stream callback writes, and the first error met.
    private struct Sink {
        var fd: Int32
        var errorNumber: Int32 = 0
    }

    /// Writes `image` to `path`. A new or regular file is written to a temporary file beside it
    /// and renamed over it (a failure leaves no partial file and keeps what was there); anything
    /// else that exists (a device such as /dev/stdout, a FIFO, a symbolic link) is written
    /// through, never replaced.
    static func write(_ image: RenderedImage, to path: String) throws {
        guard !path.isEmpty else { throw RenderError.writeFailed(path: path, reason: "empty path") }
        var status = stat()
        if lstat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR {
                throw RenderError.writeFailed(path: path, reason: "is a directory")
            }
            if status.st_mode & S_IFMT != S_IFREG {
                let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                guard fd >= 0 else {
                    throw RenderError.writeFailed(path: path, reason: String(cString: strerror(errno)))
                }
                try encode(image, to: fd, path: path, removing: nil)
                return
            }
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw RenderError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fchmod(fd, 0o644)
        try encode(image, to: fd, path: path, removing: temporary)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw RenderError.writeFailed(path: path, reason: reason)
        }
    }

    /// Encodes the PNG into `fd` and closes it; on failure removes `temporary` and throws.
    private static func encode(_ image: RenderedImage, to fd: Int32, path: String, removing temporary: String?) throws {
        var sink = Sink(fd: fd)
        let status = withUnsafeMutablePointer(to: &sink) { pointer in
            cairo_surface_write_to_png_stream(
                image.storage.surface,
                { closure, data, length in
                    let sink = closure!.assumingMemoryBound(to: Sink.self)
                    var offset = 0
                    while offset < Int(length) {
                        let written = Glibc.write(sink.pointee.fd, data! + offset, Int(length) - offset)
                        if written < 0 {
                            if errno == EINTR { continue }
                            sink.pointee.errorNumber = errno
                            return CAIRO_STATUS_WRITE_ERROR
                        }
                        offset += written
                    }
                    return CAIRO_STATUS_SUCCESS
                }, pointer)
        }
        let closed = close(fd) == 0 ? 0 : errno
        guard status == CAIRO_STATUS_SUCCESS, closed == 0 else {
            if let temporary { unlink(temporary) }
            let reason =
                sink.errorNumber != 0
                ? String(cString: strerror(sink.errorNumber))
                : closed != 0 ? String(cString: strerror(closed)) : String(cString: cairo_status_to_string(status))
            throw RenderError.writeFailed(path: path, reason: reason)
        }
    }
}
