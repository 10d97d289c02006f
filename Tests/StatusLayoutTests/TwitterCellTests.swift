import Testing
import TestSupport
import TextLayout
@testable import StatusLayout

/// The Twitter cell against YYKit's `T1StatusLayout` rules, with the fake measurer (17
/// characters a line in the 297-point content width of a 375-point cell).
@Suite("The Twitter cell's blocks (YYKit's T1 rules)")
struct TwitterCellTests {
    let layouter = CellLayouter(
        measurer: FakeMeasurer(), style: .automatic, now: StatusDate(parsing: "2026-12-01T12:00:00Z"))
    let s = CellStyle.twitter.twitterCell

    /// A tweet of `lines` lines of text (17 characters a line), by @author.
    func tweet(_ id: Int64 = 1, lines: Int, pictures: Int = 0, user: String = "author", perLine: Int = 17) -> Status {
        var status = Status(
            id: StatusID(id), network: .twitter,
            text: StatusText(resolved: String(repeating: "a", count: perLine * lines)),
            createdAt: "2026-12-01T11:00:00Z", user: StatusUser(screenName: user, name: user.capitalized),
            pictures: (0..<pictures).map { StatusPicture(url: "m\($0)", pixelSize: (1200, 800)) })
        status.repostsCount = 5
        status.attitudesCount = 1234
        return status
    }

    /// YYKit's `-[T1StatusLayout layout]`, written out on its own: the height of a tweet with
    /// `lines` lines of text, a context line or not, media or not, a quote of `quoteLines` lines.
    static func t1Height(lines: Int, context: Bool, media: Bool, quoteLines: Int?, width: Double = 375) -> Double {
        let contentWidth = width - 2 * 12 - 48 - 6
        let lineHeight = 1.193 * 14
        let paddingTop = context ? 30.0 : 12
        let textTop = paddingTop + 14 + 6
        let textHeight = Double(lines) * lineHeight
        var height: Double
        if media {
            height = textTop + textHeight + 6 + contentWidth * 9 / 16
        } else if let quoteLines, quoteLines > 0 {
            height = textTop + textHeight + 6 + 2 * 12 + 14 + Double(quoteLines) * lineHeight
        } else {
            height = textTop + textHeight
        }
        height += 6
        height = max(height, paddingTop + 48)
        height += 30
        return pixelRound(height, scale: 2)
    }

