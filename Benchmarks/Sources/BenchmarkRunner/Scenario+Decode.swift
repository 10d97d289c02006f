import BenchmarkSupport
import Foundation
import StatusLayout

extension Scenario {
    /// One line of JSON Lines to a `Status`: what `feedlayout heights` does before laying a
    /// status out.
    public static let decode = Scenario(
        "decode",
        operation:
            "StatusDecoder().decode(line) of one line of Corpus/statuses.jsonl (the next each time; 5,000, 200 with --quick) to a Status: simdjson's parse, every field read and checked, the strings and pictures made"
    ) { context in
        let lines = try context.statusLines()
        let decoder = StatusDecoder()
        var next = 0
        return ClosureWorkload { count in
            for _ in 0..<count {
                lines[next].withUnsafeBytes { blackHole(decoder.decode($0, line: next + 1, index: next + 1)) }
                next = next + 1 == lines.count ? 0 : next + 1
            }
        }
    }
}

extension Scenario {
    /// The same statuses as m.weibo.cn sends them: the HTML text read with libxml2.
    public static let decodeMobile = Scenario(
        "decode-mobile",
        operation:
            "StatusDecoder().decode of one m.weibo.cn mblog (Corpus/statuses.jsonl rewritten by WebShapes: HTML text with links, topics, mentions and emoticon images, pics with sizes under geo, counts as strings), as found in a data.cards response"
    ) { context in
        try webWorkload(context.statusLines().map(WebShapes.mobile))
    }

    /// The same statuses as weibo.com's ajax API sends them: text_raw beside an HTML text.
    public static let decodePC = Scenario(
        "decode-pc",
        operation:
            "StatusDecoder().decode of one weibo.com ajax list element (Corpus/statuses.jsonl rewritten by WebShapes: text_raw beside an HTML text, pic_ids with pic_infos of six variants, region_name), as found in a data.list response"
    ) { context in
        try webWorkload(context.statusLines().map(WebShapes.pc))
    }

    /// The same statuses as Twitter's API v1.1 sends them (tweet_mode=extended).
    public static let decodeTwitter = Scenario(
        "decode-twitter",
        operation:
            "StatusDecoder().decode of one Twitter API v1.1 tweet (Corpus/statuses.jsonl rewritten by NetworkShapes: full_text with display_text_range, mentions, hashtags and t.co URLs by code-point indices, photos in extended_entities.media, retweets nested), as found in a home_timeline array"
    ) { context in
        try webWorkload(context.statusLines().map(NetworkShapes.twitter), source: .plain, network: .twitter)
    }

    /// The same statuses as Mastodon sends them: the HTML content read with libxml2.
    public static let decodeMastodon = Scenario(
        "decode-mastodon",
        operation:
            "StatusDecoder().decode of one Mastodon Status (Corpus/statuses.jsonl rewritten by NetworkShapes: content HTML with h-card mentions, hashtag links and links with invisible spans, media_attachments with meta.original, reblogs), as found in a timeline array"
    ) { context in
        try webWorkload(context.statusLines().map(NetworkShapes.mastodon), source: .plain, network: .mastodon)
    }

    /// Decodes the next status each time, as the framer hands it out from a response; each is
    /// checked first to decode, as `network`'s, without warnings.
    static func webWorkload(_ lines: [[UInt8]], source: StatusElement.Source = .webAPI, network: StatusNetwork = .weibo)
        throws -> ClosureWorkload
    {
        let decoder = StatusDecoder()
        for (index, line) in lines.enumerated() {
            let decoded = line.withUnsafeBytes {
                decoder.decode(StatusElement(bytes: $0, index: index + 1, source: source))
            }
            let status: Status
            do { status = try decoded.result.get() } catch { throw BenchmarkError("status \(index + 1): \(error)") }
            guard status.network == network, status.warnings.isEmpty else {
                throw BenchmarkError("status \(index + 1): read as \(status.network) with warnings \(status.warnings)")
            }
        }
        var next = 0
        return ClosureWorkload { count in
            for _ in 0..<count {
                lines[next].withUnsafeBytes {
                    blackHole(decoder.decode(StatusElement(bytes: $0, line: next + 1, index: next + 1, source: source)))
                }
                next = next + 1 == lines.count ? 0 : next + 1
            }
        }
    }
}

extension ScenarioContext {
    /// The lines of `Corpus/statuses.jsonl` as bytes, each checked to decode: all 5,000, or the
    /// first ``quickStatusCount`` in a `--quick` run.
    ///
    /// - Throws: ``BenchmarkError`` when the file cannot be read or a line does not decode.
    public func statusLines() throws -> [[UInt8]] {
        let path = BenchmarkPaths.corpusFile("statuses.jsonl")
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchmarkError("cannot read \(path)") }
        let lines = data.split(separator: UInt8(ascii: "\n")).prefix(isQuick ? Self.quickStatusCount : Int.max).map {
            Array($0)
        }
        for (index, line) in lines.enumerated() {
            if case .failure(let error) = StatusDecoder().decode(line).result {
                throw BenchmarkError("\(path):\(index + 1): \(error)")
            }
        }
        guard lines.count >= 2 else { throw BenchmarkError("\(path) needs at least 2 statuses, it has \(lines.count)") }
        return lines
    }
}
