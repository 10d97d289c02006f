import Foundation
import Testing
import TestSupport
import TextLayout
@testable import StatusLayout

/// The blocks of the Weibo cell against YYKit's `WBStatusLayout` rules, with the fake measurer
/// (20 characters a line at width 375): title bar, cards, tag rows, the order retweet →
/// pictures → card, single pictures by bmiddle and keep_size, url_struct and topics.
@Suite("The Weibo cell's blocks (YYKit's rules)")
struct WeiboCellTests {
    let layouter = CellLayouter(
        measurer: FakeMeasurer(), style: .weibo, now: StatusDate(parsing: "2026-12-01T12:00:00+08:00"))
    let s = CellStyle.weibo.weiboCell

    func decode(_ json: String) throws -> Status {
        try StatusDecoder().decodeStatus(json)
    }

    /// 8 + 56 + one line of text + … + 35 + 2.
    let oneLine = 8.0 + 56 + 37

    @Test("a title bar adds 36 above the profile")
    func titleBar() throws {
        let titled = try decode(
            #"{"id": 1, "text": "好", "title": {"text": "热门", "icon_url": "http://x/i.png", "base_color": 1}}"#)
        let cell = layouter.layout(titled, width: 375, scale: 2)
        #expect(cell.height == oneLine + 36 + 35 + 2)
        #expect(cell.blocks.map(\.kind) == [.title, .profile, .text, .toolbar])
        #expect(cell.block(.title)?.frame == CellRect(x: 0, y: 8, width: 375, height: 36))
        #expect(cell.block(.profile)?.frame.y == 44)
        #expect(cell.block(.title)?.text(.title)?.richText.text.attachments.count == 1, "the icon before the title")
        let empty = try decode(#"{"id": 1, "text": "好", "title": {"text": ""}}"#)
        #expect(layouter.layout(empty, width: 375, scale: 2).height == oneLine + 35 + 2)
    }

    @Test(
        "a video card with a picture is (2 × content width − 4) / 3; without a picture it is not shown",
        arguments: [
            (#"{"type": 11, "object_type": "video", "page_pic": "p"}"#, true),
            (#"{"type": "11", "object_type": "video", "page_pic": "p"}"#, true),
            (#"{"type": "video", "object_type": 11, "page_pic": {"url": "p", "width": 480, "height": 270}}"#, true),
            (#"{"type": 11, "object_type": "video"}"#, false),
        ])
    func videoCard(pageInfo: String, shown: Bool) throws {
        let cell = layouter.layout(
            try decode(#"{"id": 1, "text": "好", "page_info": \#(pageInfo)}"#), width: 375, scale: 2)
        let card = (2 * 351 - 4) / 3.0
        #expect(cell.height == pixelRound(oneLine + (shown ? card + 12 : 0) + 35 + 2, scale: 2))
        #expect((cell.card != nil) == shown)
        if shown { #expect(cell.card?.images.first?.role == .video) }
    }

    @Test("a card with text is 70 high; its text rect by picture, badge and button; at most 3 lines of 20")
    func normalCard() throws {
        let json =
            ##"{"id": 1, "text": "好", "page_info": {"type": 0, "object_type": "topic", "page_pic": "p", "type_icon": "b", "page_title": "#话题#", "page_desc": "很长的描述很长的描述很长的描述很长的描述很长的描述很长的描述很长的描述很长的描述很长的描述", "tips": "259人关注", "buttons": [{"name": "关注", "pic": "x"}]}}"##
        let cell = layouter.layout(try decode(json), width: 375, scale: 2)
        #expect(cell.height == pixelRound(oneLine + 70 + 12 + 35 + 2, scale: 2))
        let card = try #require(cell.card)
        #expect(card.frame == CellRect(x: 12, y: oneLine, width: 351, height: 70))
        // Picture and badge: text from 100 + 10; a button: 60 narrower; 10 of padding on the right.
        let texts = card.texts
        #expect(texts.allSatisfy { $0.frame.x == 12 + 110 && $0.frame.width == 351 - 110 - 60 - 10 })
        #expect(texts.map(\.lines).reduce(0, +) == 3, "at most 3 lines in all")
        #expect(texts.allSatisfy { $0.lineHeight == 20 })
        #expect(Set(card.images.map(\.role)) == [.cardImage, .cardBadge, .cardButton])
        // No text at all: no card.
        let bare = layouter.layout(
            try decode(#"{"id": 1, "text": "好", "page_info": {"type": 0, "page_pic": "p"}}"#), width: 375, scale: 2)
        #expect(bare.card == nil && bare.height == oneLine + 35 + 2)
        // The description is page_desc, else content2, else content3.
        let content2 = try decode(#"{"id": 1, "text": "好", "page_info": {"content2": "二", "content3": "三"}}"#)
        #expect(content2.card?.description == "二")
        #expect(try decode(#"{"id": 1, "text": "好", "page_info": {"content3": "三"}}"#).card?.description == "三")
    }

    @Test("the order retweet → pictures → card: a card shows only without pictures, pictures only without a retweet")
    func order() throws {
        let picture = #""pic_ids": ["p"], "pic_infos": {"p": {"bmiddle": {"width": 400, "height": 400}}}"#
        let card = #""page_info": {"page_title": "卡片"}"#
        let both = layouter.layout(try decode(#"{"id": 1, "text": "好", \#(picture), \#(card)}"#), width: 375, scale: 2)
        #expect(both.blocks.map(\.kind) == [.profile, .text, .pictures, .toolbar])
        let retweet = #""retweeted_status": {"id": 2, "text": "原文", "user": {"screen_name": "u"}, \#(card)}"#
        let reposted = layouter.layout(
            try decode(#"{"id": 1, "text": "好", \#(picture), \#(retweet)}"#), width: 375, scale: 2)
        #expect(reposted.blocks.map(\.kind) == [.profile, .text, .retweet, .toolbar])
        #expect(reposted.block(.retweet)?.children.map(\.kind) == [.text, .card])
        // text(retweet, 16 pt, one line) + card 70 + padding 12, and no padding after it outside.
        #expect(abs(reposted.block(.retweet)!.frame.height - (36 + 70 + 12)) < 1e-9)
        #expect(reposted.height == pixelRound(oneLine + 36 + 70 + 12 + 35 + 2, scale: 2))
    }

    @Test("a retweet with no card or url_struct of its own takes the outer status's, as YYKit's model does")
    func retweetInherits() throws {
        let json =
            #"{"id": 1, "text": "转发", "page_info": {"page_id": "P", "page_title": "外层卡片"}, "url_struct": [{"short_url": "http://t.cn/x", "url_title": "链接标题", "page_id": "P"}], "retweeted_status": {"id": 2, "text": "原文 http://t.cn/x", "user": {"screen_name": "u"}}}"#
        let status = try decode(json)
        let retweet = try #require(status.retweetedStatus)
        #expect(retweet.card?.title == "外层卡片")
        #expect(retweet.text.links.map(\.title) == ["链接标题"])
        let cell = layouter.layout(status, width: 375, scale: 2)
        #expect(cell.block(.retweet)?.children.map(\.kind) == [.text, .card])
        // The retweet's trailing link is its card's (page_id P) and it has no pictures: dropped.
        #expect(cell.retweetRichText?.text.string == "@u:原文 ")
    }

    @Test(
        "url_struct: a short URL becomes its icon and title, cut at 27 characters with …; the trailing card link is dropped without pictures"
    )
    func urlStruct() throws {
        let long = String(repeating: "标", count: 30)
        let json =
            ##"{"id": 1, "text": "看 http://t.cn/a 和 http://t.cn/b 以及 #超话[超话]#", "url_struct": [{"short_url": "http://t.cn/a", "url_title": "\##(long)", "url_type_pic": "i"}, {"short_url": "http://t.cn/b", "url_title": "网页链接"}, {"short_url": "#超话[超话]#", "url_title": "超话", "url_type_pic": "i"}]}"##
        let cell = layouter.layout(try decode(json), width: 375, scale: 2)
        let text = cell.richText
        #expect(text.text.string == "看 \u{FFFC}\(String(repeating: "标", count: 27))… 和 网页链接 以及 \u{FFFC}超话")
        #expect(text.entities.map(\.kind) == [.link("http://t.cn/a"), .link("http://t.cn/b"), .link("#超话[超话]#")])
        // A URL no url_struct names is still an icon and the link label.
        let plain = layouter.layout(try decode(#"{"id": 1, "text": "看 http://t.cn/z"}"#), width: 375, scale: 2)
        #expect(plain.richText.text.string == "看 \u{FFFC}网页链接")
        // The trailing link of the status's own card: dropped when it has no pictures, kept with them.
        let card =
            #""page_info": {"page_id": "P", "page_title": "卡片"}, "url_struct": [{"short_url": "http://t.cn/c", "url_title": "视频", "page_id": "P"}]"#
        let dropped = layouter.layout(
            try decode(#"{"id": 1, "text": "好 http://t.cn/c", \#(card)}"#), width: 375, scale: 2)
        #expect(dropped.richText.text.string == "好 ")
        let kept = layouter.layout(
            try decode(#"{"id": 1, "text": "好 http://t.cn/c", "pic_urls": [{"thumbnail_pic": "t"}], \#(card)}"#),
            width: 375, scale: 2)
        #expect(kept.richText.text.string == "好 视频")
    }

    @Test("the tag row: a place is 40, another tag 32, replacing the padding after pictures or a card")
    func tagRow() throws {
        let place = layouter.layout(
            try decode(#"{"id": 1, "text": "好", "tag_struct": [{"tag_name": "北京·故宫", "tag_type": 1}]}"#), width: 375,
            scale: 2)
        #expect(place.height == oneLine + 40 + 35 + 2)
        #expect(place.block(.tag)?.frame.height == 40)
        let tag = layouter.layout(
            try decode(
                #"{"id": 1, "text": "好", "pic_urls": [{"thumbnail_pic": "t"}], "tag_struct": [{"tag_name": "电影", "tag_type": 2, "url_type_pic": "i"}]}"#
            ),
            width: 375, scale: 2)
        #expect(
            tag.height == oneLine + 175.5 + 32 + 35 + 2, "no padding after the pictures: the tag row takes its place")
        #expect(tag.block(.tag)?.text(.tag)?.richText.text.attachments.count == 1)
        let nameless = layouter.layout(
            try decode(#"{"id": 1, "text": "好", "tag_struct": [{"tag_name": ""}]}"#), width: 375, scale: 2)
        #expect(nameless.block(.tag) == nil)
    }

    @Test(
        "one picture: sized by bmiddle (other variants only without it), keep_size a square of half the content width")
    func singlePicture() throws {
        func frame(_ info: String) throws -> CellRect {
            try #require(
                layouter.layout(
                    try decode(#"{"id": 1, "pic_ids": ["p"], "pic_infos": {"p": \#(info)}}"#), width: 375, scale: 2
                )
                .pictures.first)
        }
        // bmiddle 300 × 600 (a portrait) although large says 2000 × 1000.
        #expect(
            try frame(#"{"bmiddle": {"width": 300, "height": 600}, "large": {"width": 2000, "height": 1000}}"#)
                == CellRect(x: 12, y: 64, width: 116.5, height: 233))
        #expect(
            try frame(#"{"large": {"width": "2000", "height": "1000"}}"#)
                == CellRect(x: 12, y: 64, width: 233, height: 116.5))
        #expect(
            try frame(#"{"keep_size": 1, "bmiddle": {"width": 300, "height": 600}}"#)
                == CellRect(x: 12, y: 64, width: 175.5, height: 175.5))
        #expect(
            try frame(#"{"bmiddle": {"width": "x", "height": 1}}"#)
                == CellRect(x: 12, y: 64, width: 175.5, height: 175.5))
        // The 2012-era single thumbnail_pic: a picture of unknown size.
        let old = layouter.layout(
            try decode(
                #"{"id": 1, "text": "好", "thumbnail_pic": "http://x/t.jpg", "bmiddle_pic": "b", "original_pic": "o"}"#),
            width: 375, scale: 2)
        #expect(old.pictures == [CellRect(x: 12, y: oneLine, width: 175.5, height: 175.5)])
    }

    @Test(
        "time strings as WBStatusHelper makes them",
        arguments: [
            ("2026-12-01T11:55:00+08:00", "刚刚"), ("2026-12-01T12:05:00+08:00", "刚刚"),
            ("2026-12-01T12:20:00+08:00", "26-12-01"),
            ("2026-12-01T11:10:00+08:00", "50分钟前"), ("2026-12-01T02:00:00+08:00", "10小时前"),
            ("2026-11-30T23:59:00+08:00", "昨天 23:59"),
            ("2026-03-05T09:00:00+08:00", "3-5"), ("2025-03-05T09:00:00+08:00", "25-3-05"),
            ("Tue Dec 01 01:00:00 +0800 2026", "11小时前"),
            ("06-27", "06-27"), ("刚刚", "刚刚"), ("3分钟前", "3分钟前"), ("昨天 12:30", "昨天 12:30"), ("2019-06-14", "2019-06-14"),
        ])
    func timeStrings(createdAt: String, shown: String) throws {
        let status = Status(id: StatusID(1), createdAt: createdAt, source: "<a href=\"x\">iPhone</a>")
        #expect(layouter.sourceLine(status) == shown + "  来自 iPhone")
    }

    @Test("counts as WBStatusHelper shortens them; counts sent as text shown as sent")
    func counts() throws {
        #expect(TimelineTime.shortCount(9_999) == "9999" && TimelineTime.shortCount(10_000) == "1万")
        #expect(TimelineTime.shortCount(9_999_999) == "999万" && TimelineTime.shortCount(12_345_678) == "1千万")
        let cell = layouter.layout(
            try decode(
                #"{"id": 1, "text": "好", "reposts_count": 0, "comments_count": "100万+", "attitudes_count": 35012}"#),
            width: 375, scale: 2)
        #expect(cell.block(.toolbar)?.texts.map(\.richText.text.string) == ["转发", "100万+", "3万"])
    }

    @Test("the verified badge: on the avatar for any verification; organisations also get the blue V after the name")
    func verified() throws {
        let person = layouter.layout(
            try decode(#"{"id": 1, "text": "好", "user": {"screen_name": "a", "verified": true}}"#), width: 375, scale: 2
        )
        #expect(person.block(.profile)?.images.map(\.role) == [.avatar, .verifiedBadge])
        let organization = try decode(
            #"{"id": 1, "text": "好", "user": {"screen_name": "a", "verified": false, "verified_type": -1, "verified_level": 3}}"#
        )
        #expect(organization.user?.verification == .organization)
        #expect(
            layouter.layout(organization, width: 375, scale: 2).block(.profile)?.text(.name)?.richText.text.attachments
                .count == 1)
        let none = layouter.layout(
            try decode(#"{"id": 1, "text": "好", "user": {"screen_name": "a"}}"#), width: 375, scale: 2)
        #expect(none.block(.profile)?.images.map(\.role) == [.avatar])
    }

    @Test("region_name is on the source line")
    func region() throws {
        let status = try decode(
            #"{"id": 1, "text": "好", "created_at": "Tue Dec 01 11:00:00 +0800 2026", "region_name": "发布于 北京", "source": "iPhone 15"}"#
        )
        #expect(layouter.sourceLine(status) == "1小时前  发布于 北京  来自 iPhone 15")
    }
}
