import BenchmarkSupport
import Testing

@Suite struct OptionParserTests {
    @Test func parsesValuesFlagsAndLists() throws {
        var parser = OptionParser(["--widths", "343, 200", "-h", "--limit=12", "--json", "out.json"])
        let help = parser.flag("-h", "--help")
        let widths = try parser.doubleList("--widths")
        let limit = try parser.integer("--limit")
        let json = try parser.value("--json")
        let corpus = try parser.value("--corpus")
        #expect(help)
        #expect(widths == [343, 200])
        #expect(limit == 12)
        #expect(json == "out.json")
        #expect(corpus == nil)
        try parser.finish()
    }

    @Test func rejectsBadInput() {
        #expect(throws: BenchmarkError.self) {
            var parser = OptionParser(["--widths", "343,"])
            _ = try parser.doubleList("--widths")
        }
        #expect(throws: BenchmarkError.self) {
            var parser = OptionParser(["--size", "-3"])
            _ = try parser.positiveDouble("--size")
        }
        #expect(throws: BenchmarkError.self) {
            var parser = OptionParser(["--limit"])
            _ = try parser.integer("--limit")
        }
        #expect(throws: BenchmarkError.self) { try OptionParser(["--frobnicate"]).finish() }
    }
}

@Suite struct CorpusTests {
    @Test func theBundledCorpusHas5000Texts() throws {
        let corpus = try TextCorpus(contentsOf: TextCorpus.defaultPath)
        #expect(corpus.texts.count == 5000)
        #expect(corpus.texts.allSatisfy { !$0.contains("\n") && !$0.contains("\r") })
    }

    @Test func excerptsAndSlices() {
        #expect("外🏳️‍🌈壳".excerpt(2) == "外🏳️‍🌈…")
        #expect("外🏳️‍🌈壳".excerpt(3) == "外🏳️‍🌈壳")
        #expect("a中b".utf8Slice(1..<4) == "中")
        #expect("a中b".utf8Slice(3..<99) == "\u{FFFD}b")
    }
}
