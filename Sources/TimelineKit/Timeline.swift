import FeedLayout
import StatusLayout
import TextLayout

/// A timeline: the statuses of a list in order, each with its cell height, and the viewport
/// over them. Answers what a list view asks (the offset of a row, the row at an offset, the
/// rows visible, the content height) in O(log n), and keeps the reader still through every
/// change: each change returns the content-offset adjustment that keeps the first visible
/// row's top where it was on screen.
///
/// Heights come from `RowHeights` (its caches shared with whoever else asks); a row whose
/// height is not known yet holds an estimate (``HeightEstimator``), marked as such, until it
/// comes within ``resolutionMargin`` of the viewport: every change and scroll makes the rows
/// there exact, and anchors, so an estimate never moves what the reader sees.
///
/// ```swift
/// var timeline = Timeline(engine: engine, context: LayoutContext(width: 375, scale: 3), viewportHeight: 812)
/// timeline.append(firstPage)                                  // heights on every core
/// let update = timeline.prepend(refreshed)                    // the reader stays where they were
/// scrollView.contentOffset.y += update.contentOffsetAdjustment
/// timeline.row(atOffset: 1_200)                               // O(log n)
/// ```
///
/// A value type, `Sendable`: use it from one thread at a time (the caches it shares are
/// thread-safe). Lengths are kept as whole numbers of 1/3840 point, so offsets are exact sums
/// and never drift.
public struct Timeline: Sendable {
    /// One row as the timeline knows it.
    public struct Row: Sendable, Hashable {
        /// The status shown.
        public var status: Status
        /// Its height in points: the real one, or an estimate when ``isEstimated``.
        public var height: Double
        /// Whether ``height`` is an estimate.
        public var isEstimated: Bool
        /// Whether its text is shown in full ("…全文" tapped).
        public var isExpanded: Bool
    }

    /// How rows added get their heights.
    public enum Measuring: Sendable, Hashable {
        /// Heights not cached are laid out before the rows go in, on every core
        /// (`RowHeights.prefetch(_:cancellation:)`): every new row is exact. What a refresh
        /// above the reader needs.
        case now
        /// Heights not cached are estimated; a row becomes exact when it comes near the
        /// viewport (or after ``Timeline/resolveHeights()`` once a background prefetch is done).
        case later
    }

    struct Entry: Sendable {
        var status: Status
        var isEstimated: Bool
        var isExpanded: Bool
    }

    /// The anchor as kept during a change, in units.
    private struct AnchorState {
        var id: Int64
        var y: Int64
        var height: Int64
    }

    private var index = OffsetIndex<Entry>()
    /// The slot of every status ID, for the index's ``OffsetIndex/generation``.
    private var slotsByID: [Int64: Int] = [:]
    private var slotsGeneration = 0
    private var offsetUnits: Int64 = 0
    private var viewportUnits: Int64
    private var marginUnits: Int64
    /// Rows whose height is an estimate.
    public private(set) var estimatedRowCount = 0

    /// Where heights come from (its context is the timeline's).
    public private(set) var rowHeights: RowHeights
    /// The text engine the heights are laid out with.
    public let engine: TextEngine
    /// How rows are estimated until their height is known.
    public var estimator: HeightEstimator

    /// Makes an empty timeline.
    ///
    /// - Parameters:
    ///   - engine: the text engine (fonts and caches shared).
    ///   - context: the cell width, screen scale and style.
    ///   - viewportHeight: the height of the list on screen, in points (kept to 1/3840 point: at
    ///     least that).
    ///   - heights: the height cache (shared with other contexts: portrait and landscape).
    ///   - layouts: the cache of whole layouts (expanded rows' heights come from it).
    ///   - estimator: how unknown heights are estimated.
    /// - Precondition: as `RowHeights`'s; `viewportHeight` finite and > 0.
    public init(
        engine: TextEngine, context: LayoutContext, viewportHeight: Double, heights: HeightCache = HeightCache(),
        layouts: LayoutCache = LayoutCache(countLimit: 64, costLimit: 2 << 20), estimator: HeightEstimator = .content
    ) {
        precondition(
            viewportHeight.isFinite && viewportHeight > 0,
            "viewport height \(viewportHeight) must be a number of points > 0")
        self.engine = engine
        self.estimator = estimator
        rowHeights = RowHeights(engine: engine, context: context, heights: heights, layouts: layouts)
        // At least one unit: a viewport thinner than that (> 0, so accepted) would read back as
        // 0 points, a height this type refuses.
        viewportUnits = max(1, LayoutUnits.units(viewportHeight))
        marginUnits = viewportUnits
    }

