import BenchmarkSupport
import FeedLayout
import Foundation
import StatusLayout
import TextLayout

/// What the scenarios of one run share: the corpus, the fonts, the size and width measured.
///
/// Loaded once per run and handed to every ``Scenario/setUp``. Not thread-safe: the runner
/// uses it from one thread.
public final class ScenarioContext {
    /// The paragraphs measured, in corpus order (all of them, or the first few with `--quick`).
    public let texts: [String]
    /// The fonts directory (with NotoSans-Regular.ttf, NotoSansCJK-Regular.ttc, ...).
    public let fontsDirectory: String
    /// The font size in pixels (= points at 72 dpi).
    public let fontSize: Double = 17
    /// The width of a timeline cell's text, in points.
    public let width: Double = 343
    /// Whether this is a `--quick` run (tiny sizes, timings not to be judged).
    public let isQuick: Bool
    private var loadedFonts: FontStack?
    private var loadedStatusIdentifiers: [String]?
    private var loadedStatuses: [Status]?

    /// How many texts a `--quick` run uses.
    public static let quickTextCount = 24

    /// How many statuses a `--quick` run uses.
    public static let quickStatusCount = 200

    /// The cell the status scenarios lay out: 375 pt wide (an iPhone in portrait), 2 pixels a
    /// point, the Weibo style.
    public let cellContext = LayoutContext(width: 375, scale: 2, style: .weibo)

    /// - Parameters:
    ///   - texts: the paragraphs (at least 2).
    ///   - fontsDirectory: where the fonts are.
    ///   - isQuick: a `--quick` run.
    /// - Throws: ``BenchmarkError`` when there are fewer than 2 texts.
    public init(texts: [String], fontsDirectory: String, isQuick: Bool) throws {
        guard texts.count >= 2 else { throw BenchmarkError("the corpus needs at least 2 texts, it has \(texts.count)") }
        self.texts = texts
        self.fontsDirectory = fontsDirectory
        self.isQuick = isQuick
    }

    /// The style every engine scenario measures with.
    public var style: TextStyle { TextStyle(fontSize: fontSize) }

    /// The default font stack (Noto Sans, Noto Sans CJK SC, Noto Color Emoji), loaded once.
    ///
    /// - Throws: ``FontError`` when the fonts cannot be loaded.
    public func fonts() throws -> FontStack {
        if let loadedFonts { return loadedFonts }
        let fonts = try FontStack.bundled(directory: fontsDirectory)
        loadedFonts = fonts
        return fonts
    }

    /// The path of a file of the fonts directory.
    public func fontFile(_ name: String) -> String {
        (fontsDirectory as NSString).appendingPathComponent(name)
    }

    /// The `idstr` of every status of `Corpus/statuses.jsonl`, in file order, read once.
    ///
    /// - Throws: ``BenchmarkError`` when the file cannot be read or a line has no `idstr`.
    public func statusIdentifiers() throws -> [String] {
        if let loadedStatusIdentifiers { return loadedStatusIdentifiers }
        let path = BenchmarkPaths.corpusFile("statuses.jsonl")
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError("cannot read \(path)")
        }
        struct Status: Decodable { let idstr: String }
        let decoder = JSONDecoder()
        var identifiers: [String] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !line.isEmpty {
            do {
                identifiers.append(try decoder.decode(Status.self, from: Data(line)).idstr)
            } catch {
                throw BenchmarkError("\(path):\(index + 1): no idstr (\(error))")
            }
        }
        loadedStatusIdentifiers = identifiers
        return identifiers
    }

    /// The statuses of `Corpus/statuses.jsonl`, in file order, decoded once: all 5,000, or
    /// the first ``quickStatusCount`` in a `--quick` run.
    ///
    /// - Throws: ``BenchmarkError`` when the file cannot be read or a status does not decode.
    public func statuses() throws -> [Status] {
        if let loadedStatuses { return loadedStatuses }
        let path = BenchmarkPaths.corpusFile("statuses.jsonl")
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError("cannot read \(path)")
        }
        let wanted = StatusDecoder().decodeAll([UInt8](data)).prefix(isQuick ? Self.quickStatusCount : Int.max)
        var statuses: [Status] = []
        statuses.reserveCapacity(wanted.count)
        for decoded in wanted {
            switch decoded.result {
            case .success(let status): statuses.append(status)
            case .failure(let error): throw BenchmarkError("\(path):\(decoded.line): status \(decoded.index): \(error)")
            }
        }
        guard statuses.count >= 2 else {
            throw BenchmarkError("\(path) needs at least 2 statuses, it has \(statuses.count)")
        }
        loadedStatuses = statuses
        return statuses
    }
}
