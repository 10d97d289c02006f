/// Random text that reaches everything a user can send: every script, C0 and C1 controls,
/// combining marks of many scripts, default-ignorables (ZWJ, ZWNJ, variation selectors, tags,
/// bidi controls), emoji sequences, unassigned code points, private use, noncharacters, and
/// code points anywhere in the 17 planes: not only everyday alphabets.
public struct RandomText {
    public var generator: SplitMix

    public init(seed: UInt64) { generator = SplitMix(seed: seed) }

    /// Classes of code points, each drawn with the weight beside it.
    static let classes: [(weight: Int, ranges: [ClosedRange<UInt32>])] = [
        (6, [0x20...0x7E]),                                        // ASCII
        (2, [0x00...0x1F, 0x7F...0x9F]),                           // C0 and C1 controls (TAB, NUL, ESC, NEL…)
        (2, [0xA0...0x24F, 0x370...0x3FF, 0x400...0x4FF]),         // Latin-1, Latin Extended, Greek, Cyrillic
        (4, [0x300...0x36F, 0x483...0x489, 0x591...0x5C7, 0x610...0x61A, 0x64B...0x65F, 0x670...0x670,
             0x6D6...0x6ED, 0x900...0x903, 0x93A...0x94F, 0xE31...0xE3A, 0xE47...0xE4E, 0x1AB0...0x1AFF,
             0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F]),  // combining marks (Latin, Hebrew, Arabic, Devanagari, Thai…)
        (3, [0x590...0x5FF, 0x600...0x6FF, 0x700...0x74F, 0x780...0x7BF]),  // Hebrew, Arabic, Syriac, Thaana
        (3, [0x900...0x97F, 0x980...0x9FF, 0xE00...0xE7F, 0xE80...0xEFF, 0x1000...0x109F, 0x1780...0x17FF]),  // Indic, Thai, Lao, Myanmar, Khmer
        (2, [0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7A3]),  // Hangul jamo and syllables
        (4, [0x3000...0x30FF, 0x4E00...0x9FFF, 0xFF00...0xFFEF]),  // CJK punctuation, kana, ideographs, full/halfwidth
        (2, [0x2000...0x206F, 0xFE00...0xFE0F, 0xFEFF...0xFEFF, 0xE0000...0xE007F, 0xE0100...0xE01EF, 0x180B...0x180F]),  // spaces, ZW*, bidi controls, VS, tags
        (3, [0x1F000...0x1FAFF, 0x2600...0x27BF, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0x200D...0x200D, 0xFE0F...0xFE0F, 0x20E3...0x20E3]),  // emoji pieces
        (1, [0xFFF0...0xFFFF, 0xFDD0...0xFDEF, 0x1FFFE...0x1FFFF, 0x10FFFE...0x10FFFF]),  // specials, noncharacters
        (1, [0xE000...0xF8FF, 0xF0000...0xFFFFD]),                 // private use
        (1, [0x0378...0x0379, 0x2FE0...0x2FEF, 0x1E800...0x1E8FF, 0x30000...0x3134F, 0x2A700...0x2B73F]),  // unassigned and rare planes
        (2, [0x0...0x10FFFF]),                                     // anywhere
    ]
    static let totalWeight = classes.reduce(0) { $0 + $1.weight }

    /// One code point (never a surrogate: a Swift string cannot hold one).
    public mutating func scalar() -> Unicode.Scalar {
        while true {
            var pick = generator.below(Self.totalWeight)
            var ranges = Self.classes[0].ranges
            for c in Self.classes {
                if pick < c.weight { ranges = c.ranges; break }
                pick -= c.weight
            }
            let range = ranges[generator.below(ranges.count)]
            let value = range.lowerBound + UInt32(generator.below(Int(range.upperBound - range.lowerBound) + 1))
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }

    /// A text of `count` code points.
    public mutating func text(count: Int) -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<count { s.append(scalar()) }
        return String(s)
    }

    /// A short text: 1 to `maxCount` code points.
    public mutating func shortText(maxCount: Int = 12) -> String { text(count: 1 + generator.below(maxCount)) }
}

/// Random texts over a small palette of code points drawn by ``RandomText``, renewed every
/// `textsPerPalette` texts: the same pieces come back in new neighbourhoods, which is what a
/// cache of shaped pieces must survive (texts over all of Unicode rarely repeat a piece).
public struct PaletteText {
    public var random: RandomText
    public let paletteSize: Int
    public let textsPerPalette: Int
    private var palette: [Unicode.Scalar] = []
    private var made = 0

    public init(seed: UInt64, paletteSize: Int = 16, textsPerPalette: Int = 100) {
        random = RandomText(seed: seed)
        self.paletteSize = paletteSize
        self.textsPerPalette = textsPerPalette
    }

    /// A text of 1 to `maxCount` code points from the current palette.
    public mutating func next(maxCount: Int = 12) -> String {
        if made % textsPerPalette == 0 { palette = (0..<paletteSize).map { _ in random.scalar() } }
        made += 1
        var s = String.UnicodeScalarView()
        for _ in 0..<(1 + random.generator.below(maxCount)) { s.append(palette[random.generator.below(palette.count)]) }
        return String(s)
    }
}
