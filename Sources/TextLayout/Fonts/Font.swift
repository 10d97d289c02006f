import CFreeType
import CHarfBuzz
import Foundation

/// One face of a font file, loaded with FreeType (validation, names, metrics) and HarfBuzz
/// (shaping with its own `hb-ot` font functions).
///
/// A `Font` is immutable once made and may be shared freely between threads: HarfBuzz fonts
/// made immutable are thread-safe, and the FreeType face is only touched under the library's
/// lock. Sizes are not part of a font: every length it reports is in font units.
public final class Font: @unchecked Sendable {  // All stored state is immutable after init; see above.
    /// The path of the file the face was loaded from; empty for a font made from data.
    public let path: String
    /// The index of the face inside its file (0 unless the file is a collection); from bit 16
    /// up, a variable font's named instance (1 for the first), as FreeType and fontconfig number
    /// faces.
    public let faceIndex: Int
    /// The family name of the face, as FreeType reads it (e.g. "Noto Sans CJK SC").
    public let familyName: String
    /// The style name of the face (e.g. "Regular").
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
    /// FreeType's own ascender, descender (negative) and height in font units, for reference.
    public let freeTypeMetrics: (ascender: Int32, descender: Int32, height: Int32)
    /// Whether the face draws colour glyphs (CBDT/sbix bitmaps, COLR layers or SVG): such a font
    /// is preferred for emoji presentation sequences.
    public let isColorFont: Bool
    /// The number of glyphs in the face.
    public let glyphCount: Int

    /// The HarfBuzz font, scaled to font units, immutable.
    let hbFont: OpaquePointer
    /// The code points the face maps to glyphs.
    let coverage: CoverageSet
    private let ftFace: FT_Face
    /// The bytes of a font made from data, alive as long as the faces reading them.
    private let memory: FontMemory?

