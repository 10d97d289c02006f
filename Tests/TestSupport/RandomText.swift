/// Random text that reaches everything a user can send: every script, C0 and C1 controls,
/// combining marks of many scripts, default-ignorables (ZWJ, ZWNJ, variation selectors, tags,
/// bidi controls), emoji sequences, unassigned code points, private use, noncharacters, and
/// code points anywhere in the 17 planes: not only everyday alphabets.
public struct RandomText {
    public var generator: SplitMix

    public init(seed: UInt64) { generator = SplitMix(seed: seed) }

    /// Classes of code points, each drawn with the weight beside it.
    static let classes: [(weight: Int, ranges: [ClosedRange<UInt32>])] = [
        (6, [0x20...0x7E]),  // ASCII
        (2, [0x00...0x1F, 0x7F...0x9F]),  // C0 and C1 controls (TAB, NUL, ESC, NEL…)
        (2, [0xA0...0x24F, 0x370...0x3FF, 0x400...0x4FF]),  // Latin-1, Latin Extended, Greek, Cyrillic
        (
            4,
            [
                0x300...0x36F, 0x483...0x489, 0x591...0x5C7, 0x610...0x61A, 0x64B...0x65F, 0x670...0x670,
                0x6D6...0x6ED, 0x900...0x903, 0x93A...0x94F, 0xE31...0xE3A, 0xE47...0xE4E, 0x1AB0...0x1AFF,
                0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
            ]
        ),  // combining marks (Latin, Hebrew, Arabic, Devanagari, Thai…)
        (3, [0x590...0x5FF, 0x600...0x6FF, 0x700...0x74F, 0x780...0x7BF]),  // Hebrew, Arabic, Syriac, Thaana
        // Indic, Thai, Lao, Myanmar, Khmer
        (3, [0x900...0x97F, 0x980...0x9FF, 0xE00...0xE7F, 0xE80...0xEFF, 0x1000...0x109F, 0x1780...0x17FF]),
        (2, [0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7A3]),  // Hangul jamo and syllables
        (4, [0x3000...0x30FF, 0x4E00...0x9FFF, 0xFF00...0xFFEF]),  // CJK punctuation, kana, ideographs, full/halfwidth
        (
            2,
            [0x2000...0x206F, 0xFE00...0xFE0F, 0xFEFF...0xFEFF, 0xE0000...0xE007F, 0xE0100...0xE01EF, 0x180B...0x180F]
        ),  // spaces, ZW*, bidi controls, VS, tags
        (
            3,
            [
                0x1F000...0x1FAFF, 0x2600...0x27BF, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0x200D...0x200D,
                0xFE0F...0xFE0F, 0x20E3...0x20E3,
            ]
        ),  // emoji pieces
        (1, [0xFFF0...0xFFFF, 0xFDD0...0xFDEF, 0x1FFFE...0x1FFFF, 0x10FFFE...0x10FFFF]),  // specials, noncharacters
        (1, [0xE000...0xF8FF, 0xF0000...0xFFFFD]),  // private use
        // unassigned and rare planes
        (1, [0x0378...0x0379, 0x2FE0...0x2FEF, 0x1E800...0x1E8FF, 0x30000...0x3134F, 0x2A700...0x2B73F]),
        (2, [0x0...0x10FFFF]),  // anywhere
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

/// Random texts where bidi controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM)
/// stand next to the characters that join or compose with their neighbours in every script:
/// Arabic and Syriac letters (joining), Hangul jamo L, V, T and syllables (composing), Indic
/// consonants with viramas, Khmer's coeng, Myanmar's stacking, Latin with combining marks,
/// ZWJ, ZWNJ, variation selectors, the fraction slash between digits, Latin ligature pairs, and
/// spaces: the pieces a cache keeps, in every direction an override can give them.
public struct BidiMixText {
    public var random: RandomText

    public init(seed: UInt64) { random = RandomText(seed: seed) }

    static let controls: [UInt32] = [
        0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
    ]
    /// Groups of code points that join or compose, each drawn as a whole or one at a time.
    static let neighbours: [[ClosedRange<UInt32>]] = [
        [0x0627...0x064A, 0x064B...0x0652, 0x0670...0x0670],  // Arabic letters, harakat
        [0x0710...0x072F, 0x0730...0x074A],  // Syriac letters, marks
        [0x05D0...0x05EA, 0x05B0...0x05BC],  // Hebrew letters, points
        // Hangul L, V, T (old jamo too), syllables, extended jamo
        [0x1100...0x115F, 0x1160...0x11A7, 0x11A8...0x11FF, 0xAC00...0xD7A3, 0xA960...0xA97C, 0xD7B0...0xD7FB],
        [0x0915...0x0939, 0x094D...0x094D, 0x093E...0x094C],  // Devanagari consonants, virama, vowel signs
        [0x0995...0x09B9, 0x09CD...0x09CD, 0x0B95...0x0BB9, 0x0BCD...0x0BCD],  // Bengali, Tamil with viramas
        [0x1780...0x17A2, 0x17D2...0x17D2, 0x17B6...0x17C5],  // Khmer consonants, coeng, vowels
        [0x1000...0x102A, 0x1039...0x103A, 0x102B...0x1038],  // Myanmar consonants, virama/asat, signs
        [0x0E01...0x0E2E, 0x0E31...0x0E3A, 0x0E47...0x0E4E],  // Thai
        [0x0041...0x005A, 0x0061...0x007A, 0x0300...0x036F],  // Latin, combining marks
        [0x0030...0x0039, 0x2044...0x2044, 0x0660...0x0669],  // digits, fraction slash, Arabic-Indic digits
        [0x200C...0x200D, 0xFE00...0xFE0F, 0x034F...0x034F],  // ZWNJ, ZWJ, variation selectors, CGJ
        [0x0020...0x0020, 0x00A0...0x00A0, 0x3000...0x3000],  // spaces
        [0x4E00...0x4E20, 0x3041...0x3060],  // ideographs, kana
        [0x1F600...0x1F60F, 0x1F3FB...0x1F3FF],  // emoji, skin tones
    ]

    /// The code points texts are drawn from now: a few bidi controls and a few characters of
    /// one or two groups, renewed every 50 texts, so that the same pieces come back beside
    /// other controls and neighbours (what a cache of shaped pieces must survive).
    private var palette: [Unicode.Scalar] = []
    private var made = 0

    private mutating func scalar(of group: [ClosedRange<UInt32>]) -> Unicode.Scalar {
        let range = group[random.generator.below(group.count)]
        return Unicode.Scalar(
            range.lowerBound + UInt32(random.generator.below(Int(range.upperBound - range.lowerBound) + 1)))!
    }

    /// A text of 2 to `maxCount` code points from the current palette.
    public mutating func next(maxCount: Int = 16) -> String {
        if made % 50 == 0 {
            // An override or embedding always (what turns a run against its script's direction),
            // and up to two other controls.
            let overrides: [UInt32] = [0x202E, 0x202D, 0x202B, 0x202A]
            palette = [Unicode.Scalar(overrides[random.generator.below(overrides.count)])!]
            palette += (0..<random.generator.below(3)).map { _ in
                Unicode.Scalar(Self.controls[random.generator.below(Self.controls.count)])!
            }
            for _ in 0..<(1 + random.generator.below(2)) {
                // Hangul's jamo (which compose) and Arabic (which joins) three times as often as
                // another group: what an override turns around the most.
                let pick = random.generator.below(Self.neighbours.count + 4)
                let group =
                    pick < Self.neighbours.count ? Self.neighbours[pick] : Self.neighbours[pick % 2 == 0 ? 3 : 0]
                for _ in 0..<(2 + random.generator.below(4)) { palette.append(scalar(of: group)) }
            }
            palette.append(" ")
        }
        made += 1
        var s = String.UnicodeScalarView()
        for _ in 0..<(2 + random.generator.below(maxCount - 1)) {
            s.append(palette[random.generator.below(palette.count)])
        }
        return String(s)
    }
}

/// Random texts of words in every script a font of the per-script stack draws, for the segment
/// cache's rule around spaces (``Fixtures/scriptsFonts``): words of letters, marks, viramas,
/// ZWJ and ZWNJ of one script (Arabic, Persian's letters, Hebrew, Devanagari, Bengali,
/// Gujarati, Tamil, Telugu, Malayalam, Thai, Myanmar, Khmer, Georgian, Latin with marks,
/// Cyrillic, Greek, Han), digits and punctuation, drawn from a vocabulary renewed every 60
/// texts, so that the same words come back after other words, after a space, a hyphen, a
/// slash, a no-break space, a tab, a bidi mark or a control, at a paragraph's start and end,
/// in a run of another script and beside text no font covers.
public struct ScriptWordsText {
    public var random: RandomText
    private var vocabulary: [String] = []
    private var made = 0

    public init(seed: UInt64) { random = RandomText(seed: seed) }

    /// Each script's letters, then its marks and joiners (drawn less often).
    static let scripts: [(letters: [ClosedRange<UInt32>], marks: [ClosedRange<UInt32>])] = [
        ([0x0621...0x064A, 0x0671...0x06D3], [0x064B...0x0652, 0x0670...0x0670, 0x200C...0x200D]),  // Arabic, Persian
        ([0x05D0...0x05EA], [0x05B0...0x05BC, 0x05C1...0x05C2]),  // Hebrew
        ([0x0915...0x0939, 0x0905...0x0914], [0x093E...0x094D, 0x0901...0x0903, 0x200C...0x200D]),  // Devanagari
        ([0x0995...0x09B9, 0x0985...0x0994], [0x09BE...0x09CD, 0x0981...0x0983]),  // Bengali
        ([0x0A95...0x0AB9, 0x0A85...0x0A94], [0x0ABE...0x0ACD, 0x0A81...0x0A83]),  // Gujarati
        ([0x0B95...0x0BB9, 0x0B85...0x0B94], [0x0BBE...0x0BCD, 0x0B82...0x0B83]),  // Tamil
        ([0x0C15...0x0C39, 0x0C05...0x0C14], [0x0C3E...0x0C4D, 0x0C01...0x0C03]),  // Telugu
        ([0x0D15...0x0D3A, 0x0D05...0x0D14], [0x0D3E...0x0D4D, 0x0D02...0x0D03]),  // Malayalam
        ([0x0E01...0x0E2E, 0x0E40...0x0E44], [0x0E31...0x0E3A, 0x0E47...0x0E4E]),  // Thai
        ([0x1000...0x102A], [0x102B...0x103E]),  // Myanmar
        ([0x1780...0x17B3], [0x17B6...0x17D2]),  // Khmer
        ([0x10D0...0x10FA], []),  // Georgian
        ([0x0041...0x005A, 0x0061...0x007A, 0x00C0...0x00FF], [0x0300...0x036F]),  // Latin
        ([0x0410...0x044F], [0x0301...0x0301]),  // Cyrillic
        ([0x0391...0x03C9], [0x0301...0x0301, 0x0308...0x0308]),  // Greek
        ([0x4E00...0x4FFF], []),  // Han
    ]
    /// What stands between words besides a space (break opportunities with no space, and
    /// characters that are not spaces at all).
    static let separators: [String] = [
        "-", "/", "\u{00A0}", "\t", "\u{200F}", "\u{200E}", "\u{00AD}", "\u{2010}", ", ", ". ", "\u{060C} ",
        "\u{0964} ", "  ", "\u{3000}", "\u{0001}", "\u{FFFD}", "\u{10FFFD}", "(", ") ", "\u{0640}",
    ]

    private mutating func scalar(_ ranges: [ClosedRange<UInt32>]) -> Unicode.Scalar? {
        guard !ranges.isEmpty else { return nil }
        let range = ranges[random.generator.below(ranges.count)]
        return Unicode.Scalar(
            range.lowerBound + UInt32(random.generator.below(Int(range.upperBound - range.lowerBound) + 1)))
    }

    private mutating func word() -> String {
        let pick = random.generator.below(Self.scripts.count + 2)
        if pick >= Self.scripts.count {  // digits, in ASCII or Arabic-Indic
            let base: UInt32 = pick == Self.scripts.count ? 0x30 : 0x660
            return String(
                String.UnicodeScalarView(
                    (0..<(1 + random.generator.below(4))).map { _ in
                        Unicode.Scalar(base + UInt32(random.generator.below(10)))!
                    }))
        }
        let script = Self.scripts[pick]
        var s = String.UnicodeScalarView()
        for _ in 0..<(1 + random.generator.below(6)) {
            if let letter = scalar(script.letters) { s.append(letter) }
            if random.generator.below(3) == 0, let mark = scalar(script.marks) { s.append(mark) }
        }
        return String(s)
    }

    /// A text of 1 to `maxWords` words.
    public mutating func next(maxWords: Int = 10) -> String {
        if made % 60 == 0 { vocabulary = (0..<24).map { _ in word() } }
        made += 1
        var text = ""
        for w in 0..<(1 + random.generator.below(maxWords)) {
            if w > 0 {
                text +=
                    random.generator.below(4) == 0
                    ? Self.separators[random.generator.below(Self.separators.count)] : " "
            }
            text += vocabulary[random.generator.below(vocabulary.count)]
        }
        if random.generator.below(8) == 0 { text = " " + text }
        if random.generator.below(8) == 0 { text += " " }
        return text
    }
}
