import Foundation
import Testing
import TestSupport
@testable import TextLayout

/// Unicode's own conformance files, from Debian's `unicode-data` (installed by
/// `scripts/ensure-deps.sh`): every case of `LineBreakTest.txt` against
/// ``PreparedText/breakOpportunities`` under `.strict` (UAX #14 itself) and `.normal` (whose one
/// tailoring, CJ as ID, explains its differences), every case of `GraphemeBreakTest.txt` against
/// ``PreparedText/graphemeClusterRanges``, and every sequence of `emoji-test.txt` one grapheme
/// cluster with no line break inside. Each prints its pass count.
@Suite("Unicode's test files")
struct UnicodeTestFilesTests {
    static let directory = "/usr/share/unicode"
    static let lineBreakTestPath = directory + "/auxiliary/LineBreakTest.txt"
    static let graphemeBreakTestPath = directory + "/auxiliary/GraphemeBreakTest.txt"
    static let emojiTestPath = directory + "/emoji/emoji-test.txt"

    /// One case of a break test file: the scalars and the offsets (1...count) a break is
    /// allowed before (the end always is).
    struct BreakCase {
        let line: Int
        let scalars: [Unicode.Scalar]
        let breaks: [Int]
        var text: String { String(String.UnicodeScalarView(scalars)) }
        var hex: String { scalars.map { String(format: "%04X", $0.value) }.joined(separator: " ") }
    }

