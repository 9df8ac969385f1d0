// Engine.twoChainsKeepOrder: the check that lets a fill of one contour of two y-monotone chains
// (every convex shape) skip pixel ownership tracking. It must never say yes where the plain area
// sum is wrong, and should say yes for the common convex shapes.
import HUDMotion
import XCTest
@testable import HUDRaster

final class ChainOrderTests: XCTestCase {
    /// The check's answer for `path` over `region` (by default its box, one pixel wider: a right
    /// side exactly on the box's border is dropped as covering nothing, which leaves one chain).
    func keepsOrder(_ path: Path, region: PixelRect? = nil) -> Bool {
        let engine = Rasterizer.Engine()
        let box = Rasterizer.deviceBounds(of: path, transform: .identity)
        engine.reset(region: region ?? PixelRect(x0: box.x0, y0: box.y0, x1: box.x1 + 1, y1: box.y1))
        engine.add(path, transform: .identity)
        return engine.twoChainsKeepOrder()
    }

    /// The engine's whole answer (turns, then order) for `path` over its box.
    func cannotCross(_ path: Path) -> Bool {
        let engine = Rasterizer.Engine()
        let box = Rasterizer.deviceBounds(of: path, transform: .identity)
        engine.reset(region: PixelRect(x0: box.x0, y0: box.y0, x1: box.x1 + 1, y1: box.y1))
        engine.add(path, transform: .identity)
        return engine.twoChainsCannotCross()
    }

    /// The turns the edge builder saw: 1 or 2 for one way only, 3 for both.
    func turns(_ path: Path) -> UInt8 {
        let engine = Rasterizer.Engine()
        engine.reset(region: Rasterizer.maskRegionLimit)
        engine.add(path, transform: .identity)
        return engine.chains.turns
    }

    func polygon(_ pts: [Point]) -> Path {
        var p = Path()
        p.move(to: pts[0]); for q in pts.dropFirst() { p.addLine(to: q) }; p.closeSubpath()
        return p
    }

    func testConvexShapesKeepOrder() {
        var ellipse = Path(); ellipse.addEllipse(in: Rect(x: 3.2, y: 4.7, width: 30, height: 17))
        var round = Path(); round.addRoundedRect(in: Rect(x: 1.5, y: 2.5, width: 20, height: 12), cornerRadius: 5)
        let rotated = polygon([Point(x: 10, y: 1), Point(x: 19, y: 8), Point(x: 12, y: 17), Point(x: 3, y: 10)])
        // Starts half-way down a side, so the first chain wraps round the path's start.
        let midSide = polygon([Point(x: 20, y: 10), Point(x: 20, y: 20), Point(x: 5, y: 20), Point(x: 5, y: 2), Point(x: 20, y: 2)])
        for (name, p) in [("ellipse", ellipse), ("rounded rect", round), ("rotated rect", rotated), ("mid-side start", midSide)] {
            XCTAssertTrue(keepsOrder(p), name)
            XCTAssertTrue(keepsOrder(p.applying(Transform(rotationAngle: 0.3))), name + " rotated")
        }
    }

    /// Convex outlines are told by their turns alone; a pentagram turns one way too but winds
    /// twice, which its four chains give away; an hourglass turns both ways.
    func testTurnsSeenWhileBuilding() {
        var ellipse = Path(); ellipse.addEllipse(in: Rect(x: 3.2, y: 4.7, width: 30, height: 17))
        var round = Path(); round.addRoundedRect(in: Rect(x: 1.5, y: 2.5, width: 20, height: 12), cornerRadius: 5)
        for p in [ellipse, round, ellipse.applying(Transform(rotationAngle: 1))] {
            XCTAssertNotEqual(turns(p), 3)
            XCTAssertNotEqual(turns(p), 0)
            XCTAssertTrue(cannotCross(p))
        }
        let star = polygon((0..<5).map { k in
            let a = Double(k) * 4 * Double.pi / 5
            return Point(x: 20 + 15 * cos(a), y: 20 + 15 * sin(a))
        })
        XCTAssertNotEqual(turns(star), 3)
        XCTAssertFalse(cannotCross(star))
        let hourglass = polygon([Point(x: 1.3, y: 1.2), Point(x: 13.6, y: 1.2), Point(x: 1.3, y: 11.7), Point(x: 13.6, y: 11.7)])
        XCTAssertEqual(turns(hourglass), 3)
        XCTAssertFalse(cannotCross(hourglass))
        // A U-turn along one line counts as both ways.
        XCTAssertEqual(turns(polygon([Point(x: 1, y: 1), Point(x: 9, y: 5), Point(x: 5, y: 3)])), 3)
    }

