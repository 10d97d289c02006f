import BenchmarkSupport
import Foundation
import TextLayout

extension Scenario {
    /// Every script against Pango: per paragraph, on the per-script corpora, with the same
    /// Noto fonts for both (``ScriptsBenchmark``).
    public static let scripts = Scenario(
        "scripts",
        operation:
            "prepare + layout at 343 pt of a paragraph of the next script's corpus in turn (Corpus/scripts/), never measured before, by an engine with the Noto stack of every script warmed on the other half of the corpora; the set-up times each corpus against Pango (figures below)"
    ) { context in
        try ScriptsBenchmark.workload(context: context)
    }
}

/// The `scripts` scenario: one figure per script, Pango's median time per paragraph over ours,
/// both measured in the set-up on the same paragraphs and fonts, in alternating batches.
///
/// The corpora are `Corpus/scripts/*.txt` (Debian's catalogues, GNOME's help and man pages in
/// sixteen writing systems, and right-to-left posts; `make-scripts.py`), 5,000 paragraphs each
/// (24 with `--quick`). Both sides use one font stack: Noto Sans, then Noto Sans Arabic, Hebrew,
/// Devanagari, Bengali, Gujarati, Tamil, Telugu, Malayalam, Thai, Myanmar, Khmer and Georgian
/// (Debian's `fonts-noto-core`), then Noto Sans CJK SC and Noto Color Emoji; the rows
/// "uncovered" measure a corpus with the bundled three alone, which have none of its letters.
/// Ours is `prepare` + `layout` by an engine warmed on the other half of the corpus (as
/// `measure-warm`); Pango is the accuracy oracle's layout (`PangoPeer`). A batch of paragraphs
/// is measured by Pango, then the same paragraphs by us, until every paragraph was measured
/// or the time per corpus is used up; the figure is the ratio of the medians of the batches'
/// times per paragraph.
enum ScriptsBenchmark {
    /// The fonts of `fonts-noto-core` in the stack, after Noto Sans, in order.
    static let scriptFonts = [
        "Arabic", "Hebrew", "Devanagari", "Bengali", "Gujarati", "Tamil", "Telugu", "Malayalam", "Thai", "Myanmar",
        "Khmer", "Georgian",
    ]
    /// Where Debian puts them.
    static let notoDirectory = "/usr/share/fonts/truetype/noto"
    /// The corpora of `Corpus/scripts/`, by file name without `.txt`.
    static let corpora = [
        "arabic", "persian", "hebrew", "rtl-social", "devanagari", "bengali", "gujarati", "tamil", "telugu",
        "malayalam", "thai", "myanmar", "khmer", "georgian", "cyrillic", "greek", "vietnamese",
    ]
    /// The corpora measured with the bundled fonts alone, which cover none of their letters.
    static let uncovered = ["myanmar", "arabic"]
    /// Paragraphs per batch.
    static let batch = 50

    /// The measurement of a corpus's ratio (a figure's key).
    static func key(_ corpus: String) -> String { "pango / ours: \(corpus)" }
    /// The measurement of an uncovered corpus's ratio.
    static func uncoveredKey(_ corpus: String) -> String { "pango / ours: uncovered \(corpus)" }

    /// The figures of the scenario: at least 3 on every script, at least 1 on Myanmar and on
    /// uncovered text (issue 22).
    static let figures: [Figure] =
        corpora.map { corpus in
            Figure(
                .measurement(key(corpus), of: "scripts"), goal: .atLeast(corpus == "myanmar" ? 1 : 3),
                meaning: "a new \(corpus) paragraph (engine warm) against Pango, the same Noto fonts")
        }
        + uncovered.map { corpus in
            Figure(
                .measurement(uncoveredKey(corpus), of: "scripts"), goal: .atLeast(1),
                meaning: "a new \(corpus) paragraph no font covers (the bundled fonts alone) against Pango")
        }

    static func workload(context: ScenarioContext) throws -> any ScenarioWorkload {
        let files =
            [context.fontFile("NotoSans-Regular.ttf")]
            + scriptFonts.map { "\(notoDirectory)/NotoSans\($0)-Regular.ttf" }
            + [context.fontFile("NotoSansCJK-Regular.ttc"), context.fontFile("NotoColorEmoji.ttf")]
        for file in files where !FileManager.default.fileExists(atPath: file) {
            throw BenchmarkError("\(file) is missing (scripts/ensure-deps.sh --bench installs fonts-noto-core)")
        }
        // Face 2 of the CJK collection is Noto Sans CJK SC.
        let stack = try FontStack(files: files.map { $0.hasSuffix(".ttc") ? $0 + "#2" : $0 })
        let families =
            (["Noto Sans"] + scriptFonts.map { "Noto Sans \($0)" } + ["Noto Sans CJK SC", "Noto Color Emoji"])
            .joined(separator: ",")
        // Pango's fonts directory: the same files, linked.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feedlayout-scripts-\(getpid())", isDirectory: true
        ).path
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for file in files {
            try FileManager.default.createSymbolicLink(
                atPath: (directory as NSString).appendingPathComponent((file as NSString).lastPathComponent),
                withDestinationPath: file)
        }

