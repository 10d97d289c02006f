import Synchronization

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
/// box also keeps ``contentVersion``, a digest of everything the cell reads, made the first time
/// it is asked for.
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
    /// The handle of the account this status replies to, as the cell names it ("in reply to
    /// @name": Twitter's `in_reply_to_screen_name`, the `acct` of Mastodon's mention of
    /// `in_reply_to_account_id`); empty when it replies to no one (or to its own author).
    public var inReplyTo: String {
        get { storage.fields.inReplyTo }
        set { update { $0.inReplyTo = newValue } }
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
    /// The status this one quotes (Twitter's `quoted_status` or v2's quoted reference,
    /// Mastodon's `quote.quoted_status`), if any.
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
    public init(
        id: StatusID, network: StatusNetwork = .weibo, text: StatusText = "", createdAt: String = "",
        source: String = "",
        user: StatusUser? = nil, pictures: [StatusPicture] = [], repostsCount: StatusCount = 0,
        commentsCount: StatusCount = 0, attitudesCount: StatusCount = 0, isLongText: Bool = false,
        isDeleted: Bool = false, retweetedStatus: Status? = nil
    ) {
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

    /// Makes a status from a box the decoder filled.
    init(id: StatusID, storage: Storage) {
        self.id = id
        self.storage = storage
    }

    /// Changes the fields: in place when this status holds the only reference to its box (the
    /// digest is made again when next asked for), else in a copy.
    private mutating func update(_ change: (inout Fields) -> Void) {
        if isKnownUniquelyReferenced(&storage) {
            storage.forgetDigest()
        } else {
            storage = Storage(storage.fields)
        }
        change(&storage.fields)
    }

    /// Equal when the IDs and every field are equal (statuses sharing storage are equal at once).
    public static func == (a: Status, b: Status) -> Bool {
        a.id == b.id && (a.storage === b.storage || a.storage.fields == b.storage.fields)
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
        var inReplyTo = ""
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
                d.mix(user.emojis.count)
                for emoji in user.emojis {
                    d.mix(emoji.shortcode)
                    d.mix(emoji.url)
                }
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
                for field in [
                    card.title, card.description, card.tips, card.imageURL, card.badgeURL, card.buttonTitle,
                    card.pageID, card.url,
                ] {
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
            d.mix(inReplyTo)
            for nested in [retweet, quote] {
                d.mix(nested.map { Int($0.status.id.value) } ?? 0)
                d.mix(nested.map { Int(bitPattern: UInt($0.status.contentVersion)) } ?? 0)
            }
        }
    }

    /// The fields and their digest, made the first time it is asked for (decoding does not pay
    /// for it; a cache lookup does, once a status).
    ///
    /// `@unchecked Sendable`: the fields are written only while the box is filled by a decoder
    /// (before any status holds it) or through `Status.update`, that is when one status holds
    /// the only reference; a box seen by two threads is never written. The digest is an atomic:
    /// threads that make it at once store the same value.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        /// The digest, or 0 before it is made (a digest of 0 is made 1).
        private let digest = Atomic<UInt64>(0)

        init(_ fields: Fields) {
            self.fields = fields
        }

        /// An empty box of a network, to fill.
        init(network: StatusNetwork) {
            fields = Fields(network: network, text: "")
        }

        var version: UInt64 {
            let known = digest.load(ordering: .relaxed)
            if known != 0 { return known }
            var made = ContentDigest()
            fields.digest(into: &made)
            let value = max(1, made.value)
            digest.store(value, ordering: .relaxed)
            return value
        }

        func forgetDigest() { digest.store(0, ordering: .relaxed) }
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
/// fields cannot run into each other), numbers by their bits, eight bytes at a time through
/// splitmix64's mixer (a 64-bit digest: two edits of one status collide once in 2⁶⁴). Not
/// `Hasher`: its SipHash costs more than decoding a status, and the digest need not resist an
/// attacker (a collision serves a stale height, nothing worse).
struct ContentDigest {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3

    @inline(__always) private static func mixed(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @inline(__always) private mutating func word(_ value: UInt64) {
        state = Self.mixed(state ^ value)
    }

    mutating func mix(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            word(UInt64(bytes.count))
            var i = 0
            while i + 8 <= bytes.count {
                word(UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
                i += 8
            }
            if i < bytes.count {
                var tail: UInt64 = 0
                for j in i..<bytes.count { tail |= UInt64(bytes[j]) << (8 * UInt64(j - i)) }
                word(tail)
            }
        }
    }

    mutating func mix(_ value: Int) { word(UInt64(bitPattern: Int64(value))) }

    var value: UInt64 { Self.mixed(state) }
}
