import Foundation
import Testing
import TestSupport

/// Runs the built `feedlayout` binary as a user would.
@Suite("feedlayout binary")
struct EndToEndTests {
    /// The binary beside the test bundle.
    static var binary: String { ChildProcess.binary }

    func run(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())  // not the clone
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Read the pipes before waiting, so a full pipe cannot block the child.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
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
        let (status, output, errors) = try run(["measure", "x"], input: "", environment: ["FEEDLAYOUT_FONTS": "/nonexistent"])
        #expect(status == 1)
        #expect(output.isEmpty)
        #expect(errors.contains("Error:") && errors.contains("/nonexistent"))
    }

    @Test("bad usage exits 64")
    func usage() throws {
        let (status, _, errors) = try run(["measure", "--width", "-1"], input: "")
        #expect(status == 64)
        #expect(errors.hasPrefix("Error: --width must be a number of points greater than 0 and at most 1000000000, got '-1'\n"))
    }
}
