import Foundation
import Testing
import TestSupport
import TextLayout
@testable import StatusLayout

/// Real Weibo responses that public projects saved (`../shared/realdata`, read in place):
/// YYKit's own demo pages, open-API pages, m.weibo.cn and weibo.com ajax responses. Every status
/// is answered with a height and no markup is measured; on YYKit's pages every height is YYKit's
/// formula for that status.
@Suite("Real Weibo data", .enabled(if: Fixtures.realDataDirectory != nil, "../shared/realdata is not beside the clone"))
struct WeiboRealDataTests {
    static let folders = ["yykit", "weibo-open", "weibo-mobile", "weibo-pc"]

    static func files(_ folder: String) -> [String] {
        Fixtures.realDataFiles(folder).filter {
            folder != "yykit" || URL(fileURLWithPath: $0).lastPathComponent.hasPrefix("weibo_")
        }
    }

    /// Every status of a file and its cell, with the status's decoding warnings.
    static func cells(_ path: String, layouter: CellLayouter<TextEngine>) throws -> [(status: Status, cell: CellLayout)]
    {
        let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
        return try StatusDecoder().decodeAll(bytes).map { decoded in
            let status = try decoded.result.get()
            return (status, layouter.layout(status, width: 375, scale: 2))
        }
    }

    @Test("every status of every Weibo file is answered with a height, and no markup is measured", arguments: folders)
    func everyStatusAnswered(folder: String) throws {
        let layouter = CellLayouter(measurer: Fixtures.engine, style: .automatic)
        let paths = Self.files(folder)
        try #require(!paths.isEmpty, "no files in \(folder)")
        var total = 0
        for path in paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let cells = try Self.cells(path, layouter: layouter)
            #expect(!cells.isEmpty, "\(name): no statuses")
            for (status, cell) in cells {
                total += 1
                #expect(cell.height > 101, "\(name): status \(status.id) is an empty cell (\(cell.height) pt)")
                #expect(status.warnings.isEmpty, "\(name): status \(status.id): \(status.warnings)")
                // The open API's text is plain (its line breaks, mentions and topics kept), never read as HTML.
                if folder == "yykit" || folder == "weibo-open" {
                    for text in [status.text] + (status.retweetedStatus.map { [$0.text] } ?? []) where !text.isEmpty {
                        #expect(text.markup == .plain, "\(name): status \(status.id): text read as \(text.markup)")
                    }
                }
                for text in Self.texts(cell.blocks) {
                    let shown = text.richText.text.string
                    #expect(
                        !shown.contains("<a") && !shown.contains("<span") && !shown.contains("<br")
                            && !shown.contains("<img")
                            && !shown.contains("&gt;") && !shown.contains("&amp;") && !shown.contains("&quot;"),
                        "\(name): status \(status.id) measures markup: \(shown.prefix(120))")
                }
            }
        }
        let expected = ["yykit": 206, "weibo-open": 151, "weibo-mobile": 12, "weibo-pc": 22][folder]!
        #expect(total == expected, "\(folder): \(total) statuses, SOURCES.md counts \(expected)")
    }

    static func texts(_ blocks: [CellBlock]) -> [CellText] {
        blocks.flatMap { $0.texts + texts($0.children) }
    }

    @Test("YYKit's eight pages: each of the 206 heights is YYKit's formula for that status, within one pixel")
    func yykitFormula() throws {
        let layouter = CellLayouter(measurer: Fixtures.engine, style: .weibo)
        var checked = 0
        for path in Self.files("yykit") {
            let data = try #require(FileManager.default.contents(atPath: path))
            let page = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let raw = try #require(page["statuses"] as? [[String: Any]])
            let cells = try Self.cells(path, layouter: layouter)
            try #require(raw.count == cells.count)
            for (json, (status, cell)) in zip(raw, cells) {
                let expected = YYKitFormula.height(
                    of: json, textLines: cell.textLines, retweetTextLines: cell.retweetTextLines,
                    width: 375)
                #expect(
                    abs(cell.height - expected) <= 0.5 + 1e-9,
                    "\(URL(fileURLWithPath: path).lastPathComponent): status \(status.id): \(cell.height) pt, YYKit's formula \(expected)"
                )
                checked += 1
            }
        }
        #expect(checked == 206)
    }
}

