import CTextShims

/// A line breaker that gives exactly ICU 72's line break opportunities (root locale, `@lb=normal`,
/// `@lb=strict`, `@lb=loose`) with FeedLayout's tailoring (``LineBreakTailoring``: UAX #14 15.0
/// where ICU 72 departs from it) for text made only of the line-break classes it knows,
/// without ICU, allocation or a break iterator: a 65,536-entry class table, a class-pair table and
/// a few bytes of context.
///
/// ICU's rules (its `line.txt`, `line_normal.txt`, `line_loose.txt`; the rule text ICU 72 reports
/// for those locales) are chained: a match may continue with any rule that starts with the last
/// character of the previous one, and the next boundary is where the longest match from the
/// previous boundary ends (a look-ahead rule ends it at once). On the classes supported here that
/// reduces to:
///
/// * a pair table (class before × class after → break or not) holding every two-character rule:
///   LB7 `× SP, × ZW`; LB8 `ZW ÷` (even before CL, WJ…); LB11 `× WJ ×`; LB12/12a GL; LB13
///   `× CL CP EX SY` (even after spaces, as ICU does); `[^SP] × IS`; LB14 `OP ×`; LB15
///   `QU × OP`; LB16 `(CL|CP) × NS`; LB17 `B2 × B2`; LB19 `× QU ×`; LB20 CB; LB21 `× BA HY NS`;
///   LB21a/b; LB22 `× IN`; LB23/23a/24 (AL HL NU ID EB EM PR PO); the pairs of LB25's number
///   expression `(PR|PO)? (OP|HY)? NU (NU|SY|IS)* (CL|CP)? (PR|PO)?` that hold anywhere
///   (`PR × NU`, `HY × NU`…; `IS × NU` only inside a number); LB26/27 Hangul; LB28/29; LB30 with East Asian Width
///   (only narrow OP/CP); LB30b `EB × EM` (and unassigned Extended_Pictographic × EM);
/// * after a run of spaces, the character before the spaces: `OP SP* ×`, `QU SP* × OP`,
///   `(CL|CP) SP* × NS`, `B2 SP* × B2`, `ZW SP* ÷`; LB13 `SP* × IS` (not ICU's `SP ÷ IS NU`);
/// * LB25's number state: after `NU (NU|SY|IS)*` no break before NU, PR, PO (nor after a closing
///   CL/CP before PR, PO); `PR/PO OP NU` does not break before the OP, but `PR OP` followed
///   by anything else does (decided a code point later);
/// * LB21a `HL (HY|BA) × [^CB]` (and not ICU's LB20a `^(HY|‐) × AL`: ``LineBreakTailoring``);
/// * LB9 `X CM* → X` (a combining mark or ZWJ changes no state and is never broken before),
///   LB10 (after SP, ZW or at the start it is AL), LB8a `ZWJ ×`, LB30a RI pairs (`RI RI / RI`).
///
/// Because of LB25 a decision may wait for two more code points, so `advance` answers for the
/// code point fed two calls earlier, and `finish` for the last two. A combining mark right after
/// such a waiting code point (`PR OP CM`) sets `needsICU`.
///
/// Not supported (ICU must be used): SA (dictionary), BK, CR, LF, NL, SG (unpaired surrogates),
/// and unassigned Extended_Pictographic of a class other than ID.
struct PairLineBreaker {
    enum Mode: Int, CaseIterable, Sendable {
        /// `@lb=normal`: CJ is ID.
        case normal = 0
        /// `@lb=strict` (and ICU's root rules): CJ is NS.
        case strict = 1
        /// `@lb=loose`: CJ is ID; the iteration marks 々〻ゝゞヽヾ are not NS; IN ÷ IN.
        case loose = 2

        /// The mode of ICU's root locale with `strictness` ("@lb=normal" for `.normal`...).
        init(_ strictness: LineBreakStrictness) {
            switch strictness {
            case .normal: self = .normal
            case .strict: self = .strict
            case .loose: self = .loose
            }
        }

        init?(locale: String) {
            switch locale {
            case "@lb=normal": self = .normal
            case "@lb=strict", "": self = .strict
            case "@lb=loose": self = .loose
            default: return nil
            }
        }
    }

    // MARK: Internal classes

