/// One picture (or other media) of a status.
public struct StatusPicture: Sendable, Hashable {
    /// What the media is (a video or a GIF is drawn with a mark over it).
    public enum Kind: String, Sendable, Hashable {
        case photo, gif, video, audio
    }

    /// The URL of the image shown in the timeline (a thumbnail or preview).
    public var url: String
    /// The picture's size in pixels when the API sent a usable one (both sides above 0 and at
    /// most ``largestCredibleSide``); nil otherwise, and the layout then uses its style's fallback
    /// (a square on Weibo).
    public var pixelSize: (width: Int, height: Int)? {
        get { width.map { ($0, height!) } }
        set {
            width = newValue?.width
            height = newValue?.height
        }
    }
    private var width: Int?
    private var height: Int?
    /// What it is.
    public var kind: Kind
    /// Weibo's `keep_size`: shown as a square, whatever its size.
    public var keepsSize: Bool
    /// A description for people who cannot see it (Mastodon's `description`, Twitter's
    /// `ext_alt_text`); empty when absent.
    public var altText: String

    /// Makes a picture from its URL and its size in pixels (nil when unknown).
    public init(
        url: String, pixelSize: (width: Int, height: Int)? = nil, kind: Kind = .photo, keepsSize: Bool = false,
        altText: String = ""
    ) {
        self.url = url
        self.width = pixelSize?.width
        self.height = pixelSize?.height
        self.kind = kind
        self.keepsSize = keepsSize
        self.altText = altText
    }

    /// The largest side a picture size may have and still be believed.
    public static let largestCredibleSide = 100_000
}
