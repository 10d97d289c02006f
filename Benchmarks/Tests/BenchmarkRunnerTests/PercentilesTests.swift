@testable import BenchmarkRunner
import Testing

@Suite struct PercentilesTests {
    @Test func oneToAHundredGivesItsRanks() {
        var generator = SplitMix64(seed: 7)
        let values = (1...100).map(Double.init).shuffled(using: &generator)
        let percentiles = Percentiles(of: values)
        #expect(percentiles == Percentiles(p0: 1, p25: 25, p50: 50, p75: 75, p90: 90, p99: 99, p100: 100))
        #expect(percentiles.labelled.map(\.label) == ["p0", "p25", "p50", "p75", "p90", "p99", "p100"])
    }

    @Test(
        "nearest rank on small sets",
        arguments: [
            ([10.0, 20, 30, 40], Percentiles(p0: 10, p25: 10, p50: 20, p75: 30, p90: 40, p99: 40, p100: 40)),
            ([3.0, 1, 2], Percentiles(p0: 1, p25: 1, p50: 2, p75: 3, p90: 3, p99: 3, p100: 3)),
            ([5.0], Percentiles(p0: 5, p25: 5, p50: 5, p75: 5, p90: 5, p99: 5, p100: 5)),
        ])
    func smallSets(values: [Double], expected: Percentiles) {
        #expect(Percentiles(of: values) == expected)
    }

    @Test func tenValues() {
        // Ranks: p25 → ceil(2.5) = 3rd, p90 → 9th, p99 → ceil(9.9) = 10th.
        let percentiles = Percentiles(of: [9, 1, 8, 2, 7, 3, 6, 4, 5, 10])
        #expect(percentiles.p25 == 3)
        #expect(percentiles.p50 == 5)
        #expect(percentiles.p75 == 8)
        #expect(percentiles.p90 == 9)
        #expect(percentiles.p99 == 10)
    }
}
