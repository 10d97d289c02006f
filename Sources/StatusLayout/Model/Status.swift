/// A status (a post) as a timeline shows it: what the layout needs from the Weibo open API's
/// status object, decoded by ``StatusDecoder``. A `Sendable` value.
///
/// The ID is stored inline and the rest in one copy-on-write box, so that passing a status
/// around (to `heightForRow` on every frame) costs one reference count, not one per field.
public struct Status: Sendable, Hashable {
    /// The status ID.
    public var id: StatusID
    private var storage: Storage

    /// The text as the API sends it (mentions, #topics#, links and [emoticons] still inline).
    public var text: String {
        get { storage.text }
        set { unique().text = newValue }
    }
    /// `created_at` as sent ("Sun Nov 29 20:00:00 +0800 2026"), empty when absent.
    public var createdAt: String {
        get { storage.createdAt }
        set { unique().createdAt = newValue }
    }
    /// The client it was posted from (`source`; the API sends an HTML link), empty when absent.
    public var source: String {
        get { storage.source }
        set { unique().source = newValue }
    }
    /// The author; nil for a deleted status (the API then sends only a stub).
    public var user: StatusUser? {
        get { storage.user }
        set { unique().user = newValue }
    }
    /// The pictures, in order.
    public var pictures: [StatusPicture] {
        get { storage.pictures }
        set { unique().pictures = newValue }
    }
    /// How many times it was reposted (`reposts_count`; 0 when absent).
    public var repostsCount: Int {
        get { storage.repostsCount }
        set { unique().repostsCount = newValue }
    }
    /// How many comments it has (`comments_count`; 0 when absent).
    public var commentsCount: Int {
        get { storage.commentsCount }
        set { unique().commentsCount = newValue }
    }
    /// How many likes it has (`attitudes_count`; 0 when absent).
    public var attitudesCount: Int {
        get { storage.attitudesCount }
        set { unique().attitudesCount = newValue }
    }
    /// Whether the API truncated the text (`isLongText`).
    public var isLongText: Bool {
        get { storage.isLongText }
        set { unique().isLongText = newValue }
    }
    /// Whether the API marked the status deleted (`deleted: "1"`, or a stub with no user).
    public var isDeleted: Bool {
        get { storage.isDeleted }
        set { unique().isDeleted = newValue }
    }

    /// The status this one reposts, if any.
    public var retweetedStatus: Status? {
        get { storage.retweet?.status }
        set { unique().retweet = newValue.map(StatusBox.init) }
    }

    /// Whether this status reposts another.
    public var isRetweet: Bool { storage.retweet != nil }

    /// Makes a status; every field but the ID has a default.
    public init(id: StatusID, text: String = "", createdAt: String = "", source: String = "", user: StatusUser? = nil,
                pictures: [StatusPicture] = [], repostsCount: Int = 0, commentsCount: Int = 0, attitudesCount: Int = 0,
                isLongText: Bool = false, isDeleted: Bool = false, retweetedStatus: Status? = nil) {
        self.id = id
        storage = Storage(text: text, createdAt: createdAt, source: source, user: user, pictures: pictures,
                          repostsCount: repostsCount, commentsCount: commentsCount, attitudesCount: attitudesCount,
                          isLongText: isLongText, isDeleted: isDeleted, retweet: retweetedStatus.map(StatusBox.init))
    }

    /// The storage, copied first if it is shared.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// Equal when the IDs and every field are equal (statuses sharing storage are equal at once).
    public static func == (a: Status, b: Status) -> Bool {
        a.id == b.id && (a.storage === b.storage || a.storage.isEqual(to: b.storage))
    }

