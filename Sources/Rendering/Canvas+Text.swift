import StatusLayout
import TextLayout

/// The thin translucent colours of `--debug` overlays (pango-view's `--annotate` and
/// Chromium's layout overlays are the models).
enum DebugColors {
    /// Line boxes: a light fill and an outline.
    static let lineBoxFill = CellColor(red: 0.10, green: 0.45, blue: 1.00, alpha: 0.10)
    static let lineBoxEdge = CellColor(red: 0.10, green: 0.45, blue: 1.00, alpha: 0.55)
    static let baseline = CellColor(red: 0.00, green: 0.62, blue: 0.25, alpha: 0.85)
    /// Element frames (avatar, name, pictures, blocks, toolbar).
    static let frame = CellColor(red: 0.85, green: 0.10, blue: 0.65, alpha: 0.60)
    /// The measured heights: text blocks and the whole cell or paragraph.
    static let measured = CellColor(red: 0.90, green: 0.12, blue: 0.10, alpha: 0.85)
}

extension Canvas {
    /// Draws glyph lines with the layout's top-left at (`x`, `y`): each glyph in
    /// `color(run, glyph)`, each attachment by `attachment(run, frame)` (its frame moved there).
    /// In a box `boxWidth` wide, a line of a right-to-left paragraph is drawn against the box's
    /// right edge (start-aligned, as browsers and Pango draw it); without a box, every line
    /// starts at `x`.
    func draw(
        _ lines: [GlyphLine], x: Double, y: Double, boxWidth: Double? = nil,
        color: (GlyphRun, PlacedGlyph) -> CellColor,
        attachment: (GlyphRun, TextRect) -> Void = { _, _ in }
    ) {
        for line in lines {
            let x = x + Self.startOffset(of: line, boxWidth: boxWidth)
            for run in line.runs {
                if var frame = run.attachmentFrame {
                    frame.x += x
                    frame.y += y
                    attachment(run, frame)
                } else {
                    draw(run, dx: x, dy: y) { color(run, $0) }
                }
            }
        }
    }

    /// How far right of the box's left edge a line starts: 0, or for a right-to-left paragraph
    /// in a box, the room the line leaves (negative for a line wider than the box, which then
    /// overflows at its end, on the left, as in a browser).
    /// A right-to-left line's hanging white space (its logical end, at the paragraph's level by
    /// UAX #9's rule L1) is drawn at its left end, past the box's start as it hangs past the
    /// end of a left-to-right line.
    static func startOffset(of line: GlyphLine, boxWidth: Double?) -> Double {
        guard let boxWidth, line.isRightToLeftParagraph else { return 0 }
        return boxWidth - line.line.width - line.hangingWhiteSpace
    }

    /// The `--debug` overlay of a paragraph laid out at (`x`, `y`): each line's box (as wide as
    /// the layout's width), its baseline, and a line at the measured height.
    func drawDebugLines(_ layout: ParagraphLayout, x: Double, y: Double, width: Double, showsHeight: Bool = true) {
        for line in layout.lines {
            fill(x: x, y: y + line.top, width: width, height: line.height, color: DebugColors.lineBoxFill)
            stroke(x: x, y: y + line.top, width: width, height: line.height, color: DebugColors.lineBoxEdge)
            horizontalLine(
                x: x, y: y + line.baseline - 0.5 / scale, width: max(line.width, 1 / scale), color: DebugColors.baseline
            )
        }
        if showsHeight {
            horizontalLine(x: x - 4, y: y + layout.height - 0.5 / scale, width: width + 8, color: DebugColors.measured)
        }
    }
}
