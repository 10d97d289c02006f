import Foundation
import Testing
import TestSupport
import TextLayout
@testable import StatusLayout

/// The HTML text of m.weibo.cn and weibo.com read with libxml2's HTML parser into the rich text
/// a plain-text status gets; and the same content as a classic, a mobile and a PC status giving
/// the same cell.
@Suite("Weibo's web HTML text")
struct WeiboHTMLTests {
    @Test(
        "mentions, topics, links with their icons, emoticons by alt, line breaks, entities; nothing of the markup is kept"
    )
    func markup() {
        let html =
            #"今天 <a href='/n/朋友'>@朋友</a> 说 <a href="https://m.weibo.cn/search?containerid=231522">#话题#</a><br />第二行 &gt; &amp; &quot;x&quot; <span class="url-icon"><img alt=[偷笑] src="//h5.sinaimg.cn/d_touxiao.png" style="width:1em; height:1em;" /></span><a data-url="http://t.cn/A" href="https://weibo.cn/sinaurl?u=x"><span class='url-icon'><img style='width: 1rem;height: 1rem' src='https://h5.sinaimg.cn/web.png'></span><span class="surl-text">网页链接</span></a> "#
        let text = WeiboHTML.text(html)
        #expect(text.markup == .resolved)
        #expect(text.string == "今天 @朋友 说 #话题#\n第二行 > & \"x\" \u{FFFC}\u{FFFC}网页链接")
        #expect(
            text.entities.map(\.kind) == [
                .mention("朋友"), .topic("话题"), .emoticon("偷笑"), .link("https://weibo.cn/sinaurl?u=x"),
            ])
        #expect(text.attachments.map(\.kind) == [.emoticon("[偷笑]"), .icon("https://h5.sinaimg.cn/web.png")])
        func piece(_ entity: TextEntity) -> String {
            String(
                decoding: text.string.utf8.dropFirst(entity.range.lowerBound).prefix(entity.range.count), as: UTF8.self)
        }
        #expect(text.entities.map(piece) == ["@朋友", "#话题#", "\u{FFFC}", "\u{FFFC}网页链接"])
        #expect(!text.string.contains("<") && !text.string.contains("&gt;"))
    }

    @Test("weibo.com's icon-link images, the expand mark, super-topic links, white space as a browser shows it")
    func pcMarkup() {
        let html =
            "<a target=\"_blank\" href=\"https://lottery\"><img class=\"icon-link\" src=\"https://h5.sinaimg.cn/web_default.png\"/>抽奖详情</a>  转发\n  送10只 <a href=\"//s.weibo.com/weibo?q=%23x%23\" target=\"_blank\">#永雏塔菲[超话]#</a> ...<span class=\"expand\">展开</span>"
        let text = WeiboHTML.text(html)
        #expect(text.string == "\u{FFFC}抽奖详情 转发 送10只 #永雏塔菲[超话]# ...展开")
        #expect(text.entities.map(\.kind) == [.link("https://lottery"), .topic("永雏塔菲[超话]")])
    }

    @Test(
        "malformed HTML is read as browsers read it, never refused; scripts and styles show nothing; plain text needs no parser"
    )
    func malformed() {
        #expect(WeiboHTML.text("a <b>b <i>c</b> d").string == "a b c d")
        #expect(WeiboHTML.text("<a href='x'>@未闭合").entities.map(\.kind) == [.mention("未闭合")])
        #expect(WeiboHTML.text("x<script>alert(1)</script><style>p{}</style>y").string == "xy")
        #expect(WeiboHTML.text("< 不是标签 &amp; &#x597D;").string == "< 不是标签 & 好")
        #expect(WeiboHTML.text("  只有文字 ").string == "只有文字")
        #expect(WeiboHTML.text("").string.isEmpty)
        let huge = String(repeating: "<span>字</span>", count: 50_000)
        #expect(WeiboHTML.text(huge).string == String(repeating: "字", count: 50_000))
    }

    @Test("fields the open API shares with the web (pic_num, mblog_vip_type) do not make its text HTML")
    func sharedFieldsKeepPlainText() throws {
        let status = try StatusDecoder().decodeStatus(
            #"{"id": 1, "text": "一行\n@名字 #话题#", "pic_num": 0, "mblog_vip_type": 0}"#)
        #expect(status.text.markup == .plain)
        #expect(status.text.string == "一行\n@名字 #话题#")
        // A field only the web sends does (m.weibo.cn's bid), unless text_raw, which is plain, is there.
        #expect(
            try StatusDecoder().decodeStatus(#"{"id": 1, "text": "a<br />b", "bid": "X"}"#).text.markup == .resolved)
        #expect(
            try StatusDecoder().decodeStatus(#"{"id": 1, "text": "<b>x</b>", "text_raw": "a\nb"}"#).text.string
                == "a\nb")
    }

    /// One content in the three shapes: the open API's plain text with url_struct, m.weibo.cn's
    /// HTML in a card, weibo.com's text_raw (and an HTML text it is preferred to) in a list.
    static let content = (
        classic:
            #"{"idstr": "10", "text": "早上好 @新浪科技 看 #话题# [偷笑]\n第二行 http://t.cn/Abc", "url_struct": [{"short_url": "http://t.cn/Abc", "url_title": "网页链接", "url_type_pic": "https://h5.sinaimg.cn/web.png"}], "pic_ids": ["p1", "p2"], "pic_infos": {"p1": {"bmiddle": {"width": 360, "height": 360}}, "p2": {"bmiddle": {"width": 360, "height": 480}}}, "reposts_count": 3}"#,
        mobile:
            #"{"ok": 1, "data": {"cards": [{"card_type": 9, "mblog": {"id": "10", "text": "早上好 <a href='/n/新浪科技'>@新浪科技</a> 看 <a href=\"https://m.weibo.cn/search?q=%23%E8%AF%9D%E9%A2%98%23\">#话题#</a> <span class=\"url-icon\"><img alt=[偷笑] src=\"//h5.sinaimg.cn/m/emoticon/d_touxiao.png\" style=\"width:1em; height:1em;\" /></span><br />第二行 <a href=\"https://weibo.cn/sinaurl?u=x\"><span class='url-icon'><img src='https://h5.sinaimg.cn/web.png'></span><span class=\"surl-text\">网页链接</span></a>", "pics": [{"pid": "p1", "url": "u1", "geo": {"width": 360, "height": "360"}}, {"pid": "p2", "url": "u2", "geo": {"width": "360", "height": 480}}], "reposts_count": "3"}}]}}"#,
        pc:
            #"{"data": {"list": [{"id": 10, "idstr": "10", "text_raw": "早上好 @新浪科技 看 #话题# [偷笑]\n第二行 http://t.cn/Abc", "text": "<a>ignored</a>", "url_struct": [{"short_url": "http://t.cn/Abc", "url_title": "网页链接", "url_type_pic": "https://h5.sinaimg.cn/web.png"}], "pic_ids": ["p1", "p2"], "pic_infos": {"p1": {"thumbnail": {"url": "t1"}, "bmiddle": {"width": "360", "height": "360"}, "largest": {"width": 1080, "height": 1080}}, "p2": {"bmiddle": {"width": 360, "height": 480}}}, "region_name": "发布于 北京"}]}, "ok": 1}"#
    )

    @Test("the same content as a classic, a mobile and a PC status: the same rich text, pictures and height")
    func sameContentEveryShape() throws {
        let decoded = [Self.content.classic, Self.content.mobile, Self.content.pc].map { json in
            StatusDecoder().decodeAll(Array(json.utf8)).map { try! $0.result.get() }
        }
        let statuses = try decoded.map { try #require($0.first) }
        #expect(decoded.allSatisfy { $0.count == 1 })
        #expect(statuses.allSatisfy { $0.id == StatusID(10) && $0.warnings.isEmpty })
        let layouter = CellLayouter(measurer: Fixtures.engine, style: .weibo)
        let cells = statuses.map { layouter.layout($0, width: 375, scale: 2) }
        #expect(cells[1].richText.text == cells[0].richText.text, "mobile: \(cells[1].richText.text.string)")
        #expect(cells[2].richText.text == cells[0].richText.text)
        #expect(cells.map(\.pictures) == Array(repeating: cells[0].pictures, count: 3))
        #expect(cells.map(\.height) == Array(repeating: cells[0].height, count: 3), "\(cells.map(\.height))")
    }
}
