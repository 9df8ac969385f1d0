// GradientLaneTests: the radial loops' shortcuts give the pixels of the plain Double loops.
//
// Design note: the lane helpers (Shader+SpanLanes) and the Float lanes (Shader+RadialFloatSpans)
// may change how a pixel's table index is computed, never which index it is. These tests compare
// them with the plain forms on seeded random rows (positions, scales, circles) byte for byte, with a
// table whose entry i is i so that a pixel is its index, and pin the helpers' edge cases, including
// a position where Float rounds across an entry boundary that the bound must catch.

import XCTest
import HUDMotion
@testable import HUDRaster

final class GradientLaneTests: XCTestCase {
    let table = [UInt32]((0..<UInt32(Gradient.lutSize)).map { $0 })
    let scales = [1.0, 0.5, 1.0 / 3.0, 2.0, 0.37, 3.0]

    func random(_ rng: inout SplitMix64, _ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * rng.nextUnit() }

    /// A row start: a pixel centre up to 3000 pixels from the centre, times `scale`.
    func start(_ rng: inout SplitMix64, _ scale: Double) -> Double {
        (Double(Int(random(&rng, -3000, 3000))) + 0.5 - random(&rng, -1500, 1500).rounded()) * scale
    }

    func testFocalRowsMatchTheGeneralLoop() {
        var rng = SplitMix64(seed: 22)
        var groups = 0, decided = 0
        table.withUnsafeBufferPointer { L in
            var a = [UInt32](repeating: 0, count: 2048), b = a
            for trial in 0..<400 {
                let scale = scales[trial % scales.count], n = 1 + Int(random(&rng, 0, 2000))
                let r1 = random(&rng, 1, 3000), angle = random(&rng, 0, 2 * .pi), d = random(&rng, 0, 0.99) * r1
                let cd = Point(x: d * cos(angle), y: d * sin(angle))
                let p = (start(&rng, scale), start(&rng, scale))
                Shader.shadeFocalPadded(L, p, (scale, 0), 0, cd, r1, n, &a)
                Shader.shadeFocalPaddedGeneral(L, p, (scale, 0), 0, cd, r1, n, &b)
                XCTAssertEqual(a[0..<n], b[0..<n], "row \(trial)")
                // The Float lanes on their own: where they decide a group, it is the Double loop's.
                let a0 = cd.x * cd.x + cd.y * cd.y - r1 * r1
                guard let f = Shader.focalFloat(y: p.1, cd: cd, a: a0, reach: Shader.reach(p.0, scale, n)) else { continue }
                var x = p.0
                for i in stride(from: 0, to: n - 3, by: 4) {
                    let (k, ok) = Shader.focalFloat4(Shader.run4(&x, scale), f)
                    groups += 1
                    if ok { decided += 1; XCTAssertEqual((0..<4).map { UInt32(k[$0]) }, Array(b[i..<i + 4]), "row \(trial) x \(i)") }
                }
            }
        }
        XCTAssertGreaterThan(Double(decided), 0.9 * Double(groups), "Float lanes decide most groups")
    }

    func testConcentricRowsMatchThePlainLoop() {
        var rng = SplitMix64(seed: 23)
        let sh = Shader(kind: .none)
        table.withUnsafeBufferPointer { L in
            var a = [UInt32](repeating: 0, count: 2048)
            for trial in 0..<400 {
                let scale = scales[trial % scales.count], n = 1 + Int(random(&rng, 0, 2000))
                let r0 = trial % 3 == 0 ? random(&rng, 0, 500) : 0, dr = random(&rng, -2000, 2000)
                let p = (start(&rng, scale), start(&rng, scale))
                Shader.shadeConcentric(sh, L, p, (scale, 0), r0, dr, true, true, n, &a)
                XCTAssertEqual(Array(a[0..<n]), plainConcentric(p, scale, r0, dr, n), "row \(trial)")
            }
        }
    }

