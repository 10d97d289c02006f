/// A character of a measured text that the font it fell to cannot draw: no font of the stack
/// has it (or none the fallback rules could choose for its cluster), so it is measured as that
/// font's .notdef glyph (a box, "tofu").
public struct MissingGlyph: Sendable, Hashable, CustomStringConvertible {
    /// The character.
    public var scalar: Unicode.Scalar
    /// Its UTF-8 offsets in the text.
    public var range: Range<Int>

    /// Makes a record of a missing glyph.
    public init(scalar: Unicode.Scalar, range: Range<Int>) {
        self.scalar = scalar
        self.range = range
    }

    /// The code point as Unicode writes it: "U+1FAE8".
    public var codePoint: String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// "U+1FAE8 at 12..<16".
    public var description: String { "\(codePoint) at \(range.lowerBound)..<\(range.upperBound)" }
}

extension PreparedText {
    /// The characters of the text that were measured as a .notdef glyph, in text order: each
    /// cluster's characters that its font does not map, confirmed by shaping the cluster alone
    /// with that font (so that a character HarfBuzz composes or decomposes into glyphs the
    /// font has is not reported). Characters that need no glyph are never reported: default
    /// ignorables (ZWJ, variation selectors, soft hyphen…), controls, line and paragraph
    /// separators, and attachments' U+FFFC.
    ///
    /// Computed from what the prepared text holds (each cluster's font) and the fonts'
    /// coverage; it does not change how the text is measured.
    /// - Complexity: O(n) in the length of the text, plus one small shaping call per cluster
    ///   with a character its font lacks.
    public var missingGlyphs: [MissingGlyph] {
        var missing: [MissingGlyph] = []
        let fonts = storage.header.context.fontTable.fonts
        let ranges = graphemeClusterRanges
        let bytes = self.bytes
        let clusters = withExtendedLifetime(storage) { Array(storage.clusters) }
        for (cluster, range) in zip(clusters, ranges) where cluster.flags & ClusterInfo.attachment == 0 {
            let font = fonts[Int(cluster.font)]
            var uncovered: [MissingGlyph] = []
            var offset = range.lowerBound
            for scalar in String(decoding: bytes[range], as: UTF8.self).unicodeScalars {
                let length = UTF8.width(scalar)
                defer { offset += length }
                if Self.needsGlyph(scalar), !font.covers(scalar) {
                    uncovered.append(MissingGlyph(scalar: scalar, range: offset..<offset + length))
                }
            }
            if !uncovered.isEmpty, font.shapesToNotdef(bytes[range]) { missing += uncovered }
        }
        return missing
    }

    /// Whether a character is drawn with a glyph of its own (not a default ignorable, a control
    /// or a line or paragraph separator).
    static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint { return false }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return false
        default: return true
        }
    }
}
