import FeedLayout
import Foundation
import StatusLayout
import TextLayout

/// `feedlayout heights`: the cell height of every status of the input, in input order.
enum HeightsCommand {
    static let help = """
        OVERVIEW: Work out the cell height of every status of a timeline.

        Reads Weibo statuses as the Weibo APIs send them and prints one JSON object per status,
        in input order (this is the first status of Benchmarks/Corpus/statuses.jsonl):
          {"id": "4900000000000000", "height": 406, "kind": "original"}
        Every shape is found by itself: the open API's statuses (JSON Lines, one status per
        line, blank lines skipped; a JSON array; a page {"statuses": [...]}), m.weibo.cn's
        responses ({"data": {"cards": [{"mblog": ...}]}}, card_group nesting, a status as
        "data") and weibo.com's ajax responses ({"data": {"list": [...]}}); pretty-printed or
        not, with or without a byte order mark, one after another. The web APIs' HTML text is
        read with libxml2 (mentions, topics, links, emoticons by their alt, line breaks).
        A field the cell can do without that is malformed costs only itself: a warning on
        standard error naming the status and the field. A document of no known shape is one
        error record naming the keys it has.
        A status that cannot be decoded prints {"line": L, "error": "..."} in its place: L is
        the line where it begins, the error names the field at fault (and the line and column
        of a syntax error); every other status is answered and the exit status is then 1. Input that
        is not JSON costs what it spoils: a broken line of JSON Lines, or in a document the rest
        up to the next line that begins with { or [; a truncated document answers every status
        before the cut, then one error.

        The input is read as it comes and laid out on every core; each answer is written as soon
        as it and every earlier one are ready, and whenever input pauses everything answered so
        far is written (so a program can write a status and read its height). Memory stays
        bounded, whatever the length of the input.

        USAGE: feedlayout heights [options] [FILE|-]

        ARGUMENTS:
          FILE                    The statuses: any readable file (a pipe, FIFO or /dev/stdin
                                  too). (default, or -: standard input)

        OPTIONS:
        \(OptionValues.cellWidthHelp)
        \(OptionValues.scaleHelp)
        \(OptionValues.cellMaxLinesHelp)
        \(OptionValues.formatHelp)
        \(ThreadsOption.help)
        \(EngineOptions.help)
        \(OptionValues.quietHelp)
          --version               Show the version.
          -h, --help              Show help information.

        EXIT STATUS: 0 every status answered, 1 some could not be decoded (or a font or the
        input could not be read, or the output written), 64 bad usage, 130 or 143 stopped by
        SIGINT or SIGTERM (every answer made is written first, in order and as whole lines).

        """

    static let usage = "Usage: feedlayout heights [options] [FILE|-]\n  See 'feedlayout heights --help'.\n"

    static func run(arguments: [String], io: CommandLineTool.IO) -> Int32 {
        let options: CellOptions
        let scanner: ArgumentScanner
        let threads: Int
        let fonts: EngineOptions
        let source: InputSource
        do {
            guard let parsed = try CellOptions.parse(arguments, extraValued: ["--threads"]) else {
                io.output(help)
                return CommandLineTool.ExitStatus.success
            }
            (options, scanner) = parsed
            if CommandLineTool.answersVersion(scanner, io: io) { return CommandLineTool.ExitStatus.success }
            threads = try ThreadsOption.parse(scanner)
            fonts = EngineOptions(scanner)
            try fonts.checkUsage()
            source = try CommandInput.open(scanner.positionals, io: io)
        } catch {
            return CommandLineTool.exitStatus(reporting: error, usage: usage, io: io)
        }
        var failed = CommandLineTool.ExitStatus.failure
        guard let engine = fonts.engine(io: io, usage: usage, exitStatus: &failed) else { return failed }

        var cutter = StatusCutter()
        let outcome = StreamingRun.run(
            source: source, cutter: &cutter, threads: threads, maximumUnits: 64, io: io,
            progressLabel: "heights", progressUnit: "statuses"
        ) { batch, stop in
            answer(
                batch, decoder: options.decoder,
                layouter: CellLayouter(measurer: MissingGlyphsNotingMeasurer(engine: engine), style: options.style),
                width: options.width, scale: options.scale, stop: stop)
        }
        return StreamingRun.exitStatus(outcome, io: io, failedAnswers: true)
    }

