import TextLayout

extension Scenario {
    /// Our engine with every cache empty: the segment cache disabled, so every run is shaped.
    public static let measureCold = Scenario(
        "measure-cold",
        operation: "prepare + layout at 343 pt of one paragraph by an engine whose shaped-piece cache is off"
    ) { context in
        let engine = TextEngine(fonts: try context.fonts(), segmentCacheCapacity: 0)
        let texts = context.texts
        let style = context.style
        let width = context.width
        var next = 0
        return ClosureWorkload { count in
            for _ in 0..<count {
                blackHole(engine.prepare(texts[next], style: style).layout(width: width))
                next = next + 1 == texts.count ? 0 : next + 1
            }
        }
    }

    /// Our engine with its caches warmed on other texts of the corpus.
    public static let measureWarm = Scenario(
        "measure-warm",
        operation: "prepare + layout at 343 pt of a paragraph never measured before, by an engine warmed on the other half of the corpus"
    ) { context in
        try WarmEngineWorkload(fonts: context.fonts(), texts: context.texts, style: context.style, width: context.width)
    }

    /// Line filling alone: a prepared paragraph laid out at another width.
    public static let rebreak = Scenario(
        "rebreak",
        operation: "layout of an already prepared paragraph at a new width (343, 200, 300 pt in turn)"
    ) { context in
        let engine = TextEngine(fonts: try context.fonts())
        let prepared = context.texts.map { engine.prepare($0, style: context.style) }
        let widths: [Double] = [343, 200, 300]
        var next = 0
        var nextWidth = 0
        return ClosureWorkload { count in
            for _ in 0..<count {
                blackHole(prepared[next].layout(width: widths[nextWidth]))
                next = next + 1 == prepared.count ? 0 : next + 1
                nextWidth = nextWidth + 1 == widths.count ? 0 : nextWidth + 1
            }
        }
    }
}

/// `measure-warm`: two engines, one warmed on the second half of the texts that measures the
/// first half, one warmed on the first half that measures the second half; each text is
/// measured once, and when all are, two fresh engines are warmed again (outside the timed
/// region).
final class WarmEngineWorkload: ScenarioWorkload {
    private let fonts: FontStack
    private let texts: [String]
    private let style: TextStyle
    private let width: Double
    /// The engines: `engines[0]` measures the first half, `engines[1]` the second.
    private var engines: [TextEngine] = []
    /// The texts in the order measured, with the engine measuring each.
    private let order: [(engine: Int, text: Int)]
    /// The next entry of `order` to measure; `order.count` when all were.
    private var position: Int

    init(fonts: FontStack, texts: [String], style: TextStyle, width: Double) {
        self.fonts = fonts
        self.texts = texts
        self.style = style
        self.width = width
        let half = texts.count / 2
        order = (0..<half).map { (0, $0) } + (half..<texts.count).map { (1, $0) }
        position = order.count
    }

    var maximumOperationsPerSample: Int? { order.count }

    /// The segment caches of the engines in use: shaped pieces held, hits and misses.
    var cacheStatistics: [(count: Int, hits: Int, misses: Int)] { engines.map(\.segmentCacheStatistics) }

    func prepare(operations count: Int) {
        if position + count > order.count { warmFreshEngines() }
    }

    func run(operations count: Int) {
        for _ in 0..<count {
            let (engine, text) = order[position]
            blackHole(engines[engine].prepare(texts[text], style: style).layout(width: width))
            position += 1
        }
    }

    /// Two new engines, each warmed by measuring the half of the texts the other measures.
    private func warmFreshEngines() {
        engines = []  // let the old caches go before filling new ones
        let half = texts.count / 2
        let first = TextEngine(fonts: fonts)
        let second = TextEngine(fonts: fonts)
        for text in texts[half...] { blackHole(first.layout(text, width: width, style: style)) }
        for text in texts[..<half] { blackHole(second.layout(text, width: width, style: style)) }
        engines = [first, second]
        position = 0
    }
}
