import BenchmarkSupport
import Foundation
import Testing

@Suite struct OracleFixtureTests {
    func temporaryFile(_ name: String, _ contents: String) throws -> String {
        let path = NSTemporaryDirectory() + "\(UInt64.random(in: 0...UInt64.max))-\(name)"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func header(texts: Int, hash: String = "0000000000000000") -> OracleFixture.Header {
        OracleFixture.Header(
            oracle: "chromium", version: "test", corpus: "c.txt", corpusFNV1a64: hash, texts: texts,
            widths: [343, 200], fontSize: 17, families: ["Noto Sans"])
    }

    @Test func fnv1aMatchesTheReferenceVectors() {
        // The FNV-1a 64 reference values for "", "a" and "foobar".
        #expect(OracleFixture.fnv1a64(of: Array("".utf8)) == "cbf29ce484222325")
        #expect(OracleFixture.fnv1a64(of: Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(OracleFixture.fnv1a64(of: Array("foobar".utf8)) == "85944171f73967e8")
    }

    @Test func roundTripsThroughItsFile() throws {
        let fixture = OracleFixture(
            header: header(texts: 2),
            records: [
                .init(text: 1, scalars: 10, lines: [1, 2], breaks: [[], [6]]),
                .init(text: 2, scalars: 40, lines: [2, 4], breaks: [[30], [10, 20, 35]]),
            ])
        let path = try temporaryFile("fixture.jsonl", try fixture.fileContents())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try OracleFixture(contentsOf: path)
        #expect(read.header == fixture.header)
        #expect(read.records == fixture.records)
        #expect(read.answer(text: 2, width: 200) == LineBreaks(lineCount: 4, breaks: [10, 20, 35]))
        #expect(read.answer(text: 2, width: 300) == nil)
        #expect(read.answer(text: 3, width: 343) == nil)
        #expect(read.answer(text: 0, width: 343) == nil)
    }

    @Test(
        "inconsistent records are refused with their line number",
        arguments: [
            #"{"text":2,"scalars":10,"lines":[1,1],"breaks":[[],[]]}"#,  // out of order
            #"{"text":1,"scalars":10,"lines":[2,1],"breaks":[[],[]]}"#,  // a break missing
            #"{"text":1,"scalars":10,"lines":[3,1],"breaks":[[5,4],[]]}"#,  // not ascending
            #"{"text":1,"scalars":10,"lines":[2,1],"breaks":[[10],[]]}"#,  // at the end of the text
            #"{"text":1,"scalars":10,"lines":[1],"breaks":[[]]}"#,  // a width missing
            #"{"text":1,"lines":[1,1],"breaks":[[],[]]}"#,  // no scalar count
            "not json",
        ])
    func refusesBadRecords(record: String) throws {
        let head = String(decoding: try JSONEncoder().encode(header(texts: 1)), as: UTF8.self)
        let path = try temporaryFile("bad.jsonl", head + "\n" + record + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try OracleFixture(contentsOf: path)
        } throws: { error in
            "\(error)".contains("bad.jsonl:2:")
        }
    }

    @Test func refusesAWrongCountOrHeader() throws {
        let head = String(decoding: try JSONEncoder().encode(header(texts: 2)), as: UTF8.self)
        let short = try temporaryFile(
            "short.jsonl", head + "\n" + #"{"text":1,"scalars":3,"lines":[1,1],"breaks":[[],[]]}"# + "\n")
        let headless = try temporaryFile("headless.jsonl", #"{"text":1}"# + "\n")
        defer {
            try? FileManager.default.removeItem(atPath: short)
            try? FileManager.default.removeItem(atPath: headless)
        }
        #expect { try OracleFixture(contentsOf: short) } throws: {
            "\($0)".contains("announces 2 texts, the file has 1")
        }
        #expect { try OracleFixture(contentsOf: headless) } throws: {
            "\($0)".contains("headless.jsonl:1: not a fixture header")
        }
        #expect(throws: BenchmarkError.self) { try OracleFixture(contentsOf: "/nonexistent/fixture.jsonl") }
    }

    @Test func isCheckedAgainstItsCorpus() throws {
        let corpusPath = try temporaryFile("c.txt", "中文 abc\nxyz\n")
        defer { try? FileManager.default.removeItem(atPath: corpusPath) }
        let corpus = try TextCorpus(contentsOf: corpusPath)
        let hash = try OracleFixture.fnv1a64(ofFile: corpusPath)
        let records: [OracleFixture.Record] = [
            .init(text: 1, scalars: 6, lines: [1, 1], breaks: [[], []]),
            .init(text: 2, scalars: 3, lines: [1, 1], breaks: [[], []]),
        ]
        let good = OracleFixture(header: header(texts: 2, hash: hash), records: records)
        try good.check(against: corpus, widths: [343], fontSize: 17, path: "f")
        #expect { try good.check(against: corpus, widths: [300], fontSize: 17, path: "f") } throws: {
            "\($0)".contains("no answers at width 300")
        }
        #expect { try good.check(against: corpus, widths: [343], fontSize: 16, path: "f") } throws: {
            "\($0)".contains("is for 17")
        }
        let stale = OracleFixture(header: header(texts: 2), records: records)
        #expect { try stale.check(against: corpus, widths: [343], fontSize: 17, path: "f") } throws: {
            "\($0)".contains("another version") && "\($0)".contains("chromium-oracle.py")
        }
        var wrongLength = good
        wrongLength.records[1].scalars = 4
        #expect { try wrongLength.check(against: corpus, widths: [343], fontSize: 17, path: "f") } throws: {
            "\($0)".contains("does not match the texts")
        }
    }

    /// The committed fixtures belong to the committed corpora: editing a corpus without running
    /// the oracles again fails here.
    @Test(arguments: TextCorpus.bundledNames)
    func committedFixturesMatchTheirCorpora(name: String) throws {
        let corpus = try TextCorpus(contentsOf: TextCorpus.path(forNameOrPath: name))
        let directory = (BenchmarkPaths.packageDirectory as NSString).appendingPathComponent("Oracles/Fixtures")
        for oracle in ["chromium", "pango"] {
            let path = (directory as NSString).appendingPathComponent("\(name).\(oracle).jsonl")
            let fixture = try OracleFixture(contentsOf: path)
            try fixture.check(against: corpus, widths: [343, 200], fontSize: 17, path: path)
            #expect(fixture.header.oracle == oracle)
            #expect(fixture.records.count == corpus.texts.count)
        }
    }

    @Test func bundledCorporaAreOneTextPerLine() throws {
        let counts = ["texts": 5000, "ja": 2500, "ko": 2500, "zh-hant": 2500, "en": 2500, "social": 2600]
        for name in TextCorpus.bundledNames {
            let corpus = try TextCorpus(contentsOf: TextCorpus.path(forNameOrPath: name))
            #expect(corpus.name == name)
            #expect(corpus.texts.count == counts[name])
            #expect(Set(corpus.texts).count == corpus.texts.count, "\(name) repeats a text")
            #expect(corpus.texts.allSatisfy { !$0.isEmpty && !$0.unicodeScalars.contains { $0.value < 0x20 } })
        }
    }
}

@Suite struct ScalarOffsetTests {
    @Test func utf8OffsetsBecomeScalarOffsets() {
        let text = "a中😀b"  // UTF-8: 1 + 3 + 4 + 1 bytes
        #expect(text.scalarOffsets(ofUTF8Offsets: [0, 1, 4, 8, 9]) == [0, 1, 2, 3, 4])
        #expect(text.scalarOffsets(ofUTF8Offsets: []) == [])
        #expect(text.scalarOffsets(ofUTF8Offsets: [2]) == [2])  // inside 中: counted before it
        #expect(text.scalarOffsets(ofUTF8Offsets: [9, 20]) == [4, 4])
        #expect("🏳️‍🌈x".scalarOffsets(ofUTF8Offsets: [14]) == [4])
    }

    @Test func namesAndPaths() {
        #expect(TextCorpus.path(forNameOrPath: "ja").hasSuffix("Benchmarks/Corpus/ja.txt"))
        #expect(TextCorpus.path(forNameOrPath: "/tmp/x.txt") == "/tmp/x.txt")
        #expect(TextCorpus.path(forNameOrPath: "mine.txt") == "mine.txt")
        #expect(TextCorpus(texts: [], path: "/a/b/zh-hant.txt").name == "zh-hant")
    }
}