    /// The answers of one batch of statuses, with a warning for each status that has
    /// characters no font draws (`layouter`'s measurer is this batch's alone).
    static func answer(
        _ batch: InputBatch, decoder: StatusDecoder, layouter: CellLayouter<MissingGlyphsNotingMeasurer>,
        width: Double, scale: Double, stop: StopSignal?
    ) -> BatchOutput {
        var made = BatchOutput(inputEnd: batch.inputEnd)
        var text = ""
        for unit in batch.units {
            if stop?.isRequested == true {
                made.complete = false
                break
            }
            let decoded: DecodedStatus
            if let failure = unit.failure {
                decoded = DecodedStatus(
                    line: unit.line, index: unit.index, result: .failure(failure), repairedUTF8: false)
            } else {
                decoded = batch.withBytes(of: unit) { bytes in
                    decoder.decode(
                        StatusElement(
                            bytes: bytes, line: unit.line, column: unit.column, index: unit.index, depth: unit.depth,
                            source: unit.source, references: unit.references))
                }
            }
            made.warnings += decoded.warningText
            switch decoded.result {
            case .success(let status):
                let height = layouter.heights(of: status, width: width, scale: scale).height
                if let warning = layouter.measurer.takeWarning(for: "status \(decoded.index) (line \(decoded.line))") {
                    made.warnings += warning
                }
                text +=
                    StatusHeight(id: status.id, height: height, kind: status.isRetweet ? .retweet : .original).jsonLine
                    + "\n"
            case .failure(let error):
                text += "{\"line\": \(decoded.line), \"error\": \(JSON.string(error.message))}\n"
                made.failures += 1
            }
            made.answered += 1
        }
        made.bytes = Array(text.utf8)
        return made
    }
}

/// The options of the cell commands.
struct CellOptions {
    var width = 375.0
    var scale = 2.0
    var style = CellStyle.automatic
    /// Which network's statuses the input holds (`--format`).
    var format = StatusFormat.automatic

    /// The decoder `--format` asks for.
    var decoder: StatusDecoder { StatusDecoder(format: format) }

    /// Parses `arguments`; nil when help was asked for.
    static func parse(_ arguments: [String], extraValued: Set<String>, extraFlags: Set<String> = [])
        throws(UsageError) -> (CellOptions, ArgumentScanner)?
    {
        var scanner = ArgumentScanner(
            valued: Set(["--width", "--scale", "--max-lines", "--format", "--cell"]).union(EngineOptions.valued)
                .union(extraValued),
            flags: Set(["-h", "--help", "--version"]).union(extraFlags))
        try scanner.scan(arguments)
        if scanner.has("-h") || scanner.has("--help") { return nil }
        var options = CellOptions()
        if let width = scanner.value("--width") {
            options.width = try OptionValues.cellWidth(width, least: options.style.minimumWidth)
        }
        if let scale = scanner.value("--scale") {
            options.scale = try OptionValues.number(
                scale, option: "--scale", in: 1...4, what: "a screen scale from 1 to 4")
        }
        if let maxLines = scanner.value("--max-lines") {
            options.style.maxTextLines = try OptionValues.maxLines(maxLines)
        }
        if let format = scanner.value("--format") { options.format = try OptionValues.format(format) }
        if let cell = scanner.value("--cell") { options.style.network = try OptionValues.cell(cell) }
        return (options, scanner)
    }
}

extension DecodedStatus {
    /// What the decoder noted about this status (invalid UTF-8 replaced, fields malformed and
    /// dropped), one line each, as every command prints them on standard error.
    var warningText: String {
        let label = "warning: status \(index) (line \(line)): "
        var text = repairedUTF8 ? label + "invalid UTF-8 replaced by U+FFFD\n" : ""
        if case .success(let status) = result {
            for note in status.warnings { text += label + note + "\n" }
        }
        return text
    }
}
