import CStatusJSON

/// One thread's JSON parser: simdjson's DOM parser (through `CStatusJSON`) and the values of the
/// last status it read, reached by index. ``StatusDecoder`` keeps one per thread.
///
/// Not thread-safe: one thread at a time.
final class JSONParser {
    private let handle: OpaquePointer
    /// Slots for the values of looked-up keys, taken and given back in stack order while a
    /// status is read (a status and the repost inside it use a few dozen at most).
    private let slots: UnsafeMutablePointer<UInt32>
    private var slotTop = 0
    private static let slotCount = 4096

    init() {
        guard let handle = cstatusjson_parser_create(StatusDecoder.maximumNesting) else {
            fatalError("out of memory making a JSON parser")
        }
        self.handle = handle
        slots = .allocate(capacity: Self.slotCount)
    }

    deinit {
        cstatusjson_parser_destroy(handle)
        slots.deallocate()
    }

    /// Parses `bytes` as one JSON value (value 0); returns `CSTATUSJSON_OK` or what is wrong.
    func parse(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        cstatusjson_parse(handle, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// simdjson's message for the last failed parse.
    var errorMessage: String { String(cString: cstatusjson_parser_error_message(handle)) }

    /// Value `index` of the last parse.
    func value(_ index: UInt32) -> cstatusjson_value {
        var value = cstatusjson_value()
        cstatusjson_get(handle, index, &value)
        return value
    }

    /// Runs `body` with the values of `keys` in the object `object` (the first of each key).
    func withFields<Result, Failure: Error>(
        of object: UInt32, _ keys: KeyTable,
        _ body: (Fields) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let base = slotTop
        precondition(base + keys.count <= Self.slotCount, "a status nests no deeper than StatusDecoder.maximumNesting")
        slotTop += keys.count
        defer { slotTop = base }
        cstatusjson_object_lookup_indexed(handle, object, keys.index, slots + base)
        return try body(Fields(parser: self, slots: slots + base, count: keys.count))
    }

    /// The value of the field `key` of `object`, if any.
    func field(_ key: String, of object: UInt32) -> UInt32? {
        var key = key
        return key.withUTF8 { bytes in
            var entry = cstatusjson_key(bytes: bytes.baseAddress, length: bytes.count)
            var slot = CSTATUSJSON_ABSENT
            cstatusjson_object_lookup(handle, object, &entry, 1, &slot)
            return slot == CSTATUSJSON_ABSENT ? nil : slot
        }
    }

    /// The keys of the object `object`, in order (for messages naming what a value holds).
    func keys(of object: UInt32) -> [String] {
        let count = value(object).length
        guard count > 0 else { return [] }
        return [String](unsafeUninitializedCapacity: count) { buffer, initialized in
            let keys = UnsafeMutablePointer<cstatusjson_key>.allocate(capacity: count)
            defer { keys.deallocate() }
            _ = cstatusjson_object_members(handle, object, keys, count)
            for index in 0..<count {
                (buffer.baseAddress! + index).initialize(
                    to: String(
                        decoding: UnsafeBufferPointer(
                            start: keys[index].bytes,
                            count: keys[index].length),
                        as: UTF8.self))
            }
            initialized = count
        }
    }

    /// The members of the object `object`: their keys and value indices, in order.
    func members(of object: UInt32) -> [(key: String, value: UInt32)] {
        let count = value(object).length
        guard count > 0 else { return [] }
        let keys = UnsafeMutablePointer<cstatusjson_key>.allocate(capacity: count)
        defer { keys.deallocate() }
        let first = cstatusjson_object_members(handle, object, keys, count)
        return (0..<count).map { index in
            (
                String(
                    decoding: UnsafeBufferPointer(start: keys[index].bytes, count: keys[index].length), as: UTF8.self),
                first + UInt32(index)
            )
        }
    }

    /// The elements of the array `array`: value indices `first ..< first + count`.
    func elements(of array: UInt32, count: Int) -> Range<UInt32> {
        let first = cstatusjson_array_elements(handle, array)
        return first..<first + UInt32(count)
    }
}

/// Keys to look up in an object, made once (their bytes are string literals).
struct KeyTable: @unchecked Sendable {  // Immutable after init; the pointers are to static literals.
    let keys: UnsafeMutablePointer<cstatusjson_key>
    let count: Int
    /// The keys by hash (one probe a field, not one comparison per key).
    let index: OpaquePointer

    init(_ names: [StaticString]) {
        count = names.count
        keys = .allocate(capacity: names.count)  // kept for the life of the process
        for (index, name) in names.enumerated() {
            keys[index] = cstatusjson_key(bytes: name.utf8Start, length: name.utf8CodeUnitCount)
        }
        guard let index = cstatusjson_key_index_create(keys, count) else {
            fatalError("a key table of \(count) keys (at most 64)")
        }
        self.index = index
    }
}

/// The values of an object's keys (by the key's place in its ``KeyTable``), read with type
/// checks. A wrong type is an error naming the key; ``StatusDecodingError/inside(_:)`` puts
/// the path of the object in front on the way out.
struct Fields {
    let parser: JSONParser
    let slots: UnsafeMutablePointer<UInt32>
    /// How many keys the table had.
    let count: Int

    /// The value of key `key`, or nil when absent.
    func value(_ key: Int) -> cstatusjson_value? {
        let slot = slots[key]
        return slot == CSTATUSJSON_ABSENT ? nil : parser.value(slot)
    }

    /// Whether any of the keys is present.
    func any() -> Bool {
        for key in 0..<count where slots[key] != CSTATUSJSON_ABSENT { return true }
        return false
    }

    /// The index of key `key`'s value, or nil when absent.
    func slot(_ key: Int) -> UInt32? {
        let slot = slots[key]
        return slot == CSTATUSJSON_ABSENT ? nil : slot
    }

    func string(_ key: Int, _ name: StaticString) throws(StatusDecodingError) -> String? {
        guard let value = value(key), value.type != CSTATUSJSON_NULL else { return nil }
        guard value.type == CSTATUSJSON_STRING else { throw .mismatch(name, "a string", value) }
        return Self.text(value)
    }

    func bool(_ key: Int, _ name: StaticString) throws(StatusDecodingError) -> Bool? {
        guard let value = value(key), value.type != CSTATUSJSON_NULL else { return nil }
        switch value.type {
        case CSTATUSJSON_TRUE: return true
        case CSTATUSJSON_FALSE: return false
        default: throw .mismatch(name, "a boolean", value)
        }
    }

    /// A flag the API sends as "1"/"0", 1/0 or a boolean.
    func flag(_ key: Int, _ name: StaticString) throws(StatusDecodingError) -> Bool {
        guard let value = value(key) else { return false }
        switch value.type {
        case CSTATUSJSON_NULL, CSTATUSJSON_FALSE: return false
        case CSTATUSJSON_TRUE: return true
        case CSTATUSJSON_INT64: return value.integer != 0
        case CSTATUSJSON_STRING:
            let text = Self.text(value)
            return text == "1" || text == "true"
        default: throw .mismatch(name, "\"1\", 1 or a boolean", value)
        }
    }

    func number(_ key: Int, _ name: StaticString) throws(StatusDecodingError) -> Double? {
        guard let value = value(key), value.type != CSTATUSJSON_NULL else { return nil }
        switch value.type {
        case CSTATUSJSON_INT64, CSTATUSJSON_UINT64, CSTATUSJSON_DOUBLE: return value.number
        default: throw .mismatch(name, "a number", value)
        }
    }

    /// A count: a whole number (1e3 is 1000), 0 when absent.
    func count(_ key: Int, _ name: StaticString) throws(StatusDecodingError) -> Int {
        guard let value = value(key) else { return 0 }
        switch value.type {
        case CSTATUSJSON_NULL: return 0
        case CSTATUSJSON_INT64: return Int(value.integer)
        case CSTATUSJSON_DOUBLE where value.number == value.number.rounded() && abs(value.number) < 0x1p63:
            return Int(value.number)
        case CSTATUSJSON_DOUBLE:
            throw StatusDecodingError(
                "\(name) must be a whole number, not \(value.number == value.number.rounded() ? "a number out of range" : "a fraction")"
            )
        case CSTATUSJSON_UINT64: throw StatusDecodingError("\(name) must be a whole number, not a number out of range")
        default: throw .mismatch(name, "a whole number", value)
        }
    }

    /// The index of an object value, nil when absent or null.
    func object(_ key: Int, _ name: StaticString) throws(StatusDecodingError) -> UInt32? {
        guard let slot = slot(key) else { return nil }
        let value = parser.value(slot)
        switch value.type {
        case CSTATUSJSON_NULL: return nil
        case CSTATUSJSON_OBJECT: return slot
        default: throw .mismatch(name, "an object", value)
        }
    }

    /// The elements of an array value, nil when absent or null.
    func array(_ key: Int, _ name: StaticString) throws(StatusDecodingError) -> Range<UInt32>? {
        guard let slot = slot(key) else { return nil }
        let value = parser.value(slot)
        switch value.type {
        case CSTATUSJSON_NULL: return nil
        case CSTATUSJSON_ARRAY: return parser.elements(of: slot, count: value.length)
        default: throw .mismatch(name, "an array", value)
        }
    }

    // MARK: Lenient reading: a malformed value costs itself, with a note

    /// A string; nil when absent or null; any other type is noted and read as absent.
    func lenientString(_ key: Int, _ name: StaticString, _ notes: inout [String]) -> String? {
        guard let value = value(key), value.type != CSTATUSJSON_NULL else { return nil }
        if value.type == CSTATUSJSON_STRING { return Self.text(value) }
        notes.append("\(name) must be a string, not \(value.typeName); ignored")
        return nil
    }

    /// An identifier: a string, or a whole number's decimal form (Weibo sends some either way);
    /// nil when absent or null; any other type is noted and read as absent.
    func lenientIdentifier(_ key: Int, _ name: StaticString, _ notes: inout [String]) -> String? {
        guard let value = value(key), value.type != CSTATUSJSON_NULL else { return nil }
        switch value.type {
        case CSTATUSJSON_STRING: return Self.text(value)
        case CSTATUSJSON_INT64: return String(value.integer)
        case CSTATUSJSON_UINT64: return String(value.unsigned_integer)
        default:
            notes.append("\(name) must be a string, not \(value.typeName); ignored")
            return nil
        }
    }

    /// A whole number sent as a number or a decimal string ("1242"); nil when absent or null;
    /// anything else (a fraction, a word, another type) is noted and read as absent.
    func lenientInteger(_ key: Int, _ name: StaticString, _ notes: inout [String], ignored: String = "ignored") -> Int?
    {
        guard let value = value(key), value.type != CSTATUSJSON_NULL else { return nil }
        if let number = Self.integer(value) { return number }
        notes.append("\(name) must be a whole number, not \(Self.shown(value)); \(ignored)")
        return nil
    }

    /// A count: a whole number or a decimal string; any other string ("100万+") is shown as sent;
    /// absent or null is 0; another type is noted and read as 0.
    func lenientCount(_ key: Int, _ name: StaticString, _ notes: inout [String]) -> StatusCount {
        guard let value = value(key), value.type != CSTATUSJSON_NULL else { return 0 }
        if let number = Self.integer(value) { return .number(number) }
        if value.type == CSTATUSJSON_STRING {
            let text = Self.text(value).trimmingASCIISpaces
            return text.isEmpty ? 0 : .text(text)
        }
        notes.append("\(name) must be a whole number or a string, not \(Self.shown(value)); shown as 0")
        return 0
    }

    /// A flag sent as a boolean, 0/1 or "0"/"1"/"true"/"false"; nil when absent or null; anything
    /// else is noted and read as absent.
    func lenientFlag(_ key: Int, _ name: StaticString, _ notes: inout [String]) -> Bool? {
        guard let value = value(key), value.type != CSTATUSJSON_NULL else { return nil }
        switch value.type {
        case CSTATUSJSON_TRUE: return true
        case CSTATUSJSON_FALSE: return false
        case CSTATUSJSON_INT64: return value.integer != 0
        case CSTATUSJSON_STRING:
            switch Self.text(value) {
            case "1", "true": return true
            case "0", "false", "": return false
            default: break
            }
        default: break
        }
        notes.append("\(name) must be a boolean, 0 or 1, not \(Self.shown(value)); ignored")
        return nil
    }

    /// The index of an object value; nil when absent or null; another type is noted and read as absent.
    func lenientObject(_ key: Int, _ name: StaticString, _ notes: inout [String]) -> UInt32? {
        guard let slot = slot(key) else { return nil }
        let value = parser.value(slot)
        switch value.type {
        case CSTATUSJSON_NULL: return nil
        case CSTATUSJSON_OBJECT: return slot
        default:
            notes.append("\(name) must be an object, not \(value.typeName); ignored")
            return nil
        }
    }

    /// The elements of an array value; nil when absent or null; another type is noted and read as absent.
    func lenientArray(_ key: Int, _ name: StaticString, _ notes: inout [String]) -> Range<UInt32>? {
        guard let slot = slot(key) else { return nil }
        let value = parser.value(slot)
        switch value.type {
        case CSTATUSJSON_NULL: return nil
        case CSTATUSJSON_ARRAY: return parser.elements(of: slot, count: value.length)
        default:
            notes.append("\(name) must be an array, not \(value.typeName); ignored")
            return nil
        }
    }

    /// A whole number from a number or a decimal string, if it is one that fits in an `Int`.
    static func integer(_ value: cstatusjson_value) -> Int? {
        switch value.type {
        case CSTATUSJSON_INT64: return Int(value.integer)
        case CSTATUSJSON_DOUBLE where value.number == value.number.rounded() && abs(value.number) < 0x1p62:
            return Int(value.number)
        case CSTATUSJSON_STRING:
            guard value.length > 0, value.length <= 18, let bytes = value.string else { return nil }
            var result = 0
            var start = 0
            var end = value.length
            while start < end, bytes[start] == 0x20 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 { end -= 1 }
            guard start < end else { return nil }
            for index in start..<end {
                let digit = bytes[index] &- 0x30
                guard digit <= 9 else { return nil }
                result = result * 10 + Int(digit)
            }
            return result
        default: return nil
        }
    }

    /// A value as a message shows it: a string with its text, a number, or its type.
    static func shown(_ value: cstatusjson_value) -> String {
        switch value.type {
        case CSTATUSJSON_STRING: return "\"" + String(text(value).prefix(40)) + "\""
        case CSTATUSJSON_INT64: return String(value.integer)
        case CSTATUSJSON_UINT64: return String(value.unsigned_integer)
        case CSTATUSJSON_DOUBLE: return String(value.number)
        default: return value.typeName
        }
    }

    /// A string value's text (valid UTF-8: the parser checked the input and its escapes).
    static func text(_ value: cstatusjson_value) -> String {
        String(decoding: UnsafeBufferPointer(start: value.string, count: value.length), as: UTF8.self)
    }
}

extension cstatusjson_value {
    /// The JSON type's name, for error messages.
    var typeName: String {
        switch type {
        case CSTATUSJSON_NULL: "null"
        case CSTATUSJSON_TRUE, CSTATUSJSON_FALSE: "a boolean"
        case CSTATUSJSON_INT64, CSTATUSJSON_UINT64, CSTATUSJSON_DOUBLE: "a number"
        case CSTATUSJSON_STRING: "a string"
        case CSTATUSJSON_ARRAY: "an array"
        default: "an object"
        }
    }
}

extension String {
    /// The string without ASCII spaces at either end.
    var trimmingASCIISpaces: String {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 }) else { return "" }
        let last = utf8.lastIndex(where: { $0 != 0x20 })!
        return String(self[first...last])
    }
}

