import Foundation

/// How a paragraph breaks into lines: the line count and where lines 2, 3, ... start, as
/// offsets in Unicode scalars of its text (so `breaks.count == lineCount - 1` for a text that
/// is not empty).
public struct LineBreaks: Sendable, Hashable, Codable {
    public var lineCount: Int
    /// Scalar offsets of the starts of lines 2, 3, ..., ascending.
    public var breaks: [Int]

    public init(lineCount: Int, breaks: [Int]) {
        self.lineCount = lineCount
        self.breaks = breaks
    }
}

/// One oracle's answers for one corpus, as committed under `Benchmarks/Oracles/Fixtures/`
/// (`NAME.chromium.jsonl`, `NAME.pango.jsonl`): a JSON header line, then one JSON line per text,
/// `{"text": N, "scalars": S, "lines": [L, ...], "breaks": [[B, ...], ...]}`, the arrays in the
/// order of the header's widths.
///
/// The header names the oracle and its version and holds the FNV-1a hash of the corpus file
/// the answers were made from, so a fixture is never used with another version of its corpus.
public struct OracleFixture: Sendable {
    /// The fixture's first line.
    public struct Header: Codable, Sendable, Equatable {
        /// "chromium" or "pango".
        public var oracle: String
        /// The oracle's version, e.g. "Chromium 156.0.8078.114 ..." or "Pango 1.50.12".
        public var version: String
        /// The corpus file's name, e.g. "ja.txt".
        public var corpus: String
        /// ``OracleFixture/fnv1a64(of:)`` of the corpus file, 16 hex digits.
        public var corpusFNV1a64: String
        public var texts: Int
        /// In pixels.
        public var widths: [Double]
        /// In pixels.
        public var fontSize: Double
        public var families: [String]
        /// How the oracle was set up, in words.
        public var settings: String?
        /// What the break offsets count, in words.
        public var breaks: String?

        public init(
            oracle: String, version: String, corpus: String, corpusFNV1a64: String, texts: Int,
            widths: [Double], fontSize: Double, families: [String], settings: String? = nil,
            breaks: String? = nil
        ) {
            self.oracle = oracle
            self.version = version
            self.corpus = corpus
            self.corpusFNV1a64 = corpusFNV1a64
            self.texts = texts
            self.widths = widths
            self.fontSize = fontSize
            self.families = families
            self.settings = settings
            self.breaks = breaks
        }
    }

    /// One text's answers.
    public struct Record: Codable, Sendable, Equatable {
        /// 1-based: line `text` of the corpus file.
        public var text: Int
        /// The text's length in Unicode scalars.
        public var scalars: Int
        /// The line count at each width of the header.
        public var lines: [Int]
        /// The break offsets at each width of the header.
        public var breaks: [[Int]]

        public init(text: Int, scalars: Int, lines: [Int], breaks: [[Int]]) {
            self.text = text
            self.scalars = scalars
            self.lines = lines
            self.breaks = breaks
        }
    }

    public var header: Header
    /// Text i + 1's answers at index i.
    public var records: [Record]

    public init(header: Header, records: [Record]) {
        self.header = header
        self.records = records
    }

    /// Reads a fixture file.
    ///
    /// - Throws: ``BenchmarkError`` when the file cannot be read or a line is not what the format
    ///   says (each problem named with its line number).
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError("cannot read the fixture \(path)")
        }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        guard let first = lines.first else { throw BenchmarkError("\(path) is empty") }
        let decoder = JSONDecoder()
        do {
            header = try decoder.decode(Header.self, from: Data(first))
        } catch {
            throw BenchmarkError("\(path):1: not a fixture header: \(error)")
        }
        var records: [Record] = []
        records.reserveCapacity(lines.count - 1)
        for (index, line) in lines.dropFirst().enumerated() {
            let record: Record
            do {
                record = try decoder.decode(Record.self, from: Data(line))
            } catch {
                throw BenchmarkError("\(path):\(index + 2): not a fixture record: \(error)")
            }
            guard record.text == index + 1, record.lines.count == header.widths.count,
                record.breaks.count == header.widths.count,
                zip(record.lines, record.breaks).allSatisfy({ lines, breaks in
                    breaks.count == max(lines - 1, 0) && breaks.allSatisfy { $0 > 0 && $0 < record.scalars }
                        && zip(breaks, breaks.dropFirst()).allSatisfy { $0 < $1 }
                })
            else {
                throw BenchmarkError(
                    "\(path):\(index + 2): record of text \(record.text) is inconsistent "
                        + "(expected text \(index + 1), one line count and ascending breaks inside the text per width)")
            }
            records.append(record)
        }
        guard records.count == header.texts else {
            throw BenchmarkError("\(path): the header announces \(header.texts) texts, the file has \(records.count)")
        }
        self.records = records
    }

    /// The answer for text `number` (1-based) at `width`, or nil when the fixture lacks either.
    public func answer(text number: Int, width: Double) -> LineBreaks? {
        guard number >= 1, number <= records.count, let column = header.widths.firstIndex(of: width) else { return nil }
        let record = records[number - 1]
        return LineBreaks(lineCount: record.lines[column], breaks: record.breaks[column])
    }

    /// Checks that the fixture was made from `corpus` (the file's hash, the texts' count and
    /// lengths) at `fontSize` and has every width of `widths`.
    ///
    /// - Throws: ``BenchmarkError`` saying what differs and how to regenerate the fixture.
    public func check(against corpus: TextCorpus, widths: [Double], fontSize: Double, path: String) throws {
        let regenerate =
            header.oracle == "chromium"
            ? "regenerate it with Benchmarks/Oracles/chromium-oracle.py"
            : "regenerate it with accuracy --write-pango-fixtures"
        let hash = try Self.fnv1a64(ofFile: corpus.path)
        guard hash == header.corpusFNV1a64 else {
            throw BenchmarkError(
                "\(path) was made from another version of \(corpus.path) (FNV-1a \(header.corpusFNV1a64), the file has \(hash)): \(regenerate)"
            )
        }
        guard header.texts == corpus.texts.count,
            zip(records, corpus.texts).allSatisfy({ $0.scalars == $1.unicodeScalars.count })
        else {
            throw BenchmarkError("\(path) does not match the texts of \(corpus.path): \(regenerate)")
        }
        guard header.fontSize == fontSize else {
            throw BenchmarkError(
                "\(path) is for \(header.fontSize) px, not \(fontSize) px: \(regenerate) with that size")
        }
        if let missing = widths.first(where: { !header.widths.contains($0) }) {
            throw BenchmarkError(
                "\(path) has no answers at width \(missing) (it has \(header.widths)): \(regenerate) with that width")
        }
    }

    /// The fixture as its file's text: the header line, then one line per record.
    public func fileContents() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var text = String(decoding: try encoder.encode(header), as: UTF8.self) + "\n"
        for record in records {
            func list(_ values: [Int]) -> String { "[" + values.map(String.init).joined(separator: ",") + "]" }
            text +=
                "{\"text\":\(record.text),\"scalars\":\(record.scalars),\"lines\":\(list(record.lines)),"
                + "\"breaks\":[\(record.breaks.map(list).joined(separator: ","))]}\n"
        }
        return text
    }

    /// FNV-1a (64 bits) of a file's bytes as 16 hex digits: the corpus check of the fixtures
    /// (`chromium-oracle.py` computes the same).
    public static func fnv1a64(ofFile path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError("cannot read \(path)")
        }
        return fnv1a64(of: data)
    }

    /// FNV-1a (64 bits) of `bytes` as 16 hex digits.
    public static func fnv1a64<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
