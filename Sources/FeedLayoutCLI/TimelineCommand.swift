import Dispatch
import FeedLayout
import Foundation
import StatusLayout
import TextLayout
import TimelineKit

/// `feedlayout timeline`: replays a scripted session of a timeline screen over statuses and
/// prints what the screen shows after each event.
enum TimelineCommand {
    static let help = """
        OVERVIEW: Replay a scripted timeline session: pull to refresh, load more, rotate, expand.

        Reads SCRIPT, one JSON event per line ('#' lines are comments), and replays it over the
        statuses of FILE (JSON Lines, a JSON array or a timeline object, newest first: the
        server's feed). After each event it prints one JSON object: the script line and event,
        the content offset and the adjustment that kept the first visible row still, the
        insets, the visible rows ("visibleRows": [first, last], both shown, or [] for none;
        the library's Timeline.visibleRows is the half-open first..<last + 1) and the anchor
        row, the header's and the footer's state, pulling percent and label, the requests fired, the inputs a control refused, the
        refresh tip's text, position and label size (measured with the engine), the rows added
        and heights resolved, the height cache's counters, and the layout work of the frame
        against a 16.7 ms frame budget.

        USAGE: feedlayout timeline [options] SCRIPT [FILE|-]

        ARGUMENTS:
          SCRIPT                  The session (- for standard input, when FILE is a path).
          FILE                    The statuses (default, or -: standard input).

        EVENTS (each may give "t", its time in seconds; default: one frame after the last):
          {"event": "open", "from": 40, "count": 20}      the first screen (or a reload): FILE[from ..< from+count]
          {"event": "drag", "offset": -80}                a finger drags the content ("offset",
                                                          "by": points, "row": n, "to": "top"|"bottom")
          {"event": "release"}                            the finger lifts
          {"event": "scroll", "by": 600}                  the content moves without a finger (as drag)
          {"event": "refresh-data", "count": 20, "overlap": 2}
                                                          a refresh brings the count statuses newer than
                                                          the newest shown (and overlap already shown)
          {"event": "load-more-data", "count": 20}        a page of the next older statuses (and overlap)
          {"event": "begin-refresh"} / {"event": "end-refresh"}   the app starts or ends a refresh
          {"event": "tap-footer"}                         the footer's label is tapped
          {"event": "offscreen"} / {"event": "onscreen"}  the list leaves or comes back on screen
          {"event": "rotate", "width": 812, "viewport": 375}      a new cell width and viewport height
          {"event": "expand", "row": 3}                   "…全文" tapped ("id": idstr); "collapse" undoes
          {"event": "memory-warning", "level": "critical"}        "warning" halves the caches, "critical" empties
          {"event": "tick"}                               time passes (the tip moves)

        NUMBERS (a value outside its range is an error naming the field, the value and the range):
        \(TimelineScript.numberFieldsHelp)

        OPTIONS:
        \(OptionValues.cellWidthHelp)
        \(OptionValues.scaleHelp)
          --viewport <points>     The list's height on screen. (default: 812)
          --max-lines <n>         Collapse texts longer than n lines with "…全文" (expand shows them).
        \(OptionValues.formatHelp)
          --header <kind>         mjrefresh (54 points), custom (the example app's 75-point header,
                                  "下拉刷新" / "松開加載更多" / "加載中..."), or system (UIRefreshControl:
                                  fires at a 100-point pull before release). (default: mjrefresh)
          --language <code>       zh-Hans or en: the labels and the tip. (default: zh-Hans)
          --timing <on|off>       Print each frame's milliseconds (off: output that is the same every run).
                                  (default: on)
        \(EngineOptions.help)
        \(OptionValues.quietHelp)
          --version               Show the version.
          -h, --help              Show help information.

        EXIT STATUS: 0 the whole script replayed, 1 a script or status error (statuses that cannot
        be decoded are left out, with a warning, and the replay goes on), 64 bad usage.

        """

    static let usage = "Usage: feedlayout timeline [options] SCRIPT [FILE|-]\n  See 'feedlayout timeline --help'.\n"

    /// The frame budget at 60 frames a second, in milliseconds.
    static let frameBudgetMilliseconds = 1_000.0 / 60

