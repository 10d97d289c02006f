import CHarfBuzz
import LockSupport

/// This thread's HarfBuzz buffer and stage workspace, made once and kept until the thread
/// ends, so that measuring takes no lock for them and allocates little once warm.
final class ThreadScratch {
    fileprivate var buffer: OpaquePointer?
    var workspace: StageWorkspace?

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
