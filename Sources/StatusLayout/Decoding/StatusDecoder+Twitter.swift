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
