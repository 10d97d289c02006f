import Foundation

/// Decodes Weibo open-API statuses: one status object, JSON Lines (one status per line), a JSON
/// array of statuses, or a timeline response (an object with a `statuses` array).
///
/// Unknown fields are ignored and missing optional fields take defaults. A status with no usable
/// ID, or with a field of the wrong type, is an error for that status alone. Invalid UTF-8 is
/// replaced by U+FFFD (the caller is told, see ``DecodedStatus/repairedUTF8``).
///
/// Thread-safe: a value type with no state.
public struct StatusDecoder: Sendable {
    public init() {}

    /// Decodes every status of `input`, in order, each as a status or as its error.
    ///
    /// - Complexity: O(n) in the size of the input.
    public func decodeAll(_ input: [UInt8]) -> [DecodedStatus] {
        switch split(input) {
        case .document(let statuses):
            return statuses
        case .lines(let ranges):
            return ranges.enumerated().map { decodeLine(input[$1], position: $0 + 1) }
        }
    }

    /// The shape of an input: JSON Lines to decode line by line (each line's byte range, to
    /// decode with ``decodeLine(_:position:)``, on several threads if you like), or the
    /// statuses of one JSON document, decoded.
    public enum Input: Sendable {
        case lines([Range<Int>])
        case document([DecodedStatus])
    }

