/// The network a status comes from: which decoder read it, and whose cell it gets by default.
public enum StatusNetwork: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case weibo, twitter, mastodon
    public var description: String { rawValue }
}

/// A status (a post) as a timeline shows it, whichever network sent it: what the cell needs,
/// decoded by ``StatusDecoder``. A `Sendable` value.
///
/// The ID is stored inline and the rest in one copy-on-write box, so that passing a status
/// around (to `heightForRow` on every frame) costs one reference count, not one per field. The
/// box also keeps ``contentVersion``, a digest of everything the cell reads, made when the
/// status is made or changed.
public struct Status: Sendable, Hashable {
    /// The status ID.
    public var id: StatusID
    private var storage: Storage

    /// The network it comes from.
    public var network: StatusNetwork {
        get { storage.fields.network }
        set { update { $0.network = newValue } }
    }
    /// The text (Weibo's inline syntax still inline, or markup already read).
    public var text: StatusText {
        get { storage.fields.text }
        set { update { $0.text = newValue } }
    }
    /// `created_at` as sent ("Sun Nov 29 20:00:00 +0800 2026", "06-27", "2022-12-05T10:00:00.000Z"),
    /// empty when absent.
    public var createdAt: String {
        get { storage.fields.createdAt }
        set { update { $0.createdAt = newValue } }
    }
    /// The client it was posted from (`source`; Weibo and Twitter send an HTML link, whose tags
    /// the cell drops), empty when absent.
    public var source: String {
        get { storage.fields.source }
        set { update { $0.source = newValue } }
    }
    /// Where it was posted from, as weibo.com shows it (`region_name`: "发布于 北京"), empty when absent.
    public var region: String {
        get { storage.fields.region }
        set { update { $0.region = newValue } }
    }
    /// The author; nil for a deleted status (the API then sends only a stub).
    public var user: StatusUser? {
        get { storage.fields.user }
        set { update { $0.user = newValue } }
    }
    /// The title bar above the status (Weibo's `title`), if any.
    public var title: StatusTitle? {
        get { storage.fields.title }
        set { update { $0.title = newValue } }
    }
    /// The pictures and other media, in order.
    public var pictures: [StatusPicture] {
        get { storage.fields.pictures }
        set { update { $0.pictures = newValue } }
    }
    /// The preview card (Weibo's `page_info`, Mastodon's `card`), if any.
    public var card: StatusCard? {
        get { storage.fields.card }
        set { update { $0.card = newValue } }
    }
    /// Weibo's `tag_struct` (the cell shows the first).
    public var tags: [StatusTag] {
        get { storage.fields.tags }
        set { update { $0.tags = newValue } }
    }
    /// A poll (Mastodon's `poll`), if any.
    public var poll: StatusPoll? {
        get { storage.fields.poll }
        set { update { $0.poll = newValue } }
    }
    /// A content warning (Mastodon's `spoiler_text`): the cell shows it and hides the rest until
    /// expanded. Empty for none.
    public var contentWarning: String {
        get { storage.fields.contentWarning }
        set { update { $0.contentWarning = newValue } }
    }
    /// How many times it was reposted (`reposts_count`, `retweet_count`, `reblogs_count`).
    public var repostsCount: StatusCount {
        get { storage.fields.repostsCount }
        set { update { $0.repostsCount = newValue } }
    }
    /// How many comments or replies it has (`comments_count`, `reply_count`, `replies_count`).
    public var commentsCount: StatusCount {
        get { storage.fields.commentsCount }
        set { update { $0.commentsCount = newValue } }
    }
    /// How many likes it has (`attitudes_count`, `favorite_count`, `favourites_count`).
    public var attitudesCount: StatusCount {
        get { storage.fields.attitudesCount }
        set { update { $0.attitudesCount = newValue } }
    }
    /// Whether the API truncated the text (`isLongText`, Twitter's `truncated`).
    public var isLongText: Bool {
        get { storage.fields.isLongText }
        set { update { $0.isLongText = newValue } }
    }
    /// Whether the API marked the status deleted (`deleted: "1"`, or a repost stub with no user).
    public var isDeleted: Bool {
        get { storage.fields.isDeleted }
        set { update { $0.isDeleted = newValue } }
    }
    /// When it was last edited (Mastodon's `edited_at` as sent), empty when never.
    public var editedAt: String {
        get { storage.fields.editedAt }
        set { update { $0.editedAt = newValue } }
    }
    /// What the decoder read leniently: each a field that was malformed and what was done
    /// instead ("pic_infos.x.large.width: not a number (\"abc\"); the picture is shown as a
    /// square"). The cell is laid out; callers show or log these.
    public var warnings: [String] {
        get { storage.fields.warnings }
        set { update { $0.warnings = newValue } }
    }

