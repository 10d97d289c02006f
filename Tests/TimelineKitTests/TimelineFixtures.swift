import FeedLayout
import Foundation
import StatusLayout
import TestSupport
import TimelineKit

/// The statuses of the corpus, and timelines over them.
enum TimelineFixtures {
    /// The 5,000 statuses of `Benchmarks/Corpus/statuses.jsonl`, in file order (newest first).
    static let statuses: [Status] = {
        let path = Fixtures.corpusStatusesPath
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("missing corpus at \(path)") }
        return StatusDecoder().decodeAll(Array(data)).map { try! $0.result.get() }
    }()

    /// The Weibo style with texts collapsed after 4 lines, so that "…全文" expands something.
    static let collapsedStyle: CellStyle = {
        var style = CellStyle.weibo
        style.maxTextLines = 4
        return style
    }()

    /// A portrait iPhone context with collapsed texts.
    static let portrait = LayoutContext(width: 375, scale: 2, style: collapsedStyle)

    /// A timeline with fresh caches (so tests do not see each other's heights).
    static func timeline(width: Double = 375, viewportHeight: Double = 812, estimator: HeightEstimator = .content)
        -> Timeline
    {
        var context = portrait
        context.width = width
        return Timeline(
            engine: Fixtures.engine, context: context, viewportHeight: viewportHeight,
            heights: HeightCache(countLimit: 20_000), layouts: LayoutCache(countLimit: 256, costLimit: 8 << 20),
            estimator: estimator)
    }

    /// The exact height of a status's cell, from the cell layouter itself (no cache).
    static func exactHeight(_ status: Status, width: Double = 375, expanded: Bool = false) -> Double {
        let heights = CellLayouter(measurer: Fixtures.engine, style: collapsedStyle).heights(
            of: status, width: width, scale: 2)
        return expanded ? heights.expandedHeight : heights.height
    }
}
