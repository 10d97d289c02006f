import CTextShims
/// A prepared text's data in one allocation: a header (style, context, a few numbers) and, in
/// its tail, every array line filling and inspection read, in the order a layout reads them
/// (break points, profile changes, paragraphs and height profiles first, in one or two cache
/// lines when a text is laid out again cold), then the line edges, pieces, runs, clusters and
/// the text's bytes.
///
/// Written once in ``make(from:style:context:mayHaveMissingGlyphs:)`` and only read after, so
/// that sharing it between threads is safe (``PreparedText`` is `Sendable` on that ground;
/// `ManagedBuffer` itself is not), but for the advances of a line edge's segments shaped alone,
/// which the first layout that needs them writes with atomic stores (``edgeShift(at:)``).
final class PreparedStorage: ManagedBuffer<PreparedStorage.Header, UInt64> {
    struct Section {
        var offset = 0  // in bytes from the first element
        var count = 0
    }

    struct Header {
        let style: TextStyle
        let context: MeasuringContext
        /// The advance of all the text, in points (for guessing line counts).
        var totalAdvance = 0.0
        /// The ascent and descent of a line with no text (an empty paragraph): the first font's.
        var emptyLineMetrics = (ascent: 0.0, descent: 0.0)
        /// A line's ascent and descent when the text has one height profile (most texts): no
        /// need to look at its words' profiles.
        var uniformExtents: (ascent: Double, descent: Double)?
        /// Whether a cluster fell to a font that lacks one of its characters (else the text has
        /// no missing glyph, and ``PreparedText/missingGlyphs`` looks no further).
        var mayHaveMissingGlyphs = false
        var breakPoints = Section()
        var profileChanges = Section()
        var paragraphs = Section()
        var profiles = Section()
        var edgeCorrections = Section()
        var pieces = Section()
        var runs = Section()
        var clusters = Section()
        var bytes = Section()
    }

    /// Copies what the stages assembled into a new storage.
    static func make(
        from assembly: TextAssembly, style: TextStyle, context: MeasuringContext,
        mayHaveMissingGlyphs: Bool
    ) -> PreparedStorage {
        var header = Header(style: style, context: context)
        header.mayHaveMissingGlyphs = mayHaveMissingGlyphs
        var size = 0
        func place<T: BitwiseCopyable>(_ buffer: GrowableBuffer<T>) -> Section {
            size = (size + 7) & ~7
            defer { size += buffer.count * MemoryLayout<T>.stride }
            internalCheck(MemoryLayout<T>.alignment <= 8, "sections are 8-byte aligned")
            return Section(offset: size, count: buffer.count)
        }
        header.breakPoints = place(assembly.breakPoints)
        header.profileChanges = place(assembly.profileChanges)
        header.paragraphs = place(assembly.paragraphs)
        header.profiles = place(assembly.profiles)
        header.edgeCorrections = place(assembly.edgeCorrections)
        header.pieces = place(assembly.pieces)
        header.runs = place(assembly.runs)
        header.clusters = place(assembly.clusters)
        header.bytes = place(assembly.bytes)
        header.totalAdvance = assembly.totalAdvance
        let first = context.fontMetrics[0]
        let scale = style.fontSize / first.unitsPerEm
        header.emptyLineMetrics = (first.ascender * scale, first.descender * scale)
        if assembly.profiles.count == 1 {
            let profile = assembly.profiles[0]
            let kind = profile.kind
            let reference = kind.pick(profile.firstBaselines)
            header.uniformExtents = (
                max(kind.pick(profile.ascents) + reference, profile.attachmentAscent),
                max(kind.pick(profile.descents) - reference, profile.attachmentDescent)
            )
        }
        let made = create(minimumCapacity: max(1, (size + 7) / 8)) { _ in header }
        let storage = unsafeDowncast(made, to: PreparedStorage.self)
        storage.withUnsafeMutablePointers { header, elements in
            let raw = UnsafeMutableRawPointer(elements)
            func copy<T: BitwiseCopyable>(_ buffer: GrowableBuffer<T>, to section: Section) {
                guard section.count > 0 else { return }
                (raw + section.offset).bindMemory(to: T.self, capacity: section.count).initialize(
                    from: buffer.base, count: section.count)
            }
            copy(assembly.breakPoints, to: header.pointee.breakPoints)
            copy(assembly.profileChanges, to: header.pointee.profileChanges)
            copy(assembly.paragraphs, to: header.pointee.paragraphs)
            copy(assembly.profiles, to: header.pointee.profiles)
            copy(assembly.edgeCorrections, to: header.pointee.edgeCorrections)
            copy(assembly.pieces, to: header.pointee.pieces)
            copy(assembly.runs, to: header.pointee.runs)
            copy(assembly.clusters, to: header.pointee.clusters)
            copy(assembly.bytes, to: header.pointee.bytes)
        }
        return storage
    }

