/// Why an image could not be made or written.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The image would be over ``ImageLimits``: a side over 32,767 pixels or more than 256 MB.
    case imageTooLarge(pixelWidth: Int, pixelHeight: Int)
    /// cairo could not make the surface (out of memory).
    case surfaceFailed(reason: String)
    /// The PNG could not be written to `path` (`reason` is the system's).
    case writeFailed(path: String, reason: String)
    /// A PNG could not be read from `path`.
    case readFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .imageTooLarge(let width, let height):
            let megabytes = Double(width) * Double(height) * 4 / 1_048_576
            return "a \(width) × \(height) px image (\(Int(megabytes.rounded(.up))) MB) is over the limit of "
                + "\(ImageLimits.maximumSide) px a side and \(ImageLimits.maximumBytes / 1_048_576) MB; use a smaller width, scale or count"
        case .surfaceFailed(let reason): return "cairo could not make the image: \(reason)"
        case .writeFailed(let path, let reason): return "cannot write '\(path)': \(reason)"
        case .readFailed(let path, let reason): return "cannot read a PNG from '\(path)': \(reason)"
        }
    }
}

/// The largest image made: cairo's limit of 32,767 pixels a side, and 256 MB of pixels (4 bytes
/// each), so that a mistaken width, scale or count is refused rather than exhausting memory.
public enum ImageLimits {
    /// The most pixels on a side (cairo's own limit for image surfaces).
    public static let maximumSide = 32_767
    /// The most bytes of pixels (256 MB, 4 bytes a pixel).
    public static let maximumBytes = 256 * 1_048_576

    /// Whether an image of this many pixels may be made.
    public static func allows(pixelWidth: Int, pixelHeight: Int) -> Bool {
        pixelWidth >= 1 && pixelHeight >= 1 && pixelWidth <= maximumSide && pixelHeight <= maximumSide
            && pixelWidth * pixelHeight * 4 <= maximumBytes
    }

    /// The pixels of `points` at `scale`, rounded up (a fraction of a pixel still shows), or
    /// nil when that is not a finite number of pixels within a side's limit.
    static func pixels(_ points: Double, scale: Double) -> Int? {
        let value = (points * scale - 1e-9).rounded(.up)
        guard value.isFinite, value <= Double(maximumSide) else { return nil }
        return max(1, Int(value))
    }
}
