import Testing
import TestSupport
import TextLayout
@testable import StatusLayout

/// The Mastodon cell against its web client's stylesheet, with the fake measurer (20
/// characters a line in the 343-point content width of a 375-point cell).
@Suite("The Mastodon cell's blocks (the web client's rules)")
struct MastodonCellTests {
    let layouter = CellLayouter(
        measurer: FakeMeasurer(), style: .automatic, now: StatusDate(parsing: "2026-12-01T12:00:00Z"))

    func toot(_ id: Int64 = 1, lines: Int, user: String = "author") -> Status {
        Status(
            id: StatusID(id), network: .mastodon, text: StatusText(resolved: String(repeating: "a", count: 20 * lines)),
            createdAt: "2026-12-01T10:00:00.000Z",
            user: StatusUser(screenName: user + "@example.social", name: user.capitalized))
    }

    /// padding 16, the info row 46 + 10, the text 2 + 22 a line, the action bar 16 + 24, padding 16, border 1.
    static func plain(lines: Int) -> Double {
        16 + 46 + 10 + (lines > 0 ? 2 + 22 * Double(lines) : 0) + 16 + 24 + 16 + 1
    }

    @Test("text only: the web client's paddings and 22-point lines; a boost adds its line and a padding")
    func plainAndBoost() {
        #expect(layouter.layout(toot(lines: 2), width: 375, scale: 2).height == Self.plain(lines: 2))
        #expect(layouter.layout(toot(lines: 0), width: 375, scale: 2).height == Self.plain(lines: 0))
        var boost = Status(id: StatusID(5), network: .mastodon, user: StatusUser(screenName: "fan", name: "Fan"))
        boost.retweetedStatus = toot(lines: 3)
        let cell = layouter.layout(boost, width: 375, scale: 2)
        #expect(cell.height == Self.plain(lines: 3) + 22 + 16)
        #expect(cell.kind == .retweet && cell.blocks.map(\.kind) == [.context, .profile, .text, .toolbar])
        #expect(cell.block(.context)?.text(.context)?.richText.text.string == "Fan boosted")
        #expect(cell.block(.profile)?.text(.handle)?.richText.text.string == "@author@example.social")
        #expect(cell.block(.profile)?.text(.date)?.richText.text.string == "2h")
    }

    @Test("a content warning: collapsed, the warning and Show more; expanded, everything under it")
    func contentWarning() throws {
        var status = toot(lines: 4)
        status.contentWarning = String(repeating: "w", count: 30)  // 18 a line in 343 − 2 × 14: 2 lines
        status.pictures = [StatusPicture(url: "p", pixelSize: (1600, 900))]
        let warning: Double = 8 + 2 * 22 + 8 + 22 + 8 + 2
        let above: Double = 16 + 46 + 10
        let below: Double = 16 + 24 + 16 + 1
        let collapsed: Double = above + warning + 10 + below
        let media = 343 * 900 / 1600.0
        let cell = layouter.layout(status, width: 375, scale: 2)
        #expect(cell.height == pixelRound(collapsed, scale: 2))
        let content: Double = 2 + 4 * 22 + 16 + media
        #expect(cell.expandedHeight == pixelRound(collapsed + content, scale: 2))
        #expect(cell.blocks.map(\.kind) == [.profile, .contentWarning, .toolbar])
        #expect(cell.block(.contentWarning)?.text(.toggle)?.richText.text.string == "Show more")
        let open = layouter.layout(status, width: 375, scale: 2, expanded: true)
        #expect(open.blocks.map(\.kind) == [.profile, .contentWarning, .text, .pictures, .toolbar])
        #expect(open.block(.contentWarning)?.text(.toggle)?.richText.text.string == "Show less")
        #expect(layouter.heights(of: status, width: 375, scale: 2) == (cell.height, cell.expandedHeight))
    }