    struct Options {
        var cell: CellOptions
        var viewport = 812.0
        var header = "mjrefresh"
        var language = RefreshLanguage.simplifiedChinese
        var timing = true
    }

    static func run(arguments: [String], io: CommandLineTool.IO) -> Int32 {
        let options: Options
        let scanner: ArgumentScanner
        do {
            guard
                let parsed = try CellOptions.parse(
                    arguments, extraValued: ["--viewport", "--header", "--language", "--timing"])
            else {
                io.output(help)
                return CommandLineTool.ExitStatus.success
            }
            scanner = parsed.1
            options = try parseOptions(parsed.0, scanner)
        } catch {
            return CommandLineTool.reportUsage(error, usage: usage, io: io)
        }
        if CommandLineTool.answersVersion(scanner, io: io) { return CommandLineTool.ExitStatus.success }
        let script: TimelineScript
        let feed: [Status]
        let engine: TextEngine
        var failed = false
        do {
            let positionals = scanner.positionals
            guard let scriptPath = positionals.first else { throw UsageError(message: "missing SCRIPT") }
            guard positionals.count <= 2 else {
                throw UsageError(message: "expected SCRIPT and at most one FILE, got \(positionals.count) arguments")
            }
            if scriptPath == "-" && (positionals.count < 2 || positionals[1] == "-") {
                throw UsageError(message: "SCRIPT and FILE cannot both be standard input")
            }
            let scriptBytes: [UInt8]
            switch try readInput([scriptPath], io: io) {
            case .success(let bytes): scriptBytes = bytes
            case .failure(let failure): throw failure
            }
            script = try TimelineScript.parse(scriptBytes)
            let statusBytes: [UInt8]
            switch try readInput(Array(positionals.dropFirst()), io: io) {
            case .success(let bytes): statusBytes = bytes
            case .failure(let failure): throw failure
            }
            var decoded: [Status] = []
            for status in options.cell.decoder.decodeAll(statusBytes) {
                switch status.result {
                case .success(let value): decoded.append(value)
                case .failure(let error):
                    io.errors(
                        "warning: status \(status.line) cannot be decoded (\(error.message)); left out of the feed\n")
                    failed = true
                }
            }
            feed = decoded
            engine = try EngineOptions(scanner).makeEngine()
        } catch {
            return CommandLineTool.exitStatus(reporting: error, usage: usage, io: io)
        }

        var replay = TimelineReplay(feed: feed, engine: engine, options: options)
        var batch = ""
        for event in script.events {
            do {
                batch += try replay.apply(event)
            } catch {
                io.output(batch)
                io.errors("Error: script line \(event.line) ('\(event.name)'): \(error.message)\n")
                return CommandLineTool.ExitStatus.failure
            }
            if batch.utf8.count > 1 << 16 {
                io.output(batch)
                batch = ""
            }
        }
        io.output(batch)
        return failed ? CommandLineTool.ExitStatus.failure : CommandLineTool.ExitStatus.success
    }

    private static func parseOptions(_ cell: CellOptions, _ scanner: ArgumentScanner) throws(UsageError) -> Options {
        var options = Options(cell: cell)
        if let viewport = scanner.value("--viewport") {
            options.viewport = try OptionValues.number(
                viewport, option: "--viewport", in: 0...OptionValues.largestLength, exclusiveLower: true,
                what: "a number of points greater than 0 and at most \(Int(OptionValues.largestLength))")
        }
        if let header = scanner.value("--header") {
            guard ["mjrefresh", "custom", "system"].contains(header) else {
                throw UsageError(message: "--header must be mjrefresh, custom or system, got '\(header)'")
            }
            options.header = header
        }
        if let language = scanner.value("--language") {
            guard let value = RefreshLanguage(rawValue: language) else {
                throw UsageError(message: "--language must be zh-Hans or en, got '\(language)'")
            }
            options.language = value
        }
        if let timing = scanner.value("--timing") {
            guard timing == "on" || timing == "off" else {
                throw UsageError(message: "--timing must be on or off, got '\(timing)'")
            }
            options.timing = timing == "on"
        }
        return options
    }
}

/// The replay of a script: the session, the server's feed, and where the fetched part of it is.
struct TimelineReplay {
    private(set) var session: TimelineSession
    let feed: [Status]
    let options: TimelineCommand.Options
    /// The feed's indices of the newest and the oldest status fetched so far (nil before open).
    private var fetched: (newest: Int, oldest: Int)?

