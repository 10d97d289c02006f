import StatusLayout
import TextLayout

/// The engine as the cell layout's measurer, noting the characters no font has in the texts it
/// measures (the name, the source line, the text, the retweeted text), so that `heights`,
/// `render` and `render-timeline` warn once a status as `measure` warns once a text.
///
/// Measures as ``TextEngine``'s own `StatusTextMeasuring` conformance does (its style and its
/// line-count rule); looking for missing glyphs costs a flag test per text when every character
/// has a glyph.
/// One is made per batch or command and used by one thread at a time: `@unchecked Sendable`
/// (the protocol asks for `Sendable`) because its notes are a plain array that no two threads
/// touch.
final class MissingGlyphsNotingMeasurer: StatusTextMeasuring, @unchecked Sendable {
    let engine: TextEngine
    private var noted: [MissingGlyph] = []

    init(engine: TextEngine) { self.engine = engine }

    func lineCount(
        of text: AttributedText, width: Double, fontSize: Double, maxLines: Int?,
        truncationToken: AttributedText
    ) -> (shown: Int, full: Int) {
        let prepared = engine.prepare(text, style: TextEngine.statusTextStyle(fontSize: fontSize))
        noted += prepared.missingGlyphs
        return TextEngine.statusLineCounts(prepared, width: width, maxLines: maxLines)
    }

    func singleLineWidth(of text: AttributedText, fontSize: Double) -> Double {
        let prepared = engine.prepare(text, style: TextEngine.statusTextStyle(fontSize: fontSize))
        noted += prepared.missingGlyphs
        return prepared.singleLineWidth
    }

    /// The warning line for what was noted since the last call (nil when nothing), naming
    /// `subject` ("status 3 (line 3)"); the notes are emptied.
    func takeWarning(for subject: String) -> String? {
        defer { noted.removeAll(keepingCapacity: true) }
        return noted.isEmpty ? nil : MeasureCommand.missingGlyphsWarning(noted, for: subject)
    }
}
