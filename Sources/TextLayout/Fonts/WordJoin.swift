import CTextShims
import CHarfBuzz

/// Where two words meet without a space, in a script that writes none between them (Thai,
/// Lao, Khmer), what shaping the words apart and putting them side by side changes: read from a
/// face's `GSUB`, `GPOS` and `GDEF`, it tells when the only lookup reaching from one word into
/// the next is a kerning pair, and what that pair adds.
///
/// HarfBuzz's unsafe-to-concat flag cannot tell it: a pair lookup flags the glyph after every
/// glyph of its coverage, kerned or not, so nearly every Thai word start is flagged, and the
/// segment cache kept no Thai word. With a ``JoinTable`` the cache keeps each word as shaped
/// alone, with its first glyph and its last glyph the kerning sees, and a run made of kept
/// words measures `alone(A) + alone(B) + kern(last(A), first(B))` at each meeting point,
/// which is exactly what HarfBuzz gives the run when:
/// - no rule but the kerning pair can match a glyph sequence reaching from one word into the
///   next: every glyph a rule may match at the second position of its sequence or later
///   (ligature components, a context's glyphs after its first, a mark attachment's marks,
///   cursive attachments), with every glyph substitutions can make of them, is listed, and a
///   word whose first glyph is one of them, or what substitutions make of a mark, a component,
///   .notdef (or a ligature, where a lookup matching sequences skips ligatures), is no word of
///   this kind (``isBlocked(_:)``); no lookup skips base glyphs; no 'rand' feature (its
///   alternates follow a state the whole buffer advances);
/// - the pair lookup is the one pair positioning of the face, applied by the shape plan of
///   the script (HarfBuzz's own list of the plan's lookups) and applied by no context,
///   skipping marks (HarfBuzz zeroes a mark's advance after positioning, a kern on it with it)
///   and at most ligatures besides, with no value for the second glyph (so it never stops the second glyph from
///   starting a pair of its own) and no device table; its value for a pair is read as
///   HarfBuzz reads it: the first subtable that applies wins (``kern(_:_:)``);
/// - the face has no variations (the values are font units as they stand) and nothing that
///   HarfBuzz would shape instead of OpenType (AAT, Graphite, an old `kern` table);
/// - HarfBuzz's shaper for the script adds nothing across a word edge: its Thai shaper (Thai,
///   Lao) forms no syllables and decomposes SARA AM within its cluster only; its Khmer shaper
///   reorders within syllables.
///
/// Some rules need a known glyph right before the next word's first (Khmer's COENG
/// ligatures; its `dist` rules after a space, which rules skipping a zero-width space between
/// Khmer words may match as it: by its own glyph, or the space's that HarfBuzz gives it once
/// hidden): in a face without kerning (only there: a word then keeps its very last glyph, not
/// the last the kerning sees) they block only the edges where the word before ends in that
/// glyph (``JoinTable/isBlocked(_:after:)``). The segment cache then shapes the words around
/// such an edge together, in a window. A word may end in zero-width spaces, which every rule
/// skips; no other default ignorable ends or begins a joined word. Such a rule is read closer
/// where that is exact:
/// - one that matches the zero-width space (as the space) needs, before it, the glyph of its
///   sequence two before the word's first, where substitutions make nothing else of the space;
/// - a positioning rule (which sees the glyphs substitutions leave, as the word keeps them)
///   that needs a known glyph after the word's first blocks only a word whose second glyph may
///   be that one (``JoinTable/firstGlyph(_:second:)``): Khmer's COENG RO comes first in its
///   syllable, before its base, where its `abvm` and `blwm` rules need a vowel sign.
///
/// Only the lookups HarfBuzz's plan for the script applies, and those their contexts apply,
/// are read. Khmer's basic features (`pref`, `blwf`, `abvf`, `pstf`, `cfar`) apply to one
/// syllable at a time, and a word ends its syllables: the input of lookups only they name
/// reaches no word edge, and is not read; the backtrack of their chaining rules is, with the
/// lookahead after an input of several glyphs, which HarfBuzz 6.0 matches beyond the syllable.
/// What substitutions make of a mark counts only where a substitution
/// skipping marks may see the mark first: in Khmer, none of HarfBuzz's first stages skips
/// (else this does not hold), so COENG RO, made there of the mark COENG and RO, may begin a
/// word (``KhmerPlan``).
///
/// Every doubt answers nil (no table), which costs only cache hits: the run is then kept as
/// before, by HarfBuzz's flags and space barriers.
///
/// The same reading, for HarfBuzz's Indic shaper, tells where two syllables of a Telugu,
/// Gujarati or Malayalam word meet with nothing but kerning between them (``IndicPlan``,
/// ``JoinTable/SyllableRules``, ``RunMeasurer``'s syllable joins).
enum WordJoin {
    /// Whether runs of the script with ISO 15924 tag `tag` may join words: Thai and Lao, shaped
    /// by HarfBuzz's Thai shaper, and Khmer, shaped by its Khmer shaper, whose syllables never
    /// reach from one word into the next but where a word ends in COENG or a joiner
    /// (``syllableContinues(after:)``), and whose features apply within syllables or through the
    /// lookups read here.
    static func applies(toScriptTag tag: UInt32) -> Bool {
        tag == Font.tag("Thai") || tag == Font.tag("Laoo") || tag == Font.tag("Khmr")
    }

    /// The scripts whose words may be measured from their grapheme clusters in runs of their
    /// own direction (``RunMeasurer``'s syllable joins, each cluster a syllable, read with a
    /// word's join table): Hebrew, whose shaper forms no syllables nor joins letters. (Thai and
    /// Lao words are measured from theirs among joined words. Latin, Cyrillic and Greek, and
    /// Arabic's parts of words, were tried and left out: `Benchmarks/Results/2026-12-05-clusters.md`.)
    static let clusterScriptTags: [UInt32] = [Font.tag("Hebr")]

    /// ``IndicPlan/scriptTags`` then ``clusterScriptTags``.
    static let syllableScriptTags = IndicPlan.scriptTags + clusterScriptTags
    /// The first code point of the block of each of ``syllableScriptTags`` (its letters).
    static let syllableScriptBlocks = IndicPlan.blocks + [0x0580]

    /// Whether a run of the script with ISO 15924 tag `tag`, right to left or not, may be
    /// measured syllable by syllable: one of ``syllableScriptTags`` in its own direction.
    static func measuresSyllables(ofScriptTag tag: UInt32, rightToLeft: Bool) -> Bool {
        guard let index = syllableScriptTags.firstIndex(of: tag) else { return false }
        return rightToLeft == syllableScriptsRightToLeft[index]
    }
    private static let syllableScriptsRightToLeft = syllableScriptTags.map {
        hb_script_get_horizontal_direction(hb_script_from_iso15924_tag($0)) == HB_DIRECTION_RTL
    }

    /// What HarfBuzz's Indic shaper does with a face's `GSUB` lookups (hb-ot-shaper-indic.cc,
    /// HarfBuzz 6.0).
    enum IndicPlan {
        /// The scripts whose runs may be measured syllable by syllable (``RunMeasurer``'s
        /// syllable joins): those of HarfBuzz's Indic shaper whose syllables are the engine's
        /// grapheme clusters, those ending in a virama joined to the next (UAX #29 15.1's GB9c
        /// keeps Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam conjuncts whole;
        /// Tamil's PULLI ends a cluster), so that a cluster beginning with a letter after one
        /// ending in no virama begins one of HarfBuzz's syllables.
        static let scriptTags: [UInt32] = (["Deva", "Beng", "Gujr", "Orya", "Taml", "Telu", "Mlym"] as [StaticString])
            .map {
                Font.tag($0)
            }
        /// HarfBuzz's `GSUB` stages for the Indic shaper before its last, in order (hb-ot-shape.cc,
        /// hb-ot-shaper-indic.cc): `rvrn`; every plan's next features; the shaper's `locl` and
        /// `ccmp`; each basic feature alone. Every other feature is in the last stage.
        static let stages: [[StaticString]] = [
            ["rvrn"], ["ltra", "ltrm", "frac", "numr", "dnom", "rand", "trak", "Harf", "HARF"], ["locl", "ccmp"],
            ["nukt"], ["akhn"], ["rphf"], ["rkrf"], ["pref"], ["blwf"], ["abvf"], ["half"], ["pstf"], ["vatu"],
            ["cjct"],
        ]

        /// Where a face's `GSUB` lookups apply, by stage (``stages``), for what may apply after a
        /// lookup: HarfBuzz applies a stage's lookups in the order of their indices.
        struct LookupOrder {
            /// Per lookup a feature names, the stages that name it (the last stage is
            /// `stages.count`).
            let stagesOf: [Int: Set<Int>]
            /// Per lookup, those its context rules apply, and those whose rules apply it (at any
            /// depth).
            let applies: [[Int]]
            let appliers: [Set<Int>]

            /// The order for runs of the script with ISO 15924 tag `scriptTag`: of the features
            /// of the `GSUB` script HarfBuzz selects for it (in any language system).
            init?(face: OpaquePointer, bytes: UnsafeRawBufferPointer, scriptTag: UInt32) {
                guard let graph = FollowerReader.lookupGraph(bytes) else { return nil }
                applies = graph.applies
                var appliers = [Set<Int>](repeating: [], count: graph.applies.count)
                for (p, children) in graph.applies.enumerated() {
                    var stack = children
                    while let c = stack.popLast() {
                        guard c < appliers.count, appliers[c].insert(p).inserted else { continue }
                        stack += graph.applies[c]
                    }
                }
                self.appliers = appliers
                let table = Font.tag("GSUB")
                // (Noto Sans Telugu's 'telu' applies in 'blwf' a lookup its 'tel2', which
                // HarfBuzz selects, applies in 'abvs' only.)
                var candidates = [hb_tag_t](repeating: 0, count: 3)
                var candidateCount = UInt32(candidates.count)
                var noLanguage: UInt32 = 0
                hb_ot_tags_from_script_and_language(
                    hb_script_from_iso15924_tag(scriptTag), nil, &candidateCount, &candidates, &noLanguage, nil)
                var scriptIndex: UInt32 = 0
                var chosen: hb_tag_t = 0
                _ = hb_ot_layout_table_select_script(face, table, candidateCount, candidates, &scriptIndex, &chosen)
                let scripts: [hb_tag_t] = [chosen, 0]
                func named(_ tags: [hb_tag_t]?) -> [Int] {
                    members { set in
                        if let tags {
                            (tags + [0]).withUnsafeBufferPointer {
                                hb_ot_layout_collect_lookups(face, table, scripts, nil, $0.baseAddress, set)
                            }
                        } else {
                            hb_ot_layout_collect_lookups(face, table, scripts, nil, nil, set)
                        }
                    }.map(Int.init)
                }
                var stagesOf: [Int: Set<Int>] = [:]
                var early: Set<Int> = []
                for (s, features) in IndicPlan.stages.enumerated() {
                    for lookup in named(features.map { Font.tag($0) }) {
                        stagesOf[lookup, default: []].insert(s)
                        early.insert(lookup)
                    }
                }
                // The last stage: lookups some other feature names.
                let total = hb_ot_layout_table_get_feature_tags(face, table, 0, nil, nil)
                var count = total
                var tags = [hb_tag_t](repeating: 0, count: Int(total))
                _ = tags.withUnsafeMutableBufferPointer {
                    hb_ot_layout_table_get_feature_tags(face, table, 0, &count, $0.baseAddress)
                }
                let earlyTags = Set(IndicPlan.stages.joined().map { Font.tag($0) })
                let late = tags.prefix(Int(count)).filter { !earlyTags.contains($0) }
                if !late.isEmpty {
                    for lookup in named(Array(late)) { stagesOf[lookup, default: []].insert(IndicPlan.stages.count) }
                }
                self.stagesOf = stagesOf
            }

