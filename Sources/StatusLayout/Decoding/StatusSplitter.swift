import CStatusJSON

/// The bytes of one status in an input, found by a ``StatusSplitter``; decode it with
/// ``StatusDecoder/decode(_:)-(StatusElement)``.
///
/// `bytes` are valid only during the call that hands the element over: copy them to keep them.
public struct StatusElement {
    /// The status's bytes (normally a JSON object).
    public let bytes: UnsafeRawBufferPointer
    /// The line of the input where it begins, from 1.
    public let line: Int
    /// The column (in characters) where it begins, from 1.
    public let column: Int
    /// Its place among the input's statuses and errors, from 1.
    public let index: Int
    /// How deep arrays and objects nest in it (1 for an object holding no array or object).
    public let depth: Int
    /// What kind of response it was found in.
    public let source: Source
    /// The objects its response holds beside it, which it names by ID (Twitter API v2's
    /// `includes`, the users of YYKit's Twitter pages); nil when there are none.
    public let references: StatusReferences?

    /// What kind of response an element was found in.
    public enum Source: Sendable, Hashable {
        /// A status of its own, an element of an array or of a timeline page's `statuses`.
        case plain
        /// Inside a web API's `data` (m.weibo.cn's cards, weibo.com's list, a status as `data`):
        /// Weibo's `text` is HTML there.
        case webAPI
        /// An element of a top-level `data` array (Twitter API v2's responses).
        case dataArray
    }

    /// Makes an element (for tests and for bytes found by other means).
    public init(bytes: UnsafeRawBufferPointer, line: Int = 1, column: Int = 1, index: Int = 1, depth: Int = 0,
                source: Source = .plain, references: StatusReferences? = nil) {
        self.bytes = bytes
        self.line = line
        self.column = column
        self.index = index
        self.depth = depth
        self.source = source
        self.references = references
    }
}

/// Finds the statuses in an input that arrives in chunks, in bounded memory: JSON Lines (blank
/// lines skipped), a JSON array, a timeline page (an object with a `statuses` array; its other
/// fields are not read), the web APIs' responses (m.weibo.cn's `{"data": {"cards": [{"mblog":
/// …}]}}` with `card_group` nesting, weibo.com's `{"data": {"list": […]}}`, a status as `data`),
/// pretty-printed or not, with or without a byte order mark, and any sequence of these (JSON
/// Lines whose lines are timeline pages, arrays or responses).
///
/// Each status comes out as a ``StatusElement`` as soon as it is complete. Input that is not JSON
/// comes out as one error in its place (a ``DecodedStatus`` holding the failure, naming the line
/// and column): a broken status in an array costs that status (reading goes on at the next
/// element of the same array, never inside the broken one); a broken line of JSON Lines costs
/// that line; a truncated document answers every status before the cut, then one error. A status that is valid JSON but
/// not a valid status (a wrong type, a lone surrogate, a number out of range, nesting too deep)
/// fails only itself when decoded.
///
/// Memory: the longest status (or broken stretch) of the input, not the input.
///
/// Not thread-safe: one splitter per input, used from one thread.
public final class StatusSplitter {
    /// What the splitter finds, in input order.
    public enum Item {
        /// A status to decode.
        case element(StatusElement)
        /// Bytes that are not JSON, answered in their place with an error.
        case error(DecodedStatus)
    }

    private let framer: OpaquePointer
    /// Stream bytes `bufferStart ..< bufferStart + count` that a later scan may still need.
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0
    private var bufferStart: UInt64 = 0
    private var finished = false

    /// Makes a splitter for one input.
    public init() {
        guard let framer = cstatusjson_framer_create() else { fatalError("out of memory making a JSON framer") }
        self.framer = framer
        capacity = 64 << 10
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        cstatusjson_framer_destroy(framer)
        buffer.deallocate()
    }

    /// The bytes kept from earlier chunks (the start of a status not complete yet).
    public var bytesKept: Int { count }

