/// The objects a response holds beside its statuses, which the statuses name by ID: Twitter API
/// v2's `includes` (`users` by `id`, `media` by `media_key`, `tweets` by `id`), and the users of
/// the pages of YYKit's Twitter demo (`twitter_objects.users`, whose tweets hold only their
/// user's ID). Read once a response, shared by every status of it.
public final class StatusReferences: Sendable {
    /// The users, by ID.
    public let users: [String: StatusUser]
    /// The media, by media key.
    public let media: [String: StatusPicture]
    /// The statuses referenced (retweeted, quoted, replied to), by ID.
    public let tweets: [String: Status]
    /// What could not be read in them (each names the field), for every status that uses them.
    public let warnings: [String]

    /// Makes references.
    public init(users: [String: StatusUser] = [:], media: [String: StatusPicture] = [:], tweets: [String: Status] = [:],
                warnings: [String] = []) {
        self.users = users
        self.media = media
        self.tweets = tweets
        self.warnings = warnings
    }
}
