import CTextShims
import LockSupport

/// Opened ICU break iterators, by locale and kind, lent out one caller at a time (opening one
/// costs far more than a whole paragraph's breaking).
final class BreakIteratorPool: Sendable {
    /// The idle iterators by key (a locale, or "#char"): a short list, searched (a dictionary
    /// allocated on every change of one of its arrays).
    private let idle = Lock<[(key: String, boxes: [BreakerBox])]>([])

    /// Runs `body` with an iterator of `kind` for `locale`, pointed at `text`.
    ///
    /// The text must stay alive and unchanged during `body`.
    func withIterator<R>(
        kind: Int, locale: String, text: UnsafeBufferPointer<UInt8>,
        _ body: (OpaquePointer) throws -> R
    ) throws -> R {
        try withIterator(
            kind: kind, locale: locale, operation: "utext_openUTF8/ubrk_setUText",
            point: { breaker in
                text.baseAddress!.withMemoryRebound(to: CChar.self, capacity: text.count) {
                    ctextshims_breaker_set_utf8(breaker, $0, Int64(text.count))
                }
            }, body)
    }

    /// Runs `body` with an iterator of `kind` for `locale`, pointed at a text by `point`
    /// (which returns ICU's status; `operation` names it in an error).
    private func withIterator<R>(
        kind: Int, locale: String, operation: String, point: (OpaquePointer) -> Int32,
        _ body: (OpaquePointer) throws -> R
    ) throws -> R {
        let key = kind == CTEXTSHIMS_BREAK_LINE ? locale : "#char"
        let box =
            try idle.withLock { idle in
                idle.firstIndex { $0.key == key }.flatMap { idle[$0].boxes.popLast() }
            } ?? Self.open(kind: kind, locale: locale)
        defer {
            idle.withLock { idle in
                if let i = idle.firstIndex(where: { $0.key == key }) {
                    idle[i].boxes.append(box)
                } else {
                    idle.append((key, [box]))
                }
            }
        }
        let status = point(box.breaker)
        guard status <= 0 else { throw TextLayoutError.icu(code: status, operation: operation) }
        return try body(box.breaker)
    }

    /// Appends the line break opportunities of UTF-8 `text` (offsets, the text's end excluded)
    /// to `boundaries`: a line iterator's for `locale`, with ``LineBreakTailoring`` applied (the
    /// engine's opportunities where its own breaker does not decide).
    func appendLineBoundaries(locale: String, text: UnsafeBufferPointer<UInt8>, to boundaries: inout [Int32]) throws {
        let from = boundaries.count
        try appendICULineBoundaries(locale: locale, text: text, to: &boundaries)
        LineBreakTailoring.apply(to: &boundaries, from: from, text: text)
    }

    /// Appends ICU's own line break opportunities of UTF-8 `text` (offsets, the text's end
    /// excluded) to `boundaries`, by a line iterator for `locale`, without the tailoring.
    ///
    /// ICU is handed the text as UTF-16 (this thread's scratch), as Chromium hands it: ICU 72's
    /// dictionary line breaking answers some runs differently given as UTF-8 (a `UText` over
    /// the bytes). A line iterator over `တခု` ("one" with its classifier) has a boundary after
    /// `တ` in UTF-8 and none in UTF-16; 68 lines of the Myanmar corpus, and some of Khmer's,
    /// differed so.
    func appendICULineBoundaries(locale: String, text: UnsafeBufferPointer<UInt8>, to boundaries: inout [Int32]) throws
    {
        let scratch = ThreadScratch.slot.value
        scratch.utf16.removeAll(keepingCapacity: true)
        scratch.byteOffsets.removeAll(keepingCapacity: true)
        var i = 0
        while i < text.count {
            let (scalar, length) = UTF8Scalars.decode(text, at: i)
            let units = UTF8Scalars.utf16(scalar)
            scratch.utf16.append(units.first)
            scratch.byteOffsets.append(Int32(i))
            if let trail = units.trail {
                scratch.utf16.append(trail)
                scratch.byteOffsets.append(Int32(i))  // (no boundary falls inside a surrogate pair)
            }
            i += length
        }
        let units = scratch.utf16.count
        try scratch.utf16.withUnsafeBufferPointer { utf16 in
            try scratch.byteOffsets.withUnsafeBufferPointer { byteOffsets in
                try withIterator(
                    kind: CTEXTSHIMS_BREAK_LINE, locale: locale, operation: "utext_openUChars/ubrk_setUText",
                    point: { ctextshims_breaker_set_utf16($0, utf16.baseAddress, Int32(units)) }
                ) { it in
                    while true {
                        let next = ctextshims_breaker_next(it)
                        if next < 0 || Int(next) >= units { break }
                        boundaries.append(byteOffsets[Int(next)])
                    }
                }
            }
        }
    }

    private static func open(kind: Int, locale: String) throws -> BreakerBox {
        var error: Int32 = 0
        guard let breaker = ctextshims_breaker_open(Int32(kind), locale, &error) else {
            throw TextLayoutError.icu(code: error, operation: "ubrk_open(\(locale))")
        }
        return BreakerBox(breaker: breaker)
    }

    deinit {
        idle.withLock { $0.forEach { $0.boxes.forEach { ctextshims_breaker_close($0.breaker) } } }
    }
}

/// An ICU break iterator owned by the pool; one user at a time.
struct BreakerBox: @unchecked Sendable {  // Lent out by the pool's mutex to one caller at a time.
    let breaker: OpaquePointer
}

/// An error from the text libraries themselves (not from the caller's input).
public enum TextLayoutError: Error, Sendable, CustomStringConvertible {
    /// ICU failed; the code is ICU's `UErrorCode`.
    case icu(code: Int32, operation: String)

    public var description: String {
        switch self {
        case .icu(let code, let operation):
            return "ICU error \(String(cString: ctextshims_icu_error_name(code))) (\(code)) in \(operation)"
        }
    }
}
