@testable import BenchmarkRunner
import BenchmarkSupport
import Foundation
import StatusLayout
import Testing
import TextLayout

/// The differential test behind `decode-mobile` and `decode-pc`: every status of the corpus,
/// rewritten as m.weibo.cn and weibo.com send the same content, gives the cell the open API's
/// status gives (its rich text, pictures and height), with no warning.
@Suite struct WebShapesTests {
    @Test("the corpus in the three Weibo shapes: the same rich text, pictures and height for every status")
    func sameCellsInEveryShape() throws {
        let context = try ScenarioContext(
            texts: ["a", "b"], fontsDirectory: try BenchmarkPaths.fontsDirectory(), isQuick: false)
        let lines = try context.statusLines()
        let engine = TextEngine(fonts: try context.fonts())
        let layouter = CellLayouter(measurer: engine, style: .weibo)
        let decoder = StatusDecoder()
        var compared = 0, collapsing = 0
        for (index, line) in lines.enumerated() {
            let classic = try decoder.decode(line).result.get()
            // A text with white space a browser collapses (two spaces, a space at a line's end)
            // is not the same text once it is HTML: those are checked to decode, not compared.
            let survives =
                WebShapes.survivesHTML(classic.text.string)
                && (classic.retweetedStatus.map { WebShapes.survivesHTML($0.text.string) } ?? true)
            let expected = layouter.layout(classic, width: 375, scale: 2)
            for (shape, bytes) in [("mobile", try WebShapes.mobile(line)), ("pc", try WebShapes.pc(line))] {
                let status = try bytes.withUnsafeBytes {
                    try decoder.decode(StatusElement(bytes: $0, line: index + 1, index: index + 1, source: .webAPI))
                        .result.get()
                }
                #expect(status.id == classic.id && status.warnings.isEmpty, "\(shape) \(index + 1): \(status.warnings)")
                guard survives else { continue }
                let cell = layouter.layout(status, width: 375, scale: 2)
                #expect(
                    cell.richText.text == expected.richText.text,
                    "\(shape) \(index + 1): \(cell.richText.text.string.prefix(80))")
                #expect(
                    cell.retweetRichText?.text == expected.retweetRichText?.text,
                    "\(shape) \(index + 1): the retweet's text")
                #expect(
                    cell.pictures == expected.pictures && cell.retweetPictures == expected.retweetPictures,
                    "\(shape) \(index + 1)")
                #expect(
                    cell.height == expected.height, "\(shape) \(index + 1): \(cell.height) against \(expected.height)")
            }
            if survives { compared += 1 } else { collapsing += 1 }
        }
        #expect(lines.count == 5_000)
        #expect(compared >= 4_500, "\(compared) compared, \(collapsing) with white space HTML collapses")
    }
}
