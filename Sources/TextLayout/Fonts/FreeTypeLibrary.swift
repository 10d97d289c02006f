import CFreeType
import CTextShims
import LockSupport

/// The process-wide FreeType library.
///
/// FreeType is not thread-safe for face creation and destruction, so every `FT_New_Face` and
/// `FT_Done_Face` happens under ``lock``. Faces are only read at load time, under the same lock.
final class FreeTypeLibrary: Sendable {
    /// The one library of the process.
    static let shared: FreeTypeLibrary = {
        do { return try FreeTypeLibrary() } catch { fatalError("FreeType could not start: \(error)") }
    }()

    /// Guards the library pointer and every FreeType call made with it.
    private let lock: Lock<LibraryBox>

    private init() throws {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw FontError.freeType(code: error, operation: "FT_Init_FreeType", path: "")
        }
        lock = Lock(LibraryBox(library: library))
    }

    /// Runs `body` with exclusive use of the library.
    func withLibrary<R>(_ body: (FT_Library) throws -> R) rethrows -> R {
        try lock.withLock { box in try body(box.library) }
    }
}

/// Holds the raw library pointer; only reached through the mutex of ``FreeTypeLibrary``.
struct LibraryBox: @unchecked Sendable {  // The pointer is only used while the mutex is held.
    let library: FT_Library
}

/// Describes a FreeType error code in English.
func freeTypeErrorMessage(_ code: FT_Error) -> String {
    String(cString: ctextshims_freetype_error_string(code))
}