    // MARK: Questions

    /// The width, scale and style the heights are for.
    public var context: LayoutContext { rowHeights.context }

    /// Rows.
    public var count: Int { index.count }

    /// Whether there are no rows.
    public var isEmpty: Bool { index.count == 0 }

    /// Row `row`.
    public subscript(row: Int) -> Row {
        let entry = index.element(atRow: row)
        return Row(
            status: entry.status, height: LayoutUnits.points(index.height(ofRow: row)), isEstimated: entry.isEstimated,
            isExpanded: entry.isExpanded)
    }

    /// The row of status `id`, or nil when it is not in the timeline. O(1).
    public func row(forID id: StatusID) -> Int? { row(forID: id.value) }

    private func row(forID id: Int64) -> Int? {
        guard let slot = slotsByID[id] else { return nil }
        return index.row(ofSlot: slot)
    }

    /// The top of row `row` in points (`offset(ofRow: count)` is the content height). O(log n).
    public func offset(ofRow row: Int) -> Double { LayoutUnits.points(index.offset(ofRow: row)) }

    /// The height of row `row` in points (an estimate when the row says so).
    public func height(ofRow row: Int) -> Double { LayoutUnits.points(index.height(ofRow: row)) }

    /// The row at content offset `offset` (the row whose span holds it; row 0 above the content,
    /// the last row below it), or nil when the timeline is empty. O(log n), no allocation.
    public func row(atOffset offset: Double) -> Int? {
        guard index.count > 0 else { return nil }
        return index.row(atOffset: LayoutUnits.units(offset))
    }

    /// The rows at least partly inside the span of content offsets `from ..< to`. O(log n).
    public func rows(from top: Double, to bottom: Double) -> Range<Int> {
        rows(fromUnits: LayoutUnits.units(top), toUnits: LayoutUnits.units(bottom))
    }

    private func rows(fromUnits top: Int64, toUnits bottom: Int64) -> Range<Int> {
        guard index.count > 0, bottom > top, bottom > 0, top < index.total else { return 0..<0 }
        let first = index.row(atOffset: max(top, 0))
        let last = index.row(atOffset: min(bottom, index.total) - 1)
        return first..<(last + 1)
    }

    /// The sum of the rows' heights, in points. O(1).
    public var contentHeight: Double { LayoutUnits.points(index.total) }

    /// The content offset of the viewport's top, in points (negative when pulled down).
    public var contentOffset: Double { LayoutUnits.points(offsetUnits) }

    /// The viewport's height, in points.
    public var viewportHeight: Double { LayoutUnits.points(viewportUnits) }

    /// The rows on screen. O(log n).
    public var visibleRows: Range<Int> { rows(fromUnits: offsetUnits, toUnits: offsetUnits + viewportUnits) }

    /// How far above and below the viewport rows are made exact, in points (default: one
    /// viewport height), so that a row scrolled into view is exact before it shows.
    public var resolutionMargin: Double {
        get { LayoutUnits.points(marginUnits) }
        set {
            precondition(
                newValue.isFinite && newValue >= 0, "resolution margin \(newValue) must be a number of points ≥ 0")
            marginUnits = LayoutUnits.units(newValue)
        }
    }

    /// The first visible row and its top on screen (nil when empty): what changes keep still.
    public var anchor: TimelineAnchor? { captureAnchor().map(publicAnchor) }

    /// The statuses in order. O(n).
    public var statuses: [Status] { (0..<index.count).map { index.element(atRow: $0).status } }

    // MARK: Changes

