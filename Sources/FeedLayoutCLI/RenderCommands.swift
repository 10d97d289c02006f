import Foundation
import Rendering
import StatusLayout
import TextLayout

/// `feedlayout render-text`, `render` and `render-timeline`: PNG pictures of what the engine
/// measured, drawn with cairo (module `Rendering`).
enum RenderCommands {
    static let textHelp = """
        OVERVIEW: Draw one paragraph as the engine lays it out, to a PNG.

        USAGE: feedlayout render-text [options] -o <file.png> [TEXT]

        ARGUMENTS:
          TEXT                    The text (default: standard input, a final newline dropped).

        OPTIONS:
          -o, --output <file>     The PNG to write (required).
        \(OptionValues.textWidthHelp(default: 343))
        \(OptionValues.sizeHelp)
        \(OptionValues.scaleHelp)
        \(OptionValues.lineHeightHelp)
        \(OptionValues.textMaxLinesHelp)
          --token <text>          What ends a truncated last line. (default: …)
          --margin <points>       Space around the text. (default: 8)
          --debug                 Overlay line boxes, baselines, the width and the measured height.
        \(EngineOptions.help)
        \(OptionValues.quietHelp)
          --version               Show the version.
          -h, --help              Show help information.

        The image is (width + 2 × margin) × (height + 2 × margin) points, rounded up to whole
        pixels (with --debug, 12 points taller: the figures go below). It prints {"output": …, "pixelWidth": …, "pixelHeight": …, "height": …}.

        Characters no font has are drawn as .notdef boxes, with a warning on standard error.

        EXIT STATUS: 0 written, 1 failure (a font, the output file, an image over 32,767 px a
        side or 256 MB), 64 bad usage (a width and margin over 32,767 px a side at the scale).

        """

    static let cellHelp = """
        OVERVIEW: Draw one status cell as the cell layout lays it out, to a PNG.

        USAGE: feedlayout render [options] -o <file.png> [FILE|-]

        ARGUMENTS:
          FILE                    The statuses, as for 'feedlayout heights' (default, or -: standard input).

        OPTIONS:
          -o, --output <file>     The PNG to write (required).
          --index <n>             Draw the n-th status of the input. (default: 1)
          --id <id>               Draw the status with this ID instead.
        \(OptionValues.formatHelp)
        \(OptionValues.cellWidthHelp)
        \(OptionValues.scaleHelp)
          --collapsed             Texts longer than --max-lines lines end in "…全文" (the cell's height).
          --expanded              Every line shown and a content warning open (the cell's expanded
                                  height). (default: the cell as it first shows, its height: texts
                                  collapsed at --max-lines when given, a content warning closed)
          --max-lines <n>         Lines shown when collapsed. (default with --collapsed: 6)
          --debug                 Overlay element frames, line boxes, baselines and measured heights.
        \(OptionValues.nowHelp)
        \(EngineOptions.help)
        \(OptionValues.quietHelp)
          --version               Show the version.
          -h, --help              Show help information.

        The image is exactly the cell's height × scale pixels tall, as 'feedlayout heights'
        answers with the same options. Pictures, the avatar and emoticons are placeholders.
        It prints {"output": …, "id": …, "pixelWidth": …, "pixelHeight": …, "height": …}; characters
        no font has are drawn as .notdef boxes, with a warning on standard error.

        EXIT STATUS: 0 written, 1 failure (no such status, a status that cannot be decoded, a
        font, the output file, an image over 32,767 px a side or 256 MB), 64 bad usage (a
        width over 32,767 px at the scale).

        """

