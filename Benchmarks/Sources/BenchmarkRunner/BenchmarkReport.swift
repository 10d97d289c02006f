import BenchmarkSupport
import Foundation

/// Everything one run measured: what `--json` writes and `--compare` reads.
public struct BenchmarkReport: Sendable, Equatable, Codable {
    /// The version of this file format.
    public var formatVersion: Int
    /// When the run started, ISO 8601 (e.g. "2026-11-29T21:40:00Z").
    public var date: String
    /// The machine it ran on.
    public var machine: MachineDescription
    /// Whether it was a `--quick` run (its timings are not to be judged).
    public var quick: Bool
    /// How many texts of the corpus the scenarios went through.
    public var texts: Int
    /// The scenarios, in the order they ran.
    public var scenarios: [ScenarioResult]
    /// The ratios of ``Figure/all`` computed from this run.
    public var figures: [FigureResult]

    /// The current format version.
    public static let currentFormatVersion = 1

    public init(
        date: String, machine: MachineDescription, quick: Bool, texts: Int, scenarios: [ScenarioResult],
        figures: [FigureResult]
    ) {
        self.formatVersion = Self.currentFormatVersion
        self.date = date
        self.machine = machine
        self.quick = quick
        self.texts = texts
        self.scenarios = scenarios
        self.figures = figures
    }

    /// The result of the scenario of a name, or nil when it did not run.
    public func scenario(named name: String) -> ScenarioResult? { scenarios.first { $0.name == name } }

    /// Reads a report written by `--json`.
    ///
    /// - Throws: ``BenchmarkError`` when the file cannot be read or is not such a report.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError("cannot read the baseline \(path)")
        }
        do {
            self = try JSONDecoder().decode(BenchmarkReport.self, from: data)
        } catch {
            throw BenchmarkError("\(path) is not a benchmark report written by --json (\(error))")
        }
        guard formatVersion == Self.currentFormatVersion else {
            throw BenchmarkError(
                "\(path) has format version \(formatVersion); this runner reads version \(Self.currentFormatVersion)")
        }
    }

    /// The report as pretty-printed JSON with sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Writes the report as JSON to `path`.
    ///
    /// - Throws: ``BenchmarkError`` when the file cannot be written.
    public func write(to path: String) throws {
        do {
            try jsonData().write(to: URL(fileURLWithPath: path))
        } catch {
            throw BenchmarkError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}

/// The machine a run was made on.
public struct MachineDescription: Sendable, Equatable, Codable {
    /// Processors available to the process.
    public var processors: Int
    /// The CPU's model name from /proc/cpuinfo, or "unknown".
    public var cpu: String
    /// The kernel and architecture, e.g. "Linux 6.1.0 x86_64".
    public var system: String

    public init(processors: Int, cpu: String, system: String) {
        self.processors = processors
        self.cpu = cpu
        self.system = system
    }

    /// The machine this process runs on.
    public static func current() -> MachineDescription {
        var cpu = "unknown"
        if let data = FileManager.default.contents(atPath: "/proc/cpuinfo") {
            let text = String(decoding: data, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
                let colon = line.firstIndex(of: ":")
            {
                cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        var names = utsname()
        uname(&names)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return MachineDescription(
            processors: ProcessInfo.processInfo.activeProcessorCount, cpu: cpu,
            system: "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))")
    }
}