            /// The lookups HarfBuzz cannot apply after any of `lookups` applied (to leave out of a
            /// substitution graph): those that come only in earlier stages, or earlier in the
            /// same stage; none when one of `lookups` is named by no feature (another applies
            /// it, at its time).
            func excluded(after lookups: Set<Int>) -> Set<Int> {
                let count = applies.count
                guard !lookups.isEmpty else { return Set(0..<count) }  // nothing to follow
                var after: Set<Int> = []
                for l in lookups {
                    // (l itself may apply again, another of its rules: the glyph it matched as
                    // shaped without the syllable before. A lookup another applies runs at that
                    // one's time: its first stage is the earliest of its own and its appliers',
                    // and there every lookup counts.)
                    guard let stages = stagesOf[l], let first = stages.min() else { return [] }
                    let appliedFirst = appliers[l].compactMap { stagesOf[$0]?.min() }.min()
                    let earliest = min(first, appliedFirst ?? first)
                    for (m, mStages) in stagesOf
                    where mStages.contains(where: { $0 > earliest })
                        || (mStages.contains(earliest) && (m >= l || earliest < first || appliedFirst == earliest))
                    {
                        after.insert(m)
                    }
                }
                var stack = Array(after)
                while let m = stack.popLast() {
                    guard m < count else { continue }
                    for n in applies[m] where after.insert(n).inserted { stack.append(n) }
                }
                return Set(0..<count).subtracting(after)
            }

            /// The lookups HarfBuzz applies up to the last time any of `lookups` applies before
            /// the shaper's final reordering, in order (by stage, a stage's in the order of their
            /// indices; one named in several stages at each); nil when none of them applies
            /// before it.
            func sequence(upTo lookups: Set<Int>) -> [Int]? {
                // That time: (stage, lookup) in order, its own or an applier's (a lookup another
                // applies runs at that one's time).
                var latest: (stage: Int, lookup: Int)?
                for l in lookups where l < appliers.count {
                    for m in [l] + appliers[l] {
                        for stage in stagesOf[m] ?? []
                        where stage < IndicPlan.stages.count && latest.map({ (stage, m) > $0 }) ?? true {
                            latest = (stage, m)
                        }
                    }
                }
                guard let latest else { return nil }
                var times: [(stage: Int, lookup: Int)] = []
                for (m, stages) in stagesOf {
                    for stage in stages where (stage, m) <= latest { times.append((stage, m)) }
                }
                return times.sorted { ($0.stage, $0.lookup) < ($1.stage, $1.lookup) }.map(\.lookup)
            }
        }

        /// The first code point of each script's Unicode block, as ``scriptTags``.
        static let blocks: [UInt32] = [0x0900, 0x0980, 0x0A80, 0x0B00, 0x0B80, 0x0C00, 0x0D00]
        /// The features applied to each syllable alone (`F_PER_SYLLABLE`: `locl`, `ccmp` and
        /// every feature of the shaper's own, basic and presentation); `init` is left out: a
        /// face that has it is given no table (the shaper applies it to a syllable by the
        /// character before it).
        static let syllableFeatures: [StaticString] = [
            "locl", "ccmp", "nukt", "akhn", "rphf", "rkrf", "pref", "blwf", "abvf", "half", "pstf", "vatu", "cjct",
            "pres", "abvs", "blws", "psts", "haln",
        ]
    }

    /// What HarfBuzz's Khmer shaper does with a face's `GSUB` lookups (hb-ot-shape.cc,
    /// hb-ot-shaper-khmer.cc), by the features that name them (in any script or language).
    enum KhmerPlan {
        /// The features applied in the first stages, before any other may apply: every plan's
        /// (`rvrn`; `ltra`, `ltrm`, `frac`, `numr`, `dnom`, `trak`, `Harf`, `HARF`), then
        /// `locl`, `ccmp` and the shaper's basic features, each syllable alone; the others come
        /// after a pause.
        static let earlyFeatures: [StaticString] =
            [
                "rvrn", "ltra", "ltrm", "frac", "numr", "dnom", "trak", "Harf", "HARF", "locl", "ccmp",
            ] + basicFeatures
        /// The shaper's basic features, applied to each syllable alone (`F_PER_SYLLABLE`: a
        /// rule never reaches from one syllable into the next) and named by nothing else.
        static let basicFeatures: [StaticString] = ["pref", "blwf", "abvf", "pstf", "cfar"]

        /// The lookups only the features `features` name.
        static func lookups(only features: [StaticString], in face: OpaquePointer) -> Set<Int> {
            let table = Font.tag("GSUB")
            func lookups(_ tags: [hb_tag_t]) -> Set<Int> {
                let list = tags + [0]  // (HB_TAG_NONE ends the list)
                return Set(
                    members { set in
                        list.withUnsafeBufferPointer {
                            hb_ot_layout_collect_lookups(face, table, nil, nil, $0.baseAddress, set)
                        }
                    }.map(Int.init))
            }
            let named = features.map { Font.tag($0) }
            let total = hb_ot_layout_table_get_feature_tags(face, table, 0, nil, nil)
            var count = total
            var tags = [hb_tag_t](repeating: 0, count: Int(total))
            _ = tags.withUnsafeMutableBufferPointer {
                hb_ot_layout_table_get_feature_tags(face, table, 0, &count, $0.baseAddress)
            }
            return lookups(named).subtracting(lookups(tags.prefix(Int(count)).filter { !named.contains($0) }))
        }
    }

    /// The glyphs (below 0x10000) of `face`'s `GDEF` class `glyphClass`, read by HarfBuzz from
    /// the class definition's ranges.
    static func glyphs(of glyphClass: hb_ot_layout_glyph_class_t, in face: OpaquePointer) -> [UInt16] {
        members { hb_ot_layout_get_glyphs_in_class(face, glyphClass, $0) }.compactMap { UInt16(exactly: $0) }
    }

    /// The glyphs a lookup with `flag` skips (``glyphs(of:in:)``: marks, ligatures, bases; the
    /// marks of other attachment classes, or all marks where it names a mark filtering set),
    /// or nil when they cannot be read.
    static func skipped(_ face: OpaquePointer, flag: UInt16) -> Set<UInt16>? {
        var skipped: Set<UInt16> = []
        for (bit, glyphClass) in [
            (0x2, HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH), (0x4, HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE),
            (0x8, HB_OT_LAYOUT_GLYPH_CLASS_MARK),
        ] as [(UInt16, hb_ot_layout_glyph_class_t)] where flag & bit != 0 {
            skipped.formUnion(glyphs(of: glyphClass, in: face))
        }
        if flag & 0x8 == 0 {
            if flag & 0x10 != 0 {
                skipped.formUnion(glyphs(of: HB_OT_LAYOUT_GLYPH_CLASS_MARK, in: face))
            } else if flag & 0xFF00 != 0 {
                guard let marks = markAttachmentSkipped(face, type: flag >> 8) else { return nil }
                skipped.formUnion(marks)
            }
        }
        return skipped
    }

