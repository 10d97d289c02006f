import CHarfBuzz
import LockSupport

/// What every stage reads of an engine, shared and immutable but for its caches: the fonts
/// (choice by coverage, metrics, baselines), the segment cache, ICU's break iterators, HarfBuzz
/// languages and measured truncation tokens. A prepared text keeps a reference to it (for
/// cutting words and truncating), never to the engine.
///
/// Thread-safe: immutable tables, and caches behind locks.
final class MeasuringContext: Sendable {
    /// The fonts and the rules for choosing one.
    let fontTable: FontTable
    /// What measuring a run reads of each font, as values: reading them touches no shared
    /// object's reference count (those lines bounce between cores that measure at once).
    let fontMetrics: [FontMetrics]
    let baselines: BaselineTable
    let segmentCache: SegmentCache?
    /// The same cache, kept alive by `segmentCache`: a run reads it without retaining it.
    let unretainedSegmentCache: Unmanaged<SegmentCache>?
    let breakIterators = BreakIteratorPool()
    private let languages = Lock<[String: LanguageBox]>([:])
    private let tokens = Lock<[TokenKey: TruncationToken]>([:])

    init(fonts: [Font], segmentCacheCapacity: Int) {
        fontTable = FontTable(fonts: fonts)
        fontMetrics = fonts.map {
            FontMetrics(
                unitsPerEm: Double($0.unitsPerEm), ascender: Double($0.ascenderInFontUnits),
                descender: Double($0.descenderInFontUnits), hbFont: HarfBuzzFont(pointer: $0.hbFont))
        }
        baselines = BaselineTable(fonts: fonts)
        segmentCache = segmentCacheCapacity > 0 ? SegmentCache(capacity: segmentCacheCapacity) : nil
        unretainedSegmentCache = segmentCache.map { Unmanaged.passUnretained($0) }
    }

    /// The HarfBuzz language of a locale, made once.
    func language(for locale: String) -> hb_language_t? {
        if locale.isEmpty { return nil }
        if let box = languages.withLock({ $0[locale] }) { return box.language }
        let tag = locale.split(separator: "@").first.map(String.init) ?? ""
        let language = tag.isEmpty ? nil : hb_language_from_string(tag, -1)
        languages.withLock { $0[locale] = LanguageBox(language: language) }
        return language
    }

    /// `token` measured in `style`, remembered (a timeline truncates thousands of cells with
    /// the same "…全文").
    func truncationToken(_ token: AttributedText, style: TextStyle) -> TruncationToken {
        let key = TokenKey(token: token, style: style)
        if let known = tokens.withLock({ $0[key] }) { return known }
        let measured = TruncationToken.measure(token, style: style, context: self)
        tokens.withLock {
            if $0.count >= 64 { $0.removeAll() }  // a few tokens in real use; bounded whatever callers do
            $0[key] = measured
        }
        return measured
    }

    private struct TokenKey: Hashable, Sendable {
        let token: AttributedText
        let style: TextStyle
    }
}

/// A font's numbers that measuring a run needs, copied out of ``Font``.
struct FontMetrics: Sendable {
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double
    let hbFont: HarfBuzzFont
}

/// A HarfBuzz font made immutable once set up (hb-ot font functions, scale = upem), kept alive
/// by its ``Font``; HarfBuzz allows shaping with one font from several threads.
struct HarfBuzzFont: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The font's glyph for U+25CC DOTTED CIRCLE, which HarfBuzz's syllabic shapers put before
    /// a broken cluster (``RunShaper/shape``), or `UInt32.max` when it has none (HarfBuzz then
    /// puts none).
    let dottedCircle: UInt32
    /// The font's glyph for U+0020, which HarfBuzz shows default ignorables as (without
    /// advance), or `UInt32.max` when it has none (HarfBuzz then removes them).
    let spaceGlyph: UInt32

    init(pointer: OpaquePointer) {
        self.pointer = pointer
        var glyph: hb_codepoint_t = 0
        dottedCircle = hb_font_get_nominal_glyph(pointer, 0x25CC, &glyph) != 0 ? glyph : .max
        spaceGlyph = hb_font_get_nominal_glyph(pointer, 0x20, &glyph) != 0 ? glyph : .max
    }
}

/// A HarfBuzz language: an interned, immutable, process-lifetime pointer.
struct LanguageBox: @unchecked Sendable {  // hb_language_t values are static interned strings.
    let language: hb_language_t?
}
