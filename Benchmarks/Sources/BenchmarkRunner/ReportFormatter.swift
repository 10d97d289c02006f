import Foundation

/// The readable text of a run: the table, the figures, the comparison with a baseline.
public enum ReportFormatter {
    /// The header line and the table of the scenarios: time per operation at each percentile,
    /// throughput, allocations per operation and peak resident memory.
    public static func table(_ report: BenchmarkReport) -> String {
        var rows: [[String]] = [
            ["scenario", "samples", "ops/sample"]
                + Percentiles(p0: 0, p25: 0, p50: 0, p75: 0, p90: 0, p99: 0, p100: 0).labelled.map(\.label)
                + ["ops/s", "mallocs/op", "peak RSS"]
        ]
        for result in report.scenarios {
            rows.append(
                [result.name, String(result.samples), grouped(result.operationsPerSample)]
                    + result.nanosecondsPerOperation.labelled.map { duration($0.value) }
                    + [
                        grouped(Int(result.operationsPerSecond.rounded())), mallocs(result.mallocsPerOperation),
                        mebibytes(result.peakResidentBytes) + (result.peakIsSinceSetUp ? "" : "*"),
                    ])
        }
        var lines = [
            "FeedLayout benchmarks, \(report.date), \(report.machine.processors) cores, \(report.machine.cpu)"
                + (report.quick ? " (--quick: timings not to be judged)" : ""),
            "time per operation over the samples (each sample: one batch of ops/sample operations), \(grouped(report.texts)) texts",
            "",
        ]
        lines += align(rows, rightAligned: Set(1..<rows[0].count))
        if report.scenarios.contains(where: { !$0.peakIsSinceSetUp }) {
            lines.append("* peak since the process started (the kernel refused to reset it)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The figures section: each value, its target and whether it is met.
    public static func figures(_ figures: [FigureResult]) -> String {
        var rows: [[String]] = []
        for figure in figures {
            let value = figure.ratio.map { figureValue($0, unit: figure.unit) } ?? "—"
            let verdict: String
            switch figure.met {
            case true?: verdict = "met"
            case false?: verdict = "NOT MET"
            case nil: verdict = "not run: \(figure.missing.joined(separator: ", "))"
            }
            let target = "target " + figure.goal.description + (figure.unit.isEmpty ? "" : " " + figure.unit)
            rows.append([figure.name, value, target, verdict, figure.meaning])
        }
        return
            (["figures (ratios of this run's p50s, and what the scenarios measured)"]
            + align(rows, rightAligned: [1]).map { "  " + $0 })
            .joined(separator: "\n") + "\n"
    }

    /// A figure's value: a ratio with three significant digits ("2.58", "43.6", "0.0183"; "0"
    /// for none), a percentage with two decimals rounded down ("99.98 %", never "100.00 %"
    /// short of it), other units with one decimal ("57.4 B").
    static func figureValue(_ value: Double, unit: String) -> String {
        switch unit {
        case "" where value > 0 && value < 0.1:
            return fixed(value, min(8, 2 - Int(log10(value).rounded(.down))))
        case "": return value == 0 ? "0" : fixed(value, value >= 100 ? 0 : (value >= 10 ? 1 : 2))
        case "%": return fixed((value * 100).rounded(.down) / 100, 2) + " %"
        default: return fixed(value, 1) + " " + unit
        }
    }

    /// The notes the scenarios left (hit ratios, memory), each line prefixed with its
    /// scenario's name; empty when there are none.
    public static func notes(_ results: [ScenarioResult]) -> String {
        let lines = results.flatMap { result in result.notes.map { "  \(result.name): \($0)" } }
        return lines.isEmpty ? "" : (["notes"] + lines).joined(separator: "\n") + "\n"
    }

    /// The comparison with a baseline, one scenario a line, and the verdict.
    public static func comparison(_ comparison: Comparison, baselinePath: String) -> String {
        var rows: [[String]] = [["scenario", "baseline p50", "p50", "change", ""]]
        for entry in comparison.entries {
            let change = entry.change.map { ($0 >= 0 ? "+" : "") + fixed($0 * 100, 1) + " %" } ?? "—"
            let verdict: String
            switch entry.verdict {
            case .regressed: verdict = "REGRESSED"
            case .unchanged: verdict = "ok"
            case .improved: verdict = "faster"
            case .new: verdict = "new (not in the baseline)"
            }
            rows.append([
                entry.name, entry.baselineNanoseconds.map(duration) ?? "—", duration(entry.currentNanoseconds),
                change, verdict,
            ])
        }
        var lines = [
            "compared with \(baselinePath) (a p50 more than \(fixed(comparison.threshold * 100, 0)) % slower fails)"
        ]
        lines += align(rows, rightAligned: [1, 2, 3]).map { "  " + $0 }
        if !comparison.notRun.isEmpty {
            lines.append("  in the baseline, not run: \(comparison.notRun.joined(separator: ", "))")
        }
        lines.append(
            comparison.hasRegression
                ? "FAIL: \(comparison.regressions.map(\.name).joined(separator: ", ")) regressed"
                : "PASS: no scenario regressed")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Numbers

    /// A time in nanoseconds with three significant digits and a unit: "812 ns", "4.21 µs".
    public static func duration(_ nanoseconds: Double) -> String {
        let units: [(Double, String)] = [(1e9, "s"), (1e6, "ms"), (1e3, "µs"), (1, "ns")]
        let (scale, unit) = units.first { nanoseconds >= $0.0 } ?? (1, "ns")
        return significant(nanoseconds / scale) + " " + unit
    }

    /// Three significant digits: 4.21, 42.1, 421.
    static func significant(_ value: Double) -> String {
        fixed(value, value >= 100 ? 0 : (value >= 10 ? 1 : 2))
    }

    static func mallocs(_ value: Double) -> String {
        value == 0 ? "0" : (value >= 100 ? fixed(value, 0) : fixed(value, 2))
    }

    static func mebibytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 1) + " MiB" }

    /// An integer with thousands separated by commas: 1,234,567.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

    /// 1.5 as "1.5", 20 as "20".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Rows as columns two spaces apart, left-aligned but for the columns in `rightAligned`.
    static func align(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            return String(cells.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }
    }
}
