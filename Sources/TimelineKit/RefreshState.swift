/// The state of a pull-to-refresh header or a load-more footer: MJRefresh's `MJRefreshState`.
public enum RefreshState: String, Sendable, Hashable, CaseIterable {
    /// At rest.
    case idle
    /// Pulled past the threshold while dragging: releasing now refreshes (headers only).
    case pulling
    /// Refreshing: the callback fired, the control stays shown until refreshing ends.
    case refreshing
    /// Asked to refresh while off screen: refreshes as soon as it is shown.
    case willRefresh = "will-refresh"
    /// Everything is loaded (footers only; MJRefresh's headers share the enum but never enter it).
    case noMoreData = "no-more-data"
}

/// The languages the default labels come in.
public enum RefreshLanguage: String, Sendable, Hashable, CaseIterable {
    /// Simplified Chinese, MJRefresh's `zh-Hans.lproj`.
    case simplifiedChinese = "zh-Hans"
    /// English, MJRefresh's `en.lproj`.
    case english = "en"
}

/// The text a header or footer shows in each state: MJRefresh's defaults, each replaceable
/// (`setTitle:forState:`).
///
/// ```swift
/// var labels = RefreshLabels.header(.simplifiedChinese)
/// labels[.idle] = "下拉刷新"
/// labels[.pulling] = "松開加載更多"
/// labels[.refreshing] = "加載中..."
/// ```
public struct RefreshLabels: Sendable, Hashable {
    private var texts: [RefreshState: String]

    /// Labels from a table; a state missing shows "" (as MJRefresh shows an empty label for a
    /// state without a title).
    public init(_ texts: [RefreshState: String]) { self.texts = texts }

    /// The text of a state.
    public subscript(state: RefreshState) -> String {
        get { texts[state] ?? "" }
        set { texts[state] = newValue }
    }

    /// A copy with the text of `state` replaced.
    public func replacing(_ state: RefreshState, with text: String) -> RefreshLabels {
        var copy = self
        copy[state] = text
        return copy
    }

    /// MJRefresh's header labels (`MJRefreshHeaderIdleText`, `…PullingText`, `…RefreshingText`).
    /// Will-refresh has none (it lasts until the header is drawn).
    public static func header(_ language: RefreshLanguage) -> RefreshLabels {
        switch language {
        case .simplifiedChinese:
            return RefreshLabels([.idle: "下拉可以刷新", .pulling: "松开立即刷新", .refreshing: "正在刷新数据中..."])
        case .english:
            return RefreshLabels([
                .idle: "Pull down to refresh", .pulling: "Release to refresh", .refreshing: "Loading ...",
            ])
        }
    }

    /// MJRefresh's automatic footer labels (`MJRefreshAutoFooterIdleText`, `…RefreshingText`,
    /// `…NoMoreDataText`).
    public static func footer(_ language: RefreshLanguage) -> RefreshLabels {
        switch language {
        case .simplifiedChinese:
            return RefreshLabels([.idle: "点击或上拉加载更多", .refreshing: "正在加载更多的数据...", .noMoreData: "已经全部加载完毕"])
        case .english:
            return RefreshLabels([
                .idle: "Click or drag up to load more", .refreshing: "Loading more ...", .noMoreData: "No more data",
            ])
        }
    }
}
