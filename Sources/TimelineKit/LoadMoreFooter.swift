/// A load-more footer with the semantics of MJRefresh's automatic footer
/// (`MJRefreshAutoFooter`), headless: it sits below the last row and asks for the next page
/// when the reader gets there.
///
/// - It triggers by itself when the content is taller than the viewport and the scroll moves
///   down to within ``triggerPercent`` of its height of full view (1: the whole footer shown;
///   0: its top edge; −2: two footer heights earlier), and on the release of a drag that
///   reached the end (or any release pulling up when the content is shorter than the viewport).
/// - At most ``triggersPerDrag`` automatic triggers count against one drag (MJRefresh's
///   `autoTriggerTimes`, 1 by default): once a drag's load has ended, the same drag does not
///   load again; a new drag resets the count.
/// - Never while the header is refreshing (the caller says so on each input).
/// - ``endRefreshingWithNoMoreData()`` (a page of zero statuses) leaves it in
///   ``RefreshState/noMoreData``, where it never triggers; ``resetNoMoreData()`` (a refresh)
///   returns it to idle.
///
/// Entering a state it is already in changes nothing. A value type, `Sendable`.
public struct LoadMoreFooter: Sendable, Hashable, RefreshComponent {
    /// MJRefresh's footer height (`MJRefreshFooterHeight`).
    public static let defaultHeight = 44.0

    /// The footer's height: it adds this to the scroll view's bottom inset.
    public let height: Double
    /// The text of each state.
    public var labels: RefreshLabels
    /// How much of the footer must be in view to trigger (MJRefresh's
    /// `triggerAutomaticallyRefreshPercent`): 1 by default.
    public var triggerPercent = 1.0
    /// How many automatic triggers one drag may cause, or nil for no limit (MJRefresh's
    /// `autoTriggerTimes`, −1 there).
    public var triggersPerDrag: Int? {
        didSet { triggersLeft = triggersPerDrag ?? 0 }
    }
    /// Whether it triggers by itself (MJRefresh's `automaticallyRefresh`); if not, only
    /// ``tap()`` and ``beginRefreshing(isOnScreen:)`` load more.
    public var automaticallyRefresh = true
    /// The state.
    public private(set) var state: RefreshState = .idle
    private var triggersLeft: Int
    /// Whether the refresh under way was started by a drag.
    private var triggeredByDrag = false

    /// The text shown now.
    public var label: String { labels[state] }

    /// Whether it is loading or about to.
    public var isRefreshing: Bool { state == .refreshing || state == .willRefresh }

    /// Makes an idle footer.
    ///
    /// - Precondition: `height` finite and > 0; `triggersPerDrag` nil or ≥ 1.
    public init(
        height: Double = LoadMoreFooter.defaultHeight, labels: RefreshLabels = .footer(.simplifiedChinese),
        triggersPerDrag: Int? = 1
    ) {
        precondition(height.isFinite && height > 0, "footer height \(height) must be a number of points > 0")
        precondition(triggersPerDrag.map { $0 >= 1 } ?? true, "triggers per drag must be at least 1 (nil: no limit)")
        self.height = height
        self.labels = labels
        self.triggersPerDrag = triggersPerDrag
        triggersLeft = triggersPerDrag ?? 0
    }

    /// The content offset changed (`scrollViewContentOffsetDidChange:`).
    ///
    /// - Parameters:
    ///   - previousOffset: the offset before this change (only a scroll downwards triggers).
    ///   - scroll: the scroll view now; its bottom inset includes the footer.
    ///   - headerIsRefreshing: whether the pull-to-refresh header is refreshing.
    public mutating func scrollViewDidScroll(
        from previousOffset: Double, _ scroll: ScrollGeometry, headerIsRefreshing: Bool
    )
        -> RefreshTransition
    {
        guard state == .idle, automaticallyRefresh, scroll.contentHeight > 0 else {
            return RefreshTransition(from: state, to: state)
        }
        guard scroll.insetTop + scroll.contentHeight > scroll.viewportHeight else {
            return RefreshTransition(from: state, to: state)
        }
        let trigger =
            scroll.contentHeight - scroll.viewportHeight + height * triggerPercent + scroll.insetBottom - height
        guard scroll.contentOffset >= trigger, scroll.contentOffset > previousOffset else {
            return RefreshTransition(from: state, to: state)
        }
        if headerIsRefreshing { return .ignored(state, "load more while the header is refreshing") }
        if scroll.isDragging { triggeredByDrag = true }
        return beginRefreshing(isOnScreen: true)
    }

