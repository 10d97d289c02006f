import Dispatch
import Foundation
import StatusLayout
import Synchronization
import TextLayout
import LockSupport

/// `feedlayout heights`: the cell height of every status of the input, in input order.
enum HeightsCommand {
    static let help = """
        OVERVIEW: Work out the cell height of every status of a timeline.

        Reads Weibo open-API statuses (JSON Lines, a JSON array, or a timeline object with a
        "statuses" array) and prints one JSON object per status, in input order:
          {"id": "4900000000000000", "height": 183.5, "kind": "original"}
        A status that cannot be decoded prints {"line": N, "error": "..."} in its place (N is its
        line, or its place in an array) and the run goes on; the exit status is then 1.

        USAGE: feedlayout heights [options] [FILE|-]

        ARGUMENTS:
          FILE                    The statuses (default, or -: standard input).

        OPTIONS:
          --width <points>        Cell width in points, more than twice the padding. (default: 375)
          --scale <n>             Screen scale, pixels per point (1, 2, 3). (default: 2)
          --max-lines <n>         Collapse texts longer than n lines with "…全文".
        \(EngineOptions.help)
          --version               Show the version.
          -h, --help              Show help information.

        EXIT STATUS: 0 every status answered, 1 some could not be decoded (or a font or the
        input could not be read), 64 bad usage.

        """

    static let usage = "Usage: feedlayout heights [options] [FILE|-]\n  See 'feedlayout heights --help'.\n"

    static func run(arguments: [String], io: CommandLineTool.IO) -> Int32 {
        let parsed: (CellOptions, ArgumentScanner)
        do {
            guard let result = try CellOptions.parse(arguments, extraValued: []) else {
                io.output(help)
                return CommandLineTool.ExitStatus.success
            }
            parsed = result
        } catch {
            io.errors("Error: \(error.message)\n" + usage)
            return CommandLineTool.ExitStatus.usage
        }
        let (options, scanner) = parsed
        if scanner.has("--version") {
            io.output("feedlayout \(CommandLineTool.version)\n")
            return CommandLineTool.ExitStatus.success
        }
        let input: [UInt8]
        let engine: TextEngine
        do {
            switch try readInput(scanner.positionals, io: io) {
            case .success(let bytes): input = bytes
            case .failure(let failure):
                io.errors("Error: \(failure.message)\n")
                return CommandLineTool.ExitStatus.failure
            }
            engine = try EngineOptions(scanner).makeEngine()
        } catch let error as UsageError {
            io.errors("Error: \(error.message)\n" + usage)
            return CommandLineTool.ExitStatus.usage
        } catch {
            io.errors("Error: \(error)\n")
            return CommandLineTool.ExitStatus.failure
        }

        let layouter = CellLayouter(measurer: engine, style: options.style)
        let answers = HeightsRun(input: input, layouter: layouter, width: options.width, scale: options.scale, io: io).answer()
        var failed = false
        var batch = ""
        for answer in answers {
            if let warning = answer.warning { io.errors(warning) }
            failed = failed || answer.failed
            batch += answer.line
            if batch.utf8.count > 1 << 16 {
                io.output(batch)
                batch = ""
            }
        }
        io.output(batch)
        return failed ? CommandLineTool.ExitStatus.failure : CommandLineTool.ExitStatus.success
    }
}

/// The options of the cell commands.
struct CellOptions {
    var width = 375.0
    var scale = 2.0
    var style = CellStyle.weibo

    /// Parses `arguments`; nil when help was asked for.
    static func parse(_ arguments: [String], extraValued: Set<String>) throws(UsageError) -> (CellOptions, ArgumentScanner)? {
        var scanner = ArgumentScanner(valued: Set(["--width", "--scale", "--max-lines"]).union(EngineOptions.valued).union(extraValued),
                                      flags: ["-h", "--help", "--version"])
        try scanner.scan(arguments)
        if scanner.has("-h") || scanner.has("--help") { return nil }
        var options = CellOptions()
        if let width = scanner.value("--width") {
            guard let value = Double(width), value.isFinite, value > 2 * options.style.padding else {
                throw UsageError(message: "--width must be a number of points greater than \(Int(2 * options.style.padding)) (twice the padding), got '\(width)'")
            }
            options.width = value
        }
        if let scale = scanner.value("--scale") {
            guard let value = Double(scale), value.isFinite, value >= 1, value <= 4 else {
                throw UsageError(message: "--scale must be a screen scale from 1 to 4 (1, 2, 3), got '\(scale)'")
            }
            options.scale = value
        }
        if let maxLines = scanner.value("--max-lines") {
            guard let value = Int(maxLines), value > 0 else {
                throw UsageError(message: "--max-lines must be a whole number greater than 0, got '\(maxLines)'")
            }
            options.style.maxTextLines = value
        }
        return (options, scanner)
    }
}

/// Decodes and lays out every status of an input on all cores, answers kept in input order.
struct HeightsRun: Sendable {
    struct Answer: Sendable {
        var line: String
        var warning: String?
        var failed: Bool
    }

    let input: [UInt8]
    let layouter: CellLayouter<TextEngine>
    let width: Double
    let scale: Double
    let showProgress: Bool
    let errors: @Sendable (String) -> Void

    init(input: [UInt8], layouter: CellLayouter<TextEngine>, width: Double, scale: Double, io: CommandLineTool.IO) {
        self.input = input
        self.layouter = layouter
        self.width = width
        self.scale = scale
        showProgress = io.errorsIsTerminal
        errors = io.errors
    }

    func answer() -> [Answer] {
        let decoder = StatusDecoder()
        let split = decoder.split(input)
        let count: Int
        switch split {
        case .lines(let ranges): count = ranges.count
        case .document(let statuses): count = statuses.count
        }
        let results = Lock([Answer?](repeating: nil, count: count))
        let done = Atomic<Int>(0)
        let chunk = 64
        let chunks = (count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var local: [Answer] = []
            let range = c * chunk..<min(count, (c + 1) * chunk)
            for index in range {
                let decoded: DecodedStatus
                switch split {
                case .lines(let ranges): decoded = decoder.decodeLine(input[ranges[index]], position: index + 1)
                case .document(let statuses): decoded = statuses[index]
                }
                local.append(answer(decoded))
            }
            results.withLock { all in
                for (offset, answer) in local.enumerated() { all[range.lowerBound + offset] = answer }
            }
            let finished = done.add(range.count, ordering: .relaxed).newValue
            if showProgress && count >= 2_000 {
                errors("\rheights: \(finished) of \(count) statuses" + (finished == count ? "\n" : ""))
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    private func answer(_ decoded: DecodedStatus) -> Answer {
        let warning = decoded.repairedUTF8
            ? "warning: line \(decoded.position): invalid UTF-8 replaced by U+FFFD\n" : nil
        switch decoded.result {
        case .success(let status):
            let height = layouter.heights(of: status, width: width, scale: scale).height
            let kind = status.isRetweet ? "retweet" : "original"
            return Answer(line: "{\"id\": \"\(status.id)\", \"height\": \(JSON.number(height)), \"kind\": \"\(kind)\"}\n",
                          warning: warning, failed: false)
        case .failure(let error):
            return Answer(line: "{\"line\": \(decoded.position), \"error\": \(JSON.string(error.message))}\n",
                          warning: warning, failed: true)
        }
    }
}
