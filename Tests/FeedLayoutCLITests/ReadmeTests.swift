import Foundation
import Testing
import TestSupport

/// The README's examples cannot drift: every code block marked `<!-- runnable -->` (the line
/// just before its fence) is run, command by command, from the root of the clone with the built
/// binary standing for `.build/release/feedlayout`; the `# ` lines under a command are the lines
/// it must print, exactly. A command with none must succeed. Blocks not marked are never run,
/// so other sections may hold any example.
@Suite("README examples")
struct ReadmeTests {
    /// One command of a runnable block and what it must print.
    struct Command: CustomStringConvertible {
        var line: Int
        var text: String
        var expected: [String]
        var description: String { "README.md:\(line): \(text)" }
    }

    static let marker = "<!-- runnable -->"

    /// The commands of every runnable block of `markdown`.
    static func commands(in markdown: String) -> (blocks: Int, commands: [Command]) {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var commands: [Command] = []
        var blocks = 0
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].trimmingCharacters(in: .whitespaces) == marker, index + 1 < lines.count,
                lines[index + 1].hasPrefix("```")
            else { continue }
            blocks += 1
            index += 2
            while index < lines.count, !lines[index].hasPrefix("```") {
                let line = lines[index]
                if line.hasPrefix("# "), !commands.isEmpty {
                    commands[commands.count - 1].expected.append(String(line.dropFirst(2)))
                } else if !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasPrefix("#") {
                    commands.append(Command(line: index + 1, text: line, expected: []))
                }
                index += 1
            }
        }
        return (blocks, commands)
    }

    static let readme: String = {
        String(
            decoding: FileManager.default.contents(atPath: Fixtures.repositoryRoot + "/README.md") ?? Data(),
            as: UTF8.self)
    }()

    @Test("the README has runnable blocks, and the marker is read as documented")
    func blocksFound() {
        let (blocks, commands) = Self.commands(in: Self.readme)
        #expect(blocks >= 2 && commands.count >= 4, "\(blocks) blocks, \(commands.count) commands")
        let sample = "text\n\(Self.marker)\n```sh\na x\n# one\n# two\nb\n```\n```sh\nnot run\n```\n"
        let parsed = Self.commands(in: sample)
        #expect(parsed.blocks == 1)
        #expect(parsed.commands.map(\.text) == ["a x", "b"])
        #expect(parsed.commands.map(\.expected) == [["one", "two"], []])
    }

    @Test(
        "every command of the README's runnable blocks prints what the README says",
        arguments: ReadmeTests.commands(in: ReadmeTests.readme).commands)
    func command(_ command: Command) throws {
        let script = command.text.replacingOccurrences(of: ".build/release/feedlayout", with: "\"$FL\"")
        let child = try ChildProcess(arguments: [script], shell: true, directory: Fixtures.repositoryRoot)
        child.closeInput()
        let (status, output, errors) = child.finish()
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
        if command.expected.isEmpty {
            #expect(status == 0, "\(command): \(errors)")
        } else {
            #expect(lines.map(String.init) == command.expected, "\(command): \(errors)")
        }
    }
}
