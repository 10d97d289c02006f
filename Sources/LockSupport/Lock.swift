#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a mutual-exclusion lock: the same contract as `Synchronization.Mutex`,
/// built on `pthread_mutex_t`.
///
/// Why not `Mutex`: on this Linux toolchain `Mutex` locks with futexes the thread sanitizer
/// cannot see, so every access it protects is reported as a race (checked with a two-thread
/// counter under `-sanitize=thread`), and CI runs the concurrency tests under the sanitizer.
/// The sanitizer intercepts pthread mutexes, so with this lock its reports mean something.
///
/// `@unchecked Sendable`: the value is only reached inside `withLock`, with the mutex held.
public final class Lock<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @exclusivity(unchecked) private var value: Value  // the mutex gives the exclusivity

    /// Makes a lock holding `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body(&storage)
    }

    @usableFromInline func lock() { pthread_mutex_lock(mutex) }
    @usableFromInline func unlock() { pthread_mutex_unlock(mutex) }

    @usableFromInline var storage: Value {
        _read { yield value }
        _modify { yield &value }
    }
}