    static let timelineHelp = """
        OVERVIEW: Draw the first statuses of a timeline as stacked cells, to a PNG.

        USAGE: feedlayout render-timeline [options] -o <file.png> [FILE|-]

        ARGUMENTS:
          FILE                    The statuses, as for 'feedlayout heights' (default, or -: standard input).

        OPTIONS:
          -o, --output <file>     The PNG to write (required).
          --count <n>             How many statuses (the first n of the input). (default: 20)
        \(OptionValues.formatHelp)
        \(OptionValues.cellWidthHelp)
        \(OptionValues.scaleHelp)
        \(OptionValues.cellMaxLinesHelp)
          --debug                 Overlay element frames, line boxes, baselines and measured heights.
        \(OptionValues.nowHelp)
        \(EngineOptions.help)
        \(OptionValues.quietHelp)
          --version               Show the version.
          -h, --help              Show help information.

        Each cell is exactly as tall as 'feedlayout heights' says with the same options, cells
        apart by the timeline's grey gaps. A status among the first n that cannot be decoded is
        skipped with {"index": N, "error": "..."} on standard error (N: its place in the
        input, from 1), and the exit status is 1. Characters no font has: one warning a status.
        It prints {"output": …, "cells": …, "pixelWidth": …, "pixelHeight": …, "height": …}.

        EXIT STATUS: 0 written, 1 failure (as for 'render', or a status skipped), 64 bad usage.

        """

    static func usage(_ command: String) -> String {
        "Usage: feedlayout \(command) [options] -o <file.png> \(command == "render-text" ? "[TEXT]" : "[FILE|-]")\n  See 'feedlayout \(command) --help'.\n"
    }

    // MARK: render-text

    static func runText(arguments: [String], io: CommandLineTool.IO) -> Int32 {
        run(
            "render-text", arguments: arguments, help: textHelp, io: io,
            valued: ["--width", "--size", "--line-height", "--max-lines", "--token", "--margin"], flags: []
        ) { scanner, common in
            let width =
                try scanner.value("--width").map { text throws(UsageError) in try OptionValues.textWidth(text) } ?? 343
            let size =
                try scanner.value("--size").map { text throws(UsageError) in try OptionValues.fontSize(text) } ?? 17
            let margin = try number(scanner, "--margin", default: 8, atLeast: 0, atMost: OptionValues.largestLength)
            var style = TextStyle(fontSize: size)
            if let text = scanner.value("--line-height") { style.lineHeight = try OptionValues.lineHeight(text) }
            let maxLines = try scanner.value("--max-lines").map { text throws(UsageError) in
                try OptionValues.maxLines(text)
            }
            let token = AttributedText(scanner.value("--token") ?? "\u{2026}")
            guard scanner.positionals.count <= 1 else {
                throw UsageError(
                    message: "expected at most one TEXT, got \(scanner.positionals.count) (quote a text with spaces)")
            }
            try checkWidth(width + 2 * margin, scale: common.scale)
            var text = scanner.positionals.first ?? String(decoding: io.readInput(), as: UTF8.self)
            if scanner.positionals.isEmpty && text.hasSuffix("\n") { text.removeLast() }
            return {
                let renderer = Renderer(engine: try common.engine())
                let image = try renderer.renderParagraph(
                    AttributedText(text), width: width, style: style, maxLines: maxLines,
                    truncationToken: token,
                    options: RenderOptions(scale: common.scale, debug: common.debug, margin: margin))
                let prepared = renderer.engine.prepare(text, style: style)
                let height = prepared.layout(width: width, maxLines: maxLines, truncationToken: token).height
                let missing = prepared.missingGlyphs
                var warning = missing.isEmpty ? nil : MeasureCommand.missingGlyphsWarning(missing, for: "the text")
                if maxLines != nil,
                    let tokenWarning = MeasureCommand.tokenWarning(token, engine: renderer.engine, style: style)
                {
                    warning = (warning ?? "") + tokenWarning
                }
                return Drawn(image: image, fields: ["\"height\": \(JSON.number(height))"], warnings: warning)
            }
        }
    }

    // MARK: render

