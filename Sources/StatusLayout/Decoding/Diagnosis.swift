import CStatusJSON

/// The messages of statuses that do not parse and of input that is not JSON: the field at
/// fault and where, from `CStatusJSON`'s diagnosis (run only when a status fails).
enum Diagnosis {
    /// Why `bytes`, which the parser refused, are not a status; `line` and `column` are where
    /// they begin in the input.
    static func error(for bytes: UnsafeRawBufferPointer, line: Int, column: Int, parserMessage: String)
        -> StatusDecodingError
    {
        var problem = cstatusjson_problem()
        var pathBytes = [CChar](repeating: 0, count: 256)
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        pathBytes.withUnsafeMutableBufferPointer { path in
            cstatusjson_diagnose(
                base, bytes.count, StatusDecoder.maximumNesting, &problem, path.baseAddress, path.count)
        }
        let path = String(decoding: pathBytes.prefix(problem.path_length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let field = path.isEmpty ? "" : path + ": "
        let offset = Int(problem.offset)
        let at = ", at " + position(of: offset, in: bytes, line: line, column: column)
        let token = String(
            decoding: bytes[Int(problem.token_start)..<Int(problem.token_start + problem.token_length)],
            as: UTF8.self)
        let shown = token.count > 40 ? String(token.prefix(40)) + "…" : token
        switch problem.problem {
        case CSTATUSJSON_PROBLEM_UNEXPECTED:
            let found = problem.at_end ? "the end of the status" : describe(problem.found)
            return StatusDecodingError(
                "not valid JSON: expected \(expected(problem.expected, atTopLevel: false)), found \(found)\(at)")
        case CSTATUSJSON_PROBLEM_LONE_SURROGATE:
            return StatusDecodingError("\(field)lone surrogate \(shown) (not valid Unicode)\(at)")
        case CSTATUSJSON_PROBLEM_BAD_ESCAPE:
            return StatusDecodingError("\(field)invalid escape \(shown) in a string\(at)")
        case CSTATUSJSON_PROBLEM_CONTROL:
            return StatusDecodingError(
                "\(field)raw control character \(hexScalar(problem.found)) in a string (JSON needs it escaped)\(at)")
        case CSTATUSJSON_PROBLEM_NUMBER_RANGE:
            let integer = !token.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
            return StatusDecodingError(
                "\(field)number out of range: \(shown)" + (integer ? " (more than 64 bits)" : "") + at)
        case CSTATUSJSON_PROBLEM_BAD_TOKEN:
            return StatusDecodingError("\(field)\(shown) is not a JSON value (a number, true, false or null)\(at)")
        case CSTATUSJSON_PROBLEM_TOO_DEEP:
            return StatusDecoder.tooDeep(Int(problem.depth), field: shortened(path).map { $0 + ": " } ?? "", at: at)
        case CSTATUSJSON_PROBLEM_INVALID_UTF8:
            return StatusDecodingError("not valid UTF-8\(at)")
        default:
            return StatusDecodingError("not valid JSON: \(parserMessage)")
        }
    }

    /// The error for bytes the framer could not read as JSON.
    static func error(for item: cstatusjson_item) -> StatusDecodingError {
        let at = "line \(item.error_line), column \(item.error_column)"
        var message: String
        switch item.error {
        case CSTATUSJSON_FRAME_UNEXPECTED:
            message =
                "not valid JSON at \(at): expected \(expected(item.expected, atTopLevel: true)), found \(describe(item.found))"
        case CSTATUSJSON_FRAME_LINE_ENDS_IN_STRING:
            message = "not valid JSON at \(at): the line ends inside a string (a string is not closed)"
        case CSTATUSJSON_FRAME_TOO_DEEP:
            message = "not valid JSON at \(at): nested more than 1,000,000 levels deep"
        default:
            let inside = item.inside == 1 ? "a string" : item.inside == 2 ? "an array" : "an object"
            // Cut inside a status: that status; between statuses (or around them): the document.
            let open = item.in_element != 0 ? item.line : item.open_line
            return StatusDecodingError(
                "the input ends inside \(inside) (truncated?): the value that begins at line \(open) is not complete")
        }
        // Say which lines were skipped when more than the line of the error: from the broken
        // unit's first line to the last line of what was skipped.
        if item.last_line > item.error_line || (item.error_line > item.line && item.resume_line == 0) {
            message +=
                item.resume_line == 0
                ? "; lines \(item.line)–\(max(item.last_line, item.error_line)) and the rest of the input are skipped"
                : "; lines \(item.line)–\(max(item.last_line, item.error_line)) are skipped"
        }
        return StatusDecodingError(message)
    }

    /// The first three components of a field path (`x[0][0]…`, `user.a.b…`: the path into a
    /// value nested too deep repeats itself); nil when empty.
    static func shortened(_ path: String) -> String? {
        guard !path.isEmpty else { return nil }
        var components = 0
        for index in path.indices where index != path.startIndex && (path[index] == "." || path[index] == "[") {
            components += 1
            if components == 3 { return String(path[..<index]) + "…" }
        }
        return path
    }

    /// "line 3, column 14" for byte `offset` of `bytes`, which begin at `line`, `column`.
    static func position(of offset: Int, in bytes: UnsafeRawBufferPointer, line: Int, column: Int) -> String {
        var line = line
        var column = column
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }

    static func expected(_ code: Int32, atTopLevel: Bool) -> String {
        switch code {
        case CSTATUSJSON_EXPECTED_VALUE: "a value"
        case CSTATUSJSON_EXPECTED_VALUE_OR_CLOSE_ARRAY: "a value or ']'"
        case CSTATUSJSON_EXPECTED_KEY: "a key (a string in double quotes)"
        case CSTATUSJSON_EXPECTED_KEY_OR_CLOSE_OBJECT: "a key (a string in double quotes) or '}'"
        case CSTATUSJSON_EXPECTED_COLON: "':'"
        case CSTATUSJSON_EXPECTED_COMMA_OR_CLOSE_ARRAY: "',' or ']'"
        case CSTATUSJSON_EXPECTED_COMMA_OR_CLOSE_OBJECT: "',' or '}'"
        case CSTATUSJSON_EXPECTED_LINE_END:
            atTopLevel ? "the end of the line after a JSON value" : "nothing after the value"
        default: "more"
        }
    }

    /// A byte as a reader sees it: 'x', a line break, byte 0xFF.
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0A: "a line break"
        case 0x0D: "a carriage return"
        case 0x09: "a tab"
        case 0x22: "'\"'"
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        default: hexByte(byte)
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    private static func hexScalar(_ byte: UInt8) -> String {
        "U+00" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
