import Foundation
import TextLayout

/// What every fuzz target shares: the repository's paths and the engines on its bundled fonts,
/// made once per process.
public enum FuzzEnvironment {
    /// The root of the FeedLayout clone (from this source file's path).
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // FuzzTargets, Sources, Fuzz, root
        return url.path
    }()

    /// The bundled fonts of `Fonts/`.
    public static let fonts: FontStack = {
        do {
            return try FontStack.bundled(directory: repositoryRoot + "/Fonts")
        } catch {
            fatalError("fuzz targets need the bundled fonts: \(error)")
        }
    }()

    /// The engine every input is measured with (its segment cache warms up over the run).
    public static let engine = TextEngine(fonts: fonts)

    /// An engine without a segment cache: what the cached one must equal exactly.
    public static let uncachedEngine = TextEngine(fonts: fonts, segmentCacheCapacity: 0)
}
