import BenchmarkSupport
import Foundation

/// The disagreements of ours alone that are known (`Benchmarks/Oracles/known-disagreements.json`):
/// with this list, `accuracy` fails only on a new one, so that CI catches a regression while
/// the known ones are being fixed, and says which known ones are gone.
public struct KnownDisagreements: Codable, Sendable, Equatable {
    /// One known disagreement.
    public struct Entry: Codable, Sendable, Equatable {
        /// `corpus:text@width`, e.g. `ja:1234@343`.
        public var key: String
        /// "lines" or "breaks".
        public var kind: String
        /// The cause found when it was listed (for reading; not compared).
        public var cause: String
    }

    public var note =
        "Disagreements of ours alone (both oracles agree, FeedLayout does not) known when this list was written "
        + "by `accuracy --write-known`; `accuracy` fails on any other. Remove entries as they are fixed."
    public var disagreements: [Entry]

    /// The default list, `Benchmarks/Oracles/known-disagreements.json`.
    public static var defaultPath: String {
        ((BenchmarkPaths.packageDirectory as NSString).appendingPathComponent("Oracles") as NSString)
            .appendingPathComponent("known-disagreements.json")
    }

    public init(_ disagreements: [OursAloneDisagreement]) {
        self.disagreements =
            disagreements
            .map { Entry(key: $0.key, kind: $0.kind, cause: $0.cause) }
            .sorted { ($0.key.utf8.lexicographicallyPrecedes($1.key.utf8)) }
    }

    /// Reads a list.
    ///
    /// - Throws: ``BenchmarkError`` when the file cannot be read or is not such a list.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError("cannot read the known disagreements \(path)")
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw BenchmarkError("\(path) is not a list of known disagreements: \(error)")
        }
        if let bad = disagreements.first(where: { $0.kind != "lines" && $0.kind != "breaks" }) {
            throw BenchmarkError("\(path): \(bad.key) has kind '\(bad.kind)' (lines or breaks)")
        }
    }

    /// Whether `disagreement` is known: listed with the same kind, or listed as a line-count
    /// disagreement that is now only one of break positions.
    public func contains(_ disagreement: OursAloneDisagreement) -> Bool {
        guard let entry = index[disagreement.key] else { return false }
        return entry.kind == disagreement.kind || entry.kind == "lines"
    }

    /// The listed keys among `measured` (the keys this run compared) that no longer disagree.
    public func fixed(current: [OursAloneDisagreement], measured: Set<String>) -> [Entry] {
        let present = Set(current.map(\.key))
        return disagreements.filter { measured.contains($0.key) && !present.contains($0.key) }
    }

    private var index: [String: Entry] {
        Dictionary(disagreements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The list as pretty JSON, one entry per line.
    public func fileContents() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let entries = try disagreements.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let note = String(decoding: try encoder.encode(self.note), as: UTF8.self)
        return "{\n  \"note\": \(note),\n  \"disagreements\": [\n"
            + entries.map { "    " + $0 }.joined(separator: ",\n") + (entries.isEmpty ? "" : "\n") + "  ]\n}\n"
    }
}
