import Foundation

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
    static let eventNames = ["open", "drag", "release", "scroll", "refresh-data", "load-more-data", "begin-refresh", "end-refresh",
                             "tap-footer", "offscreen", "onscreen", "rotate", "expand", "collapse", "memory-warning", "tick"]

    /// The fields of one line (every one optional; each event says which it needs).
    private struct Fields: Decodable {
        var event: String?
        var t: Double?
        var offset: Double?
        var by: Double?
        var row: Int?
        var to: String?
        var from: Int?
        var count: Int?
        var overlap: Int?
        var width: Double?
        var viewport: Double?
        var id: String?
        var level: String?
    }

    /// Accepts any JSON value: the keys of a line are read with it to reject unknown ones.
    private struct AnyValue: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Parses a script.
    ///
    /// - Throws: ``CommandFailure`` naming the line and what is wrong with it.
    static func parse(_ bytes: [UInt8]) throws(CommandFailure) -> TimelineScript {
        let decoder = JSONDecoder()
        var events: [Event] = []
        var time = 0.0
        for (index, rawLine) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let text = String(decoding: rawLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty || text.hasPrefix("#") { continue }
            func failure(_ message: String) -> CommandFailure { CommandFailure(message: "script line \(number): \(message)") }
            let fields: Fields
            let keys: [String: AnyValue]
            do {
                keys = try decoder.decode([String: AnyValue].self, from: Data(text.utf8))
                fields = try decoder.decode(Fields.self, from: Data(text.utf8))
            } catch let DecodingError.typeMismatch(type, context) where !context.codingPath.isEmpty {
                let key = context.codingPath.last!.stringValue
                throw failure("'\(key)' must be \(type == String.self ? "a string" : type == Int.self ? "a whole number" : "a number")")
            } catch let DecodingError.valueNotFound(type, context) where !context.codingPath.isEmpty {
                let key = context.codingPath.last?.stringValue ?? "the line"
                throw failure("'\(key)' must be \(type == String.self ? "a string" : type == Int.self ? "a whole number" : "a number")")
            } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
                throw failure("'\(context.codingPath.last!.stringValue)': \(context.debugDescription)")
            } catch {
                throw failure("not a JSON object (\(text.prefix(60)))")
            }
            guard let name = fields.event else { throw failure("no \"event\"") }
            if let t = fields.t {
                guard t.isFinite, t >= 0 else { throw failure("'t' must be a number of seconds ≥ 0") }
                guard t >= time else { throw failure("'t' \(t) is before the previous event's \(time): time goes forward") }
                time = t
            } else if !events.isEmpty {
                time += 1.0 / 60  // one frame after the event before
            }
            let kind = try parseKind(name, fields, keys: Set(keys.keys), failure: failure)
            events.append(Event(kind: kind, name: name, time: time, line: number))
        }
        return TimelineScript(events: events)
    }

    private static func parseKind(_ name: String, _ fields: Fields, keys: Set<String>, failure: (String) -> CommandFailure)
        throws(CommandFailure) -> Event.Kind
    {
        func allow(_ allowed: Set<String>) throws(CommandFailure) {
            let unknown = keys.subtracting(allowed.union(["event", "t"])).sorted()
            guard unknown.isEmpty else {
                throw failure("'\(name)' takes no \(unknown.map { "'\($0)'" }.joined(separator: ", "))"
                              + (allowed.isEmpty ? "" : " (it takes \(allowed.sorted().map { "'\($0)'" }.joined(separator: ", ")))"))
            }
        }
        func finite(_ value: Double?, _ key: String) throws(CommandFailure) -> Double? {
            guard let value else { return nil }
            guard value.isFinite, value.magnitude <= 1e9 else { throw failure("'\(key)' must be a finite number of points") }
            return value
        }
        func whole(_ value: Int?, _ key: String, default fallback: Int?, minimum: Int) throws(CommandFailure) -> Int {
            guard let value = value ?? fallback else { throw failure("'\(name)' needs '\(key)'") }
            guard value >= minimum else { throw failure("'\(key)' must be \(minimum) or more") }
            return value
        }
        func target() throws(CommandFailure) -> Event.Target {
            try allow(["offset", "by", "row", "to"])
            let given = [fields.offset != nil, fields.by != nil, fields.row != nil, fields.to != nil].filter { $0 }.count
            guard given == 1 else { throw failure("'\(name)' needs one of 'offset', 'by', 'row', 'to'") }
            if let offset = try finite(fields.offset, "offset") { return .offset(offset) }
            if let by = try finite(fields.by, "by") { return .by(by) }
            if let row = fields.row {
                guard row >= 0 else { throw failure("'row' must be 0 or more") }
                return .row(row)
            }
            switch fields.to {
            case "top": return .top
            case "bottom": return .bottom
            default: throw failure("'to' must be \"top\" or \"bottom\"")
            }
        }
        switch name {
        case "open":
            try allow(["from", "count"])
            return .open(from: try whole(fields.from, "from", default: 0, minimum: 0), count: try whole(fields.count, "count", default: 20, minimum: 1))
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
            let count = try whole(fields.count, "count", default: nil, minimum: 0)
            let overlap = try whole(fields.overlap, "overlap", default: 0, minimum: 0)
            return name == "refresh-data" ? .refreshData(count: count, overlap: overlap) : .loadMoreData(count: count, overlap: overlap)
        case "rotate":
            try allow(["width", "viewport"])
            guard let width = try finite(fields.width, "width") else { throw failure("'rotate' needs 'width'") }
            guard width > 24 else { throw failure("'width' must be more than 24 points (twice the padding)") }
            let viewport = try finite(fields.viewport, "viewport")
            if let viewport, viewport <= 0 { throw failure("'viewport' must be more than 0 points") }
            return .rotate(width: width, viewport: viewport)
        case "expand", "collapse":
            try allow(["row", "id"])
            switch (fields.row, fields.id) {
            case (let row?, nil):
                guard row >= 0 else { throw failure("'row' must be 0 or more") }
                return .expand(.row(row), name == "expand")
            case (nil, let id?): return .expand(.id(id), name == "expand")
            default: throw failure("'\(name)' needs one of 'row', 'id'")
            }
        case "memory-warning":
            try allow(["level"])
            switch fields.level ?? "warning" {
            case "warning": return .memoryWarning(critical: false)
            case "critical": return .memoryWarning(critical: true)
            default: throw failure("'level' must be \"warning\" or \"critical\"")
            }
        default:
            throw failure("unknown event '\(name)' (one of: \(eventNames.joined(separator: ", ")))")
        }
    }
}
