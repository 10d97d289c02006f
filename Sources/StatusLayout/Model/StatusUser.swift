/// The author of a status (or whoever reposted or boosted it).
public struct StatusUser: Sendable, Hashable {
    /// How an account is verified, as the cell marks it.
    public enum Verification: String, Sendable, Hashable {
        /// Not verified.
        case none
        /// A person (Weibo's yellow V; Twitter's verified tick).
        case personal
        /// An organisation (Weibo's blue V).
        case organization
        /// Weibo's "club" star (`verified_type` 220).
        case club
    }

    /// The handle (`screen_name` on Weibo and Twitter, `acct` on Mastodon; empty when absent).
    public var screenName: String
    /// The display name (`name` on Weibo and Twitter, `display_name` on Mastodon; empty when
    /// absent: the handle is shown).
    public var name: String
    /// Whether the account is verified (any kind).
    public var isVerified: Bool { verification != .none }
    /// How the account is verified.
    public var verification: Verification
    /// Weibo's membership level (`mbrank`: an orange name and a badge after it when above 0).
    public var membershipRank: Int
    /// The avatar's URL (empty when absent).
    public var profileImageURL: String
    /// The custom emoji its name may hold as `:shortcode:` (Mastodon's `account.emojis`).
    public var emojis: [CustomEmoji] = []

    /// Makes an author.
    public init(screenName: String, name: String = "", isVerified: Bool = false, profileImageURL: String = "") {
        self.init(
            screenName: screenName, name: name, verification: isVerified ? .personal : .none,
            profileImageURL: profileImageURL)
    }

    /// Makes an author with a kind of verification and a membership level.
    public init(
        screenName: String, name: String = "", verification: Verification, membershipRank: Int = 0,
        profileImageURL: String = ""
    ) {
        self.screenName = screenName
        self.name = name
        self.verification = verification
        self.membershipRank = membershipRank
        self.profileImageURL = profileImageURL
    }

    /// The name a cell shows: the display name, else the handle.
    public var displayName: String { name.isEmpty ? screenName : name }
}

/// A custom emoji of a Mastodon server: `:shortcode:` in a text or a name is shown as its image.
public struct CustomEmoji: Sendable, Hashable {
    /// The shortcode, without the colons.
    public var shortcode: String
    /// The image's URL (the `static_url` when sent, else `url`).
    public var url: String

    /// Makes a custom emoji.
    public init(shortcode: String, url: String) {
        self.shortcode = shortcode
        self.url = url
    }
}