    /// A code point whose class this breaker does not handle.
    static let unsupported: UInt8 = 0
    static let AL: UInt8 = 1  // AL, AI, XX
    static let HL: UInt8 = 2
    static let ID: UInt8 = 3
    static let CJ: UInt8 = 4  // ID (normal, loose) or NS (strict)
    static let EB: UInt8 = 5  // EB, and unassigned Extended_Pictographic of class ID
    static let EM: UInt8 = 6
    static let NU: UInt8 = 7
    static let CL: UInt8 = 8
    static let CPN: UInt8 = 9  // CP not East Asian F/W/H
    static let CPW: UInt8 = 10
    static let OPN: UInt8 = 11  // OP not East Asian F/W/H
    static let OPW: UInt8 = 12
    static let QU: UInt8 = 13
    static let EX: UInt8 = 14
    static let IS: UInt8 = 15
    static let SY: UInt8 = 16
    static let NS: UInt8 = 17
    static let NSX: UInt8 = 18  // 々〻ゝゞヽヾ: NS, except in loose mode
    static let BA: UInt8 = 19
    static let HH: UInt8 = 20  // U+2010 HYPHEN (BA)
    static let BB: UInt8 = 21
    static let HY: UInt8 = 22
    static let SP: UInt8 = 23
    static let GL: UInt8 = 24
    static let B2: UInt8 = 25
    static let PR: UInt8 = 26
    static let PO: UInt8 = 27
    static let ZW: UInt8 = 28
    static let WJ: UInt8 = 29
    static let IN: UInt8 = 30
    static let CB: UInt8 = 31
    static let JL: UInt8 = 32
    static let JV: UInt8 = 33
    static let JT: UInt8 = 34
    static let H2: UInt8 = 35
    static let H3: UInt8 = 36
    static let RI: UInt8 = 37
    static let CM: UInt8 = 38
    static let ZWJ: UInt8 = 39
    /// AL below U+0080 (the letters, # & * < = > @ ^ _ ~ and the grave accent): AL in every rule
    /// (it once differed after a hyphen; the generated tables keep the class).
    static let ALA: UInt8 = 40
    /// Before the first code point (never a real class after remapping).
    static let start: UInt8 = 41
    static let classCount = 42

    /// The internal class of every BMP code point (mode-independent: CJ and NSX are remapped
    /// per mode inside `advance`): the generated table (`CTextShims`) when it was made from
    /// this machine's ICU, else computed from ICU at first use.
    static let bmp = BMPTable<UInt8>(generated: ctextshims_line_class_table(), compute: compute)

    @inline(__always) static func lineClass(_ scalar: UInt32) -> UInt8 {
        scalar < 0x10000 ? bmp[Int(scalar)] : compute(scalar)
    }

    static func compute(_ c: UInt32) -> UInt8 {
        if c == 0x2010 { return HH }
        switch c {
        case 0x3005, 0x303B, 0x309D, 0x309E, 0x30FD, 0x30FE: return NSX
        default: break
        }
        let eaw = ctextshims_east_asian_width(c)
        let wide = eaw == 2 || eaw == 3 || eaw == 5  // H, F, W
        switch ctextshims_line_break_class(c) {
        case 0, 1, 2: return c < 0x80 ? ALA : AL  // XX, AI, AL (LB1)
        case 3: return B2
        case 4: return BA
        case 5: return BB
        case 7: return CB
        case 8: return CL
        case 11: return EX
        case 12: return GL
        case 13: return HY
        case 14:
            if ctextshims_general_category(c) == 0 && ctextshims_is_extended_pictographic(c) { return EB }
            return ID
        case 15: return IN
        case 16: return IS
        case 18: return NS
        case 19: return NU
        case 20: return wide ? OPW : OPN
        case 21: return PO
        case 22: return PR
        case 23: return QU
        case 26: return SP
        case 27: return SY
        case 28: return ZW
        case 30: return WJ
        case 31: return H2
        case 32: return H3
        case 33: return JL
        case 34: return JT
        case 35: return JV
        case 36: return wide ? CPW : CPN
        case 37: return CJ
        case 38: return HL
        case 40: return ctextshims_general_category(c) == 0 && ctextshims_is_extended_pictographic(c) ? unsupported : EB
        case 41: return EM
        case 9: return CM
        case 39: return RI
        case 42: return ZWJ
        default: return unsupported  // BK CR LF SA SG NL
        }
    }

    // MARK: Tables

