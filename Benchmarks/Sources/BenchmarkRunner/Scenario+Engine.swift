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
        operation:
            "prepare + layout at 343 pt of a paragraph never measured before, by an engine warmed on the other half of the corpus"
    ) { context in
        let fonts = try context.fonts()
        let style = context.style
        let width = context.width
        return WarmEngineWorkload(
            inputs: context.texts, makeEngine: { TextEngine(fonts: fonts) },
            warm: { engine, text in blackHole(engine.layout(text, width: width, style: style)) },
            measure: { engine, text in blackHole(engine.prepare(text, style: style).layout(width: width)) })
    }

    /// Line filling alone: a prepared paragraph laid out at another width.
    public static let rebreak = Scenario(
        "rebreak",
        operation: "layout of an already prepared paragraph at a new width (343, 200, 300 pt in turn)"
    ) { context in
        let engine = TextEngine(fonts: try context.fonts())
        return rebreakWorkload(context.texts.map { engine.prepare($0, style: context.style) })
    }

    /// `rebreak` over a working set that stays in the processor's caches: what line filling
    /// costs when the paragraph's data is not fetched from memory first (for comparison; the
    /// figure that counts is `rebreak`'s).
    public static let rebreakHot = Scenario(
        "rebreak-hot",
        operation: "as rebreak, over the first 64 paragraphs only, so that their data stays in the processor's caches"
    ) { context in
        let engine = TextEngine(fonts: try context.fonts())
        return rebreakWorkload(context.texts.prefix(64).map { engine.prepare($0, style: context.style) })
    }

    /// Lays the prepared paragraphs out one after another at 343, 200 and 300 pt in turn.
    static func rebreakWorkload(_ prepared: [PreparedText]) -> ClosureWorkload {
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
