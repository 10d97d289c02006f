import BenchmarkSupport
import Foundation

/// The `accuracy` tool: FeedLayout against Pango (live) and Chromium (fixtures) on the corpora.
/// `accuracy/main.swift` only calls ``main(arguments:console:)``.
public enum Accuracy {
    /// Runs the tool and returns its exit status: 0 when the checks pass (or after `--help` /
    /// `--show`), 1 when not or on a failure, 64 on bad usage (see ``AccuracyOptions/usage``).
    public static func main(arguments: [String], console: Console = .standard) -> Int32 {
        let options: AccuracyOptions
        do {
            options = try AccuracyOptions(arguments: arguments)
        } catch {
            console.diagnostics("Error: \(error)\n\n" + AccuracyOptions.usage)
            return 64
        }
        if options.help {
            console.output(AccuracyOptions.usage)
            return 0
        }
        do {
            return try run(options, console: console)
        } catch {
            console.diagnostics("Error: \(error)\n")
            return 1
        }
    }

    /// The default fixtures directory, `Benchmarks/Oracles/Fixtures`.
    public static var defaultFixturesDirectory: String {
        ((BenchmarkPaths.packageDirectory as NSString).appendingPathComponent("Oracles") as NSString)
            .appendingPathComponent("Fixtures")
    }

    /// One corpus with its texts (after `--limit`) and its fixtures.
    struct CorpusInput {
        let corpus: TextCorpus
        let texts: [String]
        let chromium: OracleFixture?
        let chromiumPath: String?
        let pango: OracleFixture?
    }

    static func run(_ options: AccuracyOptions, console: Console) throws -> Int32 {
        let fontsDirectory = try BenchmarkPaths.fontsDirectory(option: options.fontsDirectory)
        if let path = options.opportunitiesPath {
            let peer = try PangoPeer(fontsDirectory: fontsDirectory, fontSize: options.fontSize)
            try printOpportunities(of: readStrings(path), peer: peer, console: console)
            return 0
        }
        let fixtures = options.fixturesDirectory ?? defaultFixturesDirectory
        let inputs = try options.corpusPaths.map { path in
            try loadInput(path: path, fixtures: fixtures, options: options)
        }
        let peer = try PangoPeer(fontsDirectory: fontsDirectory, fontSize: options.fontSize)
        let engine = try EngineMeasurer(fontsDirectory: fontsDirectory, fontSize: options.fontSize)

        if let line = options.show {
            let input = inputs[0]
            guard line <= input.corpus.texts.count else {
                throw BenchmarkError("--show \(line): \(input.corpus.path) has \(input.corpus.texts.count) texts")
            }
            showBreakdown(
                line: line, text: input.corpus.texts[line - 1], widths: options.widths, peer: peer,
                engine: engine, chromium: input.chromium, console: console)
            return 0
        }

        let known: KnownDisagreements?
        let knownPath = options.knownPath ?? KnownDisagreements.defaultPath
        if options.knownPath == "none"
            || (options.knownPath == nil && !FileManager.default.fileExists(atPath: knownPath))
        {
            known = nil
        } else {
            known = try KnownDisagreements(contentsOf: knownPath)
        }

        let started = Date()
        let classifier = DisagreementClassifier(engine: engine, peer: peer)
        var corpora: [CorpusReport] = []
        var oursAlone: [OursAloneDisagreement] = []
        var measuredKeys = Set<String>()
        for input in inputs {
            let result = compare(input, widths: options.widths, peer: peer, engine: engine, classifier: classifier)
            corpora.append(result.report)
            oursAlone += result.oursAlone
            for width in options.widths {
                for index in input.texts.indices {
                    measuredKeys.insert(
                        OursAloneDisagreement.key(corpus: input.corpus.name, text: index + 1, width: width))
                }
            }
            if options.writePangoFixtures {
                let path = (fixtures as NSString).appendingPathComponent(input.corpus.name + ".pango.jsonl")
                try write(
                    result.pangoFixture(corpus: input.corpus, widths: options.widths, fontSize: options.fontSize)
                        .fileContents(), to: path)
                console.diagnostics("Pango's answers for \(input.corpus.name): \(path)\n")
            }
        }
        let elapsed = Date().timeIntervalSince(started)

        let new = known.map { list in oursAlone.filter { !list.contains($0) } } ?? oursAlone
        let fixed = known?.fixed(current: oursAlone, measured: measuredKeys) ?? []
        let targetMet = corpora.allSatisfy { corpus in
            corpus.widths.allSatisfy {
                $0.oracles?.meets(
                    linesPercent: AccuracyOptions.targetLinesPercent,
                    breaksPercent: AccuracyOptions.targetBreaksPercent) ?? true
            }
        }
        let pangoOnlyPassed = corpora.allSatisfy { corpus in
            corpus.chromiumFixture != nil
                || corpus.widths.allSatisfy { passes($0.pango, required: AccuracyOptions.requiredAgreement) }
        }
        let passed = pangoOnlyPassed && (known == nil ? targetMet : new.isEmpty)
        let report = AccuracyReport(
            pangoVersion: PangoPeer.pangoVersion, fontSize: options.fontSize,
            requiredAgreement: AccuracyOptions.requiredAgreement,
            targetLinesPercent: AccuracyOptions.targetLinesPercent,
            targetBreaksPercent: AccuracyOptions.targetBreaksPercent,
            knownDisagreements: known == nil ? nil : knownPath, passed: passed, corpora: corpora)

        console.output(AccuracyPrinter.report(report, oursAlone: oursAlone, elapsed: elapsed))
        console.output(
            AccuracyPrinter.verdict(
                report: report, known: known, new: new, fixed: fixed, targetMet: targetMet,
                pangoOnlyPassed: pangoOnlyPassed))
        if let path = options.jsonPath {
            try writeJSON(report, to: path)
            console.output("Full report with every disagreement: \(path)\n")
        }
        if let path = options.disagreementsPath {
            try writeJSON(oursAlone, to: path)
            console.output("Every disagreement of ours alone (\(oursAlone.count)): \(path)\n")
        }
        if let path = options.writeKnownPath {
            try write(KnownDisagreements(oursAlone).fileContents(), to: path)
            console.output("Known list of \(oursAlone.count) disagreements written to \(path)\n")
        }
        return passed ? 0 : 1
    }