    /// The example app's custom header text.
    static let exampleLabels = RefreshLabels.header(.simplifiedChinese)
        .replacing(.idle, with: "下拉刷新").replacing(.pulling, with: "松開加載更多").replacing(.refreshing, with: "加載中...")

    init(feed: [Status], engine: TextEngine, options: TimelineCommand.Options) {
        self.feed = feed
        self.options = options
        let context = LayoutContext(width: options.cell.width, scale: options.cell.scale, style: options.cell.style)
        let timeline = Timeline(engine: engine, context: context, viewportHeight: options.viewport)
        let control: PullToRefreshControl
        switch options.header {
        case "custom": control = .header(RefreshHeader(height: 75, labels: Self.exampleLabels))
        case "system": control = .system(SystemRefreshControl(labels: .header(options.language)))
        default: control = .header(RefreshHeader(labels: .header(options.language)))
        }
        session = TimelineSession(
            timeline: timeline, pullControl: control, footer: LoadMoreFooter(labels: .footer(options.language)),
            tip: RefreshTip(language: options.language))
    }

    /// Replays one event; returns its output line.
    mutating func apply(_ event: TimelineScript.Event) throws(CommandFailure) -> String {
        let statisticsBefore = session.timeline.rowHeights.heightCache.statistics
        let clock = ContinuousClock()
        let start = clock.now
        let frame = try frame(for: event)
        let elapsed = clock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        return describe(frame, event: event, milliseconds: milliseconds, cacheBefore: statisticsBefore)
    }

    private mutating func frame(for event: TimelineScript.Event) throws(CommandFailure) -> SessionFrame {
        let t = event.time
        switch event.kind {
        case .open(let from, let count):
            guard from < feed.count else {
                throw CommandFailure(message: "'from' \(from) is past the feed's \(feed.count) statuses")
            }
            let upper = from + min(count, feed.count - from)  // (count may be up to Int.max: never added whole)
            fetched = (from, upper - 1)
            return session.reload(Array(feed[from..<upper]), at: t)
        case .drag(let target):
            return session.drag(toOffset: try offset(of: target), at: t)
        case .release:
            return session.release(at: t)
        case .scroll(let target):
            return session.scroll(toOffset: try offset(of: target), at: t)
        case .refreshData(let count, let overlap):
            guard let range = fetched else { throw CommandFailure(message: "a refresh before 'open'") }
            let newest = max(0, range.newest - count)
            let batch =
                Array(feed[newest..<range.newest])
                + feed[range.newest..<(range.newest + min(overlap, range.oldest + 1 - range.newest))]
            fetched = (newest, range.oldest)
            return session.refreshDidLoad(batch, at: t)
        case .loadMoreData(let count, let overlap):
            guard let range = fetched else { throw CommandFailure(message: "a page before 'open'") }
            let upper = range.oldest + 1 + min(count, feed.count - (range.oldest + 1))
            let overlapping = feed[max(range.newest, range.oldest + 1 - overlap)..<(range.oldest + 1)]
            fetched = (range.newest, upper - 1)
            return session.loadMoreDidLoad(Array(overlapping) + feed[(range.oldest + 1)..<upper], at: t)
        case .beginRefresh: return session.beginRefreshing(at: t)
        case .endRefresh: return session.endRefreshing(at: t)
        case .tapFooter: return session.tapFooter(at: t)
        case .offScreen: return session.setOnScreen(false, at: t)
        case .onScreen: return session.setOnScreen(true, at: t)
        case .rotate(let width, let viewport):
            return session.rotate(width: width, viewportHeight: viewport ?? session.timeline.viewportHeight, at: t)
        case .expand(let target, let expanded):
            let id: StatusID
            switch target {
            case .row(let row):
                guard row < session.timeline.count else {
                    throw CommandFailure(message: "row \(row) is past the timeline's \(session.timeline.count) rows")
                }
                id = session.timeline[row].status.id
            case .id(let idstr):
                guard let parsed = StatusID(idstr) else {
                    throw CommandFailure(message: "'id' \(idstr) is not a status ID")
                }
                id = parsed
            }
            return session.setExpanded(expanded, forID: id, at: t)
        case .memoryWarning(let critical):
            return session.receiveMemoryPressure(critical ? .critical : .warning, at: t)
        case .tick:
            return session.tick(at: t)
        }
    }

