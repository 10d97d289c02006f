@testable import BenchmarkRunner
import BenchmarkSupport
import Foundation
import Testing

@Suite struct OptionsTests {
    @Test func parsesNamesAndOptions() throws {
        let options = try BenchmarkOptions(arguments: [
            "pango", "--samples", "20", "--seconds=0.5", "hb-raw", "pango",
            "--json", "out.json", "--compare", "base.json", "--threshold", "0.1",
        ])
        #expect(options.scenarioNames == ["pango", "hb-raw"])
        #expect(options.scenarios.map(\.name) == ["pango", "hb-raw"])
        #expect(options.plan == SamplingPlan(maximumSamples: 20, maximumSeconds: 0.5, warmupSeconds: 0.25))
        #expect(options.jsonPath == "out.json")
        #expect(options.baselinePath == "base.json")
        #expect(options.threshold == 0.1)
    }

    @Test func defaultsRunEveryScenario() throws {
        let options = try BenchmarkOptions(arguments: [])
        #expect(options.scenarios.map(\.name) == Scenario.all.map(\.name))
        #expect(options.plan == .standard)
        #expect(options.threshold == 0.25)
        #expect(try BenchmarkOptions(arguments: ["--quick"]).plan == .quick)
    }

    @Test(
        "bad usage is refused",
        arguments: [
            ["--frobnicate"], ["no-such-scenario"], ["--samples", "0"], ["--seconds", "-1"], ["--threshold", "0.3"],
            ["--compare", "b.json", "--threshold", "0"], ["--json"],
        ])
    func badUsage(arguments: [String]) {
        #expect(throws: BenchmarkError.self) { try BenchmarkOptions(arguments: arguments) }
        let (console, written) = Console.capturing()
        #expect(BenchmarkCommand.main(arguments: arguments, console: console) == 64)
        #expect(written().diagnostics.hasPrefix("Error: "))
        #expect(written().diagnostics.contains("USAGE: benchmark"))
    }

    @Test func scenarioNamesAreUnique() {
        #expect(Set(Scenario.all.map(\.name)).count == Scenario.all.count)
        #expect(Figure.all.allSatisfy { $0.scenarios.allSatisfy { Scenario.named($0) != nil } })
    }

    @Test func helpAndListGoToStandardOutput() {
        let (console, written) = Console.capturing()
        #expect(BenchmarkCommand.main(arguments: ["-h"], console: console) == 0)
        #expect(BenchmarkCommand.main(arguments: ["--list"], console: console) == 0)
        let output = written().output
        #expect(output.contains("USAGE: benchmark [NAME ...] [options]"))
        #expect(output.contains("--compare FILE"))
        // One line per scenario, its name then what an operation is (aligned to the longest name).
        let lines = output.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("measure-warm ") && $0.contains(" prepare + layout") })
        #expect(lines.contains { $0.hasPrefix("cell-height-cold ") && $0.contains(" CellLayouter") })
        #expect(Scenario.all.allSatisfy { scenario in lines.contains { $0.hasPrefix(scenario.name + " ") } })
        #expect(written().diagnostics.isEmpty)
    }
}

