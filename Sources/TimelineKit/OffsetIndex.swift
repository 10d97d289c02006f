/// Lengths inside the timeline: whole numbers of 1/3840 point.
///
/// 3840 = 2⁸ × 3 × 5, so every length on the pixel grid of a 1×, 2×, 3×, 4×, 5×, 6× or 8×
/// screen (cell heights are rounded to it) is a whole number of units: sums of heights are
/// exact, offsets do not drift however rows are added, and an anchored change keeps a row on
/// screen to the unit, not to within a rounding error. Any other length is rounded to the
/// nearest unit (a quarter of a thousandth of a point).
enum LayoutUnits {
    /// Units in a point.
    static let perPoint = 3840.0
    /// The largest length accepted, in points (far beyond any content: 10⁶ rows of 10⁶ points).
    static let limitInPoints = 1e12

    /// The units nearest to `points`.
    ///
    /// - Precondition: `points` is finite and at most ``limitInPoints`` in magnitude.
    @inline(__always) static func units(_ points: Double) -> Int64 {
        precondition(
            points.isFinite && points.magnitude <= limitInPoints, "length \(points) is not a finite number of points")
        return Int64((points * perPoint).rounded())
    }

    /// The points of `units`.
    @inline(__always) static func points(_ units: Int64) -> Double { Double(units) / perPoint }
}

/// Row heights and their prefix sums, with an element per row: a Fenwick (binary indexed) tree
/// over slots that leave room before the first row and after the last.
///
/// Row r lives in slot `front + r`; the slots outside the rows hold height 0, so the prefix sum
/// up to a row's slot is its offset. Adding rows at either end fills free slots, O(log n) each;
/// when one end runs out of slots, every row moves to a new, larger buffer with room at both
/// ends (O(n), amortised over the rows added). Inserting or removing rows inside rebuilds the
/// tree (O(n)); removing at an end frees slots (O(log n) a row).
///
/// Heights are ``LayoutUnits`` (integers), so every prefix sum is exact. Not thread-safe on its
/// own (a value type: each copy is independent).
struct OffsetIndex<Element> {
    /// Height of every slot (0 outside the rows).
    private(set) var heights: [Int64] = []
    /// The Fenwick tree, 1-based: `tree[i]` = the heights of slots `i - lowbit(i) ..< i`.
    private var tree: [Int64] = [0]
    /// The element of every slot (nil outside the rows).
    private(set) var elements: [Element?] = []
    /// The slot of row 0.
    private(set) var front = 0
    /// Rows held.
    private(set) var count = 0
    /// The sum of every row's height.
    private(set) var total: Int64 = 0
    /// Changes whenever rows move to other slots (a new buffer, an insertion or removal inside):
    /// slot numbers kept by a caller are then stale.
    private(set) var generation = 0

    /// Slots in the buffer: a power of two (or 0 before the first row).
    var capacity: Int { heights.count }

    /// The slot of row `row`.
    @inline(__always) func slot(ofRow row: Int) -> Int { front + row }

    /// The row in slot `slot`.
    @inline(__always) func row(ofSlot slot: Int) -> Int { slot - front }

    /// The height of row `row`.
    func height(ofRow row: Int) -> Int64 {
        precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
        return heights[front + row]
    }

    /// The element of row `row`.
    func element(atRow row: Int) -> Element {
        precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
        return elements[front + row]!
    }

    /// Replaces the element of row `row`.
    mutating func setElement(_ element: Element, atRow row: Int) {
        precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
        elements[front + row] = element
    }

    /// Sets the height of row `row`. O(log n).
    mutating func setHeight(_ height: Int64, ofRow row: Int) {
        precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
        precondition(height >= 0, "a row height is never negative")
        let slot = front + row
        let delta = height - heights[slot]
        guard delta != 0 else { return }
        heights[slot] = height
        total += delta
        add(delta, atSlot: slot)
    }