    /// Per mode: a class remap (`classCount` bytes) followed by the pair table
    /// (`classCount × classCount` bytes: bit 0 = break allowed between the two, bit 1 = the pair
    /// may need context, take the full path). The generated tables (`CTextShims`, which do not
    /// depend on ICU), or computed once and never freed when they were made for another number
    /// of classes.
    private struct Tables: @unchecked Sendable {  // Immutable after construction.
        let base: UnsafePointer<UInt8>
    }

    private static let tables: [Tables] = Mode.allCases.map { mode in
        let size = classCount + classCount * classCount
        if ctextshims_line_class_count() == Int32(classCount) {
            return Tables(base: ctextshims_line_pair_tables() + mode.rawValue * size)
        }
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        memory.initialize(from: computeTables(mode), count: size)
        return Tables(base: UnsafePointer(memory))
    }

    /// A mode's remap and pair table, computed from the rules below (the generator writes them).
    static func computeTables(_ mode: Mode) -> [UInt8] {
        let n = classCount
        var table = [UInt8](repeating: 0, count: n + n * n)
        for c in 0..<n { table[c] = remap(UInt8(c), mode) }
        for a in 0..<n {
            for b in 0..<n {
                table[n + a * n + b] =
                    (pairBreaks(UInt8(a), UInt8(b), mode) ? 1 : 0) | (needsContext(UInt8(a), UInt8(b)) ? 2 : 0)
            }
        }
        return table
    }

    private static func remap(_ c: UInt8, _ mode: Mode) -> UInt8 {
        switch (c, mode) {
        case (CJ, .strict): return NS
        case (CJ, _): return ID
        case (NSX, .loose): return NSX
        case (NSX, _): return NS
        default: return c
        }
    }

    /// Whether a pair may be decided or followed by more than the pair table: spaces, numbers,
    /// hyphens, PR/PO before OP, RI, combining marks, the first code point.
    private static func needsContext(_ a: UInt8, _ b: UInt8) -> Bool {
        let rows: Set<UInt8> = [SP, HY, HH, BA, RI, PR, PO, start]
        let columns: Set<UInt8> = [SP, NU, CM, ZWJ, RI]
        return rows.contains(a) || columns.contains(b)
    }

    /// Whether ICU breaks between `a` and `b` when they are adjacent (no spaces between) and no
    /// longer context applies. `a` and `b` are remapped classes.
    private static func pairBreaks(_ a: UInt8, _ b: UInt8, _ mode: Mode) -> Bool {
        // ASCII AL is AL for every pair (its one difference is context: see `advance`).
        let a = a == ALA ? AL : a
        let b = b == ALA ? AL : b
        if a == start { return false }  // never before the first code point
        if a == unsupported || b == unsupported || b == start { return true }
        let alHL: Set<UInt8> = [AL, HL]
        let idLike: Set<UInt8> = [ID, EB, EM]
        let hangul: Set<UInt8> = [JL, JV, JT, H2, H3]
        // LB8: ZW SP* ÷ (anything but SP, ZW)
        if a == ZW { return !(b == SP || b == ZW) }
        // LB7: × SP, × ZW
        if b == SP || b == ZW { return false }
        // LB11: × WJ, WJ ×
        if b == WJ || a == WJ { return false }
        // LB12: GL ×; LB12a: [^SP BA HY] × GL
        if a == GL { return false }
        if b == GL { return a == SP || a == BA || a == HH || a == HY }
        // LB13 (ICU: after any non-ZW): × CL, CP, EX, SY
        if b == CL || b == CPN || b == CPW || b == EX || b == SY { return false }
        // LB14: OP SP* ×
        if a == OPN || a == OPW { return false }
        // LB13: × IS, after spaces too (see `afterSpaces`)
        if b == IS { return false }
        if a == SP { return true }  // LB18 (the other SP rules are context)
        // LB16: (CL|CP) × NS; LB17: B2 × B2
        if (a == CL || a == CPN || a == CPW) && b == NS { return false }
        if a == B2 && b == B2 { return false }
        // LB19: × QU, QU ×
        if b == QU || a == QU { return false }
        // LB20: CB is ÷ on both sides (from here on)
        // LB21: [^CB] × (BA|HY|NS)
        if a != CB && (b == BA || b == HH || b == HY || b == NS) { return false }
        // LB21a (ICU: BB × [^CB])
        if a == BB { return b == CB }
        // LB21b: SY × HL
        if a == SY && b == HL { return false }
        // LB22: [^CB] × IN (loose: not IN × IN)
        if a != CB && b == IN { return mode == .loose && a == IN }
        // LB23: (AL|HL) × NU, NU × (AL|HL)
        if alHL.contains(a) && b == NU { return false }
        if a == NU && alHL.contains(b) { return false }
        // LB23a: PR × (ID|EB|EM), (ID|EB|EM) × PO
        if a == PR && idLike.contains(b) { return false }
        if idLike.contains(a) && b == PO { return false }
        // LB24: (PR|PO) × (AL|HL), (AL|HL) × (PR|PO)
        if (a == PR || a == PO) && alHL.contains(b) { return false }
        if alHL.contains(a) && (b == PR || b == PO) { return false }
        // LB25, the pairs that hold wherever they occur: (PR|PO) × NU, (OP|HY) × NU,
        // NU × (NU|SY|IS), NU × (CL|CP) (LB13), (PR|PO) × (HY|IS) (LB21, LB13).
        // UAX #14 15.0 (its test file's Example 7 regex) has no IS × NU outside a number (`, 5`
        // and `a.2` break before the digit; ICU 72 keeps them): a number's own IS × NU is the
        // number state's (see `advance`).
        if (a == PR || a == PO || a == HY || a == NU) && b == NU { return false }
        // LB26, LB27: Hangul
        if a == JL && (b == JL || b == JV || b == H2 || b == H3) { return false }
        if (a == JV || a == H2) && (b == JV || b == JT) { return false }
        if (a == JT || a == H3) && b == JT { return false }
        if hangul.contains(a) && b == PO { return false }
        if a == PR && hangul.contains(b) { return false }
        // LB28: (AL|HL) × (AL|HL); LB29: IS × (AL|HL)
        if (alHL.contains(a) || a == IS) && alHL.contains(b) { return false }
        // LB30: (AL|HL|NU) × OP30, CP30 × (AL|HL|NU)
        if (alHL.contains(a) || a == NU) && b == OPN { return false }
        if a == CPN && (alHL.contains(b) || b == NU) { return false }
        // LB30b: EB × EM
        if a == EB && b == EM { return false }
        return true  // LB31
    }

