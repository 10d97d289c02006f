import Foundation
import TextLayout

/// The checks of the font options before any font is loaded: usage errors for what can never
/// work (a face index FreeType does not take, more fonts than a stack holds), a clear failure
/// for a fonts directory that is not there.
extension EngineOptions {
    /// The most `--font` options: a font stack holds at most 254 fonts.
    static let maximumFonts = 254

    /// Refuses `--font` values that can never load.
    func checkUsage() throws(UsageError) {
        guard fontFiles.count <= Self.maximumFonts else {
            throw UsageError(
                message:
                    "--font may be given at most \(Self.maximumFonts) times (a font stack holds at most \(Self.maximumFonts) fonts), got \(fontFiles.count)"
            )
        }
        for spec in fontFiles {
            // "FILE#N" picks face N, as FontStack(files:) reads it: a file of that very name wins.
            guard let hash = spec.lastIndex(of: "#"), !FileManager.default.fileExists(atPath: spec) else { continue }
            let suffix = spec[spec.index(after: hash)...]
            guard !suffix.isEmpty, suffix.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }) else {
                continue
            }
            // FreeType's index: the low 16 bits a face of a collection, the high bits a variable
            // font's named instance; negative indices only count faces.
            guard let index = Int(suffix), (0...0x7FFF_FFFF).contains(index) else {
                throw UsageError(
                    message:
                        "--font face index must be a whole number from 0 to 2147483647 (a face in the low 16 bits, a named instance above), got '\(spec)'"
                )
            }
        }
    }

    /// The engine, after checking that the fonts directory (`--fonts-dir`, else
    /// `$FEEDLAYOUT_FONTS`) is a directory when the bundled fonts are used.
    func checkedEngine() throws -> TextEngine {
        if fontFiles.isEmpty && fontFamilies.isEmpty {
            let environment = ProcessInfo.processInfo.environment[FontStack.fontsDirectoryEnvironmentVariable] ?? ""
            let (directory, origin) =
                fontsDirectory.map { ($0, "--fonts-dir") } ?? (environment, FontStack.fontsDirectoryEnvironmentVariable)
            if !directory.isEmpty {
                var isDirectory: ObjCBool = false
                if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
                    throw CommandFailure(message: "\(origin) '\(directory)': no such directory")
                }
                if !isDirectory.boolValue { throw CommandFailure(message: "\(origin) '\(directory)': not a directory") }
            }
        }
        return try makeEngine()
    }
}

extension EngineOptions {
    /// The engine for a command, or nil after saying why on standard error: exit status 64
    /// (`usage`) for options that cannot go together, 1 for fonts that cannot be loaded.
    func engine(io: CommandLineTool.IO, usage: String, exitStatus: inout Int32) -> TextEngine? {
        do {
            return try checkedEngine()
        } catch let error as UsageError {
            exitStatus = CommandLineTool.reportUsage(error, usage: usage, io: io)
        } catch {
            io.errors("Error: \(error)\n")
            exitStatus = CommandLineTool.ExitStatus.failure
        }
        return nil
    }
}
