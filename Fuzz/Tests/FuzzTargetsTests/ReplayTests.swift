import Foundation
import Testing
@testable import FuzzTargets

/// Replays the committed seeds through the fuzz bodies (no libFuzzer, no sanitizer): the
/// invariants hold on real texts and statuses, and the harness itself keeps working.
@Suite("Fuzz targets replay their seeds")
struct ReplayTests {
    static func seeds(_ target: String) -> [(name: String, bytes: [UInt8])] {
        let directory = FuzzEnvironment.repositoryRoot + "/Fuzz/Corpus/" + target
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasPrefix("seed-")
        }.sorted()
        return names.map { ($0, [UInt8](FileManager.default.contents(atPath: directory + "/" + $0) ?? Data())) }
    }

    @Test("every seed keeps every invariant", arguments: ["fuzz-measure", "fuzz-status", "fuzz-cache"])
    func replay(target: String) throws {
        let seeds = Self.seeds(target)
        #expect(seeds.count >= 6)
        for seed in seeds {
            let violations: [String]
            switch target {
            case "fuzz-measure": violations = MeasureFuzzer.run(seed.bytes)
            case "fuzz-status": violations = StatusFuzzer.run(seed.bytes)
            default: violations = CacheFuzzer.run(seed.bytes)
            }
            #expect(violations.isEmpty, "\(target)/\(seed.name): \(violations.prefix(3))")
        }
    }

    @Test("the measure parameters decode as documented")
    func measureParameters() {
        let (parameters, text) = MeasureFuzzer.decode(
            [0x70, 0x15, 2, 43, 16, 3, 4, 64, 0x82, 0x48] + Array("ab\u{FFFC}c".utf8))
        #expect(parameters.width == 343)
        #expect(parameters.style.lineHeight == .multiple(43.0 / 32) && parameters.style.lineSpacing == 2)
        #expect(parameters.maxLines == 4 && parameters.style.lineBreak == .normal && parameters.style.locale == "zh")
        #expect(parameters.style.fontSize == 17 && parameters.token == "ab")
        #expect(
            text.string == "\u{FFFC}c" && text.attachments.count == 1,
            "the token took two bytes; the U+FFFC carries an attachment")
    }

    @Test("the cache model catches a value from the wrong context (a harness self-check)")
    func ownerEncoding() {
        let value = CacheFuzzer.value(operation: 12_345, id: 39, context: 3)
        #expect(CacheFuzzer.owner(of: value) == (3, 39))
    }
}
