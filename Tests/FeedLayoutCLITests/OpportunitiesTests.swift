import Foundation
import Testing
import TestSupport
@testable import FeedLayoutCLI

@Suite("feedlayout measure --json-lines --opportunities")
struct OpportunitiesTests {
    @Test("LineBreakTest.txt lines as JSON strings: the opportunities are the file's breaks")
    func lineBreakTestLines() throws {
        // Cases of LineBreakTest.txt (Unicode 15.0) that hold no CJ and no break inside a
        // cluster: a hard line break, spaces, CJK, an emoji, a hyphen.
        let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
        let file = try String(contentsOfFile: path, encoding: .utf8)
        let wanted = ["× 0041 × 000A ÷ 0042 ÷", "× 0061 × 0020 ÷ 0062 ÷", "× 4E00 ÷ 4E00 ÷", "× 0041 × 002D ÷ 0042 ÷"]
        var texts: [String] = []
        var expected: [[Int]] = []
        for line in file.split(separator: "\n") {
            let body =
                line.split(separator: "#", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard body.hasPrefix("×"), !body.contains("000D"), texts.count < 12 else { continue }
            var scalars = String.UnicodeScalarView()
            var breaks: [Int] = []
            var count = 0
            for token in body.split(separator: " ") {
                if token == "÷" {
                    breaks.append(count)
                } else if let v = UInt32(token, radix: 16), let s = Unicode.Scalar(v) {
                    scalars.append(s)
                    count += 1
                }
            }
            // Lines with a hard break (0x0A), a space, Han and a hyphen between letters.
            guard wanted.contains(body) || (texts.count < 8 && ["000A", "0020 ÷ 0041"].contains(where: body.contains))
            else { continue }
            texts.append(String(scalars))
            // The mandatory break after a hard line break at the end is listed (the file leaves the end out).
            let hardBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
            let endsInHardBreak = scalars.last.map { hardBreaks.contains($0.value) } ?? false
            expected.append(breaks.filter { $0 < count } + (endsInHardBreak ? [count] : []))
        }
        try #require(texts.count >= 4)
        var input = ""
        for text in texts { input += JSON.string(text) + "\n" }
        input += "{\"text\": \"a b\"}\n"
        let result = runTool(["measure", "--json-lines", "--opportunities"], input: Array(input.utf8))
        #expect(result.status == 0)
        let rows = try objects(result.output)
        try #require(rows.count == texts.count + 1)
        for (row, breaks) in zip(rows, expected) {
            #expect(row["opportunities"] as? [Int] == breaks)
        }
        #expect(rows.last?["opportunities"] as? [Int] == [2])
    }

    @Test("a malformed --json-lines line gets an error record naming the problem; nothing is dropped")
    func malformed() throws {
        let input = "\"ok\"\nnot json\n{\"name\": 1}\n{\"text\": 5}\n42\n\n\"a\\nb\"\n"
        let result = runTool(["measure", "--json-lines", "--opportunities"], input: Array(input.utf8))
        #expect(result.status == 1)
        let rows = try objects(result.output)
        try #require(rows.count == 7)
        #expect(rows[0]["lines"] as? Int == 1)
        #expect((rows[1]["error"] as? String)?.contains("not valid JSON") == true && rows[1]["line"] as? Int == 2)
        #expect((rows[2]["error"] as? String)?.contains("without a \"text\" field") == true)
        #expect((rows[3]["error"] as? String)?.contains("not a JSON string") == true)
        #expect((rows[4]["error"] as? String)?.contains("neither a string") == true)
        #expect((rows[5]["error"] as? String)?.contains("empty line") == true)
        #expect(rows[6]["lines"] as? Int == 2 && rows[6]["opportunities"] as? [Int] == [2])
    }
}
