/// Stage 3 of preparing a text: groups a paragraph's measured pieces into words (from one
/// break opportunity to the next) and writes what line filling needs of each
/// (``LineBreakPoint``), so that a new width is arithmetic: where the word's visible text ends
/// and the next starts, and an index into the text's few height profiles (a run's profile
/// depends only on its font and script); then the words where the profile changes, and the
/// line edges that must be measured apart (``EdgeCorrection``).
///
/// One per thread (its buffers are reused from text to text); not thread-safe.
final class BreakPointBuilder {
    /// The height profile of each run of the paragraph being built.
    private let runProfiles = GrowableBuffer<UInt16>()
    /// The height profile of each (font << 8 | script) met so far in the text.
    private var profileOfFontAndScript: [(key: UInt16, profile: UInt16)] = []
    /// Words whose pieces lie in more than one run (their profile is merged).
    private let merged = GrowableBuffer<Int>()

    /// Forgets what the last text left (call once per text).
    func startText() { profileOfFontAndScript.removeAll(keepingCapacity: true) }

    /// Builds the words of one paragraph's pieces `range` and runs `runRange` into the text's
    /// `output`; the paragraph's line edges are `edges` (in text order).
    func build(
        pieces range: Range<Int>, runs runRange: Range<Int>, edges: GrowableBuffer<PendingEdge>, output: TextAssembly
    ) {
        guard !range.isEmpty else { return }
        let pieces = output.pieces
        let breakPoints = output.breakPoints
        // One profile per run: most words lie in one run and take it as it is.
        runProfiles.removeAll()
        var p = range.lowerBound
        for r in runRange {
            while p < range.upperBound && Int(pieces[p].run) < r { p += 1 }
            runProfiles.append(runProfile(output.runs[r], piece: pieces[p], output: output))
        }
        let firstRun = runRange.lowerBound
        let firstWord = breakPoints.count
        merged.removeAll()
        // At most one word per piece.
        breakPoints.reserve(range.count)
        var position = 0.0
        var total = 0.0
        let all = pieces.base
        p = range.lowerBound
        let end = range.upperBound
        while p < end {
            var q = p + 1
            var advance = all[p].advance
            var singleRun = true
            let run = all[p].run
            while q < end && !all[q].breakBefore {
                advance += all[q].advance
                if all[q].run != run { singleRun = false }
                q += 1
            }
            var trailing = 0.0
            var t = q - 1
            while t >= p {
                trailing += all[t].trailingWhiteSpace
                if all[t].trailingWhiteSpace < all[t].advance { break }
                t -= 1
            }
            let visibleEnd = position + (advance - trailing)
            position = visibleEnd + trailing
            total += advance
            breakPoints.append(
                LineBreakPoint(
                    visibleEnd: visibleEnd, nextStart: position, end: all[q - 1].end,
                    profile: runProfiles[Int(run) - firstRun]))
            if !singleRun { merged.append(breakPoints.count - 1) }
            p = q
        }
        output.totalAdvance += total
        attachEdges(edges, words: firstWord..<breakPoints.count, output: output)
        mergeProfiles(pieces: range, firstWord: firstWord, firstRun: firstRun, output: output)
        if output.profiles.count > 1 {  // with one profile in the text, nothing changes
            for w in (firstWord + 1)..<breakPoints.count where breakPoints[w].profile != breakPoints[w - 1].profile {
                output.profileChanges.append(Int32(w))
            }
        }
        #if FEEDLAYOUT_INTERNAL_CHECKS
            for w in firstWord..<breakPoints.count {
                internalCheck(Int(breakPoints[w].profile) < output.profiles.count, "profile indices in range")
                internalCheck(
                    w == firstWord || breakPoints[w].visibleEnd >= breakPoints[w - 1].visibleEnd,
                    "visible ends never decrease")
                internalCheck(
                    breakPoints[w].nextStart >= breakPoints[w].visibleEnd || breakPoints[w].nextStart.isNaN,
                    "white space hangs after the visible end")
            }
        #endif
    }

