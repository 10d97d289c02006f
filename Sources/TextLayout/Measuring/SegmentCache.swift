import LockSupport
import Synchronization

/// The shaped advances of text pieces (the text of one run between two line-break
/// opportunities), in font units, keyed by font, script, direction and text (minikin's
/// `LayoutCache`).
///
/// Only pieces whose edges HarfBuzz marked safe to concatenate are stored, so a run made only
/// of stored pieces measures exactly what shaping it whole would.
///
/// The table is open addressing with linear probing over a power-of-two array of fixed-size
/// entries: the first 16 bytes of a key and its length, font, script and direction inline (no
/// allocation to look up a CJK character or a short word), longer keys' remaining bytes in a
/// byte arena. It starts at 4,096 slots and doubles when half full, so that it takes the memory
/// its pieces need (a timeline's few thousand pieces stay in the processor's caches); at its
/// capacity, when half full, it starts again empty (a generation cache: simple, and a
/// cache that size holds every piece a timeline uses many times over). Thread-safe: a readers–writer
/// lock, read once per run to look up (threads measuring at once do not wait for each other),
/// written only to store newly shaped pieces.
final class SegmentCache: Sendable {
    struct Key {
        /// The first 16 bytes of the text, little-endian.
        var head0: UInt64
        var head1: UInt64
        /// Font index (8 bits), script (8), right-to-left (1), text length (32), whether the
        /// piece begins or ends its paragraph (HarfBuzz shapes those edges differently: a mark
        /// that begins a paragraph is drawn on a dotted circle) or begins or ends its run (no
        /// glyph before or after it in the run tells whether that edge is safe, so such a piece
        /// is only reused at a run's start or end), whether it follows a space of its run in a
        /// font whose space is a barrier to its lookups (then only the space matters on that
        /// side: see ``RunMeasurer``), and, for a piece that begins or ends its run but not its
        /// paragraph, the joining type of the text before or after the run (HarfBuzz's Arabic
        /// joining reads it, and nothing else of the text around a run: a run's last letter is
        /// final when a letter of another run follows, isolated before a digit).
        var meta: UInt64
        var hash: UInt64
        /// The bytes past the first 16 (only read while the text is alive: lookups).
        var tail: UnsafeBufferPointer<UInt8>

        /// A key to overwrite (sizing arrays of keys).
        static var placeholder: Key {
            Key(head0: 0, head1: 0, meta: 0, hash: 0, tail: UnsafeBufferPointer(start: nil, count: 0))
        }

        private init(head0: UInt64, head1: UInt64, meta: UInt64, hash: UInt64, tail: UnsafeBufferPointer<UInt8>) {
            self.head0 = head0
            self.head1 = head1
            self.meta = meta
            self.hash = hash
            self.tail = tail
        }

        /// Reads a key from `bytes`, which must stay alive while the key is used.
        @inline(__always)
        init(
            bytes: UnsafeBufferPointer<UInt8>, font: UInt8, script: UInt8, rightToLeft: Bool,
            beginsParagraph: Bool, endsParagraph: Bool, beginsRun: Bool, endsRun: Bool, afterSpace: Bool = false,
            joiningBeforeRun: UInt8 = 0, joiningAfterRun: UInt8 = 0, joined: Bool = false, syllable: Bool = false
        ) {
            let n = bytes.count
            var h0: UInt64 = 0
            var h1: UInt64 = 0
            let base = bytes.baseAddress!
            if n >= 16 {
                h0 = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
                h1 = UnsafeRawPointer(base + 8).loadUnaligned(as: UInt64.self)
            } else if n >= 8 {
                h0 = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
                for i in 8..<n { h1 |= UInt64(base[i]) << UInt64((i - 8) * 8) }
            } else {
                for i in 0..<n { h0 |= UInt64(base[i]) << UInt64(i * 8) }
            }
            head0 = h0
            head1 = h1
            meta =
                UInt64(font) | UInt64(script) << 8 | (rightToLeft ? 1 << 16 : 0) | UInt64(n) << 17
                | (beginsParagraph ? Self.beginsParagraphBit : 0) | (endsParagraph ? Self.endsParagraphBit : 0)
                | (beginsRun ? Self.beginsRunBit : 0) | (endsRun ? Self.endsRunBit : 0)
                | (afterSpace ? Self.afterSpaceBit : 0) | UInt64(joiningAfterRun & 7) << Self.joiningAfterRunShift
                | UInt64(joiningBeforeRun & 7) << Self.joiningBeforeRunShift | (joined ? Self.joinedBit : 0)
                | (syllable ? Self.syllableBit : 0)
            tail = n > 16 ? UnsafeBufferPointer(rebasing: bytes[16...]) : UnsafeBufferPointer(start: nil, count: 0)
            hash = Self.hash(head0: h0, head1: h1, meta: meta, tail: tail)
        }

