import StatusLayout

/// The row a change keeps still on screen: the first visible row, and where its top is.
public struct TimelineAnchor: Sendable, Hashable {
    /// The status of the row.
    public var id: StatusID
    /// Its row now.
    public var row: Int
    /// Its top on screen, in points from the viewport's top: 0 when it starts exactly at the
    /// top, negative when partly scrolled off, positive when the list is pulled down past its
    /// start.
    public var y: Double
}

/// What one change of a ``Timeline`` did: where the viewport went and why, and the work done.
///
/// Apply ``contentOffsetAdjustment`` to the scroll view's content offset (or set
/// ``contentOffset``) in the same frame as the rows change, and the reader sees nothing move.
public struct TimelineUpdate: Sendable, Hashable {
    /// The content offset after the change, in points.
    public var contentOffset: Double
    /// How far the content offset moved to keep the anchor still (after − before; before is the
    /// offset asked for by ``Timeline/scroll(toOffset:)``). Positive when content grew above
    /// the anchor.
    public var contentOffsetAdjustment: Double
    /// The row kept still, after the change (nil for an empty timeline).
    public var anchor: TimelineAnchor?
    /// Rows added.
    public var inserted = 0
    /// Statuses not added because their ID was already in the timeline (or earlier in the same
    /// batch): a refresh or a page that overlaps what is shown.
    public var duplicatesSkipped = 0
    /// Statuses already in the timeline whose content changed (an edited post in a refresh or a
    /// page): each took its row's place and was laid out again.
    public var edited = 0
    /// Rows removed.
    public var removed = 0
    /// Rows whose height changed (an estimate replaced by the real height, an expansion, a new
    /// width).
    public var heightsChanged = 0
    /// Rows whose estimate was replaced by the real height.
    public var estimatesResolved = 0
    /// Cell heights (or layouts, for an expanded row) laid out on the calling thread: the work
    /// of this frame beyond cache lookups.
    public var heightsComputed = 0
    /// Cell heights laid out ahead by a prefetch on every core (``Timeline/Measuring/now``).
    public var heightsPrefetched = 0

    /// An update that moved nothing.
    init(contentOffset: Double, anchor: TimelineAnchor?) {
        self.contentOffset = contentOffset
        contentOffsetAdjustment = 0
        self.anchor = anchor
    }
}
