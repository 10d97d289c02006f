/// Invariant checks of the analysis stages, compiled in only when `FEEDLAYOUT_INTERNAL_CHECKS`
/// is defined: debug builds (the test suite) and the fuzzers define it, release builds do not
/// and pay nothing (as swift-collections' `COLLECTIONS_INTERNAL_CHECKS`).
enum InternalChecks {
    #if FEEDLAYOUT_INTERNAL_CHECKS
        /// Whether the checks are compiled in.
        static let enabled = true
    #else
        static let enabled = false
    #endif
}

/// Traps with `message` when `condition` is false and internal checks are compiled in; does
/// nothing (and evaluates nothing) otherwise.
@inline(__always)
func internalCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    #if FEEDLAYOUT_INTERNAL_CHECKS
        if !condition() { fatalError("internal check failed: \(message())", file: file, line: line) }
    #endif
}
