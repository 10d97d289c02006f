import CHarfBuzz

/// Whether a face's space glyph is a barrier to its OpenType lookups: read from its `GSUB`
/// and `GPOS` tables, it tells when the text on either side of a space shapes as it would
/// beside any other text on the far side of that space, which HarfBuzz's unsafe-to-concat flag
/// does not tell (the flag is conservative: Arabic's joining logic sets it on every letter
/// after a space, a failed contextual match on the glyphs it looked at).
///
/// The space glyph is a barrier when no lookup can match a glyph sequence that has glyphs on
/// both sides of it, or skip it:
/// - no lookup's flag skips it (`IgnoreBaseGlyphs` when the space is a base glyph, as HarfBuzz
///   classes it when `GDEF` has no classes; `IgnoreLigatures` when it is a ligature; a space
///   classed as a mark or component is not a barrier);
/// - it is in no substitution's coverage, no ligature's components, no context's input, no
///   pair's first glyph, no cursive attachment, no mark attachment's marks or bases;
/// - in a (chaining) context it may only be the backtrack's last glyph (the one furthest from
///   the input: the rule then depends on the space alone on that side, which the segment cache
///   keys the piece after it by), the lookahead's last, or the input's last when no lookahead
///   follows and no nested lookup applies to it (a rule that changes a glyph before a space
///   only); class-based rules are read by the space's class in each class definition, class 0
///   (every glyph the definition does not list) included;
/// - a single positioning of the space itself, and the space as a pair's second glyph (which
///   positions the glyph before it), stay on its side.
///
/// A space that is no barrier may still be a partial one
/// (``Verdict/partial(backwardAnywhere:backwardFirst:forward:firstGlyphOnly:)``): the rules
/// that reach across it, in a context or a chaining context, need a glyph the reading can list
/// next to the space, and apply no lookup to the space itself (see
/// ``TableReader/placementsKeepToTheirSide``); a text that lacks that glyph then shapes as
/// beside any other text across the space.
///
/// A face with AAT or Graphite tables (`morx`, `mort`, `kerx`, `trak`, `Silf`), or an old
/// `kern` table, is never a barrier (HarfBuzz may shape with those instead); so is one without
/// a space glyph, or whose tables cannot be read (an offset out of bounds, an unknown lookup
/// type or format): every doubt answers no, which costs only cache hits.
///
/// HarfBuzz's shapers add nothing across a space: Arabic joining restarts after a
/// non-joining character, and syllables (Indic, Khmer, Myanmar, USE) never hold a space.
enum SpaceBarrier {
    /// What the space glyph of `font` (an `hb_font_t`) is to its lookups, as described above.
    static func verdict(for font: OpaquePointer) -> Verdict {
        let face = hb_font_get_face(font)!
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0, space != 0 else { return .none }
        for tag in shapedOtherwise where tableLength(face, tag) > 0 { return .none }
        let glyphClass: UInt16
        if hb_ot_layout_has_glyph_classes(face) != 0 {
            glyphClass = UInt16(hb_ot_layout_get_glyph_class(face, space).rawValue)
        } else {
            glyphClass = 1  // HarfBuzz classes a glyph of a non-mark character as a base
        }
        guard glyphClass <= 2 else { return .none }  // a mark or a component: skipped too often
        var crossing: [UInt16] = []
        var firstGlyph: [UInt16] = []
        var forward: [UInt16] = []
        var firstGlyphOnly = true
        let layoutTables: [(tag: StaticString, isPositioning: Bool)] = [("GSUB", false), ("GPOS", true)]
        for (tag, isPositioning) in layoutTables {
            let blob = hb_face_reference_table(face, Font.tag(tag))!
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { continue }
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length))
            guard
                let found = lookupsReaching(
                    table: bytes, space: UInt16(space), spaceClass: glyphClass, isPositioning: isPositioning)
            else { return .none }
            crossing += found.crossing
            firstGlyph += found.firstGlyph
            forward += found.forward
            firstGlyphOnly = firstGlyphOnly && found.firstGlyphOnly
        }
        if crossing.isEmpty && firstGlyph.isEmpty && forward.isEmpty { return .full }
        return .partial(
            backwardAnywhere: Array(Set(crossing)).sorted(), backwardFirst: Array(Set(firstGlyph)).sorted(),
            forward: Array(Set(forward)).sorted(), firstGlyphOnly: firstGlyphOnly)
    }

    /// What a face's space glyph is to its lookups, without the glyphs (``Verdict``).
    enum Kind: UInt8 {
        case none, full, partial
    }

    /// What a face's space glyph is to its lookups.
    enum Verdict: Equatable {
        /// No lookup reaches across the space or skips it.
        case full
        /// Some rules reach across the space (a chaining context whose backtrack or lookahead
        /// holds the space with glyphs beyond it, a context whose input holds it), and they
        /// change nothing but the glyphs they apply to, never the space, listed here: the text
        /// after a space then shapes as after any other space when it holds none of the
        /// backward glyphs, and the text before it as before any other when it holds none of
        /// the forward ones (see ``TableReader/placementsKeepToTheirSide``):
        /// - `backwardAnywhere`: the first input glyphs after the space of positioning rules
        ///   (and of substitutions in lookups that skip glyphs, with what substitutions make of
        ///   them), checked on every glyph of the text after a space;
        /// - `backwardFirst`: the glyphs rules need right after the space, with every glyph
        ///   substitutions can make of them: a text whose first glyph is one is never kept;
        /// - `forward`: the glyphs rules need right before the space where what they need after
        ///   it cannot be listed, with what substitutions make of them, checked on the last
        ///   glyph of the text before a space;
        /// - `firstGlyphOnly`: the backward-first glyphs are needed only where no shaper
        ///   reorders afterwards (positioning, or substitution features after every
        ///   reordering): then they are checked on the first glyph of the text after a space,
        ///   else on every glyph of its first character's HarfBuzz cluster.
        case partial(backwardAnywhere: [UInt16], backwardFirst: [UInt16], forward: [UInt16], firstGlyphOnly: Bool)
        /// The space is no barrier.
        case none
    }

    /// Whether no lookup of a `GSUB` (or, `isPositioning`, `GPOS`) table reaches across the
    /// glyph `space` of GDEF class `spaceClass` (1 base, 2 ligature), as described above; false
    /// for a table it cannot read.
    static func everyLookupKeepsToItsSide(
        table: UnsafeRawBufferPointer, space: UInt16, spaceClass: UInt16, isPositioning: Bool
    ) -> Bool {
        guard
            let found = lookupsReaching(
                table: table, space: space, spaceClass: spaceClass, isPositioning: isPositioning)
        else { return false }
        return found.crossing.isEmpty && found.firstGlyph.isEmpty && found.forward.isEmpty
    }

    /// The glyphs of the rules that reach across the space
    /// (``Verdict/partial(backwardAnywhere:backwardFirst:forward:firstGlyphOnly:)``), all empty when no lookup
    /// reaches across it; nil when a lookup reaches across it otherwise, a substitution may
    /// delete what such a rule applies to, or the table cannot be read.
    static func lookupsReaching(
        table: UnsafeRawBufferPointer, space: UInt16, spaceClass: UInt16, isPositioning: Bool
    ) -> (crossing: [UInt16], firstGlyph: [UInt16], forward: [UInt16], firstGlyphOnly: Bool)? {
        let reader = TableReader(bytes: table, space: space, spaceClass: spaceClass, isPositioning: isPositioning)
        guard reader.everyLookupKeepsToItsSide() else { return nil }
        // What substitutions make of a substituted glyph: the glyphs later lookups see.
        func closed(_ glyphs: [UInt16]) -> [UInt16]? {
            guard !isPositioning, !glyphs.isEmpty else { return glyphs }
            guard let all = reader.substitutionClosure(of: glyphs), !all.contains(space), !all.contains(0) else {
                return nil
            }
            return all
        }
        guard let anywhere = closed(reader.crossingInputs), let first = closed(reader.firstGlyphInputs),
            let forward = closed(reader.forwardInputs),
            !anywhere.contains(space), !first.contains(space), !forward.contains(space)
        else { return nil }
        return (anywhere, first, forward, reader.firstGlyphOnly)
    }

    /// The tables with which HarfBuzz may shape a face otherwise than by `GSUB` and `GPOS`:
    /// AAT's, Graphite's, an old `kern` table.
    static let shapedOtherwise: [StaticString] = ["morx", "mort", "kerx", "trak", "Silf", "kern"]

    /// The length of `face`'s table `tag` (0 when it has none).
    static func tableLength(_ face: OpaquePointer, _ tag: StaticString) -> UInt32 {
        let blob = hb_face_reference_table(face, Font.tag(tag))!
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob)
    }

    /// A reading of one `GSUB` or `GPOS` table, bounds-checked: every read outside the table
    /// throws, and the caller answers no.
    final class TableReader {
        let bytes: UnsafeRawBufferPointer
        let space: UInt16
        let spaceClass: UInt16
        let isPositioning: Bool
        /// The input glyphs of the positioning rules found reading back across the space.
        var crossingInputs: [UInt16] = []
        /// The glyphs before the space that rules reading ahead across it apply to.
        var forwardInputs: [UInt16] = []
        /// The input glyphs of the substitution rules found reading back across the space from
        /// the glyph right after it.
        var firstGlyphInputs: [UInt16] = []
        /// The flag of the lookup being read.
        var lookupFlag: UInt16 = 0
        /// The index of the lookup being read.
        var lookupIndex = 0
        /// The lookups that only features applied after every reordering of HarfBuzz's shapers
        /// name (``lateFeatures``).
        var lateLookups: Set<Int> = []
        /// Whether every glyph of `firstGlyphInputs` is needed by a positioning rule or a
        /// substitution in ``lateLookups``: then what substitutions make of the glyph right
        /// after the space is the first glyph of the text after it, not merely in its first
        /// character's cluster.
        var firstGlyphOnly = true

        /// The substitution features HarfBuzz's shapers apply after their last reordering
        /// (Indic's presentation features after its final reordering; USE's, Khmer's and
        /// Myanmar's, which reorder before them) and the common ones after those.
        static let lateFeatures: Set<UInt32> = Set(
            ["init", "pres", "abvs", "blws", "psts", "haln", "calt", "clig", "liga", "rlig", "rclt"].map { tag in
                tag.utf8.reduce(0) { $0 << 8 | UInt32($1) }
            })

        /// The lookups that only features of `tags` name (in any script or language), from the
        /// table's feature list.
        private func lookups(onlyIn tags: Set<UInt32>) throws -> Set<Int> {
            guard try u16(6) != 0 else { return [] }
            let featureList = try at16(0, 6)
            var late: Set<Int> = []
            var early: Set<Int> = []
            for f in 0..<Int(try u16(featureList)) {
                let record = featureList + 2 + 6 * f
                let tag = try u32(record)
                let feature = try at16(featureList, record + 4)
                for k in 0..<Int(try u16(feature + 2)) {
                    let index = Int(try u16(feature + 4 + 2 * k))
                    if tags.contains(tag) { late.insert(index) } else { early.insert(index) }
                }
            }
            return late.subtracting(early)
        }
        /// The lookup list's offset, once read.
        var lookupList = 0
        /// Whether ``substitutionClosure(of:)`` follows a ligature from its first component only:
        /// what a text's first glyph may become (a ligature of it and glyphs before it would
        /// leave the text's first character without a glyph).
        var ligatureFirstComponentOnly = false

        init(bytes: UnsafeRawBufferPointer, space: UInt16, spaceClass: UInt16, isPositioning: Bool) {
            self.bytes = bytes
            self.space = space
            self.spaceClass = spaceClass
            self.isPositioning = isPositioning
        }

        struct OutOfBounds: Error {}
        /// A lookup type, format or table this reading does not know.
        struct Unknown: Error {}

        func u16(_ offset: Int) throws -> UInt16 {
            guard offset >= 0, offset + 2 <= bytes.count else { throw OutOfBounds() }
            return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        }

        func u32(_ offset: Int) throws -> UInt32 {
            UInt32(try u16(offset)) << 16 | UInt32(try u16(offset + 2))
        }

        /// The table at a 16-bit offset stored at `field`, relative to `base`.
        func at16(_ base: Int, _ field: Int) throws -> Int { base + Int(try u16(field)) }

        func everyLookupKeepsToItsSide() -> Bool {
            do {
                guard try u16(0) == 1 else { throw Unknown() }  // major version 1
                lookupList = try at16(0, 8)
                if !isPositioning { lateLookups = try lookups(onlyIn: Self.lateFeatures) }
                let count = Int(try u16(lookupList))
                for i in 0..<count {
                    let lookup = try at16(lookupList, lookupList + 2 + 2 * i)
                    lookupIndex = i
                    guard try lookupKeepsToItsSide(lookup) else { return false }
                }
                return true
            } catch {
                return false
            }
        }

        private func lookupKeepsToItsSide(_ lookup: Int) throws -> Bool {
            let type = try u16(lookup)
            let flag = try u16(lookup + 2)
            lookupFlag = flag
            // A flag that skips the space lets a match reach past it.
            if flag & 0x2 != 0 && spaceClass == 1 { return false }
            if flag & 0x4 != 0 && spaceClass == 2 { return false }
            let subtables = Int(try u16(lookup + 4))
            for s in 0..<subtables {
                var subtable = try at16(lookup, lookup + 6 + 2 * s)
                var subtableType = type
                if subtableType == (isPositioning ? 9 : 7) {  // extension: the real subtable
                    guard try u16(subtable) == 1 else { throw Unknown() }
                    subtableType = try u16(subtable + 2)
                    subtable += Int(try u32(subtable + 4))
                }
                guard try subtableKeepsToItsSide(subtable, type: subtableType) else { return false }
            }
            return true
        }

        private func subtableKeepsToItsSide(_ subtable: Int, type: UInt16) throws -> Bool {
            let format = try u16(subtable)
            switch (isPositioning, type) {
            case (false, 1), (false, 2), (false, 3):
                // Single, multiple, alternate substitution: the space itself replaced.
                return try !covers(at16(subtable, subtable + 2))
            case (false, 4):
                return try ligaturesKeepToTheirSide(subtable)
            case (_, 5) where !isPositioning, (_, 7) where isPositioning:
                return try contextKeepsToItsSide(subtable, format: format)
            case (_, 6) where !isPositioning, (_, 8) where isPositioning:
                return try chainContextKeepsToItsSide(subtable, format: format)
            case (false, 8):
                // Reverse chaining single substitution: coverage, then backtrack and lookahead
                // coverages.
                guard format == 1, try !covers(at16(subtable, subtable + 2)) else { return false }
                let backtrack = Int(try u16(subtable + 4))
                let backtrackCoverages = (0..<backtrack).map { subtable + 6 + 2 * $0 }
                let lookaheadAt = subtable + 6 + 2 * backtrack
                let lookahead = Int(try u16(lookaheadAt))
                let lookaheadCoverages = (0..<lookahead).map { lookaheadAt + 2 + 2 * $0 }
                return try contextCoveragesKeepToTheirSide(
                    subtable, backtrackCoverages, input: [], lookaheadCoverages, records: (at: 0, count: 0))
            case (true, 1):
                return true  // the space's own position, whatever surrounds it
            case (true, 2):
                // Pair positioning: the space may be a pair's second glyph, never its first.
                guard format == 1 || format == 2 else { throw Unknown() }
                return try !covers(at16(subtable, subtable + 2))
            case (true, 3):
                guard format == 1 else { throw Unknown() }
                return try !covers(at16(subtable, subtable + 2))
            case (true, 4), (true, 5), (true, 6):
                // Mark to base, ligature, mark: neither coverage may hold the space.
                guard format == 1 else { throw Unknown() }
                return try !covers(at16(subtable, subtable + 2)) && !covers(at16(subtable, subtable + 4))
            default:
                throw Unknown()
            }
        }

        private func ligaturesKeepToTheirSide(_ subtable: Int) throws -> Bool {
            guard try u16(subtable) == 1 else { throw Unknown() }
            if try covers(at16(subtable, subtable + 2)) { return false }
            let sets = Int(try u16(subtable + 4))
            for i in 0..<sets {
                let set = try at16(subtable, subtable + 6 + 2 * i)
                let ligatures = Int(try u16(set))
                for j in 0..<ligatures {
                    let ligature = try at16(set, set + 2 + 2 * j)
                    let components = Int(try u16(ligature + 2))
                    for k in 0..<max(0, components - 1) where try u16(ligature + 4 + 2 * k) == space { return false }
                }
            }
            return true
        }

        /// Whether `check` holds for every rule of a glyph- or class-based (chaining) context
        /// subtable, its rule sets' offsets counted at `setsAt` (null sets skipped); `check` gets
        /// each rule's offset and its set's index (the coverage index of its first glyph, or its
        /// first glyph's class).
        private func everyRule(of subtable: Int, setsAt: Int, _ check: (Int, Int) throws -> Bool) throws -> Bool {
            let sets = Int(try u16(setsAt))
            for i in 0..<sets {
                guard try u16(setsAt + 2 + 2 * i) != 0 else { continue }  // a null rule set
                let set = try at16(subtable, setsAt + 2 + 2 * i)
                let rules = Int(try u16(set))
                for j in 0..<rules where try !check(at16(set, set + 2 + 2 * j), i) { return false }
            }
            return true
        }

        /// Contextual substitution or positioning (no backtrack, no lookahead): see
        /// ``placementsKeepToTheirSide``.
        private func contextKeepsToItsSide(_ subtable: Int, format: UInt16) throws -> Bool {
            switch format {
            case 1, 2:
                if try covers(at16(subtable, subtable + 2)) { return false }
                let spaceInput = format == 2 ? try classOfSpace(at16(subtable, subtable + 4)) : space
                return try everyRule(of: subtable, setsAt: subtable + (format == 2 ? 6 : 4)) { rule, set in
                    let glyphs = Int(try u16(rule))
                    let records = (at: rule + 4 + 2 * max(0, glyphs - 1), count: Int(try u16(rule + 2)))
                    var inputPlacements: [Int] = []
                    for k in 0..<max(0, glyphs - 1) where try u16(rule + 4 + 2 * k) == spaceInput {
                        inputPlacements.append(k + 1)
                    }
                    return try placementsKeepToTheirSide(
                        input: glyphs, lookahead: 0, records: records, backtrack: [], inputAt: inputPlacements,
                        lookaheadAt: [],
                        glyphs: Positions(
                            backtrack: { _ in nil }, lookahead: { _ in nil },
                            input: { [self] i in
                                try ruleInputGlyphs(
                                    subtable, format: format, set: set, classesAt: subtable + 4, position: i,
                                    value: { try u16(rule + 4 + 2 * ($0 - 1)) })
                            }))
                }
            case 3:
                let glyphs = Int(try u16(subtable + 2))
                let input = (0..<glyphs).map { subtable + 6 + 2 * $0 }
                let records = (at: subtable + 6 + 2 * glyphs, count: Int(try u16(subtable + 4)))
                return try contextCoveragesKeepToTheirSide(subtable, [], input: input, [], records: records)
            default:
                throw Unknown()
            }
        }

        /// Chaining contextual substitution or positioning: see ``placementsKeepToTheirSide``.
        private func chainContextKeepsToItsSide(_ subtable: Int, format: UInt16) throws -> Bool {
            switch format {
            case 1, 2:
                if try covers(at16(subtable, subtable + 2)) { return false }
                var spaceBacktrack = space
                var spaceInput = space
                var spaceLookahead = space
                if format == 2 {
                    spaceBacktrack = try classOfSpace(at16(subtable, subtable + 4))
                    spaceInput = try classOfSpace(at16(subtable, subtable + 6))
                    spaceLookahead = try classOfSpace(at16(subtable, subtable + 8))
                }
                return try everyRule(of: subtable, setsAt: subtable + (format == 2 ? 10 : 4)) { rule, set in
                    let backtrack = Int(try u16(rule))
                    var backtrackPlacements: [Int] = []
                    for k in 0..<max(0, backtrack - 1) where try u16(rule + 2 + 2 * k) == spaceBacktrack {
                        backtrackPlacements.append(k)
                    }
                    let inputAt = rule + 2 + 2 * backtrack
                    let input = Int(try u16(inputAt))
                    let lookaheadAt = inputAt + 2 + 2 * max(0, input - 1)
                    let lookahead = Int(try u16(lookaheadAt))
                    let recordsAt = lookaheadAt + 2 + 2 * lookahead
                    let records = (at: recordsAt + 2, count: Int(try u16(recordsAt)))
                    var inputPlacements: [Int] = []
                    for k in 0..<max(0, input - 1) where try u16(inputAt + 2 + 2 * k) == spaceInput {
                        inputPlacements.append(k + 1)
                    }
                    var lookaheadPlacements: [Int] = []
                    for k in 0..<max(0, lookahead - 1) where try u16(lookaheadAt + 2 + 2 * k) == spaceLookahead {
                        lookaheadPlacements.append(k)
                    }
                    // What a backtrack or lookahead position matches: the rule's glyph, or the
                    // glyphs of its class (nil for class 0).
                    func contextGlyphs(_ value: UInt16, classesAt: Int) throws -> [UInt16]? {
                        format == 1 ? [value] : try classGlyphs(at16(subtable, classesAt), value)
                    }
                    return try placementsKeepToTheirSide(
                        input: input, lookahead: lookahead, records: records, backtrack: backtrackPlacements,
                        inputAt: inputPlacements, lookaheadAt: lookaheadPlacements,
                        glyphs: Positions(
                            backtrack: { [self] j in try contextGlyphs(u16(rule + 2 + 2 * j), classesAt: subtable + 4)
                            },
                            lookahead: { [self] j in
                                try contextGlyphs(u16(lookaheadAt + 2 + 2 * j), classesAt: subtable + 8)
                            },
                            input: { [self] i in
                                try ruleInputGlyphs(
                                    subtable, format: format, set: set, classesAt: subtable + 6, position: i,
                                    value: { try u16(inputAt + 2 + 2 * ($0 - 1)) })
                            }))
                }
            case 3:
                let backtrack = Int(try u16(subtable + 2))
                let backtrackCoverages = (0..<backtrack).map { subtable + 4 + 2 * $0 }
                let inputAt = subtable + 4 + 2 * backtrack
                let input = Int(try u16(inputAt))
                let inputCoverages = (0..<input).map { inputAt + 2 + 2 * $0 }
                let lookaheadAt = inputAt + 2 + 2 * input
                let lookahead = Int(try u16(lookaheadAt))
                let lookaheadCoverages = (0..<lookahead).map { lookaheadAt + 2 + 2 * $0 }
                let recordsAt = lookaheadAt + 2 + 2 * lookahead
                return try contextCoveragesKeepToTheirSide(
                    subtable, backtrackCoverages, input: inputCoverages, lookaheadCoverages,
                    records: (at: recordsAt + 2, count: Int(try u16(recordsAt))))
            default:
                throw Unknown()
            }
        }

        /// The glyphs a glyph- or class-based rule's input position `position` matches: its set's
        /// glyph of the coverage, or the coverage's glyphs of its set's class, first; then the
        /// rule's glyph, or the glyphs of its class (`value(position)`; the input class
        /// definition's offset at `classesAt`). Nil for class 0, every glyph not listed.
        private func ruleInputGlyphs(
            _ subtable: Int, format: UInt16, set: Int, classesAt: Int, position: Int, value: (Int) throws -> UInt16
        ) throws -> [UInt16]? {
            if position == 0 {
                let coverage = try coverageGlyphs(at16(subtable, subtable + 2))
                if format == 1 { return set < coverage.count ? [coverage[set]] : nil }
                let classes = try at16(subtable, classesAt)
                return try coverage.filter { try classOf($0, classes) == set }
            }
            let glyph = try value(position)
            return format == 1 ? [glyph] : try classGlyphs(at16(subtable, classesAt), glyph)
        }

        /// Coverage-based rules (the fields holding each coverage's offset from `subtable`): see
        /// ``placementsKeepToTheirSide``.
        private func contextCoveragesKeepToTheirSide(
            _ subtable: Int, _ backtrack: [Int], input: [Int], _ lookahead: [Int], records: (at: Int, count: Int)
        ) throws -> Bool {
            var inputPlacements: [Int] = []
            for (i, field) in input.enumerated() where try covers(at16(subtable, field)) { inputPlacements.append(i) }
            var backtrackPlacements: [Int] = []
            for (k, field) in backtrack.dropLast().enumerated() where try covers(at16(subtable, field)) {
                backtrackPlacements.append(k)
            }
            var lookaheadPlacements: [Int] = []
            for (k, field) in lookahead.dropLast().enumerated() where try covers(at16(subtable, field)) {
                lookaheadPlacements.append(k)
            }
            return try placementsKeepToTheirSide(
                input: input.count, lookahead: lookahead.count, records: records, backtrack: backtrackPlacements,
                inputAt: inputPlacements, lookaheadAt: lookaheadPlacements,
                glyphs: Positions(
                    backtrack: { [self] j in try coverageGlyphs(at16(subtable, backtrack[j])) },
                    lookahead: { [self] j in try coverageGlyphs(at16(subtable, lookahead[j])) },
                    input: { [self] i in try coverageGlyphs(at16(subtable, input[i])) }))
        }

        /// What each position of a rule matches (nil: unbounded, class 0).
        struct Positions {
            let backtrack: (Int) throws -> [UInt16]?
            let lookahead: (Int) throws -> [UInt16]?
            let input: (Int) throws -> [UInt16]?
        }

        /// Whether a rule of `input` glyphs and `lookahead` glyphs, applying the lookups
        /// `records`, keeps to its side of the space wherever the space may match it: at the
        /// backtrack positions `backtrack` (0 nearest the input; the furthest is never listed:
        /// there the rule depends on the space alone), the input positions `inputAt`, the
        /// lookahead positions `lookaheadAt` (the furthest never listed). `glyphs` gives what
        /// each position matches.
        ///
        /// The space as the input's first glyph is no barrier; as its last, with no lookahead and
        /// no lookup applied to it, it is (the rule changes glyphs before the space by the space
        /// alone). Any other place reaches across the space: a rule that matches changes (or,
        /// applying nothing, keeps other rules of its lookup from changing) its input glyphs on
        /// one side by the glyphs on the other. It is accepted, as a
        /// ``Verdict/partial(backwardAnywhere:backwardFirst:forward:firstGlyphOnly:)`` barrier, when no lookup
        /// applies to the space, what the rule needs on a side can be listed, and the lookup
        /// skips no glyph class where the list is of a glyph next to the space:
        /// - input after the space: in positioning, the glyphs of the first input position after
        ///   it (`backwardAnywhere`: a text after a space holding none of them is never this
        ///   rule's input); in substitution, the glyphs of the position right after the space
        ///   (`backwardFirst`, with all substitutions make of them: checked against the first
        ///   cluster of the text after a space), or, where the lookup skips glyphs, those of the
        ///   first input position after it (`backwardAnywhere`, with all substitutions make);
        /// - input before the space: the glyphs of the position right before it (`forward`,
        ///   with all substitutions make of them: checked against the last cluster holding a
        ///   glyph of the text before a space).
        private func placementsKeepToTheirSide(
            input: Int, lookahead: Int, records: (at: Int, count: Int), backtrack: [Int], inputAt: [Int],
            lookaheadAt: [Int], glyphs: Positions
        ) throws -> Bool {
            var applied: [Int] = []  // the input positions lookups apply to
            for r in 0..<records.count { applied.append(Int(try u16(records.at + 4 * r))) }
            let skipsNothing = lookupFlag & 0xFF1E == 0
            var anywhere: [UInt16] = []
            var first: [UInt16] = []
            var forward: [UInt16] = []
            // What the input after the space needs: `adjacent` matches the glyph right after
            // the space, `firstInput` the first input glyph after it.
            func needsAfter(adjacent: [UInt16]?, firstInput: [UInt16]?) -> Bool {
                if !isPositioning, skipsNothing, let adjacent {
                    first += adjacent
                    if !lateLookups.contains(lookupIndex) { firstGlyphOnly = false }
                } else if let firstInput {
                    anywhere += firstInput
                } else {
                    return false
                }
                return true
            }
            // What a rule with input before the space needs on both sides: `before` matches the
            // glyph right before it, `after` the glyph right after it. The glyphs after it are
            // listed where known (`backwardFirst`: a text whose first cluster holds one is never
            // kept, so that the rule never matches between kept texts), else those before it.
            func needsAround(before: [UInt16]?, after: [UInt16]?) -> Bool {
                guard skipsNothing else { return false }
                if let after {
                    first += after
                    if !isPositioning && !lateLookups.contains(lookupIndex) { firstGlyphOnly = false }
                } else if let before {
                    forward += before
                } else {
                    return false
                }
                return true
            }
            for k in inputAt {
                if k == 0 || applied.contains(k) { return false }
                if k == input - 1 && lookahead == 0 { continue }  // the inert last glyph
                let after = k + 1 < input ? try glyphs.input(k + 1) : try glyphs.lookahead(0)
                guard try needsAround(before: glyphs.input(k - 1), after: after) else { return false }
            }
            for j in backtrack {
                let adjacent = j == 0 ? try glyphs.input(0) : try glyphs.backtrack(j - 1)
                guard try needsAfter(adjacent: adjacent, firstInput: glyphs.input(0)) else { return false }
            }
            for j in lookaheadAt {
                let before = j == 0 ? try glyphs.input(input - 1) : try glyphs.lookahead(j - 1)
                guard try needsAround(before: before, after: glyphs.lookahead(j + 1)) else { return false }
            }
            crossingInputs += anywhere
            firstGlyphInputs += first
            forwardInputs += forward
            // A crafted table of many rules, each listing many glyphs: no barrier.
            return crossingInputs.count + firstGlyphInputs.count + forwardInputs.count <= Self.readingLimit
        }

        /// The most glyphs and substitutions a reading collects before it answers no (real
        /// fonts stay far below: Gujarati's, the largest here, a few thousand).
        static let readingLimit = 1 << 20

        /// Every glyph that substitutions can make of `seeds` (``SpaceBarrier/substitutionClosure``).
        func substitutionClosure(of seeds: [UInt16]) -> [UInt16]? {
            guard let graph = substitutionGraph() else { return nil }
            return graph.closure(of: seeds)
        }

        /// What each glyph may become through one substitution, and which glyphs may be deleted,
        /// read once (``SubstitutionGraph/closure(of:)`` follows it).
        struct SubstitutionGraph {
            let successors: [UInt16: [UInt16]]
            let deletable: Set<UInt16>

            /// Every glyph substitutions can make of `seeds`, the seeds included; nil when one
            /// of them may be deleted.
            func closure(of seeds: [UInt16]) -> [UInt16]? {
                var tainted = Set(seeds)
                var pending = seeds
                while let glyph = pending.popLast() {
                    if deletable.contains(glyph) { return nil }  // the glyph may leave no trace
                    for g in successors[glyph] ?? [] where tainted.insert(g).inserted { pending.append(g) }
                }
                return tainted.sorted()
            }
        }

        /// The table's ``SubstitutionGraph`` (with ``ligatureFirstComponentOnly`` as set), but
        /// for the lookups `excluded` (indices in the lookup list), or nil when it cannot be read.
        func substitutionGraph(excluding excluded: Set<Int> = []) -> SubstitutionGraph? {
            var successors: [UInt16: [UInt16]] = [:]
            var deletable: Set<UInt16> = []
            var mappings = 0
            do {
                guard try u16(0) == 1 else { throw Unknown() }
                let list = try at16(0, 8)
                for i in 0..<Int(try u16(list)) where !excluded.contains(i) {
                    let lookup = try at16(list, list + 2 + 2 * i)
                    let type = try u16(lookup)
                    for s in 0..<Int(try u16(lookup + 4)) {
                        var subtable = try at16(lookup, lookup + 6 + 2 * s)
                        var subtableType = type
                        if subtableType == 7 {
                            guard try u16(subtable) == 1 else { throw Unknown() }
                            subtableType = try u16(subtable + 2)
                            subtable += Int(try u16(subtable + 4)) << 16 | Int(try u16(subtable + 6))
                        }
                        try readSubstitutions(
                            subtable, type: subtableType, into: &successors, deletable: &deletable,
                            mappings: &mappings)
                    }
                }
            } catch {
                return nil
            }
            return SubstitutionGraph(successors: successors, deletable: deletable)
        }

        /// The substitutions of one `GSUB` subtable: what each glyph may become (single,
        /// multiple, alternate, reverse chaining; a ligature, for each of its components), and
        /// which glyphs may be deleted (a multiple substitution to nothing); contexts substitute
        /// only through lookups of the list, read on their own. `mappings` counts what was
        /// read, against ``readingLimit``.
        private func readSubstitutions(
            _ subtable: Int, type: UInt16, into successors: inout [UInt16: [UInt16]], deletable: inout Set<UInt16>,
            mappings: inout Int
        ) throws {
            let format = try u16(subtable)
            func add(_ from: UInt16, _ to: [UInt16]) throws {
                successors[from, default: []] += to
                mappings += to.count
                guard mappings <= Self.readingLimit else { throw Unknown() }
            }
            switch (type, format) {
            case (1, 1):
                let delta = try u16(subtable + 4)
                for g in try coverageGlyphs(at16(subtable, subtable + 2)) { try add(g, [g &+ delta]) }
            case (1, 2):
                let coverage = try coverageGlyphs(at16(subtable, subtable + 2))
                guard coverage.count <= Int(try u16(subtable + 4)) else { throw OutOfBounds() }
                for (i, g) in coverage.enumerated() { try add(g, [try u16(subtable + 6 + 2 * i)]) }
            case (2, 1), (3, 1):
                let coverage = try coverageGlyphs(at16(subtable, subtable + 2))
                guard coverage.count <= Int(try u16(subtable + 4)) else { throw OutOfBounds() }
                for (i, g) in coverage.enumerated() {
                    let sequence = try at16(subtable, subtable + 6 + 2 * i)
                    let glyphs = try (0..<Int(u16(sequence))).map { try u16(sequence + 2 + 2 * $0) }
                    if glyphs.isEmpty { deletable.insert(g) } else { try add(g, glyphs) }
                }
            case (4, 1):
                let coverage = try coverageGlyphs(at16(subtable, subtable + 2))
                guard coverage.count <= Int(try u16(subtable + 4)) else { throw OutOfBounds() }
                for (i, first) in coverage.enumerated() {
                    let set = try at16(subtable, subtable + 6 + 2 * i)
                    for j in 0..<Int(try u16(set)) {
                        let ligature = try at16(set, set + 2 + 2 * j)
                        let count = Int(try u16(ligature + 2))
                        let glyph = try u16(ligature)
                        try add(first, [glyph])
                        if ligatureFirstComponentOnly { continue }
                        for k in 0..<max(0, count - 1) { try add(try u16(ligature + 4 + 2 * k), [glyph]) }
                    }
                }
            case (5, _), (6, _):
                break
            case (8, 1):
                let coverage = try coverageGlyphs(at16(subtable, subtable + 2))
                let backtrack = Int(try u16(subtable + 4))
                let lookaheadAt = subtable + 6 + 2 * backtrack
                let substitutesAt = lookaheadAt + 2 + 2 * Int(try u16(lookaheadAt))
                guard coverage.count <= Int(try u16(substitutesAt)) else { throw OutOfBounds() }
                for (i, g) in coverage.enumerated() { try add(g, [try u16(substitutesAt + 2 + 2 * i)]) }
            default:
                throw Unknown()
            }
        }

        /// The glyphs of the coverage table at `coverage`.
        func coverageGlyphs(_ coverage: Int) throws -> [UInt16] {
            switch try u16(coverage) {
            case 1:
                return try (0..<Int(u16(coverage + 2))).map { try u16(coverage + 4 + 2 * $0) }
            case 2:
                var glyphs: [UInt16] = []
                for i in 0..<Int(try u16(coverage + 2)) {
                    let record = coverage + 4 + 6 * i
                    let (first, last) = (try u16(record), try u16(record + 2))
                    if first <= last { glyphs += Array(first...last) }
                    // Ranges that overlap (a crafted table) could list billions.
                    guard glyphs.count <= 0x10000 else { throw Unknown() }
                }
                return glyphs
            default:
                throw Unknown()
            }
        }

        /// The glyphs of class `glyphClass` in the class definition at `classDef`; nil for
        /// class 0 (every glyph the definition does not list).
        func classGlyphs(_ classDef: Int, _ glyphClass: UInt16) throws -> [UInt16]? {
            guard glyphClass != 0 else { return nil }
            var glyphs: [UInt16] = []
            switch try u16(classDef) {
            case 1:
                let start = try u16(classDef + 2)
                for i in 0..<Int(try u16(classDef + 4)) where try u16(classDef + 6 + 2 * i) == glyphClass {
                    guard let glyph = UInt16(exactly: Int(start) + i) else { throw OutOfBounds() }
                    glyphs.append(glyph)
                }
            case 2:
                for i in 0..<Int(try u16(classDef + 2)) {
                    let record = classDef + 4 + 6 * i
                    let (first, last) = (try u16(record), try u16(record + 2))
                    if try u16(record + 4) == glyphClass && first <= last { glyphs += Array(first...last) }
                    guard glyphs.count <= 0x10000 else { throw Unknown() }
                }
            default:
                throw Unknown()
            }
            return glyphs
        }

        /// Whether the coverage table at `coverage` holds the space glyph.
        private func covers(_ coverage: Int) throws -> Bool {
            switch try u16(coverage) {
            case 1:
                let count = Int(try u16(coverage + 2))
                var low = 0
                var high = count - 1
                while low <= high {  // glyphs in increasing order
                    let mid = (low + high) / 2
                    let glyph = try u16(coverage + 4 + 2 * mid)
                    if glyph == space { return true }
                    if glyph < space { low = mid + 1 } else { high = mid - 1 }
                }
                return false
            case 2:
                let count = Int(try u16(coverage + 2))
                for i in 0..<count {
                    let record = coverage + 4 + 6 * i
                    if try u16(record) <= space && space <= u16(record + 2) { return true }
                }
                return false
            default:
                throw Unknown()
            }
        }

        /// The class of the space glyph in the class definition at `classDef` (0 when it lists
        /// the space in no class: class 0 holds every glyph not listed).
        private func classOfSpace(_ classDef: Int) throws -> UInt16 { try classOf(space, classDef) }

        /// The class of `glyph` in the class definition at `classDef` (0 when it lists the
        /// glyph in no class).
        func classOf(_ glyph: UInt16, _ classDef: Int) throws -> UInt16 {
            switch try u16(classDef) {
            case 1:
                let start = try u16(classDef + 2)
                let count = Int(try u16(classDef + 4))
                guard glyph >= start, Int(glyph - start) < count else { return 0 }
                return try u16(classDef + 6 + 2 * Int(glyph - start))
            case 2:
                let count = Int(try u16(classDef + 2))
                for i in 0..<count {
                    let record = classDef + 4 + 6 * i
                    if try u16(record) <= glyph && glyph <= u16(record + 2) { return try u16(record + 4) }
                }
                return 0
            default:
                throw Unknown()
            }
        }
    }
}
