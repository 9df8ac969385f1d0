// Coverage accuracy of the exact-area rasterizer: areas, half-covered edges, fill rules, robustness.
import XCTest
@testable import HUDRaster

final class CoverageTests: XCTestCase {
    func testCircleAreaWithinOneThousandth() throws {
        for r in [5.0, 20.0, 50.0, 120.0] {
            var p = Path()
            p.addEllipse(in: Rect(x: 200.3 - r, y: 200.7 - r, width: 2 * r, height: 2 * r))
            let m = try XCTUnwrap(Rasterizer.mask(for: p))
            let exact = Double.pi * r * r
            XCTAssertEqual(m.area, exact, accuracy: exact * 0.001, "radius \(r)")
        }
    }

    func testHalfCoveredEdgePixelIs128() throws {
        let p = Path(elements: [.move(to: Point(x: 10.5, y: 10)), .line(to: Point(x: 20, y: 10)),
                                .line(to: Point(x: 20, y: 20)), .line(to: Point(x: 10.5, y: 20)), .closeSubpath])
        let m = try XCTUnwrap(Rasterizer.mask(for: p))
        for y in 10..<20 {
            XCTAssertEqual(Int(m.value(atX: 10, y: y)), 128, accuracy: 1)
            XCTAssertEqual(m.value(atX: 11, y: y), 255)
            XCTAssertEqual(m.value(atX: 19, y: y), 255)
            XCTAssertEqual(m.value(atX: 20, y: y), 0)
            XCTAssertEqual(m.value(atX: 9, y: y), 0)
        }
        // Horizontal half edge too.
        var q = Path(); q.addRect(Rect(x: 0, y: 0.5, width: 4, height: 2))
        let mq = try XCTUnwrap(Rasterizer.mask(for: q))
        XCTAssertEqual(Int(mq.value(atX: 1, y: 0)), 128, accuracy: 1)
        XCTAssertEqual(Int(mq.value(atX: 1, y: 2)), 128, accuracy: 1)
        XCTAssertEqual(mq.value(atX: 1, y: 1), 255)
    }

