import Foundation
import StatusLayout

/// A scripted timeline session for `feedlayout timeline`: one JSON object per line, each an
/// event with its time. Lines starting with `#` and blank lines are skipped.
struct TimelineScript {
    /// One event.
    struct Event {
        /// Where the content goes in a drag or a scroll.
        enum Target {
            case offset(Double)
            case by(Double)
            case row(Int)
            case top
            case bottom
        }

        enum Kind {
            case open(from: Int, count: Int)
            case drag(Target)
            case release
            case scroll(Target)
            case refreshData(count: Int, overlap: Int)
            case loadMoreData(count: Int, overlap: Int)
            case beginRefresh
            case endRefresh
            case tapFooter
            case offScreen
            case onScreen
            case rotate(width: Double, viewport: Double?)
            case expand(ExpandTarget, Bool)
            case memoryWarning(critical: Bool)
            case tick
        }

        /// A row by its place, or a status by its `idstr`.
        enum ExpandTarget {
            case row(Int)
            case id(String)
        }

        var kind: Kind
        /// The event's name as written.
        var name: String
        /// Seconds from the start.
        var time: Double
        /// Its line in the script.
        var line: Int
    }

    /// The events, in order.
    var events: [Event]

    /// Every event name and what it takes, for the help and the errors.
    static let eventNames = [
        "open", "drag", "release", "scroll", "refresh-data", "load-more-data", "begin-refresh", "end-refresh",
        "tap-footer", "offscreen", "onscreen", "rotate", "expand", "collapse", "memory-warning", "tick",
    ]

    /// The numbers an event may take, each with its range: what parsing checks and what its
    /// errors say ("'offset' must be a number of points from -1000000000 to 1000000000, got 1e15").
    struct NumberField {
        var key: String
        var range: ClosedRange<Double>
        var exclusiveLower = false
        /// What it must be, as an error says it.
        var what: String

        static let largestLength = OptionValues.largestWidth
        static let largest = Int(largestLength)
        static let time = NumberField(
            key: "t", range: 0...largestLength, what: "a number of seconds from 0 to \(largest)")
        static let offset = NumberField(
            key: "offset", range: -largestLength...largestLength,
            what: "a number of points from -\(largest) to \(largest)")
        static let by = NumberField(
            key: "by", range: -largestLength...largestLength, what: "a number of points from -\(largest) to \(largest)")
        static let width = NumberField(
            key: "width", range: CellStyle.automatic.minimumWidth...largestLength, exclusiveLower: true,
            what:
                "a number of points greater than \(Int(CellStyle.automatic.minimumWidth)) (twice the padding) and at most \(largest)"
        )
        static let viewport = NumberField(
            key: "viewport", range: 0...OptionValues.largestLength, exclusiveLower: true,
            what: "a number of points greater than 0 and at most \(Int(OptionValues.largestLength))")
    }

    /// The whole numbers an event may take: rows, places in the feed, counts.
    struct WholeField {
        var key: String
        var minimum: Int

        var what: String { "a whole number from \(minimum) to \(Int.max)" }

        static let row = WholeField(key: "row", minimum: 0)
        static let from = WholeField(key: "from", minimum: 0)
        /// The statuses `open` shows.
        static let shown = WholeField(key: "count", minimum: 1)
        /// The statuses a refresh or a page brings.
        static let count = WholeField(key: "count", minimum: 0)
        static let overlap = WholeField(key: "overlap", minimum: 0)
    }

    /// Every number an event may take and its range, one a line, for the help.
    static let numberFieldsHelp: String = {
        let numbers = [NumberField.time, .offset, .by, .width, .viewport].map { ("'\($0.key)'", $0.what) }
        let wholes = [
            ("'row', 'from', 'overlap'", WholeField.row.what),
            ("'count'", WholeField.count.what + " (for open, from \(WholeField.shown.minimum))"),
        ]
        return (numbers + wholes).map { key, what in
            "  " + key + String(repeating: " ", count: max(1, 24 - key.count)) + what
        }.joined(separator: "\n")
    }()

    /// One line's values, read as each event's fields ask.
    private struct Fields {
        let line: ScriptLine
        let failure: (String) -> CommandFailure

        /// A number in its field's range, nil when not given.
        func number(_ field: NumberField) throws(CommandFailure) -> Double? {
            guard let value = line[field.key] else { return nil }
            guard case .number(let text) = value, let number = Double(text), number.isFinite,
                field.exclusiveLower ? number > field.range.lowerBound : number >= field.range.lowerBound,
                number <= field.range.upperBound
            else {
                throw failure("'\(field.key)' must be \(field.what), got \(value.quoted)")
            }
            return number
        }

        /// A whole number in its field's range, nil when not given.
        func whole(_ field: WholeField) throws(CommandFailure) -> Int? {
            guard let value = line[field.key] else { return nil }
            guard case .number(let text) = value, let number = ScriptLine.exactWhole(text), number >= field.minimum
            else {
                throw failure("'\(field.key)' must be \(field.what), got \(value.quoted)")
            }
            return number
        }