    /// The marks a lookup whose flag names mark attachment class `type` skips: every mark of
    /// another class in `GDEF`'s mark attachment class definition (nil: it cannot be read).
    static func markAttachmentSkipped(_ face: OpaquePointer, type: UInt16) -> [UInt16]? {
        let blob = hb_face_reference_table(face, Font.tag("GDEF"))!
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 12 else { return nil }
        let reader = SpaceBarrier.TableReader(
            bytes: UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length)), space: 0, spaceClass: 0,
            isPositioning: true)
        let marks = glyphs(of: HB_OT_LAYOUT_GLYPH_CLASS_MARK, in: face)
        do {
            guard try reader.u16(10) != 0 else { return marks }  // no classes: every mark is another's
            guard let kept = try reader.classGlyphs(try reader.at16(0, 10), type) else { return nil }
            return Array(Set(marks).subtracting(kept))
        } catch {
            return nil
        }
    }

    /// The members of a HarfBuzz set that `fill` fills, in increasing order.
    static func members(_ fill: (OpaquePointer) -> Void) -> [UInt32] {
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        fill(set)
        var members: [UInt32] = []
        var value = UInt32.max  // (HB_SET_VALUE_INVALID: from the start)
        while hb_set_next(set, &value) != 0 { members.append(value) }
        return members
    }

    /// The join table of `font` (an `hb_font_t`) for runs of the script with ISO 15924 tag
    /// `scriptTag` in its own direction (left to right but for Hebrew's: HarfBuzz matches
    /// rules and kerns in the text's order either way), in the default language system, or
    /// nil (see above). With `veryLastGlyphs`, the caller asks ``JoinTable/isBlocked(_:after:)``
    /// with a word's very last glyph (which rules needing a glyph before another see), not the
    /// last the kerning sees: rules that need glyphs before a word's first are kept with the
    /// kerning too.
    static func table(for font: OpaquePointer, scriptTag: UInt32, veryLastGlyphs: Bool = false) -> JoinTable? {
        // A face that lacks the Indic (or Hebrew) script's letters (one its runs reach for a
        // shared character: a danda, a digit) measures no syllables of it: read nothing.
        if let b = syllableScriptTags.firstIndex(of: scriptTag) {
            let letters = (syllableScriptBlocks[b]..<syllableScriptBlocks[b] + 0x80).filter {
                ctextshims_general_category($0) == 5
            }
            var glyph: hb_codepoint_t = 0
            let covered = letters.filter { hb_font_get_nominal_glyph(font, $0, &glyph) != 0 }.count
            guard covered * 2 > letters.count else { return nil }
        }
        let face = hb_font_get_face(font)!
        for tag in SpaceBarrier.shapedOtherwise where SpaceBarrier.tableLength(face, tag) > 0 { return nil }
        var coordinates: UInt32 = 0
        _ = hb_font_get_var_coords_normalized(font, &coordinates)
        guard coordinates == 0, hb_ot_layout_has_glyph_classes(face) != 0 else { return nil }

        // HarfBuzz's plan for such a run (no features asked, no language).
        var properties = hb_segment_properties_t()
        properties.direction = hb_script_get_horizontal_direction(hb_script_from_iso15924_tag(scriptTag))
        if properties.direction != HB_DIRECTION_RTL { properties.direction = HB_DIRECTION_LTR }
        properties.script = hb_script_from_iso15924_tag(scriptTag)
        properties.language = nil
        let plan = hb_shape_plan_create_cached(face, &properties, nil, 0, nil)!
        defer { hb_shape_plan_destroy(plan) }
        // Every lookup the plan applies, by table (those its contexts apply are found reading).
        func plannedLookups(_ table: StaticString) -> Set<Int> {
            Set(members { hb_ot_shape_plan_collect_lookups(plan, Font.tag(table), $0) }.map(Int.init))
        }

        var followers: [UInt16] = []
        var conditional: [(predecessors: [UInt16], followers: [UInt16])] = []
        var kerns: [(index: Int, flag: UInt16, subtables: [Int])] = []
        // (Syllable joins: how many of the followers and conditional rules come from `GSUB`, and
        // the lookups that gave them.)
        var gsubParts: (followers: Int, conditional: Int, contributors: Set<Int>) = (0, 0, [])
        var gsubConditionalContributors: [[UInt16]: Set<Int>] = [:]
        // (Syllable joins: the `GPOS` lookups of its rules by the glyphs they need before, and
        // each lookup's flag.)
        var gposConditionalContributors: [[UInt16]: Set<Int>] = [:]
        var gposFlags: [Int: UInt16] = [:]
        var gsubBytes: UnsafeRawBufferPointer?
        var gsub: SpaceBarrier.TableReader?
        var gposBytes: UnsafeRawBufferPointer?
        var skipsLigatures = false
        var skippingLookups: Set<Int> = []
        var substitutionNested: Set<Int> = []
        // The glyphs a zero-width space between words may be matched as (see below).
        var rawIgnorables: Set<UInt16> = []
        for scalar: UInt32 in [0x20, 0x200B] {
            var glyph: hb_codepoint_t = 0
            rawIgnorables.insert(
                hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 ? UInt16(truncatingIfNeeded: glyph) : 0)
        }
        var afterIgnorable: (any: [UInt16], before: [(glyphs: [UInt16], twoBack: [UInt16])]) = ([], [])
        var bounded: [(predecessors: [UInt16], followers: [UInt16])] = []
        var nextGlyphs: [(glyphs: [UInt16], next: [UInt16])] = []
        // Only the lookups the plan applies, and those their contexts apply, may reach a word
        // edge. Khmer's basic features apply to one syllable at a time, and a word ends its
        // syllables: of their lookups' rules, only the context HarfBuzz matches beyond the
        // syllable is read (FollowerReader.addChain), and their flags.
        let isKhmer = scriptTag == Font.tag("Khmr")
        let isIndic = IndicPlan.scriptTags.contains(scriptTag)
        let syllableLookups =
            isKhmer
            ? KhmerPlan.lookups(only: KhmerPlan.basicFeatures, in: face)
            : isIndic ? KhmerPlan.lookups(only: IndicPlan.syllableFeatures, in: face) : []
        var blobs: [OpaquePointer] = []
        defer { blobs.forEach { hb_blob_destroy($0) } }
        for (tag, isPositioning) in [("GSUB", false), ("GPOS", true)] as [(StaticString, Bool)] {
            let blob = hb_face_reference_table(face, Font.tag(tag))!
            blobs.append(blob)
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { continue }
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length))
            let applied = plannedLookups(tag)
            if !isPositioning { gsubBytes = bytes }
            var reading = isPositioning ? applied : applied.subtracting(syllableLookups)
            var contextOnly = isPositioning ? [] : syllableLookups.intersection(applied)
            // A syllable's lookup keeps its backtrack within the syllable until it changes the
            // buffer's length (see FollowerReader.addChain); one nested in another's rule, as
            // that one's pass stands.
            var backtracking: Set<Int> = []
            if !isPositioning && !syllableLookups.isEmpty {
                guard let changing = FollowerReader.lengthChangingLookups(bytes) else { return nil }
                backtracking = changing
            }
            var reader = FollowerReader(
                bytes: bytes, isPositioning: isPositioning, ignorables: rawIgnorables, applied: applied,
                reading: reading, contextOnly: contextOnly, backtracking: backtracking, anyFlagConditional: isIndic)
            // 'rand' picks alternates from a state the whole buffer advances; HarfBuzz's Indic
            // shaper applies 'init' to a syllable by the character before it.
            if !isPositioning && reader.hasFeature(Font.tag("rand")) != false { return nil }
            if !isPositioning && isIndic && reader.hasFeature(Font.tag("init")) != false { return nil }
            guard var found = reader.read() else { return nil }
            // A lookup a context applies applies as that context does: read again, until every
            // lookup the contexts read apply is read (a few times in real fonts).
            // A lookup a syllable's lookup applies applies within the syllable too, but for the
            // context of its own chaining rules.
            var passes = 1
            while !reader.nested.isSubset(of: reading)
                || !reader.nestedInSyllable.isSubset(of: reading.union(contextOnly))
            {
                guard passes < 8 else { return nil }
                passes += 1
                reading.formUnion(reader.nested)
                contextOnly.formUnion(reader.nestedInSyllable.subtracting(reading))
                backtracking.formUnion(reader.nestedInSyllable)
                reader = FollowerReader(
                    bytes: bytes, isPositioning: isPositioning, ignorables: rawIgnorables, applied: applied,
                    reading: reading, contextOnly: contextOnly, backtracking: backtracking,
                    anyFlagConditional: isIndic)
                guard let again = reader.read() else { return nil }
                found = again
            }
            followers += found.followers
            conditional += found.conditional
            skipsLigatures = skipsLigatures || found.skipsLigatures
            if !isPositioning { (skippingLookups, substitutionNested) = (reader.skippingLookups, reader.nested) }
            bounded += reader.bounded.map { ($0.key, $0.value) }
            nextGlyphs += reader.nextGlyphs
            afterIgnorable.any += reader.afterIgnorable.any
            afterIgnorable.before += reader.afterIgnorable.before
            if isPositioning {
                // Several pair lookups add up where they see the same glyphs: with one flag,
                // in a syllable join (HarfBuzz's Indic shaper leaves marks their advances).
                guard
                    found.pairLookups.count <= 1
                        || (isIndic && Set(found.pairLookups.map(\.flag)).count == 1)
                else { return nil }
                for pair in found.pairLookups {
                    // A pair lookup a context applies too would kern twice.
                    guard applied.contains(pair.index), !reader.nested.contains(pair.index) else {
                        return nil
                    }
                }
                kerns = found.pairLookups
                if !kerns.isEmpty { gposBytes = bytes }
                gposConditionalContributors = reader.conditionalContributors
                for lookup in gposConditionalContributors.values.joined() where gposFlags[lookup] == nil {
                    guard let flag = reader.flag(ofLookup: lookup) else { return nil }
                    gposFlags[lookup] = flag
                }
            } else {
                gsub = reader.tables
                gsubParts = (followers.count, conditional.count, reader.contributors)
                gsubConditionalContributors = reader.conditionalContributors
            }
        }
        let kern = kerns.first
        var indicFollowers: [UInt16] = []
        // (Syllable joins read their graphs above, a first-component one kept for the skippable.)
        var indicFirstGraphs: [Set<Int>: SpaceBarrier.TableReader.SubstitutionGraph] = [:]
        var indicOrder: IndicPlan.LookupOrder?
        // In a syllable join, a rule's glyph after known ones blocks a syllable only after one
        // holding any of them (whatever the rule skips: the syllable before holds a glyph no
        // lookup skips, so the glyph the rule sees before is in it).
        // Rules in groups by their glyphs after known ones (as read: rules with the same ones
        // block alike, whatever they need before; at most SyllableRules.groupCount, the last
        // holding the rest), each group's glyphs closed once.
        var syllableConditional: [(predecessors: [UInt16], followers: [UInt16])] = []
        // Per group, the glyphs its rules may skip when it is read by a syllable's last glyph
        // they see; nil: by any of its glyphs.
        var syllableSkips: [Set<UInt16>?] = []
        if isIndic {
            // What substitutions make of a glyph a `GSUB` rule matched counts only through the
            // lookups HarfBuzz may apply after that rule's (`LookupOrder`); a `GPOS` rule's
            // glyphs are final.
            guard let gsub, let gsubBytes,
                let order = IndicPlan.LookupOrder(face: face, bytes: gsubBytes, scriptTag: scriptTag)
            else {
                return nil
            }
            indicOrder = order
            // Graphs by the lookups left out, read once each.
            var graphsByExclusion:
                [Set<Int>: (
                    first: SpaceBarrier.TableReader.SubstitutionGraph, any: SpaceBarrier.TableReader.SubstitutionGraph
                )] =
                    [:]
            func closedGSUB(_ glyphs: [UInt16], first: Bool, after lookups: Set<Int>) -> [UInt16]? {
                guard !glyphs.isEmpty else { return [] }
                let excluded = order.excluded(after: lookups)
                if graphsByExclusion[excluded] == nil {
                    gsub.ligatureFirstComponentOnly = true
                    guard let firstGraph = gsub.substitutionGraph(excluding: excluded) else { return nil }
                    gsub.ligatureFirstComponentOnly = false
                    guard let anyGraph = gsub.substitutionGraph(excluding: excluded) else { return nil }
                    graphsByExclusion[excluded] = (firstGraph, anyGraph)
                    indicFirstGraphs[excluded] = firstGraph
                }
                let graphs = graphsByExclusion[excluded]!
                return (first ? graphs.first : graphs.any).closure(of: Array(Set(glyphs)))
            }
            var groupOf: [[UInt16]: Int] = [:]
            var groups:
                [(
                    gsubBefore: [UInt16], gsubAfter: [UInt16], lookups: Set<Int>, before: [UInt16], after: [UInt16],
                    gposLookups: Set<Int>
                )] = []
            for (k, (before, after)) in (conditional + bounded).enumerated() {
                let group: Int
                if let known = groupOf[after] {
                    group = known
                } else if groups.count < JoinTable.SyllableRules.groupCount {
                    group = groups.count
                    groups.append(([], [], [], [], [], []))
                    groupOf[after] = group
                } else {
                    group = groups.count - 1
                }
                if k < gsubParts.conditional {
                    groups[group].gsubBefore += before
                    groups[group].gsubAfter += after
                    groups[group].lookups.formUnion(gsubConditionalContributors[before] ?? [])
                } else {
                    groups[group].before += before
                    groups[group].after += after
                    groups[group].gposLookups.formUnion(gposConditionalContributors[before] ?? [])
                }
            }
            // A rule of a lookup HarfBuzz applies before its final reordering saw the syllable's
            // glyphs in an order the syllable shaped alone may no longer keep (the reordering
            // puts a pre-base form or matra first, a reph after the base): its glyph after known
            // ones can be read by the syllable's first glyph only where it can stand first in
            // no syllable at that time (``firstAtTime(of:)``); else the rule blocks every glyph.
            let lookupList = (try? gsub.at16(0, 8)) ?? 0
            var seeds: [UInt16] = []
            for scalar in members({ hb_face_collect_unicodes(face, $0) }) {
                let category = ctextshims_general_category(scalar)
                guard category == 5 || ((category == 6 || category == 8) && ctextshims_is_left_positioned(scalar))
                else { continue }
                var glyph: hb_codepoint_t = 0
                if hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 {
                    seeds.append(UInt16(truncatingIfNeeded: glyph))
                }
            }
            /// The glyphs that may stand first in a syllable, or first of those they do not skip,
            /// when a rule of `lookups` applies before the final reordering: what the lookups
            /// HarfBuzz applies up to then make, each in its turn, of the glyphs of the face's
            /// letters and pre-base matras (after the initial reordering a syllable begins with
            /// a letter, a pre-base matra, or a consonant before its base, the virama after
            /// it); a ligature is made of its first component there. Nil when it cannot be
            /// told, or the lookups may skip one of them (the glyph after it, any, would then
            /// be the first they see).
            func firstAtTime(of lookups: Set<Int>) -> Set<UInt16>? {
                guard lookupList > 0, let sequence = order.sequence(upTo: lookups) else { return nil }
                var skipped: Set<UInt16> = []
                for l in lookups {
                    guard let lookup = try? gsub.at16(lookupList, lookupList + 2 + 2 * l),
                        let flag = try? gsub.u16(lookup + 2), let skips = Self.skipped(face, flag: flag)
                    else { return nil }
                    skipped.formUnion(skips)
                }
                gsub.ligatureFirstComponentOnly = true
                defer { gsub.ligatureFirstComponentOnly = false }
                let all = Set(0..<order.applies.count)
                var first = seeds
                for l in sequence {
                    // (What it applies, at any depth, applies at its time.)
                    var own: Set<Int> = [l]
                    var stack = [l]
                    while let m = stack.popLast(), m < order.applies.count {
                        for n in order.applies[m] where own.insert(n).inserted { stack.append(n) }
                    }
                    guard let graph = gsub.substitutionGraph(excluding: all.subtracting(own)),
                        let closed = graph.closure(of: first)
                    else { return nil }
                    first = closed
                }
                guard !first.contains(where: skipped.contains) else { return nil }
                return Set(first)
            }
            /// `glyphs`, which rules of `lookups` need after known glyphs, where those that apply
            /// before the final reordering (some may after it too) find them standing first in
            /// no syllable then: as they are, or none when no lookup applies after the
            /// reordering; else every glyph of the face.
            func afterReordering(_ glyphs: [UInt16], of lookups: Set<Int>) -> [UInt16] {
                let early = lookups.filter { order.sequence(upTo: [$0]) != nil }
                guard !early.isEmpty, !glyphs.isEmpty else { return glyphs }
                guard let first = firstAtTime(of: early), !glyphs.contains(where: first.contains) else {
                    return (0..<min(hb_face_get_glyph_count(face), 0x10000)).map { UInt16($0) }
                }
                let late = lookups.contains { l in
                    let stages = ([l] + (l < order.appliers.count ? order.appliers[l] : [])).flatMap {
                        order.stagesOf[$0] ?? []
                    }
                    return stages.isEmpty || stages.contains(IndicPlan.stages.count)  // (unknown: may)
                }
                return late ? glyphs : []
            }
            for group in groups {
                guard
                    let closedAfter = closedGSUB(
                        afterReordering(group.gsubAfter, of: group.lookups), first: true, after: group.lookups),
                    let closedBefore = closedGSUB(group.gsubBefore, first: false, after: group.lookups)
                else { return nil }
                syllableConditional.append((closedBefore + group.before, closedAfter + group.after))
                // A group of `GPOS` rules alone sees the glyphs the syllable keeps: the last it
                // does not skip (RunShaper.JoinGlyphs).
                var skips: Set<UInt16>? = nil
                if group.gsubAfter.isEmpty && group.gsubBefore.isEmpty && !group.gposLookups.isEmpty {
                    skips = []
                    for lookup in group.gposLookups {
                        guard let flag = gposFlags[lookup], let skipped = Self.skipped(face, flag: flag) else {
                            skips = nil
                            break
                        }
                        skips?.formUnion(skipped)
                    }
                }
                syllableSkips.append(skips)
            }
            guard
                let closedFollowers = closedGSUB(
                    afterReordering(Array(followers.prefix(gsubParts.followers)), of: gsubParts.contributors),
                    first: true, after: gsubParts.contributors)
            else {
                return nil
            }
            indicFollowers = closedFollowers + followers.dropFirst(gsubParts.followers)
            (conditional, bounded, nextGlyphs, followers) = ([], [], [], [])
        }
        // With kerning, the last glyph a word keeps is the one the kerning sees, not the one
        // right before the next word: every follower counts whatever precedes it (unless the
        // caller keeps that one too).
        if kern != nil && !veryLastGlyphs {
            followers += conditional.flatMap(\.followers) + bounded.flatMap(\.followers)
            (conditional, bounded) = ([], [])
        }
        // Too many rules that depend on the glyph before a word: each counts whatever precedes
        // it (a crafted table must not make the reading slow).
        if conditional.count + bounded.count > 4_096 {
            followers += conditional.flatMap(\.followers) + bounded.flatMap(\.followers)
            (conditional, bounded) = ([], [])
        }
        // What substitutions make of a glyph is one too (a rule sees the glyph of its time, the
        // word keeps its last). A word's first glyph descends from the glyph first in its first
        // character's cluster (a ligature takes its first component's place; one that took a
        // glyph of the word into the word before would leave that cluster without a glyph: no
        // join); its last glyph from any of the word's. Each graph is read once.
        var graphs:
            (first: SpaceBarrier.TableReader.SubstitutionGraph, any: SpaceBarrier.TableReader.SubstitutionGraph)?
        if let gsub, !isIndic {
            gsub.ligatureFirstComponentOnly = true
            guard let first = gsub.substitutionGraph() else { return nil }
            gsub.ligatureFirstComponentOnly = false
            guard let any = gsub.substitutionGraph() else { return nil }
            graphs = (first, any)
        }
        func closed(_ glyphs: [UInt16], first: Bool) -> [UInt16]? {
            if isIndic && !glyphs.isEmpty { return nil }  // (its glyphs are closed above: none left here)
            guard let graphs, !glyphs.isEmpty else { return glyphs }
            return (first ? graphs.first : graphs.any).closure(of: Array(Set(glyphs)))
        }
        // A mark or a component (or a ligature where a lookup matching sequences skips
        // ligatures) may not begin a joined word, nor anything substitutions make of one: a
        // lookup that skips it would match the glyph after it next to the word before.
        var skippable: [UInt16] = [0]
        for glyphClass in [HB_OT_LAYOUT_GLYPH_CLASS_MARK, HB_OT_LAYOUT_GLYPH_CLASS_COMPONENT]
            + (skipsLigatures || (kern?.flag ?? 0) & 0x4 != 0 ? [HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE] : [])
        {
            skippable += glyphs(of: glyphClass, in: face)
        }
        // What substitutions make of a skippable glyph counts only where a substitution may
        // skip it first: positioning sees the glyphs substitutions leave, listed as they stand.
        // In Khmer, substitutions that skip may come only after HarfBuzz's first stages, and
        // what those make of a skippable glyph is not (COENG RO, a ligature of the mark COENG
        // that begins many words, is made in the first).
        var skippableGraph: SpaceBarrier.TableReader.SubstitutionGraph?
        if !skippingLookups.isEmpty, let gsub {
            var early: Set<Int> = []
            if isIndic {
                // What a lookup that may skip a glyph first sees (LookupOrder).
                guard let indicOrder else { return nil }
                early = indicOrder.excluded(after: skippingLookups)
            }
            if isKhmer {
                // (Only when none of them skips: then what they make is all a skipping one sees.)
                early = KhmerPlan.lookups(only: KhmerPlan.earlyFeatures, in: face).subtracting(substitutionNested)
                if !early.isDisjoint(with: skippingLookups) { early = [] }
            }
            if isIndic, let graph = indicFirstGraphs[early] {
                skippableGraph = graph
            } else {
                gsub.ligatureFirstComponentOnly = true
                guard let graph = gsub.substitutionGraph(excluding: early) else { return nil }
                skippableGraph = graph
            }
        }
        guard let closedFollowers = closed(followers, first: true),
            let closedSkippable = skippableGraph.map({ $0.closure(of: skippable) }) ?? skippable
        else { return nil }
        let unconditional = closedFollowers + indicFollowers + closedSkippable
        // A joined word may end in zero-width spaces (Khmer writes them between words): rules
        // skip them unless they match one, by its own glyph (or .notdef), or by the space's,
        // which HarfBuzz gives it once hidden. Other default ignorables end no joined word.
        var ignorableGlyphs: Set<UInt16> = []
        if !conditional.isEmpty || !bounded.isEmpty {
            guard let closedIgnorables = closed(Array(rawIgnorables), first: false) else { return nil }
            ignorableGlyphs = Set(closedIgnorables)
        }
        // A rule matching one of them right before a word's first glyph needs, in the word
        // before, what precedes the space: known where substitutions make nothing else of the
        // space (Khmer's 'dist' rules need a vowel sign or a subscript there), else whatever.
        let knowsBeforeSpace = ignorableGlyphs == rawIgnorables
        var predecessors = GlyphSetUnions()
        var ignorableAny: Set<UInt16> = []
        var ignorableBefore = GlyphSetUnions()
        for (before, after) in conditional {
            guard let closedBefore = closed(before, first: false), let closedAfter = closed(after, first: true) else {
                return nil
            }
            predecessors.add(closedBefore, to: closedAfter)
            if !ignorableGlyphs.isDisjoint(with: closedBefore)
                && (!knowsBeforeSpace || rawIgnorables.isDisjoint(with: before))
            {
                ignorableAny.formUnion(closedAfter)
            }
        }
        // Positioning rules that need a known glyph after the word's first: by the glyph before
        // it and the word's second (JoinTable.firstGlyph).
        var boundedPredecessors = GlyphSetUnions()
        for (before, after) in bounded {
            guard let closedBefore = closed(before, first: false), let closedAfter = closed(after, first: true) else {
                return nil
            }
            boundedPredecessors.add(closedBefore, to: closedAfter)
            if !ignorableGlyphs.isDisjoint(with: closedBefore) { ignorableAny.formUnion(closedAfter) }
        }
        // (What substitutions make of a glyph needs what the glyph needs.)
        var nextOf = GlyphSetUnions()
        for (glyphs, next) in nextGlyphs where !bounded.isEmpty {
            guard let descendants = closed(glyphs, first: true) else { return nil }
            nextOf.add(next, to: descendants)
        }
        if knowsBeforeSpace && !conditional.isEmpty {
            guard let closedAny = closed(afterIgnorable.any, first: true) else { return nil }
            ignorableAny.formUnion(closedAny)
            for (glyphs, twoBack) in afterIgnorable.before {
                guard let descendants = closed(glyphs, first: true), let needed = closed(twoBack, first: false)
                else { return nil }
                ignorableBefore.add(needed, to: descendants)
            }
        }
        followers = unconditional
        var pairs: [JoinTable.PairSubtable] = []
        var skippedClasses: Set<UInt32> = []
        var pairLookups: [Int32] = []
        var attachmentSkipped: [UInt16] = []
        if let kern, let gposBytes {
            // Only marks and ligatures may be skipped (a skipped base would let the pair reach
            // past the first glyph of the next word), and marks must be: HarfBuzz zeroes a
            // mark's advance after positioning, a kern on it with it. Its Indic shaper zeroes
            // none: there the pair may see marks of one attachment class (the others skipped).
            if isIndic {
                guard kern.flag & ~0xFF0C == 0 else { return nil }
                if kern.flag & 0x8 == 0 && kern.flag & 0xFF00 != 0 {
                    guard let marks = markAttachmentSkipped(face, type: kern.flag >> 8) else { return nil }
                    attachmentSkipped = marks
                }
            } else {
                guard kern.flag & ~0x000C == 0, kern.flag & 0x8 != 0 else { return nil }
            }
            if kern.flag & 0x8 != 0 { skippedClasses.insert(HB_OT_LAYOUT_GLYPH_CLASS_MARK.rawValue) }
            if kern.flag & 0x4 != 0 { skippedClasses.insert(HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE.rawValue) }
            let reader = SpaceBarrier.TableReader(bytes: gposBytes, space: 0, spaceClass: 0, isPositioning: true)
            do {
                for (l, lookup) in kerns.enumerated() {
                    for subtable in lookup.subtables {
                        pairs.append(try JoinTable.PairSubtable(reader: reader, at: subtable))
                        pairLookups.append(Int32(l))
                    }
                }
            } catch {
                return nil
            }
        }
        let blocked = JoinTable.GlyphSet()
        let skipped = JoinTable.GlyphSet()
        blocked.insert(0)
        for glyph in followers { blocked.insert(UInt32(glyph)) }
        for glyphClass in skippedClasses {
            for glyph in glyphs(of: hb_ot_layout_glyph_class_t(glyphClass), in: face) { skipped.insert(UInt32(glyph)) }
        }
        for glyph in attachmentSkipped { skipped.insert(UInt32(glyph)) }
        var syllables: JoinTable.SyllableRules?
        if isIndic {
            // (Closed above, as their table's rules need.)
            let rules = JoinTable.SyllableRules()
            for (group, (before, after)) in syllableConditional.enumerated() {
                for glyph in before { rules.groups[group].insert(UInt32(glyph)) }
                for glyph in after { rules.followerGroups[Int(glyph)] |= 1 << UInt16(group) }
                if let skips = syllableSkips[group] {
                    rules.anywhere &= ~(1 << UInt16(group))
                    for glyph in skips { rules.skippedBy[Int(glyph)] |= 1 << UInt16(group) }
                }
            }
            // (Lookup flags skip marks and ligatures, never components.)
            for glyphClass in [HB_OT_LAYOUT_GLYPH_CLASS_MARK]
                + (skipsLigatures || (kern?.flag ?? 0) & 0x4 != 0 ? [HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE] : [])
            {
                for glyph in glyphs(of: glyphClass, in: face) { rules.maySkip.insert(UInt32(glyph)) }
            }
            syllables = rules
        }
        // A table that blocks more than a tenth of the meetings of the script's syllables joins
        // too few words in text (each of a word's meetings must join) and costs the shaping of
        // the others twice: none. (Each letter's glyph after each letter, alone or with a vowel
        // sign, by their nominal glyphs. Noto Sans Telugu and Gujarati block none; Noto Sans
        // Malayalam, read without the stage order, 47 %: its words then joined 468 times in
        // 7,161 tries on its corpus, and it was 6 % slower.)
        if isIndic, let b = IndicPlan.scriptTags.firstIndex(of: scriptTag), let syllables {
            var letters: [UInt32] = []
            var signs: [UInt32] = []
            for scalar in IndicPlan.blocks[b]..<IndicPlan.blocks[b] + 0x80 {
                let category = ctextshims_general_category(scalar)
                guard category == 5 || category == 6 || category == 8 else { continue }  // Lo, Mn, Mc
                var glyph: hb_codepoint_t = 0
                guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 else { continue }
                if category == 5 { letters.append(glyph) } else if !ctextshims_is_virama(scalar) { signs.append(glyph) }
            }
            var (meetings, joinable) = (0, 0)
            for x in letters {
                for sign in [nil] + signs.map(Optional.some) {
                    let groups = syllables.groups(of: x) | (sign.map { syllables.groups(of: $0) } ?? 0)
                    meetings += letters.count
                    for y in letters where !blocked.contains(y) && syllables.followerGroups[Int(y)] & groups == 0 {
                        joinable += 1
                    }
                }
            }
            guard meetings > 0, joinable * 10 >= meetings * 9 else { return nil }
        }
        return JoinTable(
            blocked: blocked, skipped: skipped, pairs: pairs, pairLookups: pairLookups, predecessors: predecessors,
            afterIgnorable: ignorableAny, beforeIgnorable: ignorableBefore, bounded: boundedPredecessors, next: nextOf,
            ignorableGlyphs: rawIgnorables, glyphCount: Int(hb_face_get_glyph_count(face)), syllables: syllables)
    }

    /// A reading of one `GSUB` or `GPOS` table for ``table(for:scriptTag:)``: the glyphs rules
    /// may match after the first of their sequence, and the pair positioning lookups (their
    /// index, flag and subtables, extensions unwrapped), read apart.
    private final class FollowerReader {
        let tables: SpaceBarrier.TableReader
        let isPositioning: Bool
        private var followers: Set<UInt16> = []
        /// Followers a rule needs right after one of a few glyphs (its sequence's position
        /// before), in a lookup that skips nothing: `predecessors` → followers (lists as read,
        /// repeats and all: hashing a list once is cheaper than hashing each of its glyphs).
        private var conditional: [[UInt16]: [UInt16]] = [:]
        /// Followers a positioning rule needs right after one of a few glyphs and right before
        /// one of others, in a lookup that skips nothing: `predecessors` → followers, and the
        /// glyphs that may come next after followers (``nextGlyphs``).
        private(set) var bounded: [[UInt16]: [UInt16]] = [:]
        private(set) var nextGlyphs: [(glyphs: [UInt16], next: [UInt16])] = []
        /// The glyphs the lists above hold, counted against the reading limit.
        private var recorded = 0
        private var pairLookups: [(index: Int, flag: UInt16, subtables: [Int])] = []
        /// Whether a lookup matching several glyphs skips ligatures (then a ligature may not
        /// begin a joined word: the rule would see the glyph after it next to the word before).
        private var skipsLigatures = false
        /// The substitution lookups matching sequences that skip some glyphs (ligatures, marks),
        /// by index.
        private(set) var skippingLookups: Set<Int> = []
        /// The glyphs a zero-width space may be matched as (its own, the space's; .notdef for
        /// either the face lacks), as the reader was made with.
        private let ignorables: Set<UInt16>
        /// The lookups HarfBuzz applies (others are not read at all), and those whose rules are
        /// read (of the others, only the flags: they reach no word edge).
        private let applied: Set<Int>
        private let reading: Set<Int>
        /// Lookups that match their input within one syllable (HarfBuzz's `F_PER_SYLLABLE`) and
        /// are otherwise not read: HarfBuzz 6.0 matches the backtrack and lookahead of their
        /// chaining rules across the syllable's edges, so only those are read.
        private let contextOnly: Set<Int>
        /// The ``contextOnly`` lookups whose chaining rules' backtrack may reach the syllable
        /// before: those that may change the buffer's length, and those others apply.
        private let backtracking: Set<Int>
        /// Whether the lookup being read is one of ``contextOnly``.
        private var readingContextOnly = false
        /// Whether a rule's glyph after known ones is recorded with them whatever its lookup
        /// skips (syllable joins: the syllable before must hold one of them anywhere).
        private let anyFlagConditional: Bool
        /// The index of the lookup being read.
        private var lookupIndex = 0
        /// Whether a rule of the ``contextOnly`` lookup being read reaches past its syllable.
        private var contextCrossed = false
        /// The lookups whose rules gave followers (read whole or for their context): of those
        /// that follow any glyph, and, per list of glyphs before, of those that follow them.
        private(set) var contributors: Set<Int> = []
        private(set) var conditionalContributors: [[UInt16]: Set<Int>] = [:]
        /// Followers a rule needs right after one of `ignorables`: those that may follow it
        /// whatever precedes (`any`), and, for the others, the glyphs the rule needs before it
        /// (its sequence's position two before the follower).
        private(set) var afterIgnorable: (any: [UInt16], before: [(glyphs: [UInt16], twoBack: [UInt16])]) = ([], [])
        /// The flag of the lookup being read.
        private var flag: UInt16 = 0
        /// The lookups context rules apply, as read.
        private(set) var nested: Set<Int> = []
        /// The lookups that the chaining rules of ``contextOnly`` lookups apply, within the
        /// syllable.
        private(set) var nestedInSyllable: Set<Int> = []

        init(
            bytes: UnsafeRawBufferPointer, isPositioning: Bool, ignorables: Set<UInt16>, applied: Set<Int>,
            reading: Set<Int>, contextOnly: Set<Int> = [], backtracking: Set<Int> = [], anyFlagConditional: Bool = false
        ) {
            self.backtracking = backtracking
            self.anyFlagConditional = anyFlagConditional
            self.ignorables = ignorables
            self.applied = applied
            self.reading = reading
            self.contextOnly = contextOnly
            tables = SpaceBarrier.TableReader(bytes: bytes, space: 0, spaceClass: 0, isPositioning: isPositioning)
            self.isPositioning = isPositioning
        }

        /// The followers (unconditional, and by the glyphs they need right before them) and
        /// the pair lookups, or nil when a lookup cannot be read or bounded.
        func read() -> (
            followers: [UInt16], conditional: [(predecessors: [UInt16], followers: [UInt16])],
            pairLookups: [(index: Int, flag: UInt16, subtables: [Int])], skipsLigatures: Bool
        )? {
            do {
                guard try tables.u16(0) == 1 else { return nil }
                let list = try tables.at16(0, 8)
                for i in 0..<Int(try tables.u16(list))
                where applied.contains(i) || reading.contains(i) || contextOnly.contains(i) {
                    let lookup = try tables.at16(list, list + 2 + 2 * i)
                    let type = try tables.u16(lookup)
                    let flag = try tables.u16(lookup + 2)
                    lookupIndex = i
                    guard flag & 0x2 == 0 else { return nil }  // skips base glyphs
                    var subtables: [(offset: Int, type: UInt16)] = []
                    for s in 0..<Int(try tables.u16(lookup + 4)) {
                        var subtable = try tables.at16(lookup, lookup + 6 + 2 * s)
                        var subtableType = type
                        if subtableType == (isPositioning ? 9 : 7) {
                            guard try tables.u16(subtable) == 1 else { return nil }
                            subtableType = try tables.u16(subtable + 2)
                            subtable += Int(try tables.u32(subtable + 4))
                        }
                        subtables.append((subtable, subtableType))
                    }
                    if isPositioning && subtables.contains(where: { $0.type == 2 }) {
                        guard subtables.allSatisfy({ $0.type == 2 }) else { return nil }
                        pairLookups.append((i, flag, subtables.map(\.offset)))
                        continue
                    }
                    self.flag = flag
                    // Mark attachments find their base skipping marks only, whatever the flag.
                    let matchesSequences = subtables.contains {
                        isPositioning ? [3, 7, 8].contains($0.type) : [4, 5, 6, 8].contains($0.type)
                    }
                    // What a lookup skips matters where it may match across the edge: in a
                    // syllable join, a lookup read whole or a syllable's lookup whose context
                    // reaches past the syllable (else its matches stay inside it).
                    func noteSkipping() {
                        if matchesSequences && flag & 0x4 != 0 { skipsLigatures = true }
                        if matchesSequences && !isPositioning && flag & 0xFF1C != 0 { skippingLookups.insert(i) }
                    }
                    if !anyFlagConditional { noteSkipping() }
                    guard reading.contains(i) else {
                        // A syllable's lookup: the context of its chaining rules (their input
                        // and what they apply stay within the syllable).
                        guard contextOnly.contains(i) else { continue }
                        readingContextOnly = true
                        lookupIndex = i
                        contextCrossed = false
                        defer { readingContextOnly = false }
                        for (subtable, subtableType) in subtables where !isPositioning {
                            if subtableType == 6 {
                                try readChainContext(subtable, format: try tables.u16(subtable))
                            } else if subtableType == 8 {
                                contextCrossed = true
                                try read(subtable, type: subtableType)  // one glyph in: its whole sequence
                            }
                        }
                        if anyFlagConditional && contextCrossed { noteSkipping() }
                        continue
                    }
                    if anyFlagConditional { noteSkipping() }
                    for (subtable, subtableType) in subtables { try read(subtable, type: subtableType) }
                    guard
                        followers.count + recorded <= SpaceBarrier.TableReader.readingLimit
                    else {
                        return nil
                    }
                }
            } catch {
                return nil
            }
            return (
                followers.sorted(), conditional.map { ($0.key, $0.value) },
                pairLookups, skipsLigatures
            )
        }

        /// The flag of lookup `index` of the table, or nil when it cannot be read.
        func flag(ofLookup index: Int) -> UInt16? {
            guard let list = try? tables.at16(0, 8), let count = try? tables.u16(list), index < Int(count),
                let lookup = try? tables.at16(list, list + 2 + 2 * index)
            else { return nil }
            return try? tables.u16(lookup + 2)
        }

        /// Adds `glyphs`, which a rule matches after `predecessors` (nil: unknown, or glyphs
        /// the lookup may skip between), themselves after `twoBack` (nil: unknown or none) and
        /// before `next` (nil: unknown or none).
        private func add(
            _ glyphs: [UInt16], after predecessors: [UInt16]? = nil, twoBack: [UInt16]? = nil, next: [UInt16]? = nil
        ) {
            // Only a lookup that skips nothing (but default ignorables, which a joinable word
            // does not end with) sees the glyph right before the word's first.
            if anyFlagConditional {
                guard let predecessors else {
                    contributors.insert(lookupIndex)
                    followers.formUnion(glyphs)
                    return
                }
                recorded += glyphs.count + predecessors.count
                conditional[predecessors, default: []] += glyphs
                conditionalContributors[predecessors, default: []].insert(lookupIndex)
                return
            }
            if let predecessors, flag & 0xFF1E == 0, predecessors.count <= 64 {
                recorded += glyphs.count
                let afterSpace = predecessors.contains { ignorables.contains($0) }
                // A positioning rule sees the glyphs substitutions leave: where it needs a
                // known glyph after, the word's second glyph tells whether it can match.
                if isPositioning, let next, !afterSpace {
                    bounded[predecessors, default: []] += glyphs
                    nextGlyphs.append((glyphs, next))
                    recorded += next.count
                    return
                }
                conditional[predecessors, default: []] += glyphs
                // After a zero-width space, what the rule needs before the space.
                guard afterSpace else { return }
                if let twoBack, twoBack.count <= 64, ignorables.isDisjoint(with: twoBack) {
                    afterIgnorable.before.append((glyphs, twoBack))
                    recorded += twoBack.count
                } else {
                    afterIgnorable.any += glyphs
                }
            } else {
                followers.formUnion(glyphs)
            }
        }

        private func coverage(_ base: Int, _ field: Int) throws -> [UInt16] {
            try tables.coverageGlyphs(tables.at16(base, field))
        }

        private func addCoverage(_ base: Int, _ field: Int, after predecessors: [UInt16]? = nil) throws {
            add(try coverage(base, field), after: predecessors)
        }

        /// The glyphs of class `value` of the class definition at `classDef`; class 0 (every glyph
        /// it does not list) cannot be bounded.
        private func classGlyphs(_ classDef: Int, _ value: UInt16) throws -> [UInt16] {
            guard let glyphs = try tables.classGlyphs(classDef, value) else { throw SpaceBarrier.TableReader.Unknown() }
            return glyphs
        }

        private func read(_ subtable: Int, type: UInt16) throws {
            let format = try tables.u16(subtable)
            switch (isPositioning, type) {
            case (false, 1), (false, 2), (false, 3), (true, 1):
                break  // one glyph in, one place
            case (false, 4):
                // Ligature components after the first.
                let firsts = try coverage(subtable, subtable + 2)
                let sets = Int(try tables.u16(subtable + 4))
                for i in 0..<sets {
                    let set = try tables.at16(subtable, subtable + 6 + 2 * i)
                    for j in 0..<Int(try tables.u16(set)) {
                        let ligature = try tables.at16(set, set + 2 + 2 * j)
                        let count = Int(try tables.u16(ligature + 2))
                        var previous = i < firsts.count ? [firsts[i]] : nil
                        for k in 0..<max(0, count - 1) {
                            let component = try tables.u16(ligature + 4 + 2 * k)
                            add([component], after: previous)
                            previous = [component]
                        }
                    }
                }
            case (false, 5), (true, 7):
                try readContext(subtable, format: format)
            case (false, 6), (true, 8):
                try readChainContext(subtable, format: format)
            case (false, 8):
                // Reverse chaining: the backtrack but its furthest glyph, the input when a
                // backtrack precedes it, the lookahead.
                let backtrack = Int(try tables.u16(subtable + 4))
                let lookaheadAt = subtable + 6 + 2 * backtrack
                var sequence = try (0..<backtrack).reversed().map { try coverage(subtable, subtable + 6 + 2 * $0) }
                sequence.append(try coverage(subtable, subtable + 2))
                for k in 0..<Int(try tables.u16(lookaheadAt)) {
                    sequence.append(try coverage(subtable, lookaheadAt + 2 + 2 * k))
                }
                try addSequence(sequence)
            case (true, 3):
                try addCoverage(subtable, subtable + 2)  // both glyphs of an attachment, any glyphs between
            case (true, 4), (true, 5), (true, 6):
                try addCoverage(subtable, subtable + 2)  // the attaching marks
            default:
                throw SpaceBarrier.TableReader.Unknown()
            }
        }

        /// A context's glyphs after the first of its input.
        private func readContext(_ subtable: Int, format: UInt16) throws {
            switch format {
            case 1, 2:
                let classDef = format == 2 ? try tables.at16(subtable, subtable + 4) : 0
                let firsts = format == 1 ? try coverage(subtable, subtable + 2) : []
                let setsAt = subtable + (format == 2 ? 6 : 4)
                for i in 0..<Int(try tables.u16(setsAt)) {
                    guard try tables.u16(setsAt + 2 + 2 * i) != 0 else { continue }
                    let set = try tables.at16(subtable, setsAt + 2 + 2 * i)
                    // The first glyph: the coverage's i-th glyph, or (format 2) of class i.
                    let first: [UInt16]? =
                        format == 1
                        ? (i < firsts.count ? [firsts[i]] : nil) : try tables.classGlyphs(classDef, UInt16(i))
                    for j in 0..<Int(try tables.u16(set)) {
                        let rule = try tables.at16(set, set + 2 + 2 * j)
                        let glyphs = Int(try tables.u16(rule))
                        var sequence: [[UInt16]?] = [first]
                        for k in 0..<max(0, glyphs - 1) {
                            let value = try tables.u16(rule + 4 + 2 * k)
                            sequence.append(format == 1 ? [value] : try classGlyphs(classDef, value))
                        }
                        try addSequence(sequence)
                        noteNested(at: rule + 4 + 2 * max(0, glyphs - 1), count: Int(try tables.u16(rule + 2)))
                    }
                }
            case 3:
                let glyphs = Int(try tables.u16(subtable + 2))
                try addSequence(try (0..<glyphs).map { try coverage(subtable, subtable + 6 + 2 * $0) })
                noteNested(at: subtable + 6 + 2 * glyphs, count: Int(try tables.u16(subtable + 4)))
            default:
                throw SpaceBarrier.TableReader.Unknown()
            }
        }

        /// A rule's whole sequence in text order (nil: a position that cannot be bounded, only
        /// allowed first): each glyph after the first is a follower of the one before.
        /// Whether the table's feature list names feature `tag` (nil: it cannot be read).
        func hasFeature(_ tag: UInt32) -> Bool? {
            do {
                guard try tables.u16(6) != 0 else { return false }
                let list = try tables.at16(0, 6)
                for f in 0..<Int(try tables.u16(list)) where try tables.u32(list + 2 + 6 * f) == tag { return true }
                return false
            } catch {
                return nil
            }
        }

        /// Notes the lookups a context rule applies (`count` records at `at`).
        private func noteNested(at: Int, count: Int) {
            for r in 0..<count {
                guard let index = try? tables.u16(at + 4 * r + 2) else { continue }
                if readingContextOnly {
                    nestedInSyllable.insert(Int(index))
                } else {
                    nested.insert(Int(index))
                }
            }
        }

        private func addSequence(_ sequence: [[UInt16]?]) throws {
            for k in sequence.indices.dropFirst() {
                guard let glyphs = sequence[k] else { throw SpaceBarrier.TableReader.Unknown() }
                add(
                    glyphs, after: sequence[k - 1], twoBack: k >= 2 ? sequence[k - 2] : nil,
                    next: k + 1 < sequence.count ? sequence[k + 1] : nil)
            }
        }

        /// A chaining rule's sequence: its backtrack, input and lookahead, each in text order.
        /// Every glyph after the first of the whole sequence, or, in a syllable's lookup
        /// (``contextOnly``), only those that may lie in another syllable. HarfBuzz 6.0 keeps a
        /// match to the current glyph's syllable only where it starts at that glyph
        /// (`skipping_iterator_t::reset`): the input; the lookahead of a one-glyph input (it
        /// starts right after it); the backtrack while the lookup's pass has changed no length
        /// before the glyph (it starts at `backtrack_len()`, the output's length), which a
        /// ligature or a multiple substitution earlier in the buffer undoes (``backtracking``).
        /// So the lookahead after a longer input counts, and the backtrack with the input's
        /// first glyph after it where the lookup may change the length.
        private func addChain(_ before: [[UInt16]?], _ input: [[UInt16]?], _ after: [[UInt16]?]) throws {
            guard readingContextOnly else {
                try addSequence(before + input + after)
                return
            }
            if !before.isEmpty && backtracking.contains(lookupIndex), let first = input.first {
                contextCrossed = true
                try addSequence(before + [first])
            }
            if !after.isEmpty && input.count > 1 {
                contextCrossed = true
                try addSequence([input.last ?? nil] + after)
            }
        }

        /// The `GSUB` lookups (of table `bytes`) that may change a buffer's length: those with a
        /// multiple or ligature substitution, and those whose context rules apply one (nil: the
        /// table cannot be read).
        static func lengthChangingLookups(_ bytes: UnsafeRawBufferPointer) -> Set<Int>? {
            lookupGraph(bytes)?.changing
        }

        /// ``lengthChangingLookups(_:)``, and per lookup the lookups its context rules apply.
        static func lookupGraph(_ bytes: UnsafeRawBufferPointer) -> (changing: Set<Int>, applies: [[Int]])? {
            let tables = SpaceBarrier.TableReader(bytes: bytes, space: 0, spaceClass: 0, isPositioning: false)
            do {
                guard try tables.u16(0) == 1 else { return nil }
                let list = try tables.at16(0, 8)
                let count = Int(try tables.u16(list))
                var changing: Set<Int> = []
                var applies: [[Int]] = Array(repeating: [], count: count)
                for i in 0..<count {
                    let lookup = try tables.at16(list, list + 2 + 2 * i)
                    let type = try tables.u16(lookup)
                    for s in 0..<Int(try tables.u16(lookup + 4)) {
                        var subtable = try tables.at16(lookup, lookup + 6 + 2 * s)
                        var subtableType = type
                        if subtableType == 7 {
                            guard try tables.u16(subtable) == 1 else { return nil }
                            subtableType = try tables.u16(subtable + 2)
                            subtable += Int(try tables.u32(subtable + 4))
                        }
                        switch subtableType {
                        case 2, 4: changing.insert(i)
                        case 5, 6: applies[i] += try nestedLookups(tables, subtable, chaining: subtableType == 6)
                        default: break
                        }
                    }
                }
                // What a rule applies, at any depth.
                var grew = true
                while grew {
                    grew = false
                    for i in 0..<count where !changing.contains(i) && applies[i].contains(where: changing.contains) {
                        changing.insert(i)
                        grew = true
                    }
                }
                return (changing, applies)
            } catch {
                return nil
            }
        }

        /// The lookups a context (`chaining`: chaining context) subtable's rules apply.
        private static func nestedLookups(
            _ tables: SpaceBarrier.TableReader, _ subtable: Int, chaining: Bool
        ) throws -> [Int] {
            var found: [Int] = []
            func records(_ at: Int, _ count: Int) throws {
                for r in 0..<count { found.append(Int(try tables.u16(at + 4 * r + 2))) }
            }
            // A rule's records after its sequences: (context) glyph count, record count, the
            // input but its first; (chaining) backtrack, input but its first, lookahead, records.
            func rule(_ at: Int) throws {
                if chaining {
                    var p = at
                    p += 2 + 2 * Int(try tables.u16(p))  // backtrack
                    p += 2 + 2 * max(0, Int(try tables.u16(p)) - 1)  // input
                    p += 2 + 2 * Int(try tables.u16(p))  // lookahead
                    try records(p + 2, Int(try tables.u16(p)))
                } else {
                    let glyphs = Int(try tables.u16(at))
                    try records(at + 4 + 2 * max(0, glyphs - 1), Int(try tables.u16(at + 2)))
                }
            }
            switch try tables.u16(subtable) {
            case 1, 2:
                let setsAt =
                    subtable
                    + (chaining ? (try tables.u16(subtable) == 2 ? 10 : 4) : (try tables.u16(subtable) == 2 ? 6 : 4))
                for i in 0..<Int(try tables.u16(setsAt)) {
                    guard try tables.u16(setsAt + 2 + 2 * i) != 0 else { continue }
                    let set = try tables.at16(subtable, setsAt + 2 + 2 * i)
                    for j in 0..<Int(try tables.u16(set)) { try rule(try tables.at16(set, set + 2 + 2 * j)) }
                }
            case 3:
                if chaining {
                    var p = subtable + 2
                    p += 2 + 2 * Int(try tables.u16(p))  // backtrack coverages
                    p += 2 + 2 * Int(try tables.u16(p))  // input coverages
                    p += 2 + 2 * Int(try tables.u16(p))  // lookahead coverages
                    try records(p + 2, Int(try tables.u16(p)))
                } else {
                    let glyphs = Int(try tables.u16(subtable + 2))
                    try records(subtable + 6 + 2 * glyphs, Int(try tables.u16(subtable + 4)))
                }
            default:
                throw SpaceBarrier.TableReader.Unknown()
            }
            return found
        }

        /// A chaining context's glyphs after the first of its whole sequence (backtrack, input,
        /// lookahead, in text order).
        private func readChainContext(_ subtable: Int, format: UInt16) throws {
            switch format {
            case 1, 2:
                let classDefs =
                    format == 2
                    ? (
                        try tables.at16(subtable, subtable + 4), try tables.at16(subtable, subtable + 6),
                        try tables.at16(subtable, subtable + 8)
                    ) : (0, 0, 0)
                let firsts = format == 1 ? try coverage(subtable, subtable + 2) : []
                let setsAt = subtable + (format == 2 ? 10 : 4)
                func glyphs(_ value: UInt16, _ classDef: Int) throws -> [UInt16] {
                    format == 1 ? [value] : try classGlyphs(classDef, value)
                }
                for i in 0..<Int(try tables.u16(setsAt)) {
                    guard try tables.u16(setsAt + 2 + 2 * i) != 0 else { continue }
                    let set = try tables.at16(subtable, setsAt + 2 + 2 * i)
                    let first: [UInt16]? =
                        format == 1
                        ? (i < firsts.count ? [firsts[i]] : nil) : try tables.classGlyphs(classDefs.1, UInt16(i))
                    for j in 0..<Int(try tables.u16(set)) {
                        let rule = try tables.at16(set, set + 2 + 2 * j)
                        let backtrack = Int(try tables.u16(rule))
                        // (Class 0 of the backtrack, every glyph the class definition does not
                        // list, is unbounded: allowed only first in the sequence.)
                        let before: [[UInt16]?] = try (0..<backtrack).reversed().map {
                            let value = try tables.u16(rule + 2 + 2 * $0)
                            return format == 2 && value == 0 ? nil : try glyphs(value, classDefs.0)
                        }
                        // A first input glyph after a backtrack must be bounded.
                        let bounded = try first ?? coverage(subtable, subtable + 2)
                        var input: [[UInt16]?] = [backtrack > 0 ? bounded : first]
                        let inputAt = rule + 2 + 2 * backtrack
                        let inputCount = Int(try tables.u16(inputAt))
                        for k in 0..<max(0, inputCount - 1) {
                            input.append(try glyphs(try tables.u16(inputAt + 2 + 2 * k), classDefs.1))
                        }
                        let lookaheadAt = inputAt + 2 + 2 * max(0, inputCount - 1)
                        let lookahead = Int(try tables.u16(lookaheadAt))
                        let after: [[UInt16]?] = try (0..<lookahead).map {
                            try glyphs(try tables.u16(lookaheadAt + 2 + 2 * $0), classDefs.2)
                        }
                        try addChain(before, input, after)
                        let recordsAt = lookaheadAt + 2 + 2 * lookahead
                        noteNested(at: recordsAt + 2, count: Int(try tables.u16(recordsAt)))
                    }
                }
            case 3:
                let backtrack = Int(try tables.u16(subtable + 2))
                let before: [[UInt16]?] = try (0..<backtrack).reversed().map {
                    try coverage(subtable, subtable + 4 + 2 * $0)
                }
                let inputAt = subtable + 4 + 2 * backtrack
                let inputCount = Int(try tables.u16(inputAt))
                let input: [[UInt16]?] = try (0..<inputCount).map { try coverage(subtable, inputAt + 2 + 2 * $0) }
                let lookaheadAt = inputAt + 2 + 2 * inputCount
                let lookahead = Int(try tables.u16(lookaheadAt))
                let after: [[UInt16]?] = try (0..<lookahead).map {
                    try coverage(subtable, lookaheadAt + 2 + 2 * $0)
                }
                try addChain(before, input, after)
                let recordsAt = lookaheadAt + 2 + 2 * lookahead
                noteNested(at: recordsAt + 2, count: Int(try tables.u16(recordsAt)))
            default:
                throw SpaceBarrier.TableReader.Unknown()
            }
        }
    }
}

