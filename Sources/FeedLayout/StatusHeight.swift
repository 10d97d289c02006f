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

    /// "4900000000000000: 183.5 pt (original)".
    public var description: String { "\(id): \(height) pt (\(kind.rawValue))" }
}
