@testable import BenchmarkRunner
import Testing

/// A result whose p50 is `median` nanoseconds.
func result(_ name: String, median: Double) -> ScenarioResult {
    ScenarioResult(
        name: name, samples: 10, operationsPerSample: 100,
        nanosecondsPerOperation: Percentiles(
            p0: median * 0.9, p25: median * 0.95, p50: median, p75: median * 1.05,
            p90: median * 1.1, p99: median * 1.2, p100: median * 1.3),
        operationsPerSecond: 1e9 / median, mallocsPerOperation: 2.5, peakResidentBytes: 40 << 20)
}

@Suite struct ComparisonTests {
    let baseline = [result("hb-raw", median: 1000), result("pango", median: 50_000), result("gone", median: 5)]

    @Test func aSlowerP50PastTheThresholdRegresses() {
        let comparison = Comparison(
            current: [result("hb-raw", median: 1300), result("pango", median: 50_000)],
            baseline: baseline, threshold: 0.25)
        #expect(comparison.hasRegression)
        #expect(comparison.regressions.map(\.name) == ["hb-raw"])
        #expect(abs((comparison.entries[0].change ?? 0) - 0.3) < 1e-12)
        #expect(comparison.entries[1].verdict == .unchanged)
        #expect(comparison.notRun == ["gone"])
        let text = ReportFormatter.comparison(comparison, baselinePath: "base.json")
        #expect(text.contains("REGRESSED"))
        #expect(text.contains("FAIL: hb-raw regressed"))
    }

    @Test func withinTheThresholdOrFasterPasses() {
        let comparison = Comparison(
            current: [
                result("hb-raw", median: 1240), result("pango", median: 30_000),
                result("cache-hit", median: 80),
            ],
            baseline: baseline, threshold: 0.25)
        #expect(!comparison.hasRegression)
        #expect(comparison.entries.map(\.verdict) == [.unchanged, .improved, .new])
        #expect(
            ReportFormatter.comparison(comparison, baselinePath: "base.json").contains("PASS: no scenario regressed"))
    }

    @Test func theThresholdIsTheOneGiven() {
        let current = [result("hb-raw", median: 1100)]
        #expect(Comparison(current: current, baseline: baseline, threshold: 0.05).hasRegression)
        #expect(!Comparison(current: current, baseline: baseline, threshold: 0.5).hasRegression)
    }
}
