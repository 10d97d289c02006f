import LockSupport
import Synchronization

/// A fixed array of values made by whichever thread asks first, once; later reads are one
/// atomic load (a lock is taken only while it is being made). For tables of a font that only
/// texts reaching the font need.
final class OnceBuffer<Element>: @unchecked Sendable {  // written once under the lock, published by a releasing store
    private let pointer = Atomic<UnsafeMutablePointer<Element>?>(nil)
    private let lock = Lock<Int>(0)  // the element count, once made

    /// The elements, made by `make` (which initializes `count` of them) on the first call.
    @inline(__always)
    func elements(count: Int, _ make: (UnsafeMutablePointer<Element>) -> Void) -> UnsafePointer<Element> {
        if let made = pointer.load(ordering: .acquiring) { return UnsafePointer(made) }
        return lock.withLock { madeCount in
            if let made = pointer.load(ordering: .acquiring) { return UnsafePointer(made) }
            let storage = UnsafeMutablePointer<Element>.allocate(capacity: count)
            make(storage)
            madeCount = count
            pointer.store(storage, ordering: .releasing)
            return UnsafePointer(storage)
        }
    }

    deinit {
        guard let made = pointer.load(ordering: .acquiring) else { return }
        let count = lock.withLock { $0 }
        made.deinitialize(count: count)
        made.deallocate()
    }
}
