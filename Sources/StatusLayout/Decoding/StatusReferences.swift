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
    /// The warnings about one user or one medium, by ``userEntry(_:)`` or ``mediaEntry(_:)``:
    /// a status that uses the entry gets them.
    let entryWarnings: [String: [String]]
    /// The warnings about no entry a status could name (an entry without a usable ID, a list
    /// that is not one): a status that misses a reference gets them, as they may say why.
    let unattributedWarnings: [String]

    /// Makes references. Their warnings go to each status that misses a reference in them.
    public convenience init(
        users: [String: StatusUser] = [:], media: [String: StatusPicture] = [:], tweets: [String: Status] = [:],
        warnings: [String] = []
    ) {
        self.init(
            users: users, media: media, tweets: tweets, warnings: warnings, entryWarnings: [:],
            unattributedWarnings: warnings)
    }

    /// Makes references whose warnings are also kept by the entry they are about.
    init(
        users: [String: StatusUser], media: [String: StatusPicture], tweets: [String: Status], warnings: [String],
        entryWarnings: [String: [String]], unattributedWarnings: [String]
    ) {
        self.users = users
        self.media = media
        self.tweets = tweets
        self.warnings = warnings
        self.entryWarnings = entryWarnings
        self.unattributedWarnings = unattributedWarnings
    }

    /// The key of a user's warnings in ``entryWarnings``.
    static func userEntry(_ id: String) -> String { "user " + id }
    /// The key of a medium's warnings in ``entryWarnings``.
    static func mediaEntry(_ key: String) -> String { "media " + key }
}
