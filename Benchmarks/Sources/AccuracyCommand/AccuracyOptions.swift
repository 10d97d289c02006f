import BenchmarkSupport

/// The options of `accuracy`.
public struct AccuracyOptions: Sendable, Equatable {
    public var widths: [Double] = [343, 200]
    public var fontSize: Double = 17
    /// Only the first `limit` texts of each corpus.
    public var limit: Int?
    /// Corpus names (`ja`) or files; empty: every bundled corpus (``TextCorpus/bundledNames``).
    public var corpora: [String] = []
    public var jsonPath: String?
    public var fontsDirectory: String?
    /// Where the oracles' fixtures are (default `Benchmarks/Oracles/Fixtures`).
    public var fixturesDirectory: String?
    /// Write every disagreement of ours alone (both oracles agree, we do not) to this file.
    public var disagreementsPath: String?
    /// The known disagreements of ours alone; "none" for none (default
    /// `Benchmarks/Oracles/known-disagreements.json`).
    public var knownPath: String?
    /// Write the disagreements of ours alone found in this run to this file, as a known list.
    public var writeKnownPath: String?
    /// Write Pango's answers as fixtures (`NAME.pango.jsonl`) into the fixtures directory.
    public var writePangoFixtures = false
    /// Print the line-by-line breakdown of this text (its line number in the corpus) instead.
    public var show: Int?
    /// Print Pango's line break opportunities in each string of this file (a JSON array of
    /// strings) instead.
    public var opportunitiesPath: String?
    public var help = false

    /// Line-count agreement with Pango needed at every width of a corpus that has no Chromium
    /// fixture (Pango the only oracle), in percent.
    public static let requiredAgreement = 99.5
    /// The target where both oracles agree: we differ on at most this share of those texts in
    /// line count, in percent.
    public static let targetLinesPercent = 0.03
    /// The same for break positions, in percent.
    public static let targetBreaksPercent = 0.1
    /// How many disagreements of ours alone are printed per cause (the files have them all).
    public static let printedExamples = 3
    /// How many line-count disagreements with Pango are printed per corpus without a Chromium
    /// fixture.
    public static let printedDisagreements = 10

    public init() {}

    /// Parses the arguments (without the program name).
    ///
    /// - Throws: ``BenchmarkError`` for an unknown option, a bad value or a bad combination.
    public init(arguments: [String]) throws {
        var parser = OptionParser(arguments)
        help = parser.flag("-h", "--help")
        writePangoFixtures = parser.flag("--write-pango-fixtures")
        if let widths = try parser.doubleList("--widths") { self.widths = widths }
        if let size = try parser.positiveDouble("--size") { fontSize = size }
        limit = try parser.integer("--limit", minimum: 1)
        corpora = try parser.values("--corpus").flatMap { value in
            value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        jsonPath = try parser.value("--json")
        fontsDirectory = try parser.value("--fonts")
        fixturesDirectory = try parser.value("--fixtures")
        disagreementsPath = try parser.value("--disagreements")
        knownPath = try parser.value("--known")
        writeKnownPath = try parser.value("--write-known")
        show = try parser.integer("--show", minimum: 1)
        opportunitiesPath = try parser.value("--opportunities")
        try parser.finish()
        if opportunitiesPath != nil, show != nil {
            throw BenchmarkError("--opportunities and --show are two different runs: give one")
        }
        if corpora.contains(where: \.isEmpty) {
            throw BenchmarkError("--corpus wants corpus names or files, not an empty one")
        }
        if show != nil, corpora.count > 1 {
            throw BenchmarkError("--show takes one corpus (--corpus NAME), not \(corpora.count)")
        }
        if writePangoFixtures, limit != nil {
            throw BenchmarkError("--write-pango-fixtures measures whole corpora: drop --limit")
        }
        if Set(widths).count != widths.count {
            throw BenchmarkError("--widths lists a width twice")
        }
    }

    /// The corpus files measured, in order.
    public var corpusPaths: [String] {
        (corpora.isEmpty ? TextCorpus.bundledNames : corpora).map(TextCorpus.path(forNameOrPath:))
    }

    public static let usage = """
        OVERVIEW: FeedLayout's line breaking against two oracles, Pango and Chromium

        Measures every text of each corpus with FeedLayout and with Pango (live: PangoFT2 at
        72 dpi on the project's fonts, PANGO_WRAP_WORD_CHAR), and compares both with headless
        Chromium's answers committed as fixtures (Benchmarks/Oracles/Fixtures/NAME.chromium.jsonl,
        made by Benchmarks/Oracles/chromium-oracle.py; this tool never runs Chromium). Reports, per
        corpus and width, how often line counts and break positions (where lines 2, 3, ... start,
        in Unicode scalars) agree: ours with Pango, ours with Chromium, Pango with Chromium; and
        the texts where both oracles agree and we alone differ, by cause, against the target (at
        most 0.03 % of those texts in line count and 0.1 % in break positions).

        USAGE: accuracy [options]

        OPTIONS:
          --corpus NAME|FILE   a corpus of Benchmarks/Corpus (texts, ja, ko, zh-hant, en, social)
                               or a file of one text per line; repeatable or comma-separated
                               (default: all six)
          --widths W,W,...     widths in pixels (default 343,200)
          --size PX            font size in pixels (default 17)
          --limit N            only the first N texts of each corpus
          --fonts DIR          the fonts directory (default $FEEDLAYOUT_FONTS, else the
                               repository's Fonts/)
          --fixtures DIR       the oracles' fixtures (default Benchmarks/Oracles/Fixtures)
          --json FILE          write the whole report, every disagreement included, to FILE
          --disagreements FILE write every text where both oracles agree and we do not to FILE
                               (JSON: the text, the three answers, the line where we differ, its
                               widths, the cause)
          --known FILE|none    the disagreements of ours alone already known (default
                               Benchmarks/Oracles/known-disagreements.json); only others fail
          --write-known FILE   write this run's disagreements of ours alone to FILE as a known list
          --write-pango-fixtures
                               write Pango's answers to the fixtures directory (NAME.pango.jsonl)
          --show N             print how Pango, Chromium and FeedLayout break text N (its line
                               number in the corpus) at each width, and the fonts Pango chose,
                               then exit (one corpus: --corpus NAME)
          --opportunities FILE print Pango's line break opportunities in each string of FILE (a
                               JSON array of strings): one JSON object per string, the offsets in
                               Unicode scalars where a line may start; then exit (Chromium's:
                               Oracles/chromium-oracle.py --opportunities FILE)
          -h, --help           show this help

        EXIT STATUS:
          0  no disagreement of ours alone outside the known list (without a known list: the
             target met at every corpus and width), and on corpora without a Chromium fixture
             line counts agreeing with Pango on at least 99.5 % of the texts at every width
          1  otherwise, or a failure (fonts, corpus or fixture that cannot be used)
          64 bad usage

        """
}
