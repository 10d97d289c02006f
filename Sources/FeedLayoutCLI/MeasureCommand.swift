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
        \(OptionValues.sizeHelp)
        \(OptionValues.textWidthHelp(default: 343))
        \(OptionValues.lineHeightHelp)
          --line-spacing <points> Extra space between lines. (default: 0)
        \(OptionValues.textMaxLinesHelp)
          --token <text>          Truncation token. (default: …)
          --line-break <rule>     strict, normal or loose (CSS line-break). (default: normal)
          --locale <locale>       Locale for line breaking and shaping, one ICU knows: zh or ja
                                  for ICU's Chinese/Japanese tailoring. (default: ICU's root rules)
          --breaks                Add "breaks": where lines 2, 3, ... start, in Unicode scalars
                                  from the start of the text (as measured: U+FFFD for invalid UTF-8).
        \(OptionValues.offsetsHelp)
          --opportunities         Add "opportunities": where a line may end, in Unicode scalars
                                  from the start of the text (UAX #14 with the --line-break
                                  rule; after each hard line break too; never 0 or the end).
          --json-lines            Read each text as a JSON string ("a\nb") or an object with a
                                  string "text" field, so that a text may hold line breaks and
                                  any code point; a line that is neither is answered by
                                  {"line": L, "error": "..."} and the exit status is then 1.
          --echo                  Add the measured text to each object as "text".
          --threads <n>           Measure on n threads. (default: every core)
        \(EngineOptions.help)
        \(OptionValues.quietHelp)
          --version               Show the version.
          -h, --help              Show help information.

        EXIT STATUS: 0 success, 1 failure (a line too long to measure, a font cannot be loaded,
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
            valued: Set([
                "--size", "--width", "--line-height", "--line-spacing", "--max-lines", "--token",
                "--line-break", "--locale", "--threads", "--offsets",
            ]).union(EngineOptions.valued),
            flags: ["-h", "--help", "--version", "--echo", "--breaks", "--opportunities", "--json-lines"])
        let options: Options
        let threads: Int
        let fonts: EngineOptions
        let offsets: TextOffsetUnit
        do {
            try scanner.scan(arguments)
            if scanner.has("-h") || scanner.has("--help") {
                io.output(help)
                return CommandLineTool.ExitStatus.success
            }
            if CommandLineTool.answersVersion(scanner, io: io) { return CommandLineTool.ExitStatus.success }
            options = try Options(scanner)
            threads = try ThreadsOption.parse(scanner)
            offsets = try OptionValues.offsets(scanner.value("--offsets"))
            fonts = EngineOptions(scanner)
            try fonts.checkUsage()
        } catch {
            return CommandLineTool.reportUsage(error, usage: usage, io: io)
        }

        var failed = CommandLineTool.ExitStatus.failure
        guard let engine = fonts.engine(io: io, usage: usage, exitStatus: &failed) else { return failed }
        let answer = Answerer(
            engine: engine, options: options, echo: scanner.has("--echo"), breaks: scanner.has("--breaks"),
            offsets: offsets, opportunities: scanner.has("--opportunities"))
        let jsonLines = scanner.has("--json-lines")
        // The token ends every truncated line: what no font has in it is warned of once, as in a text.
        if options.maxLines != nil,
            let warning = MeasureCommand.tokenWarning(answer.token, engine: engine, style: options.style)
        {
            io.errors(warning)
        }

        if !scanner.positionals.isEmpty {
            // Texts given as arguments: answered in order, written at once.
            var text: [UInt8] = []
            var warnings = ""
            var failures = 0
            for (index, argument) in scanner.positionals.enumerated() {
                if jsonLines {
                    switch MeasureCommand.decodeJSONLine(argument) {
                    case .success(let decoded):
                        answer.append(decoded, number: index + 1, to: &text, warnings: &warnings)
                    case .failure(let problem):
                        text.append(
                            contentsOf: "{\"line\": \(index + 1), \"error\": \(JSON.string(problem.message))}\n".utf8)
                        failures += 1
                    }
                } else {
                    answer.append(argument, number: index + 1, to: &text, warnings: &warnings)
                }
            }
            io.errors(warnings)
            do {
                try io.standardOutput.write(String(decoding: text, as: UTF8.self))
            } catch {
                io.errors("Error: \(error)\n")
                return CommandLineTool.ExitStatus.failure
            }
            return failures > 0 ? CommandLineTool.ExitStatus.failure : CommandLineTool.ExitStatus.success
        }

        if io.inputIsTerminal {
            io.errors(
                "measure: reading texts from the terminal, one a line; end with Ctrl-D (texts may also be given as arguments)\n"
            )
        }
        let source = io.standardInput()
        var cutter = LineCutter(longestLine: longestLine)
        let name = source.name
        let outcome = StreamingRun.run(
            source: source, cutter: &cutter, threads: threads, maximumUnits: 256, io: io,
            progressLabel: "measure", progressUnit: "texts"
        ) { batch, stop in
            var made = BatchOutput(inputEnd: batch.inputEnd)
            var text: [UInt8] = []
            text.reserveCapacity(batch.units.count * 80)
            for unit in batch.units {
                if stop?.isRequested == true {
                    made.complete = false
                    break
                }
                made.answered += 1
                if unit.isTooLong {
                    text.append(
                        contentsOf:
                            "{\"line\": \(unit.line), \"error\": \"longer than \(longestLine) bytes, the longest line measured; not measured\"}\n"
                            .utf8)
                    made.failures += 1
                    continue
                }
                if !jsonLines && !answer.readsText {
                    // Measured from the bytes read, with no string made, when they are UTF-8.
                    let measured = batch.withBytes(of: unit) { bytes in
                        let span = bytes.assumingMemoryBound(to: UInt8.self).span
                        guard let utf8 = try? UTF8Span(validating: span) else { return false }
                        answer.append(utf8, number: unit.line, to: &text, warnings: &made.warnings)
                        return true
                    }
                    if measured { continue }
                }
                let line = batch.withBytes(of: unit) { bytes in
                    String(validating: bytes, as: UTF8.self)
                        ?? {
                            made.warnings +=
                                "warning: line \(unit.line) of \(name) is not valid UTF-8; invalid bytes were replaced by U+FFFD\n"
                            return String(decoding: bytes, as: UTF8.self)
                        }()
                }
                if jsonLines {
                    switch MeasureCommand.decodeJSONLine(line) {
                    case .success(let decoded):
                        answer.append(decoded, number: unit.line, to: &text, warnings: &made.warnings)
                    case .failure(let problem):
                        text.append(
                            contentsOf: "{\"line\": \(unit.line), \"error\": \(JSON.string(problem.message))}\n".utf8)
                        made.failures += 1
                    }
                } else {
                    answer.append(line, number: unit.line, to: &text, warnings: &made.warnings)
                }
            }
            made.bytes = text
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
        let offsets: TextOffsetUnit
        let opportunities: Bool

        init(
            engine: TextEngine, options: Options, echo: Bool, breaks: Bool, offsets: TextOffsetUnit = .scalars,
            opportunities: Bool = false
        ) {
            self.offsets = offsets
            self.opportunities = opportunities
            self.engine = engine
            self.options = options
            token = AttributedText(options.token)
            self.echo = echo
            self.breaks = breaks
        }

        /// Measures text `number` (its line, or its place among the arguments) and appends its
        /// JSON line to `output`, and a warning for characters no font draws to `warnings`.
        func append(_ text: String, number: Int, to output: inout [UInt8], warnings: inout String) {
            answer(
                engine.prepare(text, style: options.style), of: text, number: number, to: &output, warnings: &warnings)
        }

        /// Whether an answer reads its text's characters (line starts, opportunities as offsets,
        /// the text itself), which ``append(_:number:to:warnings:)-(UTF8Span,_,_,_)`` has not.
        var readsText: Bool { breaks || opportunities || echo }

        /// ``append(_:number:to:warnings:)-(String,_,_,_)`` for a text given as its UTF-8, when
        /// the answer reads no more of it than its measure (``readsText`` false): no string made.
        func append(_ utf8: UTF8Span, number: Int, to output: inout [UInt8], warnings: inout String) {
            precondition(!readsText, "an answer that reads its text needs it as a string")
            answer(
                engine.prepare(utf8, style: options.style), of: nil, number: number, to: &output, warnings: &warnings)
        }

        /// Appends the JSON line of `prepared`, text `number` (`text`, which the answer reads
        /// when ``readsText``).
        private func answer(
            _ prepared: PreparedText, of text: String?, number: Int, to output: inout [UInt8], warnings: inout String
        ) {
            let text = text ?? ""
            let layout = prepared.layout(width: options.width, maxLines: options.maxLines, truncationToken: token)
            let missing = prepared.missingGlyphs
            if !missing.isEmpty { warnings += MeasureCommand.missingGlyphsWarning(missing, for: "text \(number)") }
            // Written as bytes: a timeline's worth of short texts spends more time making
            // strings of their answers than measuring some of them.
            output.append(contentsOf: "{\"lines\": ".utf8)
            JSON.appendInteger(layout.lineCount, to: &output)
            output.append(contentsOf: ", \"height\": ".utf8)
            JSON.appendNumber(layout.height, to: &output)
            output.append(contentsOf: ", \"width\": ".utf8)
            JSON.appendNumber(layout.width, to: &output)
            output.append(contentsOf: layout.isTruncated ? ", \"truncated\": true".utf8 : ", \"truncated\": false".utf8)
            if breaks {
                output.append(contentsOf: ", \"breaks\": [".utf8)
                for (i, start) in MeasureCommand.lineStarts(layout, in: text, unit: offsets).enumerated() {
                    if i > 0 { output.append(contentsOf: ", ".utf8) }
                    JSON.appendInteger(start, to: &output)
                }
                output.append(UInt8(ascii: "]"))
            }
            if opportunities {
                output.append(contentsOf: ", \"opportunities\": [".utf8)
                for (i, offset) in prepared.breakOpportunities.enumerated() {
                    if i > 0 { output.append(contentsOf: ", ".utf8) }
                    JSON.appendInteger(offsets.offset(ofScalarOffset: offset, in: text), to: &output)
                }
                output.append(UInt8(ascii: "]"))
            }
            if echo {
                output.append(contentsOf: ", \"text\": ".utf8)
                output.append(contentsOf: JSON.string(text).utf8)
            }
            output.append(contentsOf: "}\n".utf8)
        }
    }

    /// Why a `--json-lines` line holds no text.
    struct JSONLineProblem: Error {
        let message: String
    }

    /// The text of one `--json-lines` line: a JSON string, or an object whose "text" field is one.
    static func decodeJSONLine(_ line: String) -> Result<String, JSONLineProblem> {
        var trimmed = Substring(line)
        if trimmed.hasSuffix("\r") { trimmed = trimmed.dropLast() }
        guard !trimmed.allSatisfy({ $0 == " " || $0 == "\t" }) else {
            return .failure(
                JSONLineProblem(message: "an empty line, not a JSON string or an object with a \"text\" string"))
        }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(trimmed.utf8), options: [.fragmentsAllowed])
        } catch {
            return .failure(
                JSONLineProblem(
                    message: "not valid JSON; each line must be a JSON string or an object with a \"text\" string"))
        }
        if let text = value as? String { return .success(text) }
        if let object = value as? [String: Any] {
            guard let field = object["text"] else {
                return .failure(JSONLineProblem(message: "a JSON object without a \"text\" field"))
            }
            guard let text = field as? String else {
                return .failure(JSONLineProblem(message: "the \"text\" field is not a JSON string"))
            }
            return .success(text)
        }
        return .failure(
            JSONLineProblem(message: "a JSON value that is neither a string nor an object with a \"text\" string"))
    }

    /// One warning line for the characters that no font draws in `subject` ("text 3", "status
    /// 3 (line 3)").
    static func missingGlyphsWarning(_ missing: [MissingGlyph], for subject: String) -> String {
        var distinct: [MissingGlyph] = []  // a few a text: a list beats a set
        for glyph in missing where !distinct.contains(where: { $0.scalar == glyph.scalar }) { distinct.append(glyph) }
        var line = "warning: \(subject)\(missingGlyphsMarker)"
        line += distinct.prefix(8).map(\.codePoint).joined(separator: ", ")
        if distinct.count > 8 { line += "\(missingGlyphsMoreMarker)\(distinct.count - 8) more" }
        return line + missingGlyphsEnding + "\n"
    }

    /// The parts of ``missingGlyphsWarning(_:for:)``'s line that ``WarningGate`` knows it by.
    static let missingGlyphsMarker = ": no font has "
    static let missingGlyphsEnding = "; measured as .notdef"
    static let missingGlyphsMoreMarker = " and "

    /// Of a line (its bytes, the line feed included or not) made by
    /// ``missingGlyphsWarning(_:for:)``: the list of code points it names ("U+1000, U+1019"),
    /// and whether the list was cut ("and 3 more"); nil for any other line.
    static func missingGlyphsList(inWarning line: ArraySlice<UInt8>) -> (codePoints: ArraySlice<UInt8>, isCut: Bool)? {
        let body = line.last == UInt8(ascii: "\n") ? line.dropLast() : line
        let ending = Array(missingGlyphsEnding.utf8)
        guard body.starts(with: "warning: ".utf8), body.count >= ending.count,
            body.suffix(ending.count).elementsEqual(ending),
            let marker = lastRange(of: missingGlyphsMarker, in: body), marker.upperBound <= body.endIndex - ending.count
        else { return nil }
        var list = body[marker.upperBound..<(body.endIndex - ending.count)]
        var isCut = false
        if let more = firstRange(of: missingGlyphsMoreMarker, in: list) {
            list = list[..<more.lowerBound]
            isCut = true
        }
        return (list, isCut)
    }

    /// Calls `body` with each code point of a list ("U+1000, U+1019"): its value and its name.
    static func forEachCodePoint(inList list: ArraySlice<UInt8>, _ body: (UInt32, ArraySlice<UInt8>) -> Void) {
        var rest = list
        while !rest.isEmpty {
            let comma = firstRange(of: ", ", in: rest)
            let name = comma.map { rest[..<$0.lowerBound] } ?? rest
            var value: UInt32 = 0
            for byte in name.dropFirst(2) {  // after "U+"
                let digit = byte >= UInt8(ascii: "A") ? byte &- UInt8(ascii: "A") &+ 10 : byte &- UInt8(ascii: "0")
                value = value << 4 | UInt32(digit & 0xF)
            }
            body(value, name)
            rest = comma.map { rest[$0.upperBound...] } ?? rest[rest.endIndex...]
        }
    }

    /// The first place `needle` occurs in `bytes` (byte offsets into their base), or nil: a
    /// warning line is searched in its bytes (Foundation's search through NSString cost more
    /// than measuring the text the warning is about).
    static func firstRange(of needle: String, in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var i = bytes.startIndex
        while i + pattern.count <= bytes.endIndex {
            if bytes[i..<i + pattern.count].elementsEqual(pattern) { return i..<i + pattern.count }
            i += 1
        }
        return nil
    }

    /// The last place `needle` occurs in `bytes`, or nil.
    static func lastRange(of needle: String, in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var i = bytes.endIndex - pattern.count
        while i >= bytes.startIndex {
            if bytes[i..<i + pattern.count].elementsEqual(pattern) { return i..<i + pattern.count }
            i -= 1
        }
        return nil
    }

    /// The warning for characters no font draws in the truncation token (nil when it has none).
    static func tokenWarning(_ token: AttributedText, engine: TextEngine, style: TextStyle) -> String? {
        let missing = engine.prepare(token, style: style).missingGlyphs
        return missing.isEmpty ? nil : missingGlyphsWarning(missing, for: "the token (--token)")
    }

    /// Where lines 2, 3, ... of `layout` start, in Unicode scalars from the start of `text`
    /// (the lines' ranges are UTF-8 offsets).
    static func lineStarts(_ layout: ParagraphLayout, in text: String, unit: TextOffsetUnit = .scalars) -> [Int] {
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
            switch unit {
            case .scalars: if byte & 0xC0 != 0x80 { scalars += 1 }
            case .utf16: if byte & 0xC0 != 0x80 { scalars += byte >= 0xF0 ? 2 : 1 }
            case .utf8: scalars += 1
            }
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
            if let size = scanner.value("--size") { style.fontSize = try OptionValues.fontSize(size) }
            if let width = scanner.value("--width") { self.width = try OptionValues.textWidth(width) }
            if let lineHeight = scanner.value("--line-height") {
                style.lineHeight = try OptionValues.lineHeight(lineHeight)
            }
            if let spacing = scanner.value("--line-spacing") {
                style.lineSpacing = try OptionValues.number(
                    spacing, option: "--line-spacing", in: 0...OptionValues.largestLength,
                    what: "a number of points from 0 to \(largest)")
            }
            if let maxLines = scanner.value("--max-lines") { self.maxLines = try OptionValues.maxLines(maxLines) }
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
            let base =
                text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let canonical = base.replacingOccurrences(of: "-", with: "_")
            let language =
                canonical.split(separator: "_", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard text.isEmpty || knownLocales.contains(canonical) || knownLocales.contains(language) else {
                throw UsageError(
                    message:
                        "--locale must be a locale ICU knows: a language such as zh, ja, ko or en, with a script or region if you like (zh_Hant, zh_TW, en_US), got '\(text)'"
                )
            }
            return text
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