/// YYKit's `WBStatusLayout._layout` computed from a status's JSON fields (read with Foundation,
/// not the project's decoder), text lines given: an independent statement of the reference
/// cell's rules. The one departure: YYKit sizes a retweet's single picture by the outer status's
/// first picture (`_status.pics.firstObject` where `status` is meant); this sizes it by its own.
enum YYKitFormula {
    static func height(of status: [String: Any], textLines: Int, retweetTextLines: Int, width: Double) -> Double {
        let contentWidth = width - 24
        func textHeight(_ lines: Int, _ size: Double) -> Double {
            lines == 0 ? 0 : 20 + size + Double(lines - 1) * 1.34 * size
        }
        func string(_ value: Any?) -> String { value as? String ?? (value as? NSNumber)?.stringValue ?? "" }
        func int(_ value: Any?) -> Int { (value as? NSNumber)?.intValue ?? Int(value as? String ?? "") ?? 0 }
        func pixel(_ v: Double) -> Double { (v * 2).rounded() / 2 }

        func picturesHeight(_ s: [String: Any]) -> Double {
            let ids = s["pic_ids"] as? [String] ?? []
            let infos = s["pic_infos"] as? [String: Any] ?? [:]
            let pictures = ids.compactMap { infos[$0] as? [String: Any] }
            let side = pixel((contentWidth + 4) / 3 - 4)
            switch pictures.count {
            case 0: return 0
            case 1:
                let bmiddle = pictures[0]["bmiddle"] as? [String: Any] ?? [:]
                let (w, h) = (int(bmiddle["width"]), int(bmiddle["height"]))
                if int(pictures[0]["keep_size"]) != 0 || w < 1 || h < 1 { return pixel(contentWidth / 2) }
                let box = side * 2 + 4
                return w < h ? box : pixel(Double(h) / Double(w) * box)
            case 2, 3: return side
            case 4, 5, 6: return side * 2 + 4
            default: return side * 3 + 8
            }
        }
        func cardHeight(_ page: [String: Any]?) -> Double {
            guard let page else { return 0 }
            if int(page["type"]) == 11 && string(page["object_type"]) == "video" {
                return page["page_pic"] != nil && !(page["page_pic"] is NSNull) ? (2 * contentWidth - 4) / 3 : 0
            }
            let text = [page["page_title"], page["page_desc"] ?? page["content2"] ?? page["content3"], page["tips"]]
                .map(string).joined()
            let desc = [page["page_desc"], page["content2"], page["content3"]].map(string).first { !$0.isEmpty } ?? ""
            return string(page["page_title"]).isEmpty && desc.isEmpty && string(page["tips"]).isEmpty && text.isEmpty
                ? 0 : 70
        }

        var height = 8.0
        if let title = status["title"] as? [String: Any], !string(title["text"]).isEmpty { height += 36 }
        height += 56
        height += string(status["text"]).isEmpty ? 0 : textHeight(textLines, 17)
        var retweetHeight = 0.0
        if let retweet = status["retweeted_status"] as? [String: Any] {
            retweetHeight = string(retweet["text"]).isEmpty ? 0 : textHeight(retweetTextLines, 16)
            let pictures = picturesHeight(retweet)
            let card = pictures > 0 ? 0 : cardHeight((retweet["page_info"] ?? status["page_info"]) as? [String: Any])
            if pictures > 0 { retweetHeight += pictures + 12 } else if card > 0 { retweetHeight += card + 12 }
        }
        var pictures = 0.0, card = 0.0
        if retweetHeight > 0 {
            height += retweetHeight
        } else {
            pictures = picturesHeight(status)
            if pictures == 0 { card = cardHeight(status["page_info"] as? [String: Any]) }
            height += pictures > 0 ? pictures : card
        }
        if let tag = (status["tag_struct"] as? [[String: Any]])?.first, !string(tag["tag_name"]).isEmpty {
            height += int(tag["tag_type"]) == 1 ? 40 : 32
        } else if pictures > 0 || card > 0 {
            height += 12
        }
        return height + 35 + 2
    }
}
