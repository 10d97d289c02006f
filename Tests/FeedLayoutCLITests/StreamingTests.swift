import Foundation
import LockSupport
import Testing
import TestSupport
import TextLayout
@testable import FeedLayoutCLI

/// Runs the tool in-process on input handed out in `chunks`, with the source pausing before the
/// chunks in `pauses` (as a pipe whose writer waits).
func runChunked(_ arguments: [String], chunks: [[UInt8]], pauses: Set<Int> = []) -> (
    status: Int32, output: String, errors: String
) {
    let output = Lock("")
    let errors = Lock("")
    let io = CommandLineTool.IO(
        input: { MemoryInput(chunks, pausesBefore: pauses) },
        output: { text in output.withLock { $0 += text } },
        errors: { text in errors.withLock { $0 += text } })
    let status = CommandLineTool.run(arguments: arguments + ["--fonts-dir", Fixtures.fontsDirectory], io: io)
    return (status, output.withLock { $0 }, errors.withLock { $0 })
}

@Suite("Streaming: chunks, threads, pauses")
struct StreamingTests {
    /// `bytes` cut at random places into chunks of 1 to `largest` bytes, and random pauses.
    static func randomSplit(_ bytes: [UInt8], largest: Int, random: inout SplitMix) -> (
        chunks: [[UInt8]], pauses: Set<Int>
    ) {
        var chunks: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 1 + random.below(largest))
            chunks.append(Array(bytes[start..<end]))
            start = end
        }
        let pauses = Set((0..<chunks.count).filter { _ in random.below(4) == 0 })
        return (chunks, pauses)
    }

    static let statusInput: [UInt8] = {
        let corpus: [UInt8] = NothingLostTests.corpusLines.prefix(200).flatMap { $0 + [UInt8(0x0A)] }
        let shapes: [UInt8] = StatusShapes.all.filter { $0.name.contains("pretty") || $0.name.contains("timeline") }
            .flatMap { $0.rendered.bytes + [UInt8(0x0A)] }
        return corpus + shapes + NothingLostTests.input(Array(NothingLostTests.hostileLines.prefix(12)))
    }()

    static let textInput: [UInt8] =
        Array(Fixtures.corpusTexts.prefix(600).joined(separator: "\n").utf8) + [0xFF, 0x0A, 0x0A] + Array("最后一行".utf8)

    @Test(
        "any split of the input into chunks, with pauses, gives byte-identical output at 1 and 4 threads", .tags(.slow),
        .unlessSkipped(.slow),
        arguments: ["heights", "measure"])
    func anySplitSameBytes(command: String) {
        let input = command == "heights" ? Self.statusInput : Self.textInput
        let reference = runChunked([command, "--threads", "1"], chunks: [input])
        #expect(!reference.output.isEmpty && reference.output.hasSuffix("\n"))
        var random = SplitMix(seed: 17)
        for trial in 0..<6 {
            let largest = [7, 100, 4_096, 70_000, 300_000, 1 << 20][trial]
            let (chunks, pauses) = Self.randomSplit(input, largest: largest, random: &random)
            for threads in ["1", "4"] {
                let result = runChunked([command, "--threads", threads], chunks: chunks, pauses: pauses)
                #expect(
                    result.output == reference.output, "\(command), chunks up to \(largest) bytes, \(threads) threads")
                #expect(result.status == reference.status && result.errors == reference.errors)
            }
        }
    }

    @Test("measure --breaks: where lines 2, 3, ... start, in Unicode scalars of the text")
    func breaks() throws {
        let emoji = try objects(runTool(["measure", "--width", "25", "--breaks", "😀😀😀"]).output)
        #expect(emoji[0]["breaks"] as? [Int] == [1, 2], "\(emoji)")
        let single = try objects(runTool(["measure", "--breaks", "短"]).output)
        #expect(single[0]["breaks"] as? [Int] == [])
        let empty = try objects(runTool(["measure", "--breaks", ""]).output)
        #expect(empty[0]["breaks"] as? [Int] == [])
        // Against the layout's UTF-8 ranges, converted independently, on real texts.
        let engine = Fixtures.engine
        for text in Fixtures.corpusTexts.prefix(200) {
            let rows = try objects(runTool(["measure", "--width", "200", "--breaks", text]).output)
            let layout = engine.layout(text, width: 200, style: TextStyle())
            let expected = layout.lines.dropFirst().map {
                String(decoding: text.utf8.prefix($0.range.lowerBound), as: UTF8.self).unicodeScalars.count
            }
            #expect(rows[0]["breaks"] as? [Int] == expected, "\(text)")
            #expect(rows[0]["lines"] as? Int == expected.count + 1)
        }
        #expect(runTool(["measure", "--help"]).output.contains("--breaks"))
    }

    @Test(
        "options that would make a result non-finite, or are not decimal numbers, are usage errors naming the option and why",
        arguments: [
            (
                ["measure", "--size", "1e308", "x"],
                "Error: --size must be a number of points greater than 0 and at most 1000000, got '1e308'"
            ),
            (
                ["measure", "--line-height", "1e308", "x"],
                "Error: --line-height must be a number of points greater than 0 and at most 1000000, got '1e308'"
            ),
            (
                ["measure", "--line-height", "1e308x", "x"],
                "Error: --line-height must be a multiple greater than 0 and at most 1000, got '1e308x'"
            ),
            (
                ["measure", "--line-spacing", "1e308", "x"],
                "Error: --line-spacing must be a number of points from 0 to 1000000, got '1e308'"
            ),
            (
                ["measure", "--width", "1e999", "x"],
                "Error: --width must be a number of points greater than 0 and at most 1000000000, got '1e999' (too large to be a finite number)"
            ),
            (
                ["measure", "--width", "0x10", "x"],
                "Error: --width must be a number of points greater than 0 and at most 1000000000, got '0x10' (not a decimal number)"
            ),
            (
                ["measure", "--width", "0", "x"],
                "Error: --width must be a number of points greater than 0 and at most 1000000000, got '0'"
            ),
            (
                ["measure", "--line-height", "-3x", "x"],
                "Error: --line-height must be a multiple greater than 0 and at most 1000, got '-3x'"
            ),
            (
                ["measure", "--line-height", "foo", "x"],
                "Error: --line-height must be natural, a number of points (e.g. 22.78) or a multiple of the font size (e.g. 1.34x), got 'foo'"
            ),
            (
                ["measure", "--max-lines", "0", "x"],
                "Error: --max-lines must be a whole number from 1 to 2147483647, got '0'"
            ),
            (["measure", "--threads", "0", "x"], "Error: --threads must be a whole number from 1 to 256, got '0'"),
            (
                ["heights", "--width", "1e305", "--scale", "1"],
                "Error: --width must be a number of points greater than 24 (twice the padding) and at most 1000000000, got '1e305'"
            ),
            (["heights", "--scale", "0"], "Error: --scale must be a screen scale from 1 to 4, got '0'"),
            (
                ["heights", "--scale", "nan"],
                "Error: --scale must be a screen scale from 1 to 4, got 'nan' (not a decimal number)"
            ),
            (
                ["heights", "--max-lines", "-1"],
                "Error: --max-lines must be a whole number from 1 to 2147483647, got '-1'"
            ),
            (
                ["measure", "--font", "NotoSansCJK-Regular.ttc#4294967296", "x"],
                "Error: --font face index must be a whole number from 0 to 2147483647 (a face in the low 16 bits, a named instance above), got 'NotoSansCJK-Regular.ttc#4294967296'"
            ),
            (
                ["measure", "--font", "NotoSansCJK-Regular.ttc#-1", "x"],
                "Error: --font face index must be a whole number from 0 to 2147483647 (a face in the low 16 bits, a named instance above), got 'NotoSansCJK-Regular.ttc#-1'"
            ),
            (
                ["heights", "--font", "a.ttc#2147483648"],
                "Error: --font face index must be a whole number from 0 to 2147483647 (a face in the low 16 bits, a named instance above), got 'a.ttc#2147483648'"
            ),
        ])
    func usageErrors(arguments: [String], message: String) {
        let result = runCells(arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix(message + "\n"), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test(
        "255 fonts are a usage error; the face index FreeType is given is checked in the library too (2^32 used to trap, -1 to say 'no Unicode character map')"
    )
    func tooManyFonts() throws {
        let font = Fixtures.fontsDirectory + "/NotoSans-Regular.ttf"
        let result = runTool(["measure"] + Array(repeating: ["--font", font], count: 255).flatMap { $0 } + ["x"])
        #expect(result.status == 64)
        #expect(
            result.errors.hasPrefix(
                "Error: --font may be given at most 254 times (a font stack holds at most 254 fonts), got 255\n"))
        let many = runTool(["measure"] + Array(repeating: ["--font", font], count: 254).flatMap { $0 } + ["x"])
        #expect(many.status == 0, "\(many.errors)")
        #expect(throws: FontError.noSuchFace(path: font, index: 1 << 32, faceCount: 1)) {
            try Font(path: font, faceIndex: 1 << 32)
        }
        #expect(throws: FontError.noSuchFace(path: font, index: -1, faceCount: 1)) {
            try Font(path: font, faceIndex: -1)
        }
    }

    @Test("every finite double is written as a JSON number that reads back as it (to 4 decimals below 10^15)")
    func numbers() throws {
        var random = SplitMix(seed: 3)
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, 183.56, 1e15, 999_999_999_999_999.9, 1e15 + 0.5, 1.8e304, 1e305,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 1e-300, 123_456.789_05,
        ]
        for _ in 0..<2_000 { values.append(Double(bitPattern: random.next())) }
        // JSON's number grammar (RFC 8259): -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
        let grammar = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/
        for value in values where value.isFinite {
            let text = JSON.number(value)
            #expect(text.wholeMatch(of: grammar) != nil, "\(value) written as \(text)")
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) is NSNumber,
                "\(text)")
            let expected = abs(value) < 1e15 ? (value * 10_000).rounded() / 10_000 : value
            #expect(Double(text) == (expected == 0 ? 0 : expected), "\(value) written as \(text)")
        }
    }

    @Test("below 10^9 a number's digits are Swift's shortest form of it rounded to 4 decimals")
    func numberDigits() {
        // The oracle: Swift's own shortest form of the value rounded to ten-thousandths, which
        // the digits written without making a string must equal.
        func swiftForm(_ value: Double) -> String {
            let rounded = (value * 10_000).rounded() / 10_000
            return rounded == rounded.rounded() ? String(Int64(rounded)) : "\(rounded)"
        }
        var random = SplitMix(seed: 9)
        var values: [Double] = [
            0, -0.0, 0.00004, -0.00004, 0.00005, -0.00005, 0.00006, -0.00006, 0.0001, 0.1, 0.5, 1, 9.9999,
            9.99995, 10.00005, 23.154, 86.02, 1e9.nextDown, -1e9.nextDown, 999_999_999.99995, 999_999_999.9999,
            123_456_789.1234, 1e9, -1e9, 1e9.nextUp,
        ]
        for _ in 0..<200_000 {
            // Every magnitude from 10^-6 to 10^9, both signs.
            let magnitude = pow(10, Double(random.next() % 16_000) / 1_000 - 6)
            let unit = Double(random.next() >> 11) / Double(1 << 53)
            values.append((random.next() & 1 == 0 ? 1 : -1) * magnitude * unit)
        }
        for _ in 0..<100_000 {
            // Ten-thousandths and the halves between them, exactly and one step off.
            let units = Double(Int64(random.next() % 20_000_000_000_000) - 10_000_000_000_000)
            let half = (units + 0.5) / 10_000
            values += [units / 10_000, half, half.nextUp, half.nextDown]
        }
        var wrong = 0
        for value in values {
            var bytes: [UInt8] = []
            JSON.appendNumber(value, to: &bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            if text != swiftForm(value) {
                wrong += 1
                if wrong <= 5 { Issue.record("\(value) written as \(text), Swift writes \(swiftForm(value))") }
            }
        }
        #expect(wrong == 0, "\(wrong) of \(values.count) values written differently")
        for integer in [0, 1, -1, 9, 10, -10, 1_234_567, Int.max, Int.min] {
            var bytes: [UInt8] = []
            JSON.appendInteger(integer, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(integer))
        }
    }

    @Test("a fonts directory that is not there says so (exit status 1)")
    func missingFontsDirectory() {
        let errors = Lock("")
        let io = CommandLineTool.IO(
            readInput: { [] }, output: { _ in }, errors: { text in errors.withLock { $0 += text } })
        #expect(CommandLineTool.run(arguments: ["measure", "--fonts-dir", "/nonexistent", "x"], io: io) == 1)
        #expect(errors.withLock { $0 } == "Error: --fonts-dir '/nonexistent': no such directory\n")
    }
}
