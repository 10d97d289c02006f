import CHarfBuzz
import LockSupport
import Synchronization

/// Where a font puts the baselines a line may align on, in font units (y up), for one script.
///
/// Pango (1.50 with HarfBuzz ≥ 4) aligns every run of a line on the baseline that the script of
/// the line's first run uses (ideographic face bottom for Han, kana and Hangul; hanging for
/// Indic scripts; roman otherwise), each font giving its own position of that baseline from
/// its `BASE` table or HarfBuzz's fallback. A Latin run after a Han one therefore sits 83 units
/// higher in Noto Sans than on Noto Sans CJK's roman baseline, which changes the line's height.
struct RunBaselines: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        case roman = 0, ideographicFaceBottom = 1, hanging = 2
    }
    /// The kind of baseline the script itself aligns on.
    var ownKind: Kind
    /// The position of each kind, indexed by `Kind.rawValue`, in font units.
    var positions: (Int32, Int32, Int32)

    func position(_ kind: Kind) -> Int32 {
        switch kind {
        case .roman: return positions.0
        case .ideographicFaceBottom: return positions.1
        case .hanging: return positions.2
        }
    }

    static func compute(font: Font, scriptTag: UInt32, language: hb_language_t?) -> RunBaselines {
        let script = scriptTag == 0 ? HB_SCRIPT_COMMON : hb_script_from_iso15924_tag(scriptTag)
        var scriptTags = [hb_tag_t](repeating: 0, count: Int(HB_OT_MAX_TAGS_PER_SCRIPT))
        var languageTags = [hb_tag_t](repeating: 0, count: Int(HB_OT_MAX_TAGS_PER_LANGUAGE))
        var scriptCount = UInt32(scriptTags.count)
        var languageCount = UInt32(languageTags.count)
        hb_ot_tags_from_script_and_language(script, language, &scriptCount, &scriptTags, &languageCount, &languageTags)
        let otScript = scriptCount > 0 ? scriptTags[Int(scriptCount) - 1] : 0x44464C54  // 'DFLT'
        let otLanguage = languageCount > 0 ? languageTags[Int(languageCount) - 1] : 0
        func position(_ tag: hb_ot_layout_baseline_tag_t) -> Int32 {
            var coordinate: hb_position_t = 0
            hb_ot_layout_get_baseline_with_fallback(
                font.hbFont, tag, HB_DIRECTION_LTR, otScript, otLanguage, &coordinate)
            return coordinate
        }
        let own: Kind
        switch hb_ot_layout_get_horizontal_baseline_tag_for_script(script) {
        case HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_BOTTOM_OR_LEFT: own = .ideographicFaceBottom
        case HB_OT_LAYOUT_BASELINE_TAG_HANGING: own = .hanging
        default: own = .roman
        }
        return RunBaselines(
            ownKind: own,
            positions: (
                position(HB_OT_LAYOUT_BASELINE_TAG_ROMAN),
                position(HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_BOTTOM_OR_LEFT),
                position(HB_OT_LAYOUT_BASELINE_TAG_HANGING)
            ))
    }

    static func == (a: RunBaselines, b: RunBaselines) -> Bool {
        a.ownKind == b.ownKind && a.positions == b.positions
    }
}

/// Baselines by font and script, each computed the first time a run of that font and script is
/// measured (a font or script no text reaches costs nothing); then looking one up is an atomic
/// load and a read.
final class BaselineTable: Sendable {
    private let fonts: [Font]
    private let tables: [FontBaselines]
    /// The same tables, kept alive by `tables`: read without retaining one per run.
    private let unretained: [Unmanaged<FontBaselines>]

    init(fonts: [Font]) {
        self.fonts = fonts
        tables = fonts.map { _ in FontBaselines() }
        unretained = tables.map { Unmanaged.passUnretained($0) }
    }

    /// The baselines of a font for a script (with no language, as Pango asks with the C locale).
    @inline(__always) func baselines(font: UInt8, script: UInt8) -> RunBaselines {
        unretained[Int(font)]._withUnsafeGuaranteedRef { table in
            table.baselines(script: script) {
                RunBaselines.compute(
                    font: fonts[Int(font)], scriptTag: UnicodeProperties.scriptTags[Int(script)], language: nil)
            }
        }
    }
}

/// One font's baselines for the 256 script codes, each made once on first use: a 256-bit set
/// of the entries made (atomic words, published with a releasing store after the entry is
/// written) over a table written under a lock.
final class FontBaselines: @unchecked Sendable {  // entries are written once, under the lock, before their bit is set
    private let made0 = Atomic<UInt64>(0)
    private let made1 = Atomic<UInt64>(0)
    private let made2 = Atomic<UInt64>(0)
    private let made3 = Atomic<UInt64>(0)
    private let entries = UnsafeMutablePointer<RunBaselines>.allocate(capacity: 256)
    private let lock = PlainLock()

    deinit { entries.deallocate() }  // RunBaselines is plain data

    private func made(_ script: UInt8) -> Bool {
        let bit: UInt64 = 1 << UInt64(script & 63)
        switch script >> 6 {
        case 0: return made0.load(ordering: .acquiring) & bit != 0
        case 1: return made1.load(ordering: .acquiring) & bit != 0
        case 2: return made2.load(ordering: .acquiring) & bit != 0
        default: return made3.load(ordering: .acquiring) & bit != 0
        }
    }

    private func markMade(_ script: UInt8) {
        let bit: UInt64 = 1 << UInt64(script & 63)
        switch script >> 6 {
        case 0: made0.bitwiseOr(bit, ordering: .releasing)
        case 1: made1.bitwiseOr(bit, ordering: .releasing)
        case 2: made2.bitwiseOr(bit, ordering: .releasing)
        default: made3.bitwiseOr(bit, ordering: .releasing)
        }
    }

    @inline(__always) func baselines(script: UInt8, compute: () -> RunBaselines) -> RunBaselines {
        if made(script) { return entries[Int(script)] }
        return lock.withLock {
            if !made(script) {
                (entries + Int(script)).initialize(to: compute())
                markMade(script)
            }
            return entries[Int(script)]
        }
    }
}
