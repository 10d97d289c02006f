import TextLayout

extension StatusID: Codable {
    /// Encodes the decimal form, as the API's `idstr` (a JSON number cannot hold every 64-bit ID
    /// exactly in JavaScript).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes a decimal string (`"4900000000000000"`) or a whole number.
    ///
    /// - Throws: `DecodingError` for anything else, or a number that does not fit in 64 bits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let id = StatusID(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not a decimal 64-bit status ID")
            }
            self = id
        } else {
            self.init(try container.decode(Int64.self))
        }
    }
}

extension RichText: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, entities
    }

    /// Encodes `{"text": <AttributedText>, "entities": [<TextEntity>]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(entities, forKey: .entities)
    }

    /// Decodes what ``encode(to:)`` wrote.
    ///
    /// - Throws: `DecodingError` for a missing or mistyped field, or an entity range outside
    ///   the text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(AttributedText.self, forKey: .text)
        let entities = try container.decode([TextEntity].self, forKey: .entities)
        let length = text.string.utf8.count
        if let outside = entities.first(where: { $0.range.lowerBound < 0 || $0.range.upperBound > length }) {
            throw DecodingError.dataCorruptedError(
                forKey: .entities, in: container,
                debugDescription: "entity range \(outside.range) is outside the text's \(length) bytes")
        }
        self.init(text: text, entities: entities)
    }
}

extension TextEntity: Codable, CustomStringConvertible {
    private enum CodingKeys: String, CodingKey {
        case kind, value, range
    }

    /// The kind's name in JSON.
    private var kindName: String {
        switch kind {
        case .mention: return "mention"
        case .topic: return "topic"
        case .link: return "link"
        case .emoticon: return "emoticon"
        case .cashtag: return "cashtag"
        }
    }

    /// The mention's name, the topic, the URL or the emoticon's name.
    private var value: String {
        switch kind {
        case .mention(let value), .topic(let value), .link(let value), .emoticon(let value), .cashtag(let value):
            return value
        }
    }

    /// Encodes `{"kind": "mention"|"topic"|"link"|"emoticon"|"cashtag", "value": "…", "range": [start, end]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kindName, forKey: .kind)
        try container.encode(value, forKey: .value)
        try container.encode(range, forKey: .range)
    }

    /// Decodes what ``encode(to:)`` wrote.
    ///
    /// - Throws: `DecodingError` for an unknown kind or a missing or mistyped field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let value = try container.decode(String.self, forKey: .value)
        let range = try container.decode(Range<Int>.self, forKey: .range)
        switch try container.decode(String.self, forKey: .kind) {
        case "mention": self.init(kind: .mention(value), range: range)
        case "topic": self.init(kind: .topic(value), range: range)
        case "link": self.init(kind: .link(value), range: range)
        case "emoticon": self.init(kind: .emoticon(value), range: range)
        case "cashtag": self.init(kind: .cashtag(value), range: range)
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription: "unknown entity kind '\(other)' (mention, topic, link, emoticon, cashtag)")
        }
    }

    /// "mention 'name' at 3..<12".
    public var description: String { "\(kindName) '\(value)' at \(range.lowerBound)..<\(range.upperBound)" }
}
