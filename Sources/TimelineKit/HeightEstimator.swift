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
    public init(_ estimate: @escaping @Sendable (_ status: Status, _ context: LayoutContext, _ expanded: Bool) -> Double) {
        body = estimate
    }

    /// The same height for every row.
    ///
    /// - Precondition: `height` is finite and ≥ 0.
    public static func fixed(_ height: Double) -> HeightEstimator {
        precondition(height.isFinite && height >= 0, "an estimated height is a finite number of points ≥ 0")
        return HeightEstimator { _, _, _ in height }
    }

    /// An estimate from the status itself, with the cell geometry of ``CellLayouter``: the
    /// picture grid and the fixed parts exactly, the text's lines from its characters' typical
    /// advances (a CJK character or an emoji one em, a Latin letter or digit 0.55 em, a space
    /// 0.26 em) over the text width, hard line breaks counted, at most
    /// ``CellStyle/maxTextLines`` lines unless expanded. Rounded to the pixel grid.
    /// - Complexity: O(length of the text).
    public static let content = HeightEstimator { status, context, expanded in
        ContentEstimate(context: context).height(of: status, expanded: expanded)
    }

    /// The estimated height of `status`'s cell in `context`.
    public func estimate(_ status: Status, in context: LayoutContext, expanded: Bool = false) -> Double {
        let height = body(status, context, expanded)
        precondition(height.isFinite && height >= 0, "estimated height \(height) of status \(status.id) is not a finite number ≥ 0")
        return height
    }
}

/// ``HeightEstimator/content``: the cell formula of ``CellLayouter`` with line counts guessed.
private struct ContentEstimate {
    let context: LayoutContext

    /// A measurer that is never asked: the picture grid needs none.
    private struct Unmeasured: StatusTextMeasuring {
        func lineCount(of text: AttributedText, width: Double, fontSize: Double, maxLines: Int?,
                       truncationToken: AttributedText) -> (shown: Int, full: Int) { (0, 0) }
        func singleLineWidth(of text: String, fontSize: Double) -> Double { 0 }
    }

    func height(of status: Status, expanded: Bool) -> Double {
        let style = context.style
        let layouter = CellLayouter(measurer: Unmeasured(), style: style)
        let contentWidth = context.width - 2 * style.padding
        var y = style.topMargin + style.profileHeight
        let textSize = style.textFontSize * style.fontScale
        y += style.textBlockHeight(lines: lines(status.text, fontSize: textSize, width: contentWidth, expanded: expanded),
                                   fontSize: textSize)
        if let retweet = status.retweetedStatus {
            let size = style.retweetTextFontSize * style.fontScale
            var text = retweet.text
            if !retweet.isDeleted, let name = retweet.user?.screenName { text = "@" + name + ":" + text }
            y += style.textBlockHeight(lines: lines(text, fontSize: size, width: contentWidth, expanded: expanded), fontSize: size)
            if !retweet.isDeleted {
                let grid = layouter.pictureGrid(retweet.pictures, top: 0, width: context.width, scale: context.scale, frames: false)
                if grid.height > 0 { y += grid.height + style.afterPictures }
            }
        } else {
            let grid = layouter.pictureGrid(status.pictures, top: 0, width: context.width, scale: context.scale, frames: false)
            if grid.height > 0 { y += grid.height + style.afterPictures }
        }
        y += style.toolbarHeight + style.bottomMargin
        return pixelRound(y, scale: context.scale)
    }

    /// The lines `text` probably takes: each paragraph's estimated width over the text width.
    private func lines(_ text: String, fontSize: Double, width: Double, expanded: Bool) -> Int {
        guard !text.isEmpty, width > 0 else { return 0 }
        var lines = 0
        var paragraph = 0.0
        var any = false
        func endParagraph() {
            lines += max(1, Int((paragraph / width).rounded(.up)))
            paragraph = 0
        }
        for scalar in text.unicodeScalars {
            any = true
            switch scalar.value {
            case 0x0A, 0x2028, 0x2029: endParagraph()
            case 0x0D: break  // a CR alone or before LF: counted at the LF (a lone CR is rare)
            case 0x20, 0x09: paragraph += 0.26 * fontSize
            case 0x21...0x7E, 0xA0...0x2FF: paragraph += 0.55 * fontSize
            case 0x300...0x36F, 0x200B...0x200F, 0xFE00...0xFE0F: break  // marks, zero-width, selectors
            default: paragraph += fontSize
            }
        }
        if any { endParagraph() }
        if !expanded, let maxLines = context.style.maxTextLines, maxLines > 0 { return min(lines, maxLines) }
        return lines
    }
}
