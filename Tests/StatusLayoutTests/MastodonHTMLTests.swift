import Testing
@testable import StatusLayout

/// The HTML of a Mastodon status's `content` read with libxml2's HTML parser into resolved text,
/// as Mastodon's web client shows it. The fixtures are written for these tests in the shapes
/// Mastodon's server makes.
@Suite("Mastodon's content HTML")
struct MastodonHTMLTests {
    /// The piece of `text` an entity covers.
    static func piece(_ text: StatusText, _ entity: TextEntity) -> String {
        String(decoding: text.string.utf8.dropFirst(entity.range.lowerBound).prefix(entity.range.count), as: UTF8.self)
    }

    static let sun = CustomEmoji(shortcode: "sun_face", url: "https://files.example.social/emoji/sun.png")

    @Test("paragraphs are one empty line apart, <br> breaks a line, white space is shown as a browser shows it")
    func paragraphs() {
        let text = MastodonHTML.text("<p>First line<br>second line<br />third</p><p>Another paragraph</p>")
        #expect(text.markup == .resolved)
        #expect(text.string == "First line\nsecond line\nthird\n\nAnother paragraph")
        #expect(
            MastodonHTML.text("<p>  spaced \n  out\t\twords </p>\n<p> next  </p> ").string == "spaced out words\n\nnext"
        )
        #expect(MastodonHTML.text("<p>a</p><p></p><p>b<br><br>c</p>").string == "a\n\nb\n\nc")
        #expect(MastodonHTML.text("<p>line <br>   after</p>").string == "line\nafter")
    }

    @Test("a mention (local and remote) is an entity over its visible text, named by the status's mention of its URL")
    func mentions() {
        let html =
            #"<p><span class="h-card" translate="no"><a href="https://example.social/@alice" class="u-url mention">@<span>alice</span></a></span> <span class="h-card" translate="no"><a href="https://other.example/@bob" class="u-url mention">@<span>bob</span></a></span> <span class="h-card"><a href="https://third.example/users/carol" class="u-url mention">@<span>carol</span></a></span> hello all</p>"#
        let text = MastodonHTML.text(
            html,
            mentions: ["https://example.social/@alice": "alice", "https://other.example/@bob": "bob@other.example"])
        #expect(text.string == "@alice @bob @carol hello all")
        // Carol is not among the status's mentions: her visible name.
        #expect(text.entities.map(\.kind) == [.mention("alice"), .mention("bob@other.example"), .mention("carol")])
        #expect(text.entities.map { Self.piece(text, $0) } == ["@alice", "@bob", "@carol"])
        // A link with no class whose URL is a mention's is one too (the web client's rule).
        let plain = MastodonHTML.text(
            #"<p>cc <a href="https://other.example/@bob">@bob</a></p>"#,
            mentions: ["https://other.example/@bob": "bob@other.example"])
        #expect(plain.entities.map(\.kind) == [.mention("bob@other.example")])
    }

    @Test("a hashtag is a topic over its visible text, by its class or by its '#' as the web client tells")
    func hashtags() {
        let html =
            #"<p>Writing <a href="https://example.social/tags/swift" class="mention hashtag" rel="tag">#<span>Swift</span></a> and <a class="hashtag" href="https://bridge.example/search?q=%23linux" rel="nofollow noopener">#linux</a> and <a href="https://example.social/tags/kotlin">#kotlin</a> but not <a href="https://example.org/a%23b">#a%23b</a></p>"#
        let text = MastodonHTML.text(html)
        #expect(text.string == "Writing #Swift and #linux and #kotlin but not #a%23b")
        #expect(
            text.entities.map(\.kind) == [
                .topic("Swift"), .topic("linux"), .topic("kotlin"), .link("https://example.org/a%23b"),
            ])
        #expect(text.entities.map { Self.piece(text, $0) } == ["#Swift", "#linux", "#kotlin", "#a%23b"])
    }

    @Test("a long link shows as the web client shows it: invisible spans hidden, the ellipsis span followed by …")
    func links() {
        let long =
            #"<p>Read <a href="https://www.example.org/articles/2024/a-rather-long-path-to-an-article" target="_blank" rel="nofollow noopener noreferrer" translate="no"><span class="invisible">https://www.</span><span class="ellipsis">example.org/articles/2024/a-ra</span><span class="invisible">ther-long-path-to-an-article</span></a> today</p>"#
        let text = MastodonHTML.text(long)
        #expect(text.string == "Read example.org/articles/2024/a-ra… today")
        #expect(
            text.entities.map(\.kind) == [
                .link("https://www.example.org/articles/2024/a-rather-long-path-to-an-article")
            ])
        #expect(text.entities.map { Self.piece(text, $0) } == ["example.org/articles/2024/a-ra…"])
        let short =
            #"<p><a href="https://example.org/x" rel="nofollow"><span class="invisible">https://</span><span class="">example.org/x</span><span class="invisible"></span></a></p>"#
        #expect(MastodonHTML.text(short).string == "example.org/x")
        let named = MastodonHTML.text(#"<p>see <a href="https://example.org/docs">the docs</a>.</p>"#)
        #expect(named.string == "see the docs.")
        #expect(named.entities.map(\.kind) == [.link("https://example.org/docs")])
        // A link with no href is only text.
        #expect(MastodonHTML.text("<p><a>nowhere</a></p>").entities.isEmpty)
    }

    @Test("custom emoji of the status are inline images, in links and outside them; other shortcodes stay text")
    func customEmoji() {
        let html =
            #"<p>Good morning :sun_face: at 10:30 :not_ours: :sun_face::sun_face: <a href="https://example.org/">:sun_face: site</a></p>"#
        let text = MastodonHTML.text(html, emojis: [Self.sun])
        #expect(text.string == "Good morning \u{FFFC} at 10:30 :not_ours: \u{FFFC}\u{FFFC} \u{FFFC} site")
        let image = StatusText.Attachment.Kind.customEmoji(shortcode: "sun_face", url: Self.sun.url)
        #expect(text.attachments.map(\.kind) == Array(repeating: image, count: 4))
        let utf8 = Array(text.string.utf8)
        #expect(text.attachments.allSatisfy { Array(utf8[$0.offset..<$0.offset + 3]) == [0xEF, 0xBF, 0xBC] })
        #expect(text.entities.map { Self.piece(text, $0) } == ["\u{FFFC} site"])
        // Without the status's emoji, the shortcodes are text.
        #expect(MastodonHTML.text(html).string.hasPrefix("Good morning :sun_face: at"))
        // In plain text too (no tag at all), and colons alone cost no time.
        #expect(MastodonHTML.text(":sun_face:", emojis: [Self.sun]).attachments.count == 1)
        let colons = String(repeating: ":", count: 100_000)
        #expect(MastodonHTML.text(colons, emojis: [Self.sun]).string == colons)
    }

    @Test("lists, block quotes and headings are blocks as the web client shows them")
    func blocks() {
        let html =
            "<p>Before</p><ul><li>one</li><li>two</li></ul><ol><li><p>first</p></li><li><p>second</p><p>more</p></li></ol><blockquote><p>quoted</p></blockquote><h2>Heading</h2><p>after</p>"
        #expect(
            MastodonHTML.text(html).string
                == "Before\n\n• one\n• two\n\n1. first\n2. second\nmore\n\nquoted\n\nHeading\n\nafter")
        #expect(MastodonHTML.text("<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>").string == "• a\n• b\n• c")
        #expect(MastodonHTML.text("<p>x</p><div>y</div>z").string == "x\n\ny\nz")
    }

    @Test("the quote fallback is hidden when the quoted status is shown, kept when it is not")
    func quoteFallback() {
        let html =
            #"<p>My take on this.</p><p class="quote-inline">RE: <a href="https://example.social/@carol/1234">https://example.social/@carol/1234</a></p>"#
        #expect(MastodonHTML.text(html, hidesQuoteFallback: true).string == "My take on this.")
        #expect(MastodonHTML.text(html, hidesQuoteFallback: true).entities.isEmpty)
        let kept = MastodonHTML.text(html)
        #expect(kept.string == "My take on this.\n\nRE: https://example.social/@carol/1234")
        #expect(kept.entities.map(\.kind) == [.link("https://example.social/@carol/1234")])
        let inline =
            #"<p>Agreed<span class="quote-inline"><br><br>RE: <a href="https://example.social/@carol/1">link</a></span></p>"#
        #expect(MastodonHTML.text(inline, hidesQuoteFallback: true).string == "Agreed")
    }

    @Test("malformed HTML is read as browsers read it; scripts, styles and images show nothing; entities are decoded")
    func malformed() {
        #expect(MastodonHTML.text("<p>a <b>b <i>c</b> d").string == "a b c d")
        let unclosed = MastodonHTML.text(#"<p>open <a href="https://example.org/u">link"#)
        #expect(unclosed.string == "open link")
        #expect(unclosed.entities.map(\.kind) == [.link("https://example.org/u")])
        #expect(MastodonHTML.text(#"<p>shown<span class="invisible">never closed"#).string == "shown")
        #expect(MastodonHTML.text("</p></span>stray</a> end").string == "stray end")
        #expect(MastodonHTML.text("<p>x<script>alert(1)</script><style>p{color:red}</style>y</p>").string == "xy")
        #expect(
            MastodonHTML.text(#"<p>pic <img src="https://example.org/p.png" alt="a picture"> here</p>"#).string
                == "pic here")
        #expect(
            MastodonHTML.text("<p>&amp; &lt;b&gt; &quot;q&quot; it&#39;s &#x1F600; &nbsp;x</p>").string
                == "& <b> \"q\" it's 😀 \u{A0}x")
        #expect(MastodonHTML.text("< not a tag & so on").string == "< not a tag & so on")
        #expect(MastodonHTML.text("  only words ").string == "only words")
        #expect(MastodonHTML.text("").string.isEmpty)
        let huge = String(repeating: #"<span class="invisible">x</span><span>字</span>"#, count: 20_000)
        #expect(MastodonHTML.text(huge).string == String(repeating: "字", count: 20_000))
    }

    @Test("nothing of the markup is kept, whatever the content")
    func noMarkup() {
        let html =
            #"<p><span class="h-card"><a href="https://example.social/@a" class="u-url mention">@<span>a</span></a></span> <a href="https://example.social/tags/t" class="mention hashtag" rel="tag">#<span>t</span></a> <a href="https://example.org/"><span class="invisible">https://</span><span class="">example.org/</span><span class="invisible"></span></a> :sun_face:</p><p>&lt;p&gt; is text here</p>"#
        let text = MastodonHTML.text(html, emojis: [Self.sun])
        #expect(text.string == "@a #t example.org/ \u{FFFC}\n\n<p> is text here")
        #expect(
            !text.string.contains("<a") && !text.string.contains("<span") && !text.string.contains("&amp;")
                && !text.string.contains("class="))
    }
}