        /// Marks a key of a single code point inside a run (no paragraph or run edge), kept in
        /// the compact table of singles: most CJK pieces, looked up without hashing bytes.
        static let singleFlag: UInt64 = 1 << 63
        /// With `singleFlag`: the code point is white space (its advance hangs at a line's end).
        static let whiteSpaceFlag: UInt64 = 1 << 62

        static let beginsParagraphBit: UInt64 = 1 << 49
        static let endsParagraphBit: UInt64 = 1 << 50
        static let endsRunBit: UInt64 = 1 << 51
        static let beginsRunBit: UInt64 = 1 << 52
        static let afterSpaceBit: UInt64 = 1 << 53
        /// The piece is a word measured alone, joined to its neighbours by kerning
        /// (``WordJoin``): its value holds its first glyph and its last one the kerning sees.
        static let joinedBit: UInt64 = 1 << 60
        /// The text is one syllable shaped alone, for syllable joins (``RunMeasurer``): its
        /// value holds its first glyph, its last one the kerning sees and what the join needs
        /// (``RunMeasurer/syllableNotJoinable``).
        static let syllableBit: UInt64 = 1 << 61
        /// Bits 54–56 and 57–59: the joining types after and before the run
        /// (``RunMeasurer/joiningType(after:paragraph:text:)``).
        static let joiningAfterRunShift: UInt64 = 54
        static let joiningBeforeRunShift: UInt64 = 57
        static let joiningBits: UInt64 = 0o77 << 54

        /// The key of the same piece inside a run, for a piece that begins or ends its run (and
        /// not its paragraph); nil otherwise. A piece kept from inside a run was safe on both
        /// sides, so it measures the same where nothing of its font is on one side: a run's
        /// first or last piece may take it when its own key is missing.
        var interior: Key? {
            let runEdges = Self.beginsRunBit | Self.endsRunBit
            guard meta & Self.singleFlag == 0, meta & runEdges != 0,
                meta & (Self.beginsParagraphBit | Self.endsParagraphBit) == 0
            else { return nil }
            let length = Int(meta >> 17 & 0xFFFF_FFFF)
            let lead = UInt8(truncatingIfNeeded: head0)
            let scalarLength = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let font = UInt8(truncatingIfNeeded: meta)
            let script = UInt8(truncatingIfNeeded: meta >> 8)
            let rightToLeft = meta & 1 << 16 != 0
            if length == scalarLength {
                // One code point: the table of singles (its bytes are all in `head0`).
                let scalar = UTF8Scalars.decode(packed: head0)  // its bytes, in text order
                return .single(
                    scalar: scalar, font: font, script: script, rightToLeft: rightToLeft,
                    whiteSpace: UnicodeProperties.of(scalar) & UnicodeProperties.whiteSpace != 0)
            }
            let interiorMeta = meta & ~runEdges & ~Self.joiningBits
            return Key(
                head0: head0, head1: head1, meta: interiorMeta,
                hash: Self.hash(head0: head0, head1: head1, meta: interiorMeta, tail: tail), tail: tail)
        }