    // MARK: State

    private let remapTable: UnsafePointer<UInt8>
    private let pairTable: UnsafePointer<UInt8>
    /// The previous code point's class.
    private var prev: UInt8 = start
    /// The class before `prev`.
    private var prev2: UInt8 = start
    /// The last class before the current run of spaces (`start` when the text began with them).
    private var beforeSpaces: UInt8 = start
    /// LB25: 1 after `NU (NU|SY|IS)*`, 2 after such a number and a closing CL/CP.
    private var number: UInt8 = 0
    /// LB25 `(PR|PO) × OP NU`: 1 after PR/PO OP (the OP is the last code point).
    private var pendingOpen: UInt8 = 0
    /// LB30a: the last RI (CMs aside) opened a pair.
    private var regionalOpen = false
    /// LB8a: the last code point was a ZWJ (ZWJ × anything).
    private var afterZWJ = false
    /// A combining mark came while a decision was waiting for the next code point: the
    /// decision would come out before it is known, so the text must go to ICU.
    private(set) var needsICU = false
    /// Decisions (break before) for the last code point and the one before it.
    private var decision1 = false
    private var decision2 = false

    init(mode: Mode) {
        let base = Self.tables[mode.rawValue].base
        remapTable = base
        pairTable = base + Self.classCount
    }

