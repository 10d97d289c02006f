/// A growable array of plain values that a stage owns and keeps between texts: appending and
/// writing go through a pointer (no uniqueness or capacity check of a Swift array per element),
/// indices are checked when internal checks are compiled in, and memory is kept when emptied,
/// so that a warm thread allocates nothing to analyse a text.
///
/// Not thread-safe: each belongs to one thread's stage (see ``StageWorkspace``).
final class GrowableBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The elements as a buffer (valid until the next growth).
    var elements: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Element {
        @inline(__always) get {
            internalCheck(index >= 0 && index < count, "index \(index) outside 0..<\(count)")
            return base[index]
        }
        @inline(__always) set {
            internalCheck(index >= 0 && index < count, "index \(index) outside 0..<\(count)")
            base[index] = newValue
        }
    }

    /// Empties the buffer, keeping its memory.
    @inline(__always) func removeAll() { count = 0 }

    /// Drops the last `k` elements.
    func removeLast(_ k: Int) {
        internalCheck(k >= 0 && k <= count, "removing \(k) of \(count)")
        count -= k
    }

    /// Makes room for `extra` more elements without moving on the next appends.
    @inline(__always) func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always) func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = element
        count += 1
    }

    func append(repeating element: Element, count n: Int) {
        reserve(n)
        (base + count).initialize(repeating: element, count: n)
        count += n
    }

    func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        reserve(elements.count)
        (base + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    /// Sets the count to `n` (growing with `filler`), for buffers written by index.
    func resize(to n: Int, filling filler: Element) {
        if n > count { append(repeating: filler, count: n - count) } else { count = n }
    }

    /// Counts `n` more elements that were written through ``base`` past the count, into room
    /// made by ``reserve(_:)``.
    @inline(__always) func adoptWritten(_ n: Int) {
        internalCheck(n >= 0 && count + n <= capacity, "adopting \(n) past \(count) of \(capacity)")
        count += n
    }

    /// The last element.
    var last: Element? { count > 0 ? base[count - 1] : nil }
}
