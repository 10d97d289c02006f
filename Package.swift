// swift-tools-version:6.2
// FeedLayout: text measurement and cell layout for timelines (HarfBuzz, FreeType, ICU).
import PackageDescription

let package = Package(
    name: "FeedLayout",
    products: [
        .library(name: "TextLayout", targets: ["TextLayout"]),
        .library(name: "StatusLayout", targets: ["StatusLayout"]),
        .library(name: "FeedLayout", targets: ["FeedLayout"]),
        .library(name: "TimelineKit", targets: ["TimelineKit"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .executable(name: "feedlayout", targets: ["feedlayout"]),
    ],
    targets: [
        // System libraries found through pkg-config; the providers say which apt package brings each.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        // Shared libraries loaded when first called, not linked (cairo, fontconfig): a process
        // that never calls one does not map it.
        .target(name: "CLazyLibrary"),
        // fontconfig: the system's fonts by family or pattern (FontStack.system). Its header (apt
        // `libfontconfig-dev`) declares, its library is loaded when first called (`CFontconfig.c`).
        .target(name: "CFontconfig", dependencies: ["CLazyLibrary"]),
        // libxml2's HTML parser: the HTML of web statuses' text (CHTMLText only).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // cairo with its FreeType backend: pictures of what was measured (Rendering only). Its
        // headers (apt `libcairo2-dev`) declare, its library is loaded when first drawn with
        // (`CCairo.c`): not linked, so that a process that draws nothing does not map it.
        // Tiny C: ICU behind prefixed names (ICU's own names are version-renamed macros and its
        // headers clash with Foundation's private ICU), plus FreeType error names and the
        // character tables generated from ICU (GeneratedTables.h).
        .target(name: "CTextShims", dependencies: ["CICU", "CFreeType"]),
        .target(name: "CCairo", dependencies: ["CFreeType", "CLazyLibrary"]),
        // Writes CTextShims' character tables from ICU (`swift run generate-text-tables`).
        .executableTarget(name: "generate-text-tables", dependencies: ["TextLayout"]),
        // A pthread-mutex lock the thread sanitizer understands (see Lock.swift).
        .target(name: "LockSupport"),
        // The text engine: with StatusLayout's decoding, Rendering and the CLI's streams, the only
        // Swift code that touches C pointers.
        // Invariant checks of the analysis stages in debug builds (the tests) and when asked
        // (the fuzzers: -Xswiftc -DFEEDLAYOUT_INTERNAL_CHECKS); release builds pay nothing.
        .target(
            name: "TextLayout", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CTextShims", "LockSupport"],
            resources: [.copy("../../Fonts")],
            swiftSettings: [.define("FEEDLAYOUT_INTERNAL_CHECKS", .when(configuration: .debug))]),
        // simdjson 3 (C++, apt `libsimdjson-dev`) behind a C interface with prefixed names: the
        // status parser, the framer that finds statuses in a stream, the diagnosis of a status
        // that does not parse. Linked directly: simdjson's pkg-config file only adds a -D flag
        // SwiftPM refuses (a warning on every build).
        .target(
            name: "CStatusJSON", cxxSettings: [.define("NDEBUG", .when(configuration: .release))],
            linkerSettings: [.linkedLibrary("simdjson")]),
        // The HTML of a status text (m.weibo.cn, weibo.com, Mastodon) through libxml2's SAX HTML
        // parser, behind prefixed names: a flat list of elements and text for StatusLayout's rules.
        .target(name: "CHTMLText", dependencies: ["CLibXML2"]),
        // Statuses: decoding, rich text, cell geometry.
        .target(name: "StatusLayout", dependencies: ["TextLayout", "CStatusJSON", "CHTMLText", "LockSupport"]),
        // The heightForRow path: bounded thread-safe height cache, RowHeights facade, prefetch.
        .target(
            name: "FeedLayout", dependencies: ["StatusLayout", "TextLayout", "LockSupport"],
            swiftSettings: [.define("FEEDLAYOUT_INTERNAL_CHECKS", .when(configuration: .debug))]),
        // The headless timeline: offsets, anchoring, pull-to-refresh and load-more state machines, the refresh tip.
        .target(name: "TimelineKit", dependencies: ["FeedLayout", "StatusLayout", "TextLayout"]),
        // Pictures of what was measured: paragraphs, cells, timelines drawn with cairo from the
        // engine's glyph runs. Nothing else depends on it but the CLI.
        .target(name: "Rendering", dependencies: ["TextLayout", "StatusLayout", "CCairo", "CFreeType", "LockSupport"]),
        // Command-line parsing and commands; `feedlayout/main.swift` only calls in. (`heights`
        // streams with its own ordered fan-out, not RowHeights: see ARCHITECTURE.md.)
        .target(
            name: "FeedLayoutCLI",
            dependencies: ["TextLayout", "StatusLayout", "FeedLayout", "TimelineKit", "Rendering"]),
        .executableTarget(name: "feedlayout", dependencies: ["FeedLayoutCLI"]),
        .target(name: "TestSupport", dependencies: ["TextLayout"], path: "Tests/TestSupport"),
        .testTarget(
            name: "TextLayoutTests", dependencies: ["TextLayout", "TestSupport", "LockSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "StatusLayoutTests", dependencies: ["StatusLayout", "TestSupport"]),
        .testTarget(
            name: "FeedLayoutTests", dependencies: ["FeedLayout", "TestSupport", "LockSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TimelineKitTests", dependencies: ["TimelineKit", "TestSupport"]),
        .testTarget(
            name: "RenderingTests", dependencies: ["Rendering", "TestSupport", "LockSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "FeedLayoutCLITests", dependencies: ["FeedLayoutCLI", "Rendering", "TestSupport", "LockSupport"]),
        .testTarget(name: "LockSupportTests", dependencies: ["LockSupport"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
