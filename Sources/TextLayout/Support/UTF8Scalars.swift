/// Reading code points out of valid UTF-8 (the text of a Swift `String`): the one place that
/// knows how long a scalar is from its lead byte, and how one is written in UTF-16.
enum UTF8Scalars {
    /// The scalars of `range` of valid UTF-8 `text`, in order.
    struct Scalars: Sequence, IteratorProtocol {
        let text: UnsafeBufferPointer<UInt8>
        var range: Range<Int>
        mutating func next() -> UInt32? {
            guard !range.isEmpty else { return nil }
            let (scalar, length) = UTF8Scalars.decode(text, at: range.lowerBound)
            range = range.lowerBound + length..<range.upperBound
            return scalar
        }
    }

    /// The length in bytes of the scalar whose first byte is `lead`.
    @inline(__always) static func length(lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The scalar starting at byte `i` of `bytes`, and its length.
    @inline(__always) static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (
        scalar: UInt32, length: Int
    ) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3) }
        return (
            (b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                | UInt32(bytes[i + 3] & 0x3F), 4
        )
    }

    /// The UTF-16 of `scalar`: one unit, or a lead and a trail surrogate (ICU's bidi and line
    /// iterators read UTF-16).
    @inline(__always) static func utf16(_ scalar: UInt32) -> (first: UInt16, trail: UInt16?) {
        guard scalar >= 0x10000 else { return (UInt16(truncatingIfNeeded: scalar), nil) }
        let v = scalar - 0x10000
        return (UInt16(0xD800 + (v >> 10)), UInt16(0xDC00 + (v & 0x3FF)))
    }

    /// The scalar whose UTF-8 bytes are the low bytes of `packed`, in text order.
    static func decode(packed: UInt64) -> UInt32 {
        var bytes = packed.littleEndian
        return withUnsafeBytes(of: &bytes) { decode($0.bindMemory(to: UInt8.self), at: 0).scalar }
    }
}

extension UnsafeBufferPointer {
    /// The first index of `range` whose element is not `isBelow` (the elements of `range` are
    /// partitioned: every element for which `isBelow` holds comes first). Binary search.
    @inline(__always)
    func partitionPoint(in range: Range<Int>? = nil, _ isBelow: (Element) -> Bool) -> Int {
        var low = range?.lowerBound ?? 0
        var high = range?.upperBound ?? count
        while low < high {
            let mid = (low + high) / 2
            if isBelow(self[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