    /// Two chains that cross: an hourglass whose top and bottom are flat. The crossing pixel
    /// holds winding -1, 0 and 1, so the plain sum is wrong there and ownership must be tracked.
    func testHourglassWithFlatTopAndBottomIsTracked() throws {
        let pts = [Point(x: 1.3, y: 1.2), Point(x: 13.6, y: 1.2), Point(x: 1.3, y: 11.7), Point(x: 13.6, y: 11.7)]
        let p = polygon(pts)
        XCTAssertFalse(keepsOrder(p))
        let exact = Rasterizer.Engine(); exact.resolveEveryRow = true
        let a = try XCTUnwrap(Rasterizer.Engine().mask(for: p, transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit))
        let b = try XCTUnwrap(exact.mask(for: p, transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit))
        // Equal to the exact coverage within a level (the two round differently), crossing included.
        XCTAssertEqual(a.coverage.count, b.coverage.count)
        XCTAssertLessThanOrEqual(zip(a.coverage, b.coverage).map { abs(Int($0) - Int($1)) }.max() ?? 99, 1)
    }

    /// A shape with more than one contour, or cut by the region's right border (its chain has a
    /// gap there), is left to the ownership tracking.
    func testOtherOutlinesAreTracked() {
        var two = Path(); two.addRect(Rect(x: 0, y: 0, width: 5, height: 5)); two.addRect(Rect(x: 8, y: 0, width: 5, height: 5))
        XCTAssertFalse(keepsOrder(two))
        var circle = Path(); circle.addEllipse(in: Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertFalse(keepsOrder(circle, region: PixelRect(x0: 0, y0: 0, x1: 12, y1: 20)))
        XCTAssertTrue(keepsOrder(circle, region: PixelRect(x0: 0, y0: 0, x1: 20, y1: 20)))
    }

    /// Random polygons with one top and one bottom vertex, whose two sides often cross: wherever
    /// the engine skips tracking (by turns or by order), the plain area sum equals the exact
    /// coverage.
    func testWhereOrderIsKeptThePlainSumIsExact() throws {
        var rng = SplitMix64(seed: 11)
        var kept = 0, tracked = 0
        for i in 0..<400 {
            let size = [6.0, 16.0, 40.0][i % 3]
            let n = 2 + i % 5
            let top = Point(x: 2 + rng.nextUnit() * size, y: 1.5), bottom = Point(x: 2 + rng.nextUnit() * size, y: 2 + size)
            func side() -> [Point] {
                (1...n).map { k in Point(x: 2 + rng.nextUnit() * size, y: 1.5 + (size + 0.5) * Double(k) / Double(n + 1)) }
            }
            let right = side(), left = side()
            let pts = [top] + right + [bottom] + left.reversed()
            let p = polygon(pts)
            guard cannotCross(p) else { tracked += 1; continue }
            kept += 1
            for rule in [FillRule.winding, .evenOdd] {
                let plain = Rasterizer.Engine(); plain.resolveNoRow = true
                let exact = Rasterizer.Engine(); exact.resolveEveryRow = true
                let a = try XCTUnwrap(plain.mask(for: p, transform: .identity, rule: rule, within: Rasterizer.maskRegionLimit))
                let b = try XCTUnwrap(exact.mask(for: p, transform: .identity, rule: rule, within: Rasterizer.maskRegionLimit))
                let worst = zip(a.coverage, b.coverage).map { abs(Int($0) - Int($1)) }.max() ?? 0
                XCTAssertLessThanOrEqual(worst, 1, "polygon \(i) \(rule): \(pts)")
            }
        }
        // Both answers must occur, or the test shows nothing.
        XCTAssertGreaterThan(kept, 50)
        XCTAssertGreaterThan(tracked, 50)
    }
}