        /// The key of a single code point that neither begins nor ends its paragraph or run.
        @inline(__always)
        static func single(scalar: UInt32, font: UInt8, script: UInt8, rightToLeft: Bool, whiteSpace: Bool) -> Key {
            let packed =
                UInt64(font) | UInt64(script) << 8 | UInt64(scalar & 0x1F_FFFF) << 16
                | (rightToLeft ? 1 << 37 : 0) | Table.occupied
            return Key(
                head0: packed, head1: 0, meta: singleFlag | (whiteSpace ? whiteSpaceFlag : 0),
                hash: Table.singleHash(packed), tail: UnsafeBufferPointer(start: nil, count: 0))
        }

        @inline(__always)
        static func hash(head0: UInt64, head1: UInt64, meta: UInt64, tail: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var h = (head0 ^ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ head1 ^ (h >> 29)) &* 0x94D0_49BB_1331_11EB
            h = (h ^ meta ^ (h >> 32)) &* 0x9E37_79B9_7F4A_7C15
            for byte in tail { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return h ^ (h >> 31)
        }
    }

    struct Value: Sendable {
        /// The advance of the whole piece.
        var advance: Int32
        /// The advance of the white space at its end (it hangs past the line's edge).
        var trailingWhiteSpace: Int32
        /// For a joined piece (``Key/joinedBit``): its first glyph, and its last glyph that the
        /// kerning does not skip (in the last cluster); 0 otherwise. (They fill the entry's
        /// padding: an entry stays 40 bytes.)
        var firstGlyph: UInt16 = 0
        var lastGlyph: UInt16 = 0
    }

    /// One slot of the table.
    struct Entry {
        var head0: UInt64 = 0
        var head1: UInt64 = 0
        var meta: UInt64 = 0  // 0: empty (a real key has a length above 0)
        var tailStart: Int32 = 0
        var value = Value(advance: 0, trailingWhiteSpace: 0)
    }

    struct Table {
        var entries: [Entry]
        var tails: [UInt8] = []
        var count = 0
        #if FEEDLAYOUT_INTERNAL_CHECKS
            /// Stores since the table was made (when to check the invariants).
            var stores = 0
        #endif
        /// Single code points inside runs, 8 bytes each: the packed key (font, script, code
        /// point, direction: bits 0–37, `occupied` bit 39) and the advance in bits 40–63.
        var singles: [UInt64]
        var singleCount = 0
        static let occupied: UInt64 = 1 << 39
        static let singleKeyMask: UInt64 = (1 << 40) - 1
        /// The most slots: the table doubles up to it, then starts again empty when half full.
        let maximumSlots: Int

        /// A table that starts small and grows with what it holds, so that a timeline's pieces
        /// lie in little memory (a lookup that misses the processor's caches and TLB costs more
        /// than the rest of measuring a piece).
        init(slots: Int) {
            maximumSlots = slots
            entries = Array(repeating: Entry(), count: min(slots, Self.initialSlots))
            singles = Array(repeating: 0, count: min(slots, Self.initialSlots))
        }
        static let initialSlots = 4_096

        @inline(__always) static func singleHash(_ packed: UInt64) -> UInt64 {
            let h = packed &* 0x9E37_79B9_7F4A_7C15
            return h ^ (h >> 29)
        }

        /// The value stored for `key`, or nil.
        @inline(__always) func value(for key: Key) -> Value? {
            if key.meta & Key.singleFlag != 0 { return findSingle(key) }
            let slot = find(key)
            return slot >= 0 ? entries[slot].value : nil
        }

        /// The value of a single code point's key, or nil.
        @inline(__always) func findSingle(_ key: Key) -> Value? {
            let mask = singles.count - 1
            var b = Int(truncatingIfNeeded: key.hash) & mask
            return singles.withUnsafeBufferPointer { e in
                while true {
                    let entry = e[b]
                    if entry == 0 { return nil }
                    if entry & Self.singleKeyMask == key.head0 {
                        let advance = Int32(truncatingIfNeeded: Int64(bitPattern: entry) >> 40)
                        return Value(
                            advance: advance, trailingWhiteSpace: key.meta & Key.whiteSpaceFlag != 0 ? advance : 0)
                    }
                    b = (b + 1) & mask
                }
            }
        }

