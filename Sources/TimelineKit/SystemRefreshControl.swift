/// A pull-to-refresh control with `UIRefreshControl`'s semantics, customised as the example
/// app does (an arrow and a label), headless.
///
/// - It fires (`valueChanged`) as soon as the pull passes ``triggerDistance`` while dragging,
///   before the finger lifts, once: it fires again only after the content has come back to
///   rest at the top (and refreshing has ended).
/// - ``beginRefreshing()`` shows the spinner (the top inset grows by ``height``) without
///   firing; only ``endRefreshing()`` hides it and restores the inset; scrolling never does.
/// - The example app's arrow points up ("release" text) once the pull reaches
///   ``arrowFlipDistance`` (50 points) and down again only below that minus
///   ``arrowHysteresis``, so it does not flicker when the pull wavers around 50.
///
/// UIKit documents neither the pull that fires nor the spinner's room: ``triggerDistance`` and
/// ``height`` are parameters (defaults 100 and 60 points); set what your app observes. A value
/// type, `Sendable`.
public struct SystemRefreshControl: Sendable, Hashable {
    /// The room the spinner takes at the top while refreshing.
    public var height: Double
    /// The pull past the top, in points, that fires.
    public var triggerDistance: Double
    /// The pull at which the arrow turns up.
    public var arrowFlipDistance = 50.0
    /// How far below ``arrowFlipDistance`` the pull must fall for the arrow to turn down again.
    public var arrowHysteresis = 10.0
    /// The text of each state: ``RefreshState/idle`` with the arrow down,
    /// ``RefreshState/pulling`` with the arrow up, ``RefreshState/refreshing``.
    public var labels: RefreshLabels
    /// Whether the spinner is shown (`isRefreshing`).
    public private(set) var isRefreshing = false
    /// Whether the arrow points up.
    public private(set) var isArrowUp = false
    /// The pull past the top at the last scroll, in points (0 when not pulled).
    public private(set) var pulledDistance = 0.0
    /// The scroll view's top inset without the spinner, taken from every scroll outside
    /// refreshing.
    public private(set) var originalInsetTop = 0.0
    /// Whether a pull past the trigger would fire (false from a firing until the content is
    /// back at rest).
    private var armed = true

    /// The state: refreshing, or pulling with the arrow up, or idle.
    public var state: RefreshState { isRefreshing ? .refreshing : (isArrowUp ? .pulling : .idle) }

    /// The text shown now.
    public var label: String { labels[state] }

    /// The pull over ``triggerDistance`` (1 while refreshing).
    public var pullingPercent: Double { isRefreshing ? 1 : max(0, pulledDistance / triggerDistance) }

    /// Makes a control at rest.
    ///
    /// - Precondition: every distance finite; `height`, `triggerDistance` > 0; the hysteresis
    ///   ≥ 0 and below the flip distance.
    public init(
        height: Double = 60, triggerDistance: Double = 100, arrowFlipDistance: Double = 50,
        arrowHysteresis: Double = 10,
        labels: RefreshLabels = .header(.simplifiedChinese)
    ) {
        precondition(
            height.isFinite && height > 0 && triggerDistance.isFinite && triggerDistance > 0,
            "height and trigger distance must be numbers of points > 0")
        precondition(
            arrowFlipDistance.isFinite && arrowHysteresis.isFinite && arrowHysteresis >= 0
                && arrowHysteresis < arrowFlipDistance,
            "the arrow's hysteresis must be ≥ 0 and below its flip distance")
        self.height = height
        self.triggerDistance = triggerDistance
        self.arrowFlipDistance = arrowFlipDistance
        self.arrowHysteresis = arrowHysteresis
        self.labels = labels
    }

    /// The content offset changed.
    public mutating func scrollViewDidScroll(_ scroll: ScrollGeometry) -> RefreshTransition {
        let before = state
        if !isRefreshing { originalInsetTop = scroll.insetTop }
        pulledDistance = max(0, -(scroll.contentOffset + originalInsetTop))
        if pulledDistance >= arrowFlipDistance {
            isArrowUp = true
        } else if pulledDistance < arrowFlipDistance - arrowHysteresis {
            isArrowUp = false
        }
        if pulledDistance <= 0 && !isRefreshing { armed = true }
        if !isRefreshing && armed && scroll.isDragging && pulledDistance >= triggerDistance {
            isRefreshing = true
            armed = false
            return RefreshTransition(
                from: before, to: state, effects: [.setInsetTop(originalInsetTop + height), .fireRefresh])
        }
        return RefreshTransition(from: before, to: state)
    }

    /// Shows the spinner from code (`beginRefreshing()`): the inset grows, nothing fires.
    /// Ignored while refreshing.
    public mutating func beginRefreshing() -> RefreshTransition {
        let before = state
        if isRefreshing { return .ignored(before, "begin refreshing while refreshing") }
        isRefreshing = true
        return RefreshTransition(from: before, to: state, effects: [.setInsetTop(originalInsetTop + height)])
    }

    /// Hides the spinner (`endRefreshing()`) and restores the inset. Ignored while not
    /// refreshing.
    public mutating func endRefreshing() -> RefreshTransition {
        let before = state
        if !isRefreshing { return .ignored(before, "end refreshing while idle") }
        isRefreshing = false
        return RefreshTransition(from: before, to: state, effects: [.setInsetTop(originalInsetTop)])
    }
}