    /// Hashes the ID, the text, the number of pictures and the retweet's ID: a subset of what
    /// `==` compares, so that hashing stays cheap.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        storage.hash(into: &hasher)
    }

    /// Everything but the ID.
    ///
    /// `@unchecked Sendable`: it is only mutated through `Status.unique()`, that is when this
    /// status holds the only reference; a box seen by two threads is never written.
    private final class Storage: @unchecked Sendable {
        var text: String
        var createdAt: String
        var source: String
        var user: StatusUser?
        var pictures: [StatusPicture]
        var repostsCount: Int
        var commentsCount: Int
        var attitudesCount: Int
        var isLongText: Bool
        var isDeleted: Bool
        var retweet: StatusBox?

        init(text: String, createdAt: String, source: String, user: StatusUser?, pictures: [StatusPicture], repostsCount: Int,
             commentsCount: Int, attitudesCount: Int, isLongText: Bool, isDeleted: Bool, retweet: StatusBox?) {
            self.text = text
            self.createdAt = createdAt
            self.source = source
            self.user = user
            self.pictures = pictures
            self.repostsCount = repostsCount
            self.commentsCount = commentsCount
            self.attitudesCount = attitudesCount
            self.isLongText = isLongText
            self.isDeleted = isDeleted
            self.retweet = retweet
        }

        func copy() -> Storage {
            Storage(text: text, createdAt: createdAt, source: source, user: user, pictures: pictures, repostsCount: repostsCount,
                    commentsCount: commentsCount, attitudesCount: attitudesCount, isLongText: isLongText, isDeleted: isDeleted,
                    retweet: retweet)
        }

        func isEqual(to o: Storage) -> Bool {
            text == o.text && createdAt == o.createdAt && source == o.source && user == o.user && pictures == o.pictures
                && repostsCount == o.repostsCount && commentsCount == o.commentsCount && attitudesCount == o.attitudesCount
                && isLongText == o.isLongText && isDeleted == o.isDeleted && retweet == o.retweet
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(pictures.count)
            hasher.combine(retweet?.status.id)
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

/// A status ID: the API's 64-bit `id`, with `idstr` as its decimal form.
public struct StatusID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 64-bit value.
    public var value: Int64

    /// Makes an ID from its 64-bit value.
    public init(_ value: Int64) { self.value = value }

    /// Parses a decimal `idstr`; nil unless it is a whole number that fits in 64 bits.
    public init?(_ idstr: String) {
        guard !idstr.isEmpty, idstr.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int64(idstr) else { return nil }
        self.value = value
    }

    /// The decimal form, as the API's `idstr`.
    public var description: String { String(value) }
    public static func < (a: StatusID, b: StatusID) -> Bool { a.value < b.value }
}

/// The author of a status.
public struct StatusUser: Sendable, Hashable {
    /// The name shown (`screen_name`; empty when absent).
    public var screenName: String
    /// Whether the account is verified (`verified`; false when absent).
    public var isVerified: Bool
    /// The avatar's URL (`profile_image_url`; empty when absent).
    public var profileImageURL: String

    /// Makes an author from its name, verification and avatar URL.
    public init(screenName: String, isVerified: Bool = false, profileImageURL: String = "") {
        self.screenName = screenName
        self.isVerified = isVerified
        self.profileImageURL = profileImageURL
    }
}

/// One picture of a status.
public struct StatusPicture: Sendable, Hashable {
    /// The thumbnail's URL.
    public var url: String
    /// The picture's size in pixels when the API sent a usable one (both sides above 0 and at
    /// most 100,000); nil otherwise, and the layout then uses a square.
    public var pixelSize: (width: Int, height: Int)? {
        get { width.map { ($0, height!) } }
        set {
            width = newValue?.width
            height = newValue?.height
        }
    }
    private var width: Int?
    private var height: Int?

    /// Makes a picture from its thumbnail's URL and its size in pixels (nil when unknown).
    public init(url: String, pixelSize: (width: Int, height: Int)? = nil) {
        self.url = url
        self.width = pixelSize?.width
        self.height = pixelSize?.height
    }

    /// The largest side a picture size may have and still be believed.
    public static let largestCredibleSide = 100_000
}
