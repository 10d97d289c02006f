import FeedLayout
import StatusLayout

/// A timeline screen without the screen: a ``Timeline``, a pull-to-refresh control, a load-more
/// footer and the refresh tip, wired as an app wires them to its scroll view. A UI binds by
/// forwarding what the scroll view does (drags, releases, scrolls) and what the network brings
/// (a refresh, a page), and applying each ``SessionFrame``: the content offset and insets,
/// the controls' state and labels, the tip, and the requests to load.
///
/// The wiring: the footer never loads while the header refreshes; new statuses from a refresh
/// go in above the reader, anchored, end the header's refresh, start the tip and reset the
/// footer's no-more-data; a page of zero statuses ends loading with no more data. When no
/// finger is on it, the content rests between the top (`-insetTop`) and the bottom, as a
/// scroll view bounces back.
///
/// A value type, `Sendable`: use it from one thread at a time.
public struct TimelineSession: Sendable {
    /// Something the app must do.
    public enum Request: String, Sendable, Hashable {
        /// Load newer statuses, then call ``TimelineSession/refreshDidLoad(_:at:)``.
        case refresh
        /// Load the next page, then call ``TimelineSession/loadMoreDidLoad(_:at:)``.
        case loadMore = "load-more"
    }

    /// The statuses, their heights and the viewport.
    public private(set) var timeline: Timeline
    /// The pull-to-refresh control.
    public private(set) var pullControl: PullToRefreshControl
    /// The load-more footer.
    public private(set) var footer: LoadMoreFooter
    /// The refresh tip.
    public private(set) var tip: RefreshTip
    /// The scroll view's top inset without the controls (a navigation bar's), in points.
    public let baseInsetTop: Double
    /// The top inset now (the base plus a refreshing control's room).
    public private(set) var insetTop: Double
    /// Whether a finger is on the content.
    public private(set) var isDragging = false
    /// Whether the list is on screen (off screen, a begun refresh waits: will-refresh).
    public private(set) var isOnScreen = true
    /// The time of the last input, in seconds.
    public private(set) var time = 0.0
    /// The tip's label as last measured (measured again only when its text changes).
    private var tipLabel: RefreshTip.Label?

    /// Makes a session over a timeline.
    ///
    /// - Parameters:
    ///   - timeline: the timeline (empty, or already loaded).
    ///   - pullControl: the pull-to-refresh control.
    ///   - footer: the load-more footer.
    ///   - tip: the refresh tip (its language).
    ///   - baseInsetTop: the top inset outside refreshing.
    public init(
        timeline: Timeline, pullControl: PullToRefreshControl = .header(RefreshHeader()),
        footer: LoadMoreFooter = LoadMoreFooter(),
        tip: RefreshTip = RefreshTip(), baseInsetTop: Double = 0
    ) {
        precondition(baseInsetTop.isFinite && baseInsetTop >= 0, "the top inset must be a number of points ≥ 0")
        self.timeline = timeline
        self.pullControl = pullControl
        self.footer = footer
        self.tip = tip
        self.baseInsetTop = baseInsetTop
        insetTop = baseInsetTop
    }

    /// The bottom inset: the footer's height.
    public var insetBottom: Double { footer.height }

    // MARK: The scroll view

    /// A finger drags the content to `offset` (the first call of a drag begins it).
    public mutating func drag(toOffset offset: Double, at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        if !isDragging {
            isDragging = true
            footer.dragDidBegin()
        }
        moveContent(to: offset, &frame)
        return finish(frame)
    }

    /// The finger lifts: a pulled header starts refreshing, a drag to the end loads more, and
    /// the content comes back to rest.
    public mutating func release(at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        guard isDragging else {
            frame.ignored.append("release without a drag")
            return finish(frame)
        }
        isDragging = false
        record(footer.dragDidEnd(geometry, headerIsRefreshing: pullControl.isRefreshing), control: "footer", &frame)
        notifyControls(previousOffset: timeline.contentOffset, &frame)
        settle(&frame)
        return finish(frame)
    }

    /// The content moves without a finger (deceleration, or set by code) to `offset`.
    public mutating func scroll(toOffset offset: Double, at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        moveContent(to: offset, &frame)
        if !isDragging { settle(&frame) }
        return finish(frame)
    }

    /// Time passes (the tip moves); nothing else.
    public mutating func tick(at time: Double) -> SessionFrame {
        let frame = begin(at: time)
        return finish(frame)
    }

    /// The list goes on or off screen; coming on screen, a control waiting to refresh starts.
    public mutating func setOnScreen(_ onScreen: Bool, at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        let appearing = onScreen && !isOnScreen
        isOnScreen = onScreen
        if appearing {
            record(pullControl.didAppear(), control: "header", &frame)
            record(footer.didAppear(), control: "footer", &frame)
            settle(&frame)
        }
        return finish(frame)
    }

    // MARK: The app