    static func loadInput(path: String, fixtures: String, options: AccuracyOptions) throws -> CorpusInput {
        let corpus = try TextCorpus(contentsOf: path)
        let texts = options.limit.map { Array(corpus.texts.prefix($0)) } ?? corpus.texts
        func fixture(_ oracle: String) throws -> (OracleFixture, String)? {
            let file = (fixtures as NSString).appendingPathComponent("\(corpus.name).\(oracle).jsonl")
            guard FileManager.default.fileExists(atPath: file) else { return nil }
            let fixture = try OracleFixture(contentsOf: file)
            try fixture.check(against: corpus, widths: options.widths, fontSize: options.fontSize, path: file)
            return (fixture, file)
        }
        let chromium = try fixture("chromium")
        let pango = options.writePangoFixtures ? nil : try fixture("pango")
        return CorpusInput(
            corpus: corpus, texts: texts, chromium: chromium?.0, chromiumPath: chromium?.1, pango: pango?.0)
    }

    /// What comparing one corpus gives.
    struct CorpusResult {
        var report: CorpusReport
        var oursAlone: [OursAloneDisagreement]
        /// Pango's answers, [width][text].
        var pango: [[LineBreaks]]
        var texts: [String]

        func pangoFixture(corpus: TextCorpus, widths: [Double], fontSize: Double) throws -> OracleFixture {
            let header = OracleFixture.Header(
                oracle: "pango", version: "Pango \(PangoPeer.pangoVersion)",
                corpus: (corpus.path as NSString).lastPathComponent,
                corpusFNV1a64: try OracleFixture.fnv1a64(ofFile: corpus.path), texts: texts.count, widths: widths,
                fontSize: fontSize, families: PangoPeer.defaultFamilies.split(separator: ",").map(String.init),
                settings:
                    "PangoFT2 at 72 dpi, unrounded glyph positions, PANGO_WRAP_WORD_CHAR (Benchmarks/Sources/CPangoPeer)",
                breaks: "Unicode scalar offsets where lines 2, 3, ... start")
            let records = texts.enumerated().map { index, text in
                OracleFixture.Record(
                    text: index + 1, scalars: text.unicodeScalars.count,
                    lines: pango.map { $0[index].lineCount }, breaks: pango.map { $0[index].breaks })
            }
            return OracleFixture(header: header, records: records)
        }
    }