    /// Feeds the next code point's class (from `lineClass`, never `unsupported`). Returns whether
    /// a line may break before the code point fed two calls earlier (false for the first two
    /// calls: there is nothing or only the first code point there).
    @inline(__always)
    mutating func advance(_ rawClass: UInt8) -> Bool {
        var c = remapTable[Int(rawClass)]
        let p = prev
        let entry = pairTable[Int(p) &* Self.classCount &+ Int(c)]
        if entry & 2 == 0 && number | pendingOpen == 0 && !afterZWJ {
            // The common case: the pair table alone decides, and no state changes but `prev`.
            let answer = decision2
            decision2 = decision1
            decision1 = entry & 1 != 0
            prev2 = p
            prev = c
            return answer
        }
        let joiner = c == Self.ZWJ
        if c == Self.CM || joiner {
            if p == Self.SP || p == Self.ZW || p == Self.start {
                c = Self.AL  // LB10: a combining mark with nothing to attach to is AL
            } else {
                // LB9: X CM* is X (nothing else changes); never a break before it.
                if pendingOpen != 0 { needsICU = true }
                let answer = decision2
                decision2 = decision1
                decision1 = false
                afterZWJ = joiner
                return answer
            }
        }
        var breaks: Bool
        if p == Self.SP {
            breaks = afterSpaces(c)
        } else {
            breaks = pairTable[Int(p) &* Self.classCount &+ Int(c)] & 1 != 0
            if breaks {
                if number != 0 {
                    // LB25: NU (NU|SY|IS)* × (NU|PR|PO); NU … (CL|CP) × (PR|PO)
                    if c == Self.PR || c == Self.PO || (c == Self.NU && number == 1) { breaks = false }
                } else if p == Self.HY || p == Self.HH || p == Self.BA {
                    // LB21a: HL (HY|BA) × [^CB]. (ICU 72's LB20a `^(HY|‐) × AL` is not UAX #14
                    // 15.0's: a word-initial hyphen breaks before a letter; LineBreakTailoring.)
                    if prev2 == Self.HL && c != Self.CB { breaks = false }
                } else if p == Self.RI && c == Self.RI && regionalOpen {
                    breaks = false  // LB30a: RI × RI, in pairs
                }
            }
        }
        if afterZWJ { breaks = false }  // LB8a: ZWJ ×
        // Decisions left open one or two code points ago.
        if pendingOpen != 0 {
            if c == Self.NU {
                decision1 = false
                pendingOpen = 0
            } else {
                pendingOpen = 0
            }
        } else if (c == Self.OPN || c == Self.OPW) && (p == Self.PR || p == Self.PO) {
            pendingOpen = 1  // break before the OP unless NU follows
        }
        let answer = decision2
        decision2 = decision1
        decision1 = breaks
        if c == Self.SP && p != Self.SP { beforeSpaces = p }
        switch c {
        case Self.NU: number = 1
        case Self.SY, Self.IS: if number != 1 { number = 0 }
        case Self.CL, Self.CPN, Self.CPW: number = number == 1 ? 2 : 0
        default: number = 0
        }
        if c == Self.RI { regionalOpen = !(p == Self.RI && regionalOpen) }
        afterZWJ = joiner
        prev2 = p
        prev = c
        return answer
    }

    /// After spaces: `c` is the code point after the run, `beforeSpaces` the one before it.
    @inline(__always)
    private func afterSpaces(_ c: UInt8) -> Bool {
        let b = beforeSpaces
        if c == Self.SP || c == Self.ZW { return false }  // LB7
        if b == Self.ZW { return true }  // LB8: ZW SP* ÷
        if b == Self.OPN || b == Self.OPW { return false }  // LB14: OP SP* ×
        switch c {
        case Self.WJ, Self.CL, Self.CPN, Self.CPW, Self.EX, Self.SY, Self.IS:
            return false  // LB11, LB13 (even after spaces; ICU 72's LB15c `SP ÷ IS NU` is not UAX #14 15.0's)
        case Self.OPN, Self.OPW: return b != Self.QU  // LB15: QU SP* × OP
        case Self.NS: return !(b == Self.CL || b == Self.CPN || b == Self.CPW)  // LB16
        case Self.B2: return b != Self.B2  // LB17
        default: return true  // LB18
        }
    }

    /// At the end of the text: whether a line may break before the second-to-last and before the
    /// last code point fed (meaningless for texts shorter than two code points, see `advance`).
    func finish() -> (beforeSecondToLast: Bool, beforeLast: Bool) {
        (decision2, decision1)
    }

    /// Runs a breaker over `count` code points, code point i of class `lineClass(i)`, and calls
    /// `mark(i)` for each one a line may break before (never the first). Returns false when a
    /// class is unsupported or the text ends with `needsICU` set (some may have been marked).
    @inline(__always)
    static func findBreaks(count: Int, mode: Mode, lineClass: (Int) -> UInt8, mark: (Int) -> Void) -> Bool {
        var breaker = PairLineBreaker(mode: mode)
        for i in 0..<count {
            let cls = lineClass(i)
            if cls == unsupported { return false }
            if breaker.advance(cls) && i >= 3 { mark(i - 2) }
        }
        if breaker.needsICU { return false }
        let (second, last) = breaker.finish()
        if second && count >= 3 { mark(count - 2) }
        if last && count >= 2 { mark(count - 1) }
        return true
    }
}
