import CTextShims
import Foundation

/// The fonts of an engine and the rules for choosing one (see
/// ``font(forCluster:properties:previous:)``). Immutable after init but for a memo of each code
/// point's first font; the fonts' coverage is read lazily (a font no text reaches never builds
/// it).
final class FontTable: @unchecked Sendable {  // the memo's bytes are written atomically, always the same value
    let fonts: [Font]
    let isColor: [Bool]
    let colorFonts: [UInt8]
    /// The fonts without reference counting: `fonts` keeps them alive, and a coverage test is
    /// then a load and a mask, with no retain and release of the font around it (a cluster of a
    /// script far down the stack tests a dozen fonts).
    private let unretained: [Unmanaged<Font>]
    /// The first font that has each code point below ``memoLimit``, plus one, or 0xFF when none
    /// has it; 0 while not known. Filled as text reaches code points, by any thread (relaxed
    /// atomic bytes: every thread computes the same value), so that choosing the font of a
    /// cluster in a script far down the stack tests one byte, not every font before its own,
    /// and a font's coverage is still only built when a text reaches it.
    private let firstFonts: UnsafeMutablePointer<UInt8>
    /// Planes 0 to 2: every script, the emoji, CJK's extensions B to F. Above, each lookup tests
    /// the fonts in order.
    static let memoLimit: UInt32 = 0x30000

    init(fonts: [Font]) {
        precondition(fonts.count < 255, "a font table holds at most 254 fonts")
        self.fonts = fonts
        isColor = fonts.map(\.isColorFont)
        colorFonts = fonts.indices.filter { fonts[$0].isColorFont }.map { UInt8($0) }
        unretained = fonts.map { Unmanaged.passUnretained($0) }
        // calloc: the pages of code points no text reaches are never touched.
        firstFonts = calloc(Int(Self.memoLimit), 1)!.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(firstFonts) }

    /// Whether font `index` has `scalar`.
    @inline(__always)
    func covers(_ index: Int, _ scalar: UInt32) -> Bool {
        unretained[index]._withUnsafeGuaranteedRef { $0.coverage.contains(scalar) }
    }

    /// What font `index`'s space glyph is to its lookups (``Font/spaceBarrier``).
    @inline(__always)
    func spaceBarrier(_ index: Int) -> (kind: SpaceBarrier.Kind, crossingGlyphs: UnsafePointer<UInt64>?) {
        unretained[index]._withUnsafeGuaranteedRef { $0.spaceBarrier }
    }

    /// What kerning alone adds where two words of a run of font `index` and ISO 15924 script
    /// tag `scriptTag` meet (``Font/joinTable(scriptTag:)``).
    @inline(__always)
    func joinTable(_ index: Int, scriptTag: UInt32) -> JoinTable? {
        unretained[index]._withUnsafeGuaranteedRef { $0.joinTable(scriptTag: scriptTag) }
    }

    /// What kerning alone adds where two syllables of a run of font `index` and ISO 15924 script
    /// tag `scriptTag` meet (``Font/syllableJoinTable(scriptTag:)``).
    @inline(__always)
    func syllableJoinTable(_ index: Int, scriptTag: UInt32) -> JoinTable? {
        unretained[index]._withUnsafeGuaranteedRef { $0.syllableJoinTable(scriptTag: scriptTag) }
    }

    /// The first font of the stack that has `scalar`, or nil when none has it.
    @inline(__always)
    func firstFont(having scalar: UInt32) -> Int? {
        guard scalar < Self.memoLimit else { return searchFirstFont(having: scalar) }
        let memo = ctextshims_load_relaxed_u8(firstFonts + Int(scalar))
        if memo != 0 { return memo == 0xFF ? nil : Int(memo) - 1 }
        let found = searchFirstFont(having: scalar)
        ctextshims_store_relaxed_u8(firstFonts + Int(scalar), found.map { UInt8($0 + 1) } ?? 0xFF)
        return found
    }

    private func searchFirstFont(having scalar: UInt32) -> Int? {
        for index in unretained.indices where covers(index, scalar) { return index }
        return nil
    }