    /// Finds the shape of `input`: one JSON document (an array, a timeline object with
    /// `statuses`, a single status) is decoded at once; anything else is JSON Lines, one status
    /// per line, every line answered (empty ones too, but for the final newline). An input that
    /// starts with "[" but is not valid JSON is JSON Lines when another of its lines is a JSON
    /// object by itself (a broken first line), else one error (a broken array).
    public func split(_ input: [UInt8]) -> Input {
        if let first = input.firstIndex(where: { !Self.isJSONWhiteSpace($0) }),
           input[first] == UInt8(ascii: "[") || input[first] == UInt8(ascii: "{") {
            let (text, repaired) = Self.text(input[...])
            let depth = Self.nestingDepth(input[...])
            if depth > Self.maximumNesting, input[first] == UInt8(ascii: "[") {
                return .document([DecodedStatus(position: 1, result: .failure(Self.tooDeep(depth)), repairedUTF8: repaired)])
            }
            if depth <= Self.maximumNesting, let document = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) {
                var elements = [document]
                if case .array(let array) = document {
                    elements = array
                } else if case .object(let fields) = document, case .array(let array)? = fields["statuses"] {
                    elements = array
                }
                return .document(elements.enumerated().map { index, element in
                    DecodedStatus(position: index + 1, result: result(element), repairedUTF8: repaired)
                })
            }
            if input[first] == UInt8(ascii: "[") {
                // Not one valid document. JSON Lines whose first line is broken ("[garbage")
                // start the same way: when another line is a JSON object by itself, answer line
                // by line; otherwise it is a broken array (truncated, or one line), one error.
                let ranges = Self.lineRanges(input)
                if ranges.count > 1, ranges.dropFirst().contains(where: { Self.isJSONObject(input[$0]) }) {
                    return .lines(ranges)
                }
                return .document([DecodedStatus(position: 1, result: .failure(StatusDecodingError(
                    "the input starts like a JSON array but is not valid JSON (truncated?)")), repairedUTF8: repaired)])
            }
        }
        return .lines(Self.lineRanges(input))
    }

    /// The byte ranges of the lines of `input` (without their "\n"; no line after a final one).
    static func lineRanges(_ input: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        while start < input.count {
            let end = input[start...].firstIndex(of: 0x0A) ?? input.count
            ranges.append(start..<end)
            start = end + 1
        }
        return ranges
    }

    /// Whether `line` is one JSON object (what a line of JSON Lines holds), nested no deeper
    /// than a status may be.
    static func isJSONObject(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.firstIndex(where: { !isJSONWhiteSpace($0) }), line[first] == UInt8(ascii: "{"),
              nestingDepth(line) <= maximumNesting,
              case .object? = try? JSONDecoder().decode(JSONValue.self, from: Data(line)) else { return false }
        return true
    }

    /// The deepest nesting of arrays and objects allowed: a status needs 4 levels (a timeline,
    /// a status, a repost, its user or pictures); deeper input is refused before it is parsed,
    /// since parsing recurses once a level (and could overflow a small thread stack).
    public static let maximumNesting = 64

    /// How deep arrays and objects nest in `bytes` (strings skipped).
    static func nestingDepth(_ bytes: ArraySlice<UInt8>) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    private static func tooDeep(_ depth: Int) -> StatusDecodingError {
        StatusDecodingError("nested \(depth) levels deep; a status needs at most \(maximumNesting)")
    }

    /// Decodes one line of JSON Lines.
    public func decodeLine(_ bytes: ArraySlice<UInt8>, position: Int) -> DecodedStatus {
        var slice = bytes
        if slice.last == 0x0D { slice = slice.dropLast() }
        let (text, repaired) = Self.text(slice)
        guard text.utf8.contains(where: { !Self.isJSONWhiteSpace($0) }) else {
            return DecodedStatus(position: position, result: .failure(StatusDecodingError("empty line")), repairedUTF8: repaired)
        }
        let depth = Self.nestingDepth(slice)
        guard depth <= Self.maximumNesting else {
            return DecodedStatus(position: position, result: .failure(Self.tooDeep(depth)), repairedUTF8: repaired)
        }
        let result: Result<Status, StatusDecodingError>
        do {
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            result = self.result(value)
        } catch {
            result = .failure(StatusDecodingError("not valid JSON: \(Self.describe(error))"))
        }
        return DecodedStatus(position: position, result: result, repairedUTF8: repaired)
    }

    private func result(_ value: JSONValue) -> Result<Status, StatusDecodingError> {
        do { return .success(try decode(value)) } catch { return .failure(error) }
    }

    /// Decodes one status from parsed JSON.
    func decode(_ value: JSONValue) throws(StatusDecodingError) -> Status {
        guard case .object(let fields) = value else {
            throw StatusDecodingError("a status must be a JSON object, not \(value.typeName)")
        }
        return try decodeStatus(Fields(fields, path: ""), depth: 0)
    }

    private func decodeStatus(_ f: Fields, depth: Int) throws(StatusDecodingError) -> Status {
        let id = try Self.statusID(f)
        var status = Status(id: id)
        status.text = try f.string("text") ?? ""
        status.createdAt = try f.string("created_at") ?? ""
        status.source = try f.string("source") ?? ""
        if let user = try f.object("user") {
            status.user = StatusUser(screenName: try user.string("screen_name") ?? "",
                                     isVerified: try user.bool("verified") ?? false,
                                     profileImageURL: try user.string("profile_image_url") ?? "")
        }
        status.repostsCount = try f.count("reposts_count")
        status.commentsCount = try f.count("comments_count")
        status.attitudesCount = try f.count("attitudes_count")
        status.isLongText = try f.bool("isLongText") ?? false
        status.isDeleted = try f.flag("deleted") || (depth > 0 && status.user == nil)
        status.pictures = try Self.pictures(f)
        if let retweet = try f.object("retweeted_status") {
            // A repost of a repost is shown as a repost of the original: one level is kept.
            var nested = try decodeStatus(retweet, depth: depth + 1)
            nested.retweetedStatus = nil
            status.retweetedStatus = nested
        }
        return status
    }

    /// `idstr` when it is a 64-bit decimal, else `id` (a number or a decimal string).
    private static func statusID(_ f: Fields) throws(StatusDecodingError) -> StatusID {
        var fromIdstr: StatusID?
        if let idstr = try f.string("idstr") {
            guard let parsed = StatusID(idstr) else {
                throw StatusDecodingError("\(f.path("idstr")) must be a decimal 64-bit integer, not \"\(idstr.prefix(40))\"")
            }
            fromIdstr = parsed
        }
        var fromId: StatusID?
        switch f.fields["id"] {
        case nil, .null?: break
        case .integer(let value)?: fromId = StatusID(value)
        case .string(let text)?:
            guard let parsed = StatusID(text) else {
                throw StatusDecodingError("\(f.path("id")) must be a 64-bit integer, not \"\(text.prefix(40))\"")
            }
            fromId = parsed
        case .number?: throw StatusDecodingError("\(f.path("id")) must be a 64-bit integer, not a fraction or out of range")
        case let other?: throw StatusDecodingError("\(f.path("id")) must be a number, not \(other.typeName)")
        }
        if let fromId, let fromIdstr, fromId != fromIdstr {
            throw StatusDecodingError("\(f.path("id")) \(fromId) and \(f.path("idstr")) \(fromIdstr) disagree")
        }
        guard let id = fromIdstr ?? fromId else {
            throw StatusDecodingError("\(f.path("id")): the status has no usable id (neither id nor idstr)")
        }
        return id
    }

    /// `pic_urls` (with `width`/`height` when sent), sizes completed from `pic_infos`; or the
    /// pictures of `pic_infos` in `pic_ids` order when there is no `pic_urls`.
    private static func pictures(_ f: Fields) throws(StatusDecodingError) -> [StatusPicture] {
        let infos = try f.object("pic_infos")
        func infoSize(_ pid: String) throws(StatusDecodingError) -> (Int, Int)? {
            guard let info = try infos?.object(pid) else { return nil }
            for variant in ["large", "original", "bmiddle", "mw2000", "thumbnail"] {
                if let v = try info.object(variant), let size = try credibleSize(v) { return size }
            }
            return try credibleSize(info)
        }
        var pictures: [StatusPicture] = []
        if let urls = try f.array("pic_urls") {
            pictures.reserveCapacity(urls.count)
            for (index, element) in urls.enumerated() {
                guard case .object(let fields) = element else {
                    throw StatusDecodingError("\(f.path("pic_urls"))[\(index)] must be an object, not \(element.typeName)")
                }
                let picture = Fields(fields, path: f.path("pic_urls") + "[\(index)]")
                let url = try picture.string("thumbnail_pic") ?? ""
                let pid = try picture.string("pid") ?? Self.pictureID(fromURL: url)
                var size = try credibleSize(picture)
                if size == nil, !pid.isEmpty { size = try infoSize(pid) }
                pictures.append(StatusPicture(url: url, pixelSize: size.map { (width: $0.0, height: $0.1) }))
            }
        } else if let infos, let ids = try f.array("pic_ids") {
            for (index, element) in ids.enumerated() {
                guard case .string(let pid) = element else {
                    throw StatusDecodingError("\(f.path("pic_ids"))[\(index)] must be a string, not \(element.typeName)")
                }
                let url = try infos.object(pid)?.object("thumbnail")?.string("url") ?? ""
                let size = try infoSize(pid)
                pictures.append(StatusPicture(url: url, pixelSize: size.map { (width: $0.0, height: $0.1) }))
            }
        }
        return pictures
    }

    /// `width` and `height` when both are whole numbers in 1...100,000; nil when absent or not
    /// credible (0, negative, huge: the layout then shows a square). Wrong types are errors.
    private static func credibleSize(_ f: Fields) throws(StatusDecodingError) -> (Int, Int)? {
        guard let width = try f.number("width"), let height = try f.number("height") else { return nil }
        let limit = Double(StatusPicture.largestCredibleSide)
        guard width >= 1, height >= 1, width <= limit, height <= limit else { return nil }
        return (Int(width.rounded()), Int(height.rounded()))
    }

    /// The picture ID in a Weibo picture URL (".../thumbnail/<pid>.jpg").
    static func pictureID(fromURL url: String) -> String {
        guard let slash = url.lastIndex(of: "/") else { return "" }
        let name = url[url.index(after: slash)...]
        return String(name.split(separator: ".").first ?? "")
    }

    private static func isJSONWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The bytes as text, invalid UTF-8 replaced by U+FFFD.
    private static func text(_ bytes: ArraySlice<UInt8>) -> (String, repaired: Bool) {
        if let valid = String(validating: bytes, as: UTF8.self) { return (valid, false) }
        return (String(decoding: bytes, as: UTF8.self), true)
    }

    private static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .dataCorrupted(let context):
                let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
                let message = underlying ?? context.debugDescription
                return path.isEmpty ? message : path + ": " + message
            default:
                return "\(decoding)"
            }
        }
        return "\(error)"
    }
}

