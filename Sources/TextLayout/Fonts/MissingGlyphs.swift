import CTextShims

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
    /// The characters of the text that were measured as a .notdef glyph, in text order: in
    /// each cluster that shaping gave a .notdef glyph, the characters its font does not map
    /// (so that a character HarfBuzz composes or decomposes into glyphs the font has is not
    /// reported). Characters that need no glyph are never reported: default ignorables (ZWJ,
    /// variation selectors, soft hyphen…), controls, line and paragraph separators, and
    /// attachments' U+FFFC.
    ///
    /// Read from what the prepared text holds (the clusters shaping found a .notdef glyph in,
    /// their fonts) and the fonts' coverage; it shapes nothing and does not change how the
    /// text is measured.
    /// - Complexity: O(1) when font choice found every character in its font (most texts);
    ///   else O(n) in the length of the text.
    public var missingGlyphs: [MissingGlyph] {
        // Font choice notes when a cluster falls to a font that lacks a character of it: else
        // no glyph is missing (most texts: nothing to look at).
        guard storage.header.mayHaveMissingGlyphs else { return [] }
        return withExtendedLifetime(storage) {
            let table = storage.header.context.fontTable
            let bytes = storage.bytes
            let clusters = storage.clusters
            let runs = storage.runs
            var missing: [MissingGlyph] = []
            var r = 0
            for c in clusters.indices where clusters[c].flags & ClusterInfo.notdefGlyph != 0 {
                while r < runs.count && runs[r].end <= clusters[c].start { r += 1 }
                let end =
                    c + 1 < clusters.count && clusters[c + 1].start < runs[r].end
                    ? Int(clusters[c + 1].start) : Int(runs[r].end)
                let font = Int(clusters[c].font)
                var i = Int(clusters[c].start)
                while i < end {
                    let (value, length) = UTF8Scalars.decode(bytes, at: i)
                    if !table.covers(font, value), let scalar = Unicode.Scalar(value), Self.needsGlyph(scalar) {
                        missing.append(MissingGlyph(scalar: scalar, range: i..<i + length))
                    }
                    i += length
                }
            }
            return missing
        }
    }

    /// Whether a character is drawn with a glyph of its own (not a default ignorable, a control
    /// or a line or paragraph separator).
    static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        if UnicodeProperties.of(scalar.value) & UnicodeProperties.defaultIgnorable != 0 { return false }
        switch ctextshims_general_category(scalar.value) {
        case 13, 14, 15: return false  // ICU's line and paragraph separators, controls
        default: return true
        }
    }
}