    static func runCell(arguments: [String], io: CommandLineTool.IO) -> Int32 {
        run(
            "render", arguments: arguments, help: cellHelp, io: io,
            valued: ["--width", "--index", "--id", "--max-lines", "--format", "--cell"],
            flags: ["--collapsed", "--expanded"]
        ) { scanner, common in
            let width = try cellWidth(scanner)
            if scanner.value("--index") != nil && scanner.value("--id") != nil {
                throw UsageError(message: "--index and --id cannot be used together")
            }
            if scanner.has("--collapsed") && scanner.has("--expanded") {
                throw UsageError(message: "--collapsed and --expanded cannot be used together")
            }
            let index = try scanner.value("--index").map { try wholeNumber($0, option: "--index") } ?? 1
            let id = try scanner.value("--id").map { text -> StatusID in
                guard let id = StatusID(text) else {
                    throw UsageError(message: "--id must be a status ID (digits), got '\(text)'")
                }
                return id
            }
            var style = CellStyle.automatic
            style.network = try scanner.value("--cell").flatMap { text throws(UsageError) in try OptionValues.cell(text)
            }
            let decoder = StatusDecoder(
                format: try scanner.value("--format").map { text throws(UsageError) in try OptionValues.format(text) }
                    ?? .automatic)
            let maxLines = try scanner.value("--max-lines").map { text throws(UsageError) in
                try OptionValues.maxLines(text)
            }
            if scanner.has("--expanded") && maxLines != nil {
                throw UsageError(message: "--max-lines collapses texts; it cannot be used with --expanded")
            }
            style.maxTextLines = maxLines ?? (scanner.has("--collapsed") ? defaultCollapsedLines : nil)
            try checkWidth(width, scale: common.scale)
            let input = try readStatuses(scanner, io: io)
            return {
                let statuses = decoder.decodeAll(input)
                let chosen: Status
                let entry: DecodedStatus
                if let id {
                    var failures = 0
                    var found: (Status, DecodedStatus)?
                    for decoded in statuses {
                        switch decoded.result {
                        case .success(let status) where status.id == id: found = (status, decoded)
                        case .success: break
                        case .failure: failures += 1
                        }
                        if found != nil { break }
                    }
                    guard let found else {
                        let skipped = failures > 0 ? " (\(failures) could not be decoded)" : ""
                        throw CommandFailure(
                            message: "no status with ID \(id) among the input's \(statuses.count)\(skipped)")
                    }
                    (chosen, entry) = found
                } else {
                    guard index <= statuses.count else {
                        throw CommandFailure(
                            message: "the input has \(statuses.count) status(es); there is no status \(index)")
                    }
                    entry = statuses[index - 1]
                    switch entry.result {
                    case .success(let status): chosen = status
                    case .failure(let error):
                        throw CommandFailure(message: "status \(index) cannot be decoded: \(error.message)")
                    }
                }
                let renderer = Renderer(engine: try common.engine())
                // As the cell first shows: texts collapsed at --max-lines, a content warning closed; --expanded opens them.
                let expanded = scanner.has("--expanded")
                let image = try renderer.renderCell(
                    chosen, width: width, style: style, expanded: expanded, options: common.renderOptions)
                let layouter = CellLayouter(
                    measurer: MissingGlyphsNotingMeasurer(engine: renderer.engine), style: style)
                let cell = layouter.layout(chosen, width: width, scale: common.scale)
                let warnings = entry.warningText + (layouter.measurer.takeWarning(for: "status \(chosen.id)") ?? "")
                return Drawn(
                    image: image,
                    fields: [
                        "\"id\": \"\(chosen.id)\"",
                        "\"height\": \(JSON.number(expanded ? cell.expandedHeight : cell.height))",
                    ],
                    warnings: warnings.isEmpty ? nil : warnings)
            }
        }
    }

    /// The lines a collapsed cell shows without --max-lines.
    static let defaultCollapsedLines = 6

    // MARK: render-timeline