    /// Moves the viewport to content offset `offset` (the list was scrolled) and makes the rows
    /// near it exact; returns the adjustment when a row above the first visible one changed.
    /// - Complexity: O(log n), plus a layout per estimated row near the viewport.
    @discardableResult
    public mutating func scroll(toOffset offset: Double) -> TimelineUpdate {
        offsetUnits = LayoutUnits.units(offset)
        return change(relative: false) { _, _ in }
    }

    /// Adds statuses above the first row (a refresh), in order, skipping IDs already in the
    /// timeline (a status already there with other content, edited, takes its row's place and is
    /// laid out again); the reader stays where they were.
    /// - Complexity: O(k log n) amortised, plus the layouts of new statuses.
    @discardableResult
    public mutating func prepend(_ statuses: [Status], measuring: Measuring = .now) -> TimelineUpdate {
        change(relative: false) { timeline, update in
            let rows = timeline.newRows(statuses, measuring: measuring, update: &update)
            timeline.index.prepend(rows)
            timeline.added(rows, at: 0, update: &update)
        }
    }

    /// Adds statuses below the last row (load more), in order, skipping IDs already in the
    /// timeline.
    /// - Complexity: O(k log n) amortised, plus the layouts of new statuses.
    @discardableResult
    public mutating func append(_ statuses: [Status], measuring: Measuring = .now) -> TimelineUpdate {
        change(relative: false) { timeline, update in
            let rows = timeline.newRows(statuses, measuring: measuring, update: &update)
            timeline.index.append(rows)
            timeline.added(rows, at: timeline.count - rows.count, update: &update)
        }
    }

    /// Inserts statuses before row `row`, skipping IDs already in the timeline.
    /// - Complexity: O(n) inside, as ``prepend(_:measuring:)`` / ``append(_:measuring:)`` at the ends.
    @discardableResult
    public mutating func insert(_ statuses: [Status], at row: Int, measuring: Measuring = .now) -> TimelineUpdate {
        precondition(row >= 0 && row <= count, "row \(row) out of 0...\(count)")
        return change(relative: false) { timeline, update in
            let rows = timeline.newRows(statuses, measuring: measuring, update: &update)
            timeline.index.insert(rows, at: row)
            timeline.added(rows, at: row, update: &update)
        }
    }

    /// Removes the rows of statuses `ids` (IDs not in the timeline are ignored). When the first
    /// visible row goes, the row after it takes its place on screen.
    /// - Complexity: O(n) (O(k log n) for rows at an end).
    @discardableResult
    public mutating func remove(_ ids: some Sequence<StatusID>) -> TimelineUpdate {
        let rows = Set(ids.compactMap { row(forID: $0) }).sorted()
        guard !rows.isEmpty else { return change(relative: false) { _, _ in } }
        let removed = Set(rows)
        var anchor = captureAnchor()
        if let current = anchor, let anchorRow = row(forID: current.id), removed.contains(anchorRow) {
            // The next surviving row takes the removed row's place (or the one before, at the end).
            let replacement =
                (anchorRow..<count).first { !removed.contains($0) }
                ?? (0..<anchorRow).reversed().first { !removed.contains($0) }
            anchor = replacement.map {
                AnchorState(id: index.element(atRow: $0).status.id.value, y: current.y, height: index.height(ofRow: $0))
            }
        }
        return change(anchor: anchor, relative: false) { timeline, update in
            for row in rows {
                let entry = timeline.index.element(atRow: row)
                if entry.isEstimated { timeline.estimatedRowCount -= 1 }
                timeline.slotsByID[entry.status.id.value] = nil
            }
            if rows.last! - rows.first! + 1 == rows.count {
                timeline.index.remove(rows: rows.first!..<(rows.last! + 1))
            } else {
                timeline.index.replaceAll(
                    with: timeline.index.rows().enumerated().filter { !removed.contains($0.offset) }.map(\.element))
            }
            update.removed = rows.count
            timeline.syncSlots()
        }
    }

