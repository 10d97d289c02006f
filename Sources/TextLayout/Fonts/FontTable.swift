/// The font choice for a single code point, precomputed where it can be: the first font of the
/// stack covering each code point of the Basic Multilingual Plane, in a 64 KiB table.
/// Immutable after init.
final class FontTable: Sendable {
    let fonts: [Font]
    let isColor: [Bool]
    let colorFonts: [UInt8]
    /// The first covering font of each BMP code point; 255 when none covers it.
    private let firstCovering: [UInt8]

    init(fonts: [Font]) {
        self.fonts = fonts
        isColor = fonts.map(\.isColorFont)
        colorFonts = fonts.indices.filter { fonts[$0].isColorFont }.map { UInt8($0) }
        firstCovering = (0..<0x10000).map { scalar in
            fonts.firstIndex { $0.coverage.contains(UInt32(scalar)) }.map { UInt8($0) } ?? 255
        }
    }

    /// The font for a cluster of one code point (see ``TextEngine`` for the rules): spaces and
    /// other non-graphic characters stay in the previous font when it has them and is not a
    /// colour font; emoji presentation tries the colour fonts first; else the first font
    /// covering it; else the first font (its .notdef).
    @inline(__always)
    func font(for scalar: UInt32, bits: UInt16, previous: UInt8?) -> UInt8 {
        if bits & UnicodeProperties.nonGraphic != 0, let previous, !isColor[Int(previous)],
           fonts[Int(previous)].coverage.contains(scalar) {
            return previous
        }
        if bits & UnicodeProperties.emojiPresentation != 0 {
            for index in colorFonts where fonts[Int(index)].coverage.contains(scalar) { return index }
        }
        if scalar < 0x10000 {
            let first = firstCovering[Int(scalar)]
            return first == 255 ? 0 : first
        }
        for index in fonts.indices where fonts[index].coverage.contains(scalar) { return UInt8(index) }
        return 0
    }
}