    static func runTimeline(arguments: [String], io: CommandLineTool.IO) -> Int32 {
        run(
            "render-timeline", arguments: arguments, help: timelineHelp, io: io,
            valued: ["--width", "--count", "--max-lines", "--format", "--cell"], flags: []
        ) { scanner, common in
            let width = try cellWidth(scanner)
            let count = try scanner.value("--count").map { try wholeNumber($0, option: "--count") } ?? 20
            var style = CellStyle.automatic
            style.maxTextLines = try scanner.value("--max-lines").map { text throws(UsageError) in
                try OptionValues.maxLines(text)
            }
            style.network = try scanner.value("--cell").flatMap { text throws(UsageError) in try OptionValues.cell(text)
            }
            let decoder = StatusDecoder(
                format: try scanner.value("--format").map { text throws(UsageError) in try OptionValues.format(text) }
                    ?? .automatic)
            try checkWidth(width, scale: common.scale)
            let input = try readStatuses(scanner, io: io)
            return {
                let decoded = decoder.decodeAll(input).prefix(count)
                var statuses: [Status] = []
                var skipped = ""
                var warnings = ""
                for (offset, entry) in decoded.enumerated() {
                    warnings += entry.warningText
                    switch entry.result {
                    case .success(let status): statuses.append(status)
                    case .failure(let error):
                        skipped += "{\"index\": \(offset + 1), \"error\": \(JSON.string(error.message))}\n"
                    }
                }
                guard !statuses.isEmpty else {
                    if !skipped.isEmpty { io.errors(skipped) }
                    throw CommandFailure(
                        message: decoded.isEmpty
                            ? "the input has no statuses" : "none of the first \(decoded.count) statuses can be decoded"
                    )
                }
                let renderer = Renderer(engine: try common.engine())
                let image: RenderedImage
                do {
                    image = try renderer.renderTimeline(
                        statuses, width: width, style: style, options: common.renderOptions)
                } catch RenderError.imageTooLarge(let pixelWidth, let pixelHeight) {
                    // Name the largest count that fits: the cells' heights added up, as the image stacks them.
                    let layouter = CellLayouter(measurer: renderer.engine, style: style)
                    var fitting = 0
                    var total = 0
                    for status in statuses {
                        total += Int(
                            (layouter.layout(status, width: width, scale: common.scale).shownHeight * common.scale)
                                .rounded())
                        guard ImageLimits.allows(pixelWidth: pixelWidth, pixelHeight: total) else { break }
                        fitting += 1
                    }
                    let advice =
                        fitting > 0
                        ? "--count \(fitting) is the most that fits at this width and scale"
                        : "not even the first status fits: use a smaller width or scale"
                    throw CommandFailure(
                        message:
                            "\(RenderError.imageTooLarge(pixelWidth: pixelWidth, pixelHeight: pixelHeight)); \(advice)")
                }
                let layouter = CellLayouter(
                    measurer: MissingGlyphsNotingMeasurer(engine: renderer.engine), style: style)
                var height = 0.0
                for status in statuses {
                    // the names measured too
                    height += layouter.layout(status, width: width, scale: common.scale).height
                    warnings += layouter.measurer.takeWarning(for: "status \(status.id)") ?? ""
                }
                return Drawn(
                    image: image, fields: ["\"cells\": \(statuses.count)", "\"height\": \(JSON.number(height))"],
                    skipped: skipped.isEmpty ? nil : skipped, warnings: warnings.isEmpty ? nil : warnings)
            }
        }
    }

    // MARK: Shared

    /// What every render command takes.
    struct Common {
        var output: String
        var scale: Double
        var debug: Bool
        var now: StatusDate?
        var engineOptions: EngineOptions

        /// The options of the drawing.
        var renderOptions: RenderOptions { RenderOptions(scale: scale, debug: debug, now: now) }

        /// The engine, as every command makes it (a fonts directory that is not there fails).
        func engine() throws -> TextEngine { try engineOptions.checkedEngine() }
    }

    /// What a render command drew: the image, the fields to print, the lines of statuses
    /// skipped (exit status 1 after writing) and warnings (characters no font has).
    struct Drawn {
        var image: RenderedImage
        var fields: [String]
        var skipped: String? = nil
        var warnings: String? = nil
    }

    /// The work left once the options are checked.
    typealias Work = () throws -> Drawn

