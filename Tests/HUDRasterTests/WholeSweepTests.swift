// The whole sweep of Engine.sweep: an outline of many chains a contour that crosses itself in many
// rows skips the pixel bookkeeping, and every row goes to the crossing resolver. These check the
// choice (the row sample of `crossesOften`) and that the result is the exact coverage the flagged
// sweep gives (DeferredCellsTests checks that rows the resolver declines get the plain area sum).
import XCTest
@testable import HUDRaster

final class WholeSweepTests: XCTestCase {
    func polygon(_ n: Int, size: Double, _ rng: inout SplitMix) -> Path {
        var p = Path()
        for k in 0..<n {
            let q = Point(x: 2 + rng.next() * size, y: 2 + rng.next() * size)
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
        var rng = SplitMix(seed: 41)
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

    /// The row sample itself: two edges that swap sides inside the sampled rows are seen, two
    /// that keep their order are not.
    func testCrossesOftenSeesCrossingsInSampledRows() {
        func edge(_ x0: Int32, _ x1: Int32, dir: Int32 = 1) -> Rasterizer.Edge {
            Rasterizer.Edge(x0: x0 * 256, y0: 0, x1: x1 * 256, y1: 100 * 256, dir: dir, chain: 1)
        }
        // An X crosses in one row of 100 (row 50, between two sample rows); two edges apart never.
        let x = [edge(0, 100), edge(100, 0, dir: -1)]
        let apart = [edge(0, 10), edge(50, 60, dir: -1)]
        x.withUnsafeBufferPointer { XCTAssertFalse(Rasterizer.Engine.crossesOften($0, rows: 100), "one crossing row of 100") }
        apart.withUnsafeBufferPointer { XCTAssertFalse(Rasterizer.Engine.crossesOften($0, rows: 100)) }
        // Sixteen edges from x = 10 k at the top to a shuffled 10 (7 k mod 16) at the bottom cross
        // each other at heights all down the rows.
        var shuffled: [Rasterizer.Edge] = []
        for k in 0..<16 {
            let bottom = Int32(10 * ((7 * k) % 16))
            shuffled.append(edge(Int32(10 * k), bottom, dir: k % 2 == 0 ? 1 : -1))
        }
        shuffled.withUnsafeBufferPointer { XCTAssertTrue(Rasterizer.Engine.crossesOften($0, rows: 100)) }
        // Up to 64 rows one crossing in a sample row is enough: this X over 40 rows crosses at
        // y = 8.3, in row 8, one of the 16 sampled (1, 3, 6, 8, 11, ...).
        let small = [Rasterizer.Edge(x0: 0, y0: 0, x1: 40 * 256, y1: 40 * 256, dir: 1, chain: 1),
                     Rasterizer.Edge(x0: 2688, y0: 0, x1: 0, y1: 40 * 256, dir: -1, chain: 2)]
        small.withUnsafeBufferPointer { XCTAssertTrue(Rasterizer.Engine.crossesOften($0, rows: 40)) }
        apart.withUnsafeBufferPointer { XCTAssertFalse(Rasterizer.Engine.crossesOften($0, rows: 40)) }
        // However few the rows.
        apart.withUnsafeBufferPointer { XCTAssertFalse(Rasterizer.Engine.crossesOften($0, rows: 6)) }
    }
}
