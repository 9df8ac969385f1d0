// The whole sweep of Engine.sweep: an outline of many chains a contour that crosses itself in many
// rows skips the pixel bookkeeping, and every row goes to the crossing resolver. These check the
// choice (the row sample of `crossesOften`) and that the result is the exact coverage the flagged
// sweep gives (DeferredCellsTests checks that rows the resolver declines get the plain area sum).
import HUDMotion
import XCTest
@testable import HUDRaster

final class WholeSweepTests: XCTestCase {
    func polygon(_ n: Int, size: Double, _ rng: inout SplitMix64) -> Path {
        var p = Path()
        for k in 0..<n {
            let q = Point(x: 2 + rng.nextUnit() * size, y: 2 + rng.nextUnit() * size)
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    func mask(_ p: Path, _ rule: FillRule, whole: Bool?, _ engine: Rasterizer.Engine = Rasterizer.Engine()) throws -> Mask {
        engine.resolveWhole = whole
        return try XCTUnwrap(engine.mask(for: p, transform: .identity, rule: rule, within: Rasterizer.maskRegionLimit))
    }

    /// Random 40-gons cross themselves in nearly every row: they are swept whole, and the coverage
    /// is the flagged sweep's to the rounding of one level, under both rules, in one band and in
    /// several (300 px).
    func testDenseTanglesAreSweptWholeAndExact() throws {
        var rng = SplitMix64(seed: 41)
        for size in [10.0, 40.0, 120.0, 300.0] {
            let p = polygon(40, size: size, &rng)
            for rule in [FillRule.winding, .evenOdd] {
                let auto = Rasterizer.Engine()
                let a = try mask(p, rule, whole: nil, auto)
                XCTAssertEqual(auto.sweptWhole, 1, "size \(size) \(rule): not swept whole")
                let b = try mask(p, rule, whole: false)
                XCTAssertEqual(a.width, b.width); XCTAssertEqual(a.height, b.height)
                let worst = zip(a.coverage, b.coverage).map { abs(Int($0) - Int($1)) }.max() ?? 99
                XCTAssertLessThanOrEqual(worst, 1, "size \(size) \(rule)")
                // And it is not the plain sum: the crossings were resolved.
                let plain = Rasterizer.Engine(); plain.resolveNoRow = true
                let c = try XCTUnwrap(plain.mask(for: p, transform: .identity, rule: rule, within: Rasterizer.maskRegionLimit))
                XCTAssertGreaterThan(zip(a.coverage, c.coverage).map { abs(Int($0) - Int($1)) }.max() ?? 0, 8, "size \(size) \(rule)")
            }
        }
    }

    /// Outlines of many chains that do not cross themselves keep the flagged sweep (a glyph like
    /// "m", 10 chains, is one): a 20-point star 120 px tall, and a 6-point star 11 px tall. A small
    /// outline of 12 chains a contour or more is swept whole without a sample (the 20-point star
    /// 11 px tall), which no glyph is.
    func testOutlinesThatDoNotCrossKeepTheFlaggedSweep() throws {
        func star(_ points: Int, scale: Double) -> Path {
            var p = Path()
            for k in 0..<(2 * points) {
                let a = Double(k) * Double.pi / Double(points), r = (k % 2 == 0 ? 60.0 : 35.0) * scale
                let q = Point(x: 70 * scale + r * cos(a), y: 70 * scale + r * sin(a))
                if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
            }
            p.closeSubpath()
            return p
        }
        for (points, scale, expected) in [(20, 1.0, 0), (6, 0.09, 0), (20, 0.09, 1)] {
            let e = Rasterizer.Engine()
            _ = try mask(star(points, scale: scale), .winding, whole: nil, e)
            XCTAssertEqual(e.sweptWhole, expected, "\(points) points at \(scale)")
        }
    }

    /// The test itself. Up to 16 edges every pair is tested: one crossing is seen wherever it is,
    /// and neighbours that share an end do not count. Beyond 16 the rows are sampled: an X
    /// crossing between two sample rows is not seen, edges crossing all down the rows are.
    func testCrossesOftenSeesCrossings() {
        func edge(_ x0: Int32, _ x1: Int32, dir: Int32 = 1) -> Rasterizer.Edge {
            Rasterizer.Edge(x0: x0 * 256, y0: 0, x1: x1 * 256, y1: 100 * 256, dir: dir, chain: 1)
        }
        func often(_ edges: [Rasterizer.Edge], rows: Int = 100) -> Bool {
            edges.withUnsafeBufferPointer { Rasterizer.Engine.crossesOften($0, rows: rows) }
        }
        let x = [edge(0, 100), edge(100, 0, dir: -1)]          // crosses in row 50
        let apart = [edge(0, 10), edge(50, 60, dir: -1)]
        let v = [edge(0, 50), edge(100, 50, dir: -1)]          // meet at their lower ends
        XCTAssertTrue(often(x))
        XCTAssertFalse(often(apart))
        XCTAssertFalse(often(v))
        // Eighteen far-off vertical edges make the sets too big to test pair by pair.
        var padding: [Rasterizer.Edge] = []
        for k in 0..<18 {
            let at = Int32(1000 + 10 * k)
            padding.append(edge(at, at))
        }
        XCTAssertFalse(often(x + padding), "one crossing row of 100, between two sample rows")
        XCTAssertFalse(often(apart + padding))
        // Sixteen edges from x = 10 k at the top to a shuffled 10 (7 k mod 16) at the bottom cross
        // each other at heights all down the rows.
        var shuffled: [Rasterizer.Edge] = []
        for k in 0..<16 {
            let bottom = Int32(10 * ((7 * k) % 16))
            shuffled.append(edge(Int32(10 * k), bottom, dir: k % 2 == 0 ? 1 : -1))
        }
        XCTAssertTrue(often(shuffled + padding))
        // Up to 64 rows one crossing in a sample row is enough: this X over 40 rows crosses at
        // y = 8.3, in row 8, one of the 16 sampled (1, 3, 6, 8, 11, ...).
        let small = [Rasterizer.Edge(x0: 0, y0: 0, x1: 40 * 256, y1: 40 * 256, dir: 1, chain: 1),
                     Rasterizer.Edge(x0: 2688, y0: 0, x1: 0, y1: 40 * 256, dir: -1, chain: 2)]
        XCTAssertTrue(often(small + padding, rows: 40))
        XCTAssertFalse(often(apart + padding, rows: 40))
        XCTAssertFalse(often(apart + padding, rows: 6))
    }
}
