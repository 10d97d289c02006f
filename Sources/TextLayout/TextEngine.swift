/// Measures text: fonts by coverage, HarfBuzz shaping, line breaking by ICU's rules (our own
/// pair-table breaker for the root locale, ICU's iterator otherwise).
///
/// Measuring is split in two: ``prepare(_:style:)-(String,_)`` does everything that does not depend on
/// the width (graphemes, fonts, scripts, bidi, shaping, break opportunities) and gives a
/// ``PreparedText``; ``PreparedText/layout(width:maxLines:truncationToken:)`` fills lines for
/// one width, which is arithmetic only. ``layout(_:width:style:maxLines:truncationToken:)-(String,_,_,_,_)``
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
    /// What the stages share: fonts, caches, break iterators (see ``Preparation``).
    let context: MeasuringContext

    /// Makes an engine for a font stack.
    ///
    /// - Parameters:
    ///   - fonts: the fonts, in fallback order.
    ///   - segmentCacheCapacity: how many shaped pieces to keep (about 64 bytes each); 0 turns
    ///     the cache off, so that every run is shaped (for tests and baselines).
    public init(fonts: FontStack, segmentCacheCapacity: Int = 262_144) {
        self.fonts = fonts
        context = MeasuringContext(fonts: fonts.fonts, segmentCacheCapacity: segmentCacheCapacity)
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
    public func layout(
        _ text: AttributedText, width: Double, style: TextStyle = TextStyle(),
        maxLines: Int? = nil, truncationToken: AttributedText = "\u{2026}"
    ) -> ParagraphLayout {
        prepare(text, style: style).layout(width: width, maxLines: maxLines, truncationToken: truncationToken)
    }

    /// Measures plain text; see ``layout(_:width:style:maxLines:truncationToken:)``.
    public func layout(
        _ text: String, width: Double, style: TextStyle = TextStyle(),
        maxLines: Int? = nil, truncationToken: AttributedText = "\u{2026}"
    ) -> ParagraphLayout {
        layout(AttributedText(text), width: width, style: style, maxLines: maxLines, truncationToken: truncationToken)
    }

    /// Does the width-free work of measuring `text`: the result lays out at any width cheaply.
    ///
    /// - Complexity: O(n) in the length of the text.
    public func prepare(_ text: AttributedText, style: TextStyle = TextStyle()) -> PreparedText {
        Preparation.prepare(text, style: style, context: context)
    }

    /// Prepares by the general analysis (clusters, sequences, bidi), never the fused fast path,
    /// and with `icuOnly`, ICU for every cluster and break opportunity: tests check that every
    /// way gives the same.
    func prepareGeneralPathOnly(_ text: AttributedText, style: TextStyle = TextStyle(), icuOnly: Bool = false)
        -> PreparedText
    {
        Preparation.prepare(text, style: style, context: context, paths: icuOnly ? .icuOnly : .generalPath)
    }

    /// Prepares plain text; see ``prepare(_:style:)``.
    public func prepare(_ text: String, style: TextStyle = TextStyle()) -> PreparedText {
        prepare(AttributedText(text), style: style)
    }

    /// Prepares plain text given as UTF-8 (checked valid by its type), as
    /// ``prepare(_:style:)-(String,_)`` does the same text as a `String`, without making one: for
    /// text read from a file, a socket or JSON, where a string would be made only to be read.
    public func prepare(_ utf8: UTF8Span, style: TextStyle = TextStyle()) -> PreparedText {
        utf8.span.withUnsafeBufferPointer { bytes in
            Preparation.prepare(AttributedText(""), utf8: bytes, style: style, context: context)
        }
    }

    /// How many shaped pieces the cache holds, and its hits (pieces) and misses (runs shaped).
    public var segmentCacheStatistics: (count: Int, hits: Int, misses: Int) {
        guard let segmentCache = context.segmentCache else { return (0, 0, 0) }
        let (hits, misses) = segmentCache.statistics
        return (segmentCache.count, hits, misses)
    }

    /// Empties the cache of shaped pieces.
    public func removeCachedSegments() { context.segmentCache?.removeAll() }
}