    /// The top of row `row` (the sum of the heights above it); `offset(ofRow: count)` is the
    /// total. O(log n).
    func offset(ofRow row: Int) -> Int64 {
        precondition(row >= 0 && row <= count, "row \(row) out of 0...\(count)")
        return prefix(front + row)
    }

    /// The row whose span `[top, top + height)` holds `offset`: row 0 above the first row, the
    /// last row below the last (rows of height 0 hold no offset). O(log n), no allocation.
    ///
    /// - Precondition: there is at least one row.
    func row(atOffset offset: Int64) -> Int {
        precondition(count > 0, "no rows")
        if offset <= 0 { return 0 }
        if offset >= total { return count - 1 }
        // The largest slot count whose prefix sum is at most `offset`: that slot holds it. Past
        // the last row every prefix is the total, above `offset`: the descent stops at `end`.
        let end = front + count
        var position = 0
        var remaining = offset
        var step = 1 << (Int.bitWidth - 1 - end.leadingZeroBitCount)  // the highest power of two ≤ end
        tree.withUnsafeBufferPointer { tree in
            while step > 0 {
                let next = position + step
                if next <= end && tree[next] <= remaining {
                    position = next
                    remaining -= tree[next]
                }
                step >>= 1
            }
        }
        return min(max(position - front, 0), count - 1)
    }

    /// Adds rows before row 0, in order (`items[0]` becomes row 0). O(k log n) amortised.
    mutating func prepend(_ items: [(height: Int64, element: Element)]) {
        guard !items.isEmpty else { return }
        if front < items.count { relocate(roomBefore: items.count, roomAfter: 0) }
        for item in items.reversed() {
            precondition(item.height >= 0, "a row height is never negative")
            front -= 1
            heights[front] = item.height
            elements[front] = item.element
            add(item.height, atSlot: front)
            total += item.height
        }
        count += items.count
    }

    /// Adds rows after the last, in order. O(k log n) amortised.
    mutating func append(_ items: [(height: Int64, element: Element)]) {
        guard !items.isEmpty else { return }
        if front + count + items.count > capacity { relocate(roomBefore: 0, roomAfter: items.count) }
        for item in items {
            precondition(item.height >= 0, "a row height is never negative")
            let slot = front + count
            heights[slot] = item.height
            elements[slot] = item.element
            add(item.height, atSlot: slot)
            total += item.height
            count += 1
        }
    }

    /// Inserts rows before row `row` (at the ends as ``prepend(_:)`` and ``append(_:)``;
    /// inside, O(n)).
    mutating func insert(_ items: [(height: Int64, element: Element)], at row: Int) {
        precondition(row >= 0 && row <= count, "row \(row) out of 0...\(count)")
        if row == 0 { return prepend(items) }
        if row == count { return append(items) }
        guard !items.isEmpty else { return }
        var rows = self.rows()
        rows.insert(contentsOf: items, at: row)
        rebuild(rows, roomBefore: 0, roomAfter: 0)
    }

