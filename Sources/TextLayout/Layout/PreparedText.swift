import CTextShims

/// A text analysed for every width: fonts chosen, runs shaped, break opportunities found.
/// ``layout(width:maxLines:truncationToken:)`` fills lines for one width with arithmetic only.
///
/// Its data lies in one allocation (`PreparedStorage`), which it shares when copied.
/// Immutable and `Sendable`: lay it out from any thread, at as many widths as you like.
public struct PreparedText: @unchecked Sendable {  // its storage is written once, when made, and only read after
    let storage: PreparedStorage

    init(storage: PreparedStorage) { self.storage = storage }

    /// The style it was prepared with.
    public var style: TextStyle { storage.header.style }

    /// The advance of the whole text on one line, hanging white space excluded, in points.
    public var singleLineWidth: Double {
        withExtendedLifetime(storage) {
            var width = 0.0
            var trailing = 0.0
            for piece in storage.pieces {
                width += trailing + piece.advance - piece.trailingWhiteSpace
                trailing = piece.trailingWhiteSpace
            }
            return width
        }
    }

    /// Where a line may end, as offsets in Unicode scalars from the text's start, ascending:
    /// every break opportunity inside a paragraph (the start of each word after its first), and
    /// the mandatory break after each hard line break (LF, CR, CR LF, VT, FF, NEL, U+2028,
    /// U+2029), at the start of the paragraph that follows it, even when that paragraph is empty
    /// at the text's end. The start and the end of the text are not listed (UAX #14 never breaks
    /// at the start and always at the end). The opportunities are those the line filler uses:
    /// UAX #14 with this engine's tailoring (see ``LineBreakStrictness``).
    public var breakOpportunities: [Int] {
        withExtendedLifetime(storage) {
            let bytes = storage.bytes
            var byteOffsets: [Int] = []
            let paragraphs = storage.paragraphs
            let points = storage.breakPoints
            for (index, paragraph) in paragraphs.enumerated() {
                if index > 0 { byteOffsets.append(Int(paragraph.start)) }
                for w in paragraph.words {
                    let end = Int(points[w].end)
                    if end > Int(paragraph.start) && end < Int(paragraph.end) { byteOffsets.append(end) }
                }
            }
            // Bytes to scalars: count the bytes that start a scalar (not 10xxxxxx).
            var offsets: [Int] = []
            offsets.reserveCapacity(byteOffsets.count)
            var scalars = 0
            var b = 0
            for target in byteOffsets {
                while b < target {
                    if bytes[b] & 0xC0 != 0x80 { scalars += 1 }
                    b += 1
                }
                if offsets.last != scalars { offsets.append(scalars) }
            }
            return offsets
        }
    }

    /// Fills lines at `width` points.
    ///
    /// - Parameters:
    ///   - width: the line width; zero, negative or NaN fit nothing, so each grapheme cluster
    ///     takes a line.
    ///   - maxLines: the most lines to show (nil or a value below 1: no limit).
    ///   - truncationToken: appended to the last shown line when lines are cut.
    /// - Complexity: O(lines · log words) for most texts (a search per line), plus shaping of
    ///   the runs of any word that must be cut inside and of the last line when truncating.
    public func layout(width: Double, maxLines: Int? = nil, truncationToken: AttributedText = "\u{2026}")
        -> ParagraphLayout
    {
        withLineFiller(width: width) { filler in
            for paragraph in storage.paragraphs { filler.fill(paragraph) }
            let fullCount = filler.lines.count
            var truncated = false
            if let maxLines, maxLines > 0, fullCount > maxLines {
                truncated = true
                let last = filler.lines[maxLines - 1]
                let token = storage.fields.pointee.context.truncationToken(truncationToken, style: style)
                let cut = filler.truncatedLine(from: last, token: token)
                filler.removeLines(from: maxLines - 1)
                filler.append(
                    range: cut.range, width: cut.width, ascent: cut.ascent, descent: cut.descent, isTruncated: true)
            }
            let lines = filler.lines
            var widest = 0.0
            for line in lines where line.width > widest { widest = line.width }
            let height = lines.last.map { $0.top + $0.height } ?? 0
            return ParagraphLayout(
                lines: lines, width: widest, height: height, isTruncated: truncated, fullLineCount: fullCount)
        }
    }

    /// How many lines the text takes at `width`: ``layout(width:maxLines:truncationToken:)``'s
    /// `fullLineCount` without making the lines (allocates nothing). With `maxLines`, the lines
    /// shown are `min(lineCount, maxLines)`.
    public func lineCount(width: Double) -> Int {
        withLineFiller(width: width, keepsLines: false) { filler in
            for paragraph in storage.paragraphs { filler.fill(paragraph) }
            return filler.lineCount
        }
    }

    /// Runs `body` with a line filler over this text at `width`.
    private func withLineFiller<R>(width: Double, keepsLines: Bool = true, _ body: (inout LineFiller) -> R) -> R {
        withExtendedLifetime(storage) {
            // What line filling reads, fetched at once (a text laid out again is usually cold:
            // one cache miss after another would cost more than the filling). The break points,
            // profile changes, paragraphs and profiles lie together at the start of the storage.
            let breakPoints = storage.breakPoints
            let profiles = storage.fields.pointee.profiles
            let reach = profiles.offset + profiles.count * MemoryLayout<HeightProfile>.stride
            ctextshims_prefetch(
                breakPoints.baseAddress.map(UnsafeRawPointer.init),
                min(reach, 4_096 * MemoryLayout<LineBreakPoint>.stride))
            var filler = LineFiller(storage: storage, width: width, keepsLines: keepsLines)
            return body(&filler)
        }
    }
}

// What tests and inspection read (copies: the storage is private to the prepared text).
extension PreparedText {
    var breakPoints: [LineBreakPoint] { withExtendedLifetime(storage) { Array(storage.breakPoints) } }
    var paragraphs: [ParagraphSpan] { withExtendedLifetime(storage) { Array(storage.paragraphs) } }
    var heightProfiles: [HeightProfile] { withExtendedLifetime(storage) { Array(storage.profiles) } }
    var emptyLineMetrics: (ascent: Double, descent: Double) { storage.header.emptyLineMetrics }
    /// The bytes of the paragraphs' text (UTF-8).
    var bytes: [UInt8] { withExtendedLifetime(storage) { Array(storage.bytes) } }
    /// How much memory the prepared text takes, in bytes.
    var allocatedBytes: Int { storage.allocatedBytes }
}
