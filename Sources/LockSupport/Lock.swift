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
///
/// For a lock with no value of its own, use ``PlainLock``, not `Lock<Void>`: the sanitizer
/// places a zero-sized value's accesses at the lock object's own address, which every caller
/// reads before it locks, and reports a race that is not one.
public final class Lock<Value>: @unchecked Sendable {
    private let mutex = PthreadMutex()
    @exclusivity(unchecked) private var value: Value  // the mutex gives the exclusivity

    /// Makes a lock holding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    deinit { mutex.destroy() }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body(&storage)
    }

    @usableFromInline func lock() { mutex.lock() }
    @usableFromInline func unlock() { mutex.unlock() }

    @usableFromInline var storage: Value {
        _read { yield value }
        _modify { yield &value }
    }
}

/// A mutual-exclusion lock around a section of code, with no value of its own: for C objects
/// that are not thread-safe (a FreeType face, fontconfig) and for entries written once under
/// it and published otherwise. Built on `pthread_mutex_t`, as ``Lock`` is, so that the thread
/// sanitizer sees it; it holds no Swift variable for the sanitizer to mistake for a shared one
/// (see ``Lock`` on `Lock<Void>`).
public final class PlainLock: @unchecked Sendable {  // the mutex is the only state
    private let mutex = PthreadMutex()

    /// Makes an unlocked lock.
    public init() {}

    deinit { mutex.destroy() }

    /// Runs `body` with the lock held.
    @inlinable
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    @usableFromInline func lock() { mutex.lock() }
    @usableFromInline func unlock() { mutex.unlock() }
}

/// A `pthread_mutex_t` at an address of its own (a mutex must not move once initialised): the
/// one place where ``Lock`` and ``PlainLock`` make, lock and free theirs. The owner calls
/// ``destroy()`` once, in its `deinit`.
struct PthreadMutex {
    private let pointer: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(pointer, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    func lock() { pthread_mutex_lock(pointer) }
    func unlock() { pthread_mutex_unlock(pointer) }

    func destroy() {
        pthread_mutex_destroy(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

/// A value behind a readers–writer lock (`pthread_rwlock_t`): many readers at once, or one
/// writer. For tables read far more often than written (the shaped-piece cache).
///
/// `@unchecked Sendable`: the value is only reached inside `withReadLock` (shared, read-only)
/// or `withWriteLock` (exclusive), with the lock held.
public final class ReadWriteLock<Value>: @unchecked Sendable {
    @usableFromInline let lock: UnsafeMutablePointer<pthread_rwlock_t>
    /// The value, out of line: a reader borrows it in place (reading a class's stored property
    /// for a call copies it, retaining everything it holds, once per lookup). The accessors
    /// are inlinable: unspecialised, the generic call copies the value through its witness.
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// Makes a lock holding `value`.
    public init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        let status = pthread_rwlock_init(lock, nil)
        precondition(status == 0, "pthread_rwlock_init failed: \(status)")
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with shared, read-only access to the value.
    @inlinable
    public func withReadLock<Result>(_ body: (borrowing Value) throws -> Result) rethrows -> Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(value.pointee)
    }

    /// Runs `body` with shared, read-only access to the value through a pointer, valid only
    /// inside `body`: reading through it copies nothing (a borrowed value handed to a closure
    /// may still be copied, retaining what it holds, at every call).
    @inlinable
    public func withReadLockPointer<Result>(_ body: (UnsafePointer<Value>) throws -> Result) rethrows -> Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(UnsafePointer(value))
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    public func withWriteLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(&value.pointee)
    }
}

/// One value per thread, made on first use and destroyed when the thread ends
/// (`pthread_key_create`): per-thread scratch and buffers without a lock.
///
/// `@unchecked Sendable`: each thread only ever sees its own value.
public final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()
    private let make: () -> Value

    /// Makes the per-thread slot; `make` builds a thread's value the first time it asks.
    public init(_ make: @escaping () -> Value) {
        self.make = make
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
    }

    // No deinit: a key deleted while threads hold values would leak them; make one
    // `ThreadLocal` per purpose for the whole process (a `static let`).

    /// This thread's value.
    public var value: Value {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as! Value
        }
        let made = make()
        pthread_setspecific(key, Unmanaged.passRetained(made as AnyObject).toOpaque())
        return made
    }
}