    /// The font of a cluster of one code point: ``font(forCluster:properties:previous:)`` for
    /// one scalar (the fonts' coverage tested in order: most text is covered by the first).
    @inline(__always)
    func font(forScalar scalar: UInt32, bits: UInt16, previous: UInt8?, uncovered: inout Bool) -> UInt8 {
        if let previous, staysInPreviousFont(bits: bits, previous: previous, covered: { covers(Int(previous), scalar) })
        {
            return previous
        }
        if let index = firstFont(having: scalar) { return UInt8(index) }
        uncovered = true
        return 0
    }

    /// The font of a grapheme cluster, the one place the rules live (spaces are then revised by
    /// ``resolveSpaceFonts(_:scripts:text:)``):
    /// 1. a space, control or format character stays in the font of the cluster before it
    ///    (`previous`) when that font has it and is not a colour font (Pango splits emoji from
    ///    text first, so a space after 😀 is not in the emoji font);
    /// 2. a cluster asking for emoji presentation explicitly (VS16 or the keycap mark after its
    ///    base, and no VS15) takes the first colour font that has it;
    /// 3. else the first font that has every scalar (default-ignorables after the first need no
    ///    glyph), emoji included: Pango and Chromium draw ⚽ or 🈚 from Noto Sans CJK, which has
    ///    them, though they default to emoji presentation;
    /// 4. else the first font with the base character, else font 0 (its .notdef); then
    ///    `uncovered` is set (the text may have missing glyphs).
    func font(
        forCluster scalars: UnsafeBufferPointer<UInt32>, properties: UnsafeBufferPointer<UInt16>, previous: UInt8?,
        uncovered: inout Bool
    ) -> UInt8 {
        if scalars.count == 1 {
            return font(forScalar: scalars[0], bits: properties[0], previous: previous, uncovered: &uncovered)
        }
        func covers(_ font: Int) -> Bool { self.font(UInt8(font), covers: scalars, properties: properties) }
        if let previous,
            staysInPreviousFont(bits: properties[0], previous: previous, covered: { covers(Int(previous)) })
        {
            return previous
        }
        if !colorFonts.isEmpty, Self.asksForEmojiPresentation(scalars) {
            for index in colorFonts where covers(Int(index)) { return index }
        }
        // No font before the first with the base has every scalar.
        guard let base = firstFont(having: scalars[0]) else {
            uncovered = true
            return 0
        }
        for index in base..<fonts.count where covers(index) { return UInt8(index) }
        uncovered = true
        return UInt8(base)
    }

    /// Whether `font` has every scalar of a cluster (default-ignorables after the first need no
    /// glyph).
    func font(_ font: UInt8, covers scalars: UnsafeBufferPointer<UInt32>, properties: UnsafeBufferPointer<UInt16>)
        -> Bool
    {
        for s in scalars.indices {
            if covers(Int(font), scalars[s]) { continue }
            if s != 0 && properties[s] & UnicodeProperties.defaultIgnorable != 0 { continue }
            return false
        }
        return true
    }

    /// Rule 1 of ``font(forCluster:properties:previous:)``.
    @inline(__always)
    private func staysInPreviousFont(bits: UInt16, previous: UInt8, covered: () -> Bool) -> Bool {
        bits & UnicodeProperties.nonGraphic != 0 && !isColor[Int(previous)] && covered()
    }

    /// Whether VS16 or the keycap mark follows the base, and no VS15 asks for text.
    static func asksForEmojiPresentation(_ scalars: UnsafeBufferPointer<UInt32>) -> Bool {
        var emoji = false
        for scalar in scalars {
            if scalar == 0xFE0E { return false }
            if scalar == 0xFE0F || scalar == 0x20E3 { emoji = true }
        }
        return emoji
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
    func resolveSpaceFonts(
        _ clusters: UnsafeMutableBufferPointer<ClusterInfo>, scripts: UnsafeBufferPointer<UInt8>,
        text: UnsafeBufferPointer<UInt8>
    ) {
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
                let scalar = UTF8Scalars.decode(text, at: Int(clusters[k].start)).scalar
                if covers(Int(next), scalar) || ctextshims_general_category(scalar) == 12  // Zs
                    || UnicodeProperties.of(scalar) & UnicodeProperties.defaultIgnorable != 0
                {
                    clusters[k].font = next
                }
            }
        }
    }
}
