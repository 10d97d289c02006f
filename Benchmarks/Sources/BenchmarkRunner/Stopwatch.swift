import Foundation

/// The monotonic clock the samples are timed with.
public enum Stopwatch {
    /// Nanoseconds since an arbitrary fixed point (`CLOCK_MONOTONIC`); never allocates.
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