    /// The status this one reposts (Weibo's `retweeted_status`, Twitter's `retweeted_status`,
    /// Mastodon's `reblog`), if any.
    public var retweetedStatus: Status? {
        get { storage.fields.retweet?.status }
        set { update { $0.retweet = newValue.map(StatusBox.init) } }
    }
    /// The status this one quotes (Twitter's `quoted_status`), if any.
    public var quotedStatus: Status? {
        get { storage.fields.quote?.status }
        set { update { $0.quote = newValue.map(StatusBox.init) } }
    }

    /// Whether this status reposts another.
    public var isRetweet: Bool { storage.fields.retweet != nil }

    /// A digest of everything the cell reads (text, media, card, poll, counts, names, the
    /// statuses reposted or quoted…): two statuses of one ID with different content have
    /// different versions, so a cache keyed by ID and version never serves an edited status
    /// the height of its old content. Stable within a process, not across processes.
    public var contentVersion: UInt64 { storage.version }

    /// Makes a status; every field but the ID has a default.
    public init(id: StatusID, network: StatusNetwork = .weibo, text: StatusText = "", createdAt: String = "", source: String = "",
                user: StatusUser? = nil, pictures: [StatusPicture] = [], repostsCount: StatusCount = 0,
                commentsCount: StatusCount = 0, attitudesCount: StatusCount = 0, isLongText: Bool = false,
                isDeleted: Bool = false, retweetedStatus: Status? = nil) {
        self.id = id
        var fields = Fields(network: network, text: text)
        fields.createdAt = createdAt
        fields.source = source
        fields.user = user
        fields.pictures = pictures
        fields.repostsCount = repostsCount
        fields.commentsCount = commentsCount
        fields.attitudesCount = attitudesCount
        fields.isLongText = isLongText
        fields.isDeleted = isDeleted
        fields.retweet = retweetedStatus.map(StatusBox.init)
        storage = Storage(fields)
    }

    /// Makes a status from all its fields at once (one box, one digest).
    init(id: StatusID, fields: Fields) {
        self.id = id
        storage = Storage(fields)
    }

    /// Changes the fields, copying the box first if it is shared, and makes the digest again.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// Equal when the IDs and every field are equal (statuses sharing storage are equal at once).
    public static func == (a: Status, b: Status) -> Bool {
        a.id == b.id && (a.storage === b.storage || (a.storage.version == b.storage.version && a.storage.fields == b.storage.fields))
    }

