import BenchmarkSupport

/// A text where both oracles agree and we do not: what `--disagreements` writes, one per text
/// and width.
public struct OursAloneDisagreement: Codable, Sendable, Equatable {
    /// The corpus's name (`ja`).
    public var corpus: String
    /// The text's line number in the corpus file (1-based).
    public var text: Int
    public var width: Double
    /// "lines" when our line count differs from the oracles', else "breaks".
    public var kind: String
    /// The cause, one of ``Cause``'s raw values.
    public var cause: String
    public var ours: LineBreaks
    public var pango: LineBreaks
    public var chromium: LineBreaks
    /// The first line (0-based) that ends elsewhere in ours than in the oracles.
    public var line: Int
    /// That line as we break it and as the oracles break it (white space at the end included).
    public var ourLine: String
    public var oracleLine: String
    /// The width we report for our line (white space at its end excluded), in px.
    public var ourLineWidth: Double
    /// Our line's text measured by itself on one line, by us and by Pango, in px.
    public var ourLineAloneWidth: Double
    public var pangoOurLineWidth: Double
    /// The longer of the two lines' text (white space at its end excluded) measured by us and by
    /// Pango, in px: equal widths point at break opportunities, unequal ones at measuring.
    public var longerLineWidth: Double
    public var pangoLongerLineWidth: Double
    /// The whole text.
    public var textContent: String

    /// The key of the known list: `corpus:text@width`.
    public var key: String { Self.key(corpus: corpus, text: text, width: width) }

    static func key(corpus: String, text: Int, width: Double) -> String {
        "\(corpus):\(text)@\(Accuracy.number(width))"
    }
}

/// Why we alone break a text elsewhere, as far as the text and the measurements tell. The
/// first that applies, in this order: a line that overflows when shaped alone; then, when we and
/// Pango measure the lines' text alike, which break opportunity differs; else what in the lines
/// is measured differently.
public enum Cause: String, CaseIterable, Codable, Sendable {
    /// Our line, shaped by itself, is wider than the width it was filled to: the kerning or
    /// shaping across the line's end was kept (issue 11, item 4).
    case kerningAtLineEdge = "kerning-at-line-edge"
    /// We break before a small kana or the prolonged sound mark (line-break class CJ), as ICU's
    /// normal rules and Chromium do; Pango never does (CJ as NS). Where Chromium agrees with Pango
    /// it is for another reason (a URL or path it keeps whole, spaces by CJK it measures 0.61 px
    /// wider, `POSIX.1-|2001`).
    case smallKanaAtLineStart = "small-kana-at-line-start"
    /// We break before a hyphen that starts a word after a space (" -EINVAL") and not after it;
    /// the oracles break after it too. FeedLayout follows them before ASCII letters
    /// (`LineBreakTailoring`), so a new case here is a regression.
    case hyphenAfterSpace = "hyphen-after-space"
    /// The oracles break between a full stop or comma and a digit ("POSIX.|1"); we do not. Only
    /// Pango has that break (IS ÷ NU unless a number comes before); Chromium, like ICU, keeps
    /// `POSIX.1` whole and agrees on the line count for another reason.
    case digitAfterFullStop = "digit-after-full-stop"
    /// We break between Latin letters or digits and the Hangul that follows them ("Super|키");
    /// the oracles do not, though all three have the opportunity: Pango inserts a hyphen there
    /// (5.47 px), Chromium measures the spaces by Hangul 0.61 px wider, so the line no longer fits.
    case latinBeforeHangul = "latin-before-hangul"
    /// Any other break opportunity.
    case breakOpportunity = "break-opportunity"
    /// A keycap sequence (digit, VS16, U+20E3): Pango sets the digit in Noto Sans and U+20E3 apart
    /// (30.9 px for 2️⃣ alone); Chromium and we draw one colour glyph (21 px). Where Chromium's
    /// line count agrees with Pango's it is for another reason, mostly a URL or path it keeps
    /// whole (no break after `/` before a letter: `https://|www…` never happens in Chromium).
    case keycapSequence = "keycap-sequence"
    /// A ZWJ sequence whose character after the joiner is text-default (♀ ♂ ⚕ ✈ …), or a
    /// skin-tone modifier on a text-default base (☝🏻): Pango splits it and sets the text-default
    /// part in Noto Sans CJK (17 px); Chromium and we draw one glyph (21 px). Chromium agrees on
    /// the line count for another reason, as with keycaps.
    case zwjSequenceSplit = "zwj-sequence-split"
    /// An emoji-presentation character without VS16 that Pango sets in Noto Sans CJK (⚽ 🈚 🆎 …):
    /// the oracles use the CJK font (17 px), we the colour font (21.17 px) (item 3).
    case emojiPresentationInCJKFont = "emoji-presentation-in-cjk-font"
    /// A text-default symbol with VS16 (▶️ ↕️ …) that Pango sets in Noto Sans CJK (17 px);
    /// Chromium and we use the colour font (21 px).
    case variationSelectorInCJKFont = "vs16-symbol-in-cjk-font"
    /// A space after CJK text before a non-CJK character: the oracles measure it in Noto Sans,
    /// we in Noto Sans CJK SC (item 2).
    case spaceAfterCJK = "space-after-cjk"
    /// A space after a non-CJK character (emoji, Latin punctuation) before CJK text: the oracles
    /// measure it in Noto Sans CJK, we in Noto Sans.
    case spaceBeforeCJK = "space-before-cjk"
    /// The widths differ for another reason.
    case otherWidth = "other-width"

