import Foundation
import TextLayout

/// `feedlayout measure`: one JSON object per text with its line count, height and width.
enum MeasureCommand {
    static let help = """
        OVERVIEW: Measure texts with the bundled fonts (or the given ones) at a width.

        Measures each TEXT argument, or each line of standard input when no TEXT is given, and
        prints one JSON object per text, in input order:
          {"lines": N, "height": H, "width": W, "truncated": false}
        W is the widest line without the white space hanging at its end. An empty text has 0
        lines and height 0. Invalid UTF-8 is replaced by U+FFFD (with a warning) and measured.
        Characters no font draws are measured as the font's .notdef box, with a warning.
        Standard input is read as it comes and measured on every core; each answer is written
        as soon as it and every earlier one are ready, and whenever input pauses everything
        answered so far is written (so a program can write a line and read its answer). A line
        longer than 1048576 bytes (1 MiB, without its line end) is not measured: it is answered
        by {"line": L, "error": "..."} as soon as it is that long, the rest of it is skipped,
        every other line is answered and the exit status is then 1.

        USAGE: feedlayout measure [options] [TEXT ...]

        ARGUMENTS:
          TEXT                    A text to measure (default: each line of standard input).

        OPTIONS:
          --size <points>         Font size in points (= px at 72 dpi), at most 1000000. (default: 17)
          --width <points>        Line width in points, greater than 0. (default: 343)
          --line-height <mode>    natural, <points> (e.g. 22.78) or <n>x (e.g. 1.34x). (default: natural)
          --line-spacing <points> Extra space between lines. (default: 0)
          --max-lines <n>         Show at most n lines; the last one ends in the token.
          --token <text>          Truncation token. (default: …)
          --line-break <rule>     strict, normal or loose (CSS line-break). (default: normal)
          --locale <locale>       Locale for line breaking and shaping, one ICU knows: zh or ja
                                  for ICU's Chinese/Japanese tailoring. (default: ICU's root rules)
          --breaks                Add "breaks": where lines 2, 3, ... start, in Unicode scalars
                                  from the start of the text (as measured: U+FFFD for invalid UTF-8).
          --opportunities         Add "opportunities": every place a line may start (UAX #14's line
                                  break opportunities, inside grapheme clusters too, and the mandatory
                                  break after each hard line break), in Unicode scalars from the start
                                  of the text; the text's end only after a hard line break.
          --json-lines            Read each input (line of standard input, or TEXT) as JSON: a string
                                  ("a\\nb", "\\u0308"), or an object whose "text" is one, so that a text
                                  may hold line breaks and any code point. One that is not is answered
                                  by {"line": L, "error": "..."} naming the problem (exit status 1).
          --echo                  Add the measured text to each object as "text".
          --threads <n>           Measure on n threads. (default: every core)
        \(EngineOptions.help)
          --version               Show the version.
          -h, --help              Show help information.

        EXIT STATUS: 0 success, 1 failure (a line too long to measure, a malformed --json-lines
        input, a font cannot be loaded,
        the input cannot be read, the output cannot be written), 64 bad usage, 130 or 143 stopped by SIGINT or SIGTERM
        (every answer made is written first, in order and as whole lines).

        """

    static let usage = "Usage: feedlayout measure [options] [TEXT ...]\n  See 'feedlayout measure --help'.\n"

    /// The longest line of standard input measured, in bytes without its line end. Measuring
    /// takes memory in proportion to the text (up to about 150 bytes a byte, kept by the
    /// worker's scratch afterwards) and a line is held whole until its end, which may never
    /// come (`< /dev/zero`): a longer line is answered by an error instead, so that what one
    /// line may cost is bounded. 1 MiB is over ten times the longest post of any service
    /// measured here (Weibo's long texts, 25,000-character posts elsewhere).
    static let longestLine = 1 << 20

