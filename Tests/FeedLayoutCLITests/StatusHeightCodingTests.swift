import FeedLayout
import Foundation
import StatusLayout
import Testing
import TestSupport

/// `StatusHeight`'s `Codable` form is a line of `feedlayout heights`, as the README says: the same
/// keys in the same order and the same numbers.
@Suite("StatusHeight as a line of heights")
struct StatusHeightCodingTests {
    @Test("jsonLine is the line heights prints, and the Codable form the same object, for each of 200 corpus statuses")
    func sameAsHeights() throws {
        let lines = String(decoding: HeightsCommandTests.corpus, as: UTF8.self).split(separator: "\n").prefix(200)
        let input = Array(lines.map { $0 + "\n" }.joined().utf8)
        let printed = runCells(["heights", "--scale", "3"], input: input).output.split(separator: "\n")
        let statuses = StatusDecoder().decodeAll(input).compactMap { try? $0.result.get() }
        #expect(statuses.count == 200 && printed.count == 200)
        let rows = RowHeights(engine: Fixtures.engine, context: LayoutContext(width: 375, scale: 3))
        var fractional = 0
        for (status, line) in zip(statuses, printed) {
            let record = StatusHeight(
                id: status.id, height: rows.height(for: status), kind: status.isRetweet ? .retweet : .original)
            if record.height != record.height.rounded() { fractional += 1 }
            #expect(record.jsonLine == String(line), "the line heights prints, byte for byte")
            let encoded = try JSONEncoder().encode(record)
            let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? NSDictionary)
            let printedObject = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary)
            #expect(object == printedObject, "the same object: \(String(decoding: encoded, as: UTF8.self))")
            #expect(try JSONDecoder().decode(StatusHeight.self, from: encoded).id == status.id)
        }
        #expect(fractional > 0, "thirds of a point at scale 3 are rounded as the CLI rounds them")
    }

    @Test("heights --help's example line is what heights prints for the corpus's first status")
    func helpExample() throws {
        let help = runTool(["heights", "--help"]).output
        let example = try #require(help.split(separator: "\n").first { $0.contains("\"id\": \"4900000000000000\"") })
        let first = Array(
            (String(decoding: HeightsCommandTests.corpus, as: UTF8.self).split(separator: "\n")[0] + "\n").utf8)
        #expect(runCells(["heights"], input: first).output == example.trimmingCharacters(in: .whitespaces) + "\n")
    }
}
