extension Figure {
    /// The figures printed after the table, in order. Add an entry for a new figure; a figure
    /// whose scenarios did not all run is shown as not computed.
    public static let all: [Figure] = [
        Figure(["measure-cold"], over: ["hb-raw", "icu-breaks"], goal: .atMost(1.5),
               meaning: "measuring from nothing costs little more than shaping and breaking alone"),
        Figure(["pango"], over: ["measure-warm"], goal: .atLeast(20),
               meaning: "a new paragraph measured with warm caches, against Pango"),
        Figure(["pango"], over: ["rebreak"], goal: .atLeast(200),
               meaning: "a prepared paragraph laid out at a new width, against Pango"),
        Figure(["pango"], over: ["rebreak-hot"], goal: .atLeast(200),
               meaning: "for comparison: the same with 64 paragraphs that stay in cache (rebreak's 5,000 come from memory)"),
        Figure(["pango"], over: ["cell-height-cold"], goal: .atLeast(10),
               meaning: "a new status's whole cell height (engine warm), against Pango laying out its text alone"),
        Figure(["cache-hit"], over: ["dictionary-hit"], goal: .atMost(1.5),
               meaning: "a cached height by status, against the seed apps' [String: Double] by idstr"),
        Figure(.mallocsPerOperation("cache-hit"), goal: .atMost(0),
               meaning: "a cached height allocates nothing"),
        Figure(["prefetch-1"], over: ["prefetch-all"], goal: .atLeast(1.8),
               meaning: "prefetching on every core against one thread (the target is for 2 cores)"),
        Figure(.measurement(CacheFillWorkload.bytesPerHeightKey, of: "cache-fill"), unit: "B", goal: .atMost(64),
               meaning: "what a cached height costs in memory at 1,000,000 heights, the cache's own structures included"),
        Figure(.measurementRatio(ScrollTraceWorkload.defaultHitRatioKey(capacity: 400),
                                 over: ScrollTraceWorkload.hitRatioKey("LRU", capacity: 400), of: "scroll-trace"),
               goal: .atLeast(1.0),
               meaning: "our eviction policy against LRU on the scrolling trace"),
        Figure(.measurement(PangoAgreement.key(width: 343), of: "pango-agreement"), unit: "%", goal: .atLeast(99.5),
               meaning: "texts whose line count at 343 pt is Pango's"),
        Figure(.measurement(PangoAgreement.key(width: 200), of: "pango-agreement"), unit: "%", goal: .atLeast(99.5),
               meaning: "texts whose line count at 200 pt is Pango's"),
    ]
}
