import Foundation
import Testing
import TestSupport
@testable import FeedLayoutCLI

func runCells(_ arguments: [String], input: [UInt8] = []) -> (status: Int32, output: String, errors: String) {
    runTool(arguments + ["--fonts-dir", Fixtures.fontsDirectory], input: input)
}

@Suite("feedlayout heights and layout")
struct HeightsCommandTests {
    static let corpus: [UInt8] = {
        Array(FileManager.default.contents(atPath: Fixtures.repositoryRoot + "/Benchmarks/Corpus/statuses.jsonl")!)
    }()

    @Test("the whole corpus: every line answered, in order, deterministic")
    func wholeCorpus() throws {
        let first = runCells(["heights"], input: Self.corpus)
        #expect(first.status == 0, "\(first.errors.prefix(300))")
        let rows = try objects(first.output)
        #expect(rows.count == 5_000)
        let ids = String(decoding: Self.corpus, as: UTF8.self).split(separator: "\n").map { line in
            (try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any])["idstr"] as! String
        }
        #expect(rows.map { $0["id"] as? String } == ids)
        #expect(rows.filter { $0["kind"] as? String == "retweet" }.count == 1_643)
        #expect(rows.allSatisfy { (($0["height"] as? Double) ?? 0) >= 101 })
        let second = runCells(["heights"], input: Self.corpus)
        #expect(second.output == first.output, "the same input gives the same output byte for byte")
    }

    @Test("bad lines answer with an error in place, blank lines are skipped; exit status 1 after every line")
    func badLines() throws {
        let input = "{\"id\": 1, \"text\": \"好\"}\n{\"id\": 2, \"text\n\n{\"id\": 3}\n"
        let result = runCells(["heights", "--width", "320", "--scale", "3"], input: Array(input.utf8))
        #expect(result.status == 1)
        let rows = try objects(result.output)
        #expect(rows.count == 3)
        #expect(rows[0]["id"] as? String == "1")
        #expect(rows[1]["line"] as? Int == 2 && rows[1]["index"] == nil)
        #expect(
            rows[1]["error"] as? String
                == "not valid JSON at line 2, column 16: the line ends inside a string (a string is not closed)")
        #expect(rows[2]["id"] as? String == "3")
    }

    @Test("a JSON array and a timeline object are read too; --max-lines collapses")
    func shapesAndMaxLines() throws {
        let long = String(repeating: "很长的微博正文", count: 40)
        let array = "[{\"id\": 7, \"text\": \"\(long)\"}]"
        let full = try objects(runCells(["heights"], input: Array(array.utf8)).output)
        let collapsed = try objects(
            runCells(["heights", "--max-lines", "3"], input: Array(("{\"statuses\": " + array + "}").utf8)).output)
        #expect(full.count == 1 && collapsed.count == 1)
        let h1 = try #require(full[0]["height"] as? Double)
        let h2 = try #require(collapsed[0]["height"] as? Double)
        #expect(h2 < h1)
        #expect(abs(h2 - (8 + 56 + (20 + 17 + 2 * 1.34 * 17) + 35 + 2)).magnitude < 0.5)
    }

    @Test(
        "bad usage exits 64",
        arguments: [
            ["heights", "--width", "10"], ["heights", "--scale", "0"], ["heights", "--scale", "x"],
            ["heights", "a", "b"], ["layout", "--index", "0"],
        ])
    func usage(arguments: [String]) {
        let result = runCells(arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: "))
    }

    @Test("a missing input file fails with status 1")
    func missingFile() {
        let result = runCells(["heights", "/nonexistent/statuses.jsonl"])
        #expect(result.status == 1)
        #expect(result.errors == "Error: cannot open '/nonexistent/statuses.jsonl': No such file or directory\n")
    }

    @Test("layout prints every frame of one status")
    func layout() throws {
        let result = runCells(["layout", "--index", "2"], input: Self.corpus)
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["id"] as? String == "4900000000007919")
        #expect((object["pictures"] as? [[Double]])?.count == 6)
        #expect((object["avatar"] as? [Double]) == [12, 23, 40, 40])
        let none = runCells(["layout", "--index", "9"], input: Array("{\"id\": 1}".utf8))
        #expect(none.status == 1 && none.errors.contains("no status 9"))
    }

    @Test(
        "a malformed field the cell can do without: every command answers and warns, naming the status and the field",
        arguments: [["heights"], ["layout", "--index", "2"], ["render", "--index", "2"], ["render-timeline"]])
    func decoderWarnings(command: [String]) throws {
        let output = NSTemporaryDirectory() + "feedlayout-warnings-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let png = ["render", "render-timeline"].contains(command[0]) ? ["-o", output] : []
        let input = "{\"id\": 1, \"text\": \"好\"}\n{\"id\": 2, \"text\": \"也好\", \"created_at\": 5, \"user\": []}\n"
        let result = runCells(command + png, input: Array(input.utf8))
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.output.isEmpty)
        #expect(
            result.errors == "warning: status 2 (line 2): created_at must be a string, not a number; ignored\n"
                + "warning: status 2 (line 2): user must be an object, not an array; ignored\n", "\(command[0])")
    }
}

@Suite("feedlayout heights: results independent of order and threads")
struct HeightsOrderTests {
    /// The corpus's statuses and 2,000 statuses of random text over all of Unicode (controls,
    /// marks, unassigned code points...), where a cache of shaped pieces that changed a result
    /// would show.
    static func lines() throws -> [String] {
        var lines = String(decoding: Fixtures.corpusStatusBytes, as: UTF8.self).split(separator: "\n").map(String.init)
        var random = PaletteText(seed: 0x0DE5, paletteSize: 12)
        for i in 0..<2_000 {
            let object: [String: Any] = [
                "idstr": String(9_000_000_000_000_000 + i), "id": 9_000_000_000_000_000 + i,
                "text": random.next(maxCount: 60),
            ]
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }
        return lines
    }

    @Test("shuffled input on 4 threads answers each status byte for byte as file order on 1 thread")
    func orderAndThreads() throws {
        let lines = try Self.lines()
        var generator = SplitMix(seed: 0x5_4FF1E)
        var shuffled = lines
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, generator.below(i + 1)) }
        #expect(shuffled != lines)
        func answers(_ input: [String], threads: Int) throws -> [String: String] {
            let result = runCells(
                ["heights", "--threads", String(threads)], input: Array((input.joined(separator: "\n") + "\n").utf8))
            #expect(result.status == 0, "\(result.errors.prefix(300))")
            var byID: [String: String] = [:]
            for line in result.output.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                byID[try #require(object["id"] as? String)] = String(line)
            }
            return byID
        }
        let inOrder = try answers(lines, threads: 1)
        let reordered = try answers(shuffled, threads: 4)
        #expect(inOrder.count == lines.count)
        let differing = inOrder.filter { reordered[$0.key] != $0.value }
        #expect(differing.isEmpty, "\(differing.count) statuses differ, e.g. \(differing.prefix(3))")
    }
}