    /// Removes rows `range` (at the ends O(k log n), inside O(n)).
    mutating func remove(rows range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "rows \(range) out of 0..<\(count)")
        guard !range.isEmpty else { return }
        if range.lowerBound == 0 || range.upperBound == count {
            for row in range {
                let slot = front + row
                add(-heights[slot], atSlot: slot)
                total -= heights[slot]
                heights[slot] = 0
                elements[slot] = nil
            }
            if range.lowerBound == 0 { front += range.count }
            count -= range.count
            if count == 0 { front = capacity / 2 }
            return
        }
        var rows = self.rows()
        rows.removeSubrange(range)
        rebuild(rows, roomBefore: 0, roomAfter: 0)
    }

    /// Replaces every row. O(n).
    mutating func replaceAll(with rows: [(height: Int64, element: Element)]) {
        rebuild(rows, roomBefore: 0, roomAfter: 0)
    }

    /// Makes sure `before` rows can be added before row 0 and `after` after the last without
    /// moving the rows, and that the buffers are this value's own (not shared with a copy), so
    /// that the next changes copy nothing. O(n) when it moves or copies them.
    mutating func reserve(before: Int, after: Int) {
        if capacity == 0 || front < before || capacity - front - count < after {
            relocate(roomBefore: before, roomAfter: after)
        }
        heights.withUnsafeMutableBufferPointer { _ in }
        elements.withUnsafeMutableBufferPointer { _ in }
        tree.withUnsafeMutableBufferPointer { _ in }
    }

    /// The rows in order.
    func rows() -> [(height: Int64, element: Element)] {
        (0..<count).map { (heights[front + $0], elements[front + $0]!) }
    }

    // MARK: The tree

    /// The sum of slots `0 ..< end`.
    @inline(__always) private func prefix(_ end: Int) -> Int64 {
        tree.withUnsafeBufferPointer { tree in
            var sum: Int64 = 0
            var i = end
            while i > 0 {
                sum += tree[i]
                i &= i - 1
            }
            return sum
        }
    }

    @inline(__always) private mutating func add(_ delta: Int64, atSlot slot: Int) {
        let capacity = self.capacity
        tree.withUnsafeMutableBufferPointer { tree in
            var i = slot + 1
            while i <= capacity {
                tree[i] += delta
                i += i & -i
            }
        }
    }

    /// Moves every row to a new buffer with at least this much room at each end.
    private mutating func relocate(roomBefore: Int, roomAfter: Int) {
        rebuild(rows(), roomBefore: roomBefore, roomAfter: roomAfter)
    }

    /// Lays `rows` out in a new buffer: a power of two at least twice what is needed, the
    /// spare slots split between the two ends (a timeline grows at both: refreshes and pages).
    private mutating func rebuild(_ rows: [(height: Int64, element: Element)], roomBefore: Int, roomAfter: Int) {
        let needed = rows.count + roomBefore + roomAfter
        var capacity = 16
        while capacity < 2 * needed { capacity *= 2 }
        let spare = capacity - needed
        front = roomBefore + spare / 2
        count = rows.count
        heights = [Int64](repeating: 0, count: capacity)
        elements = [Element?](repeating: nil, count: capacity)
        tree = [Int64](repeating: 0, count: capacity + 1)
        total = 0
        for (offset, row) in rows.enumerated() {
            precondition(row.height >= 0, "a row height is never negative")
            heights[front + offset] = row.height
            elements[front + offset] = row.element
            tree[front + offset + 1] = row.height
            total += row.height
        }
        // Linear-time construction: each node passes its sum to its parent.
        for i in 1...capacity {
            let parent = i + (i & -i)
            if parent <= capacity { tree[parent] += tree[i] }
        }
        generation += 1
    }

    /// Checks the tree against the heights (tests); nil when every node is right.
    func invariantViolation() -> String? {
        guard tree.count == capacity + 1, elements.count == capacity else { return "buffers of different sizes" }
        guard front >= 0, count >= 0, front + count <= capacity || (count == 0 && capacity == 0) else {
            return "rows \(front)..<\(front + count) outside \(capacity) slots"
        }
        var sum: Int64 = 0
        for slot in 0..<capacity {
            let inside = slot >= front && slot < front + count
            if !inside && (heights[slot] != 0 || elements[slot] != nil) {
                return "slot \(slot) outside the rows is not empty"
            }
            if inside && elements[slot] == nil { return "slot \(slot) of a row has no element" }
            sum += heights[slot]
            if prefix(slot + 1) != sum { return "prefix sum to slot \(slot) is \(prefix(slot + 1)), not \(sum)" }
        }
        return sum == total ? nil : "total \(total), heights sum to \(sum)"
    }
}

extension OffsetIndex: Sendable where Element: Sendable {}