    /// One sentence for the report.
    public var explanation: String {
        switch self {
        case .kerningAtLineEdge:
            "our line, shaped by itself, is wider than the width: kerning or shaping across the line end was kept"
        case .smallKanaAtLineStart:
            "we break before a small kana or ー (class CJ) as Chromium does; Pango never does, and Chromium agrees with it here for another reason"
        case .hyphenAfterSpace:
            "we break before a word-initial hyphen after a space (\" -EINVAL\") but not after it; the oracles break after it too"
        case .digitAfterFullStop:
            "Pango breaks between \".\" or \",\" and a digit (\"POSIX.|1\"); Chromium and we do not, Chromium agrees with Pango here for another reason"
        case .latinBeforeHangul:
            "we break between Latin letters and the Hangul after them (\"Super|키\"); Pango adds a hyphen there, Chromium's spaces by Hangul are wider"
        case .breakOpportunity: "we and Pango measure the line alike: another break opportunity differs"
        case .keycapSequence:
            "a keycap (2️⃣): Pango sets the digit and U+20E3 apart (30.9 px), Chromium and we draw one glyph (21 px); Chromium's count agrees for another reason"
        case .zwjSequenceSplit:
            "a ZWJ or skin-tone sequence on a text-default character (🙆🏿‍♀️, ☝🏻): Pango splits it (38.2 px), Chromium and we do not (21 px); Chromium's count agrees for another reason"
        case .emojiPresentationInCJKFont:
            "an emoji-presentation character, no VS16, that Pango sets in the CJK font (⚽ 🈚 🆎 …); we use the colour font"
        case .variationSelectorInCJKFont:
            "a text-default symbol with VS16 (▶️ ↕️ …): Pango uses the CJK font (17 px), Chromium and we the colour font (21 px)"
        case .spaceAfterCJK:
            "a space after CJK text before a non-CJK character: the oracles measure it in Noto Sans, we in Noto Sans CJK SC"
        case .spaceBeforeCJK:
            "a space after emoji or Latin text before CJK: the oracles measure it in Noto Sans CJK, we in Noto Sans"
        case .otherWidth: "the line's width differs for another reason"
        }
    }
}

/// Finds the cause of a disagreement of ours alone (see ``Cause``), measuring the line where
/// we differ with our engine and with Pango.
struct DisagreementClassifier {
    let engine: EngineMeasurer
    let peer: PangoPeer

    func disagreement(
        corpus: String, number: Int, text: String, width: Double, ours: LineBreaks,
        pango: LineBreaks, chromium: LineBreaks
    ) -> OursAloneDisagreement {
        let scalars = Array(text.unicodeScalars)
        // The first line that ends elsewhere; the line starts at the same offset in both.
        let line =
            zip(ours.breaks, pango.breaks).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(ours.breaks.count, pango.breaks.count)
        let start = line == 0 ? 0 : ours.breaks[line - 1]
        let ourEnd = line < ours.breaks.count ? ours.breaks[line] : scalars.count
        let oracleEnd = line < pango.breaks.count ? pango.breaks[line] : scalars.count
        let ourLine = String(String.UnicodeScalarView(scalars[start..<ourEnd]))
        let oracleLine = String(String.UnicodeScalarView(scalars[start..<oracleEnd]))
        let ourLayout = engine.measure(text, width: width)
        let ourLineWidth = line < ourLayout.lines.count ? ourLayout.lines[line].width ?? 0 : 0
        let ourLineAlone = engine.width(of: ourLine)
        let pangoOurLine = peer.measure(ourLine, width: 0).width
        let longer = ourEnd > oracleEnd ? ourLine : oracleLine
        let longerWidth = engine.width(of: longer)
        let pangoLongerWidth = peer.measure(longer, width: 0).width

        let segment = scalars[start..<max(ourEnd, oracleEnd)]
        let cause: Cause
        if ourEnd > oracleEnd, ourLineAlone > width + 1e-6 {
            cause = .kerningAtLineEdge
        } else if abs(longerWidth - pangoLongerWidth) <= 0.05 {
            cause = Self.breakCause(scalars: scalars, ourEnd: ourEnd, oracleEnd: oracleEnd, segment: segment)
        } else {
            cause = widthCause(segment)
        }
        return OursAloneDisagreement(
            corpus: corpus, text: number, width: width,
            kind: ours.lineCount != pango.lineCount ? "lines" : "breaks", cause: cause.rawValue,
            ours: ours, pango: pango, chromium: chromium, line: line, ourLine: ourLine, oracleLine: oracleLine,
            ourLineWidth: ourLineWidth, ourLineAloneWidth: ourLineAlone, pangoOurLineWidth: pangoOurLine,
            longerLineWidth: longerWidth, pangoLongerLineWidth: pangoLongerWidth, textContent: text)
    }

