/// A run of text shaped in one font, script and direction: for tests, debugging and tools.
public struct TextRun: Sendable {
    /// The UTF-8 offsets of the run in the text.
    public let range: Range<Int>
    /// The font of the run, or nil for an attachment.
    public let font: Font?
    /// The ISO 15924 script tag of the run ("Hani", "Latn", "Zyyy" for common).
    public let script: String
    /// Whether the run goes right to left.
    public let isRightToLeft: Bool
    /// The grapheme clusters of the run.
    public let clusterCount: Int
    /// The advance of the run in points.
    public let advance: Double
}

extension PreparedText {
    /// The runs of the text, in logical order.
    public var textRuns: [TextRun] {
        withExtendedLifetime(storage) { textRuns(runs: storage.runs, pieces: storage.pieces) }
    }

    private func textRuns(runs: UnsafeBufferPointer<ShapingRun>, pieces: UnsafeBufferPointer<Piece>) -> [TextRun] {
        let fonts = storage.header.context.fontTable.fonts
        var result: [TextRun] = []
        var p = 0
        for (index, run) in runs.enumerated() {
            var advance = 0.0
            var clusterCount = 0
            while p < pieces.count && pieces[p].run == Int32(index) {
                advance += pieces[p].advance
                clusterCount += Int(pieces[p].endCluster - pieces[p].firstCluster)
                p += 1
            }
            let tag = UnicodeProperties.scriptTags[Int(run.script)]
            let script =
                tag == 0
                ? "Zyyy" : String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
            result.append(
                TextRun(
                    range: Int(run.start)..<Int(run.end),
                    font: run.font == ShapingRun.attachmentFont ? nil : fonts[Int(run.font)],
                    script: script, isRightToLeft: run.rightToLeft, clusterCount: clusterCount, advance: advance))
        }
        return result
    }

    /// The UTF-8 ranges of the grapheme clusters (hard line breaks are not clusters of any line).
    /// A grapheme cluster that a line may break inside (UAX #14: a space before a combining
    /// mark, ZWJ or emoji modifier) is one range here.
    public var graphemeClusterRanges: [Range<Int>] {
        withExtendedLifetime(storage) { graphemeClusterRanges(clusters: storage.clusters, runs: storage.runs) }
    }

    private func graphemeClusterRanges(
        clusters: UnsafeBufferPointer<ClusterInfo>, runs: UnsafeBufferPointer<ShapingRun>
    ) -> [Range<Int>] {
        var result: [Range<Int>] = []
        result.reserveCapacity(clusters.count)
        var r = 0
        for c in clusters.indices {
            while r < runs.count && runs[r].end <= clusters[c].start { r += 1 }
            let end =
                c + 1 < clusters.count && clusters[c + 1].start < runs[r].end ? clusters[c + 1].start : runs[r].end
            if clusters[c].flags & ClusterInfo.insideGrapheme != 0, let last = result.last {
                result[result.count - 1] = last.lowerBound..<Int(end)  // split only for a line break inside it
            } else {
                result.append(Int(clusters[c].start)..<Int(end))
            }
        }
        return result
    }
}