        mutating func insertSingle(_ key: Key, _ value: Value) {
            guard value.advance >= -(1 << 23) && value.advance < 1 << 23 else { return }  // not a real glyph: not kept
            if singleCount * 2 >= singles.count {
                if singles.count < maximumSlots {
                    let old = singles
                    singles = Array(repeating: 0, count: old.count * 2)
                    for entry in old where entry != 0 { placeSingle(entry) }
                } else {
                    singles = Array(repeating: 0, count: min(maximumSlots, Self.initialSlots))
                    singleCount = 0
                }
            }
            if findSingle(key) != nil { return }  // already there (another thread shaped it too)
            placeSingle(key.head0 | UInt64(UInt32(bitPattern: value.advance) & 0xFF_FFFF) << 40)
            singleCount += 1
        }

        private mutating func placeSingle(_ entry: UInt64) {
            let mask = singles.count - 1
            var b = Int(truncatingIfNeeded: Self.singleHash(entry & Self.singleKeyMask)) & mask
            while singles[b] != 0 { b = (b + 1) & mask }
            singles[b] = entry
        }

        @inline(__always) func find(_ key: Key) -> Int {
            // Indexing, not withUnsafeBufferPointer: a closure that calls a method of the table
            // captures a copy of it, retaining and releasing its arrays at every lookup.
            let mask = entries.count - 1
            var b = Int(truncatingIfNeeded: key.hash) & mask
            while true {
                let entry = entries[b]
                if entry.meta == 0 { return -1 }
                if entry.meta == key.meta && entry.head0 == key.head0 && entry.head1 == key.head1
                    && (key.tail.isEmpty || tailsEqual(Int(entry.tailStart), key.tail))
                {
                    return b
                }
                b = (b + 1) & mask
            }
        }

        @inline(__always) private func tailsEqual(_ start: Int, _ tail: UnsafeBufferPointer<UInt8>) -> Bool {
            for i in 0..<tail.count where tails[start + i] != tail[i] { return false }
            return true
        }

        mutating func insert(_ key: Key, _ value: Value) {
            if count * 2 >= entries.count {
                if entries.count < maximumSlots { grow() } else { removeAll() }
            }
            let mask = entries.count - 1
            var b = Int(truncatingIfNeeded: key.hash) & mask
            while entries[b].meta != 0 {
                if entries[b].meta == key.meta && entries[b].head0 == key.head0 && entries[b].head1 == key.head1
                    && (key.tail.isEmpty || tailsEqual(Int(entries[b].tailStart), key.tail))
                {
                    return  // already there (another thread shaped it too)
                }
                b = (b + 1) & mask
            }
            var entry = Entry(head0: key.head0, head1: key.head1, meta: key.meta, tailStart: 0, value: value)
            if !key.tail.isEmpty {
                entry.tailStart = Int32(tails.count)
                tails.append(contentsOf: key.tail)
            }
            entries[b] = entry
            count += 1
        }

        /// Doubles the slots and places every entry again.
        private mutating func grow() {
            let old = entries
            entries = Array(repeating: Entry(), count: old.count * 2)
            let mask = entries.count - 1
            tails.withUnsafeBufferPointer { tails in
                for entry in old where entry.meta != 0 {
                    let length = Int(entry.meta >> 17 & 0xFFFF_FFFF)
                    let tail =
                        length > 16
                        ? UnsafeBufferPointer(
                            rebasing: tails[Int(entry.tailStart)..<Int(entry.tailStart) + length - 16])
                        : UnsafeBufferPointer(start: nil, count: 0)
                    var b =
                        Int(
                            truncatingIfNeeded: Key.hash(
                                head0: entry.head0, head1: entry.head1, meta: entry.meta, tail: tail)) & mask
                    while entries[b].meta != 0 { b = (b + 1) & mask }
                    entries[b] = entry
                }
            }
        }

