/// The elements of a cell by name, read from its blocks (what `feedlayout layout` prints and
/// earlier versions of this API returned).
extension CellLayout {
    /// The profile row's block, or an empty one.
    private var profile: CellBlock { block(.profile) ?? CellBlock(kind: .profile, frame: .zero) }

    /// The avatar's square.
    public var avatar: CellRect { profile.images.first { $0.role == .avatar }?.frame ?? .zero }
    /// The user's name, as wide as it measures on one line (0 wide with no user).
    public var name: CellRect { profile.text(.name)?.frame ?? .zero }
    /// The time and source line.
    public var source: CellRect { profile.text(.source)?.frame ?? .zero }
    /// The status text block, padding included (0 high when there is no text).
    public var text: CellRect { block(.text)?.frame ?? CellRect(x: 0, y: profile.frame.maxY, width: 0, height: 0) }
    /// The status text as laid out, if any.
    public var bodyText: CellText? { block(.text)?.text(.body) }
    /// The lines of the status text shown.
    public var textLines: Int { bodyText?.lines ?? 0 }
    /// The lines the status text takes with no limit.
    public var fullTextLines: Int { bodyText?.fullLines ?? 0 }
    /// The rich text of the status, as measured.
    public var richText: RichText { bodyText?.richText ?? RichText(text: "", entities: []) }
    /// The frames of the status's own pictures, in order (empty for a retweet).
    public var pictures: [CellRect] { block(.pictures)?.images.map(\.frame) ?? [] }
    /// The card block, if the status shows its own card.
    public var card: CellBlock? { block(.card) }
    /// The retweet block (nil for an original status).
    public var retweetBlock: CellRect? { block(.retweet)?.frame }
    /// The retweeted text as laid out, "@name:" included (nil without one).
    public var retweetBodyText: CellText? { block(.retweet)?.child(.text)?.text(.body) }
    /// The retweeted text block (nil for an original status; 0 high when the retweet has no text).
    public var retweetText: CellRect? {
        guard let retweet = block(.retweet) else { return nil }
        return retweet.child(.text)?.frame
            ?? CellRect(x: retweet.frame.x, y: retweet.frame.y, width: retweet.frame.width, height: 0)
    }
    /// The lines of the retweeted text shown (0 for an original status).
    public var retweetTextLines: Int { retweetBodyText?.lines ?? 0 }
    /// The lines the retweeted text takes with no limit (0 for an original status).
    public var fullRetweetTextLines: Int { retweetBodyText?.fullLines ?? 0 }
    /// The rich text of the retweet, "@name:" in front; nil for an original status.
    public var retweetRichText: RichText? {
        guard let retweet = block(.retweet) else { return nil }
        return retweet.child(.text)?.text(.body)?.richText ?? RichText(text: "", entities: [])
    }
    /// The frames of the retweeted status's pictures (empty for an original status).
    public var retweetPictures: [CellRect] { block(.retweet)?.child(.pictures)?.images.map(\.frame) ?? [] }
    /// The toolbar.
    public var toolbar: CellRect { block(.toolbar)?.frame ?? .zero }
}
