import CTextShims

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
    /// colour font; else the first font covering it, emoji included (Pango and Chromium draw
    /// ⚽ or 🈚 from Noto Sans CJK, which has them, though they default to emoji presentation);
    /// else the first font (its .notdef).
    @inline(__always)
    func font(for scalar: UInt32, bits: UInt16, previous: UInt8?) -> UInt8 {
        if bits & UnicodeProperties.nonGraphic != 0, let previous, !isColor[Int(previous)],
           fonts[Int(previous)].coverage.contains(scalar) {
            return previous
        }
        if scalar < 0x10000 {
            let first = firstCovering[Int(scalar)]
            return first == 255 ? 0 : first
        }
        for index in fonts.indices where fonts[index].coverage.contains(scalar) { return UInt8(index) }
        return 0
    }

    /// Whether a space, control or format character is drawn in a font of its own choice rather
    /// than the text's around it: the Arabic format characters that are visible (U+0600–U+0605,
    /// U+06DD, U+070F, U+08E2…) and the Ogham space mark, as in Pango's itemizer.
    static func needsOwnFont(_ scalar: UInt32) -> Bool {
        (scalar >= 0x600 && scalar <= 0x6FF) || scalar == 0x70F || scalar == 0x8E2 || scalar == 0x1680
    }

    /// Gives each run of space-like clusters (spaces, controls, format characters) the font
    /// Pango's itemizer gives it, which Chromium agrees with: the font of the text before it,
    /// unless the text after it, in the same script run, takes a font earlier in the fallback
    /// order (a space between CJK text and a digit, bracket, quote or Latin punctuation is in
    /// Noto Sans, between two CJK characters in the CJK font); spaces that begin a paragraph or
    /// follow an emoji or attachment take the font of the text after them when it is not an
    /// emoji. A run holding a TAB keeps its font (Pango starts items at a TAB). The move needs
    /// the font to have the character, or the character to be one HarfBuzz draws without it (a
    /// space separator, by its fallback; a default-ignorable, hidden).
    ///
    /// - Parameters:
    ///   - clusters: one paragraph's clusters with their fonts chosen one by one.
    ///   - scripts: the resolved script of each cluster (same indices).
    ///   - text: the whole text, which the clusters' starts index.
    func resolveSpaceFonts(_ clusters: UnsafeMutableBufferPointer<ClusterInfo>, scripts: UnsafeBufferPointer<UInt8>,
                           text: UnsafeBufferPointer<UInt8>) {
        let n = clusters.count
        var c = 0
        while c < n {
            guard clusters[c].flags & ClusterInfo.spaceLike != 0 else {
                c += 1
                continue
            }
            let first = c
            var hasTab = false
            while c < n && clusters[c].flags & ClusterInfo.spaceLike != 0 {
                if text[Int(clusters[c].start)] == 0x09 { hasTab = true }
                c += 1
            }
            guard c < n, !hasTab, scripts[c] == scripts[first] else { continue }
            let next = clusters[c].font
            guard next != ShapingRun.attachmentFont, !isColor[Int(next)] else { continue }
            if first > 0 {
                let previous = clusters[first - 1].font
                if previous != ShapingRun.attachmentFont && !isColor[Int(previous)] && next >= previous { continue }
            }
            for k in first..<c where clusters[k].flags & ClusterInfo.attachment == 0 {
                let scalar = ParagraphAnalyzer.decodeScalar(text, at: Int(clusters[k].start)).0
                if fonts[Int(next)].coverage.contains(scalar) || ctextshims_general_category(scalar) == 12  // Zs
                    || UnicodeProperties.of(scalar) & UnicodeProperties.defaultIgnorable != 0 {
                    clusters[k].font = next
                }
            }
        }
    }
}
