/// The percentiles the runner reports of a set of samples: p0 (the fastest), p25, p50 (the
/// median), p75, p90, p99 and p100 (the slowest).
public struct Percentiles: Sendable, Equatable, Codable {
    public var p0: Double
    public var p25: Double
    public var p50: Double
    public var p75: Double
    public var p90: Double
    public var p99: Double
    public var p100: Double

    /// The reported percentiles with their labels, in order.
    public var labelled: [(label: String, value: Double)] {
        [("p0", p0), ("p25", p25), ("p50", p50), ("p75", p75), ("p90", p90), ("p99", p99), ("p100", p100)]
    }

    public init(p0: Double, p25: Double, p50: Double, p75: Double, p90: Double, p99: Double, p100: Double) {
        (self.p0, self.p25, self.p50, self.p75, self.p90, self.p99, self.p100) = (p0, p25, p50, p75, p90, p99, p100)
    }

    /// The percentiles of `values` by the nearest-rank method: the p-th percentile is the
    /// smallest value with at least p % of the values at or below it (p0 is the minimum).
    ///
    /// - Precondition: `values` is not empty.
    /// - Complexity: O(n log n).
    public init(of values: [Double]) {
        precondition(!values.isEmpty, "percentiles of no values")
        let sorted = values.sorted()
        func rank(_ percent: Double) -> Double { Self.nearestRank(percent, inSorted: sorted) }
        self.init(
            p0: sorted[0], p25: rank(25), p50: rank(50), p75: rank(75), p90: rank(90), p99: rank(99),
            p100: sorted[sorted.count - 1])
    }

    /// The `percent`-th percentile (0...100) of sorted values, by nearest rank.
    public static func nearestRank(_ percent: Double, inSorted sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty && (0...100).contains(percent))
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