        /// Checks the table's invariants; returns a description of the first broken one: the
        /// counts match the occupied slots, each table at most half full, every entry found by
        /// its own key.
        func invariantViolation() -> String? {
            let occupied = entries.reduce(0) { $0 + ($1.meta != 0 ? 1 : 0) }
            if occupied != count { return "entries hold \(occupied), count says \(count)" }
            let singlesOccupied = singles.reduce(0) { $0 + ($1 != 0 ? 1 : 0) }
            if singlesOccupied != singleCount { return "singles hold \(singlesOccupied), count says \(singleCount)" }
            if count * 2 > entries.count || singleCount * 2 > singles.count { return "a table is more than half full" }
            for entry in singles where entry != 0 {
                var key = Key.single(scalar: 0, font: 0, script: 0, rightToLeft: false, whiteSpace: false)
                key.head0 = entry & Self.singleKeyMask
                key.hash = Self.singleHash(key.head0)
                if findSingle(key) == nil { return "a single code point's entry is not found by its key" }
            }
            return nil
        }

        /// Empties the table, back to its initial size.
        mutating func removeAll() {
            entries = Array(repeating: Entry(), count: min(maximumSlots, Self.initialSlots))
            singles = Array(repeating: 0, count: min(maximumSlots, Self.initialSlots))
            singleCount = 0
            tails.removeAll(keepingCapacity: true)
            count = 0
        }
    }

    private let table: ReadWriteLock<Table>
    private let hits = Atomic<Int>(0)
    private let misses = Atomic<Int>(0)
    /// Entries kept at most (half the slots); past it the table starts again empty.
    let capacity: Int

    init(capacity: Int) {
        var slots = 16
        while slots < capacity * 2 { slots <<= 1 }
        self.capacity = slots / 2
        table = ReadWriteLock(Table(slots: slots))
    }

    /// Looks up every key of `keys` under one lock: fills `values` and `found`, and returns how
    /// many keys were missing (it stops counting, and looking, past `giveUpAfter` misses).
    /// A missing key of a run's first or last piece takes the entry of the same piece inside a
    /// run (``Key/interior``).
    func lookUp(
        _ keys: UnsafeBufferPointer<Key>, into values: UnsafeMutableBufferPointer<Value>,
        found: UnsafeMutableBufferPointer<Bool>, giveUpAfter limit: Int
    ) -> Int {
        // Through a pointer: a borrowed table handed to the closure was copied, retaining and
        // releasing its three arrays at every run.
        let missing = table.withReadLockPointer { table -> Int in
            var missing = 0
            for i in keys.indices {
                // (Not `flatMap(table.value(for:))`: the method reference copies the table,
                // retaining and releasing its arrays, at every lookup.)
                var value = table.pointee.value(for: keys[i])
                if value == nil, let interior = keys[i].interior { value = table.pointee.value(for: interior) }
                if let value {
                    values[i] = value
                    found[i] = true
                } else {
                    found[i] = false
                    missing += 1
                    if missing > limit { break }
                }
            }
            return missing
        }
        hits.add(keys.count - missing, ordering: .relaxed)
        misses.add(missing, ordering: .relaxed)
        return missing
    }

    /// Stores pieces.
    func insert(
        _ keys: UnsafeBufferPointer<Key>, _ values: UnsafeBufferPointer<Value>, where include: UnsafeBufferPointer<Bool>
    ) {
        guard include.contains(true) else { return }
        table.withWriteLock { table in
            for i in keys.indices where include[i] {
                if keys[i].meta & Key.singleFlag != 0 {
                    table.insertSingle(keys[i], values[i])
                } else {
                    table.insert(keys[i], values[i])
                }
            }
            #if FEEDLAYOUT_INTERNAL_CHECKS
                // After the 1st, 2nd, 4th, 8th… store (O(n) checks, O(log n) times).
                table.stores += 1
                if table.stores & (table.stores - 1) == 0, let problem = table.invariantViolation() {
                    fatalError("segment cache invariant broken: \(problem)")
                }
            #endif
        }
    }

    var count: Int { table.withReadLock { $0.count + $0.singleCount } }
    /// Pieces found and pieces missing, since the cache was made.
    var statistics: (hits: Int, misses: Int) { (hits.load(ordering: .relaxed), misses.load(ordering: .relaxed)) }
    func removeAll() { table.withWriteLock { $0.removeAll() } }
}
