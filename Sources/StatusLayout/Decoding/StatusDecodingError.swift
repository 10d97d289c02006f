/// Why one status could not be decoded. The other statuses of the input are unaffected.
public struct StatusDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, with the field's path (e.g. "user.verified must be a boolean, not a string").
    public var message: String

    /// Makes an error saying `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
