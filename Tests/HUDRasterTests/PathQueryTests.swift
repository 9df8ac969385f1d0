// Path queries (tight bounds, hit testing) and the Core Graphics path builders addLines, addRects
// and addRelativeArc.
import HUDMotion
import XCTest
@testable import HUDRaster
@testable import HUDRasterBenchmarks

final class PathQueryTests: XCTestCase {
    func testTightBoundsLeaveControlPointsOut() {
        // y(t) = 30 t (1 - t): its top is 7.5 at t = 1/2, while the control points reach 10.
        var c = Path()
        c.move(to: Point(x: 0, y: 0))
        c.addCurve(to: Point(x: 10, y: 0), control1: Point(x: 0, y: 10), control2: Point(x: 10, y: 10))
        XCTAssertEqual(c.boundingBox, Rect(x: 0, y: 0, width: 10, height: 10))
        let tight = c.boundingBoxOfPath
        XCTAssertEqual(tight.minX, 0, accuracy: 1e-12); XCTAssertEqual(tight.maxX, 10, accuracy: 1e-12)
        XCTAssertEqual(tight.minY, 0, accuracy: 1e-12); XCTAssertEqual(tight.maxY, 7.5, accuracy: 1e-12)
        // A quadratic's apex: 2 * 10 * t (1 - t) peaks at 5.
        var q = Path()
        q.move(to: Point(x: 0, y: 0))
        q.addQuadCurve(to: Point(x: 10, y: 0), control: Point(x: 5, y: 10))
        XCTAssertEqual(q.boundingBoxOfPath.maxY, 5, accuracy: 1e-12)
        XCTAssertEqual(q.boundingBoxOfPath.width, 10, accuracy: 1e-12)
        // A circle's box is its square; an S-curve's x extremes lie inside the curve.
        let circle = Path(ellipseIn: Rect(x: 3, y: 4, width: 20, height: 20))
        let b = circle.boundingBoxOfPath
        XCTAssertEqual(b.minX, 3, accuracy: 1e-9); XCTAssertEqual(b.maxX, 23, accuracy: 1e-9)
        XCTAssertEqual(b.minY, 4, accuracy: 1e-9); XCTAssertEqual(b.maxY, 24, accuracy: 1e-9)
        var s = Path()
        s.move(to: Point(x: 0, y: 0))
        s.addCurve(to: Point(x: 0, y: 30), control1: Point(x: 40, y: 10), control2: Point(x: -40, y: 20))
        // x(t) = 120 t (1-t) (1-2t): extremes at t = (3 -+ sqrt 3) / 6, x = +-20 / sqrt 3.
        XCTAssertEqual(s.boundingBoxOfPath.maxX, 20 / 3.0.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(s.boundingBoxOfPath.minX, -20 / 3.0.squareRoot(), accuracy: 1e-9)
        // A curve after a close starts where the closed subpath started, (0, 0) here:
        // y(t) = 40 t (1-t) - 10 t^2 peaks at 8 (from (0, 4), the last corner, it would be 9.56).
        var closed = Path(rect: Rect(x: 0, y: 0, width: 4, height: 4))
        closed.addQuadCurve(to: Point(x: 0, y: -10), control: Point(x: -10, y: 20))
        XCTAssertEqual(closed.boundingBoxOfPath.maxY, 8, accuracy: 1e-12)
        XCTAssertTrue(Path().boundingBoxOfPath.isNull)
    }

    func testContainsFollowsTheFillRule() {
        // A pentagram: its centre winds twice, so it is inside under non-zero and a hole under even-odd.
        var star = Path()
        star.addLines(between: (0..<5).map { k in
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(x: 50 + 40 * cos(a), y: 50 + 40 * sin(a))
        })
        star.closeSubpath()
        let centre = Point(x: 50, y: 50)
        XCTAssertTrue(star.contains(centre))
        XCTAssertFalse(star.contains(centre, using: .evenOdd))
        // A point in one of the arms winds once: inside under both rules.
        XCTAssertTrue(star.contains(Point(x: 50, y: 15)))
        XCTAssertTrue(star.contains(Point(x: 50, y: 15), using: .evenOdd))
        XCTAssertFalse(star.contains(Point(x: 5, y: 5)))
        // Open subpaths count as closed, as for a fill.
        var open = Path()
        open.addLines(between: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)])
        XCTAssertTrue(open.contains(Point(x: 8, y: 2)))
        XCTAssertFalse(open.contains(Point(x: 2, y: 8)))
        // Half-open edges, like a pixel centre: left and top in, right and bottom out.
        let square = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(square.contains(Point(x: 0, y: 5)))
        XCTAssertTrue(square.contains(Point(x: 5, y: 0)))
        XCTAssertFalse(square.contains(Point(x: 10, y: 5)))
        XCTAssertFalse(square.contains(Point(x: 5, y: 10)))
        // The transform applies to the path.
        XCTAssertTrue(square.contains(Point(x: 15, y: 15), transform: Transform(scaleX: 2, y: 2)))
        XCTAssertFalse(square.contains(Point(x: 15, y: 15)))
        // Curves are tested on the curve, not on coarse chords: at 0.05 from a circle of radius 100
        // (its arc cubics stray up to 0.027 from the circle), in and out are told apart.
        let circle = Path(ellipseIn: Rect(x: -100, y: -100, width: 200, height: 200))
        XCTAssertTrue(circle.contains(Point(x: 99.95 * cos(0.3), y: 99.95 * sin(0.3))))
        XCTAssertFalse(circle.contains(Point(x: 100.05 * cos(0.3), y: 100.05 * sin(0.3))))
        XCTAssertFalse(circle.contains(Point(x: .nan, y: 0)))
    }

    func testContainsAgreesWithTheRasterizer() throws {
        // A self-crossing polygon: every pixel the scan converter covers fully has its centre
        // inside, every pixel it leaves empty has it outside.
        var rng = SplitMix64(seed: 7)
        var p = Path()
        for k in 0..<12 {
            let q = Point(x: 2 + rng.nextUnit() * 60, y: 2 + rng.nextUnit() * 60)
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        for rule in [FillRule.winding, .evenOdd] {
            let engine = Rasterizer.Engine()
            let m = try XCTUnwrap(engine.mask(for: p, transform: .identity, rule: rule, within: Rasterizer.maskRegionLimit))
            var full = 0, empty = 0
            for y in 0..<m.height {
                for x in 0..<m.width {
                    let c = m.coverage[y * m.width + x]
                    let centre = Point(x: Double(m.originX + x) + 0.5, y: Double(m.originY + y) + 0.5)
                    if c == 255 { XCTAssertTrue(p.contains(centre, using: rule), "\(rule) \(centre)"); full += 1 }
                    if c == 0 { XCTAssertFalse(p.contains(centre, using: rule), "\(rule) \(centre)"); empty += 1 }
                }
            }
            XCTAssertGreaterThan(full, 300); XCTAssertGreaterThan(empty, 300)
        }
    }

    func testAddLinesAndRects() {
        var p = Path()
        p.addLines(between: [])
        XCTAssertTrue(p.isEmpty)
        p.addLines(between: [Point(x: 1, y: 2), Point(x: 3, y: 4), Point(x: 5, y: 6)])
        XCTAssertEqual(p.elements, [.move(to: Point(x: 1, y: 2)), .line(to: Point(x: 3, y: 4)), .line(to: Point(x: 5, y: 6))])
        var r = Path()
        let a = Rect(x: 0, y: 0, width: 4, height: 4), b = Rect(x: 10, y: 0, width: 2, height: 2)
        r.addRects([a, b])
        var expected = Path(rect: a)
        expected.addRect(b)
        XCTAssertEqual(r, expected)
    }

    func testRelativeArcSweepsByDelta() {
        let c = Point(x: 10, y: 20)
        // A quarter turn from 3 o'clock: positive delta runs clockwise on screen, through y > 20.
        var p = Path()
        p.addRelativeArc(center: c, radius: 5, startAngle: 0, delta: .pi / 2)
        XCTAssertEqual(p.elements.first, .move(to: Point(x: 15, y: 20)))
        let end = try! XCTUnwrap(p.currentPoint)
        XCTAssertEqual(end.x, 10, accuracy: 1e-9); XCTAssertEqual(end.y, 25, accuracy: 1e-9)
        var q = Path()
        // Core Graphics: a positive delta is addArc's clockwise: false (clockwise on a y-down screen).
        q.addArc(center: c, radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(p, q)
        // Negative delta goes the other way; beyond a full turn it stops at one full turn.
        var n = Path()
        n.addRelativeArc(center: c, radius: 5, startAngle: 0, delta: -.pi / 2)
        XCTAssertEqual(try! XCTUnwrap(n.currentPoint).y, 15, accuracy: 1e-9)
        var full = Path()
        full.addRelativeArc(center: c, radius: 5, startAngle: 0, delta: 7 * .pi)
        XCTAssertEqual(full.boundingBoxOfPath.height, 10, accuracy: 1e-9)
        XCTAssertEqual(full.elements.count, 5)   // the move and four quarter cubics
        var bad = Path()
        bad.addRelativeArc(center: c, radius: .nan, startAngle: 0, delta: 1)
        XCTAssertTrue(bad.isEmpty)
    }
}
