import Foundation
import Testing
import TestSupport
import TextLayout
@testable import StatusLayout

@Suite("Codable cells, Data and String inputs, descriptions")
struct CodingAndInputsTests {
    static let corpus: [UInt8] = Fixtures.corpusStatusBytes
    static let statuses = StatusDecoder().decodeAll(corpus).compactMap { try? $0.result.get() }

    func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test("CellLayout survives JSON unchanged: originals, reposts, pictures, entities, truncation")
    func cellLayouts() throws {
        var style = CellStyle.weibo
        style.maxTextLines = 3
        let layouter = CellLayouter(measurer: Fixtures.engine, style: style)
        let cells = Self.statuses.prefix(300).map { layouter.layout($0, width: 375, scale: 3) }
        #expect(cells.contains { $0.kind == .retweet } && cells.contains { $0.isTruncated })
        #expect(cells.contains { $0.richText.entities.contains { if case .link = $0.kind { true } else { false } } })
        #expect(cells.contains { !$0.richText.text.attachments.isEmpty })
        for cell in cells {
            #expect(try roundTrip(cell) == cell)
        }
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(cells[0])) as! [String: Any]
        #expect(object["statusID"] as? String == cells[0].statusID.description, "IDs as strings")
        #expect(object["kind"] as? String == "original")
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        #expect(blocks.map { $0["kind"] as? String } == cells[0].blocks.map(\.kind.rawValue))
        #expect((blocks[0]["frame"] as? [String: Any])?.keys.sorted() == ["height", "width", "x", "y"])
    }

    @Test("StatusID: a string out, a string or a whole number in; anything else refused")
    func statusIDs() throws {
        let id = StatusID(4_900_000_000_000_123)
        #expect(String(decoding: try JSONEncoder().encode([id]), as: UTF8.self) == #"["4900000000000123"]"#)
        #expect(
            try JSONDecoder().decode(
                [StatusID].self, from: Data(#"["4900000000000123", 4900000000000123, 9223372036854775807, "-1"]"#.utf8))
                == [id, id, StatusID(Int64.max), StatusID(-1)])
        for bad in [
            #"["12a"]"#, #"[""]"#, #"["+1"]"#, #"["-"]"#, #"["1.0"]"#, #"[1.5]"#, #"[9223372036854775808]"#, #"[null]"#,
            #"[true]"#,
        ] {
            #expect(throws: DecodingError.self, "\(bad)") {
                try JSONDecoder().decode([StatusID].self, from: Data(bad.utf8))
            }
        }
    }

    @Test("entities: kind, value, range; unknown kinds and ranges outside the text refused")
    func entities() throws {
        let rich = RichTextBuilder().build("@朋友 看 #话题# http://t.cn/abc [哈哈]", fontSize: 17)
        #expect(rich.entities.count == 4)
        #expect(try roundTrip(rich) == rich)
        let mention = try JSONSerialization.jsonObject(with: JSONEncoder().encode(rich.entities[0])) as! [String: Any]
        #expect(
            mention["kind"] as? String == "mention" && mention["value"] as? String == "朋友"
                && mention["range"] as? [Int] == [0, 7])
        #expect(rich.entities[0].description == "mention '朋友' at 0..<7")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                TextEntity.self, from: Data(#"{"kind": "hashtag", "value": "x", "range": [0, 1]}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                RichText.self,
                from: Data(
                    #"{"text": {"string": "ab"}, "entities": [{"kind": "topic", "value": "x", "range": [0, 3]}]}"#.utf8)
            )
        }
    }

    @Test("Data and String inputs decode exactly as bytes do")
    func inputs() throws {
        let decoder = StatusDecoder()
        let fromBytes = decoder.decodeAll(Self.corpus).map(\.description)
        #expect(decoder.decodeAll(Data(Self.corpus)).map(\.description) == fromBytes)
        #expect(decoder.decodeAll(String(decoding: Self.corpus, as: UTF8.self)).map(\.description) == fromBytes)
        let line = #"{"idstr": "42", "text": "好", "user": {"screen_name": "a"}}"#
        #expect(try decoder.decodeStatus(line) == decoder.decodeAll(line)[0].result.get())
        #expect(try decoder.decodeStatus(Data(line.utf8)).id == StatusID(42))
        let pretty = "{\n  \"idstr\": \"7\",\n  \"text\": \"x\"\n}\n"
        #expect(try decoder.decodeStatus(pretty).id == StatusID(7))
        #expect(throws: StatusDecodingError.self) { try decoder.decodeStatus("") }
        #expect(throws: StatusDecodingError.self) { try decoder.decodeStatus(#"{"text": "no id"}"#) }
        #expect(throws: StatusDecodingError.self) { try decoder.decodeStatus("[1, 2]") }
        #expect(throws: StatusDecodingError.self) { try decoder.decodeStatus(Data([0x7B, 0xFF])) }
        // A splitter fed Data in uneven chunks (a status cut across them) finds what the bytes hold.
        let splitter = StatusSplitter()
        var found: [String] = []
        func take(_ item: StatusSplitter.Item) {
            switch item {
            case .element(let element): found.append(decoder.decode(element).description)
            case .error(let error): found.append(error.description)
            }
        }
        var start = 0
        for size in [1, 7, 1_000, 33_333] where start < Self.corpus.count {
            let end = size == 33_333 ? Self.corpus.count : min(Self.corpus.count, start + size)
            splitter.feed(Data(Self.corpus[start..<end]), take)
            start = end
        }
        splitter.finish(take)
        #expect(found == fromBytes)
    }

    @Test("descriptions of a status, a cell and a decoded status")
    func descriptions() throws {
        let status = try StatusDecoder().decodeStatus(
            #"{"idstr": "5", "text": "一二三四五六七八九十一二三四五六七八九十一二三四五", "user": {"screen_name": "fortune"}, "pic_urls": [{"thumbnail_pic": "a"}], "retweeted_status": {"idstr": "6", "text": "x"}}"#
        )
        #expect(status.description == #"5 @fortune: "一二三四五六七八九十一二三四五六七八九十一二三四…" (1 picture, reposts 6)"#)
        let cell = CellLayouter(measurer: Fixtures.engine).layout(
            Status(id: StatusID(9), text: "好"), width: 375, scale: 2)
        #expect(cell.description == "9 original: \(cell.height) pt, text 1 of 1 lines")
        let decoded = StatusDecoder().decodeAll("{\"idstr\": \"1\"}\nnot json\n")
        #expect(decoded[0].description == #"1: 1: """#)
        #expect(decoded[1].description.hasPrefix("2: error: not valid JSON"))
    }
}
