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
                throw UsageError(message: "unknown option '\(name)'")
            }
        }
    }

    /// The last value given for `name`, if any.
    func value(_ name: String) -> String? { values[name]?.last }

    func has(_ flag: String) -> Bool { setFlags.contains(flag) }
}
