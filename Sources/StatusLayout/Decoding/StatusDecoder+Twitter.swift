import CStatusJSON

/// Twitter's statuses: API v1.1, API v2 (with the response's `includes`), and the tweets of
/// YYKit's Twitter demo pages.
extension StatusDecoder {
    /// Decodes a Twitter status object.
    static func twitterStatus(_ parser: JSONParser, object: UInt32, depth: Int,
                              references: StatusReferences?) throws(StatusDecodingError) -> Status {
        throw StatusDecodingError("Twitter statuses are not read yet")
    }
}

extension StatusDecoder {
    /// The references of a v2 response's `includes` object.
    static func twitterIncludes(_ bytes: UnsafeRawBufferPointer) -> StatusReferences { StatusReferences() }
    /// The users of YYKit's `twitter_objects.users`.
    static func twitterUsers(_ bytes: UnsafeRawBufferPointer) -> StatusReferences { StatusReferences() }
}
