// swift-tools-version:6.0
// FeedLayout's fuzz targets (libFuzzer): a package of its own, built with
// `-sanitize=fuzzer,address` by scripts/fuzz.sh, so that fuzzing never touches the library's
// build. Without the sanitizer flags the same executables replay inputs given as files.
import PackageDescription

let package = Package(
    name: "FeedLayoutFuzz",
    dependencies: [
        .package(name: "FeedLayout", path: "..")
    ],
    targets: [
        // libFuzzer's driver behind one prefixed name (`cfuzzerdriver_run`), weakly linked so
        // that a build without `-sanitize=fuzzer` replays files instead.
        .target(name: "CFuzzerDriver"),
        // The bodies of the fuzz targets and their invariants: testable without libFuzzer.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "TextLayout", package: "FeedLayout"),
                .product(name: "StatusLayout", package: "FeedLayout"),
                .product(name: "FeedLayout", package: "FeedLayout"),
            ]),
        // One executable per target: `LLVMFuzzerTestOneInput` and a `main` that starts libFuzzer.
        .executableTarget(name: "fuzz-measure", dependencies: ["FuzzTargets"]),
        .executableTarget(name: "fuzz-status", dependencies: ["FuzzTargets"]),
        .executableTarget(name: "fuzz-cache", dependencies: ["FuzzTargets"]),
        // Replays the seeds and every saved crash through the bodies (no sanitizer needed).
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"]),
    ],
    swiftLanguageModes: [.v6]
)
