/// `Codable` and descriptions for text with attachments.
extension AttributedText: Codable, CustomStringConvertible {
    private enum CodingKeys: String, CodingKey {
        case string, attachments
    }

    private enum AttachmentKeys: String, CodingKey {
        case offset, width, ascent, descent
    }

    /// Encodes `{"string": "…", "attachments": [{"offset": 6, "width": 17, "ascent": 14.96,
    /// "descent": 2.04}]}` (each attachment by the UTF-8 offset of its U+FFFC).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(string, forKey: .string)
        var list = container.nestedUnkeyedContainer(forKey: .attachments)
        for (offset, attachment) in attachments {
            var item = list.nestedContainer(keyedBy: AttachmentKeys.self)
            try item.encode(offset, forKey: .offset)
            try item.encode(attachment.width, forKey: .width)
            try item.encode(attachment.ascent, forKey: .ascent)
            try item.encode(attachment.descent, forKey: .descent)
        }
    }

    /// Decodes what ``encode(to:)`` wrote; `attachments` may be left out.
    ///
    /// - Throws: `DecodingError` when an attachment's offset is not the start of a U+FFFC of the
    ///   string, or offsets do not increase.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let string = try container.decode(String.self, forKey: .string)
        let bytes = Array(string.utf8)
        let replacement = Array(String(Self.attachmentCharacter).utf8)
        var text = AttributedText("")
        var cursor = 0
        if container.contains(.attachments) {
            var list = try container.nestedUnkeyedContainer(forKey: .attachments)
            while !list.isAtEnd {
                let item = try list.nestedContainer(keyedBy: AttachmentKeys.self)
                let offset = try item.decode(Int.self, forKey: .offset)
                guard offset >= cursor, offset + replacement.count <= bytes.count,
                    Array(bytes[offset..<offset + replacement.count]) == replacement
                else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .offset, in: item,
                        debugDescription:
                            "attachment offset \(offset) is not the start of a U+FFFC after the previous attachment")
                }
                text.append(String(decoding: bytes[cursor..<offset], as: UTF8.self))
                text.append(
                    TextAttachment(
                        width: try item.decode(Double.self, forKey: .width),
                        ascent: try item.decode(Double.self, forKey: .ascent),
                        descent: try item.decode(Double.self, forKey: .descent)))
                cursor = offset + replacement.count
            }
        }
        text.append(String(decoding: bytes[cursor...], as: UTF8.self))
        self = text
    }

    /// The string, quoted, and how many attachments it carries: `"笑死￼" (1 attachment)`.
    public var description: String {
        let count = attachments.count
        let quoted = String(reflecting: string)
        return count == 0 ? quoted : quoted + " (\(count) attachment\(count == 1 ? "" : "s"))"
    }
}