    /// The first screen, or a reload: the timeline holds `statuses` (newest first, laid out on
    /// every core) and shows its top.
    public mutating func reload(_ statuses: [Status], at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        frame.changes.removed = timeline.remove(timeline.statuses.map(\.id)).removed
        timeline.scroll(toOffset: -insetTop)
        frame.changes.add(timeline.append(statuses))
        notifyControls(previousOffset: timeline.contentOffset, &frame)
        return finish(frame)
    }

    /// The app starts a refresh from code (`beginRefreshing`): an MJRefresh header shows and
    /// fires (through will-refresh when off screen); a system control shows its spinner
    /// without firing.
    public mutating func beginRefreshing(at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        record(pullControl.beginRefreshing(isOnScreen: isOnScreen), control: "header", &frame)
        if !isDragging { settle(&frame) }
        return finish(frame)
    }

    /// The app ends the refresh without new statuses (a failed request): the control hides.
    public mutating func endRefreshing(at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        record(pullControl.endRefreshing(), control: "header", &frame)
        if !isDragging { settle(&frame) }
        return finish(frame)
    }

    /// A refresh brought `statuses` (newest first): they go in above the reader, who stays
    /// where they were; the refresh ends; the tip shows how many were new; the footer may load
    /// again.
    public mutating func refreshDidLoad(_ statuses: [Status], at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        let previous = timeline.contentOffset
        let update = timeline.prepend(statuses)
        changed(update, from: previous, &frame)
        record(pullControl.endRefreshing(), control: "header", &frame)
        tip.show(newStatuses: update.inserted, at: time)
        if footer.state == .noMoreData { record(footer.resetNoMoreData(), control: "footer", &frame) }
        if !isDragging { settle(&frame) }
        return finish(frame)
    }

    /// A page of older statuses arrived: they go in below; an empty page means there is no
    /// more.
    public mutating func loadMoreDidLoad(_ statuses: [Status], at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        let previous = timeline.contentOffset
        changed(timeline.append(statuses), from: previous, &frame)
        record(
            statuses.isEmpty ? footer.endRefreshingWithNoMoreData() : footer.endRefreshing(), control: "footer", &frame)
        if !isDragging { settle(&frame) }
        return finish(frame)
    }

    /// The footer's label was tapped.
    public mutating func tapFooter(at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        record(footer.tap(), control: "footer", &frame)
        return finish(frame)
    }

    /// The screen rotated: a new cell width and viewport height (``Timeline/changeWidth(to:viewportHeight:)``).
    public mutating func rotate(width: Double, viewportHeight: Double, at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        let previous = timeline.contentOffset
        changed(timeline.changeWidth(to: width, viewportHeight: viewportHeight), from: previous, &frame)
        if !isDragging { settle(&frame) }
        return finish(frame)
    }

    /// "…全文" tapped (or collapsed again).
    public mutating func setExpanded(_ expanded: Bool, forID id: StatusID, at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        if timeline.row(forID: id) == nil { frame.ignored.append("expand: status \(id) is not in the timeline") }
        let previous = timeline.contentOffset
        changed(timeline.setExpanded(expanded, forID: id), from: previous, &frame)
        return finish(frame)
    }

    /// A memory warning (``Timeline/receiveMemoryPressure(_:)``).
    public mutating func receiveMemoryPressure(_ level: HeightCache.MemoryPressure, at time: Double) -> SessionFrame {
        var frame = begin(at: time)
        let previous = timeline.contentOffset
        changed(timeline.receiveMemoryPressure(level), from: previous, &frame)
        return finish(frame)
    }

    // MARK: Wiring

    private var geometry: ScrollGeometry {
        ScrollGeometry(
            contentOffset: timeline.contentOffset, contentHeight: timeline.contentHeight,
            viewportHeight: timeline.viewportHeight, insetTop: insetTop, insetBottom: insetBottom,
            isDragging: isDragging)
    }

    private mutating func begin(at time: Double) -> SessionFrame {
        precondition(time.isFinite && time >= self.time, "session time goes forward: \(time) after \(self.time)")
        self.time = time
        return SessionFrame(time: time, contentOffset: timeline.contentOffset)
    }

    private mutating func finish(_ frame: SessionFrame) -> SessionFrame {
        var frame = frame
        frame.contentOffset = timeline.contentOffset
        frame.changes.contentOffset = timeline.contentOffset
        frame.insetTop = insetTop
        frame.insetBottom = insetBottom
        frame.header = SessionFrame.Control(
            state: pullControl.state, label: pullControl.label, pullingPercent: pullControl.pullingPercent)
        frame.footer = SessionFrame.Control(state: footer.state, label: footer.label, pullingPercent: nil)
        frame.tip = tip.position(at: time)
        if let text = frame.tip.text {
            if tipLabel?.text != text { tipLabel = RefreshTip.measureLabel(text, engine: timeline.engine) }
            frame.tipLabel = tipLabel
        }
        frame.visibleRows = timeline.visibleRows
        frame.anchor = frame.changes.anchor ?? timeline.anchor
        return frame
    }

