import Foundation
import Testing
import TestSupport
@testable import FeedLayoutCLI

/// What a usage error tells: the option meant, for a typing error, and the largest count that
/// fits for a timeline too tall to draw.
@Suite("usage hints")
struct UsageHintsTests {
    @Test(
        "an unknown option close to one the command has: 'did you mean'; far from all: no guess",
        arguments: [
            (["layout", "--widht", "3"], "unknown option '--widht'; did you mean '--width'?"),
            (["heights", "--thread", "2"], "unknown option '--thread'; did you mean '--threads'?"),
            (["render", "--maxlines", "2", "-o", "x.png"], "unknown option '--maxlines'; did you mean '--max-lines'?"),
            (["measure", "--sise", "12"], "unknown option '--sise'; did you mean '--size'?"),
            (["layout", "--thread", "2"], "unknown option '--thread'\n"),  // layout has no --threads
            (["heights", "--zzz"], "unknown option '--zzz'\n"),
            (["measure", "-x"], "unknown option '-x'\n"),
        ])
    func didYouMean(_ arguments: [String], _ message: String) {
        let run = runTool(arguments)
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.hasPrefix("Error: " + message), "\(run.errors)")
    }

    @Test(
        "a shared option has one range and one message in every command that takes it",
        arguments: [
            (
                "--max-lines", "0", "--max-lines must be a whole number from 1 to 2147483647, got '0'",
                [
                    ["measure", "x"], ["heights"], ["layout"], ["render", "-o", "x.png"],
                    ["render-timeline", "-o", "x.png"], ["render-text", "-o", "x.png", "x"],
                ]
            ),
            (
                "--line-height", "1001x",
                "--line-height must be a multiple greater than 0 and at most 1000, got '1001x'",
                [["measure", "x"], ["render-text", "-o", "x.png", "x"]]
            ),
            (
                "--width", "2e9", "--width must be a number of points greater than 0 and at most 1000000000, got '2e9'",
                [["measure", "x"], ["render-text", "-o", "x.png", "x"]]
            ),
            (
                "--width", "10",
                "--width must be a number of points greater than 24 (twice the padding) and at most 1000000000, got '10'",
                [["heights"], ["layout"], ["render", "-o", "x.png"], ["render-timeline", "-o", "x.png"]]
            ),
            (
                "--size", "0", "--size must be a number of points greater than 0 and at most 1000000, got '0'",
                [["measure", "x"], ["render-text", "-o", "x.png", "x"]]
            ),
        ])
    func oneRange(_ option: String, _ value: String, _ message: String, _ commands: [[String]]) {
        for command in commands {
            let run = runTool([command[0], option, value] + command.dropFirst())
            #expect(run.status == 64 && run.errors.hasPrefix("Error: " + message), "\(command[0]): \(run.errors)")
        }
    }

    @Test("a shared option's help is written once: the same lines in every command's help")
    func oneHelpLine() {
        let cells = ["heights", "layout", "render", "render-timeline", "timeline"]
        let texts = ["measure", "render-text"]
        for command in cells + texts + ["measure"] {
            let help = runTool([command, "--help"]).output
            #expect(help.contains(OptionValues.quietHelp), "\(command)")
            if command != "measure" { #expect(help.contains(OptionValues.scaleHelp), "\(command)") }
            #expect(
                help.contains(
                    cells.contains(command) ? OptionValues.cellWidthHelp : OptionValues.textWidthHelp(default: 343)),
                "\(command)")
        }
        for command in texts {
            let help = runTool([command, "--help"]).output
            #expect(
                help.contains(OptionValues.sizeHelp) && help.contains(OptionValues.lineHeightHelp)
                    && help.contains(OptionValues.textMaxLinesHelp), "\(command)")
        }
        for command in ["heights", "layout", "render-timeline"] {
            #expect(runTool([command, "--help"]).output.contains(OptionValues.cellMaxLinesHelp), "\(command)")
        }
        #expect(runTool(["--help"]).output.contains(OptionValues.quietHelp))
    }

    @Test("edit distance: Levenshtein on characters; the nearest option, ties to the first in order")
    func editDistance() {
        #expect(ArgumentScanner.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(ArgumentScanner.editDistance(Array(""), Array("abc")) == 3)
        #expect(ArgumentScanner.editDistance(Array("abc"), Array("")) == 3)
        #expect(ArgumentScanner.editDistance(Array("--width"), Array("--width")) == 0)
        #expect(ArgumentScanner.nearest(to: "--wdth", among: ["--width", "--depth"]) == "--width")
        #expect(ArgumentScanner.nearest(to: "--aaa", among: ["--aab", "--aac"]) == "--aab", "ties: the first in order")
        #expect(ArgumentScanner.nearest(to: "-w", among: ["-o"]) == nil, "short names are never guessed")
    }

    @Test("render-timeline too tall: the largest --count that fits is named, and that count draws")
    func largestCount() throws {
        let corpus = Fixtures.repositoryRoot + "/Benchmarks/Corpus/statuses.jsonl"
        let output = NSTemporaryDirectory() + "feedlayout-largest-count.png"
        let tooMany = runCells(["render-timeline", "--count", "60", "-o", output, corpus])
        #expect(tooMany.status == 1, "\(tooMany.errors)")
        let said = try #require(tooMany.errors.firstMatch(of: /--count (\d+) is the most that fits/)?.1)
        let count = try #require(Int(said))
        #expect(count > 1 && count < 60)
        #expect(runCells(["render-timeline", "--count", "\(count)", "-o", output, corpus]).status == 0)
        #expect(runCells(["render-timeline", "--count", "\(count + 1)", "-o", output, corpus]).status == 1)
        try? FileManager.default.removeItem(atPath: output)
    }
}
