import BenchmarkSupport
import Foundation

/// The `accuracy` tool: FeedLayout against Pango on the corpus. `accuracy/main.swift` only
/// calls ``main(arguments:)``.
public enum Accuracy {
    /// Runs the tool and returns its exit status: 0 when the line counts agree often enough
    /// at every width (or after `--help` / `--show`), 1 when not, 2 on a usage or setup error.
    public static func main(arguments: [String]) -> Int32 {
        let options: AccuracyOptions
        do {
            options = try AccuracyOptions(arguments: arguments)
        } catch {
            printError("accuracy: \(error)\nRun 'accuracy --help' for the options.")
            return 2
        }
        if options.help {
            print(AccuracyOptions.usage, terminator: "")
            return 0
        }
        do {
            return try run(options)
        } catch {
            printError("accuracy: \(error)")
            return 2
        }
    }

    static func run(_ options: AccuracyOptions) throws -> Int32 {
        let fontsDirectory = try BenchmarkPaths.fontsDirectory(option: options.fontsDirectory)
        let corpus = try TextCorpus(contentsOf: options.corpusPath ?? TextCorpus.defaultPath)
        let texts = options.limit.map { Array(corpus.texts.prefix($0)) } ?? corpus.texts
        let peer = try PangoPeer(fontsDirectory: fontsDirectory, fontSize: options.fontSize)
        let engine = try EngineMeasurer(fontsDirectory: fontsDirectory, fontSize: options.fontSize)

        if let line = options.show {
            guard line <= corpus.texts.count else {
                throw BenchmarkError("--show \(line): the corpus has \(corpus.texts.count) texts")
            }
            showBreakdown(line: line, text: corpus.texts[line - 1], widths: options.widths, peer: peer, engine: engine)
            return 0
        }

        let started = Date()
        let accumulators = compare(texts: texts, widths: options.widths, peer: peer, engine: engine)
        let elapsed = Date().timeIntervalSince(started)

        let passed = accumulators.allSatisfy { $0.passes(required: AccuracyOptions.requiredAgreement) }
        let report = AccuracyReport(
            pangoVersion: PangoPeer.pangoVersion, corpus: corpus.path, texts: texts.count,
            fontSize: options.fontSize, requiredAgreement: AccuracyOptions.requiredAgreement,
            passed: passed, widths: accumulators.map(\.report))
        printReport(report, elapsed: elapsed)
        if let jsonPath = options.jsonPath {
            try writeJSON(report, to: jsonPath)
            print("Full report with every disagreement: \(jsonPath)")
        }
        return passed ? 0 : 1
    }

    /// Lays every text out at every width with Pango and with FeedLayout's engine (the
    /// default font stack of `fontsDirectory`) and compares them: what the tool reports,
    /// without printing (the benchmark runner's `pango-agreement` uses it).
    ///
    /// - Parameters:
    ///   - texts: the paragraphs; text i is reported as line i + 1.
    ///   - widths: in pixels (= points).
    ///   - fontSize: in pixels.
    ///   - fontsDirectory: where the fonts are.
    /// - Returns: one report per width, in the order given.
    /// - Throws: ``BenchmarkError`` or a font error when Pango or the fonts cannot be set up.
    /// - Complexity: two layouts per text and width.
    public static func compare(texts: [String], widths: [Double], fontSize: Double,
                               fontsDirectory: String) throws -> [WidthReport] {
        let peer = try PangoPeer(fontsDirectory: fontsDirectory, fontSize: fontSize)
        let engine = try EngineMeasurer(fontsDirectory: fontsDirectory, fontSize: fontSize)
        return compare(texts: texts, widths: widths, peer: peer, engine: engine).map(\.report)
    }

    static func compare(texts: [String], widths: [Double], peer: PangoPeer, engine: EngineMeasurer) -> [WidthAccumulator] {
        widths.map { width in
            var accumulator = WidthAccumulator(width: width)
            for (index, text) in texts.enumerated() {
                let ours = engine.measure(text, width: width)
                let pango = peer.measure(text, width: width)
                accumulator.add(line: index + 1, text: text, pango: pango, pangoLines: peer.lastLines(),
                                ours: ours.measurement, ourLines: ours.lines)
            }
            return accumulator
        }
    }

    // MARK: - Printing

