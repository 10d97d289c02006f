import CHTMLText
import LockSupport

/// An HTML fragment read by libxml2's HTML parser (through `CHTMLText`): its elements and text,
/// handed to a network's rules one event at a time (``read(_:_:)``), straight from the parser's
/// buffers (no string is made for an attribute nobody reads). Malformed HTML is read as
/// browsers read it; nothing is refused.
enum HTMLFragment {
    /// An element start, an element end, or characters (valid only during the call).
    enum Event {
        case start(Element, Attributes)
        case end(Element)
        case text(UnsafeBufferPointer<UInt8>)
    }

    /// The elements told apart; any other is ``other`` (its text kept, its tag dropped).
    /// ``block`` is a `blockquote`, a `pre` or a heading (`h1` to `h6`); ``ul`` and ``ol`` are
    /// lists, ``li`` their items.
    enum Element {
        case a, span, img, br, p, div, li, ul, ol, block, other
    }

    /// The attributes the rules read, in the parser's buffers (empty when absent).
    struct Attributes {
        fileprivate let event: chtmltext_event
        fileprivate let arena: UnsafePointer<UInt8>

        private func bytes(_ s: chtmltext_string) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: arena + Int(s.start), count: Int(s.length))
        }

        private func string(_ s: chtmltext_string) -> String {
            s.length == 0 ? "" : String(decoding: bytes(s), as: UTF8.self)
        }

        var href: String { string(event.href) }
        var alt: String { string(event.alt) }
        var src: String { string(event.src) }

        /// Whether `class` lists `name`.
        func hasClass(_ name: StaticString) -> Bool {
            let classes = bytes(event.class_)
            let n = name.utf8CodeUnitCount
            var start = 0
            while start < classes.count {
                var end = start
                while end < classes.count, classes[end] != 0x20 { end += 1 }
                if end - start == n, (0..<n).allSatisfy({ classes[start + $0] == name.utf8Start[$0] }) { return true }
                start = end + 1
            }
            return false
        }

        /// Whether `alt` is an emoticon's name with its brackets ("[偷笑]").
        var altIsEmoticon: Bool {
            let alt = bytes(event.alt)
            return alt.count >= 3 && alt.first == 0x5B && alt.last == 0x5D
        }
    }

    private final class Parser {
        let handle: OpaquePointer
        init() {
            guard let handle = chtmltext_parser_create() else { fatalError("out of memory making an HTML parser") }
            self.handle = handle
        }
        deinit { chtmltext_parser_destroy(handle) }
    }

    /// One parser per thread (a libxml2 context is used by one thread at a time).
    private static let parsers = ThreadLocal { Parser() }

    /// Whether `html` can be taken as text without a parser (after dropping the spaces at its
    /// ends): no tag, no character reference, no white space to collapse.
    static func isPlain(_ html: String) -> Bool {
        var previousSpace = false
        for byte in html.utf8 {
            switch byte {
            case 0x3C, 0x26, 0x09, 0x0A, 0x0C, 0x0D: return false  // < &, and white space other than a space
            case 0x20:
                if previousSpace { return false }
                previousSpace = true
            default: previousSpace = false
            }
        }
        return true
    }

    /// Reads `html`, calling `body` with each event in order.
    static func read(_ html: String, _ body: (Event) -> Void) {
        let parser = parsers.value.handle
        var html = html
        let count = html.withUTF8 { chtmltext_parse(parser, $0.baseAddress, $0.count) }
        guard count > 0, let events = chtmltext_events(parser), let arena = chtmltext_arena(parser) else { return }
        func element(_ code: Int32) -> Element {
            switch code {
            case CHTMLTEXT_A: .a
            case CHTMLTEXT_SPAN: .span
            case CHTMLTEXT_IMG: .img
            case CHTMLTEXT_BR: .br
            case CHTMLTEXT_P: .p
            case CHTMLTEXT_DIV: .div
            case CHTMLTEXT_LI: .li
            case CHTMLTEXT_UL: .ul
            case CHTMLTEXT_OL: .ol
            case CHTMLTEXT_BLOCK: .block
            default: .other
            }
        }
        for index in 0..<count {
            let event = events[index]
            switch event.kind {
            case CHTMLTEXT_START: body(.start(element(event.element), Attributes(event: event, arena: arena)))
            case CHTMLTEXT_END: body(.end(element(event.element)))
            default:
                body(.text(UnsafeBufferPointer(start: arena + Int(event.text.start), count: Int(event.text.length))))
            }
        }
    }
}

