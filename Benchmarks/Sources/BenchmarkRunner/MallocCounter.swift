import CMallocCounter

/// How many heap allocations (malloc, calloc, realloc and the aligned variants) the process
/// has made: the counting allocator of the `CMallocCounter` target, linked only into the
/// benchmark runner and its tests.
///
/// Thread-safe: the counts are atomic (``total``) or per thread (``thisThread``).
public enum MallocCounter {
    /// Allocation calls made so far by every thread of the process.
    public static var total: UInt64 { cmalloccounter_count() }

    /// Allocation calls made so far by the calling thread only.
    public static var thisThread: UInt64 { cmalloccounter_thread_count() }

    /// Returns the heap's free memory to the kernel (`malloc_trim`), so that the resident size
    /// afterwards is about what is in use.
    public static func returnFreeMemory() { cmalloccounter_trim() }

    /// The bytes the process's heap allocations hold now (glibc's `mallinfo2`: in use in the
    /// arenas plus the chunks mapped on their own), every thread included. The difference of
    /// two readings is what was allocated and kept in between.
    public static var heapBytesInUse: UInt64 { cmalloccounter_heap_bytes_in_use() }

    /// Whether the counting allocator is the one in use (libc's own calls reach it).
    public static var isActive: Bool { cmalloccounter_is_active() != 0 }
}