    static func run(arguments: [String], io: CommandLineTool.IO) -> Int32 {
        var scanner = ArgumentScanner(
            valued: Set(["--size", "--width", "--line-height", "--line-spacing", "--max-lines", "--token",
                         "--line-break", "--locale", "--threads"]).union(EngineOptions.valued),
            flags: ["-h", "--help", "--version", "--echo", "--breaks", "--opportunities", "--json-lines"])
        let options: Options
        let threads: Int
        let fonts: EngineOptions
        do {
            try scanner.scan(arguments)
            if scanner.has("-h") || scanner.has("--help") {
                io.output(help)
                return CommandLineTool.ExitStatus.success
            }
            if CommandLineTool.answersVersion(scanner, io: io) { return CommandLineTool.ExitStatus.success }
            options = try Options(scanner)
            threads = try ThreadsOption.parse(scanner)
            fonts = EngineOptions(scanner)
            try fonts.checkUsage()
        } catch {
            io.errors("Error: \(error.message)\n" + usage)
            return CommandLineTool.ExitStatus.usage
        }

        var failed = CommandLineTool.ExitStatus.failure
        guard let engine = fonts.engine(io: io, usage: usage, exitStatus: &failed) else { return failed }
        let answer = Answerer(engine: engine, options: options, echo: scanner.has("--echo"), breaks: scanner.has("--breaks"),
                              opportunities: scanner.has("--opportunities"))
        let jsonLines = scanner.has("--json-lines")
        // The token ends every truncated line: what no font has in it is warned of once, as in a text.
        if options.maxLines != nil, let warning = MeasureCommand.tokenWarning(answer.token, engine: engine, style: options.style) {
            io.errors(warning)
        }

        if !scanner.positionals.isEmpty {
            // Texts given as arguments: answered in order, written at once.
            var text = ""
            var warnings = ""
            var malformed = false
            for (index, argument) in scanner.positionals.enumerated() {
                if jsonLines {
                    switch JSONLine.text(of: Array(argument.utf8)) {
                    case .success(let decoded): answer.append(decoded, number: index + 1, to: &text, warnings: &warnings)
                    case .failure(let problem):
                        text += "{\"line\": \(index + 1), \"error\": \(JSON.string(problem.message))}\n"
                        malformed = true
                    }
                } else {
                    answer.append(argument, number: index + 1, to: &text, warnings: &warnings)
                }
            }
            io.errors(warnings)
            do {
                try io.standardOutput.write(text)
            } catch {
                io.errors("Error: \(error)\n")
                return CommandLineTool.ExitStatus.failure
            }
            return malformed ? CommandLineTool.ExitStatus.failure : CommandLineTool.ExitStatus.success
        }

        let source = io.standardInput()
        var cutter = LineCutter(longestLine: longestLine)
        let name = source.name
        let outcome = StreamingRun.run(source: source, cutter: &cutter, threads: threads, maximumUnits: 256, io: io,
                                       progressLabel: "measure", progressUnit: "texts") { batch, stop in
            var made = BatchOutput(inputEnd: batch.inputEnd)
            var text = ""
            for unit in batch.units {
                if stop?.isRequested == true {
                    made.complete = false
                    break
                }
                made.answered += 1
                if unit.isTooLong {
                    text += "{\"line\": \(unit.line), \"error\": \"longer than \(longestLine) bytes, the longest line measured; not measured\"}\n"
                    made.failures += 1
                    continue
                }
                if jsonLines {
                    switch batch.withBytes(of: unit, { JSONLine.text(of: $0) }) {
                    case .success(let decoded): answer.append(decoded, number: unit.line, to: &text, warnings: &made.warnings)
                    case .failure(let problem):
                        text += "{\"line\": \(unit.line), \"error\": \(JSON.string(problem.message))}\n"
                        made.failures += 1
                    }
                    continue
                }
                let line = batch.withBytes(of: unit) { bytes in
                    String(validating: bytes, as: UTF8.self) ?? {
                        made.warnings += "warning: line \(unit.line) of \(name) is not valid UTF-8; invalid bytes were replaced by U+FFFD\n"
                        return String(decoding: bytes, as: UTF8.self)
                    }()
                }
                answer.append(line, number: unit.line, to: &text, warnings: &made.warnings)
            }
            made.bytes = Array(text.utf8)
            return made
        }
        return StreamingRun.exitStatus(outcome, io: io, failedAnswers: true)
    }

