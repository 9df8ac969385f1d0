// GradientSpreadTests: repeating and reflecting gradients through the padded gradients' fast forms.
//
// Design note: the concentric spread lanes (Shader+RadialSpread) must give the Double loop's index
// at every pixel, so they are compared byte for byte with it on seeded random rows, with a table
// whose entry i is i. The linear spread ramps (Shader+LinearSpread) step in fixed point, as the
// padded ramp does, so they are compared with the index at the exact t of gradients between integer
// points (integer arithmetic): they must miss it no more often than the Double loop does.

import XCTest
import HUDMotion
@testable import HUDRaster

final class GradientSpreadTests: XCTestCase {
    let table = [UInt32]((0..<UInt32(Gradient.lutSize)).map { $0 })

    func random(_ rng: inout SplitMix64, _ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * rng.nextUnit() }

    /// Calls `body` with each of repeat and reflect, a shader of that spread and the identity table.
    func forEachSpread(_ body: (SpreadMode, Shader, UnsafeBufferPointer<UInt32>) -> Void) {
        for spread in [SpreadMode.repeat, .reflect] {
            var sh = Shader(kind: .none)
            sh.spread = spread
            table.withUnsafeBufferPointer { body(spread, sh, $0) }
        }
    }

    func testConcentricSpreadLanesMatchTheDoubleLoop() {
        var rng = SplitMix64(seed: 33)
        var rows = 0, fast = 0, mirrored = 0
        forEachSpread { spread, sh, L in
            var a = [UInt32](repeating: 0, count: 2048), b = a
            for trial in 0..<400 {
                let scale = [1.0, 0.5, 1.0 / 3.0, 2.0, 0.37][trial % 5], n = 1 + Int(random(&rng, 0, 2000))
                let r0 = trial % 3 == 0 ? random(&rng, 0, 300) : 0, dr = (trial % 2 == 0 ? 1 : -1) * random(&rng, 100, 1500)
                let p = ((random(&rng, -3000, 3000).rounded() + 0.5) * scale, (random(&rng, -3000, 3000).rounded() + 0.5) * scale)
                rows += 1
                guard Shader.shadeConcentricSpread(sh, L, p, scale, r0, dr, n, &a) else { continue }
                fast += 1
                if Shader.mirrorIndex(p.0, scale, n) != nil { mirrored += 1 }
                Shader.shadeConcentricGeneral(sh, L, p, (scale, 0), r0, dr, true, true, n, &b)
                XCTAssertEqual(Array(a[0..<n]), Array(b[0..<n]), "\(spread) row \(trial)")
            }
        }
        print("GradientSpread concentric: \(fast) of \(rows) rows in Float lanes")
        XCTAssertGreaterThan(fast, rows / 2, "most rows go through the Float lanes")
        XCTAssertGreaterThan(mirrored, 20, "some rows are shaded on one side and mirrored")
    }

    func testFocalSpreadLanesMatchTheDoubleLoop() {
        var rng = SplitMix64(seed: 35)
        var rows = 0, groups = 0, decided = 0
        for spread in [SpreadMode.repeat, .reflect] {
            var a = [UInt32](repeating: 0, count: 2048), b = a
            for trial in 0..<300 {
                let dr = random(&rng, 20, 900), angle = random(&rng, 0, 6.3), off = random(&rng, 0, 0.95) * dr
                let cd = Point(x: off * cos(angle), y: off * sin(angle))
                var sh = Shader(kind: .radial(inv: .identity, c0: Point(x: 0, y: 0), r0: 0, cd: cd, dr: dr))
                sh.spread = spread
                let step = [1.0, 0.5, 1.0 / 3.0, 2.0][trial % 4], n = 1 + Int(random(&rng, 0, 2000))
                let p = ((random(&rng, -3000, 3000).rounded() + 0.5) * step, (random(&rng, -3000, 3000).rounded() + 0.5) * step)
                guard let f = Shader.focalSpreadFloat(y: p.1, cd: cd, dr: dr, reach: Shader.reach(p.0, step, n)) else { continue }
                rows += 1; groups += (n + 3) / 4
                decided += table.withUnsafeBufferPointer { L in Shader.focalSpreadLanes(sh, L, p, step, cd, dr, f, n, &a) }
                table.withUnsafeBufferPointer { L in Shader.shadeTwoCircleGeneral(sh, L, p, (step, 0), 0, cd, dr, n, &b) }
                XCTAssertEqual(Array(a[0..<n]), Array(b[0..<n]), "\(spread) row \(trial)")
            }
        }
        XCTAssertGreaterThan(rows, 400, "most rows go through the Float lanes")
        XCTAssertGreaterThan(decided, groups / 2, "the Float lanes decide most groups")
    }

