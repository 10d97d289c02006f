extension Scenario {
    /// The seed apps' height cache: a `[String: Double]` looked up by status `idstr`.
    public static let dictionaryHit = Scenario(
        "dictionary-hit",
        operation:
            "one [String: Double] lookup by idstr (\"4900000000000123\") that hits, in a dictionary of the 5,000 statuses, one thread, no lock"
    ) { context in
        let identifiers = try context.statusIdentifiers()
        let heights = Dictionary(
            identifiers.enumerated().map { ($1, 20 + Double($0 % 300)) }, uniquingKeysWith: { first, _ in first })
        // Keys as a decoder would make them: equal strings with storage of their own, in a
        // shuffled order that is the same every run.
        var generator = SplitMix64(seed: 0x4F_45_45_44)
        let keys = Array(heights.keys).sorted().shuffled(using: &generator).map {
            String(decoding: Array($0.utf8), as: UTF8.self)
        }
        var next = 0
        return ClosureWorkload { count in
            var sum = 0.0
            for _ in 0..<count {
                sum += heights[keys[next]] ?? -1
                next = next + 1 == keys.count ? 0 : next + 1
            }
            blackHole(sum)
        }
    }
}

/// A small seeded random number generator (SplitMix64), for orders that are the same every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