/// Per glyph, a union of glyph lists, gathered without hashing sets: each distinct list is kept
/// once, by number, and each glyph keeps the numbers of its lists (``JoinTable/GlyphSetTable``
/// makes the unions).
struct GlyphSetUnions {
    private(set) var lists: [[UInt16]] = []
    private var numbers: [[UInt16]: Int32] = [:]
    private(set) var members: [UInt16: [Int32]] = [:]

    var isEmpty: Bool { members.isEmpty }

    /// Adds `list` to the union of each of `glyphs`.
    mutating func add(_ list: [UInt16], to glyphs: [UInt16]) {
        guard !glyphs.isEmpty else { return }
        let number: Int32
        if let known = numbers[list] {
            number = known
        } else {
            number = Int32(lists.count)
            lists.append(list)
            numbers[list] = number
        }
        for glyph in glyphs { members[glyph, default: []].append(number) }
    }

    /// Adds the unions of `other`.
    mutating func merge(_ other: GlyphSetUnions) {
        for (glyph, numbers) in other.members {
            for number in numbers { add(other.lists[Int(number)], to: [glyph]) }
        }
    }
}

/// What ``WordJoin`` read of a face for one script: the glyphs a word may not begin with to be
/// joined by kerning alone, the glyphs the kerning skips, and the kerning pairs. Immutable.
final class JoinTable: @unchecked Sendable {  // Immutable after init; its bit sets are never written again.
    /// A set of 16-bit glyph IDs, as 1,024 words.
    final class GlyphSet: @unchecked Sendable {  // Written only while its table is made.
        let words: UnsafeMutablePointer<UInt64>
        init() {
            words = .allocate(capacity: 0x10000 / 64)
            words.initialize(repeating: 0, count: 0x10000 / 64)
        }
        deinit { words.deallocate() }
        func insert(_ glyph: UInt32) {
            guard glyph < 0x10000 else { return }
            words[Int(glyph) / 64] |= 1 << UInt64(glyph % 64)
        }
        @inline(__always) func contains(_ glyph: UInt32) -> Bool {
            glyph >= 0x10000 || words[Int(glyph) / 64] & 1 << UInt64(glyph % 64) != 0
        }
    }

