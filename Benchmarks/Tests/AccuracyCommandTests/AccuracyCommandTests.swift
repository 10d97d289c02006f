@testable import AccuracyCommand
import BenchmarkSupport
import Foundation
import Testing

@Suite struct AccuracyUsageTests {
    @Test(
        "bad usage exits 64 with the usage",
        arguments: [
            ["--frobnicate"], ["extra"], ["--widths", "0"], ["--widths", "343,343"], ["--size", "-1"],
            ["--limit", "0"],
            ["--corpus", ""], ["--corpus", "ja,"], ["--show", "3", "--corpus", "ja,ko"],
            ["--limit", "5", "--write-pango-fixtures"],
            ["--known"], ["--json"], ["--opportunities"], ["--opportunities", "s.json", "--show", "2"],
        ])
    func badUsage(arguments: [String]) {
        #expect(throws: BenchmarkError.self) { try AccuracyOptions(arguments: arguments) }
        let (console, written) = Console.capturing()
        #expect(Accuracy.main(arguments: arguments, console: console) == 64)
        #expect(written().diagnostics.hasPrefix("Error: "))
        #expect(written().diagnostics.contains("USAGE: accuracy"))
        #expect(written().output.isEmpty)
    }

    @Test func helpGoesToStandardOutput() {
        let (console, written) = Console.capturing()
        #expect(Accuracy.main(arguments: ["--help"], console: console) == 0)
        #expect(written().output.contains("USAGE: accuracy [options]"))
        #expect(written().output.contains("EXIT STATUS:"))
        #expect(written().output.contains("64 bad usage"))
        #expect(written().diagnostics.isEmpty)
    }

    @Test func optionsAreParsed() throws {
        let options = try AccuracyOptions(arguments: [
            "--corpus", "ja,ko", "--corpus=social", "--widths", "300",
            "--known", "none", "--disagreements", "d.json",
        ])
        #expect(options.corpora == ["ja", "ko", "social"])
        #expect(options.widths == [300])
        #expect(options.knownPath == "none")
        #expect(options.disagreementsPath == "d.json")
        #expect(options.corpusPaths.map { ($0 as NSString).lastPathComponent } == ["ja.txt", "ko.txt", "social.txt"])
        #expect(try AccuracyOptions(arguments: []).corpusPaths.count == TextCorpus.bundledNames.count)
    }

    @Test("--opportunities prints Pango's break opportunities per string; a bad file exits 1")
    func opportunities() throws {
        let path = NSTemporaryDirectory() + "accuracy-opportunities-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"["x -dx", "ハッシュ", "POSIX.1", ""]"#.utf8).write(to: URL(fileURLWithPath: path))
        let (console, written) = Console.capturing()
        #expect(Accuracy.main(arguments: ["--opportunities", path], console: console) == 0)
        // Measured: Pango breaks after a word-initial hyphen, never before a small kana, and
        // between a full stop and a digit after a word.
        #expect(
            written().output == """
                {"pango":[2,3],"text":"x -dx"}
                {"pango":[2],"text":"ハッシュ"}
                {"pango":[6],"text":"POSIX.1"}
                {"pango":[],"text":""}

                """)
        try Data(#"{"not": "an array"}"#.utf8).write(to: URL(fileURLWithPath: path))
        let (failing, failed) = Console.capturing()
        #expect(Accuracy.main(arguments: ["--opportunities", path], console: failing) == 1)
        #expect(failed().diagnostics.contains("must hold a JSON array of strings"))
        #expect(Accuracy.main(arguments: ["--opportunities", "/nonexistent/strings.json"], console: failing) == 1)
        #expect(failed().diagnostics.contains("cannot read /nonexistent/strings.json"))
    }

    @Test func aFailureExits1() {
        let (console, written) = Console.capturing()
        #expect(Accuracy.main(arguments: ["--corpus", "/nonexistent/corpus.txt"], console: console) == 1)
        #expect(written().diagnostics.hasPrefix("Error: cannot read the corpus /nonexistent/corpus.txt"))
        #expect(
            Accuracy.main(arguments: ["--corpus", "ja", "--known", "/nonexistent/known.json"], console: console) == 1)
        #expect(written().diagnostics.contains("cannot read the known disagreements"))
    }
}

@Suite struct OracleAgreementTests {
    let one = LineBreaks(lineCount: 2, breaks: [10])
    let other = LineBreaks(lineCount: 2, breaks: [11])
    let three = LineBreaks(lineCount: 3, breaks: [5, 10])

