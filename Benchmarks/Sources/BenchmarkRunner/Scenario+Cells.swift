import FeedLayout
import Foundation
import StatusLayout
import TextLayout

extension Scenario {
    /// A cell height from nothing but a warm engine: the first `heightForRow` of a new status.
    public static let cellHeightCold = Scenario(
        "cell-height-cold",
        operation:
            "CellLayouter.heights (Weibo style; what heightForRow needs, no frames) at 375 pt, scale 2, of a status never laid out before, by an engine warmed on the other half of the statuses"
    ) { context in
        let fonts = try context.fonts()
        let cell = context.cellContext
        return WarmHalvesWorkload(
            inputs: try context.statuses(), makeEngine: { TextEngine(fonts: fonts) },
            warm: { engine, status in blackHole(Self.cellHeight(of: status, engine: engine, cell: cell)) },
            measure: { engine, status in blackHole(Self.cellHeight(of: status, engine: engine, cell: cell)) })
    }

    /// The same, for the corpus as Twitter sends it, in the Twitter cell.
    public static let cellHeightColdTwitter = Scenario(
        "cell-height-cold-twitter",
        operation:
            "CellLayouter.heights (the Twitter cell, YYKit's T1) at 375 pt, scale 2, of a tweet never laid out before (Corpus/statuses.jsonl rewritten by NetworkShapes as API v1.1 tweets), by an engine warmed on the other half"
    ) { context in
        try networkCellWorkload(context, lines: context.statusLines().map(NetworkShapes.twitter))
    }

    /// The same, for the corpus as Mastodon sends it, in the Mastodon cell.
    public static let cellHeightColdMastodon = Scenario(
        "cell-height-cold-mastodon",
        operation:
            "CellLayouter.heights (the Mastodon cell, its web client's) at 375 pt, scale 2, of a status never laid out before (Corpus/statuses.jsonl rewritten by NetworkShapes as Mastodon statuses), by an engine warmed on the other half"
    ) { context in
        try networkCellWorkload(context, lines: context.statusLines().map(NetworkShapes.mastodon))
    }

    /// Cold cell heights of statuses decoded from `lines`, each in its own network's cell.
    static func networkCellWorkload(_ context: ScenarioContext, lines: [[UInt8]]) throws -> WarmHalvesWorkload<Status> {
        let fonts = try context.fonts()
        let statuses = try lines.map { try StatusDecoder().decode($0).result.get() }
        let cell = LayoutContext(width: 375, scale: 2, style: .automatic)
        return WarmHalvesWorkload(
            inputs: statuses, makeEngine: { TextEngine(fonts: fonts) },
            warm: { engine, status in blackHole(Self.cellHeight(of: status, engine: engine, cell: cell)) },
            measure: { engine, status in blackHole(Self.cellHeight(of: status, engine: engine, cell: cell)) })
    }

    /// Heights of a whole timeline on one thread.
    public static let prefetchOne = Scenario(
        "prefetch-1",
        operation:
            "the heights of every status (5,000; 200 with --quick), height(for:) in a loop on one thread, by a fresh RowHeights (empty height cache) over a warm engine"
    ) { context in
        try PrefetchWorkload(
            engine: TextEngine(fonts: context.fonts()), statuses: context.statuses(),
            cell: context.cellContext, inParallel: false)
    }

    /// Heights of a whole timeline on every core.
    public static let prefetchAll = Scenario(
        "prefetch-all",
        operation:
            "the heights of every status (5,000; 200 with --quick) by RowHeights.prefetch on every core, by a fresh RowHeights (empty height cache) over a warm engine"
    ) { context in
        try PrefetchWorkload(
            engine: TextEngine(fonts: context.fonts()), statuses: context.statuses(),
            cell: context.cellContext, inParallel: true)
    }

    /// The height of a status's cell laid out by `engine` (no height cache).
    static func cellHeight(of status: Status, engine: TextEngine, cell: LayoutContext) -> Double {
        CellLayouter(measurer: engine, style: cell.style).heights(of: status, width: cell.width, scale: cell.scale)
            .height
    }
}

/// `prefetch-1` and `prefetch-all`: one operation computes the heights of every status with a
/// fresh ``RowHeights`` (made outside the timed region), on one thread or with
/// ``RowHeights/prefetch(_:cancellation:)`` on every core. The engine is shared by all
/// operations and warmed on the same statuses in the set-up, so its caches hold their text:
/// what is timed is the cell geometry, the line filling and the height cache's inserts.
final class PrefetchWorkload: ScenarioWorkload {
    let engine: TextEngine
    let statuses: [Status]
    let cell: LayoutContext
    let inParallel: Bool
    /// The facades for the next batch, one per operation, made by ``prepare(operations:)``.
    private var fresh: [RowHeights] = []
    /// The facade of the last operation run (tests look at its cache).
    private(set) var last: RowHeights?

    init(engine: TextEngine, statuses: [Status], cell: LayoutContext, inParallel: Bool) {
        self.engine = engine
        self.statuses = statuses
        self.cell = cell
        self.inParallel = inParallel
        // Warm the engine on the statuses (their text, names and sources).
        let warming = RowHeights(engine: engine, context: cell)
        for status in statuses { blackHole(warming.height(for: status)) }
    }

    /// One operation is already thousands of layouts: a batch of one is long enough.
    var maximumOperationsPerSample: Int? { 1 }

    var runsOnSeveralThreads: Bool { inParallel }

    func prepare(operations count: Int) {
        last = nil  // let the last operation's caches go here, not in the timed region
        fresh = []
        fresh = (0..<count).map { _ in RowHeights(engine: engine, context: cell) }
    }

    func run(operations count: Int) {
        for index in 0..<count {
            let rows = fresh[index]
            if inParallel {
                blackHole(rows.prefetchBlocking(statuses))
            } else {
                var sum = 0.0
                for status in statuses { sum += rows.height(for: status) }
                blackHole(sum)
            }
            last = rows
        }
    }

    var notes: [String] {
        guard inParallel else { return [] }
        return ["RowHeights.prefetch ran on \(ProcessInfo.processInfo.activeProcessorCount) cores"]
    }
}