    /// One subtable of the pair lookup, as HarfBuzz applies it.
    struct PairSubtable {
        /// The covered glyphs and their coverage indices, by glyph.
        let coverage: [(glyph: UInt16, index: Int)]
        /// Format 1: per coverage index, the second glyphs and the first glyph's x advance.
        let pairSets: [[(second: UInt16, xAdvance: Int32)]]
        /// Format 2: the two class definitions, the class counts and the x advances by class pair.
        let classes1: ClassTable?
        let classes2: ClassTable?
        let class2Count: Int
        let class1Count: Int
        let classAdvances: [Int32]

        init(reader: SpaceBarrier.TableReader, at subtable: Int) throws {
            let format = try reader.u16(subtable)
            let format1 = try reader.u16(subtable + 4)
            let format2 = try reader.u16(subtable + 6)
            // No value for the second glyph (it would stop it from starting a pair), no device
            // tables or anything unknown for the first.
            guard format2 == 0, format1 & ~0x000F == 0 else { throw SpaceBarrier.TableReader.Unknown() }
            let recordWords = format1.nonzeroBitCount
            let advanceWord = format1 & 0x4 != 0 ? (format1 & 0x3).nonzeroBitCount : nil
            coverage = try Self.coverage(reader, reader.at16(subtable, subtable + 2))
            switch format {
            case 1:
                let count = Int(try reader.u16(subtable + 8))
                var sets: [[(second: UInt16, xAdvance: Int32)]] = []
                for i in 0..<count {
                    let set = try reader.at16(subtable, subtable + 10 + 2 * i)
                    var pairs: [(second: UInt16, xAdvance: Int32)] = []
                    for j in 0..<Int(try reader.u16(set)) {
                        let record = set + 2 + 2 * j * (1 + recordWords)
                        let second = try reader.u16(record)
                        guard pairs.last.map({ $0.second < second }) ?? true else {
                            throw SpaceBarrier.TableReader.Unknown()  // HarfBuzz searches them as sorted
                        }
                        let advance = try advanceWord.map {
                            Int32(Int16(bitPattern: try reader.u16(record + 2 + 2 * $0)))
                        }
                        pairs.append((second, advance ?? 0))
                    }
                    sets.append(pairs)
                }
                pairSets = sets
                (classes1, classes2, class1Count, class2Count, classAdvances) = (nil, nil, 0, 0, [])
            case 2:
                classes1 = try ClassTable(reader, reader.at16(subtable, subtable + 8))
                classes2 = try ClassTable(reader, reader.at16(subtable, subtable + 10))
                class1Count = Int(try reader.u16(subtable + 12))
                class2Count = Int(try reader.u16(subtable + 14))
                guard class1Count * class2Count <= SpaceBarrier.TableReader.readingLimit else {
                    throw SpaceBarrier.TableReader.Unknown()
                }
                var advances: [Int32] = []
                advances.reserveCapacity(class1Count * class2Count)
                for r in 0..<class1Count * class2Count {
                    let record = subtable + 16 + 2 * r * recordWords
                    advances.append(
                        try advanceWord.map { Int32(Int16(bitPattern: try reader.u16(record + 2 * $0))) } ?? 0)
                }
                classAdvances = advances
                pairSets = []
            default:
                throw SpaceBarrier.TableReader.Unknown()
            }
        }

