import StatusLayout
import TextLayout

/// `fuzz-status`: arbitrary bytes decoded as statuses and every decoded status laid out in a
/// cell, with the width, scale and style from the input's first three bytes.
///
/// | byte | parameter |
/// | --- | --- |
/// | 0 | width: below 16, a narrow 25–70 points (only heights are checked there: the profile row alone needs 78); else 78 + 4 × (n − 16) |
/// | 1 | scale: 1 + (n % 13) / 4 (1 to 4) |
/// | 2 | max text lines: none when the low nibble is 0, else the low nibble; font scale 0.5 + (n >> 4) / 8 |
public enum StatusFuzzer {
    /// The narrowest cell whose profile row fits: padding, avatar, space, padding.
    public static func minimumCellWidth(_ style: CellStyle) -> Double {
        2 * style.weiboCell.padding + style.weiboCell.avatarSide + style.weiboCell.nameLeading
    }

    /// The parameters of one input and the status bytes.
    public static func decode(_ bytes: [UInt8]) -> (width: Double, scale: Double, style: CellStyle, statuses: [UInt8]) {
        var input = FuzzInput(bytes)
        let w = input.byte()
        let width = w < 16 ? 25 + 3 * Double(w) : 78 + 4 * Double(w - 16)
        let scale = 1 + Double(input.byte() % 13) / 4
        let s = input.byte()
        var style = CellStyle.weibo
        style.maxTextLines = s & 0x0F == 0 ? nil : Int(s & 0x0F)
        style.fontScale = 0.5 + Double(s >> 4) / 8
        return (width, scale, style, Array(input.rest))
    }

    /// Decodes and lays out the input; returns the broken invariants (none: empty).
    public static func run(_ bytes: [UInt8]) -> [String] {
        let (width, scale, style, input) = decode(bytes)
        var violations: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition {
                violations.append(
                    message()
                        + " [width \(width), scale \(scale), maxTextLines \(style.maxTextLines.map(String.init) ?? "nil"), fontScale \(style.fontScale)]"
                )
            }
        }
        let decoder = StatusDecoder()
        let decoded = decoder.decodeAll(input)

        // Every input answered in order: indices 1, 2, 3…, lines never going back.
        expect(
            decoded.map(\.index) == Array(1..<decoded.count + 1),
            "indices \(decoded.map(\.index).prefix(20)) are not 1, 2, 3, …")
        expect(
            zip(decoded, decoded.dropFirst()).allSatisfy { $0.line <= $1.line },
            "lines \(decoded.map(\.line).prefix(20)) go back")
        // Each chunk split gives the same answers (the split is drawn from the input itself).
        if input.count > 1 {
            let cut = Int(input[input.count / 2]) % input.count
            let splitter = StatusSplitter()
            var pieces: [Result<Status, StatusDecodingError>] = []
            let take: (StatusSplitter.Item) -> Void = { item in
                switch item {
                case .element(let element): pieces.append(decoder.decode(element).result)
                case .error(let error): pieces.append(error.result)
                }
            }
            input[..<cut].withUnsafeBytes { splitter.feed($0, take) }
            input[cut...].withUnsafeBytes { splitter.feed($0, take) }
            splitter.finish(take)
            expect(pieces == decoded.map(\.result), "split at \(cut): the answers differ")
        }

        let layouter = CellLayouter(measurer: FuzzEnvironment.engine, style: style)
        let checkFrames = width >= minimumCellWidth(style)
        for answer in decoded {
            guard case .success(let status) = answer.result else { continue }
            let cell = layouter.layout(status, width: width, scale: scale)
            let id = "status \(status.id) (line \(answer.line), index \(answer.index))"
            expect(cell.height.isFinite && cell.height > 0, "\(id): height \(cell.height)")
            expect(
                cell.expandedHeight.isFinite && cell.expandedHeight >= cell.height,
                "\(id): expanded height \(cell.expandedHeight) below height \(cell.height)")
            let pixels = cell.height * scale
            expect(
                abs(pixels - pixels.rounded()) < 1e-6,
                "\(id): height \(cell.height) is off the pixel grid of scale \(scale)")
            expect(cell.kind == (status.isRetweet ? .retweet : .original), "\(id): kind \(cell.kind)")
            if let maxLines = style.maxTextLines {
                expect(
                    cell.textLines <= maxLines && cell.retweetTextLines <= maxLines,
                    "\(id): \(cell.textLines) and \(cell.retweetTextLines) lines shown, max \(maxLines)")
            }
            expect(
                cell.fullTextLines >= cell.textLines && cell.fullRetweetTextLines >= cell.retweetTextLines,
                "\(id): more lines shown than in full")
            // A retweet's own pictures show only when the retweet block is empty (YYKit's order).
            let retweetShown = (cell.retweetBlock?.height ?? 0) > 0
            expect(
                cell.pictures.count == (retweetShown ? 0 : min(status.pictures.count, style.weiboCell.maxPictures)),
                "\(id): \(cell.pictures.count) picture frames for \(status.pictures.count) pictures")
            for (name, entities, text) in [
                ("text", cell.richText.entities, cell.richText.text.string),
                ("retweet text", cell.retweetRichText?.entities ?? [], cell.retweetRichText?.text.string ?? ""),
            ] {
                var end = 0
                for entity in entities {
                    expect(
                        entity.range.lowerBound >= end && entity.range.upperBound <= text.utf8.count,
                        "\(id): \(name) entity \(entity) out of order or outside the text")
                    end = entity.range.upperBound
                }
            }
            if checkFrames {
                let slack = 1 / scale + 1e-9
                let frames: [(String, CellRect)] =
                    [
                        ("avatar", cell.avatar), ("name", cell.name), ("source", cell.source),
                        ("text", cell.text), ("toolbar", cell.toolbar),
                    ]
                    + cell.pictures.map { ("picture", $0) } + cell.retweetPictures.map { ("retweet picture", $0) }
                    + [cell.retweetBlock.map { ("retweet block", $0) }, cell.retweetText.map { ("retweet text", $0) }]
                    .compactMap { $0 }
                    + Self.allFrames(cell.blocks)
                for (name, frame) in frames {
                    let values = [frame.x, frame.y, frame.width, frame.height]
                    expect(
                        values.allSatisfy(\.isFinite) && frame.width >= 0 && frame.height >= 0,
                        "\(id): \(name) frame \(frame) is not a finite rectangle")
                    expect(
                        frame.x >= -slack && frame.y >= -slack && frame.x + frame.width <= width + slack
                            && frame.maxY <= cell.height + slack,
                        "\(id): \(name) frame \(frame) is outside the cell \(width) × \(cell.height)")
                }
            }
            expect(layouter.layout(status, width: width, scale: scale) == cell, "\(id): laying out twice differs")
            let heights = layouter.heights(of: status, width: width, scale: scale)
            expect(
                heights == (cell.height, cell.expandedHeight),
                "\(id): heights(of:) gives \(heights), layout gives \((cell.height, cell.expandedHeight))")
        }
        return violations
    }

    /// Every frame of the blocks (blocks, texts, images), recursively, named by the block's kind.
    static func allFrames(_ blocks: [CellBlock]) -> [(String, CellRect)] {
        var frames: [(String, CellRect)] = []
        for block in blocks {
            let kind = block.kind.rawValue
            frames.append((kind + " block", block.frame))
            for text in block.texts { frames.append((kind + " " + text.role.rawValue + " text", text.frame)) }
            for image in block.images { frames.append((kind + " " + image.role.rawValue, image.frame)) }
            frames += allFrames(block.children)
        }
        return frames
    }
}