/// One status of an input, or why it could not be decoded.
public struct DecodedStatus: Sendable {
    /// Its place in the input: the line of JSON Lines, or the index (from 1) in an array.
    public var position: Int
    public var result: Result<Status, StatusDecodingError>
    /// Whether invalid UTF-8 in its input was replaced by U+FFFD.
    public var repairedUTF8: Bool
}

/// The fields of a JSON object, read with type checks and the path for error messages.
struct Fields {
    let fields: [String: JSONValue]
    let prefix: String

    init(_ fields: [String: JSONValue], path: String) {
        self.fields = fields
        prefix = path
    }

    func path(_ key: String) -> String { prefix.isEmpty ? key : prefix + "." + key }

    private func mismatch(_ key: String, _ expected: String, _ got: JSONValue) -> StatusDecodingError {
        StatusDecodingError("\(path(key)) must be \(expected), not \(got.typeName)")
    }

    func string(_ key: String) throws(StatusDecodingError) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw mismatch(key, "a string", other)
        }
    }

    func bool(_ key: String) throws(StatusDecodingError) -> Bool? {
        switch fields[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw mismatch(key, "a boolean", other)
        }
    }

    /// A flag the API sends as "1"/"0", 1/0 or a boolean.
    func flag(_ key: String) throws(StatusDecodingError) -> Bool {
        switch fields[key] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        case .integer(let value)?: return value != 0
        case .string(let value)?: return value == "1" || value == "true"
        case let other?: throw mismatch(key, "\"1\", 1 or a boolean", other)
        }
    }

    func number(_ key: String) throws(StatusDecodingError) -> Double? {
        switch fields[key] {
        case nil, .null?: return nil
        case .integer(let value)?: return Double(value)
        case .number(let value)?: return value
        case let other?: throw mismatch(key, "a number", other)
        }
    }

    /// A count: a whole number, 0 when absent.
    func count(_ key: String) throws(StatusDecodingError) -> Int {
        switch fields[key] {
        case nil, .null?: return 0
        case .integer(let value)?: return Int(value)
        case let other?: throw mismatch(key, "a whole number", other)
        }
    }

    func object(_ key: String) throws(StatusDecodingError) -> Fields? {
        switch fields[key] {
        case nil, .null?: return nil
        case .object(let value)?: return Fields(value, path: path(key))
        case let other?: throw mismatch(key, "an object", other)
        }
    }

    func array(_ key: String) throws(StatusDecodingError) -> [JSONValue]? {
        switch fields[key] {
        case nil, .null?: return nil
        case .array(let value)?: return value
        case let other?: throw mismatch(key, "an array", other)
        }
    }
}