    /// The content offset a drag or scroll goes to.
    private func offset(of target: TimelineScript.Event.Target) throws(CommandFailure) -> Double {
        let timeline = session.timeline
        switch target {
        case .offset(let offset): return offset
        case .by(let delta): return timeline.contentOffset + delta
        case .row(let row):
            guard row < max(timeline.count, 1) else {
                throw CommandFailure(message: "row \(row) is past the timeline's \(timeline.count) rows")
            }
            return timeline.isEmpty ? 0 : timeline.offset(ofRow: row)
        case .top: return -session.insetTop
        case .bottom:
            return max(-session.insetTop, timeline.contentHeight + session.insetBottom - timeline.viewportHeight)
        }
    }

    private func describe(
        _ frame: SessionFrame, event: TimelineScript.Event, milliseconds: Double,
        cacheBefore: HeightCache.Statistics
    ) -> String {
        let timeline = session.timeline
        let n = JSON.number
        func control(_ control: SessionFrame.Control) -> String {
            var fields = ["\"state\": \"\(control.state.rawValue)\""]
            if let percent = control.pullingPercent { fields.append("\"pullingPercent\": \(n(percent))") }
            fields.append("\"label\": \(JSON.string(control.label))")
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let visible =
            frame.visibleRows.isEmpty ? "[]" : "[\(frame.visibleRows.lowerBound), \(frame.visibleRows.upperBound - 1)]"
        let anchor = frame.anchor.map { "{\"row\": \($0.row), \"id\": \"\($0.id)\", \"y\": \(n($0.y))}" } ?? "null"
        let label = frame.tipLabel.map { ", \"label\": {\"width\": \(n($0.width)), \"height\": \(n($0.height))}" } ?? ""
        let tip =
            "{\"text\": \(frame.tip.text.map(JSON.string) ?? "null"), \"y\": \(n(frame.tip.y)), "
            + "\"phase\": \"\(frame.tip.phase.rawValue)\"\(label)}"
        let changes = frame.changes
        let cache = timeline.rowHeights.heightCache.statistics
        var work = "\"laidOut\": \(changes.heightsComputed), \"prefetched\": \(changes.heightsPrefetched)"
        if options.timing {
            work +=
                ", \"ms\": \(n(milliseconds)), \"budgetMs\": \(n(TimelineCommand.frameBudgetMilliseconds)), "
                + "\"withinBudget\": \(milliseconds <= TimelineCommand.frameBudgetMilliseconds)"
        }
        let fields = [
            "\"line\": \(event.line)",
            "\"event\": \"\(event.name)\"",
            "\"t\": \(n(event.time))",
            "\"contentOffset\": \(n(frame.contentOffset))",
            "\"adjustment\": \(n(changes.contentOffsetAdjustment))",
            "\"insets\": {\"top\": \(n(frame.insetTop)), \"bottom\": \(n(frame.insetBottom))}",
            "\"contentHeight\": \(n(timeline.contentHeight))",
            "\"rows\": \(timeline.count)",
            "\"visibleRows\": \(visible)",
            "\"anchor\": \(anchor)",
            "\"header\": \(control(frame.header))",
            "\"footer\": \(control(frame.footer))",
            "\"requests\": [" + frame.requests.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]",
            "\"ignored\": [" + frame.ignored.map(JSON.string).joined(separator: ", ") + "]",
            "\"tip\": \(tip)",
            "\"changes\": {\"inserted\": \(changes.inserted), \"duplicatesSkipped\": \(changes.duplicatesSkipped), "
                + "\"removed\": \(changes.removed), \"heightsChanged\": \(changes.heightsChanged), "
                + "\"estimatesResolved\": \(changes.estimatesResolved), \"estimatedRows\": \(timeline.estimatedRowCount)}",
            "\"cache\": {\"hits\": \(cache.hits - cacheBefore.hits), \"misses\": \(cache.misses - cacheBefore.misses), "
                + "\"count\": \(cache.count), \"evictions\": \(cache.evictions - cacheBefore.evictions)}",
            "\"work\": {\(work)}",
        ]
        return "{" + fields.joined(separator: ", ") + "}\n"
    }
}
