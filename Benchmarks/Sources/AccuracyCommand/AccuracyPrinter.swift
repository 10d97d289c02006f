import BenchmarkSupport
import Foundation

/// The text `accuracy` prints.
enum AccuracyPrinter {
    static func report(_ report: AccuracyReport, oursAlone: [OursAloneDisagreement], elapsed: TimeInterval) -> String {
        let texts = report.corpora.reduce(0) { $0 + $1.texts }
        let chromium = Set(report.corpora.compactMap(\.chromiumVersion)).sorted().joined(separator: ", ")
        var out =
            "FeedLayout against Pango \(report.pangoVersion) (live)"
            + (chromium.isEmpty ? "" : " and \(chromium) (fixtures)")
            + ", \(Accuracy.number(report.fontSize)) px: \(grouped(texts)) texts in \(report.corpora.count) "
            + (report.corpora.count == 1 ? "corpus" : "corpora") + " (\(Accuracy.fixed(elapsed, 1)) s)\n\n"

        out += "Agreement: texts with the same line count (lines) and with the same break positions (breaks).\n"
        out +=
            "Ours alone: of the texts where Pango and Chromium agree, those where we do not (target: at most "
            + "\(report.targetLinesPercent) % in lines, \(report.targetBreaksPercent) % in breaks).\n\n"
        let header = [
            pad("corpus", 8, left: true), pad("width", 5), pad("texts", 6),
            pad("ours = Pango", 19), pad("ours = Chromium", 19), pad("Pango = Chromium", 19),
            pad("ours alone: lines", 19), pad("breaks", 17), "  target",
        ]
        out += header.joined(separator: "  ") + "\n"
        out +=
            [pad("", 8), pad("", 5), pad("", 6)].joined(separator: "  ")
            + "  " + [String](repeating: pad("lines   breaks", 19), count: 3).joined(separator: "  ") + "\n"
        for corpus in report.corpora {
            for width in corpus.widths {
                var columns = [
                    pad(corpus.name, 8, left: true), pad(Accuracy.number(width.pango.width), 5),
                    pad(grouped(corpus.texts), 6),
                    pair(width.pango.agreeing, width.pango.identicalBreaks, of: width.pango.texts),
                ]
                if let oracles = width.oracles {
                    columns += [
                        pair(oracles.oursChromiumLines, oracles.oursChromiumBreaks, of: oracles.texts),
                        pair(oracles.pangoChromiumLines, oracles.pangoChromiumBreaks, of: oracles.texts),
                        pad(share(oracles.oursAloneLines, of: oracles.oraclesAgreeLines), 19),
                        pad(share(oracles.oursAloneBreaks, of: oracles.oraclesAgreeBreaks), 17),
                        oracles.meets(
                            linesPercent: report.targetLinesPercent, breaksPercent: report.targetBreaksPercent)
                            ? "  met" : "  NOT MET",
                    ]
                } else {
                    columns += [pad("no Chromium fixture", 19)]
                }
                out += columns.joined(separator: "  ") + "\n"
            }
        }
        let oracleWidths = report.corpora.flatMap(\.widths).compactMap(\.oracles)
        if oracleWidths.count > 1 {
            var total = OracleAgreement(texts: 0)
            for agreement in oracleWidths {
                total.texts += agreement.texts
                total.oursPangoLines += agreement.oursPangoLines
                total.oursPangoBreaks += agreement.oursPangoBreaks
                total.oursChromiumLines += agreement.oursChromiumLines
                total.oursChromiumBreaks += agreement.oursChromiumBreaks
                total.pangoChromiumLines += agreement.pangoChromiumLines
                total.pangoChromiumBreaks += agreement.pangoChromiumBreaks
                total.oraclesAgreeLines += agreement.oraclesAgreeLines
                total.oursAloneLines += agreement.oursAloneLines
                total.oraclesAgreeBreaks += agreement.oraclesAgreeBreaks
                total.oursAloneBreaks += agreement.oursAloneBreaks
            }
            out +=
                [
                    pad("all", 8, left: true), pad("", 5), pad(grouped(total.texts), 6),
                    pair(total.oursPangoLines, total.oursPangoBreaks, of: total.texts),
                    pair(total.oursChromiumLines, total.oursChromiumBreaks, of: total.texts),
                    pair(total.pangoChromiumLines, total.pangoChromiumBreaks, of: total.texts),
                    pad(share(total.oursAloneLines, of: total.oraclesAgreeLines), 19),
                    pad(share(total.oursAloneBreaks, of: total.oraclesAgreeBreaks), 17),
                    total.meets(linesPercent: report.targetLinesPercent, breaksPercent: report.targetBreaksPercent)
                        ? "  met" : "  NOT MET",
                ].joined(separator: "  ") + "\n"
            out += "(texts counted once per width)\n"
        }

        out += "\nHeights against Pango, over the texts whose line counts agree: largest and mean |Δ|, within 0.5 px\n"
        for corpus in report.corpora {
            for width in corpus.widths {
                let height = width.pango.height
                out +=
                    "  \(pad(corpus.name, 8, left: true)) \(pad(Accuracy.number(width.pango.width), 5))  "
                    + "max \(Accuracy.fixed(height.maxAbsolute, 3)) px, mean \(Accuracy.fixed(height.meanAbsolute, 3)) px, "
                    + "\(grouped(height.withinHalfPixel)) / \(grouped(height.count))"
                if let drift = width.pangoFixtureDifferences, drift > 0 {
                    out += "; Pango now differs from its fixture on \(grouped(drift)) texts"
                }
                out += "\n"
            }
        }

        for corpus in report.corpora where corpus.chromiumFixture == nil {
            for width in corpus.widths where !width.pango.disagreements.isEmpty {
                let shown = width.pango.disagreements.prefix(AccuracyOptions.printedDisagreements)
                out +=
                    "\n\(corpus.name) at \(Accuracy.number(width.pango.width)) px, line counts unlike Pango's "
                    + "(\(shown.count) of \(width.pango.disagreements.count); text: Pango lines vs ours):\n"
                for disagreement in shown {
                    out +=
                        "  text \(disagreement.line): \(disagreement.pangoLines) vs \(disagreement.ourLines)  "
                        + Accuracy.quoted(disagreement.excerpt) + "\n"
                }
            }
        }

        if !oursAlone.isEmpty {
            out +=
                "\nDisagreements of ours alone by cause (\(oursAlone.count) texts × widths; "
                + "\(oursAlone.filter { $0.kind == "lines" }.count) of them in line count):\n"
            for cause in Cause.allCases {
                let members = oursAlone.filter { $0.cause == cause.rawValue }
                guard !members.isEmpty else { continue }
                let lines = members.filter { $0.kind == "lines" }.count
                let identical = members.filter { $0.pango == $0.chromium }.count
                out +=
                    "  \(cause.rawValue): \(members.count) (\(lines) in line count; the oracles' breaks identical in \(identical))"
                    + " — \(cause.explanation)\n"
                for example in members.prefix(AccuracyOptions.printedExamples) {
                    out +=
                        "    \(example.key) \(example.kind): ours \(example.ours.lineCount) lines \(example.ours.breaks), "
                        + "oracles \(example.pango.lineCount) lines \(example.pango.breaks)\n"
                    out +=
                        "      line \(example.line + 1): ours \(Accuracy.quoted(example.ourLine.excerpt(30))) "
                        + "\(Accuracy.fixed(example.ourLineWidth, 2)) px (alone \(Accuracy.fixed(example.ourLineAloneWidth, 2)), "
                        + "Pango \(Accuracy.fixed(example.pangoOurLineWidth, 2))); oracles \(Accuracy.quoted(example.oracleLine.excerpt(30)))\n"
                }
            }
        }
        return out
    }

