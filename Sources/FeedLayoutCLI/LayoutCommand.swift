import Foundation
import StatusLayout
import TextLayout

/// `feedlayout layout`: the frame of every element of one status's cell, for debugging.
enum LayoutCommand {
    static let help = """
        OVERVIEW: Print the full cell layout of one status: every frame, line counts, entities.

        USAGE: feedlayout layout [options] [FILE|-]

        ARGUMENTS:
          FILE                    The statuses, as for 'feedlayout heights' (default, or -: standard input).

        OPTIONS:
          --index <n>             Lay out the n-th status of the input. (default: 1)
          --width <points>        Cell width in points. (default: 375)
          --scale <n>             Screen scale (1, 2, 3). (default: 2)
          --max-lines <n>         Collapse texts longer than n lines with "…全文".
        \(EngineOptions.help)
          -h, --help              Show help information.

        Frames are [x, y, width, height] in points from the cell's top-left; entity ranges are
        UTF-8 byte offsets in the rich text.

        """

    static func run(arguments: [String], io: CommandLineTool.IO) -> Int32 {
        let usage = "Usage: feedlayout layout [options] [FILE|-]\n  See 'feedlayout layout --help'.\n"
        do {
            guard let (options, scanner) = try CellOptions.parse(arguments, extraValued: ["--index"]) else {
                io.output(help)
                return CommandLineTool.ExitStatus.success
            }
            var index = 1
            if let text = scanner.value("--index") {
                index = try OptionValues.whole(text, option: "--index", in: 1...Int.max, what: "a whole number from 1")
            }
            let fonts = EngineOptions(scanner)
            try fonts.checkUsage()
            let source = try CommandInput.open(scanner.positionals, io: io)
            guard let found = try find(index: index, in: source, stop: io.stop) else {
                io.errors("Error: the input has fewer than \(index) status(es); there is no status \(index)\n")
                return CommandLineTool.ExitStatus.failure
            }
            let status: Status
            switch found.result {
            case .success(let decoded): status = decoded
            case .failure(let error):
                io.errors("Error: status \(index) (line \(found.line)) cannot be decoded: \(error.message)\n")
                return CommandLineTool.ExitStatus.failure
            }
            let engine = try fonts.checkedEngine()
            let cell = CellLayouter(measurer: engine, style: options.style).layout(status, width: options.width, scale: options.scale)
            try io.standardOutput.write(describe(cell, width: options.width, scale: options.scale))
            return CommandLineTool.ExitStatus.success
        } catch let error as UsageError {
            io.errors("Error: \(error.message)\n" + usage)
            return CommandLineTool.ExitStatus.usage
        } catch {
            io.errors("Error: \(error)\n")
            return CommandLineTool.ExitStatus.failure
        }
    }

    /// Reads `source` up to its `index`-th status (reading stops there) and decodes it.
    static func find(index: Int, in source: InputSource, stop: StopSignal?) throws(IOFailure) -> DecodedStatus? {
        let splitter = StatusSplitter()
        let decoder = StatusDecoder()
        var found: DecodedStatus?
        let look: (StatusSplitter.Item) -> Void = { item in
            guard found == nil else { return }
            switch item {
            case .element(let element) where element.index == index: found = decoder.decode(element)
            case .error(let error) where error.index == index: found = error
            default: break
            }
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: StreamingRun.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while found == nil {
            guard let count = try source.read(into: buffer, stop: stop), count > 0 else {
                splitter.finish(look)
                break
            }
            splitter.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count]), look)
        }
        return found
    }

    static func describe(_ cell: CellLayout, width: Double, scale: Double) -> String {
        func rect(_ r: CellRect?) -> String {
            guard let r else { return "null" }
            return "[\(JSON.number(r.x)), \(JSON.number(r.y)), \(JSON.number(r.width)), \(JSON.number(r.height))]"
        }
        func rects(_ list: [CellRect]) -> String { "[" + list.map { rect($0) }.joined(separator: ", ") + "]" }
        func entities(_ rich: RichText?) -> String {
            guard let rich else { return "[]" }
            return "[" + rich.entities.map { entity in
                let (kind, value): (String, String)
                switch entity.kind {
                case .mention(let name): (kind, value) = ("mention", name)
                case .topic(let topic): (kind, value) = ("topic", topic)
                case .link(let url): (kind, value) = ("link", url)
                case .emoticon(let name): (kind, value) = ("emoticon", name)
                }
                return "{\"kind\": \"\(kind)\", \"value\": \(JSON.string(value)), \"range\": [\(entity.range.lowerBound), \(entity.range.upperBound)]}"
            }.joined(separator: ", ") + "]"
        }
        return """
            {
              "id": "\(cell.statusID)",
              "kind": "\(cell.kind.rawValue)",
              "width": \(JSON.number(width)),
              "scale": \(JSON.number(scale)),
              "height": \(JSON.number(cell.height)),
              "expandedHeight": \(JSON.number(cell.expandedHeight)),
              "avatar": \(rect(cell.avatar)),
              "name": \(rect(cell.name)),
              "source": \(rect(cell.source)),
              "text": \(rect(cell.text)),
              "textLines": \(cell.textLines),
              "fullTextLines": \(cell.fullTextLines),
              "richText": \(JSON.string(cell.richText.text.string)),
              "entities": \(entities(cell.richText)),
              "pictures": \(rects(cell.pictures)),
              "retweetBlock": \(rect(cell.retweetBlock)),
              "retweetText": \(rect(cell.retweetText)),
              "retweetTextLines": \(cell.retweetTextLines),
              "retweetRichText": \(cell.retweetRichText.map { JSON.string($0.text.string) } ?? "null"),
              "retweetEntities": \(entities(cell.retweetRichText)),
              "retweetPictures": \(rects(cell.retweetPictures)),
              "toolbar": \(rect(cell.toolbar))
            }

            """
    }
}
