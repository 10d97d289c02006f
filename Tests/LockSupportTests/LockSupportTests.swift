import Foundation
import LockSupport
import Testing

/// The locks every module uses: mutual exclusion under contention, a lock released when its body
/// throws, readers and writers, and one value per thread that ends with its thread.
@Suite("LockSupport")
struct LockSupportTests {
    struct Failure: Error {}

    /// Runs `body(thread)` on `threads` threads at once and waits for them all.
    static func onThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            let worker = Thread {
                body(thread)
                group.leave()
            }
            worker.start()
        }
        group.wait()
    }

    @Test("Lock: 8 threads × 20,000 increments of a plain Int add up exactly; the value is returned from the body")
    func lockCounts() {
        let counter = Lock(0)
        Self.onThreads(8) { _ in
            for _ in 0..<20_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 160_000)
        #expect(
            counter.withLock { value -> String in
                value += 1; return "\(value)"
            } == "160001")
    }

    @Test("Lock and PlainLock: a body that throws leaves the lock unlocked (the next caller gets in)")
    func releasedOnThrow() throws {
        let lock = Lock([Int]())
        #expect(throws: Failure.self) {
            try lock.withLock {
                $0.append(1); throw Failure()
            }
        }
        #expect(lock.withLock { $0 } == [1], "what the body did before throwing stays")
        let plain = PlainLock()
        #expect(throws: Failure.self) { try plain.withLock { throw Failure() } }
        // On another thread, so that a lock left locked would hang this test's thread rather
        // than deadlock the caller: the thread must get in within its deadline.
        let entered = Lock(false)
        let done = DispatchSemaphore(value: 0)
        Thread {
            plain.withLock { entered.withLock { $0 = true } }
            lock.withLock { $0.append(2) }
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 30) == .success, "the locks were left locked")
        #expect(entered.withLock { $0 } && lock.withLock { $0 } == [1, 2])
    }

    @Test("PlainLock: never two threads inside at once (an unsynchronised flag checked inside)")
    func plainLockExcludes() {
        let plain = PlainLock()
        let inside = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        inside.initialize(repeating: 0, count: 2)  // [0]: threads inside now, [1]: the most seen
        defer { inside.deallocate() }
        nonisolated(unsafe) let shared = inside
        Self.onThreads(4) { _ in
            for _ in 0..<5_000 {
                plain.withLock {
                    shared[0] += 1
                    shared[1] = max(shared[1], shared[0])
                    shared[0] -= 1
                }
            }
        }
        #expect(inside[1] == 1 && inside[0] == 0)
    }

    @Test("ReadWriteLock: readers always see a writer's two fields agree; every write counted")
    func readersSeeWholeWrites() {
        struct Pair { var a = 0; var b = 0 }
        let lock = ReadWriteLock(Pair())
        let torn = Lock(0)
        Self.onThreads(6) { thread in
            for _ in 0..<5_000 {
                if thread < 2 {
                    lock.withWriteLock { pair in
                        pair.a += 1; pair.b += 1
                    }
                } else if lock.withReadLock({ $0.a != $0.b }) {
                    torn.withLock { $0 += 1 }
                }
            }
        }
        #expect(torn.withLock { $0 } == 0)
        #expect(lock.withReadLock { $0.a } == 10_000 && lock.withReadLock { $0.b } == 10_000)
    }

    final class Scratch {
        let thread: Int
        static let alive = Lock(0)
        init(thread: Int) {
            self.thread = thread
            Self.alive.withLock { $0 += 1 }
        }
        deinit { Self.alive.withLock { $0 -= 1 } }
    }

    /// One slot for the process, as the type's documentation asks.
    static let scratch = ThreadLocal { Scratch(thread: Int(pthread_self())) }

    @Test("ThreadLocal: one value per thread, the same each time on that thread, released when the thread ends")
    func threadLocal() {
        let before = Scratch.alive.withLock { $0 }
        let seen = Lock([Int: ObjectIdentifier]())
        let arrived = Lock(0)
        Self.onThreads(4) { thread in
            let first = Self.scratch.value
            #expect(first === Self.scratch.value, "the same value on the same thread")
            seen.withLock { $0[thread] = ObjectIdentifier(first) }
            // Every thread holds its value until all four have one (else a value freed with its
            // thread could be made again at the same address).
            arrived.withLock { $0 += 1 }
            let deadline = Date().addingTimeInterval(30)
            while arrived.withLock({ $0 }) < 4 && Date() < deadline { usleep(1_000) }
        }
        #expect(Set(seen.withLock { $0.values }).count == 4, "each thread its own")
        // pthread runs the key's destructor as each thread exits, just after our group.leave():
        // wait for the four values to be released.
        let deadline = Date().addingTimeInterval(30)
        while Scratch.alive.withLock({ $0 }) > before && Date() < deadline { usleep(1_000) }
        #expect(Scratch.alive.withLock { $0 } == before, "a thread's value is released when it ends")
    }
}
