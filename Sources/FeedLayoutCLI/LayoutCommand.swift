import Foundation
import StatusLayout
import TextLayout

/// `feedlayout layout`: the frame of every element of one status's cell, for debugging.
enum LayoutCommand {
    static let help = """
        OVERVIEW: Print the full cell layout of one status: every frame, line counts, entities.

        Reads statuses as 'feedlayout heights' does, up to the one asked for (by its place or
        its ID; reading stops there), and prints its cell as one line of JSON: every frame, the
        line counts, the rich text and its entities; when its text is collapsed (--max-lines),
        the text as shown ("collapsedText", ending in the token) and where it was cut ("cut").

        USAGE: feedlayout layout [options] [FILE|-]

        ARGUMENTS:
          FILE                    The statuses, as for 'feedlayout heights' (default, or -:
                                  standard input).

        OPTIONS:
          --index <n>             Lay out the n-th status of the input. (default: 1)
          --id <id>               Lay out the first status with this ID (not with --index).
        \(OptionValues.cellWidthHelp)
        \(OptionValues.scaleHelp)
        \(OptionValues.cellMaxLinesHelp)
          --pretty                One field a line, indented, instead of one line.
        \(OptionValues.formatHelp)
        \(OptionValues.nowHelp)
        \(OptionValues.offsetsHelp)
        \(EngineOptions.help)
        \(OptionValues.quietHelp)
          --version               Show the version.
          -h, --help              Show help information.

        Frames are [x, y, width, height] in points from the cell's top-left; entity ranges and
        cuts are offsets in the rich text, in Unicode scalars unless --offsets says otherwise. "blocks" lists the cell's blocks in order
        (title, profile, text, retweet, pictures, card, tag, toolbar), each with its frame, its
        texts (role, frame, lines shown and in full, font size), its images and the blocks inside
        it; a card also gives its text rect.

        EXIT STATUS: 0 success, 1 failure (no such status, a status that cannot be decoded, a
        font, the input or the output), 64 bad usage, 130 or 143 stopped by SIGINT or SIGTERM.

        """

    static let usage = "Usage: feedlayout layout [options] [FILE|-]\n  See 'feedlayout layout --help'.\n"

    /// Which status to lay out.
    enum Wanted {
        case index(Int)
        case id(StatusID)
    }

    static func run(arguments: [String], io: CommandLineTool.IO) -> Int32 {
        do {
            guard
                let (options, scanner) = try CellOptions.parse(
                    arguments, extraValued: ["--index", "--id", "--now", "--offsets"], extraFlags: ["--pretty"])
            else {
                io.output(help)
                return CommandLineTool.ExitStatus.success
            }
            if CommandLineTool.answersVersion(scanner, io: io) { return CommandLineTool.ExitStatus.success }
            let wanted = try Self.wanted(scanner)
            let offsets = try OptionValues.offsets(scanner.value("--offsets"))
            let fonts = EngineOptions(scanner)
            try fonts.checkUsage()
            let source = try CommandInput.open(scanner.positionals, io: io)
            io.stop?.listenToSignals()
            guard let found = try find(wanted, in: source, decoder: options.decoder, stop: io.stop) else {
                if let signal = io.stop?.signal, signal != 0 { return 128 + signal }
                switch wanted {
                case .index(let index):
                    io.errors("Error: the input has fewer than \(index) status(es); there is no status \(index)\n")
                case .id(let id):
                    io.errors("Error: no status of the input has the ID \(id)\n")
                }
                return CommandLineTool.ExitStatus.failure
            }
            let status: Status
            switch found.result {
            case .success(let decoded): status = decoded
            case .failure(let error):
                io.errors("Error: status \(found.index) (line \(found.line)) cannot be decoded: \(error.message)\n")
                return CommandLineTool.ExitStatus.failure
            }
            var failed = CommandLineTool.ExitStatus.failure
            guard let engine = fonts.engine(io: io, usage: usage, exitStatus: &failed) else { return failed }
            let now = try scanner.value("--now").map { text throws(UsageError) in try OptionValues.moment(text) }
            let layouter = CellLayouter(
                measurer: MissingGlyphsNotingMeasurer(engine: engine), style: options.style, now: now)
            let cell = layouter.layout(status, width: options.width, scale: options.scale)
            let warnings =
                found.warningText
                + (layouter.measurer.takeWarning(for: "status \(found.index) (line \(found.line))") ?? "")
            if !warnings.isEmpty { io.errors(warnings) }
            try io.standardOutput.write(
                describe(
                    cell, engine: engine, width: options.width, scale: options.scale,
                    pretty: scanner.has("--pretty"), offsets: offsets))
            return CommandLineTool.ExitStatus.success
        } catch {
            return CommandLineTool.exitStatus(reporting: error, usage: usage, io: io)
        }
    }