    static func printReport(_ report: AccuracyReport, elapsed: TimeInterval) {
        print("FeedLayout against Pango \(report.pangoVersion): \(report.texts) texts of \(report.corpus), "
              + "\(number(report.fontSize)) px (\(fixed(elapsed, 1)) s)")
        for width in report.widths {
            let verdict = width.agreementPercent >= report.requiredAgreement ? "ok" : "BELOW \(number(report.requiredAgreement)) %"
            print("")
            print("width \(number(width.width)) px")
            print("  line counts agree   \(width.agreeing) / \(width.texts)  \(percent(width.agreeing, width.texts))  \(verdict)")
            print("  same line breaks    \(width.identicalBreaks) / \(width.texts)  \(percent(width.identicalBreaks, width.texts))")
            print("  mean lines          Pango \(fixed(width.pangoMeanLines, 4)), ours \(fixed(width.ourMeanLines, 4))")
            print("  height |Δ|          max \(fixed(width.height.maxAbsolute, 3)) px, mean \(fixed(width.height.meanAbsolute, 3)) px, "
                  + "within 0.5 px \(width.height.withinHalfPixel) / \(width.height.count)  (texts whose line counts agree)")
            print("  widest line |Δ|     max \(fixed(width.widestLine.maxAbsolute, 3)) px, mean \(fixed(width.widestLine.meanAbsolute, 3)) px, "
                  + "within 0.5 px \(width.widestLine.withinHalfPixel) / \(width.widestLine.count)")
            if !width.disagreements.isEmpty {
                let shown = width.disagreements.prefix(AccuracyOptions.printedDisagreements)
                print("  disagreements (\(shown.count) of \(width.disagreements.count); text: Pango lines/height vs ours):")
                for disagreement in shown {
                    print("    text \(disagreement.line): \(disagreement.pangoLines) lines \(fixed(disagreement.pangoHeight, 2)) px"
                          + " vs \(disagreement.ourLines) lines \(fixed(disagreement.ourHeight, 2)) px  "
                          + quoted(disagreement.excerpt))
                }
            }
            if !width.heightDifferences.isEmpty {
                let shown = width.heightDifferences.prefix(AccuracyOptions.printedHeightDifferences)
                print("  same line count, height off by more than 0.5 px (\(shown.count) of \(width.heightDifferences.count);"
                      + " text: lines, Pango height vs ours):")
                for difference in shown {
                    print("    text \(difference.line): \(difference.lines) lines, \(fixed(difference.pangoHeight, 2)) px"
                          + " vs \(fixed(difference.ourHeight, 2)) px  " + quoted(difference.excerpt))
                }
            }
        }
        print("")
        print(report.passed ? "PASS: line counts agree on at least \(number(report.requiredAgreement)) % of the texts at every width"
                            : "FAIL: line counts agree on less than \(number(report.requiredAgreement)) % of the texts at some width")
    }

    /// `--show`: the lines of one text as Pango and FeedLayout break them, and Pango's fonts.
    static func showBreakdown(line: Int, text: String, widths: [Double], peer: PangoPeer, engine: EngineMeasurer) {
        print("text \(line): \(text.utf8.count) bytes, \(text.count) characters")
        print("  \(quoted(text))")
        _ = peer.measure(text, width: 0)
        let runs = fontRuns(of: text, peer: peer)
        print("Pango's fonts, by runs (UTF-8 byte ranges), and each run's width measured alone")
        print("(white space at its end excluded) by Pango and by FeedLayout:")
        for run in runs {
            let runText = text.utf8Slice(run.range)
            let pangoWidth = peer.measure(runText, width: 0).width
            let ourWidth = engine.measure(runText, width: unwrapped).measurement.width
            let marker = abs(pangoWidth - ourWidth) > 0.01 ? "≠" : " "
            print(" \(marker)\(pad("[\(run.range.lowerBound), \(run.range.upperBound))", 12))  \(pad(fixed(pangoWidth, 2), 7))"
                  + " \(pad(fixed(ourWidth, 2), 7)) px  \(run.font)  \(quoted(runText.excerpt(24)))")
        }
        for width in widths {
            let pango = peer.measure(text, width: width)
            let pangoLines = peer.lastLines()
            let ours = engine.measure(text, width: width)
            print("")
            print("width \(number(width)) px: Pango \(pango.lineCount) lines, height \(fixed(pango.height, 3)), widest \(fixed(pango.width, 3));"
                  + " ours \(ours.measurement.lineCount) lines, height \(fixed(ours.measurement.height, 3)), widest \(fixed(ours.measurement.width, 3))")
            for index in 0..<max(pangoLines.count, ours.lines.count) {
                let pangoLine = index < pangoLines.count ? pangoLines[index] : nil
                let ourLine = index < ours.lines.count ? ours.lines[index] : nil
                let marker = pangoLine?.range.lowerBound == ourLine?.range.lowerBound ? " " : "≠"
                print(" \(marker)\(pad(String(index + 1), 3)) Pango \(describe(pangoLine, in: text))")
                print("      ours  \(describe(ourLine, in: text))")
            }
        }
    }

    /// A width no paragraph of the corpus reaches: FeedLayout's "do not wrap".
    static let unwrapped = 1e9

    static func describe(_ line: MeasuredLine?, in text: String) -> String {
        guard let line else { return "—" }
        let range = pad("[\(line.range.lowerBound), \(line.range.upperBound))", 12)
        let width = line.width.map { pad(fixed($0, 2), 7) + " px" } ?? pad("", 10)
        let height = line.height.map { " ↕" + fixed($0, 3) } ?? ""
        return "\(range) \(width)\(height)  \(quoted(text.utf8Slice(line.range)))"
    }

    /// Consecutive characters that Pango set in the same font (after `peer` measured `text`).
    static func fontRuns(of text: String, peer: PangoPeer) -> [(range: Range<Int>, font: String)] {
        var runs: [(range: Range<Int>, font: String)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            let font = peer.lastFont(atByteOffset: offset) ?? "?"
            if let last = runs.last, last.font == font, last.range.upperBound == offset {
                runs[runs.count - 1].range = last.range.lowerBound..<offset + length
            } else {
                runs.append((offset..<offset + length, font))
            }
            offset += length
        }
        return runs
    }

    // MARK: - Output helpers

    static func writeJSON(_ report: AccuracyReport, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(report).write(to: URL(fileURLWithPath: path))
        } catch {
            throw BenchmarkError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// 343 as "343", 17.5 as "17.5".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A percentage with two decimals, rounded down so that 4,999 of 5,000 never shows 100 %.
    static func percent(_ part: Int, _ whole: Int) -> String {
        guard whole > 0 else { return "—" }
        let hundredths = part * 10_000 / whole
        return "\(hundredths / 100).\(pad(String(hundredths % 100), 2, fill: "0")) %"
    }

    static func pad(_ text: String, _ width: Int, fill: Character = " ") -> String {
        text.count >= width ? text : String(repeating: fill, count: width - text.count) + text
    }

    static func quoted(_ text: String) -> String { "“" + text + "”" }
}
