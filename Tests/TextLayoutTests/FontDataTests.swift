import Foundation
import Testing
import TestSupport
@testable import TextLayout

@Suite("Fonts from data")
struct FontDataTests {
    static func bytes(_ file: String) throws -> Data {
        try #require(FileManager.default.contents(atPath: Fixtures.fontsDirectory + "/" + file))
    }

    @Test("fonts made from a file's bytes measure exactly as the file")
    func sameAsFiles() throws {
        let fonts = try [
            Font(data: Self.bytes("NotoSans-Regular.ttf")),
            Font(data: Self.bytes("NotoSansCJK-Regular.ttc"), faceIndex: 2),
            Font(data: Self.bytes("NotoColorEmoji.ttf")),
        ]
        #expect(fonts.map(\.familyName) == FontStack.defaultFamilies)
        #expect(fonts.allSatisfy { $0.path.isEmpty })
        #expect(fonts[1].description == "Noto Sans CJK SC Regular (data#2)")
        #expect(fonts[2].isColorFont)
        let engine = TextEngine(fonts: try FontStack(fonts))
        for text in Fixtures.corpusTexts.prefix(300) {
            #expect(engine.layout(text, width: 200) == Fixtures.engine.layout(text, width: 200))
        }
    }

    @Test("empty, junk and cut bytes, and a face that is not there, are refused with a reason")
    func badBytes() throws {
        #expect(throws: FontError.unreadable(path: "", reason: "no bytes")) { try Font(data: Data()) }
        #expect(throws: FontError.self) { try Font(data: Data("this is not a font".utf8)) }
        let cjk = try Self.bytes("NotoSansCJK-Regular.ttc")
        #expect(throws: FontError.noSuchFace(path: "<data>", index: 40, faceCount: 10)) {
            try Font(data: cjk, faceIndex: 40)
        }
        let sans = try Self.bytes("NotoSans-Regular.ttf")
        for fraction in [0.01, 0.1, 0.5] {
            do {
                let font = try Font(data: sans.prefix(Int(Double(sans.count) * fraction)))
                // FreeType and HarfBuzz read tables lazily: whatever loads must still measure.
                _ = TextEngine(fonts: try FontStack([font])).layout("Sata XP", width: 343)
            } catch let error as FontError {
                #expect(error.description.contains("<data>") || error.description.contains("no Unicode"), "\(error)")
            }
        }
    }
}