    /// Moves the content and tells both controls.
    private mutating func moveContent(to offset: Double, _ frame: inout SessionFrame) {
        let previous = timeline.contentOffset
        frame.changes.add(timeline.scroll(toOffset: offset))
        notifyControls(previousOffset: previous, &frame)
    }

    /// Counts a timeline change; when it moved the content (anchoring), the controls see the
    /// move, as MJRefresh observes every change of the content offset.
    private mutating func changed(_ update: TimelineUpdate, from previousOffset: Double, _ frame: inout SessionFrame) {
        frame.changes.add(update)
        if timeline.contentOffset != previousOffset { notifyControls(previousOffset: previousOffset, &frame) }
    }

    private mutating func notifyControls(previousOffset: Double, _ frame: inout SessionFrame) {
        record(pullControl.scrollViewDidScroll(geometry), control: "header", &frame)
        record(
            footer.scrollViewDidScroll(from: previousOffset, geometry, headerIsRefreshing: pullControl.isRefreshing),
            control: "footer", &frame)
    }

    /// Without a finger, the content comes back between the top and the bottom.
    private mutating func settle(_ frame: inout SessionFrame) {
        let top = -insetTop
        let bottom = max(top, timeline.contentHeight + insetBottom - timeline.viewportHeight)
        let offset = timeline.contentOffset
        let rest = min(max(offset, top), bottom)
        guard rest != offset else { return }
        moveContent(to: rest, &frame)
    }

    /// Applies a control's transition: its effects, requests and refusals.
    private mutating func record(_ transition: RefreshTransition, control: String, _ frame: inout SessionFrame) {
        if let reason = transition.ignored { frame.ignored.append(control + ": " + reason) }
        for effect in transition.effects {
            switch effect {
            case .fireRefresh:
                frame.requests.append(control == "header" ? .refresh : .loadMore)
            case .setInsetTop(let inset):
                insetTop = inset
            case .setContentOffset(let offset):
                let previous = timeline.contentOffset
                frame.changes.add(timeline.scroll(toOffset: offset))
                // The controls see the move (MJRefresh observes the offset it set).
                record(pullControl.scrollViewDidScroll(geometry), control: "header", &frame)
                record(
                    footer.scrollViewDidScroll(from: previous, geometry, headerIsRefreshing: pullControl.isRefreshing),
                    control: "footer", &frame)
            }
        }
    }
}

/// What a UI applies after one input to a ``TimelineSession``.
public struct SessionFrame: Sendable, Hashable {
    /// A control's look.
    public struct Control: Sendable, Hashable {
        /// The state.
        public var state: RefreshState
        /// The text shown.
        public var label: String
        /// How far it is pulled out (headers only).
        public var pullingPercent: Double?
    }

    /// The input's time, in seconds.
    public var time: Double
    /// The content offset to show.
    public var contentOffset: Double
    /// The top content inset (a refreshing header's room included).
    public var insetTop = 0.0
    /// The bottom content inset (the footer's height).
    public var insetBottom = 0.0
    /// The pull-to-refresh control.
    public var header = Control(state: .idle, label: "", pullingPercent: 0)
    /// The load-more footer.
    public var footer = Control(state: .idle, label: "", pullingPercent: nil)
    /// What the app must load, in order.
    public var requests: [TimelineSession.Request] = []
    /// Inputs a control refused in its state ("header: end refreshing while idle").
    public var ignored: [String] = []
    /// The refresh tip now.
    public var tip = RefreshTip.Position(text: nil, revealed: 0, y: -RefreshTip.height, phase: .hidden)
    /// The tip's label measured with the text engine (nil while the tip is hidden).
    public var tipLabel: RefreshTip.Label?
    /// The rows on screen.
    public var visibleRows: Range<Int> = 0..<0
    /// The row this frame's changes kept still and its top on screen (the first visible row
    /// when they began), or, when the timeline did not change, the first visible row.
    public var anchor: TimelineAnchor?
    /// What the timeline's changes in this frame did, summed: rows added and skipped, heights
    /// resolved and laid out, and ``TimelineUpdate/contentOffsetAdjustment``, the anchoring's
    /// share of the offset's move.
    public var changes: TimelineUpdate

    init(time: Double, contentOffset: Double) {
        self.time = time
        self.contentOffset = contentOffset
        changes = TimelineUpdate(contentOffset: contentOffset, anchor: nil)
    }
}

extension TimelineUpdate {
    /// Adds another update's counts and adjustment to this one (the last one's offset and anchor).
    mutating func add(_ other: TimelineUpdate) {
        contentOffset = other.contentOffset
        contentOffsetAdjustment += other.contentOffsetAdjustment
        anchor = other.anchor
        inserted += other.inserted
        duplicatesSkipped += other.duplicatesSkipped
        removed += other.removed
        heightsChanged += other.heightsChanged
        estimatesResolved += other.estimatesResolved
        heightsComputed += other.heightsComputed
        heightsPrefetched += other.heightsPrefetched
    }
}
