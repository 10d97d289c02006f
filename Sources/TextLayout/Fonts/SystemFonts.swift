import CFontconfig
import Foundation
import LockSupport

/// A fontconfig configuration to find fonts in: the system's (what Linux apps draw with), or
/// one that knows only the fonts of chosen directories.
///
/// Immutable once made and `Sendable`; fontconfig is only called under one process-wide lock
/// (making a stack is rare, and fontconfig's own thread safety varies between versions).
public final class FontConfiguration: @unchecked Sendable {  // The FcConfig is only used under `fontconfigLock`.
    let config: OpaquePointer
    /// What the configuration is, for messages ("the system's fontconfig configuration").
    public let name: String

    private init(config: OpaquePointer, name: String) {
        self.config = config
        self.name = name
    }

    deinit {
        let config = config
        fontconfigLock.withLock { FcConfigDestroy(config) }
    }

    /// The system's configuration (`/etc/fonts/fonts.conf`, or the file `$FONTCONFIG_FILE`
    /// names), with its aliases (`sans-serif`, `emoji`…) and rules; loaded once.
    ///
    /// - Throws: ``FontError/systemFontsUnavailable(reason:)`` when fontconfig cannot start.
    public static func system() throws -> FontConfiguration {
        try systemConfiguration.get()
    }

    private static let systemConfiguration: Result<FontConfiguration, FontError> = fontconfigLock.withLock {
        guard let config = FcInitLoadConfigAndFonts() else {
            return .failure(.systemFontsUnavailable(reason: "fontconfig could not load its configuration"))
        }
        return .success(FontConfiguration(config: config, name: "the system's fontconfig configuration"))
    }

    /// A configuration that knows the fonts of `directories` (and their subdirectories) and
    /// nothing else: no aliases, no rules. For tests and for apps that ship their own fonts.
    ///
    /// - Throws: ``FontError/unreadable(path:reason:)`` for a directory that is not there or
    ///   cannot be read.
    public init(directories: [String]) throws {
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw FontError.unreadable(path: directory, reason: "not a directory")
            }
        }
        // Where fontconfig may keep what it learnt of the files (it complains on stderr without
        // one): the user's cache, else a directory of the system's temporary directory.
        let cacheSettings = """
            <fontconfig><cachedir prefix="xdg">fontconfig</cachedir>\
            <cachedir>\(NSTemporaryDirectory())feedlayout-fontconfig-cache</cachedir></fontconfig>
            """
        let made: OpaquePointer? = fontconfigLock.withLock {
            guard let config = FcConfigCreate() else { return nil }
            _ = FcConfigParseAndLoadFromMemory(config, cacheSettings, FcFalse)
            for directory in directories where FcConfigAppFontAddDir(config, directory) == 0 {
                FcConfigDestroy(config)
                return nil
            }
            return config
        }
        guard let made else {
            throw FontError.unreadable(
                path: directories.joined(separator: ", "), reason: "fontconfig could not read the directory")
        }
        config = made
        name = "the fonts of " + directories.joined(separator: ", ")
    }
}

/// Serialises every fontconfig call of the process.
let fontconfigLock = PlainLock()

/// One font fontconfig chose: its file, face index and family names.
struct SystemFontMatch: Equatable {
    var path: String
    var faceIndex: Int
    var families: [String]

    /// Reads a font pattern fontconfig returned (nil when it names no file).
    init?(_ pattern: OpaquePointer) {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        path = String(cString: file)
        var index: Int32 = 0
        faceIndex = FcPatternGetInteger(pattern, FC_INDEX, 0, &index) == FcResultMatch ? Int(index) : 0
        families = []
        var n: Int32 = 0
        var family: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, n, &family) == FcResultMatch, let family {
            families.append(String(cString: family))
            n += 1
        }
    }
}

