/// Opening a command's input: the FILE argument, or standard input for none or `-`.
enum CommandInput {
    /// The source of `positionals` (at most one FILE; none or `-` is standard input).
    ///
    /// - Throws: ``UsageError`` for more than one FILE, ``IOFailure`` when FILE cannot be opened.
    static func open(_ positionals: [String], io: CommandLineTool.IO) throws -> InputSource {
        guard positionals.count <= 1 else {
            throw UsageError(message: "expected at most one FILE, got \(positionals.count)")
        }
        guard let path = positionals.first, path != "-" else { return io.standardInput() }
        return try FileDescriptorInput.open(path)
    }
}

/// Reads a FILE argument (or standard input for none or `-`) whole.
func readInput(_ positionals: [String], io: CommandLineTool.IO) throws(UsageError) -> Result<[UInt8], CommandFailure> {
    let source: InputSource
    do {
        source = try CommandInput.open(positionals, io: io)
    } catch let error as UsageError {
        throw error
    } catch {
        return .failure(CommandFailure(message: "\(error)"))
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count: Int?
        do {
            count = try buffer.withUnsafeMutableBytes { (raw) throws(IOFailure) in try source.read(into: raw, stop: nil)
            }
        } catch {
            return .failure(CommandFailure(message: "\(error)"))
        }
        guard let count, count > 0 else { break }
        bytes.append(contentsOf: buffer.prefix(count))
    }
    return .success(bytes)
}

/// A failure that ends a command with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
