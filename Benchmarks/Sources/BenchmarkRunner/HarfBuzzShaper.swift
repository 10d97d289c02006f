import BenchmarkSupport
import CBaselines

/// The hb-raw baseline: a HarfBuzz font (hb-ot functions, scale = units per em) and one reused
/// buffer, shaping a whole paragraph as one run.
///
/// Not thread-safe (the buffer is reused): use one per thread.
public final class HarfBuzzShaper {
    private let shaper: OpaquePointer

    /// Opens face `faceIndex` of the font file at `path`.
    ///
    /// - Throws: ``BenchmarkError`` when the file cannot be read or has no such face.
    public init(path: String, faceIndex: UInt32) throws {
        var error = [CChar](repeating: 0, count: 512)
        guard let shaper = cbaselines_shaper_open(path, faceIndex, &error, error.count) else {
            throw BenchmarkError(
                "HarfBuzz: "
                    + String(
                        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                        as: UTF8.self))
        }
        self.shaper = shaper
    }

    deinit { cbaselines_shaper_close(shaper) }

    /// The font's units per em.
    public var unitsPerEm: Int { Int(cbaselines_shaper_units_per_em(shaper)) }

    /// Shapes UTF-8 text as one run and returns the sum of its advances, in font units.
    ///
    /// - Complexity: O(n) in the length of the text.
    public func advanceInFontUnits(utf8: UnsafeBufferPointer<UInt8>) -> Int64 {
        utf8.withMemoryRebound(to: CChar.self) { cbaselines_shaper_advance(shaper, $0.baseAddress, Int64($0.count)) }
    }
}
