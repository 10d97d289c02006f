import CTextShims
import Foundation
import Testing
import TestSupport
@_spi(TableGeneration) @testable import TextLayout

/// The committed character tables (`Sources/CTextShims/GeneratedTables.h`) against the tables
/// computed from this machine's ICU: ICU is the source of truth, the file only a copy of what it
/// says, made by `swift run generate-text-tables`.
@Suite("Generated character tables")
struct GeneratedTablesTests {
    static let regenerate = "run `swift run generate-text-tables` and commit \(TextTablesGenerator.relativePath)"

    /// The first few code points where two tables differ, for the failure message.
    static func differences<T: Equatable>(_ committed: UnsafePointer<T>, _ computed: BMPTable<T>) -> (
        count: Int, first: [String]
    ) {
        var count = 0
        var first: [String] = []
        for codePoint in 0..<BMPTable<T>.count where committed[codePoint] != computed[codePoint] {
            count += 1
            if first.count < 5 {
                first.append(
                    "U+\(String(codePoint, radix: 16, uppercase: true)): committed \(committed[codePoint]), ICU \(computed[codePoint])"
                )
            }
        }
        return (count, first)
    }

    @Test("The committed tables were made from this machine's ICU and equal what it says now")
    func committedTablesEqualICU() {
        let made =
            "the tables were made from ICU \(GeneratedTables.icuVersion) (Unicode \(GeneratedTables.unicodeVersion)); "
            + "this machine has ICU \(GeneratedTables.machineICUVersion) (Unicode \(GeneratedTables.machineUnicodeVersion))"
        #expect(GeneratedTables.matchesICU, "\(made): the engine computes them at start-up instead; \(Self.regenerate)")
        let properties = Self.differences(
            ctextshims_unicode_properties_table(), BMPTable<UInt16>(computing: UnicodeProperties.compute))
        #expect(
            properties.count == 0,
            "UnicodeProperties: \(properties.count) code points differ from ICU (\(properties.first.joined(separator: "; "))); \(made); \(Self.regenerate)"
        )
        let classes = Self.differences(
            ctextshims_line_class_table(), BMPTable<UInt8>(computing: PairLineBreaker.compute))
        #expect(
            classes.count == 0,
            "PairLineBreaker classes: \(classes.count) code points differ from ICU (\(classes.first.joined(separator: "; "))); \(made); \(Self.regenerate)"
        )
    }

    @Test("The committed pair tables are the breaker's rules")
    func committedPairTablesEqualRules() throws {
        try #require(
            ctextshims_line_class_count() == Int32(PairLineBreaker.classCount),
            "the pair tables were made for \(ctextshims_line_class_count()) classes, the breaker has \(PairLineBreaker.classCount); \(Self.regenerate)"
        )
        let size = PairLineBreaker.classCount * (PairLineBreaker.classCount + 1)
        for mode in PairLineBreaker.Mode.allCases {
            let committed = Array(
                UnsafeBufferPointer(start: ctextshims_line_pair_tables() + mode.rawValue * size, count: size))
            #expect(
                committed == PairLineBreaker.computeTables(mode),
                "\(mode) pair table differs from PairLineBreaker's rules; \(Self.regenerate)")
        }
    }

    @Test("The committed file is exactly the generator's output")
    func fileIsTheGeneratorsOutput() throws {
        let path = Fixtures.repositoryRoot + "/" + TextTablesGenerator.relativePath
        let committed = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
        let generated = TextTablesGenerator.cSource()
        // Compared line by line so that a failure names the first line that differs.
        let committedLines = String(decoding: committed, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let generatedLines = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(committedLines, generatedLines).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(
            committedLines.count == generatedLines.count && firstDifference == nil,
            "\(path) differs from the generator's output (first at line \((firstDifference?.offset ?? min(committedLines.count, generatedLines.count)) + 1)); \(Self.regenerate)"
        )
    }

    @Test("The engine reads the committed tables, and computing them gives the same tables")
    func engineUsesTheCommittedTables() {
        // On this machine's ICU (the one the tables were made from) nothing is computed at start-up.
        #expect(UnicodeProperties.bmp.isGenerated == GeneratedTables.matchesICU)
        #expect(PairLineBreaker.bmp.isGenerated == GeneratedTables.matchesICU)
        if GeneratedTables.matchesICU {
            #expect(UnicodeProperties.bmp.base == ctextshims_unicode_properties_table())
            #expect(PairLineBreaker.bmp.base == ctextshims_line_class_table())
        }
        // The fallback for another ICU computes what the generator wrote.
        let computed = BMPTable<UInt16>(computing: UnicodeProperties.compute)
        #expect(computed.isGenerated == false)
        #expect(
            computed.withUnsafeBufferPointer { Array($0) }
                == UnicodeProperties.bmp.withUnsafeBufferPointer { Array($0) })
        #expect(UnicodeProperties.of(0x4E2D) == UnicodeProperties.compute(0x4E2D))
        #expect(UnicodeProperties.of(0x1F600) == UnicodeProperties.compute(0x1F600))
        #expect(PairLineBreaker.lineClass(0x4E2D) == PairLineBreaker.ID)
        #expect(PairLineBreaker.lineClass(UInt32(UInt8(ascii: "a"))) == PairLineBreaker.ALA)
    }

    @Test("The generator's command: a bad option is refused with the usage; a file it cannot write is named")
    func generatorUsage() {
        var said = ""
        #expect(TextTablesGenerator.run(arguments: ["--frobnicate"], errors: { said += $0 }) == 64)
        #expect(said.hasPrefix("usage: generate-text-tables [FILE|-]"))
        said = ""
        #expect(
            TextTablesGenerator.run(arguments: ["a", "b"], errors: { said += $0 }) == 64 && said.hasPrefix("usage: "))
        said = ""
        #expect(TextTablesGenerator.run(arguments: ["/nonexistent/directory/tables.c"], errors: { said += $0 }) == 1)
        #expect(said.hasPrefix("error: cannot write /nonexistent/directory/tables.c: "), "\(said)")
        let path = NSTemporaryDirectory() + "generated-tables-\(getpid()).c"
        defer { try? FileManager.default.removeItem(atPath: path) }
        said = ""
        #expect(TextTablesGenerator.run(arguments: [path], errors: { said += $0 }) == 0)
        #expect(said.hasPrefix("wrote \(path) (ICU "))
        #expect(
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
                == TextTablesGenerator.cSource())
    }
}
