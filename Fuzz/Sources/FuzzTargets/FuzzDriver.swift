import CFuzzerDriver
import Foundation

/// The `main` of every fuzz executable: libFuzzer's driver when the executable was linked with
/// `-sanitize=fuzzer`, else a replay of the files (or directories of files) given as arguments.
public enum FuzzDriver {
    /// Runs `test` under libFuzzer with the process's arguments, or replays files; exits.
    public static func main(_ test: cfuzzerdriver_test_one_input) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = cfuzzerdriver_run(&argc, &argv, test)
        if status >= 0 { exit(status) }
        exit(replay(CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }, test))
    }

    /// Runs `test` once on each file of `paths` (directories: each file inside, sorted).
    static func replay(_ paths: some Sequence<String>, _ test: cfuzzerdriver_test_one_input) -> Int32 {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("error: no such file: \(path)\n".utf8))
                return 1
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.sorted().map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        for file in files {
            let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
            _ = bytes.withUnsafeBufferPointer { test($0.baseAddress, $0.count) }
        }
        FileHandle.standardError.write(
            Data("replayed \(files.count) inputs without libFuzzer (build with scripts/fuzz.sh to fuzz)\n".utf8))
        return 0
    }
}

/// Runs one fuzz body and traps with its first broken invariant, so that libFuzzer keeps the
/// input as a crash.
public func runFuzzBody(_ data: UnsafePointer<UInt8>?, _ size: Int, _ body: ([UInt8]) -> [String]) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = body(bytes)
    if let first = violations.first {
        fatalError("invariant broken (\(violations.count) in all): \(first)")
    }
    return 0
}
