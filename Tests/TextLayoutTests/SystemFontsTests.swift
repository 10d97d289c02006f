import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// Fonts found through fontconfig, held to fontconfig's own `fc-match` as the oracle.
@Suite("System fonts (fontconfig)")
struct SystemFontsTests {
    /// A configuration that knows only the bundled fonts, so that results do not drift.
    static let bundled: FontConfiguration = {
        do { return try FontConfiguration(directories: [Fixtures.fontsDirectory]) } catch { fatalError("\(error)") }
    }()

    /// A fonts.conf for `fc-match` listing the same directory and nothing else.
    static let bundledConfigurationFile: String = {
        let cache = NSTemporaryDirectory() + "feedlayout-tests-fc-cache"
        let conf =
            "<?xml version=\"1.0\"?><fontconfig><dir>\(Fixtures.fontsDirectory)</dir><cachedir>\(cache)</cachedir></fontconfig>\n"
        return Fixtures.temporaryFile(named: "fonts.conf", contents: Array(conf.utf8))
    }()

    /// `fc-match ARGUMENTS -f '%{file}#%{index}\n'`, one line per font.
    static func fcMatch(_ arguments: [String], configurationFile: String? = nil) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = arguments + ["-f", "%{file}#%{index}\\n"]
        var environment = ProcessInfo.processInfo.environment
        if let configurationFile { environment["FONTCONFIG_FILE"] = configurationFile }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static func names(_ stack: FontStack) -> [String] { stack.fonts.map { "\($0.path)#\($0.faceIndex)" } }

    @Test("families resolve to their file and face index, in the order given")
    func families() throws {
        let stack = try FontStack.system(
            families: ["Noto Sans CJK SC", "noto sans", "NotoColorEmoji"], fallback: false,
            configuration: Self.bundled)
        let directory = Fixtures.fontsDirectory
        #expect(
            Self.names(stack) == [
                "\(directory)/NotoSansCJK-Regular.ttc#2", "\(directory)/NotoSans-Regular.ttf#0",
                "\(directory)/NotoColorEmoji.ttf#0",
            ])
        #expect(stack.fonts.map(\.familyName) == ["Noto Sans CJK SC", "Noto Sans", "Noto Color Emoji"])
    }

    @Test("the default families through fontconfig measure exactly as the bundled stack")
    func sameMeasurements() throws {
        let engine = TextEngine(
            fonts: try FontStack.system(
                families: FontStack.defaultFamilies, fallback: false, configuration: Self.bundled))
        for text in Fixtures.corpusTexts.prefix(300) {
            #expect(engine.layout(text, width: 200) == Fixtures.engine.layout(text, width: 200))
        }
    }

    @Test(
        "fallback order and patterns are fontconfig's: fc-match -s on the same fonts",
        arguments: [
            "Noto Sans", "Noto Sans CJK SC", "Noto Sans,Noto Color Emoji", "Noto Sans CJK KR:style=Regular",
            "sans-serif:lang=zh-cn", "monospace",
        ])
    func fallbackOrder(pattern: String) throws {
        let oracle = try Self.fcMatch(["-s", pattern], configurationFile: Self.bundledConfigurationFile)
        #expect(!oracle.isEmpty)
        #expect(Self.names(try FontStack.system(pattern: pattern, configuration: Self.bundled)) == oracle)
        #expect(
            Self.names(try FontStack.system(pattern: pattern, fallback: false, configuration: Self.bundled)) == [
                oracle[0]
            ])
        if !pattern.contains(":") {
            let families = pattern.split(separator: ",").map(String.init)
            #expect(Self.names(try FontStack.system(families: families, configuration: Self.bundled)) == oracle)
        }
    }

    @Test(
        "the system's configuration agrees with fc-match, whatever fonts are installed",
        arguments: ["sans-serif", "serif", "monospace"])
    func systemConfiguration(family: String) throws {
        let best = try Self.fcMatch([family])
        let sorted = try Self.fcMatch(["-s", family])
        do {
            #expect(Self.names(try FontStack.system(families: [family], fallback: false)) == best)
            #expect(Self.names(try FontStack.system(pattern: family)) == Array(sorted.prefix(254)))
        } catch FontError.systemFontsUnavailable {
            #expect(best.isEmpty, "fc-match found \(best) where we found nothing")
        }
    }

    @Test("a family that is not installed is an error naming fontconfig's substitute; other bad requests too")
    func errors() throws {
        #expect(throws: FontError.systemFamilyNotFound(family: "Arial", substitute: "Noto Sans")) {
            try FontStack.system(families: ["Arial"], configuration: Self.bundled)
        }
        let message = FontError.systemFamilyNotFound(family: "Arial", substitute: "Noto Sans").description
        #expect(message.contains("'Arial' is not installed") && message.contains("'Noto Sans'"))
        #expect(throws: FontError.emptyStack) { try FontStack.system(families: [], configuration: Self.bundled) }
        #expect(throws: FontError.invalidFontPattern("Noto:weight=heavyish")) {
            try FontStack.system(pattern: "Noto:weight=heavyish", configuration: Self.bundled)
        }
        #expect(throws: FontError.unreadable(path: "/nonexistent", reason: "not a directory")) {
            try FontConfiguration(directories: ["/nonexistent"])
        }
        let emptyDirectory = NSTemporaryDirectory() + "feedlayout-no-fonts-\(getpid())"
        try FileManager.default.createDirectory(atPath: emptyDirectory, withIntermediateDirectories: true)
        let empty = try FontConfiguration(directories: [emptyDirectory])
        #expect(throws: FontError.self) { try FontStack.system(families: ["sans-serif"], configuration: empty) }
        // A generic family is found whatever font it gives.
        #expect(
            try FontStack.system(families: ["sans-serif"], fallback: false, configuration: Self.bundled).fonts.count
                == 1)
    }
}
