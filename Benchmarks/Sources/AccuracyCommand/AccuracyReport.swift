import BenchmarkSupport

/// The whole report, as written to the `--json` file.
public struct AccuracyReport: Codable, Sendable {
    public var pangoVersion: String
    public var fontSize: Double
    /// Line-count agreement with Pango needed on corpora without a Chromium fixture, in percent.
    public var requiredAgreement: Double
    /// Where both oracles agree, the largest share of those texts on which we may differ in
    /// line count, in percent.
    public var targetLinesPercent: Double
    /// The same for break positions.
    public var targetBreaksPercent: Double
    /// The known list used (nil: none).
    public var knownDisagreements: String?
    public var passed: Bool
    public var corpora: [CorpusReport]
}

/// One corpus at every width.
public struct CorpusReport: Codable, Sendable {
    /// The file name without `.txt`.
    public var name: String
    public var path: String
    public var texts: Int
    /// The Chromium fixture used, with its version; nil when the corpus has none.
    public var chromiumFixture: String?
    public var chromiumVersion: String?
    public var widths: [CorpusWidthReport]
}

/// One corpus at one width: ours against Pango in detail, and the three-way agreement.
public struct CorpusWidthReport: Codable, Sendable {
    /// Ours against Pango: counts, breaks, heights, every line-count disagreement.
    public var pango: WidthReport
    /// The three-way figures; nil without a Chromium fixture.
    public var oracles: OracleAgreement?
    /// Texts on which Pango now differs from its own fixture (nil without a Pango fixture).
    public var pangoFixtureDifferences: Int?
}

/// Agreement in line count and in break positions between us, Pango and Chromium at one width.
public struct OracleAgreement: Codable, Sendable, Equatable {
    public var texts: Int
    public var oursPangoLines = 0
    public var oursPangoBreaks = 0
    public var oursChromiumLines = 0
    public var oursChromiumBreaks = 0
    public var pangoChromiumLines = 0
    public var pangoChromiumBreaks = 0
    /// Texts whose line count is the same in both oracles, and those among them where ours is not.
    public var oraclesAgreeLines = 0
    public var oursAloneLines = 0
    /// Texts whose breaks are the same in both oracles, and those among them where ours are not.
    public var oraclesAgreeBreaks = 0
    public var oursAloneBreaks = 0
    /// The disagreements of ours alone (in breaks; those in line count included) by cause.
    public var oursAloneByCause: [String: Int] = [:]

    public init(texts: Int) { self.texts = texts }

    /// `oursAloneLines` as a share of `oraclesAgreeLines`, in percent.
    public var oursAloneLinesPercent: Double { Self.percent(oursAloneLines, of: oraclesAgreeLines) }
    /// `oursAloneBreaks` as a share of `oraclesAgreeBreaks`, in percent.
    public var oursAloneBreaksPercent: Double { Self.percent(oursAloneBreaks, of: oraclesAgreeBreaks) }

    /// Whether the target is met: at most `linesPercent` and `breaksPercent` (exactly, in integers).
    public func meets(linesPercent: Double, breaksPercent: Double) -> Bool {
        Double(oursAloneLines) * 100 <= linesPercent * Double(oraclesAgreeLines) + 1e-9
            && Double(oursAloneBreaks) * 100 <= breaksPercent * Double(oraclesAgreeBreaks) + 1e-9
    }

    /// Adds one text's three answers.
    public mutating func add(ours: LineBreaks, pango: LineBreaks, chromium: LineBreaks) {
        if ours.lineCount == pango.lineCount { oursPangoLines += 1 }
        if ours == pango { oursPangoBreaks += 1 }
        if ours.lineCount == chromium.lineCount { oursChromiumLines += 1 }
        if ours == chromium { oursChromiumBreaks += 1 }
        if pango.lineCount == chromium.lineCount {
            pangoChromiumLines += 1
            oraclesAgreeLines += 1
            if ours.lineCount != pango.lineCount { oursAloneLines += 1 }
        }
        if pango == chromium {
            pangoChromiumBreaks += 1
            oraclesAgreeBreaks += 1
            if ours != pango { oursAloneBreaks += 1 }
        }
    }

    static func percent(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 0 : Double(part) * 100 / Double(whole)
    }
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

    mutating func add(
        line: Int, text: String, pango: ParagraphMeasurement, pangoLines pangoLineList: [MeasuredLine],
        ours: ParagraphMeasurement, ourLines ourLineList: [MeasuredLine]
    ) {
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
                heightDifferences.append(
                    HeightDifference(
                        line: line, lines: pango.lineCount, pangoHeight: pango.height, ourHeight: ours.height,
                        excerpt: String(text.prefix(40))))
            }
        } else {
            let firstDifferent =
                zip(pangoStarts, ourStarts).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(pangoStarts.count, ourStarts.count)
            disagreements.append(
                Disagreement(
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
        DifferenceStatistics(
            count: count, maxAbsolute: maxAbsolute,
            meanAbsolute: count == 0 ? 0 : sumAbsolute / Double(count),
            withinHalfPixel: withinHalfPixel)
    }
}