    @Test func countsEachPairAndOursAlone() {
        var agreement = OracleAgreement(texts: 4)
        agreement.add(ours: one, pango: one, chromium: one)  // all agree
        agreement.add(ours: other, pango: one, chromium: one)  // ours alone, in breaks
        agreement.add(ours: three, pango: one, chromium: other)  // oracles agree on the count only: ours alone in lines
        agreement.add(ours: one, pango: three, chromium: other)  // oracles disagree: nobody alone
        #expect(agreement.oursPangoLines == 2)
        #expect(agreement.oursPangoBreaks == 1)
        #expect(agreement.oursChromiumLines == 3)
        #expect(agreement.oursChromiumBreaks == 1)
        #expect(agreement.pangoChromiumLines == 3)
        #expect(agreement.pangoChromiumBreaks == 2)
        #expect(agreement.oraclesAgreeLines == 3)
        #expect(agreement.oursAloneLines == 1)
        #expect(agreement.oraclesAgreeBreaks == 2)
        #expect(agreement.oursAloneBreaks == 1)
        #expect(!agreement.meets(linesPercent: 0.03, breaksPercent: 0.1))
        #expect(agreement.meets(linesPercent: 100.0 / 3, breaksPercent: 50))
        #expect(!agreement.meets(linesPercent: 33, breaksPercent: 50))
    }

    @Test func theTargetIsExactInIntegers() {
        var agreement = OracleAgreement(texts: 10_000)
        agreement.oraclesAgreeLines = 10_000
        agreement.oraclesAgreeBreaks = 10_000
        agreement.oursAloneLines = 3  // 0.03 %
        agreement.oursAloneBreaks = 10  // 0.1 %
        #expect(agreement.meets(linesPercent: 0.03, breaksPercent: 0.1))
        agreement.oursAloneLines = 4
        #expect(!agreement.meets(linesPercent: 0.03, breaksPercent: 0.1))
    }
}

@Suite struct KnownDisagreementsTests {
    func disagreement(_ corpus: String, _ text: Int, kind: String) -> OursAloneDisagreement {
        let answer = LineBreaks(lineCount: 1, breaks: [])
        return OursAloneDisagreement(
            corpus: corpus, text: text, width: 343, kind: kind, cause: Cause.otherWidth.rawValue, ours: answer,
            pango: answer,
            chromium: answer, line: 0, ourLine: "", oracleLine: "", ourLineWidth: 0, ourLineAloneWidth: 0,
            pangoOurLineWidth: 0, longerLineWidth: 0, pangoLongerLineWidth: 0, textContent: "")
    }

    @Test func aLineCountEntryCoversABreakOnlyOneButNotTheOtherWayRound() throws {
        let known = KnownDisagreements([disagreement("ja", 3, kind: "lines"), disagreement("ko", 7, kind: "breaks")])
        #expect(known.contains(disagreement("ja", 3, kind: "lines")))
        #expect(known.contains(disagreement("ja", 3, kind: "breaks")))
        #expect(known.contains(disagreement("ko", 7, kind: "breaks")))
        #expect(!known.contains(disagreement("ko", 7, kind: "lines")))
        #expect(!known.contains(disagreement("ja", 4, kind: "breaks")))
        let fixed = known.fixed(current: [disagreement("ja", 3, kind: "breaks")], measured: ["ja:3@343", "ko:7@343"])
        #expect(fixed.map(\.key) == ["ko:7@343"])
        #expect(known.fixed(current: [], measured: []).isEmpty)  // not measured: not called fixed
    }

    @Test func roundTripsThroughItsFileAndRefusesBadKinds() throws {
        let known = KnownDisagreements([
            disagreement("social", 12, kind: "lines"), disagreement("en", 2, kind: "breaks"),
        ])
        #expect(known.disagreements.map(\.key) == ["en:2@343", "social:12@343"])
        let path = NSTemporaryDirectory() + "known-\(UInt64.random(in: 0...UInt64.max)).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(try known.fileContents().utf8).write(to: URL(fileURLWithPath: path))
        #expect(try KnownDisagreements(contentsOf: path) == known)
        try Data(#"{"note": "", "disagreements": [{"key": "a:1@343", "kind": "height", "cause": "x"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect { try KnownDisagreements(contentsOf: path) } throws: { "\($0)".contains("has kind 'height'") }
    }
}

@Suite struct CauseTests {
    func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    func cause(_ text: String, ourEnd: Int, oracleEnd: Int) -> Cause {
        let all = scalars(text)
        return DisagreementClassifier.breakCause(
            scalars: all, ourEnd: ourEnd, oracleEnd: oracleEnd,
            segment: all[0..<max(ourEnd, oracleEnd)])
    }

    @Test func breakOpportunities() {
        // "デフォルト": we break before ォ (after index 1), the oracles before フ.
        #expect(cause("デフォルト", ourEnd: 2, oracleEnd: 1) == .smallKanaAtLineStart)
        #expect(cause("on success. -EINVAL", ourEnd: 12, oracleEnd: 13) == .hyphenAfterSpace)
        #expect(cause("see POSIX.1-2008", ourEnd: 4, oracleEnd: 10) == .digitAfterFullStop)
        #expect(cause("위의 Super키 입력", ourEnd: 8, oracleEnd: 3) == .latinBeforeHangul)
        #expect(cause("see http://example.org/path", ourEnd: 11, oracleEnd: 23) == .breakOpportunity)
    }

