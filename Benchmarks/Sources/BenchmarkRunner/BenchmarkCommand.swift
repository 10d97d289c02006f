import BenchmarkSupport
import Foundation

/// The `benchmark` tool. `benchmark/main.swift` only calls ``main(arguments:console:)``.
public enum BenchmarkCommand {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs the tool and returns its exit status: 0 when done (and nothing regressed), 1 on a
    /// regression, from a debug build or on a failure, 64 on bad usage.
    public static func main(arguments: [String], console: Console = .standard) -> Int32 {
        let options: BenchmarkOptions
        do {
            options = try BenchmarkOptions(arguments: arguments)
        } catch {
            console.diagnostics("Error: \(error)\n\n" + BenchmarkOptions.usage)
            return 64
        }
        if options.help {
            console.output(BenchmarkOptions.usage)
            return 0
        }
        if options.version {
            console.output("benchmark \(version) (FeedLayout benchmarks)\n")
            return 0
        }
        if options.list {
            console.output(scenarioList())
            return 0
        }
        if isDebugBuild {
            console.diagnostics(
                """
                Error: this is a debug build, and timings of a debug build mean nothing.
                Build and run in release: cd Benchmarks && swift run -c release benchmark \(arguments.joined(separator: " "))

                """)
            return 1
        }
        return run(options, console: console)
    }

    /// Whether the code was compiled without optimisation (`swift build` without `-c release`).
    public static var isDebugBuild: Bool {
        #if DEBUG
            return true
        #else
            return _isDebugAssertConfiguration()
        #endif
    }

    /// Runs the scenarios of `options` whatever the build (tests call it from debug builds).
    static func run(_ options: BenchmarkOptions, console: Console) -> Int32 {
        do {
            // Read the baseline before hours are spent, so a bad path fails at once.
            let baseline = try options.baselinePath.map { try BenchmarkReport(contentsOf: $0) }
            let fontsDirectory = try BenchmarkPaths.fontsDirectory(option: options.fontsDirectory)
            let corpus = try TextCorpus(contentsOf: options.corpusPath ?? TextCorpus.defaultPath)
            let texts = options.quick ? Array(corpus.texts.prefix(ScenarioContext.quickTextCount)) : corpus.texts
            let context = try ScenarioContext(texts: texts, fontsDirectory: fontsDirectory, isQuick: options.quick)
            if !MallocCounter.isActive {
                console.diagnostics("warning: the malloc counter is not active; mallocs/op will read 0\n")
            }

            let date = ISO8601DateFormatter().string(from: Date())
            let scenarios = options.scenarios
            let plan = options.plan
            var results: [ScenarioResult] = []
            for (index, scenario) in scenarios.enumerated() {
                let prefix = "[\(index + 1)/\(scenarios.count)] "
                let started = Date()
                let result = try Sampler.run(scenario, context: context, plan: plan) {
                    console.diagnostics(prefix + $0 + "\n")
                }
                console.diagnostics(
                    prefix + "\(scenario.name): p50 \(ReportFormatter.duration(result.medianNanoseconds))"
                        + " (\(String(format: "%.1f", Date().timeIntervalSince(started))) s)\n")
                results.append(result)
            }

            let report = BenchmarkReport(
                date: date, machine: .current(), quick: options.quick, texts: texts.count,
                scenarios: results, figures: Figure.all.map { $0.evaluate(results) })
            let notes = ReportFormatter.notes(results)
            console.output(
                ReportFormatter.table(report) + "\n" + ReportFormatter.figures(report.figures)
                    + (notes.isEmpty ? "" : "\n" + notes))
            if let jsonPath = options.jsonPath {
                try report.write(to: jsonPath)
                console.diagnostics("wrote \(jsonPath)\n")
            }
            if let baseline, let baselinePath = options.baselinePath {
                let comparison = Comparison(
                    current: results, baseline: baseline.scenarios, threshold: options.threshold)
                console.output("\n" + ReportFormatter.comparison(comparison, baselinePath: baselinePath))
                return comparison.hasRegression ? 1 : 0
            }
            return 0
        } catch {
            console.diagnostics("Error: \(error)\n")
            return 1
        }
    }

    /// `--list`: each scenario's name and what one operation is.
    static func scenarioList() -> String {
        let width = Scenario.all.map(\.name.count).max() ?? 0
        return Scenario.all.map { $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.operation }
            .joined(separator: "\n") + "\n"
    }
}
