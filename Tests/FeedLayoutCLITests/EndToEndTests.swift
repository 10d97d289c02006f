import Foundation
import Testing
import TestSupport

/// Runs the built `feedlayout` binary as a user would.
@Suite("feedlayout binary")
struct EndToEndTests {
    /// The binary beside the test bundle.
    static var binary: String { ChildProcess.binary }

    /// Runs the binary with `input` on standard input, finding `Fonts/` itself (no
    /// `$FEEDLAYOUT_FONTS` but the one `environment` gives).
    func run(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> (
        Int32, String, String
    ) {
        let child = try ChildProcess(arguments: arguments, environment: environment, bundledFonts: false)
        child.writeInBackground(Array(input.utf8), close: true)
        let (status, output, errors) = child.finish()
        return (status, String(decoding: output, as: UTF8.self), errors)
    }

    @Test("measures standard input, finding Fonts/ from the binary's location")
    func measuresInput() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "built binary at \(Self.binary)")
        let (status, output, errors) = try run(["measure", "--width", "200"], input: "中文\n\nhello\n")
        #expect(status == 0, "\(errors)")
        #expect(output.split(separator: "\n").count == 3)
        #expect(output.hasPrefix("{\"lines\": 1, \"height\": 24.616, "))
    }

    @Test("FEEDLAYOUT_FONTS pointing nowhere fails with status 1 and says why")
    func badFontsDirectory() throws {
        let (status, output, errors) = try run(
            ["measure", "x"], input: "", environment: ["FEEDLAYOUT_FONTS": "/nonexistent"])
        #expect(status == 1)
        #expect(output.isEmpty)
        #expect(errors.contains("Error:") && errors.contains("/nonexistent"))
    }

    @Test("bad usage exits 64")
    func usage() throws {
        let (status, _, errors) = try run(["measure", "--width", "-1"], input: "")
        #expect(status == 64)
        #expect(
            errors.hasPrefix(
                "Error: --width must be a number of points greater than 0 and at most 1000000000, got '-1'\n"))
    }
}