    func testEvenOddLeavesHoleWindingFillsIt() throws {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 40, height: 40))
        p.addRect(Rect(x: 10, y: 10, width: 20, height: 20))   // same direction
        let eo = try XCTUnwrap(Rasterizer.mask(for: p, rule: .evenOdd))
        let nz = try XCTUnwrap(Rasterizer.mask(for: p, rule: .winding))
        XCTAssertEqual(eo.value(atX: 20, y: 20), 0)
        XCTAssertEqual(eo.value(atX: 5, y: 5), 255)
        XCTAssertEqual(nz.value(atX: 20, y: 20), 255)
        XCTAssertEqual(eo.area, 1600 - 400, accuracy: 0.5)
        XCTAssertEqual(nz.area, 1600, accuracy: 0.5)
        // A hole wound the other way is a hole under both rules.
        var q = Path()
        q.addRect(Rect(x: 0, y: 0, width: 40, height: 40))
        q.move(to: Point(x: 10, y: 10)); q.addLine(to: Point(x: 10, y: 30)); q.addLine(to: Point(x: 30, y: 30))
        q.addLine(to: Point(x: 30, y: 10)); q.closeSubpath()
        let nz2 = try XCTUnwrap(Rasterizer.mask(for: q, rule: .winding))
        XCTAssertEqual(nz2.value(atX: 20, y: 20), 0)
    }

    func testRotatedRectArea() throws {
        for angle in [0.1, 0.5, Double.pi / 4, 1.3] {
            var p = Path(); p.addRect(Rect(x: -30, y: -12.5, width: 60, height: 25))
            let t = Transform(rotationAngle: angle).concatenating(Transform(translationX: 50.25, y: 60.6))
            let m = try XCTUnwrap(Rasterizer.mask(for: p, transform: t))
            XCTAssertEqual(m.area, 1500, accuracy: 1500 * 0.0005, "angle \(angle)")
            XCTAssertEqual(m.value(atX: 50, y: 60), 255)
        }
    }

    func testNaNAndInfinitePathsAreDropped() {
        var p = Path(); p.move(to: Point(x: 0, y: 0)); p.addLine(to: Point(x: .nan, y: 5)); p.addLine(to: Point(x: 5, y: 5))
        XCTAssertNil(Rasterizer.mask(for: p))
        var q = Path(); q.addRect(Rect(x: 0, y: 0, width: Double.infinity, height: 3))
        XCTAssertNil(Rasterizer.mask(for: q))
        var r = Path(); r.addRect(Rect(x: 0, y: 0, width: 3, height: 3))
        XCTAssertNil(Rasterizer.mask(for: r, transform: Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)))
    }

    func testHugeCoordinatesAreClampedNotCrashing() throws {
        var p = Path()
        p.move(to: Point(x: -1e300, y: 2)); p.addLine(to: Point(x: 1e300, y: 2))
        p.addLine(to: Point(x: 1e300, y: 6)); p.addLine(to: Point(x: -1e300, y: 6)); p.closeSubpath()
        let m = try XCTUnwrap(Rasterizer.mask(for: p))
        XCTAssertEqual(m.value(atX: 0, y: 3), 255)
        XCTAssertEqual(m.value(atX: 100, y: 5), 255)
        XCTAssertEqual(m.value(atX: 100, y: 7), 0)
        var c = Path(); c.move(to: Point(x: 0, y: 0)); c.addCurve(to: Point(x: 1e200, y: 10), control1: Point(x: -1e250, y: 1e250), control2: Point(x: 5, y: 1e30))
        _ = Rasterizer.mask(for: c)   // must simply return
    }

    func testFullyInsidePixelsAre255AndOutsideZero() throws {
        var p = Path(); p.addEllipse(in: Rect(x: 10, y: 10, width: 30, height: 30))
        let m = try XCTUnwrap(Rasterizer.mask(for: p))
        XCTAssertEqual(m.value(atX: 25, y: 25), 255)
        XCTAssertEqual(m.value(atX: 11, y: 11), 0)
        XCTAssertTrue(m.coverage.allSatisfy { $0 <= 255 })
    }

    func testSelfIntersectingStarRules() throws {
        // Five-point star: the centre pentagon has winding 2.
        var p = Path()
        for i in 0..<5 {
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            let pt = Point(x: 50 + 40 * cos(a), y: 50 + 40 * sin(a))
            if i == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
        }
        p.closeSubpath()
        let nz = try XCTUnwrap(Rasterizer.mask(for: p, rule: .winding))
        let eo = try XCTUnwrap(Rasterizer.mask(for: p, rule: .evenOdd))
        XCTAssertEqual(nz.value(atX: 50, y: 52), 255)
        XCTAssertEqual(eo.value(atX: 50, y: 52), 0)
        XCTAssertGreaterThan(nz.area, eo.area)
    }

    func testAnnulusFromOppositeCircles() throws {
        var p = Path()
        p.addArc(withCenter: Point(x: 100, y: 100), radius: 43, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        p.closeSubpath()
        p.move(to: Point(x: 137, y: 100))
        p.addArc(withCenter: Point(x: 100, y: 100), radius: 37, startAngle: 0, endAngle: -2 * .pi, clockwise: false)
        p.closeSubpath()
        let m = try XCTUnwrap(Rasterizer.mask(for: p))
        let exact = Double.pi * (43 * 43 - 37 * 37)
        XCTAssertEqual(m.area, exact, accuracy: exact * 0.002)
        XCTAssertEqual(m.value(atX: 100, y: 100), 0)
        XCTAssertEqual(m.value(atX: 140, y: 100), 255)
    }

    func testShapesSpanningManyBandsAndWideRegions() throws {
        // Taller than several 64-row bands, wider than a cell group, partly left of the region.
        var p = Path(); p.addRect(Rect(x: -50.25, y: 3.5, width: 1000, height: 300))
        let e = Rasterizer.Engine()
        e.reset(region: PixelRect(x0: 0, y0: 0, x1: 700, y1: 400))
        e.add(p, transform: .identity)
        let m = try XCTUnwrap(e.collectMask(rule: .winding))
        XCTAssertEqual(m.area, 700 * 300, accuracy: 3)   // two rows of 128/255 for 0.5 add 2.7
        XCTAssertEqual(Int(m.value(atX: 650, y: 3)), 128, accuracy: 1)
        XCTAssertEqual(m.value(atX: 699, y: 200), 255)
        XCTAssertEqual(m.value(atX: 0, y: 200), 255)
    }
    func testRunFillerAndSkippedHolesMatchMaskPath() throws {
        // Canvas fills hand shape insides to a run filler and skip empty stretches; drawing the
        // same path's mask (coverage-buffer path) must give identical pixels, for both rules.
        var p = Path()
        p.addRect(Rect(x: 3.3, y: 2.7, width: 180.4, height: 150.2))
        p.addEllipse(in: Rect(x: 40.5, y: 30.25, width: 100, height: 90))
        p.addRect(Rect(x: 150.1, y: 100.6, width: 90.7, height: 70.3))
        for rule in [FillRule.winding, .evenOdd] {
            for color in [Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6), Color(red: 1, green: 0.3, blue: 0, alpha: 1)] {
                let a = try Canvas(width: 260, height: 200, background: Color(white: 0.5, alpha: 0.5))
                a.setFillColor(color)
                a.fill(p, rule: rule)
                let b = try Canvas(width: 260, height: 200, background: Color(white: 0.5, alpha: 0.5))
                let m = try XCTUnwrap(Rasterizer.mask(for: p, rule: rule))
                b.fill(m, color: color)
                XCTAssertEqual(a.image.pixels, b.image.pixels, "\(rule)")
            }
        }
        // The hole of the even-odd shape really is left untouched.
        let c = try Canvas(width: 260, height: 200)
        c.setFillColor(.black)
        c.fill(p, rule: .evenOdd)
        XCTAssertEqual(c.image[90, 75].a, 0)
    }
}
