@testable import BenchmarkRunner
import Foundation
import Testing

@Suite struct ReportTests {
    let results = [
        result("hb-raw", median: 7000), result("icu-breaks", median: 2000), result("measure-cold", median: 12_000),
        result("pango", median: 60_000), result("measure-warm", median: 2000),
    ]

    @Test func figuresAreRatiosOfMediansAgainstTheirTargets() throws {
        let figures = Figure.all.map { $0.evaluate(results) }
        #expect(
            figures.prefix(3).map(\.name) == [
                "measure-cold / (hb-raw + icu-breaks)", "pango / measure-warm", "pango / rebreak",
            ])
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
        let first = try #require(
            text.split(separator: "\n").first { $0.contains("measure-cold / (hb-raw + icu-breaks)") })
        #expect(first.contains(" 1.33  target ≤ 1.5 ") && first.contains(" met "))
        #expect(text.contains("not run: rebreak"))
    }

    @Test func figuresOfAllocationsAndMeasurements() throws {
        var cacheHit = result("cache-hit", median: 80)
        cacheHit.mallocsPerOperation = 0
        var trace = result("scroll-trace", median: 50)
        trace.measurements = ["ours": 0.5, "LRU": 0.4]
        var fill = result("cache-fill", median: 50)
        fill.measurements = ["bytes": 57.38]
        let results = [cacheHit, trace, fill]

        let allocations = Figure(.mallocsPerOperation("cache-hit"), goal: .atMost(0), meaning: "").evaluate(results)
        #expect(allocations.name == "cache-hit mallocs/op")
        #expect(allocations.ratio == 0 && allocations.met == true)
        let policies = Figure(
            .measurementRatio("ours", over: "LRU", of: "scroll-trace"), goal: .atLeast(1), meaning: ""
        )
        .evaluate(results)
        #expect(policies.name == "scroll-trace: ours / LRU")
        #expect(try #require(policies.ratio) == 0.5 / 0.4)
        #expect(policies.met == true)
        let bytes = Figure(.measurement("bytes", of: "cache-fill"), unit: "B", goal: .atMost(64), meaning: "").evaluate(
            results)
        #expect(bytes.ratio == 57.38 && bytes.met == true)
        let absent = Figure(.measurement("nothing", of: "cache-fill"), goal: .atMost(1), meaning: "").evaluate(results)
        #expect(absent.ratio == nil && absent.missing == ["cache-fill: nothing"])
        let notRun = Figure(.mallocsPerOperation("prefetch-1"), goal: .atMost(0), meaning: "").evaluate(results)
        #expect(notRun.met == nil && notRun.missing == ["prefetch-1"])

        let text = ReportFormatter.figures([allocations, bytes, policies])
        #expect(text.contains("cache-hit mallocs/op           0  target ≤ 0     met"))
        #expect(text.contains("57.4 B  target ≤ 64 B  met"))
        #expect(text.contains("1.25  target ≥ 1"))
    }

    @Test(
        "figure values keep their unit",
        arguments: [
            (0.0, "", "0"), (1.256, "", "1.26"), (43.61, "", "43.6"), (0.42, "", "0.42"), (0.01834, "", "0.0183"),
            (0.000512, "", "0.000512"), (57.38, "B", "57.4 B"), (100.0, "%", "100.00 %"),
            (99.9999, "%", "99.99 %"), (99.5, "%", "99.50 %"),
        ])
    func figureValues(value: Double, unit: String, text: String) {
        #expect(ReportFormatter.figureValue(value, unit: unit) == text)
    }

    @Test func notesFollowTheFiguresUnderTheirScenario() {
        var trace = result("scroll-trace", median: 50)
        trace.notes = ["hit ratio S3-FIFO (ours) 0.504 vs LRU 0.463 at 400", "  capacity  S3-FIFO"]
        #expect(
            ReportFormatter.notes([result("pango", median: 1), trace])
                == "notes\n  scroll-trace: hit ratio S3-FIFO (ours) 0.504 vs LRU 0.463 at 400\n  scroll-trace:   capacity  S3-FIFO\n"
        )
        #expect(ReportFormatter.notes([result("pango", median: 1)]).isEmpty)
    }

    @Test func aReportWithoutMeasurementsOrUnitsStillReads() throws {
        // What a version-1 report written before measurements, notes and units looked like.
        let report = BenchmarkReport(
            date: "d", machine: MachineDescription(processors: 2, cpu: "c", system: "s"), quick: false,
            texts: 1, scenarios: [result("pango", median: 1000)],
            figures: [Figure(["pango"], over: ["pango"], goal: .atLeast(1), meaning: "m").evaluate([])])
        var object = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        var scenarios = try #require(object["scenarios"] as? [[String: Any]])
        var figures = try #require(object["figures"] as? [[String: Any]])
        #expect(scenarios[0]["measurements"] != nil && figures[0]["unit"] != nil)
        for index in scenarios.indices { scenarios[index]["measurements"] = nil; scenarios[index]["notes"] = nil }
        for index in figures.indices { figures[index]["unit"] = nil }
        object["scenarios"] = scenarios
        object["figures"] = figures
        let json = try JSONSerialization.data(withJSONObject: object)
        let path = NSTemporaryDirectory() + "old-report-\(UInt64.random(in: 0...UInt64.max)).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try json.write(to: URL(fileURLWithPath: path))
        let read = try BenchmarkReport(contentsOf: path)
        #expect(read == report)
        #expect(read.scenarios[0].measurements.isEmpty && read.scenarios[0].notes.isEmpty)
    }

    @Test func jsonRoundTrip() throws {
        let report = BenchmarkReport(
            date: "2026-11-29T21:40:00Z",
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
        let report = BenchmarkReport(
            date: "d", machine: MachineDescription(processors: 2, cpu: "cpu", system: "s"),
            quick: true, texts: 24, scenarios: results, figures: [])
        let lines = ReportFormatter.table(report).split(separator: "\n")
        #expect(
            lines.contains {
                $0.hasPrefix("scenario") && $0.contains("p99") && $0.contains("mallocs/op") && $0.contains("peak RSS")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("hb-raw") && $0.contains("7.00 µs") && $0.contains("2.50") && $0.contains("40.0 MiB")
            })
        #expect(lines[0].contains("--quick"))
    }

    @Test(
        "durations keep three significant digits",
        arguments: [
            (61.04, "61.0 ns"), (812, "812 ns"), (4210, "4.21 µs"), (60_300, "60.3 µs"), (2_500_000, "2.50 ms"),
            (3e9, "3.00 s"),
        ])
    func durations(nanoseconds: Double, text: String) {
        #expect(ReportFormatter.duration(nanoseconds) == text)
    }

    @Test func peakMemoryIsRead() {
        #expect(ProcessMemory.statusField("VmHWM", in: "Name:\tx\nVmHWM:\t   12345 kB\nVmRSS:\t 1 kB\n") == 12345)
        #expect(ProcessMemory.peakResidentBytes() > 1 << 20)
        #expect(ProcessMemory.residentBytes() > 1 << 20)
        #expect(ProcessMemory.residentBytes() <= ProcessMemory.peakResidentBytes())
    }
}
