import CHarfBuzz
import LockSupport

/// A pool of HarfBuzz buffers: each shaping call takes one, so that every thread shapes with
/// its own buffer and no buffer is made per call once the pool is warm.
final class ShapingBufferPool: Sendable {
    private let buffers = Lock<[BufferBox]>([])

    /// Runs `body` with a cleared buffer of its own.
    func withBuffer<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        let box = buffers.withLock { $0.popLast() } ?? BufferBox(buffer: hb_buffer_create()!)
        defer {
            hb_buffer_clear_contents(box.buffer)
            buffers.withLock { $0.append(box) }
        }
        return try body(box.buffer)
    }

    deinit {
        buffers.withLock { $0.forEach { hb_buffer_destroy($0.buffer) } }
    }
}

/// A HarfBuzz buffer owned by the pool; only one caller holds it at a time.
struct BufferBox: @unchecked Sendable {  // Handed out by the pool's mutex to one user at a time.
    let buffer: OpaquePointer
}
