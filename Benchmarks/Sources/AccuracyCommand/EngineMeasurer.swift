import BenchmarkSupport
import TextLayout

/// FeedLayout's engine behind the two calls the accuracy report makes. The only file of the
/// report that uses TextLayout's API.
struct EngineMeasurer {
    let engine: TextEngine
    let style: TextStyle

    /// The default stack (Noto Sans, Noto Sans CJK SC, Noto Color Emoji) from `fontsDirectory`.
    init(fontsDirectory: String, fontSize: Double) throws {
        let fonts = try FontStack.bundled(directory: fontsDirectory)
        engine = TextEngine(fonts: fonts)
        style = TextStyle(fontSize: fontSize)
    }

    /// Lays out `text` at `width` points and measures it: the lines as UTF-8 ranges (from
    /// `ParagraphLayout.lines[i].range`) and the line breaks in Unicode scalars.
    func measure(_ text: String, width: Double) -> (
        measurement: ParagraphMeasurement, lines: [MeasuredLine], breaks: LineBreaks
    ) {
        let layout = engine.layout(text, width: width, style: style)
        let measurement = ParagraphMeasurement(lineCount: layout.lineCount, height: layout.height, width: layout.width)
        let lines = layout.lines.map { MeasuredLine(range: $0.range, width: $0.width, height: $0.height) }
        let breaks = text.scalarOffsets(ofUTF8Offsets: lines.dropFirst().map(\.range.lowerBound))
        return (measurement, lines, LineBreaks(lineCount: layout.lineCount, breaks: breaks))
    }

    /// The width of `text` set on one line (white space at its end excluded), in points.
    func width(of text: String) -> Double {
        engine.layout(text, width: 1e9, style: style).width
    }
}
