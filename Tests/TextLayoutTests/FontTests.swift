import Foundation
import Testing
import TestSupport
@testable import TextLayout

@Suite("Fonts")
struct FontTests {
    let fonts = Fixtures.fonts.fonts

    @Test("the default stack is the three bundled families, in order")
    func defaultStack() throws {
        #expect(fonts.map(\.familyName) == ["Noto Sans", "Noto Sans CJK SC", "Noto Color Emoji"])
        #expect(fonts[1].faceIndex == 2, "SC is face 2 of the Debian collection")
        #expect(fonts[2].isColorFont)
        #expect(!fonts[0].isColorFont && !fonts[1].isColorFont)
    }

    // Advances and metrics read independently from the fonts' hmtx/hhea tables (fontTools).
    @Test("advances of known strings equal the fonts' own hmtx values")
    func knownAdvances() {
        // H e l l o space w o r l d in Noto Sans: 741 564 258 258 605 260 786 605 413 258 615
        #expect(
            fonts[0].advanceInFontUnits(of: "Hello world") == 741 + 564 + 258 + 258 + 605 + 260 + 786 + 605 + 413 + 258
                + 615)
        #expect(fonts[1].advanceInFontUnits(of: "中文，。（") == 5000)
        #expect(fonts[1].advanceInFontUnits(of: " ") == 224)
        #expect(fonts[2].advanceInFontUnits(of: "😀") == 2550)
        #expect(fonts[0].unitsPerEm == 1000 && fonts[1].unitsPerEm == 1000 && fonts[2].unitsPerEm == 2048)
        #expect(fonts[0].ascenderInFontUnits == 1069 && fonts[0].descenderInFontUnits == 293)
        #expect(fonts[1].ascenderInFontUnits == 1160 && fonts[1].descenderInFontUnits == 288)
        #expect(fonts[2].ascenderInFontUnits == 1900 && fonts[2].descenderInFontUnits == 500)
    }

    @Test("the engine's widths are the advances scaled to the font size")
    func scaledWidths() {
        let engine = Fixtures.engine
        let latin = engine.layout("Hello", width: 1000, style: TextStyle(fontSize: 17))
        #expect(abs(latin.width - Double(741 + 564 + 258 + 258 + 605) * 17 / 1000) < 1e-9)
        let emoji = engine.layout("😀", width: 1000, style: TextStyle(fontSize: 17))
        #expect(emoji.width == 2550.0 * 17 / 2048)
        #expect(abs(latin.height - (1069.0 + 293) * 17 / 1000) < 1e-9)
    }

    @Test("a collection face is found by family, a wrong index is a clear error")
    func collections() throws {
        let path = Fixtures.fontsDirectory + "/NotoSansCJK-Regular.ttc"
        let jp = try Font(path: path, faceIndex: 0)
        #expect(jp.familyName == "Noto Sans CJK JP")
        #expect(throws: FontError.noSuchFace(path: path, index: 40, faceCount: 10)) {
            try Font(path: path, faceIndex: 40)
        }
        let stack = try FontStack(files: [path + "#2"])
        #expect(stack.fonts[0].familyName == "Noto Sans CJK SC")
    }

    @Test("missing, empty, truncated and non-font files are refused with a reason")
    func badFiles() throws {
        #expect(throws: FontError.unreadable(path: "/nonexistent/font.ttf", reason: "no such file")) {
            try Font(path: "/nonexistent/font.ttf")
        }
        let empty = Fixtures.temporaryFile(named: "empty.ttf", contents: [])
        #expect(throws: FontError.self) { try Font(path: empty) }
        let text = Fixtures.temporaryFile(named: "text.ttf", contents: Array("this is not a font\n".utf8))
        #expect(throws: FontError.self) { try Font(path: text) }
        let original = try [UInt8](contentsOf: Fixtures.fontsDirectory + "/NotoSans-Regular.ttf")
        let truncated = Fixtures.temporaryFile(named: "truncated.ttf", contents: Array(original.prefix(2_000)))
        #expect(throws: FontError.self) { try Font(path: truncated) }
        #expect(throws: FontError.familyNotFound(family: "No Such Family", directory: Fixtures.fontsDirectory)) {
            try FontStack(families: ["No Such Family"], inDirectory: Fixtures.fontsDirectory)
        }
        #expect(throws: FontError.emptyStack) { try FontStack([]) }
    }
}

extension Array where Element == UInt8 {
    init(contentsOf path: String) throws {
        guard let handle = fopen(path, "rb") else { throw FontError.unreadable(path: path, reason: "test fixture") }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&chunk, 1, chunk.count, handle)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        self = bytes
    }
}

@Suite("Fonts read lazily")
struct LazyFontTests {
    @Test("family and style names read from the name table are FreeType's, for every face of every bundled file")
    func namesAreFreeTypes() throws {
        for file in ["NotoSans-Regular.ttf", "NotoSansCJK-Regular.ttc", "NotoColorEmoji.ttf"] {
            let path = Fixtures.fontsDirectory + "/" + file
            let faces = FontStack.faceFamilies(inFile: path)
            #expect(!faces.isEmpty)
            for face in faces {
                let font = try Font(path: path, faceIndex: face.index)
                #expect(font.familyName == face.family)
                #expect(font.familyName == font.freeTypeFamilyName, "\(file)#\(face.index)")
            }
        }
    }

    @Test("a font no text reaches builds no coverage and no FreeType face")
    func nothingBuiltUntilReached() throws {
        let stack = try FontStack(families: FontStack.defaultFamilies, inDirectory: Fixtures.fontsDirectory)
        let engine = TextEngine(fonts: stack)
        _ = engine.layout("plain Latin text", width: 200)
        #expect(stack.fonts[0].hasCoverage)
        #expect(!stack.fonts[1].hasCoverage && !stack.fonts[2].hasCoverage, "the CJK and emoji fonts were not reached")
        _ = engine.layout("中文", width: 200)
        #expect(stack.fonts[1].hasCoverage && !stack.fonts[2].hasCoverage)
        #expect(!stack.fonts.contains { $0.hasFreeTypeFace }, "measuring needs no FreeType face")
        #expect(stack.fonts[0].freeTypeMetrics.ascender > 0)
        #expect(stack.fonts[0].hasFreeTypeFace)
    }

    @Test("a FIFO or a device is refused as a font file, not read")
    func notRegularFiles() throws {
        let fifo = NSTemporaryDirectory() + "feedlayout-font-fifo-\(getpid()).ttf"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(throws: FontError.unreadable(path: fifo, reason: "not a regular file (a FIFO, socket or device)")) {
            try Font(path: fifo)
        }
        #expect(
            throws: FontError.unreadable(path: "/dev/zero", reason: "not a regular file (a FIFO, socket or device)")
        ) { try Font(path: "/dev/zero") }
        #expect(FontStack.faceFamilies(inFile: fifo).isEmpty)
    }
}