    @Test("the gallery: one item with a size keeps its aspect, else 3:2; halves, a tall half and quarters; at most 4")
    func gallery() throws {
        func cell(_ pictures: [StatusPicture]) -> CellLayout {
            var status = toot(lines: 1)
            status.pictures = pictures
            return layouter.layout(status, width: 375, scale: 2)
        }
        let sized = cell([StatusPicture(url: "p", pixelSize: (1000, 1500))])
        #expect(sized.height == pixelRound(Self.plain(lines: 1) + 16 + 343 * 1.5, scale: 2))
        let unsized = cell([StatusPicture(url: "p")])
        #expect(unsized.height == pixelRound(Self.plain(lines: 1) + 16 + 343 * 2 / 3, scale: 2))
        for count in 2...6 {
            let grid = cell((0..<count).map { StatusPicture(url: "p\($0)", pixelSize: (100, 100)) })
            #expect(grid.height == pixelRound(Self.plain(lines: 1) + 16 + 343 * 2 / 3, scale: 2))
            let images = try #require(grid.block(.pictures)?.images)
            #expect(images.count == min(count, 4))
            if count == 3 { #expect(images[0].frame.height == 343 * 2 / 3 && images[1].frame.width == (343 - 2) / 2) }
        }
    }

    @Test(
        "cards: a compact card's 120-point picture beside its rows; a large card's picture across the top; none with media"
    )
    func cards() throws {
        var status = toot(lines: 1)
        status.card = StatusCard(
            kind: .link, title: "A title", description: "A description", tips: "example.org", imageURL: "i",
            imageSize: (400, 400), url: "https://example.org/a")
        let compact = layouter.layout(status, width: 375, scale: 2)
        #expect(compact.height == Self.plain(lines: 1) + 14 + 122)
        let card = try #require(compact.block(.card))
        #expect(card.texts.map(\.richText.text.string) == ["example.org", "A title", "A description"])
        #expect(card.texts.allSatisfy { $0.frame.x == 16 + 1 + 120 + 15 })
        status.card = StatusCard(
            kind: .link, title: "A title", imageURL: "i", imageSize: (1200, 600), url: "https://www.example.org/a")
        let large = layouter.layout(status, width: 375, scale: 2)
        let imageHeight = 341 * 0.5
        let largeCard: Double = imageHeight + 1 + 15 + 20 + 8 + 24 + 15 + 2
        #expect(large.height == pixelRound(Self.plain(lines: 1) + 14 + largeCard, scale: 2))
        #expect(
            large.block(.card)?.texts.first?.richText.text.string == "example.org", "the URL's host without a provider")
        status.pictures = [StatusPicture(url: "p")]
        #expect(layouter.layout(status, width: 375, scale: 2).block(.card) == nil)
    }

    @Test("a poll: each option 6 + 18 a line + 6 and 10 below, then its footer; with media too")
    func poll() throws {
        var status = toot(lines: 1)
        status.poll = StatusPoll(
            options: ["Yes", "No", String(repeating: "m", count: 25)], votesCount: 12, isExpired: true)
        let cell = layouter.layout(status, width: 375, scale: 2)
        // 315 points a line for options: 18 characters; the third option takes 2 lines.
        let options: Double = 3 * (6 + 18 + 6 + 10) + 18
        #expect(cell.height == Self.plain(lines: 1) + 16 + options + 29)
        let poll = try #require(cell.block(.poll))
        #expect(poll.texts.map(\.role) == [.option, .option, .option, .footer])
        #expect(poll.texts.last?.richText.text.string == "12 votes · Closed")
    }

    @Test("a quoted post: a bordered box with its author's line and its text")
    func quote() throws {
        var status = toot(lines: 1)
        var quoted = toot(2, lines: 1, user: "quoted")
        quoted.text = StatusText(resolved: String(repeating: "q", count: 18))  // 18 characters a line in 343 − 26 = 317
        status.quotedStatus = quoted
        let cell = layouter.layout(status, width: 375, scale: 2)
        #expect(cell.height == Self.plain(lines: 1) + 16 + 22 + 22 + 26)
        #expect(cell.block(.quote)?.texts.first?.richText.text.string == "Quoted  @quoted@example.social")
    }

    @Test("custom emoji in a display name become images; times and counts as the web client shows them")
    func namesTimesCounts() throws {
        var status = toot(lines: 1)
        status.user = StatusUser(screenName: "a", name: "Ann :blobcat: Lee :nope:")
        status.user?.emojis = [CustomEmoji(shortcode: "blobcat", url: "https://example.social/e.png")]
        let name = try #require(layouter.layout(status, width: 375, scale: 2).block(.profile)?.text(.name))
        #expect(name.richText.text.string == "Ann \u{FFFC} Lee :nope:")
        let now = StatusDate(parsing: "2026-12-01T12:00:00Z")!
        #expect(MastodonCell<FakeMeasurer>.timeString("2026-12-01T11:59:50Z", now: now) == "10s")
        #expect(MastodonCell<FakeMeasurer>.timeString("2026-11-20T08:00:00Z", now: now) == "Nov 20")
        #expect(MastodonCell<FakeMeasurer>.timeString("2025-11-20T08:00:00Z", now: now) == "Nov 20, 2025")
        #expect(
            MastodonCell<FakeMeasurer>.shortCount(999) == "999"
                && MastodonCell<FakeMeasurer>.shortCount(1_234) == "1.2K")
        #expect(
            MastodonCell<FakeMeasurer>.shortCount(12_000) == "12K"
                && MastodonCell<FakeMeasurer>.shortCount(3_400_000) == "3.4M")
        #expect(MastodonCell<FakeMeasurer>.host(of: "https://www.example.org/x?y") == "example.org")
    }
}