    /// Reads the next chunk of the input and calls `body` with every item complete so far, in
    /// order. If `body` throws, the splitter must not be used again.
    ///
    /// - Complexity: O(n) in the size of the chunk (plus the kept bytes of an unfinished status).
    public func feed(_ chunk: UnsafeRawBufferPointer, _ body: (Item) throws -> Void) rethrows {
        precondition(!finished, "StatusSplitter.feed after finish")
        guard !chunk.isEmpty else { return }
        if count == 0 {
            // Nothing kept: scan the chunk where it is and keep only its unfinished end.
            try scan(chunk, at: bufferStart, atEnd: false, body)
            keep(chunk, from: bufferStart)
        } else {
            append(chunk)
            try scan(UnsafeRawBufferPointer(start: buffer, count: count), at: bufferStart, atEnd: false, body)
            keep(UnsafeRawBufferPointer(start: buffer, count: count), from: bufferStart)
        }
    }

    /// Reads the next chunk of the input.
    public func feed(_ chunk: [UInt8], _ body: (Item) throws -> Void) rethrows {
        try chunk.withUnsafeBytes { try feed($0, body) }
    }

    /// Ends the input: calls `body` with what is left (an unfinished status is an error).
    public func finish(_ body: (Item) throws -> Void) rethrows {
        precondition(!finished, "StatusSplitter.finish called twice")
        finished = true
        try scan(UnsafeRawBufferPointer(start: buffer, count: count), at: bufferStart, atEnd: true, body)
        count = 0
    }

    private func scan(_ bytes: UnsafeRawBufferPointer, at offset: UInt64, atEnd: Bool, _ body: (Item) throws -> Void) rethrows {
        let found = cstatusjson_framer_scan(framer, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), offset,
                                            bytes.count, atEnd)
        guard found > 0 else { return }
        let items = cstatusjson_framer_items(framer)!
        for index in 0..<found {
            let item = items[index]
            if item.kind == CSTATUSJSON_ITEM_ELEMENT {
                let start = Int(item.start - offset)
                let element = StatusElement(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<start + Int(item.end - item.start)]),
                                            line: Int(item.line), column: Int(item.column), index: Int(item.index),
                                            depth: Int(item.depth), source: item.route == CSTATUSJSON_ROUTE_WEB ? .webAPI : .plain)
                try body(.element(element))
            } else {
                try body(.error(DecodedStatus(line: Int(item.line), index: Int(item.index),
                                              result: .failure(Diagnosis.error(for: item)), repairedUTF8: false)))
            }
        }
    }

    /// Keeps the bytes of `bytes` (stream bytes from `offset`) that a later scan may need.
    private func keep(_ bytes: UnsafeRawBufferPointer, from offset: UInt64) {
        let retain = cstatusjson_framer_retain(framer)
        let end = offset + UInt64(bytes.count)
        let kept = Int(end - retain)
        if bytes.baseAddress == UnsafeRawPointer(buffer) {
            if kept > 0, retain > offset { buffer.copyMemory(from: bytes.baseAddress! + Int(retain - offset), byteCount: kept) }
        } else {
            reserve(kept)
            if kept > 0 { buffer.copyMemory(from: bytes.baseAddress! + Int(retain - offset), byteCount: kept) }
        }
        count = kept
        bufferStart = retain
        // Give back what one long status took.
        if capacity > 4 << 20, count < capacity / 8 {
            let smaller = max(64 << 10, count * 2)
            let replacement = UnsafeMutableRawPointer.allocate(byteCount: smaller, alignment: 16)
            replacement.copyMemory(from: buffer, byteCount: count)
            buffer.deallocate()
            buffer = replacement
            capacity = smaller
        }
    }

    private func append(_ chunk: UnsafeRawBufferPointer) {
        reserve(count + chunk.count)
        (buffer + count).copyMemory(from: chunk.baseAddress!, byteCount: chunk.count)
        count += chunk.count
    }

    /// Makes room for `needed` bytes, keeping the first `count`.
    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var larger = capacity
        while larger < needed { larger *= 2 }
        let replacement = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 16)
        replacement.copyMemory(from: buffer, byteCount: count)
        buffer.deallocate()
        buffer = replacement
        capacity = larger
    }
}
