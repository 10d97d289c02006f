// swift-tools-version:6.0
// FeedLayout's benchmarks and accuracy reports: a package of its own, so that the Pango peer
// (and its system libraries) never becomes a dependency of the library.
import PackageDescription

let package = Package(
    name: "FeedLayoutBenchmarks",
    dependencies: [
        .package(name: "FeedLayout", path: ".."),
    ],
    targets: [
        // PangoFT2 (with Pango, GLib and fontconfig) found through pkg-config.
        .systemLibrary(name: "CPangoFT2", pkgConfig: "pangoft2", providers: [.apt(["libpango1.0-dev"])]),
        // Pango measuring a paragraph the way the accuracy oracle is defined, behind names
        // prefixed `cpangopeer_`; its header includes only standard headers.
        .target(name: "CPangoPeer", dependencies: ["CPangoFT2"]),
        // What every benchmark tool shares: the Pango peer, the corpus, paths and options.
        .target(name: "BenchmarkSupport", dependencies: ["CPangoPeer"]),
        // The accuracy report: our engine against Pango on the corpus.
        .target(name: "AccuracyCommand", dependencies: [
            "BenchmarkSupport",
            .product(name: "TextLayout", package: "FeedLayout"),
        ]),
        .executableTarget(name: "accuracy", dependencies: ["AccuracyCommand"]),
        .testTarget(name: "BenchmarkSupportTests", dependencies: ["BenchmarkSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
