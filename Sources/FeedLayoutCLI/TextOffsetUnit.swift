/// The unit of the offsets and ranges the CLI prints (`--offsets`): one unit across every
/// command's JSON, Unicode scalars unless asked otherwise. The library's own ranges are UTF-8
/// byte offsets; these convert them.
enum TextOffsetUnit: String, Sendable {
    /// Unicode scalars (code points), as Twitter's entities and `measure --breaks` count.
    case scalars
    /// UTF-16 code units: JavaScript's string indices, UIKit's `NSRange`.
    case utf16
    /// UTF-8 bytes: the library's own unit.
    case utf8

    /// `utf8Offset` (a byte offset into `text`, on a scalar boundary) in this unit.
    func offset(ofUTF8Offset utf8Offset: Int, in text: String) -> Int {
        switch self {
        case .utf8:
            return utf8Offset
        case .scalars, .utf16:
            var count = 0
            var bytes = 0
            for scalar in text.unicodeScalars {
                if bytes >= utf8Offset { break }
                bytes += UTF8.width(scalar)
                count += self == .utf16 ? UTF16.width(scalar) : 1
            }
            return count
        }
    }

    /// `scalarOffset` (a count of Unicode scalars from the start of `text`) in this unit.
    func offset(ofScalarOffset scalarOffset: Int, in text: String) -> Int {
        switch self {
        case .scalars: return scalarOffset
        case .utf16: return text.unicodeScalars.prefix(scalarOffset).reduce(0) { $0 + UTF16.width($1) }
        case .utf8: return text.unicodeScalars.prefix(scalarOffset).reduce(0) { $0 + UTF8.width($1) }
        }
    }

    /// A UTF-8 range of `text` in this unit.
    func range(ofUTF8Range range: Range<Int>, in text: String) -> Range<Int> {
        offset(ofUTF8Offset: range.lowerBound, in: text)..<offset(ofUTF8Offset: range.upperBound, in: text)
    }
}
