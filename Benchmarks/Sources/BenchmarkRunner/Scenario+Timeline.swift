import BenchmarkSupport
import FeedLayout
import StatusLayout
import TextLayout
import TimelineKit

extension Scenario {
    /// An anchored refresh into a long timeline.
    public static let timelineRefresh = Scenario(
        "timeline-refresh",
        operation:
            "Timeline.prepend of 20 statuses new to the height cache (corpus statuses under new IDs: their text known to the warm engine) into a timeline of every status (5,000; 200 with --quick) scrolled to its middle: duplicates checked, the 20 heights laid out by RowHeights.prefetch on every core, rows inserted, the reader kept still, the rows near the viewport checked, the visible rows asked for"
    ) { context in
        try TimelineRefreshWorkload(
            engine: TextEngine(fonts: context.fonts()), statuses: context.statuses(), cell: context.cellContext,
            part: .whole)
    }

    /// A refresh whose statuses are already laid out: the timeline's own work.
    public static let timelineRefreshCached = Scenario(
        "timeline-refresh-cached",
        operation:
            "timeline-refresh with the 20 heights already in the height cache (laid out outside the timed region): the timeline's own work (duplicates, the cache's answers, insertion, anchoring, the rows near the viewport, the visible rows)"
    ) { context in
        try TimelineRefreshWorkload(
            engine: TextEngine(fonts: context.fonts()), statuses: context.statuses(), cell: context.cellContext,
            part: .timelineAlone)
    }

    /// The part of a refresh that is not the timeline's: laying the new statuses out.
    public static let timelineRefreshHeights = Scenario(
        "timeline-refresh-heights",
        operation:
            "peer of timeline-refresh: RowHeights.prefetch of the same 20 new statuses on every core, with the same engine and height cache, no timeline: what laying them out costs alone"
    ) { context in
        try TimelineRefreshWorkload(
            engine: TextEngine(fonts: context.fonts()), statuses: context.statuses(), cell: context.cellContext,
            part: .heightsAlone)
    }

    /// The row at a content offset.
    public static let timelineRowAtOffset = Scenario(
        "timeline-row-at-offset",
        operation:
            "Timeline.row(atOffset:) of a random offset (4,096 drawn once, the same every run) in a timeline of every status (5,000 rows; 200 with --quick), one thread"
    ) { context in
        try TimelineLookupWorkload(
            engine: TextEngine(fonts: context.fonts()), statuses: context.statuses(), cell: context.cellContext,
            method: .timeline)
    }

    /// The floor for finding a row: a binary search of an array that is never changed.
    public static let timelineRowSearch = Scenario(
        "timeline-row-bsearch",
        operation:
            "baseline: a binary search for the same offsets in a plain array of the same rows' tops ([Double], what a list that never changes could use; changing a height there costs O(n))"
    ) { context in
        try TimelineLookupWorkload(
            engine: TextEngine(fonts: context.fonts()), statuses: context.statuses(), cell: context.cellContext,
            method: .binarySearch)
    }
}

/// A timeline of every status of the run, laid out (the engine and the height cache warm) and
/// scrolled to its middle on an 812-point viewport.
private func loadedTimeline(engine: TextEngine, statuses: [Status], cell: LayoutContext) -> Timeline {
    var timeline = Timeline(
        engine: engine, context: cell, viewportHeight: 812,
        heights: HeightCache(countLimit: 200_000, costLimit: 64 << 20))
    timeline.append(statuses)
    timeline.scroll(toOffset: (timeline.contentHeight / 2).rounded())
    return timeline
}

/// `timeline-refresh`: each operation prepends 20 statuses with new IDs to its own copy of the
/// loaded timeline (copied, with room for them, outside the timed region);
/// `timeline-refresh-heights`: each lays the same 20 out with the timeline's `RowHeights` alone;
/// `timeline-refresh-cached`: each is a refresh whose 20 heights were laid out in ``prepare(operations:)``.
final class TimelineRefreshWorkload: ScenarioWorkload {
    /// Statuses a refresh brings.
    static let refreshSize = 20

    let base: Timeline
    private let statuses: [Status]
    /// The timelines and refreshes of the next batch, made by ``prepare(operations:)``.
    private var batch: [(timeline: Timeline, refresh: [Status])] = []
    private var nextID: Int64 = 6_000_000_000_000_000
    private var nextStatus = 0
    /// What the last operation's update said (tests and notes check it kept the reader still).
    private(set) var lastUpdate: TimelineUpdate?
    private(set) var lastAnchorBefore: TimelineAnchor?
    private(set) var lastTimeline: Timeline?
    private var operations = 0
    /// What an operation times.
    enum Part {
        /// The whole refresh.
        case whole
        /// The prefetch of its statuses alone.
        case heightsAlone
        /// The refresh with its heights laid out beforehand.
        case timelineAlone
    }

    let part: Part

    init(engine: TextEngine, statuses: [Status], cell: LayoutContext, part: Part) {
        self.statuses = statuses
        self.part = part
        base = loadedTimeline(engine: engine, statuses: statuses, cell: cell)
    }