    /// Hashes the ID and the content version.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(storage.version)
    }

    /// Everything but the ID.
    struct Fields: Equatable {
        var network: StatusNetwork
        var text: StatusText
        var createdAt = ""
        var source = ""
        var region = ""
        var user: StatusUser?
        var title: StatusTitle?
        var pictures: [StatusPicture] = []
        var card: StatusCard?
        var tags: [StatusTag] = []
        var poll: StatusPoll?
        var contentWarning = ""
        var repostsCount: StatusCount = 0
        var commentsCount: StatusCount = 0
        var attitudesCount: StatusCount = 0
        var isLongText = false
        var isDeleted = false
        var editedAt = ""
        var warnings: [String] = []
        var retweet: StatusBox?
        var quote: StatusBox?

        init(network: StatusNetwork, text: StatusText) {
            self.network = network
            self.text = text
        }

        /// Everything the cell reads, the warnings aside (strings by their UTF-8 bytes: Swift's
        /// own string hashing normalises to NFC first, which costs more than decoding a status).
        func digest(into d: inout ContentDigest) {
            d.mix(network.rawValue)
            text.digest(into: &d)
            d.mix(createdAt)
            d.mix(source)
            d.mix(region)
            if let user {
                d.mix(1)
                d.mix(user.screenName)
                d.mix(user.name)
                d.mix(user.verification.rawValue)
                d.mix(user.membershipRank)
                d.mix(user.profileImageURL)
            } else {
                d.mix(0)
            }
            if let title {
                d.mix(title.text)
                d.mix(title.iconURL)
            }
            d.mix(pictures.count)
            for picture in pictures {
                d.mix(picture.url)
                d.mix(picture.pixelSize?.width ?? -1)
                d.mix(picture.pixelSize?.height ?? -1)
                d.mix(picture.kind.rawValue)
                d.mix(picture.keepsSize ? 1 : 0)
                d.mix(picture.altText)
            }
            if let card {
                d.mix(card.kind.rawValue)
                for field in [card.title, card.description, card.tips, card.imageURL, card.badgeURL, card.buttonTitle, card.pageID, card.url] {
                    d.mix(field)
                }
                d.mix(card.imageSize?.width ?? -1)
                d.mix(card.imageSize?.height ?? -1)
            }
            d.mix(tags.count)
            for tag in tags {
                d.mix(tag.name)
                d.mix(tag.isPlace ? 1 : 0)
                d.mix(tag.iconURL)
            }
            if let poll {
                d.mix(poll.options.count)
                for option in poll.options { d.mix(option) }
                d.mix(poll.votesCount ?? -1)
                d.mix(poll.isExpired ? 1 : 0)
                d.mix(poll.allowsMultipleChoices ? 1 : 0)
                d.mix(poll.expiresAt)
            }
            d.mix(contentWarning)
            for count in [repostsCount, commentsCount, attitudesCount] {
                switch count {
                case .number(let value): d.mix(value)
                case .text(let text): d.mix(text)
                }
            }
            d.mix((isLongText ? 1 : 0) | (isDeleted ? 2 : 0))
            d.mix(editedAt)
            for nested in [retweet, quote] {
                d.mix(nested.map { Int($0.status.id.value) } ?? 0)
                d.mix(nested.map { Int(bitPattern: UInt($0.status.contentVersion)) } ?? 0)
            }
        }
    }

    /// The fields and their digest, immutable: a change makes a new box.
    private final class Storage: Sendable {
        let fields: Fields
        let version: UInt64

        init(_ fields: Fields) {
            self.fields = fields
            var digest = ContentDigest()
            fields.digest(into: &digest)
            version = digest.value
        }
    }
}

/// Holds a nested status (a struct cannot contain itself).
final class StatusBox: Sendable, Hashable {
    let status: Status
    init(_ status: Status) { self.status = status }
    static func == (a: StatusBox, b: StatusBox) -> Bool { a.status == b.status }
    func hash(into hasher: inout Hasher) { hasher.combine(status) }
}

/// A digest of a status's content: strings by their UTF-8 bytes (and their lengths, so that
/// fields cannot run into each other), numbers by their bits.
struct ContentDigest {
    private var hasher = Hasher()

    mutating func mix(_ string: String) {
        var string = string
        hasher.combine(string.utf8.count)
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    mutating func mix(_ value: Int) { hasher.combine(value) }

    var value: UInt64 { UInt64(bitPattern: Int64(hasher.finalize())) }
}