    /// Line edges that need shaping again: each lies after the word that ends there. A word
    /// ending in white space hangs it past the edge, so only the line start changes there.
    private func attachEdges(_ edges: GrowableBuffer<PendingEdge>, words: Range<Int>, output: TextAssembly) {
        guard !edges.isEmpty else { return }
        let breakPoints = output.breakPoints
        var e = 0
        for k in words where e < edges.count {
            while e < edges.count && edges[e].start < breakPoints[k].end { e += 1 }
            guard e < edges.count, edges[e].start == breakPoints[k].end else { continue }
            let edge = edges[e]
            let hangs = breakPoints[k].nextStart > breakPoints[k].visibleEnd
            breakPoints[k].hasEdgeCorrection = true
            output.edgeCorrections.append(
                EdgeCorrection(word: Int32(k), segments: edge.segments, hangs: hangs))
        }
    }

    /// Words across runs ("XP，"): the first run's baseline, every run's extents.
    private func mergeProfiles(pieces range: Range<Int>, firstWord: Int, firstRun: Int, output: TextAssembly) {
        let pieces = output.pieces
        let breakPoints = output.breakPoints
        var piece = range.lowerBound
        for m in 0..<merged.count {
            let w = merged[m]
            let wordStart = w == firstWord ? pieces[range.lowerBound].start : breakPoints[w - 1].end
            while pieces[piece].start < wordStart { piece += 1 }
            var profile = output.profiles[Int(breakPoints[w].profile)]
            var k = piece + 1
            while k < range.upperBound && !pieces[k].breakBefore {
                profile.merge(output.profiles[Int(runProfiles[Int(pieces[k].run) - firstRun])])
                k += 1
            }
            breakPoints[w].profile = intern(profile, output: output)
        }
    }

    /// The height profile of one run alone, interned. A text run's depends only on its font
    /// and script: remembered for the text.
    private func runProfile(_ run: ShapingRun, piece: Piece, output: TextAssembly) -> UInt16 {
        let memoKey = UInt16(run.font) << 8 | UInt16(run.script)
        if run.font != ShapingRun.attachmentFont {
            for entry in profileOfFontAndScript where entry.key == memoKey { return entry.profile }
        }
        var profile = HeightProfile()
        profile.kind = run.baselineKind
        profile.firstBaselines = run.baselinePoints
        if run.font == ShapingRun.attachmentFont {
            profile.attachmentAscent = piece.ascent
            profile.attachmentDescent = piece.descent
        } else {
            let b = run.baselinePoints
            profile.ascents = (piece.ascent - b.0, piece.ascent - b.1, piece.ascent - b.2)
            profile.descents = (piece.descent + b.0, piece.descent + b.1, piece.descent + b.2)
        }
        let index = intern(profile, output: output)
        if run.font != ShapingRun.attachmentFont { profileOfFontAndScript.append((memoKey, index)) }
        return index
    }

    /// The index of `profile` among the text's profiles (added when new).
    private func intern(_ profile: HeightProfile, output: TextAssembly) -> UInt16 {
        let profiles = output.profiles
        for i in stride(from: profiles.count - 1, through: 0, by: -1) where profiles[i] == profile { return UInt16(i) }
        guard profiles.count < Int(UInt16.max) else { return 0 }  // 65,535 kinds of height: not real text
        profiles.append(profile)
        return UInt16(profiles.count - 1)
    }
}

extension HeightProfile {
    /// Grows this profile's extents by `other`'s (a word across runs).
    mutating func merge(_ other: HeightProfile) {
        ascents = (max(ascents.0, other.ascents.0), max(ascents.1, other.ascents.1), max(ascents.2, other.ascents.2))
        descents = (
            max(descents.0, other.descents.0), max(descents.1, other.descents.1), max(descents.2, other.descents.2)
        )
        attachmentAscent = max(attachmentAscent, other.attachmentAscent)
        attachmentDescent = max(attachmentDescent, other.attachmentDescent)
    }
}
