import TextLayout

/// `measure-warm`: paragraphs measured by engines warmed on the other half of the texts.
typealias WarmEngineWorkload = WarmHalvesWorkload<String>

/// Inputs measured by warm engines that have never seen them: two engines, one warmed on the
/// second half of the inputs that measures the first half, one warmed on the first half that
/// measures the second half; each input is measured once, and when all are, two fresh engines
/// are made and warmed again (outside the timed region).
///
/// `measure-warm` (paragraphs) and `cell-height-cold` (statuses) are two of these.
final class WarmHalvesWorkload<Input>: ScenarioWorkload {
    private let inputs: [Input]
    private let makeEngine: () -> TextEngine
    private let warm: (TextEngine, Input) -> Void
    private let measure: (TextEngine, Input) -> Void
    /// The engines: `engines[0]` measures the first half, `engines[1]` the second.
    private var engines: [TextEngine] = []
    /// The inputs in the order measured, with the engine measuring each.
    private let order: [(engine: Int, input: Int)]
    /// The next entry of `order` to measure; `order.count` when all were.
    private var position: Int

    /// - Parameters:
    ///   - inputs: at least 2.
    ///   - makeEngine: makes an engine with empty caches.
    ///   - warm: what warming an engine does with one input of the other half (untimed).
    ///   - measure: one operation (timed); feed the result to ``blackHole(_:)``.
    init(
        inputs: [Input], makeEngine: @escaping () -> TextEngine, warm: @escaping (TextEngine, Input) -> Void,
        measure: @escaping (TextEngine, Input) -> Void
    ) {
        precondition(inputs.count >= 2, "two halves need two inputs")
        self.inputs = inputs
        self.makeEngine = makeEngine
        self.warm = warm
        self.measure = measure
        let half = inputs.count / 2
        order = (0..<half).map { (0, $0) } + (half..<inputs.count).map { (1, $0) }
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
            let (engine, input) = order[position]
            measure(engines[engine], inputs[input])
            position += 1
        }
    }

    /// Two new engines, each warmed on the half of the inputs the other measures.
    private func warmFreshEngines() {
        engines = []  // let the old caches go before filling new ones
        let half = inputs.count / 2
        let first = makeEngine()
        let second = makeEngine()
        for input in inputs[half...] { warm(first, input) }
        for input in inputs[..<half] { warm(second, input) }
        engines = [first, second]
        position = 0
    }
}
