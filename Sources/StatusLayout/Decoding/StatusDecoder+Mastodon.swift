import CStatusJSON

/// Mastodon's `Status` entities.
extension StatusDecoder {
    /// Decodes a Mastodon status object.
    static func mastodonStatus(_ parser: JSONParser, object: UInt32, depth: Int) throws(StatusDecodingError) -> Status {
        throw StatusDecodingError("Mastodon statuses are not read yet")
    }
}