    /// A drag began (the pan gesture's `began`): a new drag may trigger again.
    public mutating func dragDidBegin() {
        guard state == .idle else { return }
        triggersLeft = triggersPerDrag ?? 0
    }

    /// A drag ended (the pan gesture's `ended`): loads more when the release is at the end.
    public mutating func dragDidEnd(_ scroll: ScrollGeometry, headerIsRefreshing: Bool) -> RefreshTransition {
        guard state == .idle else { return RefreshTransition(from: state, to: state) }
        let atEnd: Bool
        if scroll.insetTop + scroll.contentHeight <= scroll.viewportHeight {
            atEnd = scroll.contentOffset >= -scroll.insetTop  // pulled up with less than a screen of content
        } else {
            atEnd = scroll.contentOffset >= scroll.contentHeight + scroll.insetBottom - scroll.viewportHeight
        }
        guard atEnd else { return RefreshTransition(from: state, to: state) }
        if headerIsRefreshing { return .ignored(state, "load more while the header is refreshing") }
        triggeredByDrag = true
        return beginRefreshing(isOnScreen: true)
    }

    /// The label was tapped ("点击或上拉加载更多"): loads more when idle.
    public mutating func tap() -> RefreshTransition {
        guard state == .idle else { return .ignored(state, "tap while \(state.rawValue)") }
        return beginRefreshing(isOnScreen: true)
    }

    /// Starts loading from code: at once on screen, through ``RefreshState/willRefresh``
    /// otherwise. A drag's trigger beyond ``triggersPerDrag`` is ignored, as is a begin while
    /// loading.
    public mutating func beginRefreshing(isOnScreen: Bool = true) -> RefreshTransition {
        if triggeredByDrag && triggersPerDrag != nil && triggersLeft <= 0 {
            triggeredByDrag = false
            return .ignored(state, "this drag already loaded more")
        }
        return enterRefreshing(isOnScreen: isOnScreen)
    }

    /// The footer was drawn on screen: a will-refresh becomes refreshing.
    public mutating func didAppear() -> RefreshTransition { appear() }

    /// The page arrived (`endRefreshing`): back to idle. Ignored while idle.
    public mutating func endRefreshing() -> RefreshTransition { end() }

    /// An empty page arrived (`endRefreshingWithNoMoreData`): nothing more to load.
    public mutating func endRefreshingWithNoMoreData() -> RefreshTransition {
        if state == .noMoreData { return .ignored(state, "no more data while already no more data") }
        return set(.noMoreData)
    }

    /// Loading is possible again (`resetNoMoreData`; a refresh brought newer statuses).
    public mutating func resetNoMoreData() -> RefreshTransition {
        if state == .idle { return .ignored(state, "reset while idle") }
        return set(.idle)
    }

    /// `setState:` of MJRefreshAutoFooter.
    mutating func set(_ new: RefreshState) -> RefreshTransition {
        let old = state
        guard new != old else { return .ignored(old, "already \(old.rawValue)") }
        state = new
        switch new {
        case .refreshing:
            return RefreshTransition(from: old, to: new, effects: [.fireRefresh])
        case .idle, .noMoreData:
            if triggeredByDrag {
                if triggersPerDrag != nil { triggersLeft -= 1 }
                triggeredByDrag = false
            }
            return RefreshTransition(from: old, to: new)
        case .pulling, .willRefresh:
            return RefreshTransition(from: old, to: new)
        }
    }
}