    /// Replaces a status by a new version with the same ID (edited text, new pictures): it is laid
    /// out again (the caches key heights by content version too), and its old height and layout
    /// are dropped. Returns an update that moved nothing when the ID is not in the timeline.
    @discardableResult
    public mutating func replace(_ status: Status) -> TimelineUpdate {
        guard let row = row(forID: status.id) else { return change(relative: false) { _, _ in } }
        return change(relative: false) { timeline, update in
            timeline.rowHeights.heightCache.invalidate(status.id.value)
            timeline.rowHeights.layoutCache.invalidate(status.id.value)
            var entry = timeline.index.element(atRow: row)
            entry.status = status
            timeline.index.setElement(entry, atRow: row)
            timeline.setExact(row: row, update: &update)
        }
    }

    /// Shows a status's text in full ("…全文" tapped) or collapses it again, with the heights
    /// the cell layout gives (`CellLayout.expandedHeight`); rows above keep the reader still
    /// and an expanding first visible row grows downwards. Nothing happens when the ID is not
    /// in the timeline or is already so.
    @discardableResult
    public mutating func setExpanded(_ expanded: Bool, forID id: StatusID) -> TimelineUpdate {
        guard let row = row(forID: id), index.element(atRow: row).isExpanded != expanded else {
            return change(relative: false) { _, _ in }
        }
        return change(relative: false) { timeline, update in
            var entry = timeline.index.element(atRow: row)
            entry.isExpanded = expanded
            timeline.index.setElement(entry, atRow: row)
            timeline.setExact(row: row, update: &update)
        }
    }

    /// Lays the timeline out at a new cell width (a rotation): heights come from the cache for
    /// that context when it has them, estimates otherwise (exact as they come near the
    /// viewport). The first visible row keeps its relative position: the same fraction of it is
    /// scrolled off the top (or, when its top was on screen, its top stays where it was).
    ///
    /// - Parameters:
    ///   - width: the new cell width.
    ///   - viewportHeight: the new viewport height, or nil to keep it.
    /// - Precondition: `width` as for `RowHeights`.
    /// - Complexity: O(n) cache lookups, plus layouts near the viewport.
    @discardableResult
    public mutating func changeWidth(to width: Double, viewportHeight: Double? = nil) -> TimelineUpdate {
        if let viewportHeight {
            precondition(
                viewportHeight.isFinite && viewportHeight > 0,
                "viewport height \(viewportHeight) must be a number of points > 0")
        }
        var context = self.context
        context.width = width
        let contextChanged = context != self.context
        return change(relative: true) { timeline, update in
            if let viewportHeight { timeline.viewportUnits = max(1, LayoutUnits.units(viewportHeight)) }  // as in init
            guard contextChanged else { return }
            let old = timeline.rowHeights
            timeline.rowHeights = RowHeights(
                engine: timeline.engine, context: context, heights: old.heightCache, layouts: old.layoutCache)
            var rows = timeline.index.rows()
            timeline.estimatedRowCount = 0
            for i in rows.indices {
                let status = rows[i].element.status
                let cached = rows[i].element.isExpanded ? nil : timeline.rowHeights.cachedHeight(for: status)
                let height =
                    cached ?? timeline.estimator.estimate(status, in: context, expanded: rows[i].element.isExpanded)
                let units = LayoutUnits.units(height)
                if units != rows[i].height { update.heightsChanged += 1 }
                rows[i].height = units
                rows[i].element.isEstimated = cached == nil
                if cached == nil { timeline.estimatedRowCount += 1 }
            }
            timeline.index.replaceAll(with: rows)
            timeline.syncSlots()
        }
    }

    /// Gives memory back as `HeightCache` does: half of the height and layout caches on a
    /// warning, everything when critical. The timeline keeps its own heights (the geometry the
    /// reader is looking at: 8 bytes a row), so every offset is still answered and nothing
    /// moves; a row still estimated becomes exact when it comes near, laid out again if the
    /// cache lost it, and so does every row after a change of width.
    @discardableResult
    public mutating func receiveMemoryPressure(_ level: HeightCache.MemoryPressure) -> TimelineUpdate {
        rowHeights.heightCache.receiveMemoryPressure(level)
        switch level {
        case .warning: rowHeights.layoutCache.receiveMemoryPressure(.warning)
        case .critical: rowHeights.layoutCache.receiveMemoryPressure(.critical)
        }
        return change(relative: false) { _, _ in }
    }

