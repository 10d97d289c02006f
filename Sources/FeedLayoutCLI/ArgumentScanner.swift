/// Splits command-line arguments into options and positional arguments, the way
/// swift-argument-parser does: `--name value`, `--name=value`, flags, `--` ending options.
struct ArgumentScanner {
    /// Options that take a value, and flags that do not.
    let valued: Set<String>
    let flags: Set<String>

    private(set) var values: [String: [String]] = [:]
    private(set) var setFlags: Set<String> = []
    private(set) var positionals: [String] = []

    init(valued: Set<String>, flags: Set<String>) {
        self.valued = valued
        self.flags = flags
    }

    mutating func scan(_ arguments: [String]) throws(UsageError) {
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String? = nil
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "option '\(name)' takes no value") }
                setFlags.insert(name)
            } else if valued.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count else { throw UsageError(message: "missing value for option '\(name)'") }
                    value = arguments[i]
                    i += 1
                }
                values[name, default: []].append(value)
            } else {
                let hint = Self.nearest(to: name, among: valued.union(flags)).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "unknown option '\(name)'\(hint)")
            }
        }
    }

    /// The option closest to `name` by edit distance (Levenshtein, on characters), if one is
    /// close enough to be a typing error: at most 2 edits, and fewer than half of the name's
    /// letters. Ties go to the alphabetically first, so that the hint never depends on a set's order.
    static func nearest(to name: String, among options: Set<String>) -> String? {
        let typed = Array(name)
        var best: (option: String, distance: Int)?
        for option in options.sorted() {
            let distance = editDistance(typed, Array(option))
            if distance <= 2, distance * 2 < max(typed.count, option.count) - 2, distance < (best?.distance ?? .max) {
                best = (option, distance)
            }
        }
        return best?.option
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    /// The last value given for `name`, if any.
    func value(_ name: String) -> String? { values[name]?.last }

    func has(_ flag: String) -> Bool { setFlags.contains(flag) }
}