/// The whole runner in-process on tiny sizes (whatever the build: timings are not judged).
@Suite(.serialized) struct QuickRunTests {
    func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "\(name)-\(UInt64.random(in: 0...UInt64.max)).json"
    }

    @Test func everyScenarioRunsAndTheFiguresAreComputed() throws {
        let json = temporaryPath("quick")
        defer { try? FileManager.default.removeItem(atPath: json) }
        let (console, written) = Console.capturing()
        let status = BenchmarkCommand.run(
            try BenchmarkOptions(arguments: ["--quick", "--json", json]), console: console)
        #expect(status == 0, "\(written().diagnostics)")
        let report = try BenchmarkReport(contentsOf: json)
        #expect(report.quick)
        #expect(report.texts == ScenarioContext.quickTextCount)
        #expect(report.scenarios.map(\.name) == Scenario.all.map(\.name))
        for scenario in report.scenarios {
            #expect(scenario.samples == 3)
            // A prefetch operation is already a whole timeline: its batches hold one.
            #expect(scenario.operationsPerSample == (scenario.name.hasPrefix("prefetch-") ? 1 : 4))
            #expect(scenario.nanosecondsPerOperation.p0 > 0)
            #expect(scenario.nanosecondsPerOperation.p0 <= scenario.nanosecondsPerOperation.p50)
            #expect(scenario.nanosecondsPerOperation.p50 <= scenario.nanosecondsPerOperation.p100)
            #expect(scenario.peakResidentBytes > 1 << 20)
        }
        // Measuring a paragraph allocates; a dictionary hit does not.
        #expect((report.scenario(named: "measure-cold")?.mallocsPerOperation ?? 0) >= 1)
        #expect(report.scenario(named: "dictionary-hit")?.mallocsPerOperation == 0)
        #expect(report.figures.count == Figure.all.count)
        #expect(report.figures.allSatisfy { $0.ratio != nil && $0.missing.isEmpty })
        // The scenarios' own measurements reach the report and its figures.
        #expect(report.scenario(named: "cache-hit")?.measurements["misses"] == 0)
        #expect(report.scenario(named: "cache-churn")?.measurements["evictions per insert"] == 1)
        // (cache-fill's bytes per height are the process's heap, which the suites running beside
        // this one move: FeedScenarioTests checks them.)
        #expect(report.scenario(named: "cache-fill")?.measurements["heights"] == 100_000)
        let policies = try #require(report.figures.first { $0.name.hasPrefix("scroll-trace:") }?.ratio)
        #expect(policies > 0.5 && policies < 2)
        let output = written().output
        #expect(output.contains("figures (ratios of this run's p50s"))
        #expect(output.contains("pango / rebreak"))
        #expect(output.contains("pango / cell-height-cold"))
        #expect(output.contains("\nnotes\n"))
        #expect(output.contains("  scroll-trace: hit ratio S3-FIFO (ours) "))
        let last = Scenario.all.count
        #expect(written().diagnostics.contains("[\(last)/\(last)] \(Scenario.all[last - 1].name): p50"))
    }

    @Test func compareExitsOneOnARegressionAndZeroOtherwise() throws {
        // A baseline ten times faster than anything: every scenario run regresses.
        let fast = temporaryPath("fast-baseline"), slow = temporaryPath("slow-baseline")
        defer {
            try? FileManager.default.removeItem(atPath: fast)
            try? FileManager.default.removeItem(atPath: slow)
        }
        let machine = MachineDescription(processors: 1, cpu: "test", system: "test")
        try BenchmarkReport(
            date: "d", machine: machine, quick: true, texts: 1,
            scenarios: [result("dictionary-hit", median: 0.001)], figures: []
        ).write(to: fast)
        try BenchmarkReport(
            date: "d", machine: machine, quick: true, texts: 1,
            scenarios: [result("dictionary-hit", median: 1e12)], figures: []
        ).write(to: slow)

        let (console, written) = Console.capturing()
        #expect(
            BenchmarkCommand.run(
                try BenchmarkOptions(arguments: ["dictionary-hit", "--quick", "--compare", fast]),
                console: console) == 1)
        #expect(written().output.contains("FAIL: dictionary-hit regressed"))
        #expect(
            BenchmarkCommand.run(
                try BenchmarkOptions(arguments: ["dictionary-hit", "--quick", "--compare", slow]),
                console: console) == 0)
        #expect(written().output.contains("PASS: no scenario regressed"))
        #expect(
            BenchmarkCommand.run(
                try BenchmarkOptions(arguments: ["--quick", "--compare", slow + ".missing"]),
                console: console) == 1)
        #expect(written().diagnostics.contains("Error: cannot read the baseline"))
    }

    @Test func warmEnginesHitTheirCachesAndMeasureEachTextOnce() throws {
        let texts = try TextCorpus(contentsOf: TextCorpus.defaultPath).texts.prefix(10).map { $0 }
        let context = try ScenarioContext(
            texts: texts, fontsDirectory: try BenchmarkPaths.fontsDirectory(), isQuick: true)
        let workload = try #require(try Scenario.measureWarm.setUp(context) as? WarmEngineWorkload)
        #expect(workload.maximumOperationsPerSample == 10)
        workload.prepare(operations: 4)
        let warmed = workload.cacheStatistics
        #expect(warmed.count == 2 && warmed.allSatisfy { $0.count > 0 })
        workload.run(operations: 4)
        let after = workload.cacheStatistics
        #expect(after[0].hits > warmed[0].hits)  // texts 0-3 reuse pieces of texts 5-9
        // Six texts are left unmeasured: eight more need fresh engines, warmed from scratch.
        workload.prepare(operations: 8)
        #expect(workload.cacheStatistics[0].hits == warmed[0].hits)
    }
}

/// The built `benchmark` binary, as a user runs it.
@Suite struct BinaryTests {
    static let binary: String = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("benchmark").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return BenchmarkPaths.packageDirectory + "/.build/debug/benchmark"
    }()

    func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read the pipes before waiting, so a full pipe cannot block the child.
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self)
        )
    }

    @Test func helpExitsZero() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "built binary at \(Self.binary)")
        let (status, output, errors) = try run(["--help"])
        #expect(status == 0)
        #expect(output.contains("USAGE: benchmark"))
        #expect(errors.isEmpty)
    }

    @Test func badUsageExits64() throws {
        let (status, output, errors) = try run(["--samples", "none"])
        #expect(status == 64)
        #expect(output.isEmpty)
        #expect(errors.hasPrefix("Error: --samples wants an integer"))
    }

    #if DEBUG
        @Test func aDebugBuildRefusesToReport() throws {
            let (status, output, errors) = try run(["--quick", "dictionary-hit"])
            #expect(status == 1)
            #expect(output.isEmpty)
            #expect(errors.contains("debug build") && errors.contains("swift run -c release benchmark"))

            let (console, written) = Console.capturing()
            #expect(BenchmarkCommand.isDebugBuild)
            #expect(BenchmarkCommand.main(arguments: ["--quick"], console: console) == 1)
            #expect(written().output.isEmpty)
        }
    #endif
}