    /// A refresh is a few hundred microseconds: a batch of 8 is long enough to time.
    var maximumOperationsPerSample: Int? { 8 }

    var runsOnSeveralThreads: Bool { true }

    func prepare(operations count: Int) {
        lastTimeline = nil
        batch = []
        batch = (0..<count).map { _ in
            // Both scenarios copy the timeline (so both start with the processor's caches as
            // cold); only timeline-refresh uses the copy.
            var timeline = base
            timeline.reserveCapacity(prepending: Self.refreshSize, appending: 0)
            let refresh = (0..<Self.refreshSize).map { _ in
                var status = statuses[nextStatus]
                nextStatus = (nextStatus + 1) % statuses.count
                status.id = StatusID(nextID)
                nextID += 1
                return status
            }
            if part == .timelineAlone { base.rowHeights.prefetchBlocking(refresh) }
            return (timeline, refresh)
        }
    }

    func run(operations count: Int) {
        guard part != .heightsAlone else {
            for index in 0..<count { blackHole(base.rowHeights.prefetchBlocking(batch[index].refresh)) }
            operations += count
            return
        }
        // Own the batch while changing it: a timeline changed in place through the class's
        // property could be copied first (its storage then copied on the first write).
        var batch = self.batch
        self.batch = []
        for index in 0..<count {
            let refresh = batch[index].refresh
            let anchor = batch[index].timeline.anchor
            let update = batch[index].timeline.prepend(refresh)
            blackHole(update.contentOffset + Double(batch[index].timeline.visibleRows.count))
            lastUpdate = update
            lastAnchorBefore = anchor
        }
        lastTimeline = batch[count - 1].timeline
        self.batch = batch
        operations += count
    }

    var measurements: [String: Double] {
        guard let update = lastUpdate else { return [:] }
        return [
            "rows inserted": Double(update.inserted), "heights prefetched": Double(update.heightsPrefetched),
            "anchor moved (points)": abs((update.anchor?.y ?? .nan) - (lastAnchorBefore?.y ?? .nan)),
        ]
    }

    var notes: [String] {
        guard let update = lastUpdate, let timeline = lastTimeline else {
            return part != .heightsAlone
                ? [] : ["\(ReportFormatter.grouped(operations)) prefetches of \(Self.refreshSize) new statuses"]
        }
        return [
            "\(ReportFormatter.grouped(operations)) refreshes into \(ReportFormatter.grouped(base.count)) rows; the last: "
                + "\(update.inserted) rows inserted, \(update.heightsPrefetched) heights prefetched, "
                + "content offset adjusted by \(ReportFormatter.fixed(update.contentOffsetAdjustment, 1)) points, the anchor row's y "
                + "\(ReportFormatter.fixed(lastAnchorBefore?.y ?? .nan, 1)) → \(ReportFormatter.fixed(update.anchor?.y ?? .nan, 1)), "
                + "\(timeline.count) rows after"
        ]
    }
}

/// `timeline-row-at-offset` and `timeline-row-bsearch`: the row at each of 4,096 random offsets
/// of the loaded timeline, by the timeline or by a binary search of its rows' tops.
final class TimelineLookupWorkload: ScenarioWorkload {
    enum Method {
        /// ``Timeline/row(atOffset:)``.
        case timeline
        /// A binary search of a `[Double]` of the rows' tops.
        case binarySearch
    }

    let timeline: Timeline
    let method: Method
    /// The tops of the rows and the content height (`count + 1` values).
    let tops: [Double]
    let offsets: [Double]
    private var next = 0

    init(engine: TextEngine, statuses: [Status], cell: LayoutContext, method: Method) {
        let timeline = loadedTimeline(engine: engine, statuses: statuses, cell: cell)
        self.timeline = timeline
        self.method = method
        tops = (0...timeline.count).map { timeline.offset(ofRow: $0) }
        var generator = SplitMix64(seed: 0x7E_11_4E)
        let height = timeline.contentHeight
        offsets = (0..<4_096).map { _ in Double.random(in: 0..<height, using: &generator).rounded() }
    }

    /// The row holding `offset` by a binary search of ``tops`` (the last top at or above it).
    static func searchRow(_ offset: Double, tops: UnsafeBufferPointer<Double>) -> Int {
        var low = 0
        var high = tops.count - 1  // tops[high] is the content height, past every row
        while high - low > 1 {
            let middle = (low + high) / 2
            if tops[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    func run(operations count: Int) {
        var sum = 0
        switch method {
        case .timeline:
            for _ in 0..<count {
                sum &+= timeline.row(atOffset: offsets[next]) ?? -1
                next = next + 1 == offsets.count ? 0 : next + 1
            }
        case .binarySearch:
            tops.withUnsafeBufferPointer { tops in
                for _ in 0..<count {
                    sum &+= Self.searchRow(offsets[next], tops: tops)
                    next = next + 1 == offsets.count ? 0 : next + 1
                }
            }
        }
        blackHole(sum)
    }

    var notes: [String] {
        [
            "\(ReportFormatter.grouped(timeline.count)) rows, \(ReportFormatter.fixed(timeline.contentHeight, 0)) points of content"
        ]
    }
}
