/// An object placed inline in text: an emoticon image, a link icon. It takes `width` on the line
/// and rises `ascent` above and falls `descent` below the baseline; lines break around it as
/// around an ideograph.
public struct TextAttachment: Sendable, Hashable {
    /// The advance on the line, in points.
    public var width: Double
    /// The height above the baseline, in points.
    public var ascent: Double
    /// The depth below the baseline, in points (positive down).
    public var descent: Double

    /// Makes an attachment of the given size in points.
    public init(width: Double, ascent: Double, descent: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }
}

/// Text with inline attachments: what ``TextEngine`` measures.
///
/// Each attachment stands in the string as U+FFFC OBJECT REPLACEMENT CHARACTER, so ranges in
/// the string (UTF-8 offsets) stay meaningful. A U+FFFC that carries no attachment is measured
/// as the character it is.
public struct AttributedText: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The text, attachments included as U+FFFC.
    public private(set) var string: String
    /// The attachments by the UTF-8 offset of their U+FFFC, in increasing order.
    public var attachments: [(offset: Int, attachment: TextAttachment)] {
        zip(attachmentOffsets, attachmentValues).map { ($0, $1) }
    }
    private var attachmentOffsets: [Int] = []
    private var attachmentValues: [TextAttachment] = []

    /// The character that stands for an attachment.
    public static let attachmentCharacter: Character = "\u{FFFC}"

    /// Makes plain text.
    public init(_ string: String) { self.string = string }

    public init(stringLiteral value: String) { self.init(value) }

    /// Appends plain text.
    public mutating func append(_ text: String) { string += text }

    /// Appends plain text from a part of a string (no intermediate `String`).
    public mutating func append(_ text: Substring) { string.append(contentsOf: text) }

    /// Makes room for `utf8Count` bytes of text, so that appending up to them does not grow
    /// the string again.
    public mutating func reserveCapacity(_ utf8Count: Int) { string.reserveCapacity(utf8Count) }

    /// Appends other attributed text.
    public mutating func append(_ other: AttributedText) {
        let base = string.utf8.count
        string += other.string
        attachmentOffsets += other.attachmentOffsets.map { $0 + base }
        attachmentValues += other.attachmentValues
    }

    /// Appends an attachment (as U+FFFC).
    public mutating func append(_ attachment: TextAttachment) {
        attachmentOffsets.append(string.utf8.count)
        attachmentValues.append(attachment)
        string.append(Self.attachmentCharacter)
    }

    /// The attachment whose U+FFFC starts at UTF-8 offset `offset`, if any.
    func attachment(atUTF8Offset offset: Int) -> TextAttachment? {
        guard !attachmentOffsets.isEmpty else { return nil }
        var low = 0
        var high = attachmentOffsets.count
        while low < high {
            let mid = (low + high) / 2
            if attachmentOffsets[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low < attachmentOffsets.count && attachmentOffsets[low] == offset ? attachmentValues[low] : nil
    }

    var hasAttachments: Bool { !attachmentOffsets.isEmpty }

    public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
        lhs.string == rhs.string && lhs.attachmentOffsets == rhs.attachmentOffsets
            && lhs.attachmentValues == rhs.attachmentValues
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
        hasher.combine(attachmentOffsets)
        hasher.combine(attachmentValues)
    }
}
