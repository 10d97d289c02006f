import StatusLayout

/// The height of one status's cell: what ``RowHeights/heights(for:)`` returns and what
/// `feedlayout heights` prints. `Codable` to the same JSON object as the CLI's lines,
/// `{"id": "4900000000000000", "height": 183.5, "kind": "original"}` (the ID a string, since
/// 64-bit IDs do not fit a JavaScript number), so that a server can send it as it is.
public struct StatusHeight: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The status.
    public var id: StatusID
    /// The cell's height in points, rounded to the pixel grid of the context's screen scale.
    public var height: Double
    /// Whether the status reposts another.
    public var kind: CellLayout.Kind

    /// Makes a height record.
    public init(id: StatusID, height: Double, kind: CellLayout.Kind) {
        self.id = id
        self.height = height
        self.kind = kind
    }

    private enum CodingKeys: String, CodingKey {
        case id, height, kind
    }

    /// Encodes the object a line of `feedlayout heights` is (``jsonLine``): `id` as a string,
    /// `height` rounded to 4 decimals as the CLI prints it (`160.6667`, not
    /// `160.66666666666666`), `kind`; the keys in the order the encoder chooses.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(height.isFinite ? (height * 10_000).rounded() / 10_000 : height, forKey: .height)
        try container.encode(kind, forKey: .kind)
    }

    /// Decodes what ``encode(to:)`` wrote (or any object with the three fields).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(StatusID.self, forKey: .id)
        height = try container.decode(Double.self, forKey: .height)
        kind = try container.decode(CellLayout.Kind.self, forKey: .kind)
    }

    /// The line `feedlayout heights` prints for it, byte for byte (without the newline):
    /// `{"id": "4900000000000000", "height": 405.3333, "kind": "original"}`. (`JSONEncoder`
    /// writes the same object, but in an order of its own.)
    public var jsonLine: String {
        let rounded = (height * 10_000).rounded() / 10_000
        let number =
            !height.isFinite
            ? "null"
            : abs(height) >= 1e15
                ? "\(height)"
                : rounded == rounded.rounded() ? String(Int64(rounded)) : "\(rounded)"
        return "{\"id\": \"\(id)\", \"height\": \(number), \"kind\": \"\(kind.rawValue)\"}"
    }

    /// "4900000000000000: 183.5 pt (original)".
    public var description: String { "\(id): \(height) pt (\(kind.rawValue))" }
}
