import Testing
import TestSupport
@testable import TimelineKit

/// The plain model: an array of rows, its prefix sums by a loop, rows found by walking them.
private struct PrefixSumModel {
    var rows: [(height: Int64, element: Int)] = []

    /// `tops[i]` is the sum of the heights of rows `0 ..< i`.
    var tops: [Int64] {
        var tops: [Int64] = [0]
        for row in rows { tops.append(tops.last! + row.height) }
        return tops
    }

    /// The row holding `offset` (the first or last row beyond the ends), by a walk from the top.
    static func row(atOffset offset: Int64, tops: [Int64]) -> Int {
        let count = tops.count - 1
        if offset <= 0 { return 0 }
        if offset >= tops[count] { return count - 1 }
        for index in 0..<count where offset >= tops[index] && offset < tops[index + 1] { return index }
        preconditionFailure("offset \(offset) below \(tops[count]) not found")
    }
}

@Suite("OffsetIndex")
struct OffsetIndexTests {
    @Test("agrees with a plain prefix-sum model on random operations", arguments: 0..<12)
    func againstModel(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &* 0x9E37)
        var index = OffsetIndex<Int>()
        var model = PrefixSumModel()
        var nextElement = 0
        /// A height: often 0, sometimes huge, usually a cell's (whole units of 1/3840 pt).
        func height() -> Int64 {
            switch random.below(10) {
            case 0: return 0
            case 1: return Int64(random.below(1 << 30)) * 3840
            default: return Int64(random.below(600_000)) + 1
            }
        }
        func rows(_ count: Int) -> [(height: Int64, element: Int)] {
            (0..<count).map { _ in
                nextElement += 1
                return (height(), nextElement)
            }
        }
        for step in 0..<400 {
            let count = model.rows.count
            switch random.below(11) {
            case 0, 1:
                let new = rows(random.below(40))
                index.prepend(new)
                model.rows.insert(contentsOf: new, at: 0)
            case 2, 3:
                let new = rows(random.below(40))
                index.append(new)
                model.rows.append(contentsOf: new)
            case 4:
                let at = random.below(count + 1)
                let new = rows(random.below(5))
                index.insert(new, at: at)
                model.rows.insert(contentsOf: new, at: at)
            case 5:
                guard count > 0 else { continue }
                let lower = random.below(count)
                let upper = lower + random.below(min(count - lower, 8) + 1)
                index.remove(rows: lower..<upper)
                model.rows.removeSubrange(lower..<upper)
            case 6:  // remove at an end
                guard count > 0 else { continue }
                let k = random.below(min(count, 10)) + 1
                let range = random.below(2) == 0 ? 0..<k : (count - k)..<count
                index.remove(rows: range)
                model.rows.removeSubrange(range)
            case 7, 8:
                guard count > 0 else { continue }
                for _ in 0..<random.below(20) {
                    let row = random.below(count)
                    let h = height()
                    index.setHeight(h, ofRow: row)
                    model.rows[row].height = h
                }
            case 9:
                let new = random.below(20) == 0 ? [] : rows(random.below(60))
                index.replaceAll(with: new)
                model.rows = new
            default:
                index.reserve(before: random.below(100), after: random.below(100))
            }
            try check(index, model, &random, step: step)
        }
    }

    private func check(_ index: OffsetIndex<Int>, _ model: PrefixSumModel, _ random: inout SplitMix, step: Int) throws {
        #expect(index.invariantViolation() == nil, "step \(step): \(index.invariantViolation() ?? "")")
        try #require(index.count == model.rows.count, "step \(step)")
        let tops = model.tops
        #expect(index.total == tops.last!, "step \(step)")
        for row in 0...model.rows.count { #expect(index.offset(ofRow: row) == tops[row], "step \(step) row \(row)") }
        for row in 0..<model.rows.count {
            #expect(index.height(ofRow: row) == model.rows[row].height)
            #expect(index.element(atRow: row) == model.rows[row].element)
        }
        guard !model.rows.isEmpty else { return }
        // Rows at the edges of rows (every row of a small index, 60 drawn at random otherwise) and
        // offsets drawn at random, inside and beyond the ends.
        let rows =
            model.rows.count <= 60 ? Array(0..<model.rows.count) : (0..<60).map { _ in random.below(model.rows.count) }
        var probes: [Int64] = []
        for row in rows {
            probes += [tops[row] - 1, tops[row], tops[row] + model.rows[row].height / 2, tops[row + 1] - 1]
        }
        for _ in 0..<50 { probes.append(Int64(random.below(Int(min(tops.last!, 1 << 40)) + 2_000)) - 1_000) }
        for probe in probes {
            #expect(
                index.row(atOffset: probe) == PrefixSumModel.row(atOffset: probe, tops: tops),
                "step \(step) offset \(probe)")
        }
        #expect(index.row(atOffset: .min) == 0 && index.row(atOffset: .max) == model.rows.count - 1)
    }

    @Test("rows added at an end fill free slots: no move until a buffer is full, and every move is to twice the size")
    func amortisedGrowth() {
        var index = OffsetIndex<Int>()
        var moves = 0
        var generation = index.generation
        for i in 0..<10_000 {
            if i % 2 == 0 { index.prepend([(100, i)]) } else { index.append([(100, i)]) }
            if index.generation != generation {
                moves += 1
                generation = index.generation
            }
        }
        #expect(index.count == 10_000 && index.total == 1_000_000)
        // Each move at least doubles the capacity: log2(10,000 / 16) + a few.
        #expect(moves <= 14, "\(moves) moves for 10,000 rows")
        #expect(index.invariantViolation() == nil)
    }

    @Test("units: pixel-grid lengths of the usual scales are exact")
    func units() {
        for scale in [1.0, 2, 3, 4, 5, 6, 8] {
            for pixels in [1, 7, 551, 100_003] {
                let points = Double(pixels) / scale
                let units = LayoutUnits.units(points)
                #expect(units * Int64(scale) == Int64(pixels) * 3840, "\(pixels) px at \(scale)×")
            }
        }
        #expect(LayoutUnits.units(183.5) == 704_640)
        #expect(LayoutUnits.points(704_640) == 183.5)
        #expect(LayoutUnits.units(1.0 / 3.0) == 1_280)
        #expect(LayoutUnits.units(-54) == -207_360)
    }
}
