@testable import BenchmarkRunner
import Foundation
import Testing

@Suite struct ReportTests {
    let results = [result("hb-raw", median: 7000), result("icu-breaks", median: 2000), result("measure-cold", median: 12_000),
                   result("pango", median: 60_000), result("measure-warm", median: 2000)]

    @Test func figuresAreRatiosOfMediansAgainstTheirTargets() throws {
        let figures = Figure.all.map { $0.evaluate(results) }
        #expect(figures.map(\.name) == ["measure-cold / (hb-raw + icu-breaks)", "pango / measure-warm", "pango / rebreak"])
        #expect(try #require(figures[0].ratio) == 12_000.0 / 9000)
        #expect(figures[0].met == true)  // 1.33 ≤ 1.5
        #expect(figures[1].ratio == 30)
        #expect(figures[1].met == true)
        #expect(figures[2].ratio == nil)
        #expect(figures[2].met == nil)
        #expect(figures[2].missing == ["rebreak"])
        let slow = Figure(["measure-cold"], over: ["hb-raw"], goal: .atMost(1.5), meaning: "").evaluate(results)
        #expect(slow.met == false)  // 12 / 7 > 1.5
        let text = ReportFormatter.figures(figures)
        #expect(text.contains("1.33  target ≤ 1.5  met"))
        #expect(text.contains("not run: rebreak"))
    }

    @Test func jsonRoundTrip() throws {
        let report = BenchmarkReport(date: "2026-11-29T21:40:00Z",
                                     machine: MachineDescription(processors: 2, cpu: "AMD EPYC", system: "Linux 6.1 x86_64"),
                                     quick: false, texts: 5000, scenarios: results, figures: Figure.all.map { $0.evaluate(results) })
        let path = NSTemporaryDirectory() + "benchmark-report-\(UInt64.random(in: 0...UInt64.max)).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try report.write(to: path)
        let read = try BenchmarkReport(contentsOf: path)
        #expect(read == report)
        #expect(read.scenario(named: "pango")?.nanosecondsPerOperation.p50 == 60_000)
        #expect(read.figures[2].goal == .atLeast(200))
    }

    @Test func aFileThatIsNotAReportIsRefused() throws {
        let path = NSTemporaryDirectory() + "not-a-report-\(UInt64.random(in: 0...UInt64.max)).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"hello\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: Error.self) { try BenchmarkReport(contentsOf: path) }
        #expect(throws: Error.self) { try BenchmarkReport(contentsOf: path + ".missing") }
    }

    @Test func tableShowsEveryScenarioAndColumn() {
        let report = BenchmarkReport(date: "d", machine: MachineDescription(processors: 2, cpu: "cpu", system: "s"),
                                     quick: true, texts: 24, scenarios: results, figures: [])
        let lines = ReportFormatter.table(report).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("scenario") && $0.contains("p99") && $0.contains("mallocs/op") && $0.contains("peak RSS") })
        #expect(lines.contains { $0.hasPrefix("hb-raw") && $0.contains("7.00 µs") && $0.contains("2.50") && $0.contains("40.0 MiB") })
        #expect(lines[0].contains("--quick"))
    }

    @Test("durations keep three significant digits", arguments: [
        (61.04, "61.0 ns"), (812, "812 ns"), (4210, "4.21 µs"), (60_300, "60.3 µs"), (2_500_000, "2.50 ms"), (3e9, "3.00 s"),
    ])
    func durations(nanoseconds: Double, text: String) {
        #expect(ReportFormatter.duration(nanoseconds) == text)
    }

    @Test func peakMemoryIsRead() {
        #expect(ProcessMemory.statusField("VmHWM", in: "Name:\tx\nVmHWM:\t   12345 kB\nVmRSS:\t 1 kB\n") == 12345)
        #expect(ProcessMemory.peakResidentBytes() > 1 << 20)
    }
}
