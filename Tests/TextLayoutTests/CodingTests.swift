import Foundation
import Testing
import TestSupport
@testable import TextLayout

@Suite("Codable layouts and text")
struct CodingTests {
    let engine = Fixtures.engine

    func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test("ParagraphLayout survives JSON unchanged: corpus texts, widths, truncation, attachments")
    func paragraphLayouts() throws {
        var text = AttributedText("笑死")
        text.append(TextAttachment(width: 17, ascent: 14.96, descent: 2.04))
        text.append(" and some more text to wrap\nover lines")
        var layouts = [engine.layout(text, width: 60, maxLines: 2)]
        for (index, paragraph) in Fixtures.corpusTexts.prefix(200).enumerated() {
            layouts.append(
                engine.layout(paragraph, width: [343, 200, 90][index % 3], maxLines: index % 4 == 0 ? 2 : nil))
        }
        layouts.append(engine.layout("", width: 100))
        #expect(layouts.contains { $0.isTruncated })
        for layout in layouts {
            #expect(try roundTrip(layout) == layout)
        }
        let json = String(decoding: try JSONEncoder().encode(layouts[0]), as: UTF8.self)
        #expect(json.contains("\"fullLineCount\"") && json.contains("\"range\":[0,"))
    }

    @Test("a decoded ParagraphLayout is checked: fewer full lines than lines, a reversed range")
    func badParagraphLayouts() throws {
        let layout = engine.layout("one two three four five six", width: 40)
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(layout)) as! [String: Any]
        object["fullLineCount"] = 1
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ParagraphLayout.self, from: JSONSerialization.data(withJSONObject: object))
        }
        object["fullLineCount"] = layout.fullLineCount
        var lines = object["lines"] as! [[String: Any]]
        lines[0]["range"] = [5, 2]
        object["lines"] = lines
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ParagraphLayout.self, from: JSONSerialization.data(withJSONObject: object))
        }
        lines[0]["range"] = [-1, 2]
        object["lines"] = lines
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ParagraphLayout.self, from: JSONSerialization.data(withJSONObject: object))
        }
        lines[0]["width"] = "wide"
        object["lines"] = lines
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ParagraphLayout.self, from: JSONSerialization.data(withJSONObject: object))
        }
    }

    @Test("the summary has the keys of feedlayout measure")
    func summary() throws {
        let layout = engine.layout("产品介绍没有说明该怎么去装XP，幸亏我有带Sata驱动的XP", width: 200)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(layout.summary)) as! [String: Any]
        #expect(Set(object.keys) == ["lines", "height", "width", "truncated"])
        #expect(object["lines"] as? Int == 3 && object["truncated"] as? Bool == false)
        #expect(try roundTrip(layout.summary) == layout.summary)
    }

    @Test("AttributedText survives JSON with its attachments; offsets that are not a U+FFFC are refused")
    func attributedText() throws {
        var text = AttributedText("a")
        text.append(TextAttachment(width: 10, ascent: 8, descent: 2))
        text.append(TextAttachment(width: 12, ascent: 9, descent: 3))
        text.append("中\u{FFFC}文")  // a U+FFFC without an attachment stays a character
        text.append(TextAttachment(width: 1, ascent: 1, descent: 0))
        let decoded = try roundTrip(text)
        #expect(decoded == text)
        #expect(decoded.attachments.map(\.offset) == [1, 4, 16])
        #expect(try roundTrip(AttributedText("plain")) == AttributedText("plain"))
        #expect(try JSONDecoder().decode(AttributedText.self, from: Data(#"{"string": "no list"}"#.utf8)) == "no list")
        for bad in [
            #"{"string": "ab", "attachments": [{"offset": 1, "width": 1, "ascent": 1, "descent": 0}]}"#,
            #"{"string": "\#u{FFFC}\#u{FFFC}", "attachments": [{"offset": 3, "width": 1, "ascent": 1, "descent": 0}, {"offset": 0, "width": 1, "ascent": 1, "descent": 0}]}"#,
            #"{"string": "\#u{FFFC}", "attachments": [{"offset": 1, "width": 1, "ascent": 1, "descent": 0}]}"#,
            #"{"string": "\#u{FFFC}", "attachments": [{"offset": 0}]}"#,
            #"{"string": "x", "attachments": "none"}"#,
        ] {
            #expect(throws: DecodingError.self, "\(bad)") {
                try JSONDecoder().decode(AttributedText.self, from: Data(bad.utf8))
            }
        }
    }

    @Test("descriptions say what a layout, a line, a text and a font stack are")
    func descriptions() {
        let layout = engine.layout("one two three four five six seven", width: 60, maxLines: 2)
        #expect(
            layout.description
                == "2 lines, \(formatPoints(layout.width)) × \(formatPoints(layout.height)) pt, truncated (\(layout.fullLineCount) in full)"
        )
        #expect(engine.layout("", width: 10).description == "0 lines, 0 × 0 pt")
        #expect(layout.lines[0].description.hasPrefix("bytes 0..<"))
        #expect(layout.lines[1].description.hasSuffix(", truncated"))
        var text = AttributedText("笑死")
        text.append(TextAttachment(width: 17, ascent: 14, descent: 3))
        #expect(text.description == "\"笑死\u{FFFC}\" (1 attachment)")
        #expect(AttributedText("a\"b").description == #""a\"b""#)
        #expect(
            Fixtures.fonts.description
                == "Noto Sans Regular (NotoSans-Regular.ttf#0), Noto Sans CJK SC Regular (NotoSansCJK-Regular.ttc#2), Noto Color Emoji Regular (NotoColorEmoji.ttf#0)"
        )
        #expect(
            formatPoints(190.79100000001) == "190.791" && formatPoints(17) == "17" && formatPoints(0.0005) == "0.001")
    }
}
