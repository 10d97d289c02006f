/// A parsed JSON value that keeps what the Weibo API sent apart: booleans from numbers,
/// integers (64-bit IDs) from floating point.
enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            do {
                self = .object(try container.decode([String: JSONValue].self))
            } catch DecodingError.typeMismatch {
                // Every type refused it: say what such a value is, not that it is no dictionary.
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a usable JSON value: a string that is not valid Unicode (a lone surrogate \\ud800…) or a number out of range (1e999)"))
            }  // a value inside the object that no type takes: its own error, with its path
        }
    }

    /// The JSON type's name, for error messages.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
