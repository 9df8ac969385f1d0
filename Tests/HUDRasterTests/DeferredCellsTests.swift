// The deferred bands of Engine.sweep: for outlines of many chains a contour that seldom cross
// themselves (the others are swept whole, see WholeSweepTests), cells are made only for rows the
// crossing resolver will not rebuild. These check that no row is left without its
// cells: rows the resolver skips or gives up on still get the plain area sum.
import HUDMotion
import XCTest
@testable import HUDRaster

final class DeferredCellsTests: XCTestCase {
    func mask(_ p: Path, _ rule: FillRule, plain: Bool = false, every: Bool = false) throws -> Mask {
        let e = Rasterizer.Engine()
        e.resolveWhole = false   // these are about the deferred bands, not the whole sweep
        e.resolveNoRow = plain
        e.resolveEveryRow = every
        return try XCTUnwrap(e.mask(for: p, transform: .identity, rule: rule, within: Rasterizer.maskRegionLimit))
    }

    /// When the fill's event budget runs out part-way down, the rows after it get the plain area
    /// sum, exactly as if no row were resolved; none is left empty. In the deferred bands they
    /// come from the kept row pieces; in a whole sweep (WholeSweepTests), from the edges again.
    func testRowsAfterTheBudgetRunsOutGetThePlainSum() throws {
        var rng = SplitMix64(seed: 5)
        var p = Path()
        for k in 0..<40 {
            let q = Point(x: 2 + rng.nextUnit() * 300, y: 2 + rng.nextUnit() * 300)
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        let plain = try mask(p, .winding, plain: true)
        for whole in [false, true] {
            let e = Rasterizer.Engine()
            e.resolveWhole = whole
            e.fillBudget = 300
            let m = try XCTUnwrap(e.mask(for: p, transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit))
            XCTAssertEqual(e.sweptWhole, whole ? 1 : 0)
            XCTAssertLessThanOrEqual(e.resolver.budget, 0, "the budget was not used up")
            let w = m.width
            func row(_ k: Mask, _ y: Int) -> ArraySlice<UInt8> { k.coverage[(y * w)..<(y * w + w)] }
            let lastDiffering = try XCTUnwrap((0..<m.height).last { row(m, $0) != row(plain, $0) }, "nothing was resolved")
            XCTAssertLessThan(lastDiffering, m.height / 2, "the plain sum should take over early (whole: \(whole))")
            for y in 0..<m.height where row(plain, y).contains(where: { $0 != 0 }) {
                XCTAssertTrue(row(m, y).contains(where: { $0 != 0 }), "row \(y) is empty (whole: \(whole))")
            }
        }
    }

    /// Random polygons of many chains go through the deferred bands; resolving every row (each
    /// row's cells rebuilt by the resolver) and flagging only the rows that need it agree.
    func testDeferredBandsMatchEveryRowResolved() throws {
        var rng = SplitMix64(seed: 23)
        for size in [20.0, 90.0, 150.0, 300.0] {   // 300: more than one band
            for vertices in [12, 30] {
                var p = Path()
                for k in 0..<vertices {
                    let q = Point(x: 2 + rng.nextUnit() * size, y: 2 + rng.nextUnit() * size)
                    if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
                }
                p.closeSubpath()
                for rule in [FillRule.winding, .evenOdd] {
                    let a = try mask(p, rule), b = try mask(p, rule, every: true)
                    let worst = zip(a.coverage, b.coverage).map { abs(Int($0) - Int($1)) }.max() ?? 99
                    XCTAssertLessThanOrEqual(worst, 1, "size \(size), \(vertices) vertices, \(rule)")
                }
            }
        }
    }
}
