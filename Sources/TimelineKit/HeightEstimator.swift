import FeedLayout
import StatusLayout
import TextLayout

/// The height a row takes until its real height is known (`UITableView`'s estimated row
/// height): cheap, never shaping text. A row shown on screen always has its real height; an
/// estimate only places rows far from the viewport.
///
/// `Sendable`; the closure must be pure (the same status and context always give the same
/// estimate), so that a timeline's offsets never depend on when a row was estimated.
public struct HeightEstimator: Sendable {
    private let body: @Sendable (Status, LayoutContext, Bool) -> Double

    /// An estimator of your own.
    ///
    /// - Parameter estimate: the estimated height in points of a status's cell in a context,
    ///   expanded (every text line shown) or not; finite and ≥ 0.
    public init(
        _ estimate: @escaping @Sendable (_ status: Status, _ context: LayoutContext, _ expanded: Bool) -> Double
    ) {
        body = estimate
    }

    /// The same height for every row.
    ///
    /// - Precondition: `height` is finite and ≥ 0.
    public static func fixed(_ height: Double) -> HeightEstimator {
        precondition(height.isFinite && height >= 0, "an estimated height is a finite number of points ≥ 0")
        return HeightEstimator { _, _, _ in height }
    }

    /// An estimate from the status itself: the cell of `CellLayouter` (the same blocks, the
    /// picture grid and the fixed parts exactly), its texts' lines guessed from their characters'
    /// typical advances (a CJK character, an emoji or an inline image one em, a Latin letter or
    /// digit 0.55 em, a space 0.26 em) over the text width, hard line breaks counted, at most
    /// `CellStyle.maxTextLines` lines unless expanded. Rounded to the pixel grid.
    /// - Complexity: O(length of the text).
    public static let content = HeightEstimator { status, context, expanded in
        let heights = CellLayouter(measurer: EstimatingMeasurer(), style: context.style)
            .heights(of: status, width: context.width, scale: context.scale)
        return expanded ? heights.expandedHeight : heights.height
    }

    /// The estimated height of `status`'s cell in `context`.
    public func estimate(_ status: Status, in context: LayoutContext, expanded: Bool = false) -> Double {
        let height = body(status, context, expanded)
        precondition(
            height.isFinite && height >= 0,
            "estimated height \(height) of status \(status.id) is not a finite number ≥ 0")
        return height
    }
}

/// ``HeightEstimator/content``'s measurer: no shaping, each character's typical advance.
struct EstimatingMeasurer: StatusTextMeasuring {
    func lineCount(
        of text: AttributedText, width: Double, fontSize: Double, maxLines: Int?,
        truncationToken: AttributedText
    ) -> (shown: Int, full: Int) {
        guard !text.string.isEmpty, width > 0 else { return (0, 0) }
        var lines = 0
        var paragraph = 0.0
        func endParagraph() {
            lines += max(1, Int((paragraph / width).rounded(.up)))
            paragraph = 0
        }
        for scalar in text.string.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x2028, 0x2029: endParagraph()
            case 0x0D: break  // a CR alone or before LF: counted at the LF (a lone CR is rare)
            default: paragraph += Self.advance(scalar) * fontSize
            }
        }
        endParagraph()
        guard let maxLines, maxLines > 0 else { return (lines, lines) }
        return (min(lines, maxLines), lines)
    }

    func singleLineWidth(of text: AttributedText, fontSize: Double) -> Double {
        text.string.unicodeScalars.reduce(0) { $0 + Self.advance($1) } * fontSize
    }

    /// A character's typical advance in ems.
    static func advance(_ scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x20, 0x09: 0.26
        case 0x21...0x7E, 0xA0...0x2FF: 0.55
        case 0x300...0x36F, 0x200B...0x200F, 0xFE00...0xFE0F: 0  // marks, zero-width, selectors
        default: 1
        }
    }
}
