import BenchmarkSupport

/// The options of `accuracy`.
public struct AccuracyOptions: Sendable, Equatable {
    public var widths: [Double] = [343, 200]
    public var fontSize: Double = 17
    /// Only the first `limit` texts.
    public var limit: Int?
    public var corpusPath: String?
    public var jsonPath: String?
    public var fontsDirectory: String?
    /// Print the line-by-line breakdown of this text (its corpus line number) instead.
    public var show: Int?
    public var help = false

    /// Agreement needed on every width for exit status 0, in percent.
    public static let requiredAgreement = 99.5
    /// How many disagreements are printed per width (the JSON file has them all).
    public static let printedDisagreements = 10
    /// How many texts of the same line count but different heights are printed per width.
    public static let printedHeightDifferences = 5

    public init() {}

    /// Parses the arguments (without the program name).
    ///
    /// - Throws: ``BenchmarkError`` for an unknown option or a bad value.
    public init(arguments: [String]) throws {
        var parser = OptionParser(arguments)
        help = parser.flag("-h", "--help")
        if let widths = try parser.doubleList("--widths") { self.widths = widths }
        if let size = try parser.positiveDouble("--size") { fontSize = size }
        limit = try parser.integer("--limit", minimum: 1)
        corpusPath = try parser.value("--corpus")
        jsonPath = try parser.value("--json")
        fontsDirectory = try parser.value("--fonts")
        show = try parser.integer("--show", minimum: 1)
        try parser.finish()
    }

    public static let usage = """
        USAGE: accuracy [options]

        Measures every text of the corpus with Pango (the oracle: PangoFT2 at 72 dpi on the
        project's fonts, PANGO_WRAP_WORD_CHAR) and with FeedLayout, and reports how often the
        line counts agree, how close the heights are, and which texts disagree. Exits 0 when
        the line counts agree on at least 99.5 % of the texts at every width, 1 otherwise.

        OPTIONS:
          --widths W,W,...  widths in pixels (default 343,200)
          --size PX         font size in pixels (default 17)
          --limit N         only the first N texts
          --corpus FILE     one text per line (default Benchmarks/Corpus/texts.txt)
          --json FILE       write the full report, every disagreement included, to FILE
          --fonts DIR       the fonts directory (default $FEEDLAYOUT_FONTS, else the
                            repository's Fonts/)
          --show N          print how Pango and FeedLayout break text N (its line number in
                            the corpus, as in the report) at each width, and the fonts Pango
                            chose, then exit
          -h, --help        show this help

        """
}
