import CTextShims
import Glibc

/// Line break opportunities of paragraphs with Thai, Lao, Khmer or Myanmar letters (line-break
/// class SA, which ICU breaks by a dictionary), found without running ICU's line iterator over
/// the paragraph: the same opportunities, from two parts that each decide alone.
///
/// ICU 72's line iterator finds its rule boundaries with SA read as AL, or as CM for its marks
/// (UAX #14 LB1; its `line.txt`), and never places one inside a run of SA characters that begins
/// with a letter (AL × AL, × CM). Inside each run of one script's SA characters (the set its
/// dictionary engine takes, `[[:Thai:]&[:LineBreak=SA:]]` and so on), from the first dictionary
/// character after a rule boundary, it asks that engine, which divides the run by its dictionary
/// reading the run alone (`DictionaryBreakEngine::findBreaks` stops at the run's end; the engine
/// is the same for every locale). So, where every run begins with a letter (a run beginning with
/// a mark may have a rule boundary after the mark, ICU's own before its tailoring: ICU decides):
///
/// * ``PairLineBreaker`` (ICU's rules exactly, with ``LineBreakTailoring``), SA read as LB1
///   reads it, gives every opportunity outside the runs and at their edges;
/// * ICU's iterator over each run alone gives the opportunities inside it, and they are
///   remembered per run's text (``DictionaryBreakCache``): Khmer writes a zero-width space
///   between words, and Thai, Lao and Myanmar runs are phrases, which texts repeat.
///
/// Paragraphs with SA characters of other scripts (Tai Tham, New Tai Lue…, which ICU leaves
/// unbroken), or a class our breaker leaves to ICU, take ICU's iterator as before. Tests hold the
/// two ways to each other on the corpora and on random text.
enum DictionaryBreaks {
    /// The engine of a Thai character (``info(_:table:)``).
    static let thai: UInt8 = 1
    static let lao: UInt8 = 2
    static let khmer: UInt8 = 3
    static let myanmar: UInt8 = 4
    /// An SA character of a script without an engine here.
    static let otherEngine: UInt8 = 5

    /// What ``info(_:table:)`` says of every BMP code point, read from ICU once: only the code
    /// points our breaker leaves to ICU are asked.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0x10000)
        for scalar in 0..<UInt32(0x10000)
        where PairLineBreaker.bmp[Int(scalar)] == PairLineBreaker.unsupported
            && !(0xD800...0xDFFF).contains(scalar)
        {
            table[Int(scalar)] = compute(scalar)
        }
        return table
    }()

    /// For a code point our breaker leaves to ICU: 0 when it is no SA character, else its
    /// engine (``thai`` … ``otherEngine``) shifted left by one, with bit 0 set for a mark (Mn,
    /// Mc: CM to the rules). `table` is ``table``, read once by the caller (each read of a
    /// static is a call to `swift_once`).
    @inline(__always) static func info(_ scalar: UInt32, table: [UInt8]) -> UInt8 {
        scalar < 0x10000 ? table[Int(scalar)] : compute(scalar)
    }

    private static func compute(_ scalar: UInt32) -> UInt8 {
        guard ctextshims_line_break_class(scalar) == 24 else { return 0 }  // U_LB_COMPLEX_CONTEXT
        let engine: UInt8
        switch ctextshims_script_tag(ctextshims_script(scalar)) {
        case Font.tag("Thai"): engine = thai
        case Font.tag("Laoo"): engine = lao
        case Font.tag("Khmr"): engine = khmer
        case Font.tag("Mymr"): engine = myanmar
        default: engine = otherEngine
        }
        let category = ctextshims_general_category(scalar)
        return engine << 1 | (category == 6 || category == 8 ? 1 : 0)  // U_NON_SPACING_MARK, U_COMBINING_SPACING_MARK
    }
}

/// The opportunities ICU's dictionary finds inside runs of SA characters, by the run's UTF-8
/// (``DictionaryBreaks``): offsets inside the run, ascending. One per thread (a
/// ``Segmenter``'s); bounded: at 4,096 runs, or 1 MiB of their text, it starts again empty.
/// What it holds never changes an answer, only whether ICU is asked.
///
/// Runs and their opportunities are kept in two arenas, not an array each, and found by their
/// own hash in a table of slots, not a dictionary that hashes it again: a Thai paragraph has a
/// few runs, and two allocations per run (four to store one) and a keyed hash cost as much as
/// the lookup they serve.
final class DictionaryBreakCache {
    private struct Entry {
        var hash: UInt64
        var bytesStart: Int
        var bytesCount: Int
        var breaksStart: Int
        var breaksCount: Int
    }
    /// Open addressing by the run's hash (linear probing, twice as many slots as entries):
    /// an entry's index, or -1.
    private var slots = [Int32](repeating: -1, count: 2 * DictionaryBreakCache.capacity)
    private var entries: [Entry] = []
    private var bytes: [UInt8] = []
    private var breaks: [Int32] = []
    /// ICU's answer for a run not kept, before it is stored.
    private var found: [Int32] = []
    private(set) var hits = 0
    private(set) var misses = 0
    static let capacity = 4_096
    static let byteCapacity = 1 << 20

