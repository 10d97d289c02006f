import CFreeType
import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// A variable font's named instances, as fontconfig names them (face index + instance << 16),
/// held to FreeType's own reading of the same instance. Debian's fonts-inter-variable
/// (scripts/ensure-deps.sh installs it) is the variable font.
@Suite("Variable fonts")
struct VariableFontTests {
    static let directory = "/usr/share/fonts/truetype/inter-vf"

    /// The advance of each character of `text` in font units, summed, as FreeType loads it from
    /// face `faceIndex` of `path` (named instance included).
    static func freeTypeAdvance(path: String, faceIndex: Int, text: String) throws -> Int {
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        try #require(FT_New_Face(library, path, FT_Long(faceIndex), &face) == 0)
        defer { FT_Done_Face(face) }
        var sum = 0
        for scalar in text.unicodeScalars {
            let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            try #require(FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0)
            sum += Int(face!.pointee.glyph.pointee.metrics.horiAdvance)
        }
        return sum
    }

    @Test("fontconfig's named instance measures as FreeType reads that instance, not as the default one")
    func namedInstance() throws {
        let configuration = try FontConfiguration(directories: [Self.directory])
        let bold = try FontStack.system(pattern: "Inter:bold", fallback: false, configuration: configuration).fonts[0]
        #expect(bold.faceIndex >> 16 > 0, "fontconfig gave a named instance: \(bold.faceIndex)")
        #expect(bold.styleName == "Bold")
        let regular = try Font(path: bold.path, faceIndex: 0)
        // Character by character (shaping a whole word would add kerning, which FreeType's
        // advances leave out).
        for character in "Hamburgefonstiv 0123" {
            let text = String(character)
            #expect(
                bold.advanceInFontUnits(of: text)
                    == (try Self.freeTypeAdvance(path: bold.path, faceIndex: bold.faceIndex, text: text)), "\(text)")
            #expect(
                regular.advanceInFontUnits(of: text)
                    == (try Self.freeTypeAdvance(path: bold.path, faceIndex: 0, text: text)), "\(text)")
        }
        #expect(
            bold.advanceInFontUnits(of: "Hamburgefonstiv") > regular.advanceInFontUnits(of: "Hamburgefonstiv"),
            "bold is wider")
        #expect(throws: FontError.self) { try Font(path: bold.path, faceIndex: 200 << 16) }
    }
}
