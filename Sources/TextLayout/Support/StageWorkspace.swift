/// What the stages write for one text, before it is copied into the prepared text's single
/// allocation (``PreparedStorage``): the text's bytes, clusters, runs, pieces, words, height
/// profiles, profile changes, line edges and paragraphs.
final class TextAssembly {
    let bytes = GrowableBuffer<UInt8>(capacity: 1_024)
    let spans = GrowableBuffer<Span>()
    let clusters = GrowableBuffer<ClusterInfo>(capacity: 512)
    let runs = GrowableBuffer<ShapingRun>()
    let pieces = GrowableBuffer<Piece>(capacity: 512)
    let breakPoints = GrowableBuffer<LineBreakPoint>(capacity: 512)
    let profileChanges = GrowableBuffer<Int32>()
    let profiles = GrowableBuffer<HeightProfile>()
    let edgeCorrections = GrowableBuffer<EdgeCorrection>()
    let paragraphs = GrowableBuffer<ParagraphSpan>()
    var totalAdvance = 0.0

    /// Empties every buffer for the next text (memory is kept).
    func reset() {
        bytes.removeAll()
        spans.removeAll()
        clusters.removeAll()
        runs.removeAll()
        pieces.removeAll()
        breakPoints.removeAll()
        profileChanges.removeAll()
        profiles.removeAll()
        edgeCorrections.removeAll()
        paragraphs.removeAll()
        totalAdvance = 0
    }
}

/// One thread's stages and their buffers, kept until the thread ends, so that measuring takes
/// no lock for them and a warm thread allocates nothing but the prepared text itself.
final class StageWorkspace {
    let segmenter = Segmenter()
    let measurer = RunMeasurer()
    let builder = BreakPointBuilder()
    let assembly = TextAssembly()

    /// Runs `body` with this thread's workspace (a new one if it is lent out already, as when a
    /// truncation token is measured while a text is being prepared).
    static func with<R>(_ body: (StageWorkspace) throws -> R) rethrows -> R {
        let mine = ThreadScratch.slot.value
        let workspace = mine.workspace ?? StageWorkspace()
        mine.workspace = nil
        defer { if mine.workspace == nil { mine.workspace = workspace } }
        return try body(workspace)
    }
}