    /// Calls `body` with each opportunity inside `run`, in order: remembered, else what `find`
    /// appends to the (empty) array it is given.
    func forEachBreak(
        of run: UnsafeBufferPointer<UInt8>, find: (inout [Int32]) -> Void, _ body: (Int32) -> Void
    ) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for byte in run { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ hash >> 32) & mask
        while slots[slot] >= 0 {
            let entry = entries[Int(slots[slot])]
            if entry.hash == hash && entry.bytesCount == run.count
                && bytes.withUnsafeBufferPointer({
                    memcmp($0.baseAddress! + entry.bytesStart, run.baseAddress!, run.count) == 0
                })
            {
                hits += 1
                for i in entry.breaksStart..<entry.breaksStart + entry.breaksCount { body(breaks[i]) }
                return
            }
            slot = (slot + 1) & mask
        }
        misses += 1
        found.removeAll(keepingCapacity: true)
        find(&found)
        for b in found { body(b) }
        guard run.count <= Self.byteCapacity else { return }  // never kept, nor room made for it
        if entries.count >= Self.capacity || bytes.count + run.count > Self.byteCapacity {
            for i in slots.indices { slots[i] = -1 }
            entries.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            breaks.removeAll(keepingCapacity: true)
            slot = Int(truncatingIfNeeded: hash ^ hash >> 32) & mask
        }
        slots[slot] = Int32(entries.count)
        entries.append(
            Entry(
                hash: hash, bytesStart: bytes.count, bytesCount: run.count, breaksStart: breaks.count,
                breaksCount: found.count))
        bytes.append(contentsOf: run)
        breaks.append(contentsOf: found)
    }
}

extension Segmenter {
    /// Appends the line break opportunities of paragraph `range` (offsets from its start,
    /// ascending, neither 0 nor its end) found as ``DictionaryBreaks`` says, by our breaker in
    /// `mode`. Returns false, appending nothing, when the paragraph has a character that way
    /// does not handle (ICU's iterator must break it).
    func appendDictionaryBoundaries(
        _ range: Range<Int>, of input: SegmentationInput, mode: PairLineBreaker.Mode, to boundaries: inout [Int32]
    ) -> Bool {
        let text = input.text
        let from = boundaries.count
        dictionaryStarts.removeAll()
        dictionaryClasses.removeAll()
        dictionaryRuns.removeAll()
        var runStart = -1
        var runEngine: UInt8 = 0
        // The tables once: each read of a static is a call to swift_once, per character here.
        let lineClasses = PairLineBreaker.bmp
        let dictionaryInfo = DictionaryBreaks.table
        var i = range.lowerBound
        while i < range.upperBound {
            let (scalar, length) = UTF8Scalars.decode(text, at: i)
            var lineClass = scalar < 0x10000 ? lineClasses[Int(scalar)] : PairLineBreaker.compute(scalar)
            var engine: UInt8 = 0
            if lineClass == PairLineBreaker.unsupported {
                let info = DictionaryBreaks.info(scalar, table: dictionaryInfo)
                engine = info >> 1
                guard engine != 0, engine != DictionaryBreaks.otherEngine else { return false }
                lineClass = info & 1 != 0 ? PairLineBreaker.CM : PairLineBreaker.AL
            }
            if engine != runEngine {
                // A run that begins with a mark: the mark may belong to the character before
                // (ICU's rule boundary may then fall after it, inside the run; ICU decides).
                if engine != 0 && lineClass == PairLineBreaker.CM { return false }
                if runEngine != 0 {
                    dictionaryRuns.append(Int32(runStart))
                    dictionaryRuns.append(Int32(i))
                }
                (runStart, runEngine) = (i, engine)
            }
            dictionaryStarts.append(Int32(i - range.lowerBound))
            dictionaryClasses.append(lineClass)
            i += length
        }
        if runEngine != 0 {
            dictionaryRuns.append(Int32(runStart))
            dictionaryRuns.append(Int32(range.upperBound))
        }
        guard dictionaryRuns.count > 0 else { return false }

        // Outside the runs and at their edges: our breaker, SA read as AL or CM.
        let classes = dictionaryClasses.base
        let starts = dictionaryStarts.base
        let found = PairLineBreaker.findBreaks(
            count: dictionaryClasses.count, mode: mode, lineClass: { classes[$0] },
            mark: { boundaries.append(starts[$0]) })
        guard found else {
            boundaries.removeSubrange(from...)
            return false
        }
        // Inside each run: ICU's dictionary, the run alone.
        var inside = false
        for r in stride(from: 0, to: dictionaryRuns.count, by: 2) {
            let run = Int(dictionaryRuns[r])..<Int(dictionaryRuns[r + 1])
            let bytes = UnsafeBufferPointer(rebasing: text[run])
            let offset = Int32(run.lowerBound - range.lowerBound)
            dictionaryCache.forEachBreak(of: bytes) { found in
                try? input.context.breakIterators.appendICULineBoundaries(
                    locale: input.rules.rootBreakLocale, text: bytes, to: &found)
            } _: { b in
                boundaries.append(offset + b)
                inside = true
            }
        }
        if inside { boundaries[from...].sort() }
        return true
    }
}
