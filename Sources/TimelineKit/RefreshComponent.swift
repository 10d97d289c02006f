/// What MJRefresh's headers and footers share (`MJRefreshComponent`): a state, entered only
/// when it changes, and the begin / appear / end rules around it.
protocol RefreshComponent {
    /// The state.
    var state: RefreshState { get }
    /// Enters `new` (the type's `setState:`); refused when already there.
    mutating func set(_ new: RefreshState) -> RefreshTransition
}

extension RefreshComponent {
    /// `beginRefreshing`: at once when on screen, through will-refresh otherwise; refused while
    /// refreshing or already about to.
    mutating func enterRefreshing(isOnScreen: Bool) -> RefreshTransition {
        if state == .refreshing { return .ignored(state, "begin refreshing while refreshing") }
        if isOnScreen { return set(.refreshing) }
        if state == .willRefresh { return .ignored(state, "begin refreshing off screen while about to refresh") }
        return set(.willRefresh)
    }

    /// `drawRect:`: a will-refresh becomes refreshing once drawn.
    mutating func appear() -> RefreshTransition {
        guard state == .willRefresh else { return RefreshTransition(from: state, to: state) }
        return set(.refreshing)
    }

    /// `endRefreshing`: back to idle; refused while idle.
    mutating func end() -> RefreshTransition {
        if state == .idle { return .ignored(state, "end refreshing while idle") }
        return set(.idle)
    }
}
