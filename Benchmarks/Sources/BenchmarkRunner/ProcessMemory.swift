import Foundation

/// The process's resident memory, from `/proc/self` (Linux).
public enum ProcessMemory {
    /// The peak resident set size in bytes: `VmHWM` of `/proc/self/status`, or `ru_maxrss` of
    /// `getrusage` where `/proc` cannot be read.
    public static func peakResidentBytes() -> Int {
        if let status = FileManager.default.contents(atPath: "/proc/self/status"),
            let kilobytes = statusField("VmHWM", in: String(decoding: status, as: UTF8.self))
        {
            return kilobytes * 1024
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    /// The resident set size now in bytes: `VmRSS` of `/proc/self/status`, or 0 where `/proc`
    /// cannot be read.
    public static func residentBytes() -> Int {
        guard let status = FileManager.default.contents(atPath: "/proc/self/status") else { return 0 }
        return (statusField("VmRSS", in: String(decoding: status, as: UTF8.self)) ?? 0) * 1024
    }

    /// Resets the peak resident set size to the current one (writes "5" to
    /// `/proc/self/clear_refs`, Linux 4.0 and later), so that the next
    /// ``peakResidentBytes()`` tells the peak since now.
    ///
    /// - Returns: whether the kernel accepted the reset; when not, the peak stays the
    ///   process's since it started.
    @discardableResult
    public static func resetPeak() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let written = "5".withCString { write(descriptor, $0, 1) }
        return written == 1
    }

    /// The number of kB of a `Name:   1234 kB` line of `/proc/self/status`.
    static func statusField(_ name: String, in status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let fields = line.dropFirst(name.count + 1).split { $0 == " " || $0 == "\t" }
            return fields.first.flatMap { Int($0) }
        }
        return nil
    }
}
