import CHarfBuzz
import CTextShims
import LockSupport

/// Measures text: fonts by coverage, HarfBuzz shaping, ICU line breaking.
///
/// Measuring is split in two: ``prepare(_:style:)`` does everything that does not depend on
/// the width (graphemes, fonts, scripts, bidi, shaping, break opportunities) and gives a
/// ``PreparedText``; ``PreparedText/layout(width:maxLines:truncationToken:)`` fills lines for
/// one width, which is arithmetic only. ``layout(_:width:style:maxLines:truncationToken:)``
/// does both.
///
/// Shaped pieces of text are cached across calls (in font units, by font, script, direction
/// and text), so a text made of pieces seen before costs lookups, not shaping; cached results
/// are exactly equal to uncached ones.
///
/// A `TextEngine` is thread-safe: measure from as many threads at once as you like.
public final class TextEngine: Sendable {
    /// The fonts, in fallback order.
    public let fonts: FontStack
    let fontList: [Font]
    /// What measuring a run reads of each font of `fontList`, as values: reading them touches
    /// no shared object's reference count (those lines bounce between cores that measure at once).
    let fontMetrics: [FontMetrics]
    /// Indices of the colour fonts of the stack, in order: emoji sequences try them first.
    let colorFonts: [UInt8]
    let segmentCache: SegmentCache?
    let breakIterators = BreakIteratorPool()
    let baselineTable: BaselineTable
    let fontTable: FontTable
    let analyzerScratch = AnalyzerScratchPool()
    private let languages = Lock<[String: LanguageBox]>([:])

    /// Makes an engine for a font stack.
    ///
    /// - Parameters:
    ///   - fonts: the fonts, in fallback order.
    ///   - segmentCacheCapacity: how many shaped pieces to keep (about 64 bytes each); 0 turns
    ///     the cache off, so that every run is shaped (for tests and baselines).
    public init(fonts: FontStack, segmentCacheCapacity: Int = 262_144) {
        self.fonts = fonts
        fontList = fonts.fonts
        fontMetrics = fonts.fonts.map {
            FontMetrics(unitsPerEm: Double($0.unitsPerEm), ascender: Double($0.ascenderInFontUnits),
                        descender: Double($0.descenderInFontUnits), hbFont: HarfBuzzFont(pointer: $0.hbFont))
        }
        colorFonts = fonts.fonts.indices.filter { fonts.fonts[$0].isColorFont }.map { UInt8($0) }
        segmentCache = segmentCacheCapacity > 0 ? SegmentCache(capacity: segmentCacheCapacity) : nil
        fontTable = FontTable(fonts: fonts.fonts)
        baselineTable = BaselineTable(fonts: fonts.fonts)
    }

    /// Makes an engine for the bundled default stack (Noto Sans, Noto Sans CJK SC, Noto Color
    /// Emoji).
    ///
    /// - Throws: ``FontError`` when the bundled fonts cannot be found or loaded.
    public convenience init() throws {
        self.init(fonts: try FontStack.bundled())
    }

    /// Measures `text` at `width` points.
    ///
    /// - Parameters:
    ///   - text: the text; `\n`, `\r\n`, `\r`, U+2028 and U+2029 (and VT, FF, NEL) break lines.
    ///   - width: the line width in points. Zero, negative or NaN widths fit nothing, so every
    ///     grapheme cluster gets a line of its own.
    ///   - style: font size, line height and breaking rules.
    ///   - maxLines: the most lines to show; past it the last shown line ends in the token.
    ///   - truncationToken: what ends a truncated last line ("…" by default).
    /// - Complexity: O(n) in the length of the text.
    public func layout(_ text: AttributedText, width: Double, style: TextStyle = TextStyle(),
                       maxLines: Int? = nil, truncationToken: AttributedText = "\u{2026}") -> ParagraphLayout {
        prepare(text, style: style).layout(width: width, maxLines: maxLines, truncationToken: truncationToken)
    }

    /// Measures plain text; see ``layout(_:width:style:maxLines:truncationToken:)``.
    public func layout(_ text: String, width: Double, style: TextStyle = TextStyle(),
                       maxLines: Int? = nil, truncationToken: AttributedText = "\u{2026}") -> ParagraphLayout {
        layout(AttributedText(text), width: width, style: style, maxLines: maxLines, truncationToken: truncationToken)
    }

    /// Does the width-free work of measuring `text`: the result lays out at any width cheaply.
    ///
    /// - Complexity: O(n) in the length of the text.
    public func prepare(_ text: AttributedText, style: TextStyle = TextStyle()) -> PreparedText {
        var analyzer = ParagraphAnalyzer(engine: self, text: text, style: style)
        return analyzer.run()
    }

    /// Prepares by the general analysis (clusters, sequences, bidi), never the fused fast path,
    /// and with `icuOnly`, ICU for every cluster and break opportunity: tests check that every
    /// way gives the same.
    func prepareGeneralPathOnly(_ text: AttributedText, style: TextStyle = TextStyle(), icuOnly: Bool = false) -> PreparedText {
        var analyzer = ParagraphAnalyzer(engine: self, text: text, style: style)
        analyzer.paths = icuOnly ? .icuOnly : .generalPath
        return analyzer.run()
    }

    /// Prepares plain text; see ``prepare(_:style:)``.
    public func prepare(_ text: String, style: TextStyle = TextStyle()) -> PreparedText {
        prepare(AttributedText(text), style: style)
    }

    /// How many shaped pieces the cache holds, and its hits (pieces) and misses (runs shaped).
    public var segmentCacheStatistics: (count: Int, hits: Int, misses: Int) {
        guard let segmentCache else { return (0, 0, 0) }
        let (hits, misses) = segmentCache.statistics
        return (segmentCache.count, hits, misses)
    }

    /// Empties the cache of shaped pieces.
    public func removeCachedSegments() { segmentCache?.removeAll() }

    /// The HarfBuzz language of a locale, made once.
    func language(for locale: String) -> hb_language_t? {
        if let box = languages.withLock({ $0[locale] }) { return box.language }
        let tag = locale.split(separator: "@").first.map(String.init) ?? ""
        let language = tag.isEmpty ? nil : hb_language_from_string(tag, -1)
        languages.withLock { $0[locale] = LanguageBox(language: language) }
        return language
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
}

/// A HarfBuzz language: an interned, immutable, process-lifetime pointer.
struct LanguageBox: @unchecked Sendable {  // hb_language_t values are static interned strings.
    let language: hb_language_t?
}
