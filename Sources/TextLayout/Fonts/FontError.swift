/// An error raised while finding or loading a font.
public enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// FreeType or HarfBuzz refused the file: it is empty, truncated or not a font.
    case freeType(code: Int32, operation: String, path: String)
    /// The file is a font but holds no face at the requested index.
    case noSuchFace(path: String, index: Int, faceCount: Int)
    /// The font has no character map for Unicode, so no text can be measured with it.
    case noUnicodeCharacterMap(path: String)
    /// The bundled fonts are in none of the places searched (each listed once): set
    /// `FEEDLAYOUT_FONTS` or pass a directory or a ``FontStack``.
    case fontsDirectoryNotFound(searched: [String])
    /// `FEEDLAYOUT_FONTS` is set to something that is not a directory.
    case fontsDirectoryVariableInvalid(value: String)
    /// A family of the requested stack is not in any file of the directory.
    case familyNotFound(family: String, directory: String)
    /// A font stack needs at least one font.
    case emptyStack
    /// fontconfig could not start, or knows no font at all.
    case systemFontsUnavailable(reason: String)
    /// An installed font family fontconfig does not have (`substitute` is what it offered).
    case systemFamilyNotFound(family: String, substitute: String?)
    /// A fontconfig pattern that fontconfig cannot parse.
    case invalidFontPattern(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read font file '\(path)': \(reason)"
        case .freeType(let code, let operation, let path):
            let what = path.isEmpty ? "" : " '\(path)'"
            return
                "not a usable font file\(what): \(operation) failed with FreeType error \(code) (\(freeTypeErrorMessage(code)))"
        case .noSuchFace(let path, let index, let count):
            return "font file '\(path)' has \(count) face(s); there is no face \(index)"
        case .noUnicodeCharacterMap(let path):
            return "font file '\(path)' has no Unicode character map"
        case .fontsDirectoryNotFound(let searched):
            return
                "the bundled fonts were not found (looked in: \(searched.joined(separator: ", "))); set FEEDLAYOUT_FONTS to a directory holding them (Fonts/ of the repository), or give the fonts explicitly (a FontStack; --font or --font-family in the CLI)"
        case .fontsDirectoryVariableInvalid(let value):
            return
                "FEEDLAYOUT_FONTS is set to '\(value)', which is not a directory; point it at a directory holding the bundled fonts (Fonts/ of the repository) or unset it to use the fonts bundled with the program"
        case .familyNotFound(let family, let directory):
            return "font family '\(family)' not found in '\(directory)'"
        case .emptyStack:
            return "a font stack needs at least one font"
        case .systemFontsUnavailable(let reason):
            return
                "no system fonts: \(reason) (on Debian: apt-get install fontconfig and a fonts package, e.g. fonts-noto-core)"
        case .systemFamilyNotFound(let family, let substitute):
            let offered = substitute.map { " (fontconfig would substitute '\($0)')" } ?? ""
            return "font family '\(family)' is not installed\(offered); fc-list : family lists the installed families"
        case .invalidFontPattern(let pattern):
            return
                "'\(pattern)' is not a fontconfig pattern (e.g. 'Noto Sans,Noto Sans CJK SC:style=Regular'; see fc-match(1))"
        }
    }
}
