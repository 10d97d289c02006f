import BenchmarkSupport

/// The options of `benchmark`.
public struct BenchmarkOptions: Sendable, Equatable {
    /// The scenarios named on the command line, in order, without repeats; empty for all.
    public var scenarioNames: [String] = []
    /// `--samples N`: the most samples per scenario.
    public var samples: Int?
    /// `--seconds S`: the most timed seconds per scenario.
    public var seconds: Double?
    /// `--quick`: tiny sizes so that every scenario runs once in seconds.
    public var quick = false
    /// `--json FILE`: where to write the report.
    public var jsonPath: String?
    /// `--compare FILE`: the baseline report to compare with.
    public var baselinePath: String?
    /// `--threshold X`: the relative p50 growth that counts as a regression.
    public var threshold = 0.25
    /// `--fonts DIR`.
    public var fontsDirectory: String?
    /// `--corpus FILE`.
    public var corpusPath: String?
    /// `--list`: print the scenarios and what one operation of each is, then exit.
    public var list = false
    public var help = false
    public var version = false

    public init() {}

    /// Parses the arguments (without the program name).
    ///
    /// - Throws: ``BenchmarkError`` for an unknown option or scenario, or a bad value.
    public init(arguments: [String]) throws {
        var parser = OptionParser(arguments)
        help = parser.flag("-h", "--help")
        version = parser.flag("--version")
        list = parser.flag("--list")
        quick = parser.flag("--quick")
        samples = try parser.integer("--samples", minimum: 1)
        seconds = try parser.positiveDouble("--seconds")
        jsonPath = try parser.value("--json")
        baselinePath = try parser.value("--compare")
        if let threshold = try parser.positiveDouble("--threshold") {
            guard baselinePath != nil else { throw BenchmarkError("--threshold needs --compare BASELINE.json") }
            self.threshold = threshold
        }
        fontsDirectory = try parser.value("--fonts")
        corpusPath = try parser.value("--corpus")
        for path in [jsonPath, baselinePath, fontsDirectory, corpusPath] where path?.isEmpty == true {
            throw BenchmarkError("an empty path was given")
        }
        for argument in parser.remaining {
            if argument.hasPrefix("-") { throw BenchmarkError("unknown option \(argument)") }
            guard Scenario.named(argument) != nil else {
                throw BenchmarkError(
                    "no scenario named '\(argument)' (there are: \(Scenario.all.map(\.name).joined(separator: ", ")))")
            }
            if !scenarioNames.contains(argument) { scenarioNames.append(argument) }
        }
    }

    /// The scenarios to run: those named, in the order named, or all.
    public var scenarios: [Scenario] {
        scenarioNames.isEmpty ? Scenario.all : scenarioNames.compactMap(Scenario.named)
    }

    /// The sampling plan: ``SamplingPlan/standard`` or ``SamplingPlan/quick`` with `--samples`
    /// and `--seconds` applied.
    public var plan: SamplingPlan {
        var plan = quick ? SamplingPlan.quick : SamplingPlan.standard
        if let samples { plan.maximumSamples = samples }
        if let seconds { plan.maximumSeconds = seconds }
        return plan
    }

    public static let usage = """
        OVERVIEW: Times FeedLayout against its baselines (HarfBuzz, ICU) and its peer (Pango)
        on the corpus, and prints the ratios that say how it is doing.

        Every scenario is set up outside the timed region, warmed up, then timed in samples
        (each a batch of operations); the table gives the time of one operation at p0, p25,
        p50, p75, p90, p99 and p100 over the samples, operations per second, heap allocations
        per operation and the peak resident memory. The figures that follow are ratios of
        this run's p50s and numbers the scenarios measured (bytes per cached height, hit
        ratios, agreement with Pango), each with its target; then the scenarios' notes. Progress goes to stderr. Only a release build
        reports (swift run -c release benchmark).

        USAGE: benchmark [NAME ...] [options]

        ARGUMENTS:
          NAME              the scenarios to run, in order (default: all; see --list)

        OPTIONS:
          --samples N       at most N samples per scenario (default 100; 3 with --quick)
          --seconds S       at most S seconds of timed samples per scenario (default 2)
          --quick           tiny sizes (24 texts, 200 statuses, 3 samples of 4 operations)
                            so that CI runs every scenario in seconds; its timings and
                            figures mean nothing
          --json FILE       also write the figures to FILE as JSON (a baseline for --compare)
          --compare FILE    compare each scenario's p50 with the baseline FILE written by
                            --json; exit 1 when one is slower by more than the threshold
          --threshold X     the relative p50 growth that fails --compare (default 0.25)
          --fonts DIR       the fonts directory (default $FEEDLAYOUT_FONTS, else the
                            repository's Fonts/)
          --corpus FILE     one text per line (default Benchmarks/Corpus/texts.txt)
          --list            list the scenarios and what one operation of each is
          --version         show the version
          -h, --help        show this help

        EXIT STATUS: 0 done (and no regression), 1 a regression, a debug build or a failure,
        64 bad usage.

        """
}
