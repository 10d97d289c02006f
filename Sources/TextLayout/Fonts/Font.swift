import CFreeType
import CHarfBuzz
import Foundation
import LockSupport
import Synchronization

/// One face of a font file, read with HarfBuzz (names, metrics, coverage, shaping with its own
/// `hb-ot` font functions) and, when a renderer or a caller asks, FreeType.
///
/// Making a font maps its file and reads its header tables; its coverage (the code points it
/// maps) and its FreeType face are made on first use, so that a stack of fonts costs only what
/// the text measured reaches.
///
/// A `Font` may be shared freely between threads: HarfBuzz fonts made immutable are
/// thread-safe, its lazily made parts are made once under a lock and read without one after,
/// and the FreeType face is only touched under the library's lock. Sizes are not part of a
/// font: every length it reports is in font units.
public final class Font: @unchecked Sendable {  // Immutable but for the lazy parts, see above.
    /// The path of the file the face was loaded from; empty for a font made from data.
    public let path: String
    /// The index of the face inside its file (0 unless the file is a collection); from bit 16
    /// up, a variable font's named instance (1 for the first), as FreeType and fontconfig number
    /// faces.
    public let faceIndex: Int
    /// The family name of the face (the typographic family, name ID 16, else name ID 1: what
    /// FreeType reports), e.g. "Noto Sans CJK SC".
    public let familyName: String
    /// The style name of the face (a named instance's, else name ID 17, else 2), e.g. "Regular".
    public let styleName: String
    /// Font units per em.
    public let unitsPerEm: Int32
    /// The ascender in font units (positive, up), from HarfBuzz's horizontal font extents: the
    /// OS/2 typographic value when the font asks for it, else `hhea`, as Pango uses it.
    public let ascenderInFontUnits: Int32
    /// The descender in font units (positive, down).
    public let descenderInFontUnits: Int32
    /// The line gap in font units.
    public let lineGapInFontUnits: Int32
    /// Whether the face draws colour glyphs (CBDT/sbix bitmaps, COLR layers or SVG): such a font
    /// is preferred for emoji presentation sequences.
    public let isColorFont: Bool
    /// The number of glyphs in the face.
    public let glyphCount: Int

    /// The HarfBuzz font, scaled to font units, immutable.
    let hbFont: OpaquePointer
    /// The code points the face maps, made on first use (an atomic pointer: a lock only then).
    private let coverageWords = Atomic<UnsafeMutablePointer<UInt64>?>(nil)
    /// What the space glyph is to the face's lookups (``spaceBarrier``): 0 not read yet, else
    /// a ``SpaceBarrier/Kind`` + 1.
    private let spaceBarrierState = Atomic<UInt8>(0)
    /// With a ``SpaceBarrier/Kind/partial`` barrier, the glyphs of ``SpaceBarrier/Verdict``'s
    /// three lists as three bit sets over every 16-bit glyph ID, then a word of options (made
    /// once, before the state says so).
    private let crossingGlyphs = Atomic<UnsafeMutablePointer<UInt64>?>(nil)
    /// The face's ``JoinTable``s for Thai, Lao and Khmer runs (``joinTable(scriptTag:)``), read on
    /// first use.
    private let joinSlots = (thai: JoinSlot(), lao: JoinSlot(), khmer: JoinSlot())
    /// ``syllableJoinTable(scriptTag:)``'s, by ``WordJoin/IndicPlan/scriptTags`` then
    /// ``WordJoin/clusterScriptTags``.
    private let syllableSlots = WordJoin.syllableScriptTags.map { _ in JoinSlot() }
    /// Made once under this lock: the coverage and the FreeType face.
    private let lazyParts = Lock<FreeTypeFaceBox>(FreeTypeFaceBox(face: nil))
    /// The bytes of a font made from data, alive as long as the faces reading them.
    private let memory: FontMemory?
    /// Held while glyphs are loaded from the FreeType face (``withFreeTypeFace(_:)``): a
    /// FreeType face is not thread-safe, and every renderer of every engine shares this one.
    private let freeTypeUse = PlainLock()