    /// Which break opportunity differs, from the characters around the two breaks.
    static func breakCause(scalars: [Unicode.Scalar], ourEnd: Int, oracleEnd: Int, segment: ArraySlice<Unicode.Scalar>)
        -> Cause
    {
        func at(_ index: Int) -> Unicode.Scalar? { index >= 0 && index < scalars.count ? scalars[index] : nil }
        if ourEnd > oracleEnd, let next = at(ourEnd), isSmallKana(next) { return .smallKanaAtLineStart }
        if oracleEnd == ourEnd + 1, at(ourEnd) == "-", at(ourEnd - 1)?.properties.isWhitespace == true {
            return .hyphenAfterSpace
        }
        if oracleEnd > ourEnd, let before = at(oracleEnd - 1), before == "." || before == ",",
            let after = at(oracleEnd), ("0"..."9").contains(after)
        {
            return .digitAfterFullStop
        }
        if ourEnd > oracleEnd, let next = at(ourEnd), let previous = at(ourEnd - 1), isHangul(next),
            previous.isASCII, previous.properties.isAlphabetic || ("0"..."9").contains(previous)
        {
            return .latinBeforeHangul
        }
        return .breakOpportunity
    }

    /// What in `segment` is measured differently (the first that applies, rarest first).
    func widthCause(_ segment: ArraySlice<Unicode.Scalar>) -> Cause {
        if segment.contains(where: { $0.value == 0x20E3 }) { return .keycapSequence }
        for index in segment.indices.dropLast() {
            let next = segment[index + 1]
            if segment[index].value == 0x200D, next.properties.isEmoji, !next.properties.isEmojiPresentation {
                return .zwjSequenceSplit
            }
            let base = segment[index]
            if (0x1F3FB...0x1F3FF).contains(next.value), base.properties.isEmoji, !base.properties.isEmojiPresentation,
                base.value > 0x7F
            {
                return .zwjSequenceSplit
            }
        }
        for index in segment.indices where segment[index].properties.isEmoji && segment[index].value > 0x7F {
            let selector = index + 1 < segment.endIndex && segment[index + 1].value == 0xFE0F
            let presentation = segment[index].properties.isEmojiPresentation
            guard presentation != selector, pangoUsesCJKFont(segment[index]) else { continue }
            return presentation ? .emojiPresentationInCJKFont : .variationSelectorInCJKFont
        }
        if Self.hasSpace(in: segment, between: { Self.isCJK($0) }, and: { !Self.isCJK($0) }) { return .spaceAfterCJK }
        if Self.hasSpace(in: segment, between: { !Self.isCJK($0) }, and: { Self.isCJK($0) }) { return .spaceBeforeCJK }
        return .otherWidth
    }

    /// Whether Pango sets `scalar` (with VS16 when it is text-default) in a Noto Sans CJK face.
    func pangoUsesCJKFont(_ scalar: Unicode.Scalar) -> Bool {
        let text = scalar.properties.isEmojiPresentation ? String(scalar) : String(scalar) + "\u{FE0F}"
        _ = peer.measure(text, width: 0)
        return peer.lastFont(atByteOffset: 0)?.hasPrefix("Noto Sans CJK") == true
    }

    /// Small kana and the prolonged sound mark: line-break class CJ.
    static func isSmallKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
            0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FC,
            0x31F0...0x31FF, 0xFF67...0xFF70:
            true
        default:
            false
        }
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7AF).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
            || (0x3130...0x318F).contains(scalar.value)
    }

    /// A space (U+0020) whose neighbours satisfy `before` and `after` (neither white space).
    static func hasSpace(
        in scalars: ArraySlice<Unicode.Scalar>, between before: (Unicode.Scalar) -> Bool,
        and after: (Unicode.Scalar) -> Bool
    ) -> Bool {
        for index in scalars.indices.dropFirst().dropLast() where scalars[index] == " " {
            let previous = scalars[index - 1], next = scalars[index + 1]
            if previous.properties.isWhitespace || next.properties.isWhitespace { continue }
            // A variation selector or joiner belongs to the character before it.
            let base =
                (previous.value == 0xFE0F || previous.value == 0x200D || (0x1F3FB...0x1F3FF).contains(previous.value))
                    && index >= scalars.startIndex + 2 ? scalars[index - 2] : previous
            if before(base), after(next) { return true }
        }
        return false
    }

    /// Han, kana, Hangul, CJK symbols and punctuation, full-width forms.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF,
            0x20000...0x3FFFF:
            true
        default:
            false
        }
    }
}
