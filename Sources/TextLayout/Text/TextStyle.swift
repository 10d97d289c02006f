import Foundation

/// How tall each line is.
public enum LineHeight: Sendable, Hashable {
    /// As tall as the largest ascent plus the largest descent of the fonts and attachments used
    /// on the line (Pango's logical extents).
    case natural
    /// Every line exactly this many points; the glyphs are centred in it.
    case fixed(Double)
    /// Every line this multiple of the font size (1.34 pins Weibo's lines).
    case multiple(Double)
}

/// How strictly lines break around CJK punctuation and small kana (CSS `line-break`, ICU's
/// `lb` keyword).
public enum LineBreakStrictness: String, Sendable, Hashable, CaseIterable {
    case strict, normal, loose
}

/// Everything about how text is measured except its width.
public struct TextStyle: Sendable, Hashable {
    /// The font size in points (one point is one pixel at 72 dpi).
    public var fontSize: Double
    /// The height of each line.
    public var lineHeight: LineHeight
    /// Extra space between two lines, in points (not before the first nor after the last).
    public var lineSpacing: Double
    /// The line-breaking rules around CJK punctuation.
    public var lineBreak: LineBreakStrictness
    /// The locale of the text for line breaking and shaping (BCP 47 or ICU form). The default,
    /// "" (ICU's root rules), breaks as Pango, browsers without a `lang` and the accuracy oracle
    /// do; "zh" or "ja" add ICU's Chinese/Japanese tailoring, which also breaks beside the
    /// quotation marks “ ” as beside ideographs.
    public var locale: String

    /// Makes a style; the defaults are natural line height, no spacing, normal breaking, ICU's
    /// root locale.
    public init(
        fontSize: Double = 17, lineHeight: LineHeight = .natural, lineSpacing: Double = 0,
        lineBreak: LineBreakStrictness = .normal, locale: String = ""
    ) {
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.lineSpacing = lineSpacing
        self.lineBreak = lineBreak
        self.locale = locale
    }

    /// The ICU locale with the line-break keyword, e.g. "zh@lb=normal".
    var breakLocale: String {
        // The root locale, the default, asked for each paragraph ICU breaks: a small string
        // (no allocation), without Foundation's search and replace.
        if locale.isEmpty { return "@lb=" + lineBreak.rawValue }
        let base = locale.split(separator: "@").first.map(String.init) ?? ""
        return base.replacingOccurrences(of: "-", with: "_") + "@lb=" + lineBreak.rawValue
    }
}