    @Test(
        "T1's height formula on our fixtures",
        arguments: [
            (1, false, 0, nil as Int?), (3, false, 0, nil), (0, false, 1, nil), (2, false, 4, nil), (2, false, 6, nil),
            (1, false, 0, 2), (4, false, 0, 1), (0, false, 0, 3), (2, true, 0, nil), (1, true, 2, nil), (5, true, 0, 2),
            (8, false, 0, nil),
        ])
    func t1Formula(lines: Int, retweet: Bool, media: Int, quoteLines: Int?) {
        var status = tweet(lines: lines, pictures: media)
        // The quote's text is 24 points narrower: 16 characters a line.
        if let quoteLines { status.quotedStatus = tweet(2, lines: quoteLines, user: "quoted", perLine: 16) }
        if retweet {
            var outer = Status(
                id: StatusID(9), network: .twitter, text: "RT @author: …",
                user: StatusUser(screenName: "fan", name: "Fan"))
            outer.retweetedStatus = status
            status = outer
        }
        let cell = layouter.layout(status, width: 375, scale: 2)
        let expected = Self.t1Height(
            lines: lines, context: retweet, media: media > 0, quoteLines: media > 0 ? nil : quoteLines)
        #expect(
            cell.height == expected,
            "\(lines) lines, retweet \(retweet), \(media) media, quote \(String(describing: quoteLines))")
        #expect(layouter.heights(of: status, width: 375, scale: 2).height == cell.height)
        #expect(cell.network == .twitter)
    }

    @Test("a retweet shows the original under \"<name> Retweeted\"; a reply says whom it answers")
    func contextLines() throws {
        var outer = Status(
            id: StatusID(9), network: .twitter, text: "RT @author: the original",
            user: StatusUser(screenName: "fan", name: "Fan"))
        outer.retweetedStatus = tweet(lines: 1)
        let cell = layouter.layout(outer, width: 375, scale: 2)
        #expect(cell.kind == .retweet)
        #expect(cell.blocks.map(\.kind) == [.context, .profile, .text, .toolbar])
        #expect(cell.block(.context)?.text(.context)?.richText.text.string == "Fan Retweeted")
        #expect(cell.block(.profile)?.text(.handle)?.richText.text.string == "@author")
        #expect(
            cell.block(.text)?.texts.first?.richText.text.string == String(repeating: "a", count: 17),
            "the original's text, not the RT text")
        #expect(cell.block(.profile)?.frame.y == 30)
        var reply = tweet(lines: 1)
        reply.inReplyTo = "someone"
        #expect(
            layouter.layout(reply, width: 375, scale: 2).block(.context)?.text(.context)?.richText.text.string
                == "in reply to @someone")
    }

    @Test(
        "the media box is the content width × 9/16 for 1 to 4 media, laid out as T1StatusMediaView; more than 4 show 4")
    func mediaBox() throws {
        let contentWidth = 297.0
        let height = contentWidth * 9 / 16
        for count in 1...5 {
            let cell = layouter.layout(tweet(lines: 1, pictures: count), width: 375, scale: 2)
            let media = try #require(cell.block(.pictures))
            #expect(media.frame.x == 66 && media.frame.width == contentWidth && abs(media.frame.height - height) < 1e-9)
            #expect(media.images.count == min(count, 4))
            let half = (contentWidth - 4) / 2
            switch count {
            case 1: #expect(media.images[0].frame == media.frame)
            case 2:
                #expect(
                    media.images.map(\.frame.width) == [half, half] && media.images[1].frame.maxX == media.frame.maxX)
            case 3:
                #expect(
                    media.images[0].frame.height == media.frame.height
                        && abs(media.images[2].frame.maxY - media.frame.maxY) < 1e-9)
            default: #expect(Set(media.images.map(\.frame.width)) == [half])
            }
        }
        // A video and a GIF take their places with their marks.
        var video = tweet(lines: 1)
        video.pictures = [StatusPicture(url: "v", kind: .video), StatusPicture(url: "g", kind: .gif)]
        #expect(layouter.layout(video, width: 375, scale: 2).block(.pictures)?.images.map(\.role) == [.video, .gif])
    }

    @Test("the quote: its box holds the quoted author and text; none with media or without quoted text")
    func quote() throws {
        var status = tweet(lines: 1)
        status.quotedStatus = tweet(2, lines: 2, user: "quoted", perLine: 16)
        let cell = layouter.layout(status, width: 375, scale: 2)
        let quote = try #require(cell.block(.quote))
        #expect(quote.frame.x == 66 && quote.frame.width == 297)
        #expect(abs(quote.frame.height - (38 + 2 * 1.193 * 14)) < 1e-9)
        #expect(quote.texts.first?.richText.text.string == "Quoted  @quoted")
        #expect(
            quote.children.first?.texts.first?.frame.x == 78 && quote.children.first?.texts.first?.frame.width == 273)
        status.pictures = [StatusPicture(url: "m")]
        #expect(layouter.layout(status, width: 375, scale: 2).block(.quote) == nil)
        var empty = tweet(lines: 1)
        empty.quotedStatus = Status(id: StatusID(3), network: .twitter)
        #expect(layouter.layout(empty, width: 375, scale: 2).block(.quote) == nil)
        #expect(
            layouter.layout(empty, width: 375, scale: 2).height
                == Self.t1Height(lines: 1, context: false, media: false, quoteLines: nil))
    }

    @Test("the action row: 32 high, centred 19 above the bottom; counts above 0 shortened as T1Helper does")
    func actions() throws {
        let cell = layouter.layout(tweet(lines: 1), width: 375, scale: 2)
        let row = try #require(cell.block(.toolbar))
        #expect(row.frame.height == 32 && abs(row.frame.y + 16 - (cell.height - 19)) < 1)
        #expect(row.texts.map(\.richText.text.string) == ["5", "1,234"])
        #expect(
            TwitterCell<FakeMeasurer>.shortCount(999) == "999" && TwitterCell<FakeMeasurer>.shortCount(9_999) == "9,999"
        )
        #expect(
            TwitterCell<FakeMeasurer>.shortCount(12_345) == "12.3K"
                && TwitterCell<FakeMeasurer>.shortCount(4_560_000) == "4.6M")
        #expect(TwitterCell<FakeMeasurer>.shortCount(1_200_000_000) == "1.2B")
        #expect(TwitterCell<FakeMeasurer>.shortCount(1_005) == "1,005")
    }

    @Test(
        "time strings as T1Helper makes them",
        arguments: [
            ("2026-12-01T11:59:30Z", "30s"), ("2026-12-01T11:48:00Z", "12m"), ("2026-12-01T09:00:00Z", "3h"),
            ("2026-11-29T12:00:00Z", "2d"), ("2026-11-01T12:00:00Z", "11/1/26"), ("2027-01-01T00:00:00Z", "1/1/27"),
            ("Tue Dec 01 11:00:00 +0000 2026", "1h"), ("not a date", ""),
        ])
    func times(createdAt: String, shown: String) {
        #expect(
            TwitterCell<FakeMeasurer>.timeString(createdAt, now: StatusDate(parsing: "2026-12-01T12:00:00Z")!) == shown)
    }

    @Test("each status in its own network's cell; a named style lays every status out in its cell; narrow widths hold")
    func styles() {
        let status = tweet(lines: 2)
        #expect(
            CellLayouter(measurer: FakeMeasurer(), style: .automatic).layout(status, width: 375, scale: 2).network
                == .twitter)
        #expect(
            CellLayouter(measurer: FakeMeasurer(), style: .weibo).layout(status, width: 375, scale: 2).network == .weibo
        )
        #expect(
            CellLayouter(measurer: FakeMeasurer(), style: .twitter).layout(
                Status(id: StatusID(1), text: "微博"), width: 375, scale: 2
            ).network == .twitter)
        for width in [25.0, 40, 80, 100, 2000] {
            let cell = layouter.layout(tweet(lines: 3, pictures: 3), width: width, scale: 2)
            #expect(
                cell.height > 0 && cell.blocks.allSatisfy { $0.frame.width >= 0 && $0.frame.height >= 0 },
                "width \(width)")
        }
    }
}