        /// A string, nil when not given.
        func string(_ key: String) throws(CommandFailure) -> String? {
            guard let value = line[key] else { return nil }
            guard case .string(let text) = value else {
                throw failure("'\(key)' must be a string, got \(value.quoted)")
            }
            return text
        }
    }

    /// Parses a script.
    ///
    /// - Throws: ``CommandFailure`` naming the line and what is wrong with it.
    static func parse(_ bytes: [UInt8]) throws(CommandFailure) -> TimelineScript {
        var events: [Event] = []
        var time = 0.0
        for (index, rawLine) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
        {
            let number = index + 1
            let text = String(decoding: rawLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty || text.hasPrefix("#") { continue }
            func failure(_ message: String) -> CommandFailure {
                CommandFailure(message: "script line \(number): \(message)")
            }
            guard let line = ScriptLine(text) else { throw failure("not a JSON object (\(text.prefix(60)))") }
            let fields = Fields(line: line, failure: failure)
            guard let name = try fields.string("event") else { throw failure("no \"event\"") }
            if let t = try fields.number(.time) {
                guard t >= time else {
                    throw failure("'t' \(t) is before the previous event's \(time): time goes forward")
                }
                time = t
            } else if !events.isEmpty {
                time += 1.0 / 60  // one frame after the event before
            }
            let kind = try parseKind(name, fields, keys: line.keys, failure: failure)
            events.append(Event(kind: kind, name: name, time: time, line: number))
        }
        return TimelineScript(events: events)
    }

    private static func parseKind(
        _ name: String, _ fields: Fields, keys: Set<String>, failure: (String) -> CommandFailure
    )
        throws(CommandFailure) -> Event.Kind
    {
        func allow(_ allowed: Set<String>) throws(CommandFailure) {
            let unknown = keys.subtracting(allowed.union(["event", "t"])).sorted()
            guard unknown.isEmpty else {
                throw failure(
                    "'\(name)' takes no \(unknown.map { "'\($0)'" }.joined(separator: ", "))"
                        + (allowed.isEmpty
                            ? "" : " (it takes \(allowed.sorted().map { "'\($0)'" }.joined(separator: ", ")))"))
            }
        }
        func whole(_ field: WholeField, default fallback: Int?) throws(CommandFailure) -> Int {
            guard let value = try fields.whole(field) ?? fallback else {
                throw failure("'\(name)' needs '\(field.key)'")
            }
            return value
        }
        func target() throws(CommandFailure) -> Event.Target {
            try allow(["offset", "by", "row", "to"])
            let given = ["offset", "by", "row", "to"].filter { fields.line[$0] != nil }.count
            guard given == 1 else { throw failure("'\(name)' needs one of 'offset', 'by', 'row', 'to'") }
            if let offset = try fields.number(.offset) { return .offset(offset) }
            if let by = try fields.number(.by) { return .by(by) }
            if let row = try fields.whole(.row) { return .row(row) }
            switch try fields.string("to") {
            case "top": return .top
            case "bottom": return .bottom
            default: throw failure("'to' must be \"top\" or \"bottom\"")
            }
        }
        switch name {
        case "open":
            try allow(["from", "count"])
            return .open(from: try whole(.from, default: 0), count: try whole(.shown, default: 20))
        case "drag": return .drag(try target())
        case "scroll": return .scroll(try target())
        case "release", "begin-refresh", "end-refresh", "tap-footer", "offscreen", "onscreen", "tick":
            try allow([])
            switch name {
            case "release": return .release
            case "begin-refresh": return .beginRefresh
            case "end-refresh": return .endRefresh
            case "tap-footer": return .tapFooter
            case "offscreen": return .offScreen
            case "onscreen": return .onScreen
            default: return .tick
            }
        case "refresh-data", "load-more-data":
            try allow(["count", "overlap"])
            let count = try whole(.count, default: nil)
            let overlap = try whole(.overlap, default: 0)
            return name == "refresh-data"
                ? .refreshData(count: count, overlap: overlap) : .loadMoreData(count: count, overlap: overlap)
        case "rotate":
            try allow(["width", "viewport"])
            guard let width = try fields.number(.width) else { throw failure("'rotate' needs 'width'") }
            return .rotate(width: width, viewport: try fields.number(.viewport))
        case "expand", "collapse":
            try allow(["row", "id"])
            switch (try fields.whole(.row), try fields.string("id")) {
            case (let row?, nil):
                return .expand(.row(row), name == "expand")
            case (nil, let id?): return .expand(.id(id), name == "expand")
            default: throw failure("'\(name)' needs one of 'row', 'id'")
            }
        case "memory-warning":
            try allow(["level"])
            switch try fields.string("level") ?? "warning" {
            case "warning": return .memoryWarning(critical: false)
            case "critical": return .memoryWarning(critical: true)
            default: throw failure("'level' must be \"warning\" or \"critical\"")
            }
        default:
            throw failure("unknown event '\(name)' (one of: \(eventNames.joined(separator: ", ")))")
        }
    }
}
