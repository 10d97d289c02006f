/// A small command-line parser: `--name value`, `--name=value` and flags, in any order.
public struct OptionParser {
    /// The arguments not yet consumed.
    public private(set) var remaining: [String]

    public init(_ arguments: [String]) { remaining = arguments }

    /// Removes `--name` (or one of `names`) and returns true if it was there.
    public mutating func flag(_ names: String...) -> Bool {
        var found = false
        remaining.removeAll { argument in
            let hit = names.contains(argument)
            found = found || hit
            return hit
        }
        return found
    }

    /// Removes every `--name value` and `--name=value` and returns the values in order.
    ///
    /// - Throws: ``BenchmarkError`` when the option is last and has no value.
    public mutating func values(_ name: String) throws -> [String] {
        var result: [String] = []
        while let value = try valueOnce(name) { result.append(value) }
        return result
    }

    private mutating func valueOnce(_ name: String) throws -> String? {
        guard let index = remaining.firstIndex(where: { $0 == name || $0.hasPrefix(name + "=") }) else { return nil }
        let argument = remaining[index]
        if argument == name {
            guard index + 1 < remaining.count else { throw BenchmarkError("\(name) needs a value") }
            let value = remaining[index + 1]
            remaining.removeSubrange(index...index + 1)
            return value
        }
        remaining.remove(at: index)
        return String(argument.dropFirst(name.count + 1))
    }

    /// Removes `--name value` or `--name=value` and returns the value (the last one wins).
    ///
    /// - Throws: ``BenchmarkError`` when the option is last and has no value.
    public mutating func value(_ name: String) throws -> String? {
        var result: String?
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == name {
                guard index + 1 < remaining.count else { throw BenchmarkError("\(name) needs a value") }
                result = remaining[index + 1]
                remaining.removeSubrange(index...index + 1)
            } else if argument.hasPrefix(name + "=") {
                result = String(argument.dropFirst(name.count + 1))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return result
    }

    /// An option parsed as a number > 0 (or ≥ 0 with `allowZero`).
    public mutating func positiveDouble(_ name: String, allowZero: Bool = false) throws -> Double? {
        guard let text = try value(name) else { return nil }
        guard let number = Double(text), number.isFinite, number > 0 || (allowZero && number == 0) else {
            throw BenchmarkError("\(name) wants a positive number, not '\(text)'")
        }
        return number
    }

    /// An option parsed as an integer ≥ `minimum`.
    public mutating func integer(_ name: String, minimum: Int = 1) throws -> Int? {
        guard let text = try value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw BenchmarkError("\(name) wants an integer ≥ \(minimum), not '\(text)'")
        }
        return number
    }

    /// An option parsed as a comma-separated list of positive numbers, e.g. "343,200".
    public mutating func doubleList(_ name: String) throws -> [Double]? {
        guard let text = try value(name) else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingSpaces()) }.filter { $0.isFinite && $0 > 0 }
        guard !parts.isEmpty, numbers.count == parts.count else {
            throw BenchmarkError("\(name) wants positive numbers separated by commas, not '\(text)'")
        }
        return numbers
    }

    /// Throws if any argument was not consumed.
    public func finish() throws {
        if let first = remaining.first {
            throw BenchmarkError(first.hasPrefix("-") ? "unknown option \(first)" : "unexpected argument \(first)")
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var result = self
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return result
    }
}
