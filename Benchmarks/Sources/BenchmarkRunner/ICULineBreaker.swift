import BenchmarkSupport
import CBaselines

/// The icu-breaks baseline: an ICU line break iterator opened once, pointed at each paragraph
/// through a reused UTF-8 `UText`.
///
/// Not thread-safe: use one per thread.
public final class ICULineBreaker {
    private let breaker: OpaquePointer

    /// Opens a line break iterator for an ICU locale, e.g. "@lb=normal" (the root rules).
    ///
    /// - Throws: ``BenchmarkError`` with ICU's error code when it cannot be opened.
    public init(locale: String) throws {
        var error: Int32 = 0
        guard let breaker = cbaselines_breaker_open(locale, &error) else {
            throw BenchmarkError("ICU: cannot open a line break iterator for '\(locale)' (error \(error))")
        }
        self.breaker = breaker
    }

    deinit { cbaselines_breaker_close(breaker) }

    /// The number of line break opportunities of UTF-8 text after its start (its end
    /// included), or -1 on an ICU error.
    ///
    /// - Complexity: O(n) in the length of the text.
    public func breakCount(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        Int(
            utf8.withMemoryRebound(to: CChar.self) {
                cbaselines_breaker_count(breaker, $0.baseAddress, Int64($0.count))
            })
    }
}
