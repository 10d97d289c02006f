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
    public init(
        bytes: UnsafeRawBufferPointer, line: Int = 1, column: Int = 1, index: Int = 1, depth: Int = 0,
        source: Source = .plain, references: StatusReferences? = nil
    ) {
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
    /// How many items were handed out (their places, from 1, are the splitter's own: a held
    /// response's statuses may come out in another order than found).
    private var handedOut = 0
    /// The response being held for its tables (Twitter API v2's `includes`, YYKit's users and
    /// timeline): its items in order and its tables, until it ends.
    private var held: [Held] = []
    private var heldBytes = 0
    private var tables: [UInt8: (bytes: [UInt8], line: Int)] = [:]
    /// The held response grew past ``holdLimit``: what was held went out without its tables,
    /// and so does the rest of it.
    private var overflowed = false
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

    private func scan(_ bytes: UnsafeRawBufferPointer, at offset: UInt64, atEnd: Bool, _ body: (Item) throws -> Void)
        rethrows
    {
        let found = cstatusjson_framer_scan(
            framer, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), offset,
            bytes.count, atEnd)
        guard found > 0 else { return }
        let items = cstatusjson_framer_items(framer)!
        for index in 0..<found {
            let item = items[index]
            // An element's or table's first byte (an error's may be before the buffer).
            let start =
                item.kind == CSTATUSJSON_ITEM_ELEMENT || item.kind == CSTATUSJSON_ITEM_TABLE
                ? Int(item.start - offset) : 0
            switch item.kind {
            case CSTATUSJSON_ITEM_ELEMENT:
                let element = UnsafeRawBufferPointer(rebasing: bytes[start..<start + Int(item.end - item.start)])
                let source: StatusElement.Source =
                    switch Int32(item.route) {
                    case CSTATUSJSON_ROUTE_WEB: .webAPI
                    case CSTATUSJSON_ROUTE_DATA_ARRAY: .dataArray
                    default: .plain
                    }
                if item.joinable != 0, !overflowed {
                    hold(
                        .element(
                            HeldElement(
                                bytes: Array(element), line: Int(item.line), column: Int(item.column),
                                depth: Int(item.depth), source: source, key: Self.key(of: item))))
                    if heldBytes > Self.holdLimit { try overflow(body) }
                } else {
                    handedOut += 1
                    try body(
                        .element(
                            StatusElement(
                                bytes: element, line: Int(item.line), column: Int(item.column), index: handedOut,
                                depth: Int(item.depth), source: source)))
                }
            case CSTATUSJSON_ITEM_TABLE:
                if !overflowed {
                    tables[item.table] = (
                        Array(UnsafeRawBufferPointer(rebasing: bytes[start..<start + Int(item.end - item.start)])),
                        Int(item.line)
                    )
                    heldBytes += Int(item.end - item.start)
                    if heldBytes > Self.holdLimit { try overflow(body) }
                }
            case CSTATUSJSON_ITEM_END:
                try release(body)
            default:
                if item.joinable != 0, !overflowed {
                    hold(.error(line: Int(item.line), failure: Diagnosis.error(for: item)))
                } else {
                    handedOut += 1
                    try body(
                        .error(
                            DecodedStatus(
                                line: Int(item.line), index: handedOut, result: .failure(Diagnosis.error(for: item)),
                                repairedUTF8: false)))
                }
            }
        }
    }

    // MARK: Responses held for their tables

    /// How many bytes of one response are held for its tables at most (a Twitter API v2 page is
    /// at most 100 tweets, under 1 MB): past this, its statuses go out as they come, without
    /// the objects they name (each says so in its warnings).
    public static let holdLimit = 64 << 20

    private struct HeldElement {
        var bytes: [UInt8]
        var line, column, depth: Int
        var source: StatusElement.Source
        var key: String?
    }

    private enum Held {
        case element(HeldElement)
        case error(line: Int, failure: StatusDecodingError)
    }

    private static func key(of item: cstatusjson_item) -> String? {
        guard item.route == CSTATUSJSON_ROUTE_TWEETS, item.key_length > 0 else { return nil }
        return withUnsafeBytes(of: item.key) { String(decoding: $0.prefix(Int(item.key_length)), as: UTF8.self) }
    }

    private func hold(_ item: Held) {
        if case .element(let element) = item { heldBytes += element.bytes.count }
        held.append(item)
    }

    /// Hands out `item` with the next place.
    private func handOut(_ item: Held, references: StatusReferences?, _ body: (Item) throws -> Void) rethrows {
        handedOut += 1
        switch item {
        case .element(let element):
            try element.bytes.withUnsafeBytes { bytes in
                try body(
                    .element(
                        StatusElement(
                            bytes: bytes, line: element.line, column: element.column, index: handedOut,
                            depth: element.depth, source: element.source, references: references)))
            }
        case .error(let line, let failure):
            try body(
                .error(DecodedStatus(line: line, index: handedOut, result: .failure(failure), repairedUTF8: false)))
        }
    }

    /// The held response is too large: out with what is held, without tables.
    private func overflow(_ body: (Item) throws -> Void) rethrows {
        overflowed = true
        let items = held
        held = []
        tables = [:]
        heldBytes = 0
        for item in items { try handOut(item, references: nil, body) }
    }

    /// The held response ended: its tables are read once and its statuses handed out with
    /// them, in the order of its timeline when it has one (YYKit's pages), else as found.
    private func release(_ body: (Item) throws -> Void) rethrows {
        let items = held
        let found = tables
        held = []
        tables = [:]
        heldBytes = 0
        overflowed = false
        var references: StatusReferences?
        if let includes = found[UInt8(CSTATUSJSON_TABLE_INCLUDES)] {
            references = includes.bytes.withUnsafeBytes { StatusDecoder.twitterIncludes($0) }
        } else if let users = found[UInt8(CSTATUSJSON_TABLE_USERS)] {
            references = users.bytes.withUnsafeBytes { StatusDecoder.twitterUsers($0) }
        }
        guard let timeline = found[UInt8(CSTATUSJSON_TABLE_TIMELINE)] else {
            for item in items { try handOut(item, references: references, body) }
            return
        }
        // In the timeline's order, each as often as it names it; what it does not name after
        // (in the order found), then the errors.
        var byKey: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if case .element(let element) = item, let key = element.key, byKey[key] == nil { byKey[key] = index }
        }
        let order = timeline.bytes.withUnsafeBytes { Self.timelineOrder($0, line: timeline.line) }
        var named = Set<Int>()
        for entry in order {
            switch entry {
            case .id(let id, let line):
                if let index = byKey[id] {
                    named.insert(index)
                    try handOut(items[index], references: references, body)
                } else {
                    try handOut(
                        .error(
                            line: line,
                            failure: StatusDecodingError(
                                "the timeline names tweet \(id), which twitter_objects.tweets does not hold")),
                        references: nil, body)
                }
            case .problem(let message, let line):
                try handOut(.error(line: line, failure: StatusDecodingError(message)), references: nil, body)
            }
        }
        // A tweet the timeline does not name is shown inside one it names (retweeted or quoted):
        // it is not a row of its own. Any other is handed out after.
        let nested = Self.nestedIDs(items.enumerated().filter { named.contains($0.offset) }.map(\.element))
        for (index, item) in items.enumerated() where !named.contains(index) {
            if case .element(let element) = item, !(element.key.map(nested.contains) ?? false) {
                try handOut(item, references: references, body)
            }
        }
        for item in items {
            if case .error = item { try handOut(item, references: nil, body) }
        }
    }

    /// The IDs of the tweets retweeted or quoted by `items` (`retweeted_status.id_str`,
    /// `quoted_status.id_str`, and their own).
    private static func nestedIDs(_ items: [Held]) -> Set<String> {
        let parser = JSONParser()
        var ids = Set<String>()
        func collect(_ object: UInt32, depth: Int) {
            for key in ["retweeted_status", "quoted_status"] {
                guard let nested = parser.field(key, of: object), parser.value(nested).type == CSTATUSJSON_OBJECT else {
                    continue
                }
                if let id = parser.field("id_str", of: nested), parser.value(id).type == CSTATUSJSON_STRING {
                    ids.insert(Fields.text(parser.value(id)))
                }
                if depth < 2 { collect(nested, depth: depth + 1) }
            }
        }
        for item in items {
            guard case .element(let element) = item else { continue }
            let parsed = element.bytes.withUnsafeBytes { parser.parse($0) }
            if parsed == CSTATUSJSON_OK, parser.value(0).type == CSTATUSJSON_OBJECT { collect(0, depth: 0) }
        }
        return ids
    }

    /// The IDs a YYKit timeline names, in order: a `tweet` entry's `id`, a `conversation`'s `ids`.
    private static func timelineOrder(_ bytes: UnsafeRawBufferPointer, line: Int) -> [TimelineEntry] {
        let parser = JSONParser()
        guard parser.parse(bytes) == CSTATUSJSON_OK else {
            return [.problem("response.timeline is not valid JSON: \(parser.errorMessage)", line: line)]
        }
        let root = parser.value(0)
        guard root.type == CSTATUSJSON_ARRAY else {
            return [.problem("response.timeline must be an array", line: line)]
        }
        func id(_ index: UInt32) -> String? {
            let value = parser.value(index)
            switch value.type {
            case CSTATUSJSON_STRING: return Fields.text(value)
            case CSTATUSJSON_INT64: return String(value.integer)
            case CSTATUSJSON_UINT64: return String(value.unsigned_integer)
            default: return nil
            }
        }
        var entries: [TimelineEntry] = []
        for (position, entry) in parser.elements(of: 0, count: root.length).enumerated() {
            guard parser.value(entry).type == CSTATUSJSON_OBJECT else {
                entries.append(.problem("response.timeline[\(position)] must be an object", line: line))
                continue
            }
            if let tweet = parser.field("tweet", of: entry), let value = parser.field("id", of: tweet),
                let id = id(value)
            {
                entries.append(.id(id, line: line))
            } else if let conversation = parser.field("conversation", of: entry),
                let ids = parser.field("ids", of: conversation),
                parser.value(ids).type == CSTATUSJSON_ARRAY
            {
                for element in parser.elements(of: ids, count: parser.value(ids).length) {
                    if let id = id(element) {
                        entries.append(.id(id, line: line))
                    } else {
                        entries.append(
                            .problem(
                                "response.timeline[\(position)].conversation.ids: an ID must be a string", line: line))
                    }
                }
            } else {
                entries.append(
                    .problem(
                        "response.timeline[\(position)] names no tweet (it has \(parser.keys(of: entry).joined(separator: ", ")))",
                        line: line))
            }
        }
        return entries
    }

    private enum TimelineEntry {
        case id(String, line: Int)
        case problem(String, line: Int)
    }

    /// Keeps the bytes of `bytes` (stream bytes from `offset`) that a later scan may need.
    private func keep(_ bytes: UnsafeRawBufferPointer, from offset: UInt64) {
        let retain = cstatusjson_framer_retain(framer)
        let end = offset + UInt64(bytes.count)
        let kept = Int(end - retain)
        if bytes.baseAddress == UnsafeRawPointer(buffer) {
            if kept > 0, retain > offset {
                buffer.copyMemory(from: bytes.baseAddress! + Int(retain - offset), byteCount: kept)
            }
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