extension [String] {
    /// Puts `path` (of the object they are in) in front of the notes from `start` on:
    /// "user" + "verified must be…" is "user.verified must be…", "pic_urls[1]" + "must be…" is
    /// "pic_urls[1] must be…", "pic_infos.p" + "no variant has…" is "pic_infos.p: no variant has…".
    mutating func prefixing(from start: Int, with path: String) {
        guard start < count else { return }
        for index in start..<count { self[index] = Self.joined(path, self[index]) }
    }

    static func joined(_ path: String, _ message: String) -> String {
        if message.hasPrefix("must ") { return path + " " + message }
        if message.hasPrefix("[") { return path + message }
        // A message that starts with a field's name goes on the path.
        let name = message.prefix { $0 != " " && $0 != ":" }
        if !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_.[]".contains($0)) }),
            let next = message.dropFirst(name.count).first,
            next == ":" || message.dropFirst(name.count).hasPrefix(" must")
        {
            return path + "." + message
        }
        return path + ": " + message
    }
}

extension StatusDecodingError {
    /// "`name` must be `expected`, not `value`'s type".
    static func mismatch(_ name: StaticString, _ expected: String, _ value: cstatusjson_value) -> StatusDecodingError {
        StatusDecodingError("\(name) must be \(expected), not \(value.typeName)")
    }

    /// The same error seen from the object holding `field` (a key or a path, "pic_urls[3]"):
    /// "verified must be ..." inside "user" is "user.verified must be ...", "must be an object"
    /// inside "pic_urls[3]" is "pic_urls[3] must be an object".
    func inside(_ field: String) -> StatusDecodingError {
        if message.hasPrefix("[") { return StatusDecodingError(field + message) }
        if message.hasPrefix("must ") { return StatusDecodingError(field + " " + message) }
        return StatusDecodingError(field + "." + message)
    }
}
