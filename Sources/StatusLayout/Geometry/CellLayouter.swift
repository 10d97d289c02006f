import Glibc
import TextLayout

/// Lays out status cells: the one owner of the cell's geometry. Each status gets the cell of its
/// network (or of the style's ``CellStyle/network``), an ordered list of ``CellBlock``s with
/// their frames and laid-out texts, and its height; ``heights(of:width:scale:)`` walks the same
/// blocks without making frames, for `heightForRow`.
///
/// The Weibo cell (YYKit's `WBStatusLayout`) is documented on ``CellStyle/WeiboCell``, the
/// Twitter cell (YYKit's `T1StatusLayout`) on ``CellStyle/TwitterCell``, the Mastodon cell (its
/// web client) on ``CellStyle/MastodonCell``.
/// At width 375, scale 2: a text-only status of 3 lines is 8 + 56 + 82.56 + 35 + 2 = 183.56,
/// 183.5 on the pixel grid; picture blocks of 1, 2 and 3 rows are 114.5, 233 and 351.5.
///
/// Thread-safe when the measurer is (`TextEngine` is).
public struct CellLayouter<Measurer: StatusTextMeasuring>: Sendable {
    /// Counts the lines of status text and measures one-line texts.
    public let measurer: Measurer
    /// The geometry every cell is laid out with.
    public let style: CellStyle
    /// The moment time strings are relative to ("5分钟前"); nil: the time of each layout. No
    /// height depends on it.
    public let now: StatusDate?

    /// Makes a layouter that measures text with `measurer` and lays cells out by `style`, time
    /// strings relative to `now` (nil: the time of each layout).
    public init(measurer: Measurer, style: CellStyle = .automatic, now: StatusDate? = nil) {
        self.measurer = measurer
        self.style = style
        self.now = now
    }

    /// Lays out `status` in a cell `width` points wide on a screen of `scale` pixels per point.
    ///
    /// - Parameters:
    ///   - status: the status to lay out.
    ///   - width: the cell's width in points.
    ///   - scale: pixels per point of the screen (frames are rounded to its pixel grid).
    ///   - expanded: the frames of the cell with every text line shown (its
    ///     ``CellLayout/expandedHeight``) rather than collapsed at ``CellStyle/maxTextLines``.
    /// - Precondition: ``CellStyle/problem(width:scale:)`` finds nothing wrong with `width` and `scale`.
    public func layout(_ status: Status, width: Double, scale: Double, expanded: Bool = false) -> CellLayout {
        check(width, scale)
        return walk(status, width: width, scale: scale, frames: true, expanded: expanded)
    }

    /// The walk of `status`'s network's cell.
    private func walk(_ status: Status, width: Double, scale: Double, frames: Bool, expanded: Bool) -> CellLayout {
        switch style.network(for: status) {
        case .weibo:
            var cell = WeiboCell(
                measurer: measurer, style: style, width: width, scale: scale, frames: frames, expanded: expanded,
                now: now)
            return cell.layout(status)
        case .twitter:
            var cell = TwitterCell(
                measurer: measurer, style: style, width: width, scale: scale, frames: frames, expanded: expanded,
                now: now)
            return cell.layout(status)
        case .mastodon:
            var cell = MastodonCell(
                measurer: measurer, style: style, width: width, scale: scale, frames: frames, expanded: expanded,
                now: now)
            return cell.layout(status)
        }
    }

    /// The cell's height and expanded height only: what `heightForRow` needs. The same numbers
    /// as ``layout(_:width:scale:expanded:)``, from the same blocks, without measuring the one-line
    /// texts or making frames.
    ///
    /// - Precondition: as for ``layout(_:width:scale:expanded:)``.
    public func heights(of status: Status, width: Double, scale: Double) -> (height: Double, expandedHeight: Double) {
        check(width, scale)
        let layout = walk(status, width: width, scale: scale, frames: false, expanded: false)
        return (layout.height, layout.expandedHeight)
    }

    @inline(__always) private func check(_ width: Double, _ scale: Double) {
        if let problem = style.problem(width: width, scale: scale) { preconditionFailure(problem) }
    }

    /// "created_at  来自 source" as the Weibo cell shows it, relative to `now`.
    public func sourceLine(_ status: Status) -> String {
        WeiboCell<Measurer>.sourceLine(status, now: now ?? StatusClock.now())
    }
}

/// The moment of a layout when none is given.
enum StatusClock {
    static func now() -> StatusDate {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return StatusDate(secondsSince1970: Int64(spec.tv_sec))
    }
}
