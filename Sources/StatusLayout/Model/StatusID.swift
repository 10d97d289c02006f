/// A status ID: a 64-bit number (Weibo's `id` with `idstr` as its decimal form, Twitter's `id`
/// with `id_str`, Mastodon's `id`, a decimal string).
public struct StatusID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 64-bit value.
    public var value: Int64

    /// Makes an ID from its 64-bit value.
    public init(_ value: Int64) { self.value = value }

    /// Parses the decimal form of an ID: digits only, with one `-` in front for a negative one
    /// (as a JSON number may be), at most 64 bits. Every place that reads an ID (statuses,
    /// `feedlayout layout --id`, `RowHeights.cachedHeight(forIDString:)`) reads it with this rule.
    public init?(_ text: some StringProtocol) {
        guard let value = Self.parse(text.utf8) else { return nil }
        self.value = value
    }

    /// The decimal form, as the APIs' `idstr` / `id_str`.
    public var description: String { String(value) }
    public static func < (a: StatusID, b: StatusID) -> Bool { a.value < b.value }

    /// The value of a decimal ID (see ``init(_:)``) without allocating; nil unless it is one.
    static func parse(_ bytes: some Sequence<UInt8>) -> Int64? {
        var value: Int64 = 0
        var digits = 0
        var negative = false
        var first = true
        for byte in bytes {
            defer { first = false }
            if first && byte == 0x2D {
                negative = true
                continue
            }
            let digit = byte &- 0x30
            guard digit <= 9 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            // Negative IDs are accumulated downwards so that Int64.min fits.
            let (sum, o2) =
                negative
                ? times10.subtractingReportingOverflow(Int64(digit))
                : times10.addingReportingOverflow(Int64(digit))
            guard !o1 && !o2 else { return nil }
            value = sum
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}
