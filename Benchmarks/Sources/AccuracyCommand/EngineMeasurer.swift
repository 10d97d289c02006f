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

    /// Lays out `text` at `width` points and measures it.
    func measure(_ text: String, width: Double) -> (measurement: ParagraphMeasurement, lines: [MeasuredLine]) {
        let layout = engine.layout(text, width: width, style: style)
        let measurement = ParagraphMeasurement(lineCount: layout.lineCount, height: layout.height, width: layout.width)
        return (measurement, layout.lines.map { MeasuredLine(range: $0.range, width: $0.width, height: $0.height) })
    }
}
