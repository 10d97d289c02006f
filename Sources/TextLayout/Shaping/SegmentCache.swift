import Synchronization

/// The shaped advances of text pieces (the text of one run between two line-break
/// opportunities), in font units, keyed by font, script, direction and text (minikin's
/// `LayoutCache`).
///
/// Only pieces whose edges HarfBuzz marked safe to concatenate are stored, so a run made only
/// of stored pieces measures exactly what shaping it whole would. Thread-safe: one mutex, taken
/// once per run looked up.
final class SegmentCache: Sendable {
    struct Key: Hashable, Sendable {
        /// The first 16 bytes of the text, little-endian.
        var head0: UInt64
        var head1: UInt64
        /// Font index (8 bits), script (8), right-to-left (1), text length (32).
        var meta: UInt64
        /// The text when it is longer than 16 bytes.
        var tail: [UInt8]?

        init(bytes: UnsafeBufferPointer<UInt8>, font: UInt8, script: UInt8, rightToLeft: Bool) {
            var h0: UInt64 = 0
            var h1: UInt64 = 0
            let n = bytes.count
            for i in 0..<min(n, 8) { h0 |= UInt64(bytes[i]) << UInt64(i * 8) }
            if n > 8 { for i in 8..<min(n, 16) { h1 |= UInt64(bytes[i]) << UInt64((i - 8) * 8) } }
            head0 = h0
            head1 = h1
            meta = UInt64(font) | UInt64(script) << 8 | (rightToLeft ? 1 << 16 : 0) | UInt64(n) << 17
            tail = n > 16 ? Array(bytes[16...]) : nil
        }
    }

    struct Value: Sendable {
        /// The advance of the whole piece.
        var advance: Int32
        /// The advance of the white space at its end (it hangs past the line's edge).
        var trailingWhiteSpace: Int32
    }

    private let table: Mutex<[Key: Value]>
    /// Entries kept at most; past it the table starts again empty (a generation cache).
    let capacity: Int
    private let counters = Mutex<(hits: Int, misses: Int)>((0, 0))

    init(capacity: Int) {
        self.capacity = capacity
        table = Mutex([:])
    }

    /// Looks up every key of `keys` under one lock; fills `values` and returns whether all hit.
    func lookUpAll(_ keys: UnsafeBufferPointer<Key>, into values: UnsafeMutableBufferPointer<Value>) -> Bool {
        let allHit = table.withLock { table -> Bool in
            for i in keys.indices {
                guard let value = table[keys[i]] else { return false }
                values[i] = value
            }
            return true
        }
        counters.withLock { allHit ? ($0.hits += keys.count) : ($0.misses += 1) }
        return allHit
    }

    /// Stores pieces.
    func insert(_ entries: some Sequence<(Key, Value)>) {
        table.withLock { table in
            for (key, value) in entries {
                if table.count >= capacity { table.removeAll(keepingCapacity: true) }
                table[key] = value
            }
        }
    }

    var count: Int { table.withLock { $0.count } }
    var statistics: (hits: Int, misses: Int) { counters.withLock { $0 } }
    func removeAll() { table.withLock { $0.removeAll() } }
}
