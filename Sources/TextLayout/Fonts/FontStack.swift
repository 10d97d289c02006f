import CHarfBuzz
import Foundation
import LockSupport

/// An ordered list of fonts: text takes the first font that covers it (see ``TextEngine``).
///
/// Immutable and `Sendable`; the fonts in it are shared, not copied.
public struct FontStack: Sendable {
    /// The fonts, in fallback order.
    public let fonts: [Font]

    /// The families of the default stack, in order: Latin, Chinese, emoji.
    public static let defaultFamilies = ["Noto Sans", "Noto Sans CJK SC", "Noto Color Emoji"]

    /// The environment variable naming a directory to take the bundled fonts from instead of
    /// the package's resource bundle (see ``locateFontsDirectory()``).
    public static let fontsDirectoryEnvironmentVariable = "FEEDLAYOUT_FONTS"

    /// Makes a stack of `fonts`, in that order.
    ///
    /// - Throws: ``FontError/emptyStack`` when `fonts` is empty.
    public init(_ fonts: [Font]) throws {
        guard !fonts.isEmpty else { throw FontError.emptyStack }
        precondition(fonts.count < 255, "a font stack holds at most 254 fonts")
        self.fonts = fonts
    }

    /// Loads one font per file, in order. A path may end in `#N` to pick face N of a collection.
    ///
    /// - Throws: ``FontError`` for the first file that cannot be loaded.
    public init(files: [String]) throws {
        try self.init(
            files.map { spec in
                if let hash = spec.lastIndex(of: "#"), let index = Int(spec[spec.index(after: hash)...]),
                    !FileManager.default.fileExists(atPath: spec)
                {
                    return try Font(path: String(spec[..<hash]), faceIndex: index)
                }
                return try Font(path: spec)
            })
    }

    /// Finds each of `families` among the font files (`.ttf`, `.otf`, `.ttc`, `.otc`) of
    /// `directory`, faces of collections included, and stacks them in that order.
    ///
    /// - Throws: ``FontError/familyNotFound(family:directory:)`` when a family is in no file.
    public init(families: [String], inDirectory directory: String) throws {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let fontFiles = files.filter {
            ["ttf", "otf", "ttc", "otc"].contains(($0 as NSString).pathExtension.lowercased())
                && Font.isRegularFile((directory as NSString).appendingPathComponent($0))  // never a FIFO
        }.sorted()
        var faces: [(path: String, index: Int, family: String)] = []
        for file in fontFiles {
            let path = (directory as NSString).appendingPathComponent(file)
            faces += Self.faceFamilies(inFile: path).map { (path, $0.index, $0.family) }
        }
        var fonts: [Font] = []
        for family in families {
            guard let face = faces.first(where: { $0.family == family }) else {
                throw FontError.familyNotFound(family: family, directory: directory)
            }
            fonts.append(try Font(path: face.path, faceIndex: face.index))
        }
        try self.init(fonts)
    }

    /// The default stack (``defaultFamilies``) from the bundled `Fonts/` directory, loaded once
    /// per directory and shared.
    ///
    /// - Parameter directory: the fonts directory; nil finds it with ``locateFontsDirectory()``.
    /// - Throws: ``FontError`` when the directory or one of the families cannot be found.
    public static func bundled(directory: String? = nil) throws -> FontStack {
        let directory = try directory ?? locateFontsDirectory()
        if let stack = bundledStacks.withLock({ $0[directory] }) { return stack }
        let stack = try FontStack(families: defaultFamilies, inDirectory: directory)
        return bundledStacks.withLock { cache in
            if let existing = cache[directory] { return existing }
            cache[directory] = stack
            return stack
        }
    }

    private static let bundledStacks = Lock<[String: FontStack]>([:])

    /// Finds the bundled fonts, in this order: the directory `$FEEDLAYOUT_FONTS` names (when
    /// set, it must be a directory: an explicit choice is never passed over); the `Fonts/` of
    /// the package's resource bundle (`Bundle.module`), which SwiftPM puts beside every
    /// executable it builds and which an install copies along with the binary; the `Fonts/` of
    /// the clone the library was built from (a binary copied away without its bundle).
    ///
    /// - Throws: ``FontError/fontsDirectoryVariableInvalid(value:)`` when `$FEEDLAYOUT_FONTS`
    ///   is not a directory, ``FontError/fontsDirectoryNotFound(searched:)`` (each place
    ///   searched, once) when no place holds the fonts.
    public static func locateFontsDirectory() throws -> String {
        try BundledFontsLocator.current.locate()
    }

    /// The family name of each face in a font file, read from the `name` tables through
    /// HarfBuzz (the file mapped, no face built); empty when the file is not a regular file or
    /// not a font.
    static func faceFamilies(inFile path: String) -> [(index: Int, family: String)] {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            let blob = hb_blob_create_from_file_or_fail(path)
        else { return [] }
        defer { hb_blob_destroy(blob) }
        return (0..<hb_face_count(blob)).map { index in
            let face = hb_face_create(blob, index)!
            defer { hb_face_destroy(face) }
            return (Int(index), Font.name(face, 16) ?? Font.name(face, 1) ?? "")
        }
    }
}

extension FontStack: CustomStringConvertible {
    /// The fonts in order: "Noto Sans Regular (NotoSans-Regular.ttf#0), …".
    public var description: String { fonts.map(\.description).joined(separator: ", ") }
}
