import Foundation

/// Where the bundled fonts are looked for (see ``FontStack/locateFontsDirectory()``): the
/// places as values, so that tests can point them anywhere.
struct BundledFontsLocator {
    /// The value of `$FEEDLAYOUT_FONTS`, nil when unset.
    var environmentValue: String?
    /// The directory of the running executable (`Bundle.main`), where SwiftPM puts the
    /// resource bundles of the modules it links in.
    var executableDirectory: String?
    /// The root of the clone this file was compiled from.
    var sourceRoot: String?
    /// The `Fonts/` of the module's resource bundle: called only once the bundle was seen
    /// beside the executable (SwiftPM's `Bundle.module` traps when it finds no bundle).
    var resourceBundleFonts: () -> String?

    /// The name of the resource bundle SwiftPM makes for this module: `<package>_<target>`,
    /// `.resources` on Linux (`.bundle` on Apple platforms).
    #if canImport(Darwin)
        static let resourceBundleName = "FeedLayout_TextLayout.bundle"
    #else
        static let resourceBundleName = "FeedLayout_TextLayout.resources"
    #endif

    /// A file every bundled fonts directory holds.
    static let probeFile = "NotoSans-Regular.ttf"

    /// The places of this process.
    static var current: BundledFontsLocator {
        let environment = ProcessInfo.processInfo.environment[FontStack.fontsDirectoryEnvironmentVariable]
        var root = #filePath as NSString
        for _ in 0..<4 { root = root.deletingLastPathComponent as NSString }  // the file, Fonts, TextLayout, Sources
        return BundledFontsLocator(
            environmentValue: environment, executableDirectory: Bundle.main.bundlePath,
            sourceRoot: root as String,
            resourceBundleFonts: { Bundle.module.url(forResource: "Fonts", withExtension: nil)?.path })
    }

    /// The fonts directory, or the error naming every place searched (once each).
    func locate() throws -> String {
        if let value = environmentValue, !value.isEmpty {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw FontError.fontsDirectoryVariableInvalid(value: value)
            }
            return value
        }
        var searched: [String] = []
        func holdsFonts(_ directory: String) -> Bool {
            if !searched.contains(directory) { searched.append(directory) }
            return FileManager.default.fileExists(
                atPath: (directory as NSString).appendingPathComponent(Self.probeFile))
        }
        if let executableDirectory {
            let beside = ((executableDirectory as NSString).appendingPathComponent(Self.resourceBundleName) as NSString)
                .appendingPathComponent("Fonts")
            if holdsFonts(beside), let fonts = resourceBundleFonts(), holdsFonts(fonts) { return fonts }
        }
        if let sourceRoot {
            let clone = (sourceRoot as NSString).appendingPathComponent("Fonts")
            if holdsFonts(clone) { return clone }
        }
        throw FontError.fontsDirectoryNotFound(searched: searched)
    }
}
