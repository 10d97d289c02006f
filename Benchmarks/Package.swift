// swift-tools-version:6.0
// FeedLayout's benchmarks and accuracy reports: a package of its own, so that the Pango peer
// (and its system libraries) never becomes a dependency of the library.
import PackageDescription

let package = Package(
    name: "FeedLayoutBenchmarks",
    dependencies: [
        .package(name: "FeedLayout", path: "..")
    ],
    targets: [
        // PangoFT2's module map (apt `libpango1.0-dev`, installed by scripts/ensure-deps.sh
        // --bench). Not found through pkg-config: pango's .pc pulls in gio's, whose -pthread
        // SwiftPM refuses with a warning on every build. Its flags come from harfbuzz's .pc
        // (HarfBuzz, FreeType and GLib's include directories) and the two lines below.
        .systemLibrary(name: "CPangoFT2"),
        // Pango measuring a paragraph the way the accuracy oracle is defined, behind names
        // prefixed `cpangopeer_`; its header includes only standard headers.
        .target(
            name: "CPangoPeer", dependencies: ["CPangoFT2", "CBenchHarfBuzz"],
            cSettings: [.unsafeFlags(["-I/usr/include/pango-1.0"])],  // Debian's place for Pango's headers
            linkerSettings: ["pangoft2-1.0", "pango-1.0", "gobject-2.0", "glib-2.0", "fontconfig", "freetype"]
                .map { .linkedLibrary($0) }),
        // What every benchmark tool shares: the Pango peer, the corpus, paths and options.
        .target(name: "BenchmarkSupport", dependencies: ["CPangoPeer"]),
        // The accuracy report: our engine against Pango on the corpus.
        .target(
            name: "AccuracyCommand",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "TextLayout", package: "FeedLayout"),
            ]),
        .executableTarget(name: "accuracy", dependencies: ["AccuracyCommand"]),
        // The whole-process peer of `feedlayout measure` for startup.sh (C: Pango's start-up,
        // not a Swift runtime's, is what it measures).
        .executableTarget(name: "pango-measure", dependencies: ["CPangoPeer"]),
        // HarfBuzz and ICU for the baselines' C target only (the root package's CHarfBuzz and
        // CICU are not products, and target names must differ across the graph).
        .systemLibrary(name: "CBenchHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CBenchICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        // The floors our engine is timed against: one hb_shape of a paragraph, one ICU
        // line-break pass; names `cbaselines_`, a header of standard headers only.
        .target(name: "CBaselines", dependencies: ["CBenchHarfBuzz", "CBenchICU"]),
        // A counting malloc (names `cmalloccounter_`): it replaces the process's allocator,
        // so it is linked only into the benchmark runner and its tests.
        .target(name: "CMallocCounter"),
        // The speed benchmarks: scenarios, sampling, report, figures, baseline comparison. The
        // accuracy comparison is reused for the line-agreement figure.
        .target(
            name: "BenchmarkRunner",
            dependencies: [
                "AccuracyCommand",
                "BenchmarkSupport",
                "CBaselines",
                "CMallocCounter",
                .product(name: "TextLayout", package: "FeedLayout"),
                .product(name: "StatusLayout", package: "FeedLayout"),
                .product(name: "FeedLayout", package: "FeedLayout"),
                .product(name: "TimelineKit", package: "FeedLayout"),
                .product(name: "Rendering", package: "FeedLayout"),
            ]),
        .executableTarget(name: "benchmark", dependencies: ["BenchmarkRunner"]),
        .testTarget(name: "BenchmarkSupportTests", dependencies: ["BenchmarkSupport"]),
        .testTarget(name: "AccuracyCommandTests", dependencies: ["AccuracyCommand", "BenchmarkSupport"]),
        .testTarget(
            name: "BenchmarkRunnerTests",
            dependencies: [
                "BenchmarkRunner",
                .product(name: "StatusLayout", package: "FeedLayout"),
                .product(name: "FeedLayout", package: "FeedLayout"),
                .product(name: "TimelineKit", package: "FeedLayout"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