    /// Parses the options every command shares and `valued`/`flags`, lets `prepare` check the
    /// rest and return the work, then renders, writes the PNG and prints a summary.
    static func run(
        _ command: String, arguments: [String], help: String, io: CommandLineTool.IO, valued: Set<String>,
        flags: Set<String>, _ prepare: (ArgumentScanner, Common) throws -> Work
    ) -> Int32 {
        let work: Work
        do {
            var scanner = ArgumentScanner(
                valued: valued.union(["-o", "--output", "--scale", "--now"]).union(EngineOptions.valued),
                flags: flags.union(["-h", "--help", "--version", "--debug"]))
            try scanner.scan(arguments)
            if scanner.has("-h") || scanner.has("--help") {
                io.output(help)
                return CommandLineTool.ExitStatus.success
            }
            if CommandLineTool.answersVersion(scanner, io: io) { return CommandLineTool.ExitStatus.success }
            guard let output = scanner.value("-o") ?? scanner.value("--output") else {
                throw UsageError(message: "missing the PNG to write: -o <file.png>")
            }
            guard !output.isEmpty else { throw UsageError(message: "-o needs a file name, got ''") }
            let scale = try number(
                scanner, "--scale", default: 2, atLeast: 1, atMost: 4, what: "a screen scale from 1 to 4")
            let now = try scanner.value("--now").map { text throws(UsageError) in try OptionValues.moment(text) }
            let common = Common(
                output: output, scale: scale, debug: scanner.has("--debug"), now: now,
                engineOptions: EngineOptions(scanner))
            try common.engineOptions.checkUsage()
            work = try prepare(scanner, common)
            let drawn = try work()
            let (image, fields, skipped) = (drawn.image, drawn.fields, drawn.skipped)
            try image.writePNG(toFile: output)
            if let warnings = drawn.warnings { io.errors(warnings) }
            if let skipped { io.errors(skipped) }
            io.output(
                "{\"output\": \(JSON.string(output)), \"pixelWidth\": \(image.pixelWidth), \"pixelHeight\": \(image.pixelHeight), "
                    + (fields + ["\"scale\": \(JSON.number(scale))"]).joined(separator: ", ") + "}\n")
            return skipped == nil ? CommandLineTool.ExitStatus.success : CommandLineTool.ExitStatus.failure
        } catch {
            return CommandLineTool.exitStatus(reporting: error, usage: usage(command), io: io)
        }
    }

    /// A number option (checked as every command checks numbers: ``OptionValues``), or
    /// `default` when not given; above `lower` (or at least `least`), at most `upper`.
    static func number(
        _ scanner: ArgumentScanner, _ option: String, default value: Double, above lower: Double? = nil,
        atLeast least: Double? = nil, atMost upper: Double, what: String? = nil
    ) throws(UsageError) -> Double {
        guard let text = scanner.value(option) else { return value }
        let bottom = lower ?? least ?? 0
        let description =
            what
            ?? (lower != nil
                ? "a number of points greater than \(JSON.number(bottom)) and at most \(JSON.number(upper))"
                : "a number of points from \(JSON.number(bottom)) to \(JSON.number(upper))")
        return try OptionValues.number(
            text, option: option, in: bottom...upper, exclusiveLower: lower != nil, what: description)
    }

    /// A whole number of 1 or more.
    static func wholeNumber(_ text: String, option: String) throws(UsageError) -> Int {
        try OptionValues.whole(text, option: option, in: 1...Int.max, what: "a whole number greater than 0")
    }

    /// A cell's width: more than twice the padding.
    static func cellWidth(_ scanner: ArgumentScanner) throws(UsageError) -> Double {
        try scanner.value("--width").map { text throws(UsageError) in
            try OptionValues.cellWidth(text, least: CellStyle.automatic.minimumWidth)
        } ?? 375
    }

    /// Refuses a width that would make an image wider than the limit at `scale`.
    static func checkWidth(_ points: Double, scale: Double) throws(UsageError) {
        let pixels = (points * scale - 1e-9).rounded(.up)
        guard pixels <= Double(ImageLimits.maximumSide) else {
            throw UsageError(
                message:
                    "a width of \(JSON.number(points)) points at scale \(JSON.number(scale)) makes an image \(Int(pixels)) px wide; "
                    + "images are at most \(ImageLimits.maximumSide) px a side")
        }
    }

    /// The statuses' bytes: FILE, or standard input.
    static func readStatuses(_ scanner: ArgumentScanner, io: CommandLineTool.IO) throws -> [UInt8] {
        switch try readInput(scanner.positionals, io: io) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw failure
        }
    }
}

extension RenderCommands {
    /// Runs `render-text`, `render` or `render-timeline`.
    static func run(_ command: String, arguments: [String], io: CommandLineTool.IO) -> Int32 {
        switch command {
        case "render-text": return runText(arguments: arguments, io: io)
        case "render": return runCell(arguments: arguments, io: io)
        default: return runTimeline(arguments: arguments, io: io)
        }
    }
}
