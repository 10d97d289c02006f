@testable import BenchmarkRunner
import BenchmarkSupport
import Foundation
import Testing

/// The `scripts` scenario: its corpora are what Corpus/README.md says, its figures are one per
/// corpus, and on quick sizes it measures every corpus against Pango.
@Suite(.serialized) struct ScriptsScenarioTests {
    @Test(arguments: ScriptsBenchmark.corpora)
    func corpusHoldsFiveThousandTexts(corpus: String) throws {
        let path = BenchmarkPaths.corpusFile("scripts/\(corpus).txt")
        let data = try #require(FileManager.default.contents(atPath: path), "\(path) is missing")
        let text = try #require(String(data: data, encoding: .utf8), "\(path) is not UTF-8")
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 5_000)
        #expect(Set(lines).count == lines.count, "no text twice")
        #expect(lines.allSatisfy { (12...280).contains($0.unicodeScalars.count) })
        #expect(lines.allSatisfy { !$0.contains("\r") && !$0.contains("\t") })
    }

    @Test func everyCorpusFileIsMeasured() throws {
        let directory = BenchmarkPaths.corpusFile("scripts")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".txt") }
        #expect(Set(files.map { String($0.dropLast(4)) }) == Set(ScriptsBenchmark.corpora))
    }

    @Test func oneFigurePerCorpusAndUncoveredCorpus() {
        let names = ScriptsBenchmark.figures.map(\.name)
        #expect(names.count == ScriptsBenchmark.corpora.count + ScriptsBenchmark.uncovered.count)
        #expect(Set(names).count == names.count)
        #expect(ScriptsBenchmark.figures.allSatisfy { $0.scenarios == ["scripts"] })
        let myanmar = ScriptsBenchmark.figures.first { $0.name == "scripts: pango / ours: myanmar" }
        #expect(myanmar?.goal == .atLeast(1))
        #expect(ScriptsBenchmark.figures.first { $0.name == "scripts: pango / ours: thai" }?.goal == .atLeast(3))
    }

    @Test func quickRunMeasuresEveryCorpusAgainstPango() throws {
        let texts = try TextCorpus(contentsOf: TextCorpus.defaultPath).texts.prefix(ScenarioContext.quickTextCount)
        let context = try ScenarioContext(
            texts: Array(texts), fontsDirectory: try BenchmarkPaths.fontsDirectory(), isQuick: true)
        let workload = try Scenario.scripts.setUp(context)
        for corpus in ScriptsBenchmark.corpora {
            let ratio = try #require(workload.measurements[ScriptsBenchmark.key(corpus)], "\(corpus) not measured")
            #expect(ratio > 0 && ratio.isFinite)
        }
        for corpus in ScriptsBenchmark.uncovered {
            #expect(workload.measurements[ScriptsBenchmark.uncoveredKey(corpus)] != nil)
        }
        #expect(workload.notes.count == ScriptsBenchmark.corpora.count + ScriptsBenchmark.uncovered.count)
        workload.prepare(operations: 10)
        workload.run(operations: 10)
    }
}