    /// Measures one text and appends its JSON line.
    struct Answerer: Sendable {
        let engine: TextEngine
        let options: Options
        let token: AttributedText
        let echo: Bool
        let breaks: Bool
        let opportunities: Bool

        init(engine: TextEngine, options: Options, echo: Bool, breaks: Bool, opportunities: Bool = false) {
            self.engine = engine
            self.options = options
            token = AttributedText(options.token)
            self.echo = echo
            self.breaks = breaks
            self.opportunities = opportunities
        }

        /// Measures text `number` (its line, or its place among the arguments) and appends its
        /// JSON line to `output`, and a warning for characters no font draws to `warnings`.
        func append(_ text: String, number: Int, to output: inout String, warnings: inout String) {
            let prepared = engine.prepare(text, style: options.style)
            let layout = prepared.layout(width: options.width, maxLines: options.maxLines, truncationToken: token)
            let missing = prepared.missingGlyphs
            if !missing.isEmpty { warnings += MeasureCommand.missingGlyphsWarning(missing, for: "text \(number)") }
            output += "{\"lines\": \(layout.lineCount), \"height\": \(JSON.number(layout.height)), \"width\": \(JSON.number(layout.width)), \"truncated\": \(layout.isTruncated)"
            if breaks {
                output += ", \"breaks\": [" + MeasureCommand.lineStarts(layout, in: text).map(String.init).joined(separator: ", ") + "]"
            }
            if opportunities {
                output += ", \"opportunities\": [" + prepared.breakOpportunities.map(String.init).joined(separator: ", ") + "]"
            }
            output += echo ? ", \"text\": \(JSON.string(text))}\n" : "}\n"
        }
    }

    /// One warning line for the characters that no font draws in `subject` ("text 3", "status
    /// 3 (line 3)").
    static func missingGlyphsWarning(_ missing: [MissingGlyph], for subject: String) -> String {
        var seen = Set<UInt32>()
        let distinct = missing.filter { seen.insert($0.scalar.value).inserted }
        var listed = distinct.prefix(8).map(\.codePoint).joined(separator: ", ")
        if distinct.count > 8 { listed += " and \(distinct.count - 8) more" }
        return "warning: \(subject): no font has \(listed); measured as .notdef\n"
    }

    /// The warning for characters no font draws in the truncation token (nil when it has none).
    static func tokenWarning(_ token: AttributedText, engine: TextEngine, style: TextStyle) -> String? {
        let missing = engine.prepare(token, style: style).missingGlyphs
        return missing.isEmpty ? nil : missingGlyphsWarning(missing, for: "the token (--token)")
    }

