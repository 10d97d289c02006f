extension Scenario {
    /// Every scenario, in the order a run without names runs them. A new scenario is a
    /// `static let` in an extension of `Scenario` plus an entry here (and, when it has a
    /// target, a ``Figure`` in ``Figure/all``).
    public static let all: [Scenario] = [
        .hbRaw,
        .icuBreaks,
        .pango,
        .measureCold,
        .measureWarm,
        .rebreak,
        .rebreakHot,
        .dictionaryHit,
        .cellHeightCold,
        .cellHeightColdTwitter,
        .cellHeightColdMastodon,
        .decode,
        .decodeMobile,
        .decodePC,
        .decodeTwitter,
        .decodeMastodon,
        .cacheHit,
        .cacheHitByID,
        .cacheChurn,
        .cacheFill,
        .scrollTrace,
        .prefetchOne,
        .prefetchAll,
        .timelineRefresh,
        .timelineRefreshHeights,
        .timelineRefreshCached,
        .timelineRowAtOffset,
        .timelineRowSearch,
        .cellLayoutWarm,
        .renderCell,
        .renderCellPNG,
        .pangoAgreement,
    ]
}
