import Foundation
import Testing
import TestSupport
import TextLayout
@testable import StatusLayout

/// Twitter's and Mastodon's real responses (`../shared/realdata`, read in place) through the
/// whole front door: every file read by the splitter as the CLI reads it (API v2 joined with its
/// includes, YYKit's pages in their timeline's order), every status laid out in its network's
/// cell with the real engine. No status with text or media is an empty cell, no markup is
/// measured, and taking a block's content away changes the height wherever the cell shows it.
@Suite(
    "Real Twitter and Mastodon cells",
    .enabled(if: Fixtures.realDataDirectory != nil, "../shared/realdata is not beside the clone"))
struct NetworkCellRealDataTests {
    static let layouter = CellLayouter(measurer: Fixtures.engine, style: .automatic)

    static func files(_ folder: String) -> [String] {
        Fixtures.realDataFiles(folder) + Fixtures.realDataFiles(folder, suffix: ".jsonl")
    }

    /// Every status of every file, decoded through the splitter.
    static func statuses(_ paths: [String]) throws -> [(file: String, status: Status)] {
        try paths.flatMap { path -> [(file: String, status: Status)] in
            let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
            let name = URL(fileURLWithPath: path).lastPathComponent
            return try StatusDecoder().decodeAll(bytes).map { decoded in (name, try decoded.result.get()) }
        }
    }

    static func texts(_ blocks: [CellBlock]) -> [CellText] { blocks.flatMap { $0.texts + texts($0.children) } }

    @Test(
        "every Twitter and Mastodon status is reached and laid out in its own network's cell; none with text or media is empty; no markup is measured",
        arguments: ["twitter", "mastodon", "yykit"])
    func everyStatus(folder: String) throws {
        let paths =
            folder == "yykit" ? Fixtures.realDataFiles("yykit").filter { $0.contains("/twitter_") } : Self.files(folder)
        try #require(!paths.isEmpty)
        let statuses = try Self.statuses(paths)
        let expected = ["twitter": 827, "mastodon": 774, "yykit": 435][folder]!
        #expect(statuses.count == expected, "\(folder): \(statuses.count) statuses")
        let network: StatusNetwork = folder == "mastodon" ? .mastodon : .twitter
        for (file, status) in statuses {
            #expect(status.network == network, "\(file): \(status.id) read as \(status.network)")
            let cell = Self.layouter.layout(status, width: 375, scale: 2)
            #expect(cell.network == network)
            let shown = status.retweetedStatus ?? status
            if !shown.text.isEmpty || !shown.pictures.isEmpty {
                #expect(
                    cell.block(.text) != nil || cell.block(.pictures) != nil || cell.block(.contentWarning) != nil,
                    "\(file): \(status.id) has text or media and shows neither")
                var empty = shown
                empty.text = ""
                empty.pictures = []
                empty.contentWarning = ""
                empty.quotedStatus = nil
                empty.card = nil
                empty.poll = nil
                var bare = status
                if status.isRetweet { bare.retweetedStatus = empty } else { bare = empty }
                // Taller than the same cell emptied, unless both are T1's floor (a tweet is never
                // shorter than its avatar: one short line fits beside it), its text block shown.
                let floor = (cell.block(.context) != nil ? 30.0 : 12) + 48 + 30
                let floored = network == .twitter && cell.expandedHeight == floor && cell.block(.text) != nil
                #expect(
                    cell.expandedHeight > Self.layouter.layout(bare, width: 375, scale: 2).expandedHeight || floored,
                    "\(file): \(status.id) is as tall as an empty cell")
            }
            // The texts made from HTML (a card's description is plain text as the API sends it,
            // shown as the web client shows it, markup characters and all).
            for text in Self.texts(cell.blocks)
                + Self.texts(Self.layouter.layout(status, width: 375, scale: 2, expanded: true).blocks)
            where text.role == .body || text.role == .name {
                let string = text.richText.text.string
                #expect(
                    !string.contains("<p") && !string.contains("<a ") && !string.contains("<span")
                        && !string.contains("<br")
                        && !string.contains("&amp;") && !string.contains("&lt;") && !string.contains("&quot;"),
                    "\(file): \(status.id) measures markup: \(string.prefix(100))")
            }
        }
    }

    @Test(
        "taking away a status's text, media, quote, content warning, poll or card changes its height wherever its cell shows it",
        arguments: ["twitter", "mastodon"])
    func everyBlockCounts(folder: String) throws {
        var checked: [String: Int] = [:]
        for (file, status) in try Self.statuses(Self.files(folder)) {
            let shown = status.retweetedStatus ?? status
            func without(_ change: (inout Status) -> Void) -> Status {
                var changed = shown
                change(&changed)
                guard status.isRetweet else { return changed }
                var outer = status
                outer.retweetedStatus = changed
                return outer
            }
            let open = Self.layouter.layout(status, width: 375, scale: 2, expanded: true)
            // T1's floor: a tweet is never shorter than its avatar (top + 48, then the 30 below),
            // so a short text taken away may leave it as tall.
            let floor = (open.block(.context) != nil ? 30.0 : 12) + 48 + 30
            func expectChange(_ name: String, shows kind: CellBlock.Kind, _ change: (inout Status) -> Void) {
                guard open.block(kind) != nil else { return }
                checked[name, default: 0] += 1
                let after = Self.layouter.heights(of: without(change), width: 375, scale: 2)
                let floored = folder == "twitter" && open.expandedHeight == floor
                #expect(
                    after.expandedHeight != open.expandedHeight || floored, "\(file): \(status.id) without its \(name)")
            }
            expectChange("text", shows: .text) { $0.text = "" }
            expectChange("media", shows: .pictures) { $0.pictures = [] }
            expectChange("quote", shows: .quote) { $0.quotedStatus = nil }
            expectChange("poll", shows: .poll) { $0.poll = nil }
            expectChange("card", shows: .card) { $0.card = nil }
            if open.block(.contentWarning) != nil {
                checked["content warning", default: 0] += 1
                let collapsed = Self.layouter.heights(of: status, width: 375, scale: 2).height
                #expect(
                    Self.layouter.heights(of: without { $0.contentWarning = "" }, width: 375, scale: 2).height
                        != collapsed,
                    "\(file): \(status.id) without its content warning")
            }
        }
        let needed =
            folder == "twitter" ? ["text", "media", "quote"] : ["text", "media", "poll", "card", "content warning"]
        for name in needed { #expect((checked[name] ?? 0) > 0, "\(folder): no status shows a \(name)") }
    }
}
