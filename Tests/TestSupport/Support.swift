import Foundation
import TextLayout

/// Shared fixtures for the test targets: the repository's paths, the bundled fonts, the corpus.
public enum Fixtures {
    /// The root of the repository (tests only ever use its `Fonts/`, never system fonts).
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    public static let fontsDirectory = repositoryRoot + "/Fonts"

    /// Real API responses saved by public projects (`../shared/realdata` beside the clone, or
    /// `$FEEDLAYOUT_REALDATA`), read in place and never copied into the repository; nil when
    /// neither is there (the tests that read them are then skipped, saying so).
    public static let realDataDirectory: String? = {
        let candidates = [
            ProcessInfo.processInfo.environment["FEEDLAYOUT_REALDATA"], repositoryRoot + "/../shared/realdata",
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0 + "/SOURCES.md") }
    }()

    /// The files of a folder of ``realDataDirectory`` whose names end in `suffix`, sorted.
    public static func realDataFiles(_ folder: String, suffix: String = ".json") -> [String] {
        guard let root = realDataDirectory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)
        else { return [] }
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { root + "/" + folder + "/" + $0 }
    }

    /// The default stack from `Fonts/`.
    public static let fonts: FontStack = {
        do { return try FontStack.bundled(directory: fontsDirectory) } catch { fatalError("bundled fonts: \(error)") }
    }()

    /// The fonts of Debian's `fonts-noto-core` (which the test script installs) that the
    /// per-script corpora need, after Noto Sans, in this order; their files are
    /// ``notoCoreDirectory``/NotoSans*NAME*-Regular.ttf.
    public static let notoCoreScripts = [
        "Arabic", "Hebrew", "Devanagari", "Bengali", "Gujarati", "Tamil", "Telugu", "Malayalam", "Thai", "Myanmar",
        "Khmer", "Georgian",
    ]
    public static let notoCoreDirectory = "/usr/share/fonts/truetype/noto"

    /// The stack of the benchmarks' `scripts` scenario: Noto Sans, the ``notoCoreScripts``
    /// fonts, Noto Sans CJK SC and Noto Color Emoji (every script of the per-script corpora).
    public static let scriptsFonts: FontStack = {
        let files =
            [fontsDirectory + "/NotoSans-Regular.ttf"]
            + notoCoreScripts.map { "\(notoCoreDirectory)/NotoSans\($0)-Regular.ttf" }
            + [fontsDirectory + "/NotoSansCJK-Regular.ttc#2", fontsDirectory + "/NotoColorEmoji.ttf"]
        do { return try FontStack(files: files) } catch { fatalError("fonts-noto-core: \(error)") }
    }()

    /// The texts of a per-script corpus (`Benchmarks/Corpus/scripts/NAME.txt`, 5,000 each).
    public static func scriptCorpus(_ name: String) -> [String] {
        let path = corpusDirectory + "/scripts/\(name).txt"
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("missing corpus at \(path)") }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// One engine shared by the tests that do not need a fresh cache.
    public static let engine = TextEngine(fonts: fonts)

    /// The corpus the tests share with the benchmarks (its README says where it comes from):
    /// the one place tests find it.
    public static let corpusDirectory = repositoryRoot + "/Benchmarks/Corpus"

    /// The path of the 5,000 Weibo open-API statuses of the corpus (JSON Lines).
    public static let corpusStatusesPath = corpusDirectory + "/statuses.jsonl"

    /// The bytes of ``corpusStatusesPath``.
    public static let corpusStatusBytes: [UInt8] = {
        guard let data = FileManager.default.contents(atPath: corpusStatusesPath) else {
            fatalError("missing corpus at \(corpusStatusesPath)")
        }
        return Array(data)
    }()

    /// The 5,000 real paragraphs of the corpus.
    public static let corpusTexts: [String] = {
        let path = corpusDirectory + "/texts.txt"
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("missing corpus at \(path)") }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).filter { !$0.isEmpty }
    }()

    /// A path for a scratch file.
    public static func temporaryFile(named name: String, contents: [UInt8]) -> String {
        let directory = NSTemporaryDirectory() + "feedlayout-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(contents))
        return path
    }
}

/// A seeded generator (SplitMix64), so that random tests draw the same inputs every run.
public struct SplitMix {
    public var state: UInt64
    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    /// A generator whose next step starts from `state` as it is.
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in 0..<n.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

extension ParagraphLayout {
    /// The text of each line of this layout of `text` (its byte ranges read back as strings).
    public func lineTexts(of text: String) -> [String] {
        let bytes = Array(text.utf8)
        return lines.map { String(decoding: bytes[$0.range], as: UTF8.self) }
    }
}
