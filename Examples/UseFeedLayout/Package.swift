// swift-tools-version:6.0
// A package that uses FeedLayout as any other package would (here by path; see the README).
import PackageDescription

let package = Package(
    name: "UseFeedLayout",
    dependencies: [
        .package(name: "FeedLayout", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "TimelineHeights",
            dependencies: [
                .product(name: "TextLayout", package: "FeedLayout"),
                .product(name: "StatusLayout", package: "FeedLayout"),
                .product(name: "FeedLayout", package: "FeedLayout"),
            ])
    ]
)
