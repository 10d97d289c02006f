import Testing
import TextLayout
@testable import StatusLayout

@Suite("Rich text")
struct RichTextTests {
    let builder = RichTextBuilder()

    /// The text of an entity's range.
    func text(_ rich: RichText, _ entity: TextEntity) -> String {
        String(decoding: Array(rich.text.string.utf8)[entity.range], as: UTF8.self)
    }

    @Test("mentions and topics are kept with their ranges")
    func mentionsAndTopics() {
        let rich = builder.build("你好@苏轼_1 看#今日话题#吧 @x-y", fontSize: 17)
        #expect(rich.text.string == "你好@苏轼_1 看#今日话题#吧 @x-y")
        #expect(rich.entities.map(\.kind) == [.mention("苏轼_1"), .topic("今日话题"), .mention("x-y")])
        #expect(rich.entities.map { text(rich, $0) } == ["@苏轼_1", "#今日话题#", "@x-y"])
    }

    @Test("URLs become an icon and the link label; trailing punctuation is not part of the URL")
    func links() {
        let rich = builder.build("看这个http://t.cn/A6abc12。还有 https://example.com/a?b=1#c.", fontSize: 17)
        #expect(rich.text.string == "看这个\u{FFFC}网页链接。还有 \u{FFFC}网页链接.")
        #expect(rich.entities.map(\.kind) == [.link("http://t.cn/A6abc12"), .link("https://example.com/a?b=1#c")])
        #expect(rich.entities.map { text(rich, $0) } == ["\u{FFFC}网页链接", "\u{FFFC}网页链接"])
        #expect(rich.text.attachments.map(\.offset) == rich.entities.map(\.range.lowerBound))
        #expect(rich.text.attachments[0].attachment == TextAttachment(width: 17, ascent: 17 * 0.88, descent: 17 * 0.12))
    }

    @Test("known [emoticons] become images; unknown ones stay text")
    func emoticons() {
        let rich = builder.build("[哈哈]好[不存在]的[doge][", fontSize: 16)
        #expect(rich.text.string == "\u{FFFC}好[不存在]的\u{FFFC}[")
        #expect(rich.entities.map(\.kind) == [.emoticon("哈哈"), .emoticon("doge")])
        #expect(rich.entities.map(\.range) == [0..<3, 20..<23])  // FFFC 好 [不存在] 的: 3 + 3 + 11 + 3
        #expect(rich.text.attachments.count == 2)
        #expect(rich.text.attachments[0].attachment.width == 16)
    }

    @Test("a retweet's text starts with @name: as a mention")
    func retweetPrefix() {
        let rich = builder.build("原文#话题#", fontSize: 16, retweetOf: "苏轼")
        #expect(rich.text.string == "@苏轼:原文#话题#")
        #expect(rich.entities.map(\.kind) == [.mention("苏轼"), .topic("话题")])
        #expect(text(rich, rich.entities[0]) == "@苏轼")
        #expect(text(rich, rich.entities[1]) == "#话题#")
    }

    @Test("lone markers stay text", arguments: ["#", "##", "@", "@ x", "#no end", "[", "[]", "http://", "http:/x"])
    func loneMarkers(text: String) {
        let rich = builder.build(text, fontSize: 17)
        #expect(rich.text.string == text)
        #expect(rich.entities.isEmpty)
    }
}
