import CHarfBuzz
import LockSupport

/// Per-thread HarfBuzz buffers and analysis scratch: each thread shapes with a buffer of its
/// own and analyses with scratch arrays of its own, made once and kept until the thread ends,
/// so that measuring takes no lock for them and allocates little once warm.
final class ThreadScratch {
    private var buffer: OpaquePointer?
    private var analyzer: AnalyzerScratch?

    /// The process-wide slot (scratch does not depend on the engine).
    static let slot = ThreadLocal { ThreadScratch() }

    deinit {
        if let buffer { hb_buffer_destroy(buffer) }
    }

    /// This thread's buffer (a new one if it is already lent out: shaping inside shaping).
    static func takeBuffer() -> OpaquePointer {
        let mine = slot.value
        if let buffer = mine.buffer {
            mine.buffer = nil
            return buffer
        }
        return hb_buffer_create()!
    }

    static func giveBuffer(_ buffer: OpaquePointer) {
        hb_buffer_clear_contents(buffer)
        let mine = slot.value
        if mine.buffer == nil { mine.buffer = buffer } else { hb_buffer_destroy(buffer) }
    }

    static func takeAnalyzerScratch() -> AnalyzerScratch {
        let mine = slot.value
        if let scratch = mine.analyzer {
            mine.analyzer = nil
            return scratch
        }
        return AnalyzerScratch()
    }

    static func giveAnalyzerScratch(_ scratch: inout AnalyzerScratch) {
        let mine = slot.value
        guard mine.analyzer == nil else { return }
        var kept = AnalyzerScratch()
        swap(&kept, &scratch)
        // Its arrays keep their lengths: each run writes its own elements before reading them
        // (the keys' byte pointers into the old text are never read again).
        mine.analyzer = kept
    }
}

/// Shaping buffers: this thread's own.
enum ShapingBufferPool {
    /// Runs `body` with a cleared buffer of this thread's.
    static func withBuffer<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        let buffer = ThreadScratch.takeBuffer()
        defer { ThreadScratch.giveBuffer(buffer) }
        return try body(buffer)
    }
}
