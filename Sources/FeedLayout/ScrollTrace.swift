/// A scrolling session over a timeline, as the ID requests a table view makes: the trace the
/// eviction policy is chosen on (and the benchmark's `scroll-trace` scenario).
///
/// A table view asks for a row's height when the row comes into the prefetch window ahead of
/// the screen and again when it comes on screen; and, as in the seed apps (no estimated
/// heights), for every row of the feed, top to bottom, whenever the data is reloaded. The
/// session: open a feed (a reload) and read down most of it, scroll back to the top, pull to
/// refresh (new statuses prepended, a reload), read through them into the old ones, fling to
/// the bottom, load more (older statuses appended, a reload), read on, and scroll back up a
/// while. The reloads are scans: every row once, most never to be seen.
public struct ScrollTrace: Sendable {
    /// The status IDs asked for, in order.
    public let requests: [Int64]
    /// Distinct IDs in the trace.
    public let distinctIDs: Int

    /// Makes the standard session.
    ///
    /// - Parameters:
    ///   - feedSize: statuses in the feed at first.
    ///   - visibleRows: rows on screen.
    ///   - prefetchRows: rows ahead of the screen that are asked for before they show.
    ///   - refreshed: statuses a pull to refresh prepends.
    ///   - loadedMore: statuses loading more appends.
    public init(
        feedSize: Int = 1_000, visibleRows: Int = 7, prefetchRows: Int = 10, refreshed: Int = 60, loadedMore: Int = 200
    ) {
        // IDs decrease down the feed (newest first); new statuses get larger IDs.
        var feed: [Int64] = (0..<feedSize).map { 4_900_000_000_000_000 + Int64(feedSize - $0) * 7 }
        var requests: [Int64] = []
        var top = 0

        func reload() {
            requests.append(contentsOf: feed)
            for row in top..<min(feed.count, top + visibleRows + prefetchRows) { requests.append(feed[row]) }
        }
        func scroll(to target: Int) {
            let target = max(0, min(feed.count - visibleRows, target))
            while top != target {
                if target > top {
                    top += 1
                    // The row coming on screen at the bottom, and the one entering the prefetch window.
                    requests.append(feed[top + visibleRows - 1])
                    if top + visibleRows - 1 + prefetchRows < feed.count {
                        requests.append(feed[top + visibleRows - 1 + prefetchRows])
                    }
                } else {
                    top -= 1
                    requests.append(feed[top])
                    if top - prefetchRows >= 0 { requests.append(feed[top - prefetchRows]) }
                }
            }
        }

        reload()
        scroll(to: feedSize * 8 / 10)  // read down most of the feed
        scroll(to: 0)  // back to the top
        let newest = feed[0]
        // pull to refresh
        feed.insert(contentsOf: (1...refreshed).map { newest + Int64(refreshed - $0 + 1) * 7 }, at: 0)
        reload()
        scroll(to: refreshed + 40)  // through the new statuses into the old
        scroll(to: feed.count)  // fling to the bottom
        let oldest = feed[feed.count - 1]
        feed.append(contentsOf: (1...loadedMore).map { oldest - Int64($0) * 7 })  // load more
        reload()
        scroll(to: feed.count)
        scroll(to: top - 400)  // and back up a while
        self.requests = requests
        distinctIDs = Set(requests).count
    }

    /// The hit ratio of a cache of `capacity` entries with `policy` on this trace (a miss
    /// inserts), computed on the cache's own table.
    public func hitRatio(policy: HeightCache.Policy, capacity: Int) -> Double {
        var table = CacheTable<Double>(slots: capacity, policy: HeightCache.tablePolicy(policy))
        var hits = 0
        for id in requests {
            if table.value(for: id) != nil {
                hits += 1
            } else {
                _ = table.insert(1, for: id, cost: 1, countLimit: capacity, costLimit: .max)
            }
        }
        return Double(hits) / Double(requests.count)
    }
}
