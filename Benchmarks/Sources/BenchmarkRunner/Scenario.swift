/// One benchmark: a name, what one of its operations is, and how to set it up.
///
/// Setting up happens outside the timed region and gives a ``ScenarioWorkload``; the runner
/// then warms it up and times it in samples. To add a scenario, write a `static let` in an
/// extension (see `Scenario+Engine.swift`) and list it in ``Scenario/all``.
public struct Scenario: Sendable {
    /// The name used on the command line and in reports, e.g. "measure-cold".
    public let name: String
    /// What one operation is, in one sentence (for `--list`, the README and the JSON report).
    public let operation: String
    /// Builds the workload: loads fonts, prepares inputs, opens peers. Not timed.
    public let setUp: @Sendable (ScenarioContext) throws -> any ScenarioWorkload

    /// Makes a scenario.
    ///
    /// - Parameters:
    ///   - name: lower-case words joined by "-".
    ///   - operation: what one operation is.
    ///   - setUp: builds the workload (throws when a font, the corpus or a peer is missing).
    public init(
        _ name: String, operation: String,
        setUp: @escaping @Sendable (ScenarioContext) throws -> any ScenarioWorkload
    ) {
        self.name = name
        self.operation = operation
        self.setUp = setUp
    }

    /// The scenario of a name in ``all``, or nil.
    public static func named(_ name: String) -> Scenario? { all.first { $0.name == name } }
}
