import Foundation
import Testing

extension Tag {
    /// Tests that judge the peak resident memory of a process or of the test process: their
    /// figures mean nothing under a sanitizer (its shadow memory and quarantine), so CI's
    /// sanitizer runs skip them.
    @Tag public static var memory: Self
    /// Tests that take a minute or more and repeat what faster tests cover, skipped by CI's
    /// sanitizer runs, run by the README's test command.
    @Tag public static var slow: Self
}

/// Choosing tests by tag: `FEEDLAYOUT_SKIP_TAGS=memory,slow swift test` skips the tests tagged
/// `.memory` or `.slow` (`swift test --skip tag:…` is not in this toolchain's SwiftPM yet). A
/// tagged test carries both its tag and the condition: `.tags(.memory), .unlessSkipped(.memory)`.
public enum TestTags {
    /// The tags' names, as `FEEDLAYOUT_SKIP_TAGS` lists them.
    static let names: [Tag: String] = [.memory: "memory", .slow: "slow"]

    /// The tags `FEEDLAYOUT_SKIP_TAGS` names (comma-separated); an unknown name stops the run, so
    /// that a typing error never runs what was meant to be skipped.
    public static let skipped: Set<Tag> = {
        let listed = (ProcessInfo.processInfo.environment["FEEDLAYOUT_SKIP_TAGS"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let byName = Dictionary(uniqueKeysWithValues: names.map { ($0.value, $0.key) })
        return Set(
            listed.map { name in
                guard let tag = byName[name] else {
                    fatalError(
                        "FEEDLAYOUT_SKIP_TAGS names '\(name)'; the tags are \(byName.keys.sorted().joined(separator: ", "))"
                    )
                }
                return tag
            })
    }()
}

extension Trait where Self == ConditionTrait {
    /// Runs the test unless `FEEDLAYOUT_SKIP_TAGS` names `tag`.
    public static func unlessSkipped(_ tag: Tag) -> Self {
        .enabled(
            if: !TestTags.skipped.contains(tag), "FEEDLAYOUT_SKIP_TAGS skips the tag \(TestTags.names[tag] ?? "\(tag)")"
        )
    }
}