    func testMirroredConcentricRowsMatchThePlainLoop() {
        // Rows through the centre's column (on a pixel centre or between two) at exact scales,
        // where the left part of a row is copied from the right part reversed.
        var rng = SplitMix64(seed: 24)
        let sh = Shader(kind: .none)
        var mirrored = 0
        table.withUnsafeBufferPointer { L in
            var a = [UInt32](repeating: 0, count: 2048)
            for trial in 0..<300 {
                let scale = [1.0, 0.5, 2.0][trial % 3], n = 16 + Int(random(&rng, 0, 1500))
                let centre = Double(Int(random(&rng, -200, Double(n) + 200))) + (trial % 2 == 0 ? 0 : 0.5)
                let p = ((0.5 - centre) * scale, start(&rng, scale))
                if Shader.mirrorIndex(p.0, scale, n) != nil { mirrored += 1 }
                let r0 = trial % 4 == 0 ? random(&rng, 0, 100) : 0, dr = random(&rng, 1, 1500)
                Shader.shadeConcentric(sh, L, p, (scale, 0), r0, dr, true, true, n, &a)
                XCTAssertEqual(Array(a[0..<n]), plainConcentric(p, scale, r0, dr, n), "row \(trial)")
            }
        }
        XCTAssertGreaterThan(mirrored, 150)
    }

    /// The padded concentric loop one pixel at a time, as it was before lanes.
    func plainConcentric(_ p: (Double, Double), _ step: Double, _ r0: Double, _ dr: Double, _ n: Int) -> [UInt32] {
        let k = 1 / dr, scale = Double(Gradient.lutSize - 1), m = k * scale, c = 0.5 - r0 * k * scale
        var x = p.0
        return (0..<n).map { _ in
            let u = (x * x + p.1 * p.1).squareRoot() * m + c
            x += step
            return UInt32((u > scale + 0.5 ? scale + 0.5 : (u > 0.5 ? u : 0.5)).rounded(.down))
        }
    }

    func testFloatLanesLeaveEntryBoundariesUndecided() {
        // Positions within a few Float ulps of each entry boundary of r * m + c: with no bound the
        // Float lanes would pick the neighbouring entry at some; with the bound every decided lane
        // is the Double index.
        let m = 7.3, c = 0.5, f = Shader.concentricFloat(y: 0, m: m, c: c, reach: 200)!
        let unbounded: Shader.ConcentricFloat = (f.yy, f.m, f.c, 0, 0)
        var wrongUnbounded = 0, undecided = 0
        for k in 1..<1000 {
            let r = (Double(k) - c) / m
            for j in -8..<8 {
                let px = SIMD4<Double>(r + Double(j) * 1e-6, r + Double(j) * 3e-7, r - Double(j) * 1e-7, r + Double(j) * 2e-6)
                let exact = (0..<4).map { Int32((px[$0] * m + c).rounded(.down)) }
                let (k0, ok0) = Shader.concentricFloat4(px, unbounded)
                if ok0 && (0..<4).map({ k0[$0] }) != exact { wrongUnbounded += 1 }
                let (k1, ok1) = Shader.concentricFloat4(px, f)
                if ok1 { XCTAssertEqual((0..<4).map { k1[$0] }, exact, "k \(k) j \(j)") } else { undecided += 1 }
            }
        }
        XCTAssertGreaterThan(wrongUnbounded, 0, "the positions reach Float's rounding across a boundary")
        XCTAssertGreaterThan(undecided, 0)
    }

    func testDecidedFloor() {
        let (k, ok) = Shader.decidedFloor4(SIMD4(5.3, 5.995, 7.005, 1023.5), SIMD4(repeating: 0.01))
        XCTAssertEqual(k, SIMD4(5, 5, 7, 1023))
        XCTAssertEqual((0..<4).map { ok[$0] }, [true, false, false, true])
    }

    func testExactStepsOnlyWhereEveryRunningSumIsExact() {
        XCTAssertNil(Shader.exactSteps4(-409.0 / 3, 1.0 / 3, 100))
        XCTAssertNil(Shader.exactSteps4(0x1p53, 1, 10))
        XCTAssertNotNil(Shader.exactSteps4(-409, 1, 1170))
        var rng = SplitMix64(seed: 24)
        for _ in 0..<200 {
            let x = (random(&rng, -1e6, 1e6)).rounded() / 64, step = random(&rng, -64, 64).rounded() / 8
            let n = 1 + Int(random(&rng, 0, 3000))
            guard var lanes = Shader.exactSteps4(x, step, n) else { XCTFail("\(x) \(step)"); continue }
            var sum = x
            for _ in stride(from: 0, to: n, by: 4) {
                XCTAssertEqual(lanes, Shader.run4(&sum, step))
                lanes += SIMD4(repeating: 4 * step)
            }
        }
    }

    func testRootTakesNegativesAsZeroAndKeepsNaN() {
        let r = Shader.root4(SIMD4(4, -1e-9, .nan, 2))
        XCTAssertEqual(r[0], 2)
        XCTAssertEqual(r[1], 0)
        XCTAssertTrue(r[2].isNaN)
        XCTAssertEqual(r[3], 2.0.squareRoot())
    }
}