extension FontStack {
    /// The generic families fontconfig's configuration maps to installed fonts; any font it
    /// gives for them counts as found.
    public static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "sans", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math",
    ]

    /// A stack of installed fonts found through fontconfig, so that text is measured with the
    /// fonts an app draws with: each of `families` resolved to its file and face index as
    /// fontconfig matches it, in the order given; then, with `fallback`, the fonts fontconfig's
    /// fallback order (`FcFontSort`, trimmed to fonts that add characters) puts after them, as
    /// Pango uses them. `FontStack.system(families: ["Noto Sans", "Noto Sans CJK SC"])`.
    ///
    /// A family counts as found when the font fontconfig gives has it among its family names
    /// (case, spaces and hyphens ignored, as fontconfig compares them), or when it is one of
    /// ``genericFamilies``; fontconfig's substitute for a missing family (Arial → Liberation
    /// Sans) is an error naming the substitute, never taken silently.
    ///
    /// - Parameters:
    ///   - families: family names, in fallback order; at least one.
    ///   - fallback: whether to add fontconfig's fallback fonts after them (at most 254 fonts
    ///     in all).
    ///   - configuration: where to look; the system's by default.
    /// - Throws: ``FontError/systemFamilyNotFound(family:substitute:)``, ``FontError/emptyStack``
    ///   for no families, ``FontError/systemFontsUnavailable(reason:)``, or a ``FontError`` of
    ///   a font file that cannot be loaded.
    public static func system(families: [String], fallback: Bool = true, configuration: FontConfiguration? = nil) throws
        -> FontStack
    {
        guard !families.isEmpty else { throw FontError.emptyStack }
        let configuration = try configuration ?? FontConfiguration.system()
        var matches: [SystemFontMatch] = []
        for family in families {
            let match = fontconfigLock.withLock { () -> SystemFontMatch? in
                guard let pattern = FcPatternCreate() else { return nil }
                defer { FcPatternDestroy(pattern) }
                FcPatternAddString(pattern, FC_FAMILY, family)
                return Self.bestMatch(pattern, in: configuration)
            }
            guard let match else {
                throw FontError.systemFontsUnavailable(
                    reason: "fontconfig found no font at all in \(configuration.name)")
            }
            let wanted = Self.familyKey(family)
            guard
                genericFamilies.contains(family.lowercased())
                    || match.families.contains(where: { Self.familyKey($0) == wanted })
            else {
                throw FontError.systemFamilyNotFound(family: family, substitute: match.families.first)
            }
            matches.append(match)
        }
        if fallback {
            let sorted = fontconfigLock.withLock { () -> [SystemFontMatch] in
                guard let pattern = FcPatternCreate() else { return [] }
                defer { FcPatternDestroy(pattern) }
                for family in families { FcPatternAddString(pattern, FC_FAMILY, family) }
                return Self.sortedMatches(pattern, in: configuration)
            }
            matches += sorted
        }
        return try stack(of: matches)
    }

    /// A stack of installed fonts for a fontconfig pattern (`"Noto Sans,Noto Sans
    /// CJK SC:style=Regular"`, `"sans-serif:lang=zh-cn"`; see `fc-match(1)`): fontconfig's
    /// best font for it and, with `fallback`, the fonts its fallback order adds for characters
    /// the first lacks (`FcFontSort`, trimmed), in that order, as `fc-match -s` lists them.
    ///
    /// - Throws: ``FontError/invalidFontPattern(_:)`` for a pattern fontconfig cannot parse,
    ///   ``FontError/systemFontsUnavailable(reason:)`` when it finds no font, or a
    ///   ``FontError`` of a font file that cannot be loaded.
    public static func system(pattern: String, fallback: Bool = true, configuration: FontConfiguration? = nil) throws
        -> FontStack
    {
        let configuration = try configuration ?? FontConfiguration.system()
        let matches = try fontconfigLock.withLock { () -> [SystemFontMatch] in
            guard let parsed = FcNameParse(pattern) else { throw FontError.invalidFontPattern(pattern) }
            defer { FcPatternDestroy(parsed) }
            if fallback { return Self.sortedMatches(parsed, in: configuration) }
            return Self.bestMatch(parsed, in: configuration).map { [$0] } ?? []
        }
        guard !matches.isEmpty else {
            throw FontError.systemFontsUnavailable(
                reason: "fontconfig found no font for '\(pattern)' in \(configuration.name)")
        }
        return try stack(of: matches)
    }

    /// The fonts of `matches`, each file and face once, at most 254.
    private static func stack(of matches: [SystemFontMatch]) throws -> FontStack {
        var seen = Set<String>()
        var fonts: [Font] = []
        for match in matches where fonts.count < 254 && seen.insert("\(match.faceIndex)#\(match.path)").inserted {
            fonts.append(try Font(path: match.path, faceIndex: match.faceIndex))
        }
        return try FontStack(fonts)
    }

    /// fontconfig's best font for `pattern` (substituted as for drawing). Call under the lock.
    private static func bestMatch(_ pattern: OpaquePointer, in configuration: FontConfiguration) -> SystemFontMatch? {
        FcConfigSubstitute(configuration.config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(configuration.config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        return SystemFontMatch(font)
    }

    /// fontconfig's fallback order for `pattern`, trimmed to fonts that add characters. Call
    /// under the lock.
    private static func sortedMatches(_ pattern: OpaquePointer, in configuration: FontConfiguration)
        -> [SystemFontMatch]
    {
        FcConfigSubstitute(configuration.config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(configuration.config, pattern, FcTrue, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        return (0..<Int(set.pointee.nfont)).compactMap { set.pointee.fonts[$0].flatMap(SystemFontMatch.init) }
    }

    /// A family name as fontconfig compares them: case, spaces and hyphens ignored.
    static func familyKey(_ family: String) -> String {
        String(family.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" }.map(Character.init))
    }
}
