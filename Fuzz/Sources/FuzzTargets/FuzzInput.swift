/// Reads fuzz parameters from the front of an input: each read takes the next byte (0 past
/// the end), and ``rest`` is what remains.
public struct FuzzInput {
    public let bytes: [UInt8]
    public private(set) var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next two bytes as a little-endian number.
    public mutating func uint16() -> UInt16 {
        let low = UInt16(byte())
        return low | UInt16(byte()) << 8
    }

    /// The next `count` bytes (fewer at the end).
    public mutating func bytes(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return bytes[position..<end]
    }

    /// The bytes not read yet.
    public var rest: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }
}
