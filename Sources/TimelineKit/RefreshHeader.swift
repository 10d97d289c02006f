/// A pull-to-refresh header with MJRefresh's semantics (`MJRefreshHeader` and
/// `MJRefreshComponent`), headless: feed it what the scroll view does, apply the effects it
/// returns.
///
/// - While dragging, ``pullingPercent`` is the distance pulled past the top over the header's
///   height; past the height the state is ``RefreshState/pulling``, back above it
///   ``RefreshState/idle``.
/// - Released (a scroll while not dragging) in ``RefreshState/pulling``: refreshing starts, once
///   (the top inset grows by the header's height, the content offset moves to show the header,
///   the callback fires).
/// - ``beginRefreshing(isOnScreen:)`` on screen refreshes at once; off screen it goes through
///   ``RefreshState/willRefresh`` and refreshes when shown (``didAppear()``).
/// - ``endRefreshing()`` returns to idle and restores the top inset.
/// - While refreshing, scrolling keeps the header stuck to the top: the top inset follows the
///   offset between the original inset and the original inset plus the header's height.
///
/// Entering a state it is already in changes nothing (MJRefresh's `MJRefreshCheckState`): a
/// second refresh while refreshing does not fire again, ending while idle is ignored.
/// A value type, `Sendable`.
public struct RefreshHeader: Sendable, Hashable, RefreshComponent {
    /// MJRefresh's header height (`MJRefreshHeaderHeight`).
    public static let defaultHeight = 54.0

    /// The header's height, in points: the pull that arms it and the room it takes while
    /// refreshing.
    public let height: Double
    /// The text of each state.
    public var labels: RefreshLabels
    /// The state.
    public private(set) var state: RefreshState = .idle
    /// How far it is pulled out: the distance past the top over ``height`` (1 while
    /// refreshing). MJRefresh leaves it unchanged while the content is scrolled up past the top.
    public private(set) var pullingPercent = 0.0
    /// The scroll view's top inset outside refreshing (MJRefresh's `scrollViewOriginalInset`),
    /// taken from every scroll outside refreshing.
    public private(set) var originalInsetTop = 0.0

    /// The text shown now.
    public var label: String { labels[state] }

    /// Whether it is refreshing or about to (MJRefresh's `isRefreshing`).
    public var isRefreshing: Bool { state == .refreshing || state == .willRefresh }

    /// Makes an idle header.
    ///
    /// - Parameters:
    ///   - height: 54 (MJRefresh's) by default; a custom header sets its own (the example
    ///     app's is 75).
    ///   - labels: the text of each state.
    /// - Precondition: `height` finite and > 0.
    public init(height: Double = RefreshHeader.defaultHeight, labels: RefreshLabels = .header(.simplifiedChinese)) {
        precondition(height.isFinite && height > 0, "header height \(height) must be a number of points > 0")
        self.height = height
        self.labels = labels
    }

    /// The content offset or inset changed (`scrollViewContentOffsetDidChange:`).
    public mutating func scrollViewDidScroll(_ scroll: ScrollGeometry) -> RefreshTransition {
        let before = state
        if state == .refreshing {
            // Stuck to the top: the inset follows the offset, between the original inset and
            // the original inset plus the header.
            let inset = min(max(-scroll.contentOffset, originalInsetTop), originalInsetTop + height)
            guard inset != scroll.insetTop else { return RefreshTransition(from: before, to: state) }
            return RefreshTransition(from: before, to: state, effects: [.setInsetTop(inset)])
        }
        originalInsetTop = scroll.insetTop
        let happen = -originalInsetTop  // the offset at which the header starts to show
        guard scroll.contentOffset <= happen else { return RefreshTransition(from: before, to: state) }
        let threshold = happen - height
        let percent = (happen - scroll.contentOffset) / height
        if scroll.isDragging {
            pullingPercent = percent
            if state == .idle && scroll.contentOffset < threshold {
                return set(.pulling)
            } else if state == .pulling && scroll.contentOffset >= threshold {
                return set(.idle)
            }
            return RefreshTransition(from: before, to: state)
        }
        if state == .pulling {
            return beginRefreshing(isOnScreen: true)  // released past the threshold
        }
        if percent < 1 { pullingPercent = percent }
        return RefreshTransition(from: before, to: state)
    }

    /// Starts refreshing from code (`beginRefreshing`): at once when the header is on screen,
    /// through ``RefreshState/willRefresh`` otherwise. Ignored while already refreshing.
    public mutating func beginRefreshing(isOnScreen: Bool = true) -> RefreshTransition {
        if state != .refreshing { pullingPercent = 1 }
        return enterRefreshing(isOnScreen: isOnScreen)
    }

    /// The header was drawn on screen (`drawRect:`): a will-refresh becomes refreshing.
    public mutating func didAppear() -> RefreshTransition { appear() }

    /// Ends refreshing (`endRefreshing`): back to idle, the top inset restored. From pulling or
    /// will-refresh it returns to idle without touching the inset (MJRefresh does the same);
    /// ignored while idle.
    public mutating func endRefreshing() -> RefreshTransition { end() }

    /// `setState:` of MJRefreshHeader.
    mutating func set(_ new: RefreshState) -> RefreshTransition {
        let old = state
        guard new != old else { return .ignored(old, "already \(old.rawValue)") }
        state = new
        switch new {
        case .idle:
            guard old == .refreshing else { return RefreshTransition(from: old, to: new) }
            pullingPercent = 0  // at the end of the inset animation
            return RefreshTransition(from: old, to: new, effects: [.setInsetTop(originalInsetTop)])
        case .refreshing:
            let inset = originalInsetTop + height
            return RefreshTransition(
                from: old, to: new, effects: [.setInsetTop(inset), .setContentOffset(-inset), .fireRefresh])
        case .pulling, .willRefresh, .noMoreData:
            return RefreshTransition(from: old, to: new)
        }
    }
}