    /// Loads face `faceIndex` of the font file at `path`.
    ///
    /// - Throws: ``FontError`` when the file is missing, unreadable, not a regular file, empty,
    ///   truncated, not a font, has no such face or no character map.
    public convenience init(path: String, faceIndex: Int = 0) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw FontError.unreadable(
                path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FontError.unreadable(path: path, reason: "is a directory")
        // it would block or never end
        default: throw FontError.unreadable(path: path, reason: "not a regular file (a FIFO, socket or device)")
        }
        guard access(path, R_OK) == 0 else { throw FontError.unreadable(path: path, reason: "permission denied") }
        try self.init(path: path, memory: nil, faceIndex: faceIndex)
    }

    /// Loads face `faceIndex` of a font file's bytes (a font shipped in an asset catalogue or
    /// downloaded), copied once; ``path`` is then empty.
    ///
    /// - Throws: ``FontError`` when the bytes are empty, truncated, not a font, have no such
    ///   face or no character map (errors name the font "<data>").
    public convenience init(data: Data, faceIndex: Int = 0) throws {
        guard !data.isEmpty else { throw FontError.unreadable(path: "", reason: "no bytes") }
        try self.init(path: "", memory: FontMemory(copying: data), faceIndex: faceIndex)
    }

    /// Loads a face from the file at `path`, or from `memory` when given.
    private init(path: String, memory: FontMemory?, faceIndex: Int) throws {
        self.path = path
        self.faceIndex = faceIndex
        self.memory = memory
        let name = memory == nil ? path : "<data>"
        let blob: OpaquePointer
        if let memory {
            blob = hb_blob_create(
                memory.bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(memory.bytes.count),
                HB_MEMORY_MODE_READONLY, nil, nil)!
        } else {
            guard let mapped = hb_blob_create_from_file_or_fail(path) else {
                throw FontError.unreadable(path: path, reason: "HarfBuzz could not map the file")
            }
            blob = mapped
        }
        defer { hb_blob_destroy(blob) }  // the face keeps its own reference
        // As FreeType and fontconfig number faces: the low 16 bits pick the face of a
        // collection, the high bits a variable font's named instance (1 for the first).
        let faceCount = Int(hb_face_count(blob))
        guard faceCount > 0 else {
            throw FontError.freeType(
                code: 0x02, operation: "reading the font's table directory (not a font file?)", path: name)
        }
        // FreeType takes 0 ... 2^31 - 1: the low 16 bits a face, the high bits a named instance.
        guard (0...0x7FFF_FFFF).contains(faceIndex), faceIndex & 0xFFFF < faceCount else {
            throw FontError.noSuchFace(path: name, index: faceIndex, faceCount: faceCount)
        }
        let hbFace = hb_face_create(blob, UInt32(faceIndex & 0xFFFF))!
        defer { hb_face_destroy(hbFace) }  // the font keeps its own reference
        let upem = Int32(hb_face_get_upem(hbFace))
        let glyphs = Int(hb_face_get_glyph_count(hbFace))
        guard upem > 0, glyphs > 0 else {
            throw FontError.freeType(code: 0x08, operation: "HarfBuzz reading the face (truncated file?)", path: name)
        }
        let cmap = hb_face_reference_table(hbFace, Self.tag("cmap"))!
        let hasCharacterMap = hb_blob_get_length(cmap) > 0
        hb_blob_destroy(cmap)
        if !hasCharacterMap {
            // Listed but unreadable: the file is cut short or damaged; not listed: no map.
            var tags = [hb_tag_t](repeating: 0, count: 64)
            var count = UInt32(tags.count)
            hb_face_get_table_tags(hbFace, 0, &count, &tags)
            if tags.prefix(Int(count)).contains(Self.tag("cmap")) {
                throw FontError.freeType(
                    code: 0x08, operation: "reading the character map (truncated file?)", path: name)
            }
            throw FontError.noUnicodeCharacterMap(path: name)
        }
        let instance = faceIndex >> 16
        if instance > 0 {
            let instances = Int(hb_ot_var_get_named_instance_count(hbFace))
            guard instance <= instances else {
                throw FontError.noSuchFace(path: name, index: faceIndex, faceCount: faceCount)
            }
        }
        unitsPerEm = upem
        glyphCount = glyphs
        familyName = Self.name(hbFace, 16) ?? Self.name(hbFace, 1) ?? ""
        let instanceStyle =
            instance > 0
            ? Self.name(hbFace, hb_ot_var_named_instance_get_subfamily_name_id(hbFace, UInt32(instance - 1))) : nil
        styleName = instanceStyle ?? Self.name(hbFace, 17) ?? Self.name(hbFace, 2) ?? ""
        let font = hb_font_create(hbFace)!
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, upem, upem)
        if instance > 0 { hb_font_set_var_named_instance(font, UInt32(instance - 1)) }
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        hb_font_make_immutable(font)
        hbFont = font
        ascenderInFontUnits = extents.ascender
        descenderInFontUnits = -extents.descender
        lineGapInFontUnits = extents.line_gap
        isColorFont =
            hb_ot_color_has_png(hbFace) != 0 || hb_ot_color_has_layers(hbFace) != 0
            || hb_ot_color_has_svg(hbFace) != 0
    }

    /// Whether `path` names a regular file (after symbolic links).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    deinit {
        hb_font_destroy(hbFont)
        if let words = coverageWords.load(ordering: .acquiring) { free(words) }
        if let words = crossingGlyphs.load(ordering: .acquiring) { words.deallocate() }
        lazyParts.withLock { box in
            if let face = box.face { FreeTypeLibrary.shared.withLibrary { _ in _ = FT_Done_Face(face) } }
        }
    }

    /// A four-letter OpenType tag.
    static func tag(_ name: StaticString) -> hb_tag_t {
        name.withUTF8Buffer { b in UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3]) }
    }

    /// The English (else first) entry of name `id` of `face`'s `name` table, or nil.
    static func name(_ face: OpaquePointer, _ id: hb_ot_name_id_t) -> String? {
        let english = hb_language_from_string("en", -1)
        var size: UInt32 = 0
        let length = hb_ot_name_get_utf8(face, id, english, &size, nil)
        guard length > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        size = UInt32(buffer.count)
        hb_ot_name_get_utf8(face, id, english, &size, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The code points the face maps to glyphs (made on first use).
    var coverage: CoverageSet {
        @inline(__always) get {
            if let words = coverageWords.load(ordering: .acquiring) { return CoverageSet(words: words) }
            return makeCoverage()
        }
    }

    private func makeCoverage() -> CoverageSet {
        lazyParts.withLock { _ in
            if let words = coverageWords.load(ordering: .acquiring) { return CoverageSet(words: words) }
            let face = hb_font_get_face(hbFont)!
            let words = CoverageSet.collect(face: face)
            coverageWords.store(words, ordering: .releasing)
            return CoverageSet(words: words)
        }
    }

    /// The face's FreeType face, made on first use (for renderers and ``freeTypeMetrics``).
    /// The package's renderer draws from it (cairo-ft outlines, colour bitmaps) and keeps the
    /// font alive as long as it does. Only its immutable fields may be read without a lock:
    /// load glyphs inside ``withFreeTypeFace(_:)``, or hand the face to cairo-ft, which locks
    /// it itself (one cairo lock per FreeType face, however many cairo faces are made from it).
    ///
    /// - Throws: ``FontError`` when FreeType refuses a face HarfBuzz read.
    package func freeTypeFace() throws -> FT_Face {
        try lazyParts.withLock { box in
            if let face = box.face { return face }
            let face: FT_Face = try FreeTypeLibrary.shared.withLibrary { library in
                var face: FT_Face?
                let error: FT_Error
                if let memory {
                    error = FT_New_Memory_Face(
                        library, memory.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                        FT_Long(memory.bytes.count), FT_Long(faceIndex), &face)
                } else {
                    error = FT_New_Face(library, path, FT_Long(faceIndex), &face)
                }
                guard error == 0, let face else {
                    throw FontError.freeType(
                        code: error, operation: "FT_New_Face", path: memory == nil ? path : "<data>")
                }
                _ = FT_Select_Charmap(face, FT_ENCODING_UNICODE)
                return face
            }
            box.face = face
            return face
        }
    }

    /// Runs `body` with the face's FreeType face, under the font's own lock: what changes the
    /// face's state (selecting a size, loading a glyph) must happen in here, so that renderers
    /// on several threads (each with its own caches) never use the face at once.
    ///
    /// - Throws: ``FontError`` when FreeType refuses a face HarfBuzz read; what `body` throws.
    package func withFreeTypeFace<Result>(_ body: (FT_Face) throws -> Result) throws -> Result {
        let face = try freeTypeFace()
        return try freeTypeUse.withLock { try body(face) }
    }

    /// FreeType's own ascender, descender (negative) and height in font units, for reference
    /// (all zero when FreeType refuses the face).
    public var freeTypeMetrics: (ascender: Int32, descender: Int32, height: Int32) {
        guard let face = try? freeTypeFace() else { return (0, 0, 0) }
        return FreeTypeLibrary.shared.withLibrary { _ in
            (Int32(face.pointee.ascender), Int32(face.pointee.descender), Int32(face.pointee.height))
        }
    }

    /// What the face's space glyph is to its OpenType lookups (``SpaceBarrier``), and with a
    /// ``SpaceBarrier/Kind/partial`` barrier the three bit sets of the glyphs that rules
    /// reaching across it apply to (see ``RunShaper/shape``). Read from the `GSUB` and `GPOS` tables on first use (threads that
    /// ask at once may each read them; they agree, and one bit set is kept).
    var spaceBarrier: (kind: SpaceBarrier.Kind, crossingGlyphs: UnsafePointer<UInt64>?) {
        let known = spaceBarrierState.load(ordering: .acquiring)
        if known != 0 {
            let kind = SpaceBarrier.Kind(rawValue: known - 1)!
            return (kind, kind == .partial ? UnsafePointer(crossingGlyphs.load(ordering: .acquiring)) : nil)
        }
        let kind: SpaceBarrier.Kind
        switch SpaceBarrier.verdict(for: hbFont) {
        case .none: kind = .none
        case .full: kind = .full
        case .partial(let backwardAnywhere, let backwardFirst, let forward, let firstGlyphOnly):
            kind = .partial
            // Every 16-bit glyph ID (a substitution may name one past the face's count), in
            // three sets: the backward glyphs anywhere, the backward first ones, the forward
            // ones; then a word of options (bit 0: `firstGlyphOnly`).
            let setWords = 0x10000 / 64
            let words = UnsafeMutablePointer<UInt64>.allocate(capacity: 3 * setWords + 1)
            words.initialize(repeating: 0, count: 3 * setWords + 1)
            for (set, glyphs) in [backwardAnywhere, backwardFirst, forward].enumerated() {
                for glyph in glyphs { words[set * setWords + Int(glyph) / 64] |= 1 << UInt64(glyph % 64) }
            }
            if firstGlyphOnly { words[3 * setWords] = 1 }
            let (exchanged, _) = crossingGlyphs.compareExchange(
                expected: nil, desired: words, ordering: .acquiringAndReleasing)
            if !exchanged { words.deallocate() }
        }
        spaceBarrierState.store(kind.rawValue + 1, ordering: .releasing)
        return (kind, kind == .partial ? UnsafePointer(crossingGlyphs.load(ordering: .acquiring)) : nil)
    }

    /// What kerning alone adds where two words of a run of the script with ISO 15924 tag
    /// `scriptTag` meet without a space (``WordJoin``): a table for Thai and Lao when the face
    /// allows it, else nil. Read on first use (threads that ask at once may each read it; they
    /// agree, and one table is kept).
    func joinTable(scriptTag: UInt32) -> JoinTable? {
        guard WordJoin.applies(toScriptTag: scriptTag) else { return nil }
        let slot =
            scriptTag == Font.tag("Thai")
            ? joinSlots.thai : scriptTag == Font.tag("Laoo") ? joinSlots.lao : joinSlots.khmer
        return slot.table { WordJoin.table(for: hbFont, scriptTag: scriptTag) }
    }

    /// What kerning alone adds where two syllables of a run of the script with ISO 15924 tag
    /// `scriptTag` meet inside a word (``WordJoin``, read for HarfBuzz's Indic shaper): a table
    /// for the scripts of ``WordJoin/IndicPlan/scriptTags`` when the face allows
    /// it, or, for those of ``WordJoin/clusterScriptTags``, a word's table asked with a
    /// word's very last glyph (``WordJoin/table(for:scriptTag:veryLastGlyphs:)``); else nil.
    /// Read on first use, as ``joinTable(scriptTag:)``.
    func syllableJoinTable(scriptTag: UInt32) -> JoinTable? {
        guard let index = WordJoin.syllableScriptTags.firstIndex(of: scriptTag) else { return nil }
        return syllableSlots[index].table {
            WordJoin.table(
                for: hbFont, scriptTag: scriptTag, veryLastGlyphs: WordJoin.clusterScriptTags.contains(scriptTag))
        }
    }

    /// Whether the coverage was built (tests: a font no text reaches builds none).
    var hasCoverage: Bool { coverageWords.load(ordering: .acquiring) != nil }
    /// Whether the FreeType face was made (tests).
    var hasFreeTypeFace: Bool { lazyParts.withLock { $0.face != nil } }

    /// FreeType's family name of the face (tests hold ``familyName`` to it).
    var freeTypeFamilyName: String? {
        guard let face = try? freeTypeFace() else { return nil }
        return FreeTypeLibrary.shared.withLibrary { _ in face.pointee.family_name.map { String(cString: $0) } }
    }

    /// Whether the face maps `scalar` to a glyph.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { coverage.contains(scalar.value) }

    /// The advance of `text` shaped alone with this font, in font units (for tests and tools).
    public func advanceInFontUnits(of text: String) -> Int {
        shaped(Array(text.utf8)[...]) { buffer in
            var count: UInt32 = 0
            let positions = hb_buffer_get_glyph_positions(buffer, &count)!
            var sum = 0
            for i in 0..<Int(count) { sum += Int(positions[i].x_advance) }
            return sum
        }
    }

    /// Shapes `utf8` alone with this font (script and direction guessed) in a buffer of its own
    /// and gives `body` the buffer.
    private func shaped<R>(_ utf8: ArraySlice<UInt8>, _ body: (OpaquePointer) -> R) -> R {
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        utf8.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                hb_buffer_add_utf8(buffer, $0, Int32(bytes.count), 0, Int32(bytes.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(hbFont, buffer, nil, 0)
        return body(buffer)
    }

    /// The glyph of `scalar` in this face, or nil (for tests and tools).
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }
}

extension Font: CustomStringConvertible {
    /// "Noto Sans Regular (NotoSans-Regular.ttf#0)"; "(data#0)" for a font made from data.
    public var description: String {
        "\(familyName) \(styleName) (\(path.isEmpty ? "data" : (path as NSString).lastPathComponent)#\(faceIndex))"
    }
}

/// The bytes of a font made from data: one allocation, freed when the last font reading it is.
final class FontMemory: Sendable {
    /// Never written after init; read by FreeType and HarfBuzz faces.
    nonisolated(unsafe) let bytes: UnsafeMutableRawBufferPointer

    init(copying data: Data) {
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        _ = data.copyBytes(to: bytes)
    }

    deinit { bytes.deallocate() }
}

/// The set of code points a face maps, as a flat bit set over all of Unicode (136 KiB, owned
/// by its ``Font``), so that a coverage test is one load and a mask.
struct CoverageSet {
    let words: UnsafeMutablePointer<UInt64>
    static let wordCount = 0x110000 / 64

    /// The bit set of `face`'s code points, allocated with `calloc` (the caller frees it):
    /// the system's zeroed pages, of which only those holding code points are ever written
    /// (most of the 136 KiB of a set stay untouched), filled a range of code points at a time
    /// (Noto Sans CJK's 44,000 code points are a few hundred ranges).
    static func collect(face: OpaquePointer) -> UnsafeMutablePointer<UInt64> {
        guard let memory = calloc(wordCount, MemoryLayout<UInt64>.stride) else {
            fatalError("out of memory for a font's coverage")
        }
        let words = memory.bindMemory(to: UInt64.self, capacity: wordCount)
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var first: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID starts the iteration
        var last: hb_codepoint_t = UInt32.max
        while hb_set_next_range(set, &first, &last) != 0 && first < 0x110000 {
            let end = min(last, 0x10FFFF)  // inclusive
            for word in Int(first >> 6)...Int(end >> 6) {
                let low = word == Int(first >> 6) ? UInt64(first & 63) : 0
                let high = word == Int(end >> 6) ? UInt64(end & 63) : 63
                // Bits low...high.
                words[word] |= (UInt64.max >> (63 - high)) & (UInt64.max << low)
            }
        }
        return words
    }

    @inline(__always) func contains(_ codepoint: UInt32) -> Bool {
        guard codepoint < 0x110000 else { return false }
        return words[Int(codepoint >> 6)] & (1 << UInt64(codepoint & 63)) != 0
    }
}

/// A font's FreeType face once made; only reached under the font's lock.
struct FreeTypeFaceBox: @unchecked Sendable {  // The pointer is only used while the lock is held.
    var face: FT_Face?
}

/// A ``JoinTable`` made once, on first use (``Font/joinTable(scriptTag:)``).
final class JoinSlot: @unchecked Sendable {  // Atomics only: the pointer is written once, before the state says so.
    /// 0 not read yet, 1 no table, 2 a table in `table`.
    private let state = Atomic<UInt8>(0)
    /// The table, retained (an `Unmanaged<JoinTable>`), written once before `state` says 2.
    private let pointer = Atomic<UnsafeMutableRawPointer?>(nil)

    /// The table, made by `make` the first time.
    func table(_ make: () -> JoinTable?) -> JoinTable? {
        switch state.load(ordering: .acquiring) {
        case 1: return nil
        case 2: return Unmanaged<JoinTable>.fromOpaque(pointer.load(ordering: .acquiring)!).takeUnretainedValue()
        default: break
        }
        guard let made = make() else {
            state.store(1, ordering: .releasing)
            return nil
        }
        let retained = Unmanaged.passRetained(made).toOpaque()
        let (exchanged, _) = pointer.compareExchange(expected: nil, desired: retained, ordering: .acquiringAndReleasing)
        if !exchanged { Unmanaged<JoinTable>.fromOpaque(retained).release() }
        state.store(2, ordering: .releasing)
        return Unmanaged<JoinTable>.fromOpaque(pointer.load(ordering: .acquiring)!).takeUnretainedValue()
    }

    deinit {
        if let retained = pointer.load(ordering: .acquiring) { Unmanaged<JoinTable>.fromOpaque(retained).release() }
    }
}
