import LockSupport

/// What becomes of the warnings a command writes to standard error: every command's `--quiet`
/// drops them, and past the first few, the warnings for characters no font has are summed up in
/// one line at the end instead of a line a text or status (a timeline of 50,000 statuses had
/// 120 of them).
///
/// It sits on the standard-error stream itself, so it sees warnings in the order they are
/// written, which the ordered pipeline makes the order of the input whatever the number of
/// threads: which warnings are printed in full never depends on the threads. A warning is a
/// line that begins `warning: `; a missing-glyph warning is one made by
/// ``MeasureCommand/missingGlyphsWarning(_:for:)`` (its marker and ending are defined there).
/// Errors (any other line) always pass.
final class WarningGate: Sendable {
    /// How many missing-glyph warnings are printed in full before the rest are summed up.
    static let listedInFull = 5

    private struct State {
        /// Missing-glyph warnings seen (printed or held back).
        var missingWarnings = 0
        /// Of those held back: how many named each code point (in the order first seen).
        var heldBack: [(codePoint: String, count: Int)] = []
        var heldBackIndex: [UInt32: Int] = [:]
        /// Held back warnings whose list was cut ("and 3 more").
        var cutLists = 0
        /// Warnings dropped by --quiet.
        var dropped = 0
    }

    private let quiet: Bool
    private let write: @Sendable (String) -> Void
    private let state = Lock(State())

    init(quiet: Bool, writingTo write: @escaping @Sendable (String) -> Void) {
        self.quiet = quiet
        self.write = write
    }

    private static let warningPrefix = Array("warning: ".utf8)

    /// Writes `text` (whole lines, or any text for errors and progress) but for the warnings it
    /// holds back or drops. Read as bytes, a line at a time (a run of 50,000 texts no font
    /// covers writes 50,000 warnings).
    func pass(_ text: String) {
        let bytes = Array(text.utf8)
        guard MeasureCommand.firstRange(of: "warning: ", in: bytes[...]) != nil else { return write(text) }
        var kept: [UInt8] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end < bytes.count { end += 1 }  // the line keeps its line feed
            if keeps(bytes[start..<end]) { kept += bytes[start..<end] }
            start = end
        }
        if !kept.isEmpty { write(String(decoding: kept, as: UTF8.self)) }
    }

    private func keeps(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.starts(with: Self.warningPrefix) else { return true }
        return state.withLock { state in
            if quiet {
                state.dropped += 1
                return false
            }
            guard let list = MeasureCommand.missingGlyphsList(inWarning: line) else { return true }
            state.missingWarnings += 1
            if state.missingWarnings <= Self.listedInFull { return true }
            MeasureCommand.forEachCodePoint(inList: list.codePoints) { value, name in
                if let index = state.heldBackIndex[value] {
                    state.heldBack[index].count += 1
                } else {
                    state.heldBackIndex[value] = state.heldBack.count
                    state.heldBack.append((String(decoding: name, as: UTF8.self), 1))
                }
            }
            if list.isCut { state.cutLists += 1 }
            return false
        }
    }

    /// The line that sums up the held-back warnings (nil when none were held back), written
    /// once the command is done.
    var summary: String? {
        state.withLock { state in
            let held = state.missingWarnings - Self.listedInFull
            guard !quiet, held > 0 else { return nil }
            let shown = state.heldBack.prefix(12).map { $0.count > 1 ? "\($0.codePoint) (\($0.count))" : $0.codePoint }
            var list = shown.joined(separator: ", ")
            if state.heldBack.count > 12 { list += " and \(state.heldBack.count - 12) more code points" }
            if state.cutLists > 0 { list += ", and more in \(state.cutLists) of them" }
            let noun = held == 1 ? "text or status" : "texts or statuses"
            return "warning: \(held) more \(noun) with characters no font has, not listed one by one: \(list);"
                + " measured as .notdef (--quiet drops every warning)\n"
        }
    }

    /// Finishes a command: writes the summary, if any.
    func finish() {
        if let summary { write(summary) }
    }
}