    /// Makes the rows near the viewport exact (their heights from the cache, or laid out) and
    /// keeps the reader still: call it when a background prefetch has filled the cache.
    @discardableResult
    public mutating func resolveHeights() -> TimelineUpdate { change(relative: false) { _, _ in } }

    /// Makes room for `prepending` rows before the first and `appending` after the last without
    /// moving rows, and makes the storage this value's own (not shared with a copy): the next
    /// changes then copy nothing. O(n) when it moves or copies.
    public mutating func reserveCapacity(prepending: Int, appending: Int) {
        precondition(prepending >= 0 && appending >= 0, "capacity to reserve must be ≥ 0")
        index.reserve(before: prepending, after: appending)
        syncSlots()
        slotsByID.reserveCapacity(count + prepending + appending)
    }

    // MARK: How a change keeps the reader still

    /// Runs `body` with the anchor taken before it, then makes the rows near the viewport exact,
    /// restoring the anchor after each round.
    private mutating func change(relative: Bool, _ body: (inout Timeline, inout TimelineUpdate) -> Void)
        -> TimelineUpdate
    {
        change(anchor: captureAnchor(), relative: relative, body)
    }

    private mutating func change(
        anchor: AnchorState?, relative: Bool, _ body: (inout Timeline, inout TimelineUpdate) -> Void
    )
        -> TimelineUpdate
    {
        let before = offsetUnits
        var update = TimelineUpdate(contentOffset: 0, anchor: nil)
        body(&self, &update)
        restore(anchor, relative: relative)
        // Rounds: each makes every estimated row of the window exact, then the anchor moves the
        // window; it ends when a round finds none (each round resolves at least one row).
        while index.count > 0 {
            let window = rows(fromUnits: offsetUnits - marginUnits, toUnits: offsetUnits + viewportUnits + marginUnits)
            var resolved = false
            for row in window where index.element(atRow: row).isEstimated {
                setExact(row: row, update: &update)
                resolved = true
            }
            guard resolved else { break }
            restore(anchor, relative: relative)
        }
        update.contentOffset = LayoutUnits.points(offsetUnits)
        update.contentOffsetAdjustment = LayoutUnits.points(offsetUnits - before)
        update.anchor = (anchor.flatMap { captureAnchor(forID: $0.id) } ?? captureAnchor()).map(publicAnchor)
        return update
    }

    private func captureAnchor() -> AnchorState? {
        guard index.count > 0 else { return nil }
        return captureAnchor(forID: index.element(atRow: index.row(atOffset: max(offsetUnits, 0))).status.id.value)
    }

    private func captureAnchor(forID id: Int64) -> AnchorState? {
        guard let row = row(forID: id) else { return nil }
        return AnchorState(id: id, y: index.offset(ofRow: row) - offsetUnits, height: index.height(ofRow: row))
    }

    private func publicAnchor(_ state: AnchorState) -> TimelineAnchor {
        TimelineAnchor(id: StatusID(state.id), row: row(forID: state.id)!, y: LayoutUnits.points(state.y))
    }

    /// Puts the anchor row back where it was on screen (or, `relative`, the same fraction of it
    /// scrolled off the top).
    private mutating func restore(_ anchor: AnchorState?, relative: Bool) {
        guard let anchor, let row = row(forID: anchor.id) else { return }
        let top = index.offset(ofRow: row)
        if relative && anchor.y < 0 && anchor.height > 0 {
            let fraction = Double(-anchor.y) / Double(anchor.height)
            offsetUnits = top + Int64((fraction * Double(index.height(ofRow: row))).rounded())
        } else {
            offsetUnits = top - anchor.y
        }
    }

    // MARK: Rows and heights

