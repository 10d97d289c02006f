import Foundation
import Testing
import TestSupport

/// `feedlayout` run as a child process: every I/O fault ends in one line on standard error and
/// exit status 1 (never a trap); any readable file is input; signals, co-processes and memory.
@Suite("feedlayout as a child process", .serialized)
struct ProcessTests {
    static let corpus: [UInt8] = Array(
        FileManager.default.contents(atPath: Fixtures.repositoryRoot + "/Benchmarks/Corpus/statuses.jsonl")!)
    /// The first 100 statuses, as a file.
    static let head: String = {
        let lines: [UInt8] = corpus.split(separator: 0x0A).prefix(100).flatMap { Array($0) + [UInt8(0x0A)] }
        return Fixtures.temporaryFile(named: "head-100.jsonl", contents: lines)
    }()
    static let headAnswers: String = runCells(["heights"], input: Array(FileManager.default.contents(atPath: head)!))
        .output
    static let corpusFile = Fixtures.repositoryRoot + "/Benchmarks/Corpus/statuses.jsonl"

    @Test(
        "closed standard input: one line naming it and why, exit status 1", arguments: ["heights", "measure", "layout"])
    func closedInput(command: String) throws {
        let result = try ChildProcess.shell("exec \"$FL\" \(command) <&-")
        #expect(result.status == 1)
        #expect(result.errors == "Error: cannot read standard input: Bad file descriptor\n")
        #expect(result.output.isEmpty)
        // Texts as arguments need no standard input.
        let measured = try ChildProcess.shell("exec \"$FL\" measure 好 <&-")
        #expect(measured.status == 0 && measured.output.hasPrefix("{\"lines\": 1,"), "\(measured.errors)")
    }

