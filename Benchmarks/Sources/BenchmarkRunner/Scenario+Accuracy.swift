import AccuracyCommand
import BenchmarkSupport
import TextLayout

extension Scenario {
    /// Agreement with Pango on line counts, measured in the same run as the speed figures.
    public static let pangoAgreement = Scenario(
        "pango-agreement",
        operation:
            "one paragraph laid out by Pango and by our engine at 343 and at 200 pt, line counts compared; the set-up compares every text of the run (the accuracy tool's comparison)"
    ) { context in
        let widths = PangoAgreement.widths
        let reports = try Accuracy.compare(
            texts: context.texts, widths: widths, fontSize: context.fontSize,
            fontsDirectory: context.fontsDirectory)
        var measurements: [String: Double] = [:]
        var notes: [String] = []
        for report in reports {
            measurements[PangoAgreement.key(width: report.width)] = report.agreementPercent
            notes.append(
                "at \(ReportFormatter.number(report.width)) pt the line counts agree on "
                    + "\(ReportFormatter.grouped(report.agreeing)) / \(ReportFormatter.grouped(report.texts)) texts, "
                    + "the line breaks on \(ReportFormatter.grouped(report.identicalBreaks)); mean lines Pango "
                    + "\(ReportFormatter.fixed(report.pangoMeanLines, 4)), ours \(ReportFormatter.fixed(report.ourMeanLines, 4))"
            )
        }
        let peer = try PangoPeer(fontsDirectory: context.fontsDirectory, fontSize: context.fontSize)
        let engine = TextEngine(fonts: try context.fonts())
        let style = context.style
        let texts = context.texts.map { (text: $0, utf8: Array($0.utf8)) }
        var next = 0
        return ClosureWorkload(measurements: measurements, notes: notes) { count in
            var agreeing = 0
            for _ in 0..<count {
                let (text, utf8) = texts[next]
                for width in widths {
                    let pango = utf8.withUnsafeBufferPointer { peer.measure(utf8: $0, width: width) }
                    if pango.lineCount == engine.layout(text, width: width, style: style).lineCount { agreeing += 1 }
                }
                next = next + 1 == texts.count ? 0 : next + 1
            }
            blackHole(agreeing)
        }
    }
}

/// The widths and measurement names of `pango-agreement`.
enum PangoAgreement {
    /// The widths compared, in points (= pixels at 72 dpi).
    static let widths: [Double] = [343, 200]

    /// The measurement of the percentage of texts whose line counts agree at a width.
    static func key(width: Double) -> String { "line counts agree at \(ReportFormatter.number(width)) pt" }
}
