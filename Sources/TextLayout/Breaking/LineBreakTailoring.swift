/// Where FeedLayout's line break opportunities differ from ICU 72's, on purpose: places where
/// Pango and Chromium both break and ICU does not. Both ways the engine finds opportunities
/// apply it: ``PairLineBreaker`` in its rules, and ``BreakIteratorPool/appendLineBoundaries(locale:text:to:)``
/// to the boundaries of ICU's iterator. Tests hold each difference to both oracles' answers.
///
/// The one difference so far, **a word-initial hyphen-minus before an ASCII letter**: ICU 72
/// keeps `-` (U+002D) to an AL character after it when a break came just before the hyphen (its
/// rule `^(HY|‐) × AL`, in Unicode 15.1 as LB20a), so `" -EINVAL"` can break only before the
/// hyphen. Pango 1.50 (UAX #14 of Unicode 15.0) and Chromium (its table for ASCII pairs) break
/// after the hyphen too, so a line ends `success. -` and the next starts `EINVAL`. Measured on
/// every printable ASCII character after `x -` and after `-` at the start: both oracles break
/// before exactly the ASCII characters of class AL (the letters, `#`, `&`, `*`, `<`, `=`, `>`,
/// `@`, `^`, `_`, the grave accent, `~`). Where the oracles disagree, ICU's rule stays: before a
/// non-ASCII letter (`-é`, `-д`: Pango breaks, Chromium does not), after U+2010 HYPHEN (`‐d`:
/// the same) and when a combining mark follows the hyphen (`-\u{0301}d`: the same).
enum LineBreakTailoring {
    /// Whether `byte` (UTF-8) is an ASCII character of line-break class AL.
    @inline(__always)
    static func isASCIIAlphabetic(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "<"), UInt8(ascii: "="),
            UInt8(ascii: ">"), UInt8(ascii: "@"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Applies the tailoring to ICU's line boundaries of UTF-8 `text`: `boundaries[from...]`,
    /// ascending byte offsets inside the text (neither 0 nor its end). Adds a boundary after a
    /// hyphen-minus followed by an ASCII AL character where ICU has one before the hyphen (or
    /// the hyphen starts the text) and none after it: ICU's `^(HY|‐) × AL`, the only rule that
    /// keeps that pair together after a break.
    ///
    /// - Complexity: O(n) in the text's length; allocates only when it adds a boundary.
    static func apply(to boundaries: inout [Int32], from: Int, text: UnsafeBufferPointer<UInt8>) {
        guard text.count >= 2 else { return }
        var added: [Int32] = []
        var next = from  // the first of ICU's boundaries not below the hyphen
        for i in 0..<(text.count - 1) where text[i] == UInt8(ascii: "-") && isASCIIAlphabetic(text[i + 1]) {
            while next < boundaries.count && boundaries[next] < Int32(i) { next += 1 }
            let brokeBefore = i == 0 || (next < boundaries.count && boundaries[next] == Int32(i))
            var after = next
            while after < boundaries.count && boundaries[after] <= Int32(i) { after += 1 }
            let breaksAfter = after < boundaries.count && boundaries[after] == Int32(i + 1)
            if brokeBefore && !breaksAfter { added.append(Int32(i + 1)) }
        }
        guard !added.isEmpty else { return }
        var merged = Array(boundaries[from...])
        merged.append(contentsOf: added)
        merged.sort()
        boundaries.replaceSubrange(from..., with: merged)
    }
}
