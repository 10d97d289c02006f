import CStatusJSON
import LockSupport

/// Decodes statuses with simdjson: one status at a time (``decode(_:line:column:index:)-(UnsafeRawBufferPointer,_,_,_)``,
/// ``decode(_:)-(StatusElement)``), or every status of an input of any shape (``decodeAll(_:)-([UInt8])``:
/// JSON Lines, arrays, timeline pages and the web APIs' responses, pretty-printed or not; see
/// ``StatusSplitter`` for input that arrives in chunks).
///
/// Each status is read as the network its fields say it comes from (``StatusFormat/automatic``),
/// or as the one the decoder is made for. Unknown fields are ignored. What a malformed field
/// costs is decided per field: a status needs only a usable ID (`idstr`, else `id`: a whole
/// number or a string of decimal digits, 64 bits at most, never a fraction or an exponent); a
/// picture's size, a count, a date, a card, a title or a user that cannot be read is dropped
/// with a note in ``Status/warnings`` naming the field (a picture without a size is shown as
/// YYKit shows it: a square), and sizes and counts sent as decimal strings are read. A status
/// that is not valid JSON, has no usable ID, matches no known format, or has a lone surrogate,
/// a number out of range or nesting deeper than ``maximumNesting`` is an error for that status
/// alone, whose message names the field or the line and column. Invalid UTF-8 is replaced by
/// U+FFFD (see ``DecodedStatus/repairedUTF8``).
///
/// Thread-safe: each thread decodes with a parser of its own, kept between calls.
public struct StatusDecoder: Sendable {
    /// Which network's statuses it reads.
    public let format: StatusFormat

    /// Makes a decoder (the parsers, one per thread, are shared by every decoder).
    ///
    /// - Parameter format: the network whose statuses it reads; ``StatusFormat/automatic``
    ///   (the default) tells each status's network by its fields.
    public init(format: StatusFormat = .automatic) {
        self.format = format
    }

    /// The deepest nesting of arrays and objects a status may have: a status needs 4 levels
    /// (a status, a repost, its user or pictures, a picture); deeper ones are refused before they
    /// are parsed.
    public static let maximumNesting = 64

    private static let parsers = ThreadLocal { JSONParser() }

    /// Decodes every status of `input`, in order, each as a status or as its error.
    ///
    /// - Complexity: O(n) in the size of the input.
    public func decodeAll(_ input: [UInt8]) -> [DecodedStatus] {
        var results: [DecodedStatus] = []
        let splitter = StatusSplitter()
        let collect: (StatusSplitter.Item) -> Void = { item in
            switch item {
            case .element(let element): results.append(decode(element))
            case .error(let error): results.append(error)
            }
        }
        input.withUnsafeBytes { splitter.feed($0, collect) }
        splitter.finish(collect)
        return results
    }

    /// Decodes one element found by a ``StatusSplitter``.
    public func decode(_ element: StatusElement) -> DecodedStatus {
        if element.depth > Self.maximumNesting {
            // Refused before parsing; the diagnosis (a reader with a stack of 64) names where.
            let error = Diagnosis.error(
                for: element.bytes, line: element.line, column: element.column, parserMessage: "")
            return DecodedStatus(line: element.line, index: element.index, result: .failure(error), repairedUTF8: false)
        }
        return decode(
            element.bytes, line: element.line, column: element.column, index: element.index,
            source: element.source, references: element.references)
    }

    /// Decodes the bytes of one status (a JSON object, white space around it allowed).
    ///
    /// - Parameters:
    ///   - bytes: the status.
    ///   - line: the line where it begins in its input (for error messages).
    ///   - column: the column where it begins on that line.
    ///   - index: its place among the input's statuses.
    /// - Complexity: O(n) in the size of the status.
    public func decode(_ bytes: UnsafeRawBufferPointer, line: Int = 1, column: Int = 1, index: Int = 1) -> DecodedStatus
    {
        decode(bytes, line: line, column: column, index: index, source: .plain, references: nil)
    }

    /// Decodes the bytes of one status found where `source` says, with the objects its response
    /// holds beside it.
    func decode(
        _ bytes: UnsafeRawBufferPointer, line: Int, column: Int, index: Int, source: StatusElement.Source,
        references: StatusReferences?
    ) -> DecodedStatus {
        let parser = Self.parsers.value
        var code = parser.parse(bytes)
        if code == CSTATUSJSON_INVALID_UTF8 {
            let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
            return repaired.withUnsafeBytes { bytes in
                code = parser.parse(bytes)
                return finish(
                    parser, code, bytes, line: line, column: column, index: index, source: source,
                    references: references,
                    repaired: true)
            }
        }
        return finish(
            parser, code, bytes, line: line, column: column, index: index, source: source, references: references,
            repaired: false)
    }

    /// Decodes the bytes of one status.
    public func decode(_ bytes: some Collection<UInt8>, line: Int = 1, column: Int = 1, index: Int = 1) -> DecodedStatus
    {
        if let result = bytes.withContiguousStorageIfAvailable({
            decode(UnsafeRawBufferPointer($0), line: line, column: column, index: index)
        }) {
            return result
        }
        return Array(bytes).withUnsafeBytes { decode($0, line: line, column: column, index: index) }
    }

    private func finish(
        _ parser: JSONParser, _ code: Int32, _ bytes: UnsafeRawBufferPointer, line: Int, column: Int,
        index: Int, source: StatusElement.Source, references: StatusReferences?, repaired: Bool
    ) -> DecodedStatus {
        let result: Result<Status, StatusDecodingError>
        if code == CSTATUSJSON_OK {
            do {
                result = .success(try status(parser, source: source, references: references))
            } catch {
                result = .failure(error)
            }
        } else if code == CSTATUSJSON_NO_MEMORY {
            result = .failure(StatusDecodingError("out of memory parsing a status of \(bytes.count) bytes"))
        } else {
            result = .failure(
                Diagnosis.error(for: bytes, line: line, column: column, parserMessage: parser.errorMessage))
        }
        return DecodedStatus(line: line, index: index, result: result, repairedUTF8: repaired)
    }

    /// "x[0][0]: nested 71 levels deep; a status needs at most 64, at line 2, column 40" (`field`
    /// and `at` are empty when not known).
    static func tooDeep(_ depth: Int, field: String = "", at: String = "") -> StatusDecodingError {
        StatusDecodingError("\(field)nested \(depth) levels deep; a status needs at most \(maximumNesting)\(at)")
    }

    /// The picture ID in a Weibo picture URL (".../thumbnail/<pid>.jpg").
    static func pictureID(fromURL url: String) -> String {
        guard let slash = url.lastIndex(of: "/") else { return "" }
        let name = url[url.index(after: slash)...]
        return String(name.split(separator: ".").first ?? "")
    }
}

/// One status of an input, or why it could not be decoded.
public struct DecodedStatus: Sendable {
    /// The line of the input where it begins, from 1.
    public var line: Int
    /// Its place among the input's statuses (and errors in their place), from 1: the n-th answer.
    public var index: Int
    /// The status, or why it could not be decoded.
    public var result: Result<Status, StatusDecodingError>
    /// Whether invalid UTF-8 in its input was replaced by U+FFFD.
    public var repairedUTF8: Bool

    /// Makes a decoded status.
    public init(line: Int, index: Int, result: Result<Status, StatusDecodingError>, repairedUTF8: Bool) {
        self.line = line
        self.index = index
        self.result = result
        self.repairedUTF8 = repairedUTF8
    }
}