    /// Loads face `faceIndex` of the font file at `path`.
    ///
    /// - Throws: ``FontError`` when the file is missing, unreadable, empty, truncated, not a
    ///   font, has no such face or no Unicode character map.
    public convenience init(path: String, faceIndex: Int = 0) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FontError.unreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw FontError.unreadable(path: path, reason: "is a directory") }
        // Only a regular file: opening a FIFO or a device would wait forever or read endlessly.
        guard Self.isRegularFile(path) else {
            throw FontError.unreadable(path: path, reason: "not a regular file (a FIFO, socket or device)")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw FontError.unreadable(path: path, reason: "permission denied")
        }
        try self.init(path: path, memory: nil, faceIndex: faceIndex)
    }

    /// Loads face `faceIndex` of a font file's bytes (a font shipped in an asset catalogue or
    /// downloaded), copied once; ``path`` is then empty.
    ///
    /// - Throws: ``FontError`` when the bytes are empty, truncated, not a font, have no such
    ///   face or no Unicode character map (errors name the font "<data>").
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
        /// FreeType's face `index` of the file or the bytes.
        func newFace(_ library: FT_Library, _ index: Int, _ face: inout FT_Face?) -> FT_Error {
            guard let memory else { return FT_New_Face(library, path, FT_Long(index), &face) }
            return FT_New_Memory_Face(library, memory.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                      FT_Long(memory.bytes.count), FT_Long(index), &face)
        }
        // FreeType takes 0 ... 2^31 - 1: the low 16 bits a face, the high bits a named instance
        // (a negative index only asks for the face count, and wider ones wrap).
        guard (0...0x7FFF_FFFF).contains(faceIndex) else {
            let count = FreeTypeLibrary.shared.withLibrary { library -> Int in
                var first: FT_Face?
                guard newFace(library, 0, &first) == 0, let first else { return 0 }
                defer { FT_Done_Face(first) }
                return Int(first.pointee.num_faces)
            }
            throw FontError.noSuchFace(path: name, index: faceIndex, faceCount: count)
        }
        let face: FT_Face = try FreeTypeLibrary.shared.withLibrary { library in
            var face: FT_Face?
            let error = newFace(library, faceIndex, &face)
            if error == 0, let face { return face }
            // Tell "no such face" apart from "not a font".
            if faceIndex > 0 {
                var first: FT_Face?
                if newFace(library, 0, &first) == 0, let first {
                    let count = Int(first.pointee.num_faces)
                    FT_Done_Face(first)
                    throw FontError.noSuchFace(path: name, index: faceIndex, faceCount: count)
                }
            }
            throw FontError.freeType(code: error, operation: "FT_New_Face", path: name)
        }
        var ok = false
        defer { if !ok { _ = FreeTypeLibrary.shared.withLibrary { _ in FT_Done_Face(face) } } }

        let info = try FreeTypeLibrary.shared.withLibrary { _ -> (String, String, Int32, (Int32, Int32, Int32), Int) in
            guard FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 else {
                throw FontError.noUnicodeCharacterMap(path: name)
            }
            let record = face.pointee
            let family = record.family_name.map { String(cString: $0) } ?? ""
            let style = record.style_name.map { String(cString: $0) } ?? ""
            return (family, style, Int32(record.units_per_EM),
                    (Int32(record.ascender), Int32(record.descender), Int32(record.height)),
                    Int(record.num_glyphs))
        }
        familyName = info.0
        styleName = info.1
        freeTypeMetrics = (info.3.0, info.3.1, info.3.2)
        guard info.4 > 0 else {
            throw FontError.freeType(code: 0x08, operation: "reading the glyph count (no glyphs)", path: name)
        }

        let blob: OpaquePointer
        if let memory {
            blob = hb_blob_create(memory.bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(memory.bytes.count),
                                  HB_MEMORY_MODE_READONLY, nil, nil)!
        } else {
            guard let mapped = hb_blob_create_from_file_or_fail(path) else {
                throw FontError.unreadable(path: path, reason: "HarfBuzz could not map the file")
            }
            blob = mapped
        }
        // As FreeType and fontconfig number faces: the low 16 bits pick the face of a
        // collection, the high bits a variable font's named instance (1 for the first).
        let hbFace = hb_face_create(blob, UInt32(faceIndex & 0xFFFF))!
        hb_blob_destroy(blob)
        defer { hb_face_destroy(hbFace) }  // the font keeps its own reference
        let upem = Int32(hb_face_get_upem(hbFace))
        let glyphs = Int(hb_face_get_glyph_count(hbFace))
        guard upem > 0, glyphs > 0 else {
            throw FontError.freeType(code: 0x08, operation: "HarfBuzz reading the face (truncated file?)", path: name)
        }
        unitsPerEm = upem
        glyphCount = glyphs
        let font = hb_font_create(hbFace)!
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, upem, upem)
        if faceIndex >> 16 > 0 { hb_font_set_var_named_instance(font, UInt32((faceIndex >> 16) - 1)) }
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        hb_font_make_immutable(font)
        hbFont = font
        ascenderInFontUnits = extents.ascender
        descenderInFontUnits = -extents.descender
        lineGapInFontUnits = extents.line_gap
        isColorFont = hb_ot_color_has_png(hbFace) != 0 || hb_ot_color_has_layers(hbFace) != 0
            || hb_ot_color_has_svg(hbFace) != 0
        coverage = CoverageSet(face: hbFace)
        guard !coverage.isEmpty else { throw FontError.noUnicodeCharacterMap(path: name) }
        ftFace = face
        ok = true
    }

    /// Whether `path` names a regular file (after symbolic links).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    deinit {
        hb_font_destroy(hbFont)
        let face = ftFace
        FreeTypeLibrary.shared.withLibrary { _ in _ = FT_Done_Face(face) }
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

    /// Whether shaping `utf8` alone with this font gives a .notdef glyph (glyph 0) anywhere.
    func shapesToNotdef(_ utf8: ArraySlice<UInt8>) -> Bool {
        shaped(utf8) { buffer in
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)!
            return (0..<Int(count)).contains { infos[$0].codepoint == 0 }
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

/// The set of code points a face maps, as a flat bit set over all of Unicode (136 KiB), so
/// that a coverage test is one load and a mask.
struct CoverageSet: Sendable {
    private let words: [UInt64]
    let isEmpty: Bool

    init(face: OpaquePointer) {
        var words = [UInt64](repeating: 0, count: 0x110000 / 64)
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var codepoint: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID starts the iteration
        var any = false
        while hb_set_next(set, &codepoint) != 0 {
            guard codepoint < 0x110000 else { continue }
            words[Int(codepoint >> 6)] |= 1 << UInt64(codepoint & 63)
            any = true
        }
        self.words = words
        isEmpty = !any
    }

    func contains(_ codepoint: UInt32) -> Bool {
        guard codepoint < 0x110000 else { return false }
        return words[Int(codepoint >> 6)] & (1 << UInt64(codepoint & 63)) != 0
    }
}
