import CHarfBuzz
import LockSupport

/// This thread's HarfBuzz buffer and stage workspace, made once and kept until the thread
/// ends, so that measuring takes no lock for them and allocates little once warm.
final class ThreadScratch {
    fileprivate var buffer: OpaquePointer?
    var workspace: StageWorkspace?
    /// A text handed to ICU as UTF-16, and the byte offset of each unit in its UTF-8
    /// (``BreakIteratorPool/appendICULineBoundaries(locale:text:to:)``).
    var utf16: [UInt16] = []
    var byteOffsets: [Int32] = []
    #if FEEDLAYOUT_INTERNAL_CHECKS
        /// Bytes of text this thread's measurers shaped as runs and windows (debug builds only:
        /// tests hold the window budget to what it promises).
        var shapedBytes = 0
        /// Pieces measured from their syllables or grapheme clusters (``RunMeasurer``'s
        /// syllable joins, Thai and Lao words; debug builds only: tests see that the path served
        /// them).
        var syllablePieces = 0
    #endif

    /// Whether this build counts ``shapedBytes`` (debug builds).
    static var countsShaping: Bool {
        #if FEEDLAYOUT_INTERNAL_CHECKS
            true
        #else
            false
        #endif
    }

    /// The bytes this thread shaped as runs and windows so far; 0 where the build does not
    /// count them (``countsShaping``).
    static var shapedBytesSoFar: Int {
        #if FEEDLAYOUT_INTERNAL_CHECKS
            slot.value.shapedBytes
        #else
            0
        #endif
    }

    /// The pieces this thread measured from their syllables or grapheme clusters so far; 0
    /// where the build does not count them (``countsShaping``).
    static var syllablePiecesSoFar: Int {
        #if FEEDLAYOUT_INTERNAL_CHECKS
            slot.value.syllablePieces
        #else
            0
        #endif
    }

    /// The process-wide slot (scratch does not depend on the engine).
    static let slot = ThreadLocal { ThreadScratch() }

    deinit {
        if let buffer { hb_buffer_destroy(buffer) }
    }
}

/// HarfBuzz buffers: this thread's own.
enum ShapingBuffer {
    /// Runs `body` with a cleared buffer of this thread's (a new one if it is lent out already).
    static func with<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        let mine = ThreadScratch.slot.value
        let buffer = mine.buffer ?? hb_buffer_create()!
        mine.buffer = nil
        defer {
            hb_buffer_clear_contents(buffer)
            if mine.buffer == nil { mine.buffer = buffer } else { hb_buffer_destroy(buffer) }
        }
        return try body(buffer)
    }
}