    /// The rows for `statuses` not in the timeline yet, with their heights. A status whose ID is
    /// in the timeline with other content (it was edited) takes its row's place there and is laid
    /// out again; with the same content it is a duplicate, skipped.
    private mutating func newRows(_ statuses: [Status], measuring: Measuring, update: inout TimelineUpdate)
        -> [(height: Int64, element: Entry)]
    {
        syncSlots()
        var seen = Set<Int64>()
        seen.reserveCapacity(statuses.count)
        var fresh: [Status] = []
        var edited = 0
        for status in statuses where seen.insert(status.id.value).inserted {
            guard let slot = slotsByID[status.id.value] else {
                fresh.append(status)
                continue
            }
            let row = index.row(ofSlot: slot)
            var entry = index.element(atRow: row)
            guard entry.status != status else { continue }
            entry.status = status
            index.setElement(entry, atRow: row)
            setExact(row: row, update: &update)
            edited += 1
        }
        update.edited += edited
        update.duplicatesSkipped += statuses.count - fresh.count - edited
        if measuring == .now { update.heightsPrefetched += rowHeights.prefetchBlocking(fresh) }
        return fresh.map { status in
            if let height = rowHeights.cachedHeight(for: status) {
                return (LayoutUnits.units(height), Entry(status: status, isEstimated: false, isExpanded: false))
            }
            if measuring == .now {
                // The cache could not keep every height of the batch (a small cache): lay it out here.
                let height = rowHeights.heightAndSource(for: status)
                if !height.wasCached { update.heightsComputed += 1 }
                return (LayoutUnits.units(height.height), Entry(status: status, isEstimated: false, isExpanded: false))
            }
            return (
                LayoutUnits.units(estimator.estimate(status, in: context)),
                Entry(status: status, isEstimated: true, isExpanded: false)
            )
        }
    }

    /// Counts and indexes rows just added at rows `first ..< first + rows.count`.
    private mutating func added(_ rows: [(height: Int64, element: Entry)], at first: Int, update: inout TimelineUpdate)
    {
        update.inserted += rows.count
        estimatedRowCount += rows.count { $0.element.isEstimated }
        if slotsGeneration == index.generation {
            // The other rows kept their slots: index the new ones.
            for row in first..<(first + rows.count) {
                slotsByID[index.element(atRow: row).status.id.value] = index.slot(ofRow: row)
            }
        } else {
            syncSlots()
        }
    }

    /// Gives row `row` its real height: the collapsed or the expanded one, as the row is.
    private mutating func setExact(row: Int, update: inout TimelineUpdate) {
        var entry = index.element(atRow: row)
        let height: Double
        if entry.isExpanded {
            let layouts = rowHeights.layoutCache
            if !layouts.contains(
                entry.status.id.value, version: entry.status.contentVersion, in: layouts.context(context))
            {
                update.heightsComputed += 1
            }
            height = rowHeights.layout(for: entry.status).expandedHeight
        } else {
            let answer = rowHeights.heightAndSource(for: entry.status)
            if !answer.wasCached { update.heightsComputed += 1 }
            height = answer.height
        }
        if entry.isEstimated {
            entry.isEstimated = false
            estimatedRowCount -= 1
            update.estimatesResolved += 1
            index.setElement(entry, atRow: row)
        }
        let units = LayoutUnits.units(height)
        if units != index.height(ofRow: row) {
            index.setHeight(units, ofRow: row)
            update.heightsChanged += 1
        }
    }

    /// Re-indexes every status ID when rows moved to other slots.
    private mutating func syncSlots() {
        guard slotsGeneration != index.generation else { return }
        slotsByID.removeAll(keepingCapacity: true)
        for row in 0..<index.count { slotsByID[index.element(atRow: row).status.id.value] = index.slot(ofRow: row) }
        slotsGeneration = index.generation
    }

    /// Checks the index, the ID map and the estimate count (tests); nil when all hold.
    func invariantViolation() -> String? {
        if let problem = index.invariantViolation() { return problem }
        if slotsGeneration != index.generation {
            return "ID map is for generation \(slotsGeneration), index is at \(index.generation)"
        }
        if slotsByID.count != index.count { return "\(slotsByID.count) IDs indexed for \(index.count) rows" }
        var estimated = 0
        for row in 0..<index.count {
            let entry = index.element(atRow: row)
            if slotsByID[entry.status.id.value] != index.slot(ofRow: row) {
                return "status \(entry.status.id) is not indexed at row \(row)"
            }
            if entry.isEstimated { estimated += 1 }
        }
        return estimated == estimatedRowCount ? nil : "\(estimated) estimated rows, counted \(estimatedRowCount)"
    }
}
