import Foundation

/// Where the benchmarks find the fonts and the corpus: in the clone they were built from.
public enum BenchmarkPaths {
    /// The `Benchmarks/` package directory (from this source file's path).
    public static let packageDirectory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // BenchmarkSupport, Sources, Benchmarks
        return url.path
    }()

    /// The root of the FeedLayout repository.
    public static var repositoryDirectory: String {
        URL(fileURLWithPath: packageDirectory).deletingLastPathComponent().path
    }

    /// The environment variable naming the fonts directory (shared with FeedLayout).
    public static let fontsEnvironmentVariable = "FEEDLAYOUT_FONTS"

    /// The fonts directory: `option` if given, else `$FEEDLAYOUT_FONTS`, else the repository's
    /// `Fonts/`.
    ///
    /// - Throws: ``BenchmarkError`` when that directory has no `NotoSans-Regular.ttf`.
    public static func fontsDirectory(option: String? = nil) throws -> String {
        let environment = ProcessInfo.processInfo.environment[fontsEnvironmentVariable]
        let directory: String
        if let option, !option.isEmpty {
            directory = option
        } else if let environment, !environment.isEmpty {
            directory = environment
        } else {
            directory = (repositoryDirectory as NSString).appendingPathComponent("Fonts")
        }
        let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        let probe = (absolute as NSString).appendingPathComponent("NotoSans-Regular.ttf")
        guard FileManager.default.fileExists(atPath: probe) else {
            throw BenchmarkError(
                "no fonts directory at \(absolute) (expected NotoSans-Regular.ttf there; use --fonts DIR or $\(fontsEnvironmentVariable))"
            )
        }
        return absolute
    }

    /// A file of `Benchmarks/Corpus/`, e.g. "texts.txt".
    public static func corpusFile(_ name: String) -> String {
        ((packageDirectory as NSString).appendingPathComponent("Corpus") as NSString).appendingPathComponent(name)
    }
}

/// A failure a benchmark tool reports in one line and exits on.
public struct BenchmarkError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
