/// The pull-to-refresh control of a ``TimelineSession``: an MJRefresh-style header or a
/// `UIRefreshControl`-style control.
public enum PullToRefreshControl: Sendable, Hashable {
    /// An MJRefresh header (``RefreshHeader``).
    case header(RefreshHeader)
    /// A `UIRefreshControl` (``SystemRefreshControl``).
    case system(SystemRefreshControl)

    /// The state.
    public var state: RefreshState {
        switch self {
        case .header(let header): header.state
        case .system(let control): control.state
        }
    }

    /// The text shown now.
    public var label: String {
        switch self {
        case .header(let header): header.label
        case .system(let control): control.label
        }
    }

    /// How far it is pulled out (1 while refreshing).
    public var pullingPercent: Double {
        switch self {
        case .header(let header): header.pullingPercent
        case .system(let control): control.pullingPercent
        }
    }

    /// Whether it is refreshing (or about to).
    public var isRefreshing: Bool {
        switch self {
        case .header(let header): header.isRefreshing
        case .system(let control): control.isRefreshing
        }
    }

    /// The scroll view changed.
    mutating func scrollViewDidScroll(_ scroll: ScrollGeometry) -> RefreshTransition {
        switch self {
        case .header(var header):
            defer { self = .header(header) }
            return header.scrollViewDidScroll(scroll)
        case .system(var control):
            defer { self = .system(control) }
            return control.scrollViewDidScroll(scroll)
        }
    }

    /// Refreshing from code (a system control shows its spinner without firing).
    mutating func beginRefreshing(isOnScreen: Bool) -> RefreshTransition {
        switch self {
        case .header(var header):
            defer { self = .header(header) }
            return header.beginRefreshing(isOnScreen: isOnScreen)
        case .system(var control):
            defer { self = .system(control) }
            return control.beginRefreshing()
        }
    }

    /// The control was drawn on screen.
    mutating func didAppear() -> RefreshTransition {
        switch self {
        case .header(var header):
            defer { self = .header(header) }
            return header.didAppear()
        case .system(let control):
            return RefreshTransition(from: control.state, to: control.state)
        }
    }

    /// Ends refreshing.
    mutating func endRefreshing() -> RefreshTransition {
        switch self {
        case .header(var header):
            defer { self = .header(header) }
            return header.endRefreshing()
        case .system(var control):
            defer { self = .system(control) }
            return control.endRefreshing()
        }
    }
}