        /// A coverage table's glyphs with their coverage indices, as HarfBuzz reads them
        /// (format 2: each range's start index); glyphs must increase, as HarfBuzz's search needs.
        private static func coverage(_ reader: SpaceBarrier.TableReader, _ at: Int) throws -> [(
            glyph: UInt16, index: Int
        )] {
            var result: [(glyph: UInt16, index: Int)] = []
            switch try reader.u16(at) {
            case 1:
                for i in 0..<Int(try reader.u16(at + 2)) { result.append((try reader.u16(at + 4 + 2 * i), i)) }
            case 2:
                for i in 0..<Int(try reader.u16(at + 2)) {
                    let record = at + 4 + 6 * i
                    let (first, last, start) = (
                        try reader.u16(record), try reader.u16(record + 2), try reader.u16(record + 4)
                    )
                    guard first <= last, result.count + Int(last - first) < 0x10000 else {
                        throw SpaceBarrier.TableReader.Unknown()
                    }
                    for g in first...last { result.append((g, Int(start) + Int(g - first))) }
                }
            default:
                throw SpaceBarrier.TableReader.Unknown()
            }
            for i in result.indices.dropFirst() where result[i - 1].glyph >= result[i].glyph {
                throw SpaceBarrier.TableReader.Unknown()
            }
            return result
        }