    /// The header, read in place. `ManagedBuffer.header` is a stored class property: each read of
    /// it from outside the standard library is a run-time exclusivity check, and reading it whole
    /// copies the style and context (retains and releases). Line filling reads a few fields of it
    /// for every layout, through this pointer. Valid while the storage is alive: callers hold it.
    @inline(__always)
    var fields: UnsafePointer<Header> { withUnsafeMutablePointerToHeader { UnsafePointer($0) } }

    /// A section's elements. Valid while the storage is alive: callers hold it.
    @inline(__always)
    private func view<T>(_ section: Section, as type: T.Type) -> UnsafeBufferPointer<T> {
        withUnsafeMutablePointerToElements { elements in
            UnsafeBufferPointer(
                start: (UnsafeMutableRawPointer(elements) + section.offset).assumingMemoryBound(to: T.self),
                count: section.count)
        }
    }

    var breakPoints: UnsafeBufferPointer<LineBreakPoint> { view(fields.pointee.breakPoints, as: LineBreakPoint.self) }
    var profileChanges: UnsafeBufferPointer<Int32> { view(fields.pointee.profileChanges, as: Int32.self) }
    var paragraphs: UnsafeBufferPointer<ParagraphSpan> { view(fields.pointee.paragraphs, as: ParagraphSpan.self) }
    var profiles: UnsafeBufferPointer<HeightProfile> { view(fields.pointee.profiles, as: HeightProfile.self) }
    var edgeCorrections: UnsafeBufferPointer<EdgeCorrection> {
        view(fields.pointee.edgeCorrections, as: EdgeCorrection.self)
    }
    var pieces: UnsafeBufferPointer<Piece> { view(fields.pointee.pieces, as: Piece.self) }
    var runs: UnsafeBufferPointer<ShapingRun> { view(fields.pointee.runs, as: ShapingRun.self) }
    var clusters: UnsafeBufferPointer<ClusterInfo> { view(fields.pointee.clusters, as: ClusterInfo.self) }
    var bytes: UnsafeBufferPointer<UInt8> { view(fields.pointee.bytes, as: UInt8.self) }

    /// What line edge `i` (an index into ``edgeCorrections``) changes, in points: a line ending
    /// there is `lineEnd` wider, one starting there `lineStart` wider. Its segments are shaped
    /// alone the first time a layout asks, here, and their advances kept in the storage: the
    /// one write after ``make(from:style:context:mayHaveMissingGlyphs:)``, atomic, of numbers
    /// every thread computes alike (see ``EdgeCorrection``).
    func edgeShift(at i: Int) -> (lineEnd: Double, lineStart: Double) {
        let entry = UnsafeMutablePointer(mutating: edgeCorrections.baseAddress! + i)
        // Only the fields written once, in make(from:), are read plainly; the three below atomically.
        let segments = entry.pointee.segments
        let hangs = entry.pointee.hangs
        let run = runs[Int(segments.run)]
        func field<T>(_ path: KeyPath<EdgeCorrection, T>) -> UnsafeMutablePointer<T> {
            (UnsafeMutableRawPointer(entry) + MemoryLayout<EdgeCorrection>.offset(of: path)!)
                .assumingMemoryBound(to: T.self)
        }
        let state = field(\.state)
        var aloneBefore: Int64
        var aloneAfter: Int64
        if ctextshims_load_acquire_u32(state) == 1 {
            aloneBefore = ctextshims_load_relaxed_i64(field(\.aloneBefore))
            aloneAfter = ctextshims_load_relaxed_i64(field(\.aloneAfter))
        } else {
            let text = shapedText
            aloneBefore = Int64(text.advanceAlone(run: run, clusters: Int(segments.before)..<Int(segments.edge)))
            aloneAfter = Int64(text.advanceAlone(run: run, clusters: Int(segments.edge)..<Int(segments.after)))
            ctextshims_store_relaxed_i64(field(\.aloneBefore), aloneBefore)
            ctextshims_store_relaxed_i64(field(\.aloneAfter), aloneAfter)
            ctextshims_store_release_u32(state, 1)
        }
        let header = fields.pointee
        let scale = header.style.fontSize / header.context.fontMetrics[Int(run.font)].unitsPerEm
        return (
            hangs ? 0 : Double(aloneBefore - segments.inContextBefore) * scale,
            Double(aloneAfter - segments.inContextAfter) * scale
        )
    }

    /// The runs, pieces and clusters with what shaping them again needs (cutting a word,
    /// measuring a line's text alone).
    var shapedText: ShapedText {
        ShapedText(
            bytes: bytes, clusters: clusters, runs: runs, pieces: pieces, context: fields.pointee.context,
            fontSize: fields.pointee.style.fontSize,
            language: fields.pointee.context.language(for: fields.pointee.style.locale))
    }

    /// How much memory the prepared text takes, header and tail, in bytes.
    var allocatedBytes: Int { MemoryLayout<Header>.stride + capacity * 8 }
}
