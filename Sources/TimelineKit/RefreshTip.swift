import TextLayout

/// The tip that slides down under the navigation bar after a refresh: "刷新到N条数据" when N
/// statuses came, "没有更多数据" when none ("N new posts" / "No new posts" in English).
///
/// Its motion is a pure function of time: it slides down by its height (44 points) over 1 s,
/// stays 2 s, slides back up over 1 s, then is hidden. A refresh while it shows restarts it
/// from where it is: it slides on down (or stays, if fully down) with the new text and stays
/// its full 2 s again. Motion is linear. ``position(at:)`` answers any time, before or after
/// any refresh; times are seconds on any clock that does not go back, taken to the microsecond.
///
/// A value type, `Sendable`.
public struct RefreshTip: Sendable, Hashable {
    /// The tip's height: how far it slides.
    public static let height = 44.0
    /// Seconds to slide down (and to slide back).
    public static let slideDuration = 1.0
    /// Seconds it stays fully down.
    public static let holdDuration = 2.0

    /// Where the tip is in its life.
    public enum Phase: String, Sendable, Hashable {
        /// Up under the navigation bar, not shown.
        case hidden
        /// Sliding down (1 s from hidden).
        case slidingIn = "sliding-in"
        /// Fully down (2 s).
        case shown
        /// Sliding back up (1 s).
        case slidingOut = "sliding-out"
    }

    /// The tip at one time.
    public struct Position: Sendable, Hashable {
        /// The text (nil when hidden).
        public var text: String?
        /// How much of it is down, from 0 (hidden) to 1.
        public var revealed: Double
        /// Its top edge relative to the bottom of the navigation bar: −44 hidden, 0 fully down.
        public var y: Double
        /// The phase.
        public var phase: Phase
    }

    /// One refresh that started the tip.
    private struct Showing: Sendable, Hashable {
        var start: Double
        var newStatuses: Int
        /// How much was down when it started (a restart mid-way).
        var revealedAtStart: Double
    }

    /// The language of the text.
    public var language: RefreshLanguage
    private var showings: [Showing] = []

    /// A hidden tip.
    public init(language: RefreshLanguage = .simplifiedChinese) {
        self.language = language
    }

    /// The text after a refresh that brought `newStatuses` statuses.
    public static func text(newStatuses: Int, language: RefreshLanguage) -> String {
        switch language {
        case .simplifiedChinese: return newStatuses > 0 ? "刷新到\(newStatuses)条数据" : "没有更多数据"
        case .english:
            return newStatuses > 1 ? "\(newStatuses) new posts" : newStatuses == 1 ? "1 new post" : "No new posts"
        }
    }

    /// Shows the tip for a refresh that brought `newStatuses` statuses, at `time` (restarting
    /// it when it shows).
    ///
    /// - Precondition: `time` is finite and not before the last refresh's; `newStatuses` ≥ 0.
    public mutating func show(newStatuses: Int, at time: Double) {
        precondition(time.isFinite, "time \(time) is not finite")
        precondition(newStatuses >= 0, "a refresh brings 0 or more statuses")
        precondition(showings.last.map { time >= $0.start } ?? true, "refreshes come in time order")
        showings.append(Showing(start: time, newStatuses: newStatuses, revealedAtStart: position(at: time).revealed))
    }

    /// The tip at `time`.
    public func position(at time: Double) -> Position {
        guard let index = showings.lastIndex(where: { $0.start <= time }) else { return Self.hidden }
        let showing = showings[index]
        // To the microsecond: times written as decimals (3.6, 6.6) are not exact in binary, and
        // the tip must be hidden at exactly 3 s + 1 s after a full restart, not 10⁻¹⁶ s before.
        let elapsed = ((time - showing.start) * 1e6).rounded() / 1e6
        let slideIn = (1 - showing.revealedAtStart) * Self.slideDuration
        let revealed: Double
        let phase: Phase
        if elapsed < slideIn {
            revealed = showing.revealedAtStart + elapsed / Self.slideDuration
            phase = .slidingIn
        } else if elapsed < slideIn + Self.holdDuration {
            revealed = 1
            phase = .shown
        } else if elapsed < slideIn + Self.holdDuration + Self.slideDuration {
            revealed = 1 - (elapsed - slideIn - Self.holdDuration) / Self.slideDuration
            phase = .slidingOut
        } else {
            return Self.hidden
        }
        return Position(
            text: Self.text(newStatuses: showing.newStatuses, language: language), revealed: revealed,
            y: -Self.height * (1 - revealed), phase: phase)
    }

    private static let hidden = Position(text: nil, revealed: 0, y: -height, phase: .hidden)

    /// The tip's label measured: its text on one line.
    public struct Label: Sendable, Hashable {
        /// The text.
        public var text: String
        /// The width of the line, hanging spaces excluded, in points.
        public var width: Double
        /// The height of the line, in points.
        public var height: Double
    }

    /// The tip's label measured on one line with the text engine.
    ///
    /// - Parameters:
    ///   - text: the label.
    ///   - engine: the engine (bundled fonts).
    ///   - fontSize: the label's font size (14 points by default).
    public static func measureLabel(_ text: String, engine: TextEngine, fontSize: Double = 14) -> Label {
        let prepared = engine.prepare(text, style: TextStyle(fontSize: fontSize))
        let width = prepared.singleLineWidth
        return Label(text: text, width: width, height: prepared.layout(width: width + 1).height)
    }
}