        /// The x advance HarfBuzz adds to `first` before `second`, or nil when the subtable does
        /// not apply (the next one is tried).
        func xAdvance(_ first: UInt16, _ second: UInt16) -> Int32? {
            guard let index = Self.search(coverage, first, key: \.glyph).map({ coverage[$0].index }) else { return nil }
            return xAdvance(first, second, coverageIndex: index)
        }

        /// ``xAdvance(_:_:)`` for a `first` the coverage holds at `index`.
        @inline(__always)
        func xAdvance(_ first: UInt16, _ second: UInt16, coverageIndex index: Int) -> Int32? {
            if let classes1, let classes2 {
                let c1 = Int(classes1.classOf(first))
                let c2 = Int(classes2.classOf(second))
                guard c1 < class1Count && c2 < class2Count else { return nil }
                return classAdvances[c1 * class2Count + c2]
            }
            guard index < pairSets.count, let j = Self.search(pairSets[index], second, key: \.second) else {
                return nil
            }
            return pairSets[index][j].xAdvance
        }

        @inline(__always)
        static func search<E>(_ array: [E], _ glyph: UInt16, key: KeyPath<E, UInt16>) -> Int? {
            var low = 0
            var high = array.count - 1
            while low <= high {
                let mid = (low + high) / 2
                let g = array[mid][keyPath: key]
                if g == glyph { return mid }
                if g < glyph { low = mid + 1 } else { high = mid - 1 }
            }
            return nil
        }
    }

    /// A class definition as HarfBuzz reads it (format 2 ranges must increase).
    struct ClassTable {
        let start: UInt16
        let direct: [UInt16]
        let ranges: [(first: UInt16, last: UInt16, value: UInt16)]

        init(_ reader: SpaceBarrier.TableReader, _ at: Int) throws {
            switch try reader.u16(at) {
            case 1:
                start = try reader.u16(at + 2)
                direct = try (0..<Int(reader.u16(at + 4))).map { try reader.u16(at + 6 + 2 * $0) }
                ranges = []
            case 2:
                var found: [(first: UInt16, last: UInt16, value: UInt16)] = []
                for i in 0..<Int(try reader.u16(at + 2)) {
                    let record = at + 4 + 6 * i
                    let range = (try reader.u16(record), try reader.u16(record + 2), try reader.u16(record + 4))
                    guard range.0 <= range.1, found.last.map({ $0.last < range.0 }) ?? true else {
                        throw SpaceBarrier.TableReader.Unknown()
                    }
                    found.append(range)
                }
                (start, direct, ranges) = (0, [], found)
            default:
                throw SpaceBarrier.TableReader.Unknown()
            }
        }

        func classOf(_ glyph: UInt16) -> UInt16 {
            if !direct.isEmpty {
                return glyph >= start && Int(glyph - start) < direct.count ? direct[Int(glyph - start)] : 0
            }
            var low = 0
            var high = ranges.count - 1
            while low <= high {
                let mid = (low + high) / 2
                if glyph < ranges[mid].first {
                    high = mid - 1
                } else if glyph > ranges[mid].last {
                    low = mid + 1
                } else {
                    return ranges[mid].value
                }
            }
            return 0
        }
    }

    /// The glyphs a word may not begin with to be joined by kerning alone.
    let blocked: GlyphSet
    /// For syllable joins (HarfBuzz's Indic shaper): the glyphs a syllable may not begin with
    /// after one that holds any of `predecessors` (a rule needs one of those before them,
    /// skipping what it may), and the glyphs some lookup may skip (a syllable must hold
    /// another, so that what such a rule sees before its glyph is in the syllable before).
    final class SyllableRules: @unchecked Sendable {  // Written only while its table is made.
        /// Rules in at most this many groups, by the glyphs they need before.
        static let groupCount = 16
        /// Per group, the glyphs its rules need before their glyph.
        let groups = (0..<groupCount).map { _ in GlyphSet() }
        /// Per glyph, the groups of the rules that need glyphs before it (a bit each).
        let followerGroups: UnsafeMutablePointer<UInt16>
        let maySkip = GlyphSet()
        /// The groups a syllable holds where any of its glyphs is one of their glyphs before;
        /// each of the others, where one is followed by none but those its rules skip
        /// (``skippedBy``): `GPOS` rules, which see the glyphs the syllable keeps.
        var anywhere: UInt16 = 0xFFFF
        /// Per glyph, the groups of ``anywhere``'s others whose rules may skip it (a bit each).
        let skippedBy: UnsafeMutablePointer<UInt16>
        init() {
            followerGroups = .allocate(capacity: 0x10000)
            followerGroups.initialize(repeating: 0, count: 0x10000)
            skippedBy = .allocate(capacity: 0x10000)
            skippedBy.initialize(repeating: 0, count: 0x10000)
        }
        deinit {
            followerGroups.deallocate()
            skippedBy.deallocate()
        }
        /// The groups a syllable holds (bits, as ``followerGroups``) once `glyph` follows the
        /// glyphs that held `held`: those of `glyph`, and those held before it that are
        /// ``anywhere`` or whose rules skip it (a default ignorable's, `ignorable`, all).
        @inline(__always) func holding(_ held: UInt16, then glyph: UInt32, ignorable: Bool) -> UInt16 {
            let kept = ignorable ? 0xFFFF : anywhere | skippedBy[Int(glyph & 0xFFFF)]
            return held & kept | groups(of: glyph)
        }
        /// The groups whose glyphs before `glyph` holds (bits, as ``followerGroups``).
        @inline(__always) func groups(of glyph: UInt32) -> UInt16 {
            var mask: UInt16 = 0
            for g in 0..<Self.groupCount where groups[g].contains(glyph) { mask |= 1 << UInt16(g) }
            return mask
        }
    }
    let syllables: SyllableRules?
    /// For each of ``pairs``, the number of its lookup (in the order HarfBuzz applies them).
    private let pairLookups: [Int32]
    /// The glyphs the kerning skips (marks, ligatures, as its flag says).
    let skipped: GlyphSet
    let pairs: [PairSubtable]
    /// The pair subtables that cover each first glyph, in order, with its coverage index
    /// there: glyph `g`'s are `pairEntries[pairStarts[g]..<pairStarts[g + 1]]` (for `g` below
    /// `pairStarts.count - 1`; no subtable covers the others). A kerning pair asks those alone,
    /// not every subtable's coverage.
    private let pairStarts: [Int32]
    private let pairEntries: [(subtable: Int32, coverageIndex: Int32)]

