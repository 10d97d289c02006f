import TextLayout

/// Counts the lines of status text: the only thing the cell geometry needs from text
/// measurement. ``TextEngine`` is the real one; tests pass fakes to check the geometry apart
/// from the fonts.
public protocol StatusTextMeasuring: Sendable {
    /// The lines `text` takes at `width` with `fontSize`: shown (at most `maxLines`) and in full.
    func lineCount(of text: AttributedText, width: Double, fontSize: Double, maxLines: Int?,
                   truncationToken: AttributedText) -> (shown: Int, full: Int)
    /// The width of `text` on one line with `fontSize`.
    func singleLineWidth(of text: String, fontSize: Double) -> Double
}

extension TextEngine: StatusTextMeasuring {
    public func lineCount(of text: AttributedText, width: Double, fontSize: Double, maxLines: Int?,
                          truncationToken: AttributedText) -> (shown: Int, full: Int) {
        let layout = self.layout(text, width: width, style: TextStyle(fontSize: fontSize), maxLines: maxLines,
                                 truncationToken: truncationToken)
        return (layout.lineCount, layout.fullLineCount)
    }

    public func singleLineWidth(of text: String, fontSize: Double) -> Double {
        prepare(text, style: TextStyle(fontSize: fontSize)).singleLineWidth
    }
}
