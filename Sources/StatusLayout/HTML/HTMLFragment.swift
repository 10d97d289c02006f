import CHTMLText
import LockSupport

/// An HTML fragment read by libxml2's HTML parser (through `CHTMLText`): its elements and text
/// as a flat list of events, for a network's rules to turn into a ``StatusText``. Malformed HTML
/// is read as browsers read it; nothing is refused.
struct HTMLFragment {
    /// An element start, an element end, or characters.
    enum Event {
        case start(Element, Attributes)
        case end(Element)
        case text(String)
    }

    /// The elements told apart; any other is ``other`` (its text kept, its tag dropped).
    enum Element {
        case a, span, img, br, p, div, other
    }

    /// The attributes the rules read (empty when absent).
    struct Attributes {
        var `class` = ""
        var href = ""
        var alt = ""
        var src = ""

        /// Whether `class` lists `name`.
        func hasClass(_ name: String) -> Bool {
            `class`.split(separator: " ").contains { $0 == name }
        }
    }

    let events: [Event]

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

    /// Reads `html`.
    init(_ html: String) {
        let parser = Self.parsers.value.handle
        var html = html
        let count = html.withUTF8 { chtmltext_parse(parser, $0.baseAddress, $0.count) }
        guard count > 0, let raw = chtmltext_events(parser), let arena = chtmltext_arena(parser) else {
            events = []
            return
        }
        func string(_ s: chtmltext_string) -> String {
            s.length == 0 ? "" : String(decoding: UnsafeBufferPointer(start: arena + Int(s.start), count: Int(s.length)), as: UTF8.self)
        }
        func element(_ code: Int32) -> Element {
            switch code {
            case CHTMLTEXT_A: .a
            case CHTMLTEXT_SPAN: .span
            case CHTMLTEXT_IMG: .img
            case CHTMLTEXT_BR: .br
            case CHTMLTEXT_P: .p
            case CHTMLTEXT_DIV: .div
            default: .other
            }
        }
        events = (0..<count).map { index in
            let event = raw[index]
            switch event.kind {
            case CHTMLTEXT_START:
                return .start(element(event.element), Attributes(class: string(event.class_), href: string(event.href),
                                                                 alt: string(event.alt), src: string(event.src)))
            case CHTMLTEXT_END: return .end(element(event.element))
            default: return .text(string(event.text))
            }
        }
    }
}

/// Builds a resolved ``StatusText``: text appended piece by piece, with entities and inline
/// images at their UTF-8 offsets; spaces before a line break and at the ends dropped, as a
/// browser shows them.
struct ResolvedTextBuilder {
    private(set) var string = ""
    private(set) var entities: [TextEntity] = []
    private(set) var attachments: [StatusText.Attachment] = []
    private var offset = 0

    var currentOffset: Int { offset }

    mutating func append(_ text: String) {
        guard !text.isEmpty else { return }
        var text = Substring(text)
        // No space at the start of the text or of a line, nor two in a row.
        if offset == 0 || string.utf8.last == 0x0A || string.utf8.last == 0x20 {
            text = text.drop { $0 == " " }
        }
        string += text
        offset += text.utf8.count
    }

    mutating func lineBreak() {
        dropTrailingSpace()
        string += "\n"
        offset += 1
    }

    mutating func paragraphBreak() {
        guard offset > 0 else { return }
        dropTrailingSpace()
        if string.hasSuffix("\n\n") { return }
        let breaks = string.hasSuffix("\n") ? "\n" : "\n\n"
        string += breaks
        offset += breaks.utf8.count
    }

    mutating func image(_ kind: StatusText.Attachment.Kind) {
        attachments.append(StatusText.Attachment(offset: offset, kind: kind))
        string += "\u{FFFC}"
        offset += 3
    }

    mutating func entity(_ kind: TextEntity.Kind, from start: Int) {
        let end = offset
        guard end > start else { return }
        entities.append(TextEntity(kind: kind, range: start..<end))
    }

    private mutating func dropTrailingSpace() {
        while string.utf8.last == 0x20 {
            string.removeLast()
            offset -= 1
            // Entities ending in the space end before it.
            if let last = entities.last, last.range.upperBound > offset {
                entities[entities.count - 1].range = last.range.lowerBound..<max(last.range.lowerBound, offset)
            }
        }
    }

    /// The text: trailing spaces and breaks dropped.
    mutating func finish() -> StatusText {
        while string.utf8.last == 0x20 || string.utf8.last == 0x0A {
            string.removeLast()
            offset -= 1
        }
        entities = entities.compactMap { entity in
            let upper = min(entity.range.upperBound, offset)
            return upper > entity.range.lowerBound ? TextEntity(kind: entity.kind, range: entity.range.lowerBound..<upper) : nil
        }
        attachments = attachments.filter { $0.offset + 3 <= offset }
        return StatusText(resolved: string, entities: entities, attachments: attachments)
    }
}
