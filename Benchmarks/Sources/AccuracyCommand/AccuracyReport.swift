import BenchmarkSupport

/// The whole report, as written to the `--json` file.
public struct AccuracyReport: Codable, Sendable {
    public var pangoVersion: String
    public var corpus: String
    public var texts: Int
    public var fontSize: Double
    /// Agreement on line counts needed on every width, in percent.
    public var requiredAgreement: Double
    public var passed: Bool
    public var widths: [WidthReport]
}

/// The comparison at one width.
public struct WidthReport: Codable, Sendable {
    public var width: Double
    public var texts: Int
    /// Texts whose line counts agree.
    public var agreeing: Int
    public var agreementPercent: Double
    /// Texts whose lines start at the very same byte offsets.
    public var identicalBreaks: Int
    public var pangoMeanLines: Double
    public var ourMeanLines: Double
    /// |height difference| over the texts whose line counts agree.
    public var height: DifferenceStatistics
    /// |widest-line difference| over the texts whose line counts agree.
    public var widestLine: DifferenceStatistics
    /// Every text whose line count differs, in corpus order.
    public var disagreements: [Disagreement]
    /// Every text whose line count agrees but whose height differs by more than 0.5 px.
    public var heightDifferences: [HeightDifference]
}

/// A text whose line count agrees but whose height does not.
public struct HeightDifference: Codable, Sendable {
    /// The text's line number in the corpus file (1-based).
    public var line: Int
    public var lines: Int
    public var pangoHeight: Double
    public var ourHeight: Double
    /// The first 40 characters of the text.
    public var excerpt: String
}

/// Absolute differences between Pango's figure and ours over a set of texts.
public struct DifferenceStatistics: Codable, Sendable {
    public var count: Int
    public var maxAbsolute: Double
    public var meanAbsolute: Double
    /// How many differ by at most 0.5 px.
    public var withinHalfPixel: Int
}

/// A text whose line count differs.
public struct Disagreement: Codable, Sendable {
    /// The text's line number in the corpus file (1-based): `--show` takes it.
    public var line: Int
    public var pangoLines: Int
    public var ourLines: Int
    public var pangoHeight: Double
    public var ourHeight: Double
    /// The first line (0-based) that starts at a different byte offset.
    public var firstDifferentLine: Int?
    /// The UTF-8 byte offset at which each line starts.
    public var pangoLineStarts: [Int]
    public var ourLineStarts: [Int]
    /// The first 40 characters of the text.
    public var excerpt: String
}

/// Gathers the comparisons of one width, one text at a time.
struct WidthAccumulator {
    let width: Double
    private(set) var texts = 0
    private(set) var agreeing = 0
    private(set) var identicalBreaks = 0
    private var pangoLines = 0
    private var ourLines = 0
    private var height = DifferenceAccumulator()
    private var widest = DifferenceAccumulator()
    private(set) var disagreements: [Disagreement] = []
    private(set) var heightDifferences: [HeightDifference] = []

    init(width: Double) { self.width = width }

    mutating func add(line: Int, text: String, pango: ParagraphMeasurement, pangoLines pangoLineList: [MeasuredLine],
                      ours: ParagraphMeasurement, ourLines ourLineList: [MeasuredLine]) {
        texts += 1
        pangoLines += pango.lineCount
        ourLines += ours.lineCount
        let pangoStarts = pangoLineList.map(\.range.lowerBound)
        let ourStarts = ourLineList.map(\.range.lowerBound)
        if pangoStarts == ourStarts { identicalBreaks += 1 }
        if pango.lineCount == ours.lineCount {
            agreeing += 1
            height.add(pango.height - ours.height)
            widest.add(pango.width - ours.width)
            if abs(pango.height - ours.height) > 0.5 {
                heightDifferences.append(HeightDifference(
                    line: line, lines: pango.lineCount, pangoHeight: pango.height, ourHeight: ours.height,
                    excerpt: String(text.prefix(40))))
            }
        } else {
            let firstDifferent = zip(pangoStarts, ourStarts).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(pangoStarts.count, ourStarts.count)
            disagreements.append(Disagreement(
                line: line, pangoLines: pango.lineCount, ourLines: ours.lineCount,
                pangoHeight: pango.height, ourHeight: ours.height, firstDifferentLine: firstDifferent,
                pangoLineStarts: pangoStarts, ourLineStarts: ourStarts, excerpt: String(text.prefix(40))))
        }
    }

    var report: WidthReport {
        WidthReport(
            width: width, texts: texts, agreeing: agreeing,
            agreementPercent: texts == 0 ? 100 : Double(agreeing) * 100 / Double(texts),
            identicalBreaks: identicalBreaks,
            pangoMeanLines: texts == 0 ? 0 : Double(pangoLines) / Double(texts),
            ourMeanLines: texts == 0 ? 0 : Double(ourLines) / Double(texts),
            height: height.statistics, widestLine: widest.statistics, disagreements: disagreements,
            heightDifferences: heightDifferences)
    }

    /// Whether the agreement reaches `required` percent (exactly, in integers: 99.5 % of 5,000
    /// is 4,975).
    func passes(required: Double) -> Bool {
        Double(agreeing) * 1000 >= (required * 10).rounded() * Double(texts)
    }
}

struct DifferenceAccumulator {
    private var count = 0
    private var maxAbsolute = 0.0
    private var sumAbsolute = 0.0
    private var withinHalfPixel = 0

    mutating func add(_ difference: Double) {
        let absolute = abs(difference)
        count += 1
        maxAbsolute = max(maxAbsolute, absolute)
        sumAbsolute += absolute
        if absolute <= 0.5 { withinHalfPixel += 1 }
    }

    var statistics: DifferenceStatistics {
        DifferenceStatistics(count: count, maxAbsolute: maxAbsolute,
                             meanAbsolute: count == 0 ? 0 : sumAbsolute / Double(count),
                             withinHalfPixel: withinHalfPixel)
    }
}
