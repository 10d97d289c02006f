import TextLayout

/// Counts the lines of status text and measures one-line texts: all the cell geometry needs from
/// text measurement. `TextEngine` is the real one; tests pass fakes to check the geometry apart
/// from the fonts, and the timeline's estimator passes one that guesses from the characters.
public protocol StatusTextMeasuring: Sendable {
    /// The lines `text` takes at `width` with `fontSize`: shown (at most `maxLines`; nil or less
    /// than 1 is no limit) and in full.
    func lineCount(
        of text: AttributedText, width: Double, fontSize: Double, maxLines: Int?,
        truncationToken: AttributedText
    ) -> (shown: Int, full: Int)
    /// The width of `text` on one line with `fontSize`, white space at its end excluded.
    func singleLineWidth(of text: AttributedText, fontSize: Double) -> Double
}

extension TextEngine: StatusTextMeasuring {
    /// The lines `text` takes at `width` points with `fontSize` points: shown (at most `maxLines`;
    /// nil or less than 1 is no limit) and in full. `truncationToken` is not measured: it replaces
    /// the end of the last line shown, so it changes no count.
    public func lineCount(
        of text: AttributedText, width: Double, fontSize: Double, maxLines: Int?,
        truncationToken: AttributedText
    ) -> (shown: Int, full: Int) {
        Self.statusLineCounts(
            prepare(text, style: Self.statusTextStyle(fontSize: fontSize)), width: width, maxLines: maxLines)
    }

    /// The advance of `text` on one line with `fontSize`, in points, white space at its end
    /// excluded (``PreparedText/singleLineWidth``).
    public func singleLineWidth(of text: AttributedText, fontSize: Double) -> Double {
        prepare(text, style: Self.statusTextStyle(fontSize: fontSize)).singleLineWidth
    }

    /// The style a cell's texts are prepared with: the size alone (for measurers that prepare
    /// the texts themselves, as the CLI's, which also reads their missing glyphs).
    package static func statusTextStyle(fontSize: Double) -> TextStyle { TextStyle(fontSize: fontSize) }

    /// The lines of `prepared` at `width`: shown (at most `maxLines`; nil or less than 1 is no
    /// limit) and in full.
    package static func statusLineCounts(_ prepared: PreparedText, width: Double, maxLines: Int?) -> (
        shown: Int, full: Int
    ) {
        // Counting is enough: truncation puts the token on the last line shown, so the lines
        // shown are the full count up to `maxLines` (a test holds this to `layout`).
        let full = prepared.lineCount(width: width)
        guard let maxLines, maxLines > 0 else { return (full, full) }
        return (min(full, maxLines), full)
    }
}

extension CellText {
    /// The style to lay this text out with (the measurement's size, and the line height its
    /// frame was made for).
    public var textStyle: TextStyle {
        TextStyle(fontSize: fontSize, lineHeight: lineHeight.map { .fixed($0) } ?? .natural)
    }
}
