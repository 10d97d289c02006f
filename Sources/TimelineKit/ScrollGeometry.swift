/// What a pull-to-refresh or load-more control sees of its scroll view when it changes
/// (MJRefresh observes `contentOffset`, `contentSize`, `contentInset` and the pan gesture's
/// state).
public struct ScrollGeometry: Sendable, Hashable {
    /// The content offset (`contentOffset.y`), in points: `-insetTop` at rest at the top,
    /// below that when pulled down.
    public var contentOffset: Double
    /// The content's height (`contentSize.height`).
    public var contentHeight: Double
    /// The scroll view's height on screen.
    public var viewportHeight: Double
    /// The content inset at the top (a refreshing header adds its height).
    public var insetTop: Double
    /// The content inset at the bottom (an automatic footer adds its height).
    public var insetBottom: Double
    /// Whether a finger is dragging the content.
    public var isDragging: Bool

    /// Makes a geometry.
    public init(
        contentOffset: Double, contentHeight: Double, viewportHeight: Double, insetTop: Double = 0,
        insetBottom: Double = 0,
        isDragging: Bool
    ) {
        self.contentOffset = contentOffset
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
        self.insetTop = insetTop
        self.insetBottom = insetBottom
        self.isDragging = isDragging
    }
}

/// Something a control asks of its scroll view or of the app when its state changes.
public enum RefreshEffect: Sendable, Hashable {
    /// Run the refreshing callback (load new statuses, or the next page): once per refresh.
    case fireRefresh
    /// Set the scroll view's top content inset to this many points.
    case setInsetTop(Double)
    /// Set the scroll view's content offset to this.
    case setContentOffset(Double)
}

/// What one input did to a control: the state before and after, the effects to apply, and when
/// the input was not allowed in that state, why it was ignored.
public struct RefreshTransition: Sendable, Hashable {
    /// The state before.
    public var from: RefreshState
    /// The state after (`from` when nothing changed).
    public var to: RefreshState
    /// What to do, in order.
    public var effects: [RefreshEffect]
    /// Why the input changed nothing (e.g. "end refreshing while idle"), or nil.
    public var ignored: String?

    /// Whether the refreshing callback fires.
    public var fires: Bool { effects.contains(.fireRefresh) }

    init(from: RefreshState, to: RefreshState, effects: [RefreshEffect] = [], ignored: String? = nil) {
        self.from = from
        self.to = to
        self.effects = effects
        self.ignored = ignored
    }

    static func ignored(_ state: RefreshState, _ reason: String) -> RefreshTransition {
        RefreshTransition(from: state, to: state, ignored: reason)
    }
}