    /// The cases of a break test file (`÷ 0023 × 0308 ÷ # comment` lines).
    static func cases(_ path: String) throws -> [BreakCase] {
        guard let data = FileManager.default.contents(atPath: path) else {
            Issue.record("\(path) is missing: install Debian's unicode-data (scripts/ensure-deps.sh does)")
            return []
        }
        var result: [BreakCase] = []
        for (index, rawLine) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard tokens.count >= 3 else { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: [Int] = []
            for (t, token) in tokens.enumerated() {
                if t % 2 == 0 {
                    if token == "÷" && t > 0 { breaks.append(t / 2) } else if token != "×" && token != "÷" {
                        throw TestFileError.malformed(path: path, line: index + 1)
                    }
                } else {
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw TestFileError.malformed(path: path, line: index + 1)
                    }
                    scalars.append(scalar)
                }
            }
            result.append(BreakCase(line: index + 1, scalars: scalars, breaks: breaks))
        }
        return result
    }

    enum TestFileError: Error { case malformed(path: String, line: Int) }

    /// The engine's break opportunities of `text` with the end of the text (UAX #14 LB3).
    static func opportunities(_ text: String, _ strictness: LineBreakStrictness) -> [Int] {
        let count = text.unicodeScalars.count
        var found = Fixtures.engine.prepare(AttributedText(text), style: TextStyle(lineBreak: strictness)).breakOpportunities
        if found.last != count { found.append(count) }
        return found
    }

    /// Whether the normal tailoring (CJ as ID rather than NS) explains the difference between
    /// `expected` (UAX #14) and `found`: every offset where they differ is beside a CJ character
    /// (before it, or after it and its combining marks).
    static func explainedByNormalTailoring(_ c: BreakCase, expected: [Int], found: [Int]) -> Bool {
        let differing = Set(expected).symmetricDifference(found)
        guard !differing.isEmpty else { return true }
        func isCJ(_ i: Int) -> Bool { i >= 0 && i < c.scalars.count && PairLineBreaker.compute(c.scalars[i].value) == PairLineBreaker.CJ }
        func isMark(_ i: Int) -> Bool {
            let cls = PairLineBreaker.compute(c.scalars[i].value)
            return cls == PairLineBreaker.CM || cls == PairLineBreaker.ZWJ
        }
        return differing.allSatisfy { offset in
            if isCJ(offset) { return true }
            var before = offset - 1
            while before > 0 && isMark(before) { before -= 1 }
            return isCJ(before)
        }
    }

    @Test("LineBreakTest.txt: every case under .strict; under .normal every case but those CJ as ID explains")
    func lineBreakTest() throws {
        let cases = try Self.cases(Self.lineBreakTestPath)
        #expect(cases.count > 7_000, "LineBreakTest.txt has its 7,654 cases")
        var strictPassed = 0
        var normalPassed = 0
        var explained = 0
        for c in cases {
            let strict = Self.opportunities(c.text, .strict)
            if strict == c.breaks {
                strictPassed += 1
            } else {
                Issue.record("LineBreakTest.txt:\(c.line) (.strict) \(c.hex): expected \(c.breaks), found \(strict)")
            }
            let normal = Self.opportunities(c.text, .normal)
            if normal == c.breaks {
                normalPassed += 1
            } else if Self.explainedByNormalTailoring(c, expected: c.breaks, found: normal) {
                explained += 1
            } else {
                Issue.record("LineBreakTest.txt:\(c.line) (.normal) \(c.hex): expected \(c.breaks), found \(normal)")
            }
        }
        print("LineBreakTest: \(normalPassed)/\(cases.count) passed (\(explained) explained by the normal tailoring); "
              + "strict: \(strictPassed)/\(cases.count) passed")
        // The tailoring is real: CJ cases exist and differ under .normal.
        #expect(explained > 0)
    }

    /// Scalar offsets of the starts of `prepared`'s grapheme clusters, with the edges of each
    /// hard line break (which are grapheme clusters of their own, CR LF one, as in UAX #29).
    static func graphemeBoundaries(of text: String) -> [Int] {
        let prepared = Fixtures.engine.prepare(AttributedText(text))
        let utf8 = Array(text.utf8)
        var scalarAt: [Int: Int] = [:]  // UTF-8 offset → scalar offset
        var offset = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            scalarAt[offset] = index
            offset += String(scalar).utf8.count
        }
        scalarAt[utf8.count] = text.unicodeScalars.count
        var boundaries = Set(prepared.graphemeClusterRanges.flatMap { [scalarAt[$0.lowerBound]!, scalarAt[$0.upperBound]!] })
        let scalars = Array(text.unicodeScalars)
        let hardBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        for (i, scalar) in scalars.enumerated() where hardBreaks.contains(scalar.value) {
            if !(scalar.value == 0x0A && i > 0 && scalars[i - 1].value == 0x0D) { boundaries.insert(i) }
            if !(scalar.value == 0x0D && i + 1 < scalars.count && scalars[i + 1].value == 0x0A) { boundaries.insert(i + 1) }
        }
        boundaries.remove(0)
        boundaries.insert(scalars.count)
        return boundaries.sorted()
    }

    @Test("GraphemeBreakTest.txt: every case")
    func graphemeBreakTest() throws {
        let cases = try Self.cases(Self.graphemeBreakTestPath)
        #expect(cases.count > 600, "GraphemeBreakTest.txt has its 602 cases")
        var passed = 0
        for c in cases {
            let found = Self.graphemeBoundaries(of: c.text)
            if found == c.breaks {
                passed += 1
            } else {
                Issue.record("GraphemeBreakTest.txt:\(c.line) \(c.hex): expected \(c.breaks), found \(found)")
            }
        }
        print("GraphemeBreakTest: \(passed)/\(cases.count) passed")
    }

    @Test("emoji-test.txt: every sequence is one grapheme cluster, with no line break inside")
    func emojiTest() throws {
        guard let data = FileManager.default.contents(atPath: Self.emojiTestPath) else {
            Issue.record("\(Self.emojiTestPath) is missing: install Debian's unicode-data (scripts/ensure-deps.sh does)")
            return
        }
        var total = 0
        var passed = 0
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            guard !line.hasPrefix("#"), let fields = line.split(separator: ";", maxSplits: 1).first else { continue }
            let scalars = fields.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            guard !scalars.isEmpty else { continue }
            total += 1
            let text = String(String.UnicodeScalarView(scalars))
            let prepared = Fixtures.engine.prepare(AttributedText(text))
            let clusters = prepared.graphemeClusterRanges.count
            let breaks = prepared.breakOpportunities
            if clusters == 1 && breaks.isEmpty {
                passed += 1
            } else {
                Issue.record("emoji-test.txt:\(index + 1) \(fields): \(clusters) clusters, breaks at \(breaks)")
            }
        }
        #expect(total > 4_000, "emoji-test.txt has its 4,700-odd sequences")
        print("emoji-test: \(passed)/\(total) sequences one cluster with no line break inside")
    }
}
