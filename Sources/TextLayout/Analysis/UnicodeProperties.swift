import CTextShims

/// The character properties the analysis needs, packed in 16 bits per code point: a table for the
/// whole Basic Multilingual Plane generated from ICU (`CTextShims`, see ``BMPTable``), and asked
/// of ICU directly above it.
struct UnicodeProperties: Sendable {
    /// ICU's UScriptCode (below 256 in every ICU release so far).
    @inline(__always) static func script(_ bits: UInt16) -> UInt8 { UInt8(truncatingIfNeeded: bits) }
    static let whiteSpace: UInt16 = 1 << 8
    static let defaultIgnorable: UInt16 = 1 << 9
    /// Bidi_Paired_Bracket_Type is Open or Close: script resolution pairs it (see
    /// `ScriptResolution`), and only a paragraph that has one pays for the pairing.
    static let pairedBracket: UInt16 = 1 << 10
    /// The grapheme cluster break class is not Other/Control/CR/LF: the character may join a
    /// neighbour in one cluster, so the paragraph needs ICU's grapheme iterator.
    static let complexGrapheme: UInt16 = 1 << 11
    /// The bidi class is strong right-to-left or an isolate/embedding: the paragraph needs ubidi.
    static let rightToLeft: UInt16 = 1 << 12
    /// Separators, controls and format characters: drawn in the font of the text before them.
    static let nonGraphic: UInt16 = 1 << 13
    /// Extended_Pictographic: emoji ZWJ sequences join these (UAX #29 GB11).
    static let extendedPictographic: UInt16 = 1 << 14
    /// A grapheme cluster break class beyond Extend, ZWJ and regional indicators: Control, CR,
    /// LF, Hangul jamo and syllables, SpacingMark, Prepend, and a virama
    /// (Indic_Syllabic_Category=Virama: ICU's rules, as UAX #29 15.1's GB9c, keep a consonant,
    /// virama and consonant together, a conjunct, which Extend alone would split). The
    /// clustering asks ICU for the class of such a character only; with `complexGrapheme` set
    /// and this clear, a character is Extend, ZWJ or a regional indicator.
    static let hardGrapheme: UInt16 = 1 << 15

    /// ICU script codes used by name.
    static let scriptCommon: UInt8 = 0
    static let scriptInherited: UInt8 = 1

    static let bmp = BMPTable<UInt16>(generated: ctextshims_unicode_properties_table(), compute: compute)

    @inline(__always) static func of(_ scalar: UInt32) -> UInt16 {
        scalar < 0x10000 ? bmp[Int(scalar)] : compute(scalar)
    }

    static func compute(_ c: UInt32) -> UInt16 {
        let script = ctextshims_script(c)
        var bits = UInt16(truncatingIfNeeded: script >= 0 && script < 256 ? script : 0)
        if ctextshims_is_white_space(c) { bits |= whiteSpace }
        if ctextshims_is_default_ignorable(c) { bits |= defaultIgnorable }
        switch ctextshims_grapheme_cluster_break(c) {
        case 0: break  // Other
        case 1, 2, 5: bits |= hardGrapheme  // Control, CR, LF
        case 3, 12, 17: bits |= complexGrapheme  // Extend, Regional_Indicator, ZWJ
        default: bits |= complexGrapheme | hardGrapheme
        }
        if ctextshims_is_virama(c) { bits |= hardGrapheme }
        var pair: UInt32 = 0
        if ctextshims_paired_bracket(c, &pair) != 0 { bits |= pairedBracket }
        if ctextshims_is_extended_pictographic(c) { bits |= extendedPictographic }
        if ctextshims_is_rtl_relevant(c) { bits |= rightToLeft }
        switch ctextshims_general_category(c) {
        case 12, 13, 14, 15, 16: bits |= nonGraphic  // Zs, Zl, Zp, Cc, Cf
        default: break
        }
        return bits
    }

    /// The four-letter ISO 15924 tag of an ICU script code, as HarfBuzz wants it.
    static let scriptTags: [UInt32] = (0..<256).map { ctextshims_script_tag(Int32($0)) }
}