    static func compare(
        _ input: CorpusInput, widths: [Double], peer: PangoPeer, engine: EngineMeasurer,
        classifier: DisagreementClassifier
    ) -> CorpusResult {
        var widthReports: [CorpusWidthReport] = []
        var oursAlone: [OursAloneDisagreement] = []
        var pangoAnswers: [[LineBreaks]] = []
        for width in widths {
            var accumulator = WidthAccumulator(width: width)
            var agreement = input.chromium.map { _ in OracleAgreement(texts: input.texts.count) }
            var fixtureDifferences = input.pango.map { _ in 0 }
            var answers: [LineBreaks] = []
            answers.reserveCapacity(input.texts.count)
            for (index, text) in input.texts.enumerated() {
                let ours = engine.measure(text, width: width)
                let pangoMeasurement = peer.measure(text, width: width)
                let pango = LineBreaks(lineCount: pangoMeasurement.lineCount, breaks: peer.lastBreaks())
                answers.append(pango)
                accumulator.add(
                    line: index + 1, text: text, pango: pangoMeasurement, pangoLines: peer.lastLines(),
                    ours: ours.measurement, ourLines: ours.lines)
                if let fixture = input.pango, fixture.answer(text: index + 1, width: width) != pango {
                    fixtureDifferences? += 1
                }
                guard let chromium = input.chromium?.answer(text: index + 1, width: width) else { continue }
                agreement?.add(ours: ours.breaks, pango: pango, chromium: chromium)
                let alone =
                    (pango.lineCount == chromium.lineCount && ours.breaks.lineCount != pango.lineCount)
                    || (pango == chromium && ours.breaks != pango)
                if alone {
                    let disagreement = classifier.disagreement(
                        corpus: input.corpus.name, number: index + 1, text: text, width: width,
                        ours: ours.breaks, pango: pango, chromium: chromium)
                    agreement?.oursAloneByCause[disagreement.cause, default: 0] += 1
                    oursAlone.append(disagreement)
                }
            }
            pangoAnswers.append(answers)
            widthReports.append(
                CorpusWidthReport(
                    pango: accumulator.report, oracles: agreement,
                    pangoFixtureDifferences: fixtureDifferences))
        }
        let report = CorpusReport(
            name: input.corpus.name, path: input.corpus.path, texts: input.texts.count,
            chromiumFixture: input.chromiumPath, chromiumVersion: input.chromium?.header.version, widths: widthReports)
        return CorpusResult(report: report, oursAlone: oursAlone, pango: pangoAnswers, texts: input.texts)
    }

    /// Lays every text out at every width with Pango and with FeedLayout's engine (the
    /// default font stack of `fontsDirectory`) and compares them: ours against Pango as the
    /// tool reports it, without printing (the benchmark runner's `pango-agreement` uses it).
    ///
    /// - Parameters:
    ///   - texts: the paragraphs; text i is reported as line i + 1.
    ///   - widths: in pixels (= points).
    ///   - fontSize: in pixels.
    ///   - fontsDirectory: where the fonts are.
    /// - Returns: one report per width, in the order given.
    /// - Throws: ``BenchmarkError`` or a font error when Pango or the fonts cannot be set up.
    /// - Complexity: two layouts per text and width.
    public static func compare(
        texts: [String], widths: [Double], fontSize: Double,
        fontsDirectory: String
    ) throws -> [WidthReport] {
        let peer = try PangoPeer(fontsDirectory: fontsDirectory, fontSize: fontSize)
        let engine = try EngineMeasurer(fontsDirectory: fontsDirectory, fontSize: fontSize)
        return widths.map { width in
            var accumulator = WidthAccumulator(width: width)
            for (index, text) in texts.enumerated() {
                let ours = engine.measure(text, width: width)
                let pango = peer.measure(text, width: width)
                accumulator.add(
                    line: index + 1, text: text, pango: pango, pangoLines: peer.lastLines(),
                    ours: ours.measurement, ourLines: ours.lines)
            }
            return accumulator.report
        }
    }