    /// Per glyph, a set of glyphs (16-bit glyph ids both), numbered: an index of 0x10000
    /// entries (1 + the set's number, or 0) and the distinct sets.
    final class GlyphSetTable {
        private let index: UnsafeMutablePointer<UInt16>
        private let sets: [GlyphSet]

        /// The unions of `unions`; nil when there are more distinct ones than 16 bits number.
        init?(_ unions: GlyphSetUnions) {
            var distinct: [[Int32]: Int] = [:]
            var sets: [GlyphSet] = []
            var numbers: [(UInt16, Int)] = []
            for (glyph, lists) in unions.members.sorted(by: { $0.key < $1.key }) {
                var key: [Int32] = []  // the lists' numbers, in order, once each
                for list in lists.sorted() where key.last != list { key.append(list) }
                if let known = distinct[key] {
                    numbers.append((glyph, known))
                    continue
                }
                guard sets.count < 0xFFFF else { return nil }
                let set = GlyphSet()
                for list in key {
                    for g in unions.lists[Int(list)] { set.insert(UInt32(g)) }
                }
                sets.append(set)
                distinct[key] = sets.count - 1
                numbers.append((glyph, sets.count - 1))
            }
            index = UnsafeMutablePointer<UInt16>.allocate(capacity: 0x10000)
            index.initialize(repeating: 0, count: 0x10000)
            for (glyph, number) in numbers { index[Int(glyph)] = UInt16(number + 1) }
            self.sets = sets
        }

        deinit { index.deallocate() }

        /// Whether the set of `key` (below 0x10000) holds `glyph`.
        @inline(__always) func contains(_ key: UInt32, _ glyph: UInt32) -> Bool {
            let i = Int(index[Int(key)])
            return i != 0 && sets[i - 1].contains(glyph)
        }
    }

    /// For glyphs a rule needs right after certain glyphs (in a face without kerning): per
    /// glyph, those glyphs; nil when there are none.
    private let predecessors: GlyphSetTable?
    /// For glyphs a positioning rule needs right after certain glyphs and right before others:
    /// per glyph, those before (``boundedNext``, those after); nil when there are none.
    private let bounded: GlyphSetTable?
    private let boundedNext: GlyphSetTable?
    /// The glyphs a zero-width space or a space may be (the space's, its own, .notdef).
    private let ignorableGlyphs: GlyphSet
    /// The glyphs a word may not begin with after a word that ends in zero-width spaces: rules
    /// may see one of their glyphs right before it, whatever precedes it.
    let afterIgnorable = GlyphSet()
    /// The glyphs a word may not begin with after a word that ends in zero-width spaces and,
    /// right before them, in one of certain glyphs: per glyph, those (a rule needs the zero-width
    /// space, as the space, right after one of them: Khmer's 'dist').
    private let beforeIgnorable: GlyphSetTable?
    /// With predecessor rules, the bit of a kept last glyph that says the word ends in
    /// zero-width spaces (``lastGlyph(_:endsInIgnorable:)``); nil when the face has too many glyphs
    /// for it (such words are then not joined).
    let ignorableFlag: UInt32?

    init?(
        blocked: GlyphSet, skipped: GlyphSet, pairs: [PairSubtable], pairLookups: [Int32]? = nil,
        predecessors: GlyphSetUnions = .init(),
        afterIgnorable: Set<UInt16> = [], beforeIgnorable: GlyphSetUnions = .init(),
        bounded: GlyphSetUnions = .init(), next: GlyphSetUnions = .init(), ignorableGlyphs: Set<UInt16> = [],
        glyphCount: Int = 0x10000, syllables: SyllableRules? = nil
    ) {
        self.blocked = blocked
        self.skipped = skipped
        self.pairs = pairs
        self.pairLookups = pairLookups ?? Array(repeating: 0, count: pairs.count)
        self.syllables = syllables
        (pairStarts, pairEntries) = Self.pairIndex(pairs)
        self.ignorableGlyphs = GlyphSet()
        for glyph in ignorableGlyphs { self.ignorableGlyphs.insert(UInt32(glyph)) }
        for glyph in afterIgnorable { self.afterIgnorable.insert(UInt32(glyph)) }
        // The marks on a word's glyphs need glyph ids below 0x8000; without them, a rule that
        // needs a glyph after counts whatever comes after.
        ignorableFlag = (predecessors.isEmpty && bounded.isEmpty) || glyphCount > 0x8000 ? nil : 0x8000
        var (plain, bounded, next) = (predecessors, bounded, next)
        if ignorableFlag == nil {
            plain.merge(bounded)
            (bounded, next) = (.init(), .init())
        }
        var tables: [GlyphSetTable?] = []
        for sets in [plain, beforeIgnorable, bounded, next] {
            if sets.isEmpty {
                tables.append(nil)
                continue
            }
            guard let table = GlyphSetTable(sets) else { return nil }  // more distinct sets than 16 bits number
            tables.append(table)
        }
        (self.predecessors, self.beforeIgnorable, self.bounded, self.boundedNext) = (
            tables[0], tables[1], tables[2], tables[3]
        )
    }

    /// Whether a word beginning with `glyph` may not be joined by kerning alone after any word.
    @inline(__always) func isBlocked(_ glyph: UInt32) -> Bool { blocked.contains(glyph) }

    /// Whether a syllable beginning with `first` may not be joined after one (a syllable join,
    /// ``syllables``) whose glyphs hold those of rule groups `groups` (``SyllableRules/groups(of:)``)
    /// and one no lookup skips (`holdsBase`).
    @inline(__always) func isBlocked(syllable first: UInt32, groups: UInt16, holdsBase: Bool) -> Bool {
        guard let syllables, holdsBase, !blocked.contains(first) else { return true }
        return syllables.followerGroups[Int(first)] & groups != 0
    }

    /// Whether some words may precede one beginning with `glyph` only if they do not end with
    /// certain glyphs (``isBlocked(_:after:)``).
    var hasPredecessorRules: Bool { predecessors != nil || bounded != nil }

    /// Whether a word beginning with `first` (not ``isBlocked(_:)``; as ``firstGlyph(_:second:)``
    /// keeps it) may not be joined after one whose kept last glyph is `last`
    /// (``lastGlyph(_:endsInIgnorable:)``): a rule matches `first` right after that glyph, or
    /// after a zero-width space the word ends in.
    @inline(__always) func isBlocked(_ first: UInt32, after last: UInt32) -> Bool {
        guard first < 0x10000, hasPredecessorRules else { return false }
        let flag = ignorableFlag ?? 0
        let (glyph, firstGlyph) = (last & ~flag, first & ~flag)
        if last & flag != 0 {
            if afterIgnorable.contains(firstGlyph) { return true }
            if let beforeIgnorable, beforeIgnorable.contains(firstGlyph, glyph) { return true }
        }
        if let predecessors, predecessors.contains(firstGlyph, glyph) { return true }
        // (Marked: the word's second glyph is none such a rule needs next.)
        if first & flag == 0, let bounded, bounded.contains(firstGlyph, glyph) { return true }
        return false
    }

    /// The first glyph a joined word keeps: `glyph`, marked when `second` (the word's glyph
    /// after it; nil: none) is none that a positioning rule reaching `glyph` from the word
    /// before needs next (Khmer's COENG RO, first in its syllable, is followed by its base,
    /// where rules reaching it from a consonant before need a vowel sign).
    @inline(__always) func firstGlyph(_ glyph: UInt32, second: UInt32?) -> UInt32 {
        guard let flag = ignorableFlag, let boundedNext, glyph < flag, let second, second < 0x10000,
            !ignorableGlyphs.contains(second),  // (a hidden default ignorable, which rules may skip)
            !boundedNext.contains(glyph, second)
        else { return glyph }
        return glyph | flag
    }

    /// Whether a word's first glyph is kept unmarked whatever follows it (``firstGlyph(_:second:)``):
    /// then a word measured from its grapheme clusters keeps what it would shaped alone.
    var keepsFirstGlyphs: Bool { ignorableFlag == nil || boundedNext == nil }

    /// The glyph a word's first glyph kept by ``firstGlyph(_:second:)`` is (its mark cleared:
    /// the one the kerning sees).
    @inline(__always) func unmarked(_ glyph: UInt32) -> UInt32 { glyph & ~(ignorableFlag ?? 0) }

    /// The last glyph a joined word keeps: `glyph` (the last that is no default ignorable's),
    /// with predecessor rules marked when the word ends in zero-width spaces (the only default
    /// ignorables a joined word may end in then); nil when it cannot be marked.
    @inline(__always) func lastGlyph(_ glyph: UInt32, endsInIgnorable: Bool) -> UInt32? {
        guard hasPredecessorRules else { return glyph }
        // (A glyph substitutions name past the face's count could read as marked.)
        guard let ignorableFlag, glyph < ignorableFlag else { return nil }
        return endsInIgnorable ? glyph | ignorableFlag : glyph
    }

    /// What HarfBuzz adds to the advance of `first` (the last glyph of a word the kerning does
    /// not skip) when `second` (the first glyph of the next word) follows, in font units.
    /// In each pair lookup the first subtable that applies wins; the lookups' values add up.
    func kern(_ first: UInt32, _ second: UInt32) -> Int32 {
        guard first < 0x10000, second < 0x10000, Int(first) + 1 < pairStarts.count else { return 0 }
        var total: Int32 = 0
        var applied: Int32 = -1  // the lookup whose subtable last applied
        for e in Int(pairStarts[Int(first)])..<Int(pairStarts[Int(first) + 1]) {
            let (subtable, index) = pairEntries[e]
            let lookup = pairLookups[Int(subtable)]
            guard lookup != applied else { continue }
            if let advance = pairs[Int(subtable)].xAdvance(UInt16(first), UInt16(second), coverageIndex: Int(index)) {
                total &+= advance
                applied = lookup
            }
        }
        return total
    }

    /// ``kern(_:_:)`` asking every subtable in turn, as HarfBuzz's lookup does (tests hold the
    /// index to it).
    func kernAskingEverySubtable(_ first: UInt32, _ second: UInt32) -> Int32 {
        guard first < 0x10000, second < 0x10000 else { return 0 }
        var total: Int32 = 0
        var applied: Int32 = -1
        for (s, subtable) in pairs.enumerated() where pairLookups[s] != applied {
            if let advance = subtable.xAdvance(UInt16(first), UInt16(second)) {
                total &+= advance
                applied = pairLookups[s]
            }
        }
        return total
    }

    /// ``pairStarts`` and ``pairEntries`` of `pairs`.
    private static func pairIndex(_ pairs: [PairSubtable]) -> ([Int32], [(subtable: Int32, coverageIndex: Int32)]) {
        var byGlyph: [[(subtable: Int32, coverageIndex: Int32)]] = []
        for (s, subtable) in pairs.enumerated() {
            for (glyph, index) in subtable.coverage {
                if Int(glyph) >= byGlyph.count {
                    byGlyph += Array(repeating: [], count: Int(glyph) + 1 - byGlyph.count)
                }
                byGlyph[Int(glyph)].append((Int32(s), Int32(index)))
            }
        }
        var starts: [Int32] = [0]
        var entries: [(subtable: Int32, coverageIndex: Int32)] = []
        for list in byGlyph {
            entries += list
            starts.append(Int32(entries.count))
        }
        return (starts, entries)
    }
}

extension WordJoin {
    /// Whether a syllable of HarfBuzz's Khmer shaper may go on after `scalar` into the next
    /// word: after COENG (a subscript consonant follows) or a joiner. A word ending so is never
    /// joined: its neighbour would be shaped in its syllable.
    static func syllableContinues(after scalar: UInt32) -> Bool {
        scalar == 0x17D2 || scalar == 0x200C || scalar == 0x200D
    }
}