        let style = context.style
        let width = context.width
        let limit = context.isQuick ? ScenarioContext.quickTextCount : Int.max
        let secondsPerCorpus = context.isQuick ? 0.0 : 0.6
        var texts: [String: [String]] = [:]
        for corpus in corpora {
            let path = BenchmarkPaths.corpusFile("scripts/\(corpus).txt")
            guard let data = FileManager.default.contents(atPath: path) else {
                throw BenchmarkError("cannot read \(path) (Corpus/make-scripts.py builds it)")
            }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            texts[corpus] = Array(lines.prefix(limit))
        }

        var measurements: [String: Double] = [:]
        var notes: [String] = []
        func compare(_ corpus: String, key: String, label: String, stack: FontStack, peer: PangoPeer) {
            let paragraphs = texts[corpus]!
            let (ours, pango) = time(
                paragraphs, stack: stack, peer: peer, style: style, width: width, seconds: secondsPerCorpus)
            measurements[key] = pango / ours
            notes.append(
                "\(label): ours \(ReportFormatter.duration(ours)), Pango \(ReportFormatter.duration(pango)) a paragraph, "
                    + "Pango / ours \(ReportFormatter.fixed(pango / ours, 2))")
        }
        let peer = try PangoPeer(fontsDirectory: directory, families: families, fontSize: context.fontSize)
        for corpus in corpora { compare(corpus, key: key(corpus), label: corpus, stack: stack, peer: peer) }
        let bundled = try context.fonts()
        let bundledPeer = try PangoPeer(fontsDirectory: context.fontsDirectory, fontSize: context.fontSize)
        for corpus in uncovered {
            compare(
                corpus, key: uncoveredKey(corpus), label: "uncovered \(corpus) (bundled fonts)", stack: bundled,
                peer: bundledPeer)
        }

        // The timed operation: the corpora's paragraphs interleaved, by warm engines.
        var mixed: [String] = []
        let longest = corpora.map { texts[$0]!.count }.max() ?? 0
        for i in 0..<longest {
            for corpus in corpora where i < texts[corpus]!.count { mixed.append(texts[corpus]![i]) }
        }
        return ScriptsWorkload(
            inner: warmEngines(mixed, stack: stack, style: style, width: width), measurements: measurements,
            notes: notes)
    }

    /// `measure-warm`'s workload over `paragraphs` with `stack`: each paragraph prepared and
    /// laid out by an engine warmed on the other half.
    static func warmEngines(_ paragraphs: [String], stack: FontStack, style: TextStyle, width: Double)
        -> WarmEngineWorkload
    {
        WarmEngineWorkload(
            inputs: paragraphs, makeEngine: { TextEngine(fonts: stack) },
            warm: { engine, text in blackHole(engine.layout(text, width: width, style: style)) },
            measure: { engine, text in blackHole(engine.prepare(text, style: style).layout(width: width)) })
    }

    /// The median times per paragraph, ours and Pango's, in nanoseconds: batches of paragraphs
    /// measured by Pango, then by an engine warmed on the other half (two engines, as
    /// `measure-warm`), in turn, until every paragraph was measured once and `seconds` are
    /// used up (at least one batch).
    static func time(
        _ paragraphs: [String], stack: FontStack, peer: PangoPeer, style: TextStyle, width: Double, seconds: Double
    ) -> (ours: Double, pango: Double) {
        let utf8 = paragraphs.map { Array($0.utf8) }
        let engines = warmEngines(paragraphs, stack: stack, style: style, width: width)
        engines.prepare(operations: paragraphs.count)  // warms two engines; they measure in text order
        var ours: [Double] = []
        var pango: [Double] = []
        var spent: UInt64 = 0
        var start = 0
        while start < paragraphs.count && (ours.isEmpty || Double(spent) < seconds * 1e9) {
            let end = min(start + batch, paragraphs.count)
            let t0 = Stopwatch.nanoseconds()
            for i in start..<end { blackHole(utf8[i].withUnsafeBufferPointer { peer.measure(utf8: $0, width: width) }) }
            let t1 = Stopwatch.nanoseconds()
            engines.run(operations: end - start)
            let t2 = Stopwatch.nanoseconds()
            pango.append(Double(t1 - t0) / Double(end - start))
            ours.append(Double(t2 - t1) / Double(end - start))
            spent += t2 - t0
            start = end
        }
        return (Percentiles(of: ours).p50, Percentiles(of: pango).p50)
    }
}

/// The `scripts` workload: the mixed paragraphs timed as `measure-warm` is, with the set-up's
/// per-script figures.
final class ScriptsWorkload: ScenarioWorkload {
    private let inner: WarmEngineWorkload
    let measurements: [String: Double]
    let notes: [String]

    init(inner: WarmEngineWorkload, measurements: [String: Double], notes: [String]) {
        self.inner = inner
        self.measurements = measurements
        self.notes = notes
    }

    func run(operations count: Int) { inner.run(operations: count) }
    func prepare(operations count: Int) { inner.prepare(operations: count) }
    var maximumOperationsPerSample: Int? { inner.maximumOperationsPerSample }
}
