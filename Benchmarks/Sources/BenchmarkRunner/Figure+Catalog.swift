extension Figure {
    /// The figures printed after the table, in order. Add an entry for a new figure; a figure
    /// whose scenarios did not all run is shown as not computed.
    public static let all: [Figure] = general + ScriptsBenchmark.figures

    /// The figures of every scenario but `scripts` (whose figures, one per script, it makes).
    static let general: [Figure] = [
        Figure(
            ["measure-cold"], over: ["hb-raw", "icu-breaks"], goal: .atMost(1.5),
            meaning: "measuring from nothing costs little more than shaping and breaking alone"),
        Figure(
            ["pango"], over: ["measure-warm"], goal: .atLeast(20),
            meaning: "a new paragraph measured with warm caches, against Pango"),
        Figure(
            ["pango"], over: ["rebreak"], goal: .atLeast(200),
            meaning: "a prepared paragraph laid out at a new width, against Pango"),
        Figure(
            ["pango"], over: ["rebreak-hot"], goal: .atLeast(200),
            meaning: "for comparison: the same with 64 paragraphs that stay in cache (rebreak's 5,000 come from memory)"
        ),
        Figure(
            ["pango"], over: ["cell-height-cold"], goal: .atLeast(10),
            meaning: "a new status's whole cell height (engine warm), against Pango laying out its text alone"),
        Figure(
            ["decode"], over: ["cell-height-cold"], goal: .atMost(0.15),
            meaning: "decoding a status line (simdjson) against laying out a new status's cell"),
        Figure(
            ["decode-mobile"], over: ["cell-height-cold"], goal: .atMost(0.25),
            meaning:
                "decoding an m.weibo.cn status (its HTML text through libxml2) against laying out a new status's cell"),
        Figure(
            ["decode-pc"], over: ["cell-height-cold"], goal: .atMost(0.25),
            meaning:
                "decoding a weibo.com ajax status (text_raw, every picture variant) against laying out a new status's cell"
        ),
        Figure(
            ["decode-twitter"], over: ["cell-height-cold"], goal: .atMost(0.25),
            meaning:
                "decoding a Twitter API v1.1 tweet (entities by code-point indices, extended media) against laying out a new status's cell"
        ),
        Figure(
            ["decode-mastodon"], over: ["cell-height-cold"], goal: .atMost(0.25),
            meaning:
                "decoding a Mastodon status (its HTML content through libxml2) against laying out a new status's cell"),
        Figure(
            ["cell-height-cold-twitter"], over: ["cell-height-cold"], goal: .atMost(1.5),
            meaning:
                "a new tweet's height in the Twitter cell beside a new Weibo status's in the Weibo cell (the same content)"
        ),
        Figure(
            ["cell-height-cold-mastodon"], over: ["cell-height-cold"], goal: .atMost(1.5),
            meaning:
                "a new toot's height in the Mastodon cell beside a new Weibo status's in the Weibo cell (the same content)"
        ),
        Figure(
            ["cache-hit"], over: ["dictionary-hit"], goal: .atMost(1.5),
            meaning: "a cached height by status, against the seed apps' [String: Double] by idstr"),
        Figure(
            .mallocsPerOperation("cache-hit"), goal: .atMost(0),
            meaning: "a cached height allocates nothing"),
        Figure(
            ["prefetch-1"], over: ["prefetch-all"], goal: .atLeast(1.8),
            meaning: "prefetching on every core against one thread (the target is for 2 cores)"),
        Figure(
            .medianOver("timeline-refresh", nanoseconds: 1e9 / 60, label: "one 16.7 ms frame"), goal: .atMost(0.1),
            meaning:
                "an anchored refresh of 20 statuses into 5,000 rows, prefetch included, engine warm: well under a frame (a tenth)"
        ),
        Figure(
            ["timeline-refresh-cached"], over: ["timeline-refresh-heights"], goal: .atMost(0.25),
            meaning: "the timeline's own work in a refresh against laying its 20 statuses out: a small share"),
        Figure(
            .medianOver("timeline-row-at-offset", nanoseconds: 1, label: "ns"), unit: "ns", goal: .atMost(100),
            meaning: "the row at an offset in a 5,000-row timeline"),
        Figure(
            .mallocsPerOperation("timeline-row-at-offset"), goal: .atMost(0),
            meaning: "finding the row at an offset allocates nothing"),
        Figure(
            ["timeline-row-at-offset"], over: ["timeline-row-bsearch"], goal: .atMost(1.5),
            meaning:
                "the Fenwick descent (heights changed in O(log n)) against a binary search of a fixed array of tops"),
        Figure(
            .measurement(CacheFillWorkload.bytesPerHeightKey, of: "cache-fill"), unit: "B", goal: .atMost(64),
            meaning: "what a cached height costs in memory at 1,000,000 heights, the cache's own structures included"),
        Figure(
            .measurementRatio(
                ScrollTraceWorkload.defaultHitRatioKey(capacity: 400),
                over: ScrollTraceWorkload.hitRatioKey("LRU", capacity: 400), of: "scroll-trace"),
            goal: .atLeast(1.0),
            meaning: "our eviction policy against LRU on the scrolling trace"),
        Figure(
            .measurement(PangoAgreement.key(width: 343), of: "pango-agreement"), unit: "%", goal: .atLeast(99.5),
            meaning: "texts whose line count at 343 pt is Pango's"),
        Figure(
            .measurement(PangoAgreement.key(width: 200), of: "pango-agreement"), unit: "%", goal: .atLeast(99.5),
            meaning: "texts whose line count at 200 pt is Pango's"),
    ]
}
