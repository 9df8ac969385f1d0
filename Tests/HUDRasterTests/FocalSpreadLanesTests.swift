// FocalSpreadLanesTests: the repeating and reflecting focal gradient's Float lanes against the Double loop.
//
// Design note: the Float lanes (Shader+FocalSpread) shade every group and redo the undecided ones
// with the Double loop's operations, so a row must come out byte for byte as `shadeTwoCircleGeneral`
// gives it. Rows are chosen where that is hardest: far from the focus (the unwrapped position in
// the thousands, up to past the 2^20 limit of the exact folds), focal points nearly on the end
// circle, rows through the focus (positions below one entry), steps that are not exact in Float
// or Double, and every sixth row of the GradientFocalReflect benchmark. The table's entry i is i,
// so a mismatch names the index.

import XCTest
import HUDMotion
@testable import HUDRaster

final class FocalSpreadLanesTests: XCTestCase {
    let table = [UInt32]((0..<UInt32(Gradient.lutSize)).map { $0 })

    func random(_ rng: inout SplitMix64, _ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * rng.nextUnit() }

    /// Shades one row both ways and compares; returns (groups, groups decided in Float), or nil
    /// when the Float lanes do not take the row.
    @discardableResult
    func compare(_ spread: SpreadMode, _ cd: Point, _ dr: Double, _ p: (Double, Double), _ step: Double, _ n: Int,
                 _ label: @autoclosure () -> String) -> (Int, Int)? {
        var sh = Shader(kind: .radial(inv: .identity, c0: Point(x: 0, y: 0), r0: 0, cd: cd, dr: dr))
        sh.spread = spread
        var a = [UInt32](repeating: 0xDEAD_BEEF, count: n + 8), b = a
        guard let f = Shader.focalSpreadFloat(y: p.1, cd: cd, dr: dr, reach: Shader.reach(p.0, step, n)) else { return nil }
        let decided = table.withUnsafeBufferPointer { L in Shader.focalSpreadLanes(sh, L, p, step, cd, dr, f, n, &a) }
        table.withUnsafeBufferPointer { L in Shader.shadeTwoCircleGeneral(sh, L, p, (step, 0), 0, cd, dr, n, &b) }
        if a != b {
            let i = (0..<a.count).first { a[$0] != b[$0] }!
            XCTFail("\(label()): pixel \(i) of \(n): \(a[i]) for \(b[i])")
        }
        return ((n + 3) / 4, decided)
    }

    func testBenchmarkRowsMatchTheDoubleLoop() {
        // GradientBenchmark's focalReflect scene (and the same with repeat), in gradient space.
        let w = 1170.0, h = 2532.0
        let focus = Point(x: w * 0.35, y: h * 0.4), cd = Point(x: w / 2 - focus.x, y: h / 2 - focus.y), dr = h * 0.2
        var groups = 0, decided = 0
        for spread in [SpreadMode.reflect, .repeat] {
            for y in stride(from: spread == .reflect ? 0 : 3, to: Int(h), by: 6) {
                let p = (0.5 - focus.x, Double(y) + 0.5 - focus.y)
                guard let (g, d) = compare(spread, cd, dr, p, 1, Int(w), "\(spread) row \(y)") else {
                    return XCTFail("row \(y) not taken")
                }
                groups += g; decided += d
            }
        }
        print("FocalSpreadLanes benchmark rows: \(decided) of \(groups) groups decided in Float")
        XCTAssertGreaterThan(decided, groups * 3 / 4)
    }

    func testFarRowsAndNearlyTouchingCirclesMatchTheDoubleLoop() {
        var rng = SplitMix64(seed: 2201)
        var rows = 0, groups = 0, decided = 0
        let steps = [1.0, 0.5, 1.0 / 3.0, 2.0, -1.0, 0.37, 0.25, -0.75]
        for spread in [SpreadMode.repeat, .reflect] {
            for trial in 0..<240 {
                // Small end circles put the unwrapped position far out (past 2^20 at the far
                // ends); focal points up to nearly on the circle.
                let dr = trial % 3 == 0 ? random(&rng, 0.5, 8) : random(&rng, 8, 900)
                let angle = random(&rng, 0, 6.3), off = [0.0, 0.5, 0.9, 0.99, 0.999][trial % 5] * dr * random(&rng, 0.9, 1)
                let cd = Point(x: off * cos(angle), y: off * sin(angle))
                let step = steps[trial % steps.count], n = 1 + Int(random(&rng, 0, 3000))
                var y = (random(&rng, -4000, 4000).rounded() + 0.5) * abs(step)
                if trial % 7 == 0 { y = 0 }
                // Every fourth row runs through the focus (positions near 0, below one entry).
                let across: Double = 0.5 - Double(n / 2) * step
                let far: Double = (random(&rng, -4000, 4000).rounded() + 0.5) * abs(step)
                let x = trial % 4 == 0 ? across : far
                guard let (g, d) = compare(spread, cd, dr, (x, y), step, n, "\(spread) trial \(trial)") else { continue }
                rows += 1; groups += g; decided += d
            }
        }
        print("FocalSpreadLanes far rows: \(rows) rows, \(decided) of \(groups) groups decided in Float")
        XCTAssertGreaterThan(rows, 300, "most rows go through the Float lanes")
        // Far out, the bound leaves many groups undecided; the point here is the bytes.
        XCTAssertGreaterThan(decided, groups / 10)
        XCTAssertLessThan(decided, groups, "some groups are redone")
    }

    func testReflectIndexFoldsAsTheDoubleSpread() {
        // Positions on both sides of every fold and across the range, away from integers: decided,
        // and the Double spread's index; within the bound of an integer: undecided.
        var sh = Shader(kind: .none)
        sh.spread = .reflect
        // Coarsely across the range, finely around every fold (the multiples of 1023).
        let top: Double = Double(1 << 20) - 4
        var positions = Array(stride(from: 1.0, to: top, by: 17.37))
        for m in stride(from: 1023.0, to: top, by: 1023) {
            let lo: Double = m - 3, hi: Double = m + 3
            positions += stride(from: lo, to: hi, by: 0.13)
        }
        var checked = 0
        for v in positions {
            checked += 1
            let lanes = SIMD4<Float>(Float(v), Float(v + 0.25), Float(v + 0.5), Float(v + 0.75))
            let (k, decided) = Shader.reflectIndex4(lanes, SIMD4(repeating: 0.01))
            let exact = (0..<4).map { j in Int32(sh.index((Double(lanes[j]) - 0.5) / Double(Gradient.lutSize - 1))) }
            let near = (0..<4).contains { j in let x = Double(lanes[j]); return abs(x - x.rounded()) <= 0.01 }
            XCTAssertEqual(decided, !near, "v \(v)")
            if !near { XCTAssertEqual((0..<4).map { k[$0] }, exact, "v \(v)") }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }
}
