import Foundation

extension StatusDecoder {
    /// Decodes every status of `input` (a response body, a file's contents), in order, each as
    /// a status or as its error: ``decodeAll(_:)-([UInt8])`` of the bytes.
    ///
    /// - Complexity: O(n) in the size of the input.
    public func decodeAll(_ input: Data) -> [DecodedStatus] {
        decodeAll([UInt8](input))
    }

    /// Decodes every status of a JSON string, in order, each as a status or as its error.
    ///
    /// - Complexity: O(n) in the size of the input.
    public func decodeAll(_ input: String) -> [DecodedStatus] {
        decodeAll(Array(input.utf8))
    }

    /// Decodes one status object (a line of JSON Lines, the body of a single-status response).
    ///
    /// - Throws: ``StatusDecodingError`` when it is not one valid status object.
    public func decodeStatus(_ json: Data) throws(StatusDecodingError) -> Status {
        try decode([UInt8](json)).result.get()
    }

    /// Decodes one status object from a JSON string.
    ///
    /// - Throws: ``StatusDecodingError`` when it is not one valid status object.
    public func decodeStatus(_ json: String) throws(StatusDecodingError) -> Status {
        try decode(Array(json.utf8)).result.get()
    }
}

extension StatusSplitter {
    /// Reads the next chunk of the input as `Data` (what `FileHandle` and `URLSession` hand
    /// out); see ``feed(_:_:)-(UnsafeRawBufferPointer,_)``.
    ///
    /// - Complexity: O(n) in the size of the chunk (plus the kept bytes of an unfinished status).
    public func feed(_ chunk: Data, _ body: (Item) throws -> Void) rethrows {
        try chunk.withUnsafeBytes { try feed($0, body) }
    }
}