    /// Where lines 2, 3, ... of `layout` start, in Unicode scalars from the start of `text`
    /// (the lines' ranges are UTF-8 offsets).
    static func lineStarts(_ layout: ParagraphLayout, in text: String) -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(max(0, layout.lines.count - 1))
        var targets = layout.lines.dropFirst().map(\.range.lowerBound).makeIterator()
        var target = targets.next()
        var scalars = 0
        var offset = 0
        for byte in text.utf8 {
            while let wanted = target, wanted <= offset {
                starts.append(scalars)
                target = targets.next()
            }
            if target == nil { break }
            if byte & 0xC0 != 0x80 { scalars += 1 }
            offset += 1
        }
        while target != nil {
            starts.append(scalars)
            target = targets.next()
        }
        return starts
    }

    struct Options: Sendable {
        var width = 343.0
        var style = TextStyle()
        var maxLines: Int?
        var token = "\u{2026}"

        init(_ scanner: ArgumentScanner) throws(UsageError) {
            let largest = Int(OptionValues.largestLength)
            if let size = scanner.value("--size") {
                style.fontSize = try OptionValues.number(size, option: "--size", in: 0...OptionValues.largestLength, exclusiveLower: true,
                                                         what: "a number of points greater than 0 and at most \(largest)")
            }
            if let width = scanner.value("--width") {
                self.width = try OptionValues.number(width, option: "--width", in: 0...OptionValues.largestWidth, exclusiveLower: true,
                                                     what: "a number of points greater than 0 and at most \(Int(OptionValues.largestWidth))")
            }
            if let lineHeight = scanner.value("--line-height") {
                style.lineHeight = try Self.lineHeight(lineHeight)
            }
            if let spacing = scanner.value("--line-spacing") {
                style.lineSpacing = try OptionValues.number(spacing, option: "--line-spacing", in: 0...OptionValues.largestLength,
                                                            what: "a number of points from 0 to \(largest)")
            }
            if let maxLines = scanner.value("--max-lines") {
                self.maxLines = try OptionValues.whole(maxLines, option: "--max-lines", in: 1...Int(Int32.max),
                                                       what: "a whole number greater than 0")
            }
            if let token = scanner.value("--token") { self.token = token }
            if let rule = scanner.value("--line-break") {
                guard let value = LineBreakStrictness(rawValue: rule) else {
                    throw UsageError(message: "--line-break must be strict, normal or loose, got '\(rule)'")
                }
                style.lineBreak = value
            }
            if let locale = scanner.value("--locale") { style.locale = try Self.locale(locale) }
        }

        /// The locales ICU knows (ICU's own list, as Foundation reads it).
        static let knownLocales = Set(Locale.availableIdentifiers)

        /// A locale ICU knows, "zh_TW" or "zh-Hant" forms alike (keywords after "@" are the
        /// engine's); a language ICU knows with a region it has no data for falls back to the
        /// language, as ICU does. "" is ICU's root rules.
        static func locale(_ text: String) throws(UsageError) -> String {
            let base = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let canonical = base.replacingOccurrences(of: "-", with: "_")
            let language = canonical.split(separator: "_", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard text.isEmpty || knownLocales.contains(canonical) || knownLocales.contains(language) else {
                throw UsageError(message: "--locale must be a locale ICU knows: a language such as zh, ja, ko or en, with a script or region if you like (zh_Hant, zh_TW, en_US), got '\(text)'")
            }
            return text
        }

        /// natural, <points> or <n>x.
        static func lineHeight(_ text: String) throws(UsageError) -> LineHeight {
            let what = "natural, a number of points (e.g. 22.78) or a multiple of the font size (e.g. 1.34x)"
            if text == "natural" { return .natural }
            if text.hasSuffix("x") {
                let number = String(text.dropLast())
                guard OptionValues.isDecimal(number), let value = Double(number) else {
                    throw UsageError(message: "--line-height must be \(what), got '\(text)'")
                }
                guard value.isFinite, value > 0, value <= 1_000 else {
                    throw UsageError(message: "--line-height must be a multiple greater than 0 and at most 1000, got '\(text)'")
                }
                return .multiple(value)
            }
            guard OptionValues.isDecimal(text), let value = Double(text) else {
                throw UsageError(message: "--line-height must be \(what), got '\(text)'")
            }
            guard value.isFinite, value > 0, value <= OptionValues.largestLength else {
                throw UsageError(message: "--line-height must be a number of points greater than 0 and at most \(Int(OptionValues.largestLength)), got '\(text)'")
            }
            return .fixed(value)
        }
    }
}

/// `--threads <n>`: how many workers answer.
enum ThreadsOption {
    static let help = "  --threads <n>           Work on n threads. (default: every core)"

    static func parse(_ scanner: ArgumentScanner) throws(UsageError) -> Int {
        guard let text = scanner.value("--threads") else { return max(1, ProcessInfo.processInfo.activeProcessorCount) }
        return try OptionValues.whole(text, option: "--threads", in: 1...256, what: "a whole number from 1 to 256")
    }
}
