extension PreparedText {
    /// Where a line may start: the offsets, in Unicode scalars from the start of the text, of
    /// every line break opportunity the engine found, in ascending order.
    ///
    /// An offset `i` means a line may break between scalar `i − 1` and scalar `i`. The
    /// opportunities are UAX #14's (with the style's ``LineBreakStrictness``; see
    /// ``LineBreakStrictness/normal`` for its one tailoring), inside grapheme clusters too (after
    /// a space before a combining mark, ZWJ or emoji modifier), and the mandatory break after
    /// each hard line break (`\n`, `\r\n`, `\r`, VT, FF, NEL, U+2028, U+2029) is included, even
    /// at the end of the text. Offset 0 is never included, and the end of the text only after a
    /// hard line break (a line always may end there).
    ///
    /// - Complexity: O(n) in the text's length; allocates the result.
    public var breakOpportunities: [Int] {
        withExtendedLifetime(storage) {
            Self.breakOpportunities(bytes: storage.bytes, clusters: storage.clusters, paragraphs: storage.paragraphs)
        }
    }

    private static func breakOpportunities(bytes: UnsafeBufferPointer<UInt8>, clusters: UnsafeBufferPointer<ClusterInfo>,
                                           paragraphs: UnsafeBufferPointer<ParagraphSpan>) -> [Int] {
        var result: [Int] = []
        var scalarsBefore = 0  // scalars in bytes[0..<position]
        var position = 0
        func advance(to offset: Int) {
            while position < offset {
                if bytes[position] & 0xC0 != 0x80 { scalarsBefore += 1 }
                position += 1
            }
        }
        var c = 0
        for p in paragraphs.indices {
            let paragraph = paragraphs[p]
            if p > 0 {  // the mandatory break after the hard break that ended the paragraph before
                advance(to: Int(paragraph.start))
                result.append(scalarsBefore)
            }
            while c < clusters.count && clusters[c].start < paragraph.end {
                if clusters[c].start >= paragraph.start && clusters[c].flags & ClusterInfo.breakBefore != 0 {
                    advance(to: Int(clusters[c].start))
                    result.append(scalarsBefore)
                }
                c += 1
            }
        }
        return result
    }
}
