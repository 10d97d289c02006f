/// Hard line breaks: the text is cut into paragraphs at `\n`, VT, FF, `\r`, `\r\n`, NEL,
/// U+2028 and U+2029 before anything else (each paragraph is shaped and broken on its own).
enum HardBreaks {
    /// Appends the byte ranges of the paragraphs of `bytes` (none for an empty text; an empty
    /// range for each empty paragraph) to `spans`.
    static func paragraphs(of bytes: UnsafeBufferPointer<UInt8>, into spans: GrowableBuffer<Span>) {
        var start = 0
        var i = 0
        let n = bytes.count
        let base = UnsafeRawPointer(bytes.baseAddress)
        while i < n {
            // Eight bytes at a time past text that holds no byte a hard break starts with (a
            // byte below 0x0E, 0xC2 or 0xE2), tested as one word (the exact "has a zero byte"
            // and "has a byte below n" tests of bit-twiddling).
            if i + 8 <= n, let base {
                let v = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                let c2 = v ^ (ones &* 0xC2)
                let e2 = v ^ (ones &* 0xE2)
                let special = ((v &- ones &* 0x0E) & ~v) | ((c2 &- ones) & ~c2) | ((e2 &- ones) & ~e2)
                if special & highs == 0 {
                    i += 8
                    continue
                }
            }
            let b = bytes[i]
            if b >= 0x0E && b < 0xC2 || b > 0xE2 {
                i += 1
                continue
            }
            var breakLength = 0
            if b == 0x0A || b == 0x0B || b == 0x0C {
                breakLength = 1
            } else if b == 0x0D {
                breakLength = i + 1 < n && bytes[i + 1] == 0x0A ? 2 : 1
            } else if b == 0xC2, i + 1 < n, bytes[i + 1] == 0x85 {
                breakLength = 2
            } else if b == 0xE2, i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                breakLength = 3
            }
            if breakLength > 0 {
                spans.append(Span(start..<i))
                i += breakLength
                start = i
            } else {
                i += 1
            }
        }
        if n > 0 { spans.append(Span(start..<n)) }
    }
}