    static func verdict(
        report: AccuracyReport, known: KnownDisagreements?, new: [OursAloneDisagreement],
        fixed: [KnownDisagreements.Entry], targetMet: Bool, pangoOnlyPassed: Bool
    ) -> String {
        var out = "\n"
        out +=
            targetMet
            ? "Target met at every corpus and width.\n"
            : "Target NOT met (see the table): FeedLayout's engine must change, not this check.\n"
        if !pangoOnlyPassed {
            out +=
                "FAIL: on a corpus without a Chromium fixture, line counts agree with Pango on less than "
                + "\(Accuracy.number(report.requiredAgreement)) % of the texts at some width\n"
        }
        if let known, let path = report.knownDisagreements {
            out += "Known disagreements (\(path)): \(known.disagreements.count) listed"
            out +=
                fixed.isEmpty
                ? ".\n"
                : "; \(fixed.count) of them no longer disagree (e.g. \(fixed.prefix(5).map(\.key).joined(separator: ", "))): "
                    + "rewrite the list with --write-known.\n"
            if new.isEmpty {
                out += pangoOnlyPassed ? "PASS: no disagreement of ours alone outside the known list\n" : ""
            } else {
                out +=
                    "FAIL: \(new.count) disagreements of ours alone are not in the known list: "
                    + new.prefix(10).map { "\($0.key) (\($0.kind), \($0.cause))" }.joined(separator: ", ")
                    + (new.count > 10 ? ", …" : "") + "\n"
            }
        } else {
            out +=
                targetMet && pangoOnlyPassed
                ? "PASS\n" : (targetMet ? "" : "FAIL: the target is not met (no known list)\n")
        }
        return out
    }

    static func pair(_ lines: Int, _ breaks: Int, of texts: Int) -> String {
        pad(Accuracy.percent(lines, texts), 8) + "  " + pad(Accuracy.percent(breaks, texts), 8) + " "
    }

    /// "3 (0.120 %)".
    static func share(_ part: Int, of whole: Int) -> String {
        "\(grouped(part)) (\(Accuracy.fixed(OracleAgreement.percent(part, of: whole), 3)) %)"
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0, index % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return String(out.reversed())
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        guard text.count < width else { return text }
        let fill = String(repeating: " ", count: width - text.count)
        return left ? text + fill : fill + text
    }
}
