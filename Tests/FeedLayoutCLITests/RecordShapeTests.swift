import FeedLayout
import Foundation
import StatusLayout
import Testing
import TestSupport
import TextLayout

/// The library's Codable records decode the CLI's lines: a server and the CLI speak alike.
@Suite("CLI records as Codable types")
struct RecordShapeTests {
    @Test("each line of feedlayout heights decodes to the StatusHeight the library computes")
    func heights() async throws {
        let corpus = HeightsCommandTests.corpus
        let result = runCells(["heights", "--width", "375", "--scale", "3"], input: corpus)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        let statuses = StatusDecoder().decodeAll(corpus).map { try! $0.result.get() }
        let rows = RowHeights(engine: Fixtures.engine, context: LayoutContext(width: 375, scale: 3))
        let expected = try await rows.heights(for: statuses)
        #expect(lines.count == expected.count)
        for (line, height) in zip(lines, expected) {
            let decoded = try JSONDecoder().decode(StatusHeight.self, from: Data(line.utf8))
            #expect(decoded.id == height.id && decoded.kind == height.kind)
            #expect(abs(decoded.height - height.height) < 0.00005, "the CLI rounds to 4 decimals")
        }
        let encoded = String(decoding: try JSONEncoder().encode(expected[0]), as: UTF8.self)
        #expect(encoded.contains("\"id\":\"\(expected[0].id)\""))
    }

    @Test("each line of feedlayout measure decodes to the layout's summary")
    func measure() throws {
        let texts = Array(Fixtures.corpusTexts.prefix(300))
        let result = runTool(
            ["measure", "--width", "200", "--max-lines", "3"], input: Array(texts.joined(separator: "\n").utf8))
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == texts.count)
        for (line, text) in zip(lines, texts) {
            let decoded = try JSONDecoder().decode(ParagraphLayout.Summary.self, from: Data(line.utf8))
            let summary = Fixtures.engine.layout(text, width: 200, maxLines: 3).summary
            #expect(decoded.lines == summary.lines && decoded.truncated == summary.truncated)
            #expect(abs(decoded.height - summary.height) < 0.00005 && abs(decoded.width - summary.width) < 0.00005)
        }
    }
}
