import Foundation

/// The paragraphs of a text corpus: one per line of a UTF-8 file.
public struct TextCorpus: Sendable {
    /// The file the texts were read from.
    public let path: String
    /// The texts, in file order: text i is line i + 1 of the file.
    public let texts: [String]

    /// The default corpus, `Benchmarks/Corpus/texts.txt`.
    public static var defaultPath: String { BenchmarkPaths.corpusFile("texts.txt") }

    /// The corpora of `Benchmarks/Corpus/` by name, in the accuracy report's order: the Chinese
    /// posts (`texts`) and the multi-script corpora built by `Corpus/make-multiscript.py`.
    public static let bundledNames = ["texts", "ja", "ko", "zh-hant", "en", "social"]

    /// The file of a corpus given by name (`ja`: `Benchmarks/Corpus/ja.txt`) or by path (anything
    /// with a `/` or ending in `.txt`).
    public static func path(forNameOrPath value: String) -> String {
        value.contains("/") || value.hasSuffix(".txt") ? value : BenchmarkPaths.corpusFile(value + ".txt")
    }

    /// The corpus's name: its file name without `.txt` (`ja` for `Corpus/ja.txt`).
    public var name: String {
        let file = (path as NSString).lastPathComponent
        return file.hasSuffix(".txt") ? String(file.dropLast(4)) : file
    }

    /// Reads `path`, one text per line ("\n" or "\r\n"); a final newline ends the last text
    /// and does not start another. Empty lines are kept as empty texts.
    ///
    /// - Throws: ``BenchmarkError`` when the file cannot be read or is not UTF-8.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError("cannot read the corpus \(path)")
        }
        guard let contents = String(data: data, encoding: .utf8) else {
            throw BenchmarkError("the corpus \(path) is not UTF-8")
        }
        var lines = contents.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        self.path = path
        self.texts = lines
    }

    /// A corpus of given texts (for tests).
    public init(texts: [String], path: String = "<memory>") {
        self.path = path
        self.texts = texts
    }
}

extension String {
    /// The offsets in Unicode scalars of the given UTF-8 offsets (ascending, each at a scalar
    /// boundary or the end; one inside a scalar counts that scalar as before it).
    ///
    /// - Complexity: O(n) in the text's UTF-8 length.
    public func scalarOffsets(ofUTF8Offsets offsets: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(offsets.count)
        var next = offsets.startIndex
        var scalars = 0
        for (byteIndex, byte) in utf8.enumerated() {
            while next < offsets.endIndex, offsets[next] <= byteIndex {
                result.append(scalars)
                next += 1
            }
            if next == offsets.endIndex { break }
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        while next < offsets.endIndex {
            result.append(unicodeScalars.count)
            next += 1
        }
        return result
    }

    /// The first `count` characters (grapheme clusters), with "…" when there were more.
    public func excerpt(_ count: Int) -> String {
        let head = prefix(count)
        return head.endIndex == endIndex ? String(head) : String(head) + "…"
    }

    /// The text of UTF-8 byte range `range`, clamped to the text; a cut through a character
    /// shows as U+FFFD.
    public func utf8Slice(_ range: Range<Int>) -> String {
        let bytes = Array(utf8)
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}