/// Builds a resolved ``StatusText`` from bytes: text appended piece by piece, with entities and
/// inline images at their UTF-8 offsets; spaces before a line break and at the ends dropped, as
/// a browser shows them. The string is made once, at the end.
struct ResolvedTextBuilder {
    private var bytes: [UInt8] = []
    private(set) var entities: [TextEntity] = []
    private(set) var attachments: [StatusText.Attachment] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    var currentOffset: Int { bytes.count }

    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        var start = 0
        // No space at the start of the text or of a line, nor two in a row.
        if bytes.isEmpty || bytes.last == 0x0A || bytes.last == 0x20 {
            while start < text.count, text[start] == 0x20 { start += 1 }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }

    /// Appends a string's bytes (a list marker, an ellipsis) as the bytes of a text event are.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    mutating func lineBreak() {
        dropTrailingSpace()
        bytes.append(0x0A)
    }

    /// Starts a new line unless the text is empty or already at the start of one (a block
    /// without margins: a list item, a `div` in Mastodon's content).
    mutating func lineStart() {
        dropTrailingSpace()
        guard let last = bytes.last, last != 0x0A else { return }
        bytes.append(0x0A)
    }

    mutating func paragraphBreak() {
        guard !bytes.isEmpty else { return }
        dropTrailingSpace()
        if bytes.count >= 2, bytes[bytes.count - 1] == 0x0A, bytes[bytes.count - 2] == 0x0A { return }
        if bytes.last != 0x0A { bytes.append(0x0A) }
        bytes.append(0x0A)
    }

    mutating func image(_ kind: StatusText.Attachment.Kind) {
        attachments.append(StatusText.Attachment(offset: bytes.count, kind: kind))
        bytes += [0xEF, 0xBF, 0xBC]  // U+FFFC
    }

    mutating func entity(_ kind: TextEntity.Kind, from start: Int) {
        guard bytes.count > start else { return }
        entities.append(TextEntity(kind: kind, range: start..<bytes.count))
    }

    private mutating func dropTrailingSpace() {
        while bytes.last == 0x20 {
            bytes.removeLast()
            // Entities ending in the space end before it.
            if let last = entities.last, last.range.upperBound > bytes.count {
                entities[entities.count - 1].range = last.range.lowerBound..<max(last.range.lowerBound, bytes.count)
            }
        }
    }

    /// The text of what was appended since `start`, as a string.
    func text(from start: Int) -> String {
        String(decoding: bytes[start...], as: UTF8.self)
    }

    /// What a link appended since `start` is by its words (spaces and U+FFFC, an icon's stand-in,
    /// around them set aside): `@name` a mention, `#topic#` a topic, anything else a link to `href`.
    func linkKind(from start: Int, href: String) -> TextEntity.Kind {
        bytes.withUnsafeBufferPointer { all in
            // The words: the bytes without spaces at the ends and without U+FFFC anywhere.
            var words: [UInt8] = []
            var index = start
            while index < all.count {
                if all[index] == 0xEF, index + 2 < all.count, all[index + 1] == 0xBF, all[index + 2] == 0xBC {
                    index += 3
                    continue
                }
                words.append(all[index])
                index += 1
            }
            var lower = 0, upper = words.count
            while lower < upper, words[lower] == 0x20 { lower += 1 }
            while upper > lower, words[upper - 1] == 0x20 { upper -= 1 }
            let count = upper - lower
            if count > 1, words[lower] == UInt8(ascii: "@") {
                return .mention(String(decoding: words[(lower + 1)..<upper], as: UTF8.self))
            }
            if count > 2, words[lower] == UInt8(ascii: "#"), words[upper - 1] == UInt8(ascii: "#") {
                return .topic(String(decoding: words[(lower + 1)..<(upper - 1)], as: UTF8.self))
            }
            return .link(href)
        }
    }

    /// The text: trailing spaces and breaks dropped.
    mutating func finish() -> StatusText {
        while bytes.last == 0x20 || bytes.last == 0x0A { bytes.removeLast() }
        let end = bytes.count
        entities = entities.compactMap { entity in
            let upper = min(entity.range.upperBound, end)
            return upper > entity.range.lowerBound
                ? TextEntity(kind: entity.kind, range: entity.range.lowerBound..<upper) : nil
        }
        attachments = attachments.filter { $0.offset + 3 <= end }
        return StatusText(
            resolved: String(decoding: bytes, as: UTF8.self), entities: entities, attachments: attachments)
    }
}
