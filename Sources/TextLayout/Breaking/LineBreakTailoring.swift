import CTextShims

/// Where FeedLayout's line break opportunities differ from ICU 72's, on purpose: where ICU 72 is
/// not UAX #14 15.0 (Unicode's own `LineBreakTest.txt` holds the engine to it: every case passes
/// under `.strict`, and under `.normal` every case but those CJ as ID explains). Both ways the
/// engine finds opportunities apply it: ``PairLineBreaker`` in its rules, and
/// ``BreakIteratorPool/appendLineBoundaries(locale:text:to:)`` to the boundaries of ICU's
/// iterator. Tests hold both to each other and to the test file.
///
/// The differences (21 cases of LineBreakTest 15.0, where ICU 72 took rules Unicode 15.1 later
/// adopted in other forms):
///
/// * **a hyphen before a letter**: ICU keeps `-` (U+002D) or `‐` (U+2010), with any marks on
///   it, to an AL character after it when a break came just before the hyphen (`^(HY|‐) × AL`);
///   UAX #14 15.0 breaks (`-§`, `-\u{0308}#`, `-ก`). Pango 1.50 (UAX #14 of 15.0) breaks too,
///   so `success. -|EINVAL` ends a line as there; Chromium breaks only before ASCII letters.
/// * **IS before a digit outside a number**: ICU keeps `, 0` and `a.2` together (`IS × NU`);
///   UAX #14 15.0's numbers are `NU (NU|SY|IS)*`, so `,` or `.` not after a digit breaks before
///   the digit.
/// * **a prefix before an opening bracket and IS**: ICU keeps `$(.5` together (`(PR|PO) × OP IS
///   NU`); UAX #14's numbers are `(PR|PO)? (OP|HY)? NU …`, so `$|(.|5`.
/// * **spaces before IS**: ICU breaks ` |.35` (`SP ÷ IS NU`); UAX #14's LB13 keeps every IS to
///   the spaces before it (but after `ZW SP*`): `equals .|35`.
enum LineBreakTailoring {
    /// Applies the tailoring to ICU's line boundaries of UTF-8 `text`: `boundaries[from...]`,
    /// ascending byte offsets inside the text (neither 0 nor its end). Where ICU 72 departs from
    /// UAX #14 15.0, makes them UAX #14's (what ``PairLineBreaker`` gives):
    ///
    /// * a break after a hyphen (HY, U+2010) and its combining marks before an AL character
    ///   (ICU's `^(HY|‐) × AL`), unless LB21a keeps it (`HL (HY|BA) ×`) or a ZWJ ends the marks
    ///   (LB8a);
    /// * a break between IS (and its marks) and NU outside a number (ICU's `IS × NU`): none of
    ///   `NU (NU|SY|IS)*` comes before the IS;
    /// * a break between PR or PO and OP before `IS NU` (ICU's `(PR|PO) × OP IS NU`);
    /// * no break between spaces and IS (LB13), but after `ZW SP*` (LB8) (ICU's `SP ÷ IS NU`).
    ///
    /// - Complexity: O(n) in the text's length; allocates the text's classes and, when it
    ///   changes a boundary, the merged boundaries.
    static func apply(to boundaries: inout [Int32], from: Int, text: UnsafeBufferPointer<UInt8>) {
        guard text.count >= 2 else { return }
        var offsets: [Int32] = []
        var classes: [UInt8] = []
        var i = 0
        while i < text.count {
            let (scalar, length) = UTF8Scalars.decode(text, at: i)
            offsets.append(Int32(i))
            var lineClass = PairLineBreaker.lineClass(scalar)
            if lineClass == PairLineBreaker.unsupported && ctextshims_line_break_class(scalar) == 24 {
                // SA (Thai, Lao, Khmer, Myanmar…) is AL, or CM for its marks (UAX #14 LB1).
                let category = ctextshims_general_category(scalar)
                lineClass = category == 6 || category == 8 ? PairLineBreaker.CM : PairLineBreaker.AL
            }
            classes.append(lineClass)
            i += length
        }
        let n = classes.count
        typealias B = PairLineBreaker
        func isMark(_ c: UInt8) -> Bool { c == B.CM || c == B.ZWJ }
        /// The first scalar after `k`'s combining marks, unless a ZWJ ends them (LB8a: no break).
        func afterMarks(_ k: Int) -> Int? {
            var j = k + 1
            while j < n && isMark(classes[j]) { j += 1 }
            return j < n && classes[j - 1] != B.ZWJ ? j : nil
        }
        /// The class `k`'s combining marks attach to (LB9), or nil at the start or after SP or ZW.
        func base(before k: Int) -> UInt8? {
            var j = k - 1
            while j >= 0 && isMark(classes[j]) { j -= 1 }
            guard j >= 0 else { return nil }
            if j < k - 1 && (classes[j] == B.SP || classes[j] == B.ZW) { return B.AL }  // LB10
            return classes[j]
        }
        var added: [Int32] = []
        var removed: [Int32] = []
        for k in 0..<n {
            let c = classes[k]
            if c == B.HY || c == B.HH, let j = afterMarks(k), classes[j] == B.AL || classes[j] == B.ALA,
                base(before: k) != B.HL
            {
                added.append(offsets[j])
            } else if c == B.OPN || c == B.OPW, let p = base(before: k), p == B.PR || p == B.PO,
                classes[k - 1] != B.ZWJ,
                let j = afterMarks(k), classes[j] == B.IS, let d = afterMarks(j), classes[d] == B.NU
            {
                added.append(offsets[k])  // LB25: (PR|PO) × OP only before NU
            } else if c == B.IS {
                if let j = afterMarks(k), classes[j] == B.NU {
                    var inNumber = false
                    var m = k - 1
                    while m >= 0 {
                        let d = classes[m]
                        if d == B.NU { inNumber = true; break }
                        guard d == B.SY || d == B.IS || isMark(d) else { break }
                        // LB10: a mark after a space or ZW is AL
                        if isMark(d) && m > 0 && (classes[m - 1] == B.SP || classes[m - 1] == B.ZW) { break }
                        m -= 1
                    }
                    if !inNumber { added.append(offsets[j]) }
                }
                if k > 0 && classes[k - 1] == B.SP {
                    var m = k - 1
                    while m > 0 && classes[m] == B.SP { m -= 1 }
                    if classes[m] != B.ZW { removed.append(offsets[k]) }
                }
            }
        }
        guard !added.isEmpty || !removed.isEmpty else { return }
        var merged = Set(boundaries[from...])
        merged.formUnion(added)
        merged.subtract(removed)
        boundaries.replaceSubrange(from..., with: merged.sorted())
    }
}