    @Test func spacesBetweenScripts() {
        let after = scalars("中文 (a")
        #expect(
            DisagreementClassifier.hasSpace(in: after[...], between: DisagreementClassifier.isCJK) {
                !DisagreementClassifier.isCJK($0)
            })
        #expect(
            !DisagreementClassifier.hasSpace(in: scalars("中文 中文")[...], between: DisagreementClassifier.isCJK) {
                !DisagreementClassifier.isCJK($0)
            })
        // The base before a VS16 counts: "❤️ 我" is a space before CJK after an emoji.
        #expect(
            DisagreementClassifier.hasSpace(
                in: scalars("❤️ 我")[...], between: { !DisagreementClassifier.isCJK($0) },
                and: DisagreementClassifier.isCJK))
        #expect(
            DisagreementClassifier.isSmallKana("ー") && DisagreementClassifier.isSmallKana("ッ")
                && !DisagreementClassifier.isSmallKana("ツ"))
    }
}

/// The whole tool in-process on part of a real corpus, against the committed fixtures. The engine
/// changes, so the tests check how the outputs relate, not how many disagreements there are.
@Suite(.serialized) struct AccuracyRunTests {
    func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "\(UInt64.random(in: 0...UInt64.max))-\(name)"
    }

    @Test func disagreementsOfOursAloneAreThoseTheFixturesAndPangoSay() throws {
        let disagreementsPath = temporaryPath("alone.json")
        let reportPath = temporaryPath("report.json")
        let knownPath = temporaryPath("known.json")
        defer {
            for path in [disagreementsPath, reportPath, knownPath] { try? FileManager.default.removeItem(atPath: path) }
        }
        let arguments = [
            "--corpus", "social,ja", "--limit", "120", "--disagreements", disagreementsPath, "--json", reportPath,
        ]
        let (console, written) = Console.capturing()
        let status = Accuracy.main(
            arguments: arguments + ["--known", "none", "--write-known", knownPath], console: console)
        let alone = try JSONDecoder().decode(
            [OursAloneDisagreement].self,
            from: try Data(contentsOf: URL(fileURLWithPath: disagreementsPath)))
        let report = try JSONDecoder().decode(
            AccuracyReport.self, from: try Data(contentsOf: URL(fileURLWithPath: reportPath)))
        #expect(report.corpora.map(\.name) == ["social", "ja"])
        #expect(report.corpora.allSatisfy { $0.texts == 120 && $0.chromiumFixture != nil })
        let targetMet = report.corpora.allSatisfy { corpus in
            corpus.widths.allSatisfy { $0.oracles!.meets(linesPercent: 0.03, breaksPercent: 0.1) }
        }
        #expect(status == (targetMet ? 0 : 1), "\(written().diagnostics)")
        #expect(written().output.contains("ours = Pango"))

        let chromium = try OracleFixture(contentsOf: Accuracy.defaultFixturesDirectory + "/social.chromium.jsonl")
        for disagreement in alone {
            #expect(disagreement.ours != disagreement.pango)
            #expect(disagreement.pango.lineCount == disagreement.chromium.lineCount)
            if disagreement.corpus == "social" {
                #expect(chromium.answer(text: disagreement.text, width: disagreement.width) == disagreement.chromium)
            }
            #expect(Cause(rawValue: disagreement.cause) != nil)
            #expect(disagreement.textContent.unicodeScalars.count >= (disagreement.ours.breaks.last ?? 0))
        }
        let counted = report.corpora.flatMap(\.widths).reduce(0) {
            $0 + $1.oracles!.oursAloneByCause.values.reduce(0, +)
        }
        #expect(counted == alone.count)

        // With the list just written, the same run passes, and nothing is called fixed.
        let (again, againWritten) = Console.capturing()
        #expect(Accuracy.main(arguments: arguments + ["--known", knownPath], console: again) == 0)
        #expect(againWritten().output.contains("PASS: no disagreement of ours alone outside the known list"))
        #expect(!againWritten().output.contains("no longer disagree"))

        // With an empty list, every disagreement of ours alone is new.
        try Data(#"{"note": "", "disagreements": []}"#.utf8).write(to: URL(fileURLWithPath: knownPath))
        let (empty, emptyWritten) = Console.capturing()
        #expect(
            Accuracy.main(arguments: arguments + ["--known", knownPath], console: empty) == (alone.isEmpty ? 0 : 1))
        #expect(
            emptyWritten().output.contains(
                alone.isEmpty ? "PASS" : "FAIL: \(alone.count) disagreements of ours alone are not in the known list"))
    }

    @Test func showPrintsTheThreeBreakings() {
        let (console, written) = Console.capturing()
        #expect(Accuracy.main(arguments: ["--corpus", "ja", "--show", "2", "--widths", "200"], console: console) == 0)
        let output = written().output
        #expect(output.contains("text 2: "))
        #expect(output.contains("breaks (scalar offsets): Pango ["))
        #expect(output.contains(", Chromium ["))
        let (bad, badWritten) = Console.capturing()
        #expect(Accuracy.main(arguments: ["--corpus", "ja", "--show", "9999"], console: bad) == 1)
        #expect(badWritten().diagnostics.contains("has 2500 texts"))
    }
}
