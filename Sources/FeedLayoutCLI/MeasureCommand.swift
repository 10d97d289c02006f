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

        USAGE: feedlayout measure [options] [TEXT ...]

        ARGUMENTS:
          TEXT                    A text to measure (default: each line of standard input).

        OPTIONS:
          --size <points>         Font size in points (= px at 72 dpi). (default: 17)
          --width <points>        Line width in points, greater than 0. (default: 343)
          --line-height <mode>    natural, <points> (e.g. 22.78) or <n>x (e.g. 1.34x). (default: natural)
          --line-spacing <points> Extra space between lines. (default: 0)
          --max-lines <n>         Show at most n lines; the last one ends in the token.
          --token <text>          Truncation token. (default: …)
          --line-break <rule>     strict, normal or loose (CSS line-break). (default: normal)
          --locale <locale>       Locale for line breaking and shaping, e.g. zh or ja for
                                  ICU's Chinese/Japanese tailoring. (default: ICU's root rules)
          --echo                  Add the measured text to each object as "text".
        \(EngineOptions.help)
          --version               Show the version.
          -h, --help              Show help information.

        EXIT STATUS: 0 success, 1 failure (e.g. a font cannot be loaded), 64 bad usage.

        """

    static func run(arguments: [String], io: CommandLineTool.IO) -> Int32 {
        var scanner = ArgumentScanner(
            valued: Set(["--size", "--width", "--line-height", "--line-spacing", "--max-lines", "--token",
                         "--line-break", "--locale"]).union(EngineOptions.valued),
            flags: ["-h", "--help", "--version", "--echo"])
        let options: Options
        do {
            try scanner.scan(arguments)
            if scanner.has("-h") || scanner.has("--help") {
                io.output(help)
                return CommandLineTool.ExitStatus.success
            }
            if scanner.has("--version") {
                io.output("feedlayout \(CommandLineTool.version)\n")
                return CommandLineTool.ExitStatus.success
            }
            options = try Options(scanner)
        } catch {
            io.errors("Error: \(error.message)\nUsage: feedlayout measure [options] [TEXT ...]\n  See 'feedlayout measure --help'.\n")
            return CommandLineTool.ExitStatus.usage
        }

        let engine: TextEngine
        do {
            engine = try EngineOptions(scanner).makeEngine()
        } catch let error as UsageError {
            io.errors("Error: \(error.message)\nUsage: feedlayout measure [options] [TEXT ...]\n  See 'feedlayout measure --help'.\n")
            return CommandLineTool.ExitStatus.usage
        } catch {
            io.errors("Error: \(error)\n")
            return CommandLineTool.ExitStatus.failure
        }

        var texts: [String] = scanner.positionals
        if texts.isEmpty {
            texts = InputLines.split(io.readInput()) { lineNumber in
                io.errors("warning: line \(lineNumber) of standard input is not valid UTF-8; invalid bytes were replaced by U+FFFD\n")
            }
        }
        let token = AttributedText(options.token)
        let echo = scanner.has("--echo")
        var batch = ""
        for (index, text) in texts.enumerated() {
            let prepared = engine.prepare(text, style: options.style)
            let layout = prepared.layout(width: options.width, maxLines: options.maxLines, truncationToken: token)
            let missing = prepared.missingGlyphs
            if !missing.isEmpty { io.errors(missingGlyphsWarning(missing, text: index + 1)) }
            batch += "{\"lines\": \(layout.lineCount), \"height\": \(JSON.number(layout.height)), \"width\": \(JSON.number(layout.width)), \"truncated\": \(layout.isTruncated)"
            batch += echo ? ", \"text\": \(JSON.string(text))}\n" : "}\n"
            if batch.utf8.count > 1 << 16 {
                io.output(batch)
                batch = ""
            }
            if io.errorsIsTerminal && texts.count >= 5_000 && (index + 1) % 1_000 == 0 {
                io.errors("\rmeasured \(index + 1) of \(texts.count)")
                if index + 1 == texts.count { io.errors("\n") }
            }
        }
        io.output(batch)
        return CommandLineTool.ExitStatus.success
    }

    struct Options {
        var width = 343.0
        var style = TextStyle()
        var maxLines: Int?
        var token = "\u{2026}"

        init(_ scanner: ArgumentScanner) throws(UsageError) {
            if let size = scanner.value("--size") { style.fontSize = try positiveNumber(size, option: "--size") }
            if let width = scanner.value("--width") { self.width = try positiveNumber(width, option: "--width") }
            if let lineHeight = scanner.value("--line-height") {
                if lineHeight == "natural" {
                    style.lineHeight = .natural
                } else if lineHeight.hasSuffix("x") {
                    style.lineHeight = .multiple(try positiveNumber(String(lineHeight.dropLast()), option: "--line-height"))
                } else {
                    style.lineHeight = .fixed(try positiveNumber(lineHeight, option: "--line-height"))
                }
            }
            if let spacing = scanner.value("--line-spacing") {
                guard let value = Double(spacing), value.isFinite, value >= 0 else {
                    throw UsageError(message: "--line-spacing must be a number of points, 0 or more (got '\(spacing)')")
                }
                style.lineSpacing = value
            }
            if let maxLines = scanner.value("--max-lines") {
                guard let value = Int(maxLines), value > 0 else {
                    throw UsageError(message: "--max-lines must be a whole number greater than 0 (got '\(maxLines)')")
                }
                self.maxLines = value
            }
            if let token = scanner.value("--token") { self.token = token }
            if let rule = scanner.value("--line-break") {
                guard let value = LineBreakStrictness(rawValue: rule) else {
                    throw UsageError(message: "--line-break must be strict, normal or loose (got '\(rule)')")
                }
                style.lineBreak = value
            }
            if let locale = scanner.value("--locale") { style.locale = locale }
        }
    }

    /// One warning line for the characters of text `number` that no font draws.
    static func missingGlyphsWarning(_ missing: [MissingGlyph], text number: Int) -> String {
        var seen = Set<UInt32>()
        let distinct = missing.filter { seen.insert($0.scalar.value).inserted }
        var listed = distinct.prefix(8).map(\.codePoint).joined(separator: ", ")
        if distinct.count > 8 { listed += " and \(distinct.count - 8) more" }
        return "warning: text \(number): no font has \(listed); measured as .notdef\n"
    }

    static func positiveNumber(_ text: String, option: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw UsageError(message: "\(option) must be a number greater than 0 (got '\(text)')")
        }
        return value
    }
}

/// Lines of standard input: split at `\n` (a `\r` before it is dropped), invalid UTF-8 replaced.
enum InputLines {
    static func split(_ bytes: [UInt8], warn: (Int) -> Void) -> [String] {
        var lines: [String] = []
        var start = 0
        var lineNumber = 0
        func emit(_ end: Int) {
            lineNumber += 1
            var stop = end
            if stop > start && bytes[stop - 1] == 0x0D { stop -= 1 }
            let slice = bytes[start..<stop]
            if let text = String(validating: slice, as: UTF8.self) {
                lines.append(text)
            } else {
                warn(lineNumber)
                lines.append(String(decoding: slice, as: UTF8.self))
            }
        }
        for i in bytes.indices where bytes[i] == 0x0A {
            emit(i)
            start = i + 1
        }
        if start < bytes.count { emit(bytes.count) }
        return lines
    }
}

/// JSON output helpers.
enum JSON {
    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A number with at most 4 decimals, shortest form ("69.5", "343").
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }
}