    @Test("cairo is loaded by the commands that draw, fontconfig by those that look up families, when they do")
    func librariesLoadedWhenCalled() throws {
        // The dynamic loader's own account of the libraries it loads (LD_DEBUG=libs, on
        // standard error), for a command that measures, one that finds a family and one that draws.
        let measured = try ChildProcess.shell("exec \"$FL\" measure 好", environment: ["LD_DEBUG": "libs"])
        #expect(measured.status == 0 && measured.output.hasPrefix("{\"lines\": 1,"))
        #expect(
            measured.errors.contains("libharfbuzz.so"), "the loader's account is read: \(measured.errors.prefix(300))")
        #expect(!measured.errors.contains("libcairo.so"), "measure loaded cairo")
        #expect(!measured.errors.contains("libX11.so"), "measure loaded X11")
        #expect(!measured.errors.contains("libfontconfig.so"), "measure with files loaded fontconfig")
        let family = try ChildProcess.shell(
            "exec \"$FL\" measure --font-family 'No Such Family FL' 好", environment: ["LD_DEBUG": "libs"])
        #expect(family.status != 0 && family.errors.contains("'No Such Family FL' is not installed"))
        #expect(family.errors.contains("libfontconfig.so.1"), "a family was looked up without loading fontconfig")
        let drawn = try ChildProcess.shell(
            "exec \"$FL\" render-text 好 -o \"$(mktemp -d)/a.png\"", environment: ["LD_DEBUG": "libs"])
        #expect(drawn.status == 0, "\(drawn.errors.suffix(300))")
        #expect(drawn.errors.contains("libcairo.so.2"), "render-text drew without loading cairo")
    }

    @Test("a directory on standard input, or as FILE")
    func directory() throws {
        let input = try ChildProcess.shell("exec \"$FL\" heights < /")
        #expect(input.status == 1 && input.errors == "Error: cannot read standard input: Is a directory\n")
        let file = try ChildProcess.shell("exec \"$FL\" heights /")
        #expect(file.status == 1 && file.errors == "Error: cannot read '/': Is a directory\n")
        let measure = try ChildProcess.shell("exec \"$FL\" measure < /")
        #expect(measure.status == 1 && measure.errors == "Error: cannot read standard input: Is a directory\n")
    }

    @Test(
        "a full disk: one line naming standard output and why, exit status 1",
        arguments: [
            "heights \"$HEAD\"", "measure 好", "measure < \"$HEAD\"", "layout \"$HEAD\"", "--help", "measure --help",
            "--version",
        ])
    func fullDisk(command: String) throws {
        let result = try ChildProcess.shell("exec \"$FL\" \(command) > /dev/full", environment: ["HEAD": Self.head])
        #expect(result.status == 1)
        #expect(result.errors == "Error: cannot write to standard output: No space left on device\n")
    }

    @Test(
        "closed standard output: one line naming it and why, exit status 1",
        arguments: ["heights \"$HEAD\"", "measure 好", "layout \"$HEAD\"", "--help"])
    func closedOutput(command: String) throws {
        let result = try ChildProcess.shell("exec \"$FL\" \(command) >&-", environment: ["HEAD": Self.head])
        #expect(result.status == 1)
        #expect(result.errors == "Error: cannot write to standard output: Bad file descriptor\n")
    }

    /// Commands that warn, each with the answers it prints to standard output.
    static let warningCommands: [(script: String, answers: Int)] = [
        (#"printf 'a\377b\n\n' | "$FL" measure"#, 2),  // invalid UTF-8 in a line
        (#""$FL" measure "$(printf 'a\356\204\271')""#, 1),  // U+E139: no font has it
        (#""$FL" measure "$(printf 'a\377')" 好"#, 2),  // an argument that is not valid UTF-8 (main's warning)
        (#"printf '{"id": 1, "text": "a\377"}\n{"id": 2}\n' | "$FL" heights"#, 2),
        (#""$FL" render-text -o "${OUT}text.png" "$(printf '\356\204\271')""#, 1),
        (#"printf '{"id": 1, "text": "\\ue139"}\n' | "$FL" render -o "${OUT}cell.png""#, 1),
        (#"printf '{"id": 1, "text": "\\ue139"}\n' | "$FL" render-timeline -o "${OUT}sheet.png""#, 1),
    ]

    @Test(
        "standard error full or closed: the warnings are lost, every answer is written, exit status 1 (0 with nothing to warn of)",
        arguments: ["2>/dev/full", "2>&-"])
    func lostWarnings(redirection: String) throws {
        let prefix = NSTemporaryDirectory() + "feedlayout-warn-\(getpid())-"
        let environment = ["OUT": prefix]
        defer { for name in ["text", "cell", "sheet"] { unlink(prefix + name + ".png") } }
        for (script, answers) in Self.warningCommands {
            let warned = try ChildProcess.shell(script, environment: environment)
            #expect(warned.status == 0 && !warned.errors.isEmpty, "with standard error: \(script): \(warned.errors)")
            let lost = try ChildProcess.shell(script + " " + redirection, environment: environment)
            #expect(lost.status == 1, "\(script) \(redirection)")
            #expect(
                lost.output.split(separator: "\n").count == answers && lost.output == warned.output,
                "\(script): \(lost.output)")
        }
        let quiet = try ChildProcess.shell(#"printf 'a\n' | "$FL" measure "# + redirection)
        #expect(quiet.status == 0 && quiet.output.hasPrefix("{\"lines\": 1,"), "nothing to warn of, nothing lost")
    }

    @Test("a reader that goes away while SIGPIPE is ignored: one line, exit status 1")
    func readerGoesAway() throws {
        for command in ["heights \"$CORPUS\"", "measure < \"$TEXTS\""] {
            let script = "trap '' PIPE; ( \"$FL\" \(command); echo \"status $?\" >&2 ) | head -c 10 > /dev/null"
            let result = try ChildProcess.shell(
                script,
                environment: [
                    "CORPUS": Self.corpusFile, "TEXTS": Fixtures.repositoryRoot + "/Benchmarks/Corpus/texts.txt",
                ])
            // (measure also warns about a text with characters no font has, before.)
            #expect(
                result.errors.hasSuffix("Error: cannot write to standard output: Broken pipe\nstatus 1\n"),
                "\(command): \(result.errors)")
            #expect(result.errors.components(separatedBy: "Error:").count == 2, "one error line")
        }
    }

    @Test("a reader that goes away, SIGPIPE as a shell leaves it: ended by SIGPIPE, nothing on standard error")
    func readerGoesAwayDefaultSIGPIPE() throws {
        let script = "( \"$FL\" heights \"$CORPUS\"; echo \"status $?\" >&2 ) | head -c 10 > /dev/null"
        let result = try ChildProcess.shell(script, environment: ["CORPUS": Self.corpusFile])
        // (The corpus's few warnings come first: Weibo's private-use emoji.)
        #expect(result.errors.hasSuffix("status 141\n"), "128 + SIGPIPE: \(result.errors)")
        #expect(!result.errors.contains("Error:"), "\(result.errors)")
    }

    @Test("FILE may be any readable file: a FIFO, /dev/stdin, another command's output")
    func anyReadableFile() throws {
        let fifo = NSTemporaryDirectory() + "feedlayout-fifo-\(getpid())"
        unlink(fifo)
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let viaFIFO = try ChildProcess.shell(
            "\"$FL\" heights \"$FIFO\" & cat \"$HEAD\" > \"$FIFO\"; wait $!",
            environment: ["FIFO": fifo, "HEAD": Self.head])
        #expect(viaFIFO.status == 0 && viaFIFO.output == Self.headAnswers, "\(viaFIFO.errors)")
        let viaStdin = try ChildProcess.shell(
            "cat \"$HEAD\" | \"$FL\" heights /dev/stdin", environment: ["HEAD": Self.head])
        #expect(viaStdin.status == 0 && viaStdin.output == Self.headAnswers, "\(viaStdin.errors)")
        let viaDescriptor = try ChildProcess.shell(
            "\"$FL\" heights /dev/fd/3 3< \"$HEAD\"", environment: ["HEAD": Self.head])
        #expect(viaDescriptor.status == 0 && viaDescriptor.output == Self.headAnswers, "\(viaDescriptor.errors)")
        let missing = try ChildProcess.shell("exec \"$FL\" heights /nonexistent/page.jsonl")
        #expect(
            missing.status == 1
                && missing.errors == "Error: cannot open '/nonexistent/page.jsonl': No such file or directory\n")
    }

    @Test("a font that is a FIFO fails at once; a FIFO named *.ttf in the fonts directory is skipped")
    func fontFIFO() throws {
        let directory = NSTemporaryDirectory() + "feedlayout-fonts-\(getpid())"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.fontsDirectory)
        where name.hasSuffix(".ttf") || name.hasSuffix(".ttc") {
            try FileManager.default.createSymbolicLink(
                atPath: directory + "/" + name, withDestinationPath: Fixtures.fontsDirectory + "/" + name)
        }
        try #require(mkfifo(directory + "/AAA-fifo.ttf", 0o600) == 0)
        let fifoFont = try ChildProcess.shell(
            "exec \"$FL\" measure --font \"$FIFO\" 好", environment: ["FIFO": directory + "/AAA-fifo.ttf"])
        #expect(fifoFont.status == 1)
        #expect(
            fifoFont.errors
                == "Error: cannot read font file '\(directory)/AAA-fifo.ttf': not a regular file (a FIFO, socket or device)\n"
        )
        let withFIFO = try ChildProcess.shell(
            "exec \"$FL\" measure --fonts-dir \"$DIR\" 好", environment: ["DIR": directory])
        #expect(
            withFIFO.status == 0 && withFIFO.output.hasPrefix("{\"lines\": 1, \"height\": 24.616,"),
            "\(withFIFO.errors)")
    }

    @Test(
        "SIGTERM and SIGINT mid-run: every answer made is written, whole lines in order (a prefix of the full output); exit 143 or 130",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func signalMidRun(signal: Int32, status: Int32) throws {
        let full = runCells(["heights"], input: Self.corpus).output
        let child = try ChildProcess(arguments: ["heights"])
        child.writeInBackground(Self.corpus, close: false)  // input stays open: it cannot end by itself
        let seen = child.waitForLines(200)
        try #require(seen.count >= 200, "answers come while input is read")
        kill(child.pid, signal)
        let (exit, output, errors) = child.finish()
        #expect(exit == status, "\(errors)")
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.hasSuffix("\n"), "whole lines")
        #expect(full.hasPrefix(text), "a prefix of the full output")
        let lines = text.split(separator: "\n").count
        #expect(lines >= 200 && lines < 5_000, "\(lines) lines")
        // Nothing on stderr but the corpus's few warnings (Weibo's private-use emoji: no font has them).
        #expect(
            errors.split(separator: "\n").allSatisfy {
                $0.hasPrefix("warning: status ") && $0.hasSuffix("; measured as .notdef")
            },
            "\(errors)")
    }

    @Test(
        "a signal ignored when the process starts stays ignored (nohup, a background job): it goes on answering",
        arguments: [("TERM", SIGTERM), ("INT", SIGINT)])
    func ignoredSignal(name: String, signal: Int32) throws {
        let child = try ChildProcess(arguments: ["measure", "--width", "200"], ignoring: [name])
        child.write(Array("中文\n".utf8))
        #expect(child.waitForLines(1).count == 1, "reading and answering: the handlers are set")
        kill(child.pid, signal)
        kill(child.pid, signal)  // a second one would end it at once, were it armed
        usleep(200_000)
        #expect(child.process.isRunning, "SIG\(name) did not end it")
        child.writeInBackground(Array("\n".utf8), close: true)  // (a write that fails must not end the test run)
        let (status, output, errors) = child.finish()
        #expect(status == 0, "SIG\(name) ignored: \(errors)")
        #expect(
            String(decoding: output, as: UTF8.self)
                == "{\"lines\": 1, \"height\": 24.616, \"width\": 34, \"truncated\": false}\n"
                + "{\"lines\": 0, \"height\": 0, \"width\": 0, \"truncated\": false}\n")
    }

    @Test("a co-process: write one status or text, read its answer, write the next")
    func coProcess() throws {
        let lines: [[UInt8]] = Self.corpus.split(separator: 0x0A).prefix(3).map { Array($0) + [UInt8(0x0A)] }
        let expected = Self.headAnswers.split(separator: "\n").prefix(3).map(String.init)
        let heights = try ChildProcess(arguments: ["heights"])
        for (number, line) in lines.enumerated() {
            // Half a line first: no answer can come before its end.
            heights.write(Array(line.prefix(20)))
            heights.write(Array(line.dropFirst(20)))
            let answers = heights.waitForLines(number + 1)
            #expect(answers == Array(expected.prefix(number + 1)), "after line \(number + 1)")
        }
        heights.closeInput()
        #expect(heights.finish().status == 0)

        let measure = try ChildProcess(arguments: ["measure", "--width", "200"])
        measure.write(Array("中文\n".utf8))
        #expect(measure.waitForLines(1) == ["{\"lines\": 1, \"height\": 24.616, \"width\": 34, \"truncated\": false}"])
        measure.write(Array("\n".utf8))
        #expect(measure.waitForLines(2).last == "{\"lines\": 0, \"height\": 0, \"width\": 0, \"truncated\": false}")
        measure.closeInput()
        #expect(measure.finish().status == 0)
    }

    @Test(
        "each bad element costs only itself in every input shape, through the binary",
        arguments: 0..<StatusShapes.all.count)
    func shapes(shape: Int) throws {
        let (name, rendered) = StatusShapes.all[shape]
        let result = try ChildProcess.shell("exec \"$FL\" heights", input: rendered.bytes)
        #expect(result.status == 1, "\(name): some elements are errors")
        let rows = try objects(result.output)
        try #require(rows.count == StatusShapes.elements.count, "\(name): \(rows)")
        for (index, (row, element)) in zip(rows, StatusShapes.elements).enumerated() {
            switch element.expected {
            case .status(let id, _):
                #expect(row["id"] as? String == String(id), "\(name), status \(index + 1): \(row)")
            case .error(let part):
                #expect((row["error"] as? String)?.contains(part) == true, "\(name), status \(index + 1): \(row)")
                #expect(row["line"] as? Int == rendered.lines[index], "\(name): \(row)")
            }
        }
        #expect(
            result.errors == "warning: status 5 (line \(rendered.lines[4])): invalid UTF-8 replaced by U+FFFD\n"
                + "warning: status 6 (line \(rendered.lines[5])): user must be an object, not an array; ignored\n"
                + "warning: status 6 (line \(rendered.lines[5])): the status has nothing to show (no text, pictures, card or repost): its cell is empty\n",
            "\(name): \(result.errors)")
    }

    /// Statuses with a kilobyte of padding each (cheap to lay out, so that the run is short),
    /// `megabytes` of them.
    static func paddedStatuses(megabytes: Int) -> (bytes: [UInt8], count: Int) {
        let padding = String(repeating: "x", count: 1_000)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(megabytes << 20 + 2_000)
        var count = 0
        while bytes.count < megabytes << 20 {
            count += 1
            bytes += Array(#"{"id": \#(count), "text": "短文 \#(count % 7)", "pad": "\#(padding)"}"#.utf8) + [0x0A]
        }
        return (bytes, count)
    }

    /// The child's peak resident memory after answering `megabytes` of statuses.
    static func peakMemory(megabytes: Int) throws -> Int {
        let (input, count) = paddedStatuses(megabytes: megabytes)
        let child = try ChildProcess(arguments: ["heights"])
        child.writeInBackground(input, close: false)
        let answered = child.waitForLines(count, seconds: 120).count
        let peak = child.peakResidentBytes
        child.closeInput()
        let (status, _, errors) = child.finish()
        #expect(status == 0 && answered == count, "\(errors)")
        return peak
    }

    @Test(
        "an endless line (measure < /dev/zero): its error record at once, then memory stays flat while the rest is skipped",
        .tags(.memory), .unlessSkipped(.memory))
    func endlessLine() throws {
        let child = try ChildProcess(arguments: ["exec \"$FL\" measure < /dev/zero"], shell: true)
        let answered = child.waitForLines(1, seconds: 10)
        #expect(
            answered == [
                "{\"line\": 1, \"error\": \"longer than 1048576 bytes, the longest line measured; not measured\"}"
            ])
        let early = child.peakResidentBytes
        let readEarly = child.bytesRead
        let deadline = Date().addingTimeInterval(60)
        while child.bytesRead < readEarly + (8 << 30) && Date() < deadline { usleep(20_000) }
        let read = child.bytesRead - readEarly
        let late = child.peakResidentBytes
        kill(child.pid, SIGTERM)
        let (status, output, errors) = child.finish()
        #expect(read >= 8 << 30, "8 GiB more of the line read (\(read >> 20) MiB)")
        #expect(
            early > 0 && late - early < 16 << 20,
            "peak \(early >> 20) MiB at the record, \(late >> 20) MiB \(read >> 20) MiB later")
        #expect(status == 143, "\(errors)")
        #expect(
            String(decoding: output, as: UTF8.self) == answered.map { $0 + "\n" }.joined(), "nothing more is answered")
    }

    @Test(
        "long lines are measured on one worker: the peak for 24 lines of 100 KB at 4 threads is within 16 MB of the peak at 1 thread",
        .tags(.memory), .unlessSkipped(.memory))
    func longLinesMemoryOnce() throws {
        // Compared with the same lines at one thread, not with one line: what the allocator keeps
        // after many long texts (fragmentation, huge pages) differs between machines, and is the
        // same at one thread as at four. Spread over four workers, the lines would cost each
        // worker what one costs (about 15 MB a line of 100 KB, measured), 45 MB more in all.
        func peak(threads: Int) throws -> Int {
            // "ab ": the text that takes the engine the most memory a byte (measured).
            let line = Array(String(repeating: "ab ", count: 100_000 / 3).utf8) + [0x0A]
            let lines = 24
            let child = try ChildProcess(arguments: ["measure", "--threads", String(threads)])
            child.writeInBackground(Array([[UInt8]](repeating: line, count: lines).joined()), close: false)
            let answered = child.waitForLines(lines, seconds: 120).count
            let peak = child.peakResidentBytes
            child.closeInput()
            let (status, _, errors) = child.finish()
            #expect(status == 0 && answered == lines, "\(errors)")
            return peak
        }
        let one = try peak(threads: 1)
        let four = try peak(threads: 4)
        #expect(one > 0 && four - one < 16 << 20, "1 thread: \(one >> 20) MiB, 4 threads: \(four >> 20) MiB")
    }

    @Test(
        "memory stays flat: the peak for 48 MB of JSON Lines is within 16 MB of the peak for 8 MB", .tags(.memory),
        .unlessSkipped(.memory))
    func flatMemory() throws {
        let small = try Self.peakMemory(megabytes: 8)
        let large = try Self.peakMemory(megabytes: 48)
        #expect(small > 0 && large > 0)
        #expect(large - small < 16 << 20, "8 MB: \(small >> 20) MiB, 48 MB: \(large >> 20) MiB")
    }
}