    /// `--index` or `--id`, not both.
    static func wanted(_ scanner: ArgumentScanner) throws(UsageError) -> Wanted {
        switch (scanner.value("--index"), scanner.value("--id")) {
        case (.some, .some):
            throw UsageError(message: "--index and --id cannot be used together")
        case (.some(let text), nil):
            return .index(
                try OptionValues.whole(text, option: "--index", in: 1...Int.max, what: "a whole number greater than 0"))
        case (nil, .some(let text)):
            guard let id = StatusID(text) else {
                throw UsageError(message: "--id must be a status ID (a decimal 64-bit integer), got '\(text)'")
            }
            return .id(id)
        case (nil, nil):
            return .index(1)
        }
    }

    /// Reads `source` up to the status wanted (reading stops there) and decodes it.
    static func find(_ wanted: Wanted, in source: InputSource, decoder: StatusDecoder, stop: StopSignal?)
        throws(IOFailure) -> DecodedStatus?
    {
        let splitter = StatusSplitter()
        var found: DecodedStatus?
        let look: (StatusSplitter.Item) -> Void = { item in
            guard found == nil else { return }
            switch (item, wanted) {
            case (.element(let element), .index(let index)) where element.index == index:
                found = decoder.decode(element)
            case (.error(let error), .index(let index)) where error.index == index: found = error
            case (.element(let element), .id(let id)):
                let decoded = decoder.decode(element)
                if case .success(let status) = decoded.result, status.id == id { found = decoded }
            default: break
            }
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: StreamingRun.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while found == nil {
            guard let count = try source.read(into: buffer, stop: stop) else { return nil }  // stopped
            guard count > 0 else {
                splitter.finish(look)
                break
            }
            splitter.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count]), look)
        }
        return found
    }

    /// A collapsed text as shown: the rich text cut where the last line shown ends, then the
    /// truncation token, laid out exactly as the cell measured it; nil when shown whole.
    static func collapsed(_ text: CellText?, engine: TextEngine) -> (shown: String, cut: Int)? {
        guard let text, text.isTruncated, let token = text.truncationToken else { return nil }
        let layout = engine.prepare(text.richText.text, style: text.textStyle)
            .layout(width: text.frame.width, maxLines: text.maxLines, truncationToken: AttributedText(token))
        guard let last = layout.lines.last, last.isTruncated else { return nil }
        let cut = last.range.upperBound
        return (String(decoding: text.richText.text.string.utf8.prefix(cut), as: UTF8.self) + token, cut)
    }

    static func describe(
        _ cell: CellLayout, engine: TextEngine, width: Double, scale: Double, pretty: Bool,
        offsets: TextOffsetUnit = .scalars
    ) -> String {
        func rect(_ r: CellRect?) -> String {
            guard let r else { return "null" }
            return "[\(JSON.number(r.x)), \(JSON.number(r.y)), \(JSON.number(r.width)), \(JSON.number(r.height))]"
        }
        func rects(_ list: [CellRect]) -> String { "[" + list.map { rect($0) }.joined(separator: ", ") + "]" }
        func entities(_ rich: RichText?) -> String {
            guard let rich else { return "[]" }
            return "["
                + rich.entities.map { entity in
                    let (kind, value): (String, String)
                    switch entity.kind {
                    case .mention(let name): (kind, value) = ("mention", name)
                    case .topic(let topic): (kind, value) = ("topic", topic)
                    case .link(let url): (kind, value) = ("link", url)
                    case .emoticon(let name): (kind, value) = ("emoticon", name)
                    case .cashtag(let symbol): (kind, value) = ("cashtag", symbol)
                    }
                    let range = offsets.range(ofUTF8Range: entity.range, in: rich.text.string)
                    return
                        "{\"kind\": \"\(kind)\", \"value\": \(JSON.string(value)), \"range\": [\(range.lowerBound), \(range.upperBound)]}"
                }.joined(separator: ", ") + "]"
        }
        func text(_ text: CellText) -> String {
            "{\"role\": \"\(text.role.rawValue)\", \"frame\": \(rect(text.frame)), \"lines\": \(text.lines), "
                + "\"fullLines\": \(text.fullLines), \"fontSize\": \(JSON.number(text.fontSize)), \"text\": \(JSON.string(text.richText.text.string))}"
        }
        func image(_ image: CellImage) -> String {
            "{\"role\": \"\(image.role.rawValue)\", \"frame\": \(rect(image.frame))"
                + (image.role == .picture || image.role == .video ? ", \"index\": \(image.index)" : "") + "}"
        }
        func describe(_ block: CellBlock) -> String {
            var fields = ["\"kind\": \"\(block.kind.rawValue)\"", "\"frame\": \(rect(block.frame))"]
            if !block.texts.isEmpty {
                fields.append("\"texts\": [" + block.texts.map(text).joined(separator: ", ") + "]")
            }
            if !block.images.isEmpty {
                fields.append("\"images\": [" + block.images.map(image).joined(separator: ", ") + "]")
            }
            if block.kind == .card, let first = block.texts.first {
                // YYKit's cardTextRect: where the card's text may go (the card's height).
                fields.append(
                    "\"textRect\": "
                        + rect(
                            CellRect(
                                x: first.frame.x, y: block.frame.y, width: first.frame.width,
                                height: block.frame.height)))
            }
            if !block.children.isEmpty {
                fields.append("\"children\": [" + block.children.map(describe).joined(separator: ", ") + "]")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let collapsedText = collapsed(cell.bodyText, engine: engine)
        let collapsedRetweet = collapsed(cell.retweetBodyText, engine: engine)
        let fields: [(String, String)] = [
            ("id", "\"\(cell.statusID)\""),
            ("kind", "\"\(cell.kind.rawValue)\""),
            ("network", "\"\(cell.network.rawValue)\""),
            ("width", JSON.number(width)),
            ("scale", JSON.number(scale)),
            ("height", JSON.number(cell.height)),
            ("expandedHeight", JSON.number(cell.expandedHeight)),
            ("avatar", rect(cell.avatar)),
            ("name", rect(cell.name)),
            ("source", rect(cell.source)),
            ("text", rect(cell.text)),
            ("textLines", "\(cell.textLines)"),
            ("fullTextLines", "\(cell.fullTextLines)"),
            ("richText", JSON.string(cell.richText.text.string)),
            ("collapsedText", collapsedText.map { JSON.string($0.shown) } ?? "null"),
            (
                "cut",
                collapsedText.map { "\(offsets.offset(ofUTF8Offset: $0.cut, in: cell.richText.text.string))" } ?? "null"
            ),
            ("entities", entities(cell.richText)),
            ("pictures", rects(cell.pictures)),
            ("retweetBlock", rect(cell.retweetBlock)),
            ("retweetText", rect(cell.retweetText)),
            ("retweetTextLines", "\(cell.retweetTextLines)"),
            ("fullRetweetTextLines", "\(cell.fullRetweetTextLines)"),
            ("retweetRichText", cell.retweetRichText.map { JSON.string($0.text.string) } ?? "null"),
            ("retweetCollapsedText", collapsedRetweet.map { JSON.string($0.shown) } ?? "null"),
            (
                "retweetCut",
                collapsedRetweet.map { cut in
                    "\(offsets.offset(ofUTF8Offset: cut.cut, in: cell.retweetRichText?.text.string ?? ""))"
                } ?? "null"
            ),
            ("retweetEntities", entities(cell.retweetRichText)),
            ("retweetPictures", rects(cell.retweetPictures)),
            ("toolbar", rect(cell.toolbar)),
            ("blocks", "[" + cell.blocks.map(describe).joined(separator: ", ") + "]"),
        ]
        if pretty {
            return "{\n" + fields.map { "  \"\($0)\": \($1)" }.joined(separator: ",\n") + "\n}\n"
        }
        return "{" + fields.map { "\"\($0)\": \($1)" }.joined(separator: ", ") + "}\n"
    }
}