    /// Whether the line counts agree on at least `required` percent of the texts (exactly, in
    /// integers: 99.5 % of 5,000 is 4,975).
    static func passes(_ report: WidthReport, required: Double) -> Bool {
        Double(report.agreeing) * 1000 >= (required * 10).rounded() * Double(report.texts)
    }

    /// The strings of a JSON file holding an array of strings (`--opportunities`).
    static func readStrings(_ path: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError("cannot read \(path)")
        }
        guard let strings = try? JSONSerialization.jsonObject(with: data) as? [String] else {
            throw BenchmarkError("\(path) must hold a JSON array of strings")
        }
        return strings
    }

    /// `--opportunities`: Pango's line break opportunities in each string, one JSON object a line.
    static func printOpportunities(of strings: [String], peer: PangoPeer, console: Console) throws {
        struct Line: Encodable {
            let text: String
            let pango: [Int]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var output = ""
        for string in strings {
            let line = Line(text: string, pango: peer.lineBreakOpportunities(string))
            output += String(decoding: try encoder.encode(line), as: UTF8.self) + "\n"
        }
        console.output(output)
    }

    /// `--show`: the lines of one text as Pango, Chromium and FeedLayout break them, and Pango's fonts.
    static func showBreakdown(
        line: Int, text: String, widths: [Double], peer: PangoPeer, engine: EngineMeasurer,
        chromium: OracleFixture?, console: Console
    ) {
        var out =
            "text \(line): \(text.utf8.count) bytes, \(text.unicodeScalars.count) scalars, \(text.count) characters\n"
        out += "  \(quoted(text))\n"
        _ = peer.measure(text, width: 0)
        let runs = fontRuns(of: text, peer: peer)
        out += "Pango's fonts, by runs (UTF-8 byte ranges), and each run's width measured alone\n"
        out += "(white space at its end excluded) by Pango and by FeedLayout:\n"
        for run in runs {
            let runText = text.utf8Slice(run.range)
            let pangoWidth = peer.measure(runText, width: 0).width
            let ourWidth = engine.width(of: runText)
            let marker = abs(pangoWidth - ourWidth) > 0.01 ? "≠" : " "
            out +=
                " \(marker)\(pad("[\(run.range.lowerBound), \(run.range.upperBound))", 12))  \(pad(fixed(pangoWidth, 2), 7))"
                + " \(pad(fixed(ourWidth, 2), 7)) px  \(run.font)  \(quoted(runText.excerpt(24)))\n"
        }
        for width in widths {
            let pango = peer.measure(text, width: width)
            let pangoLines = peer.lastLines()
            let pangoBreaks = peer.lastBreaks()
            let ours = engine.measure(text, width: width)
            let chromiumAnswer = chromium?.answer(text: line, width: width)
            out +=
                "\nwidth \(number(width)) px: Pango \(pango.lineCount) lines, height \(fixed(pango.height, 3)), widest \(fixed(pango.width, 3));"
                + " ours \(ours.measurement.lineCount) lines, height \(fixed(ours.measurement.height, 3)), widest \(fixed(ours.measurement.width, 3))"
                + (chromiumAnswer.map { "; Chromium \($0.lineCount) lines" } ?? "") + "\n"
            out +=
                "  breaks (scalar offsets): Pango \(pangoBreaks), ours \(ours.breaks.breaks)"
                + (chromiumAnswer.map { ", Chromium \($0.breaks)" } ?? "") + "\n"
            for index in 0..<max(pangoLines.count, ours.lines.count) {
                let pangoLine = index < pangoLines.count ? pangoLines[index] : nil
                let ourLine = index < ours.lines.count ? ours.lines[index] : nil
                let marker = pangoLine?.range.lowerBound == ourLine?.range.lowerBound ? " " : "≠"
                out += " \(marker)\(pad(String(index + 1), 3)) Pango \(describe(pangoLine, in: text))\n"
                out += "      ours  \(describe(ourLine, in: text))\n"
            }
        }
        console.output(out)
    }

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

    static func writeJSON<Value: Encodable>(_ value: Value, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try write(String(decoding: try encoder.encode(value), as: UTF8.self) + "\n", to: path)
    }

    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw BenchmarkError("cannot write \(path): \(error.localizedDescription)")
        }
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