    func testSpreadLanesDecideMostGroupsAndFoldExactly() {
        // Positions on both sides of every wrap and fold, away from entry boundaries: decided, and
        // the Double spread's index.
        for reflect in [false, true] {
            var sh = Shader(kind: .none)
            sh.spread = reflect ? .reflect : .repeat
            for v in stride(from: -5000.0, to: 5000, by: 0.37) {
                let lanes = SIMD4<Float>(Float(v), Float(v + 0.1), Float(v + 0.2), Float(v + 0.3))
                let (k, decided) = Shader.spreadIndex4(lanes, SIMD4(repeating: 1e-4), reflect: reflect)
                let exact = (0..<4).map { j in Int32(sh.index((Double(lanes[j]) - 0.5) / Double(Gradient.lutSize - 1))) }
                let near = (0..<4).contains { j in
                    let x = Double(lanes[j]) * (reflect ? 1 : 2)
                    return abs(x - x.rounded()) <= 2e-4 * (reflect ? 1 : 2)
                }
                if near { continue }
                XCTAssertTrue(decided, "v \(v)")
                XCTAssertEqual((0..<4).map { k[$0] }, exact, "v \(v) reflect \(reflect)")
            }
        }
    }

    func testLinearSpreadRampsAreAsAccurateAsTheDoubleLoop() {
        // Gradients between integer points, as drawn: t lands exactly on wraps and entry
        // boundaries, where the ramp and the Double loop may round to either side.
        var rng = SplitMix64(seed: 34)
        var rampWrong = 0, doubleWrong = 0, pixels = 0
        forEachSpread { spread, sh, L in
            var a = [UInt32](repeating: 0, count: 256), b = a
            for trial in 0..<400 {
                let sx = Int(random(&rng, 0, 50)), sy = Int(random(&rng, 0, 50))
                let dx = Int(random(&rng, -40, 40)), dy = Int(random(&rng, -40, 40)), l2 = dx * dx + dy * dy
                guard l2 > 0 else { continue }
                let y = Int(random(&rng, 0, 60)), n = 1 + Int(random(&rng, 0, 200))
                // As Shader binds a linear paint under the identity.
                let kx = Double(dx) / Double(l2), ky = Double(dy) / Double(l2)
                let t0 = kx * 0.5 + ky * (Double(y) + 0.5) + (Double(-sx) * kx + Double(-sy) * ky)
                guard Shader.shadeLinearSpread(L, spread == .reflect, t0, kx, n, &a) else { continue }
                Shader.shadeLinear4(sh, L, t0, kx, n, &b)
                for x in 0..<n {
                    // 2P = (1023 N + l2) / l2, N = (2x + 1 - 2sx) dx + (2y + 1 - 2sy) dy.
                    let m = (2 * x + 1 - 2 * sx) * dx + (2 * y + 1 - 2 * sy) * dy
                    let e = exactIndex(Int128(1023 * m + l2), Int128(l2), reflect: spread == .reflect)
                    if Int(a[x]) != e { rampWrong += 1 }
                    if Int(b[x]) != e { doubleWrong += 1 }
                }
                pixels += n
            }
        }
        print("GradientSpread linear: \(pixels) pixels, ramp off the exact index at \(rampWrong), Double loop at \(doubleWrong)")
        XCTAssertGreaterThan(pixels, 20_000)
        XCTAssertGreaterThan(doubleWrong, 0, "the rows reach the boundaries")
        XCTAssertLessThanOrEqual(rampWrong, doubleWrong)
    }

    /// The table index at the unwrapped position P = t * 1023 + 1/2 given as 2P = num / den, by
    /// the definition: u = t less a whole number (of twos, folded back past 1, reflecting), and
    /// floor(u * 1023 + 1/2), all in integers (2046 u = r / den).
    func exactIndex(_ num: Int128, _ den: Int128, reflect: Bool) -> Int {
        let period = (reflect ? 4092 : 2046) * den
        var r = (num - den) % period
        if r < 0 { r += period }
        if reflect && r > 2046 * den { r = period - r }
        return Int((r + den) / (2 * den))
    }
}
