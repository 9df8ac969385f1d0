// Shapes: rounded rects (circular, per-corner, continuous), tangent arcs and convenience inits.
import XCTest
@testable import HUDRaster

private func area(_ p: Path) -> Double { Rasterizer.mask(for: p)?.area ?? 0 }

final class ShapeTests: XCTestCase {
    let rect = Rect(x: 10.25, y: 20.5, width: 120, height: 80)

    func testCircularRoundedRectArea() {
        let r = 16.0
        let p = Path(roundedRect: rect, cornerRadius: r)
        // Arc cubics sit up to 0.027% of r outside the circle, hence the small allowance.
        XCTAssertEqual(area(p), 120 * 80 - (4 - .pi) * r * r, accuracy: 0.8)
        XCTAssertEqual(p.boundingBox, rect)
        // Radius beyond half the short side clamps to a capsule.
        let pill = Path(roundedRect: rect, cornerRadius: 500)
        XCTAssertEqual(area(pill), 40 * 80 + .pi * 1600, accuracy: 2)
    }

    func testPerCornerRadii() {
        let radii = CornerRadii(topLeft: 0, topRight: 10, bottomRight: 20, bottomLeft: 30)
        let p = Path(roundedRect: rect, cornerRadii: radii)
        let cut: Double = (1 - Double.pi / 4) * 1400
        XCTAssertEqual(area(p), 9600 - cut, accuracy: 0.8)
        XCTAssertEqual(Path(roundedRect: rect, cornerRadii: CornerRadii(all: 16)), Path(roundedRect: rect, cornerRadius: 16))
        // Neighbours that would overlap are scaled together: 60 + 60 on an 80 high side -> 40 + 40.
        let big = Path(roundedRect: rect, cornerRadii: CornerRadii(topLeft: 60, topRight: 0, bottomRight: 0, bottomLeft: 60))
        let bigCut: Double = (1 - Double.pi / 4) * 3200
        XCTAssertEqual(area(big), 9600 - bigCut, accuracy: 1)
    }

    func testContinuousCornersStayInsideAndCutMoreThanCircular() {
        let r = 16.0
        let c = Path(roundedRect: rect, cornerRadius: r, style: .continuous)
        let bb = c.boundingBox
        XCTAssertGreaterThanOrEqual(bb.minX, rect.minX); XCTAssertLessThanOrEqual(bb.maxX, rect.maxX)
        XCTAssertGreaterThanOrEqual(bb.minY, rect.minY); XCTAssertLessThanOrEqual(bb.maxY, rect.maxY)
        let ac = area(c)
        XCTAssertLessThan(ac, area(Path(roundedRect: rect, cornerRadius: r)))
        XCTAssertGreaterThan(ac, area(Path(roundedRect: rect, cornerRadius: r * Path.continuousCornerExtent)))
        // The straight part of the top edge starts 1.528665 r from the corner.
        XCTAssertEqual(c.elements[0], .move(to: Point(x: rect.minX + r * 1.52866483, y: rect.minY)))
        // The corner is symmetric about its diagonal: the shape is symmetric under a transpose of a square.
        let sq = Rect(x: 0, y: 0, width: 60, height: 60)
        let s = Path(roundedRect: sq, cornerRadius: 12, style: .continuous)
        let m = Rasterizer.mask(for: s)!, mt = Rasterizer.mask(for: s.applying(Transform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)))!
        XCTAssertEqual(m.coverage, mt.coverage)
    }

    func testContinuousClampsOnSmallRects() {
        let small = Rect(x: 0, y: 0, width: 40, height: 12)
        let p = Path(roundedRect: small, cornerRadius: 100, style: .continuous)
        XCTAssertEqual(p.boundingBox, small)
        let a = area(p)
        XCTAssertGreaterThan(a, 0.75 * 480); XCTAssertLessThan(a, 480)
        XCTAssertEqual(Rasterizer.mask(for: p)?.value(atX: 20, y: 6), 255)
    }

    func testTangentArc() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addArc(tangent1End: Point(x: 100, y: 0), tangent2End: Point(x: 100, y: 100), radius: 20)
        XCTAssertEqual(p.elements[1], .line(to: Point(x: 80, y: 0)))
        let end = p.currentPoint!
        XCTAssertEqual(end.x, 100, accuracy: 1e-9); XCTAssertEqual(end.y, 20, accuracy: 1e-9)
        // Every arc cubic starts and ends on the circle about (80, 20) and its middle stays within 0.03%.
        var from = Point(x: 80, y: 0)
        var arcs = 0
        for e in p.elements.dropFirst(2) {
            guard case .curve(let to, let c1, let c2) = e else { return XCTFail("expected arc cubics") }
            let mid = from * 0.125 + c1 * 0.375 + c2 * 0.375 + to * 0.125
            XCTAssertEqual(mid.distance(to: Point(x: 80, y: 20)), 20, accuracy: 20 * 3e-4)
            XCTAssertEqual(to.distance(to: Point(x: 80, y: 20)), 20, accuracy: 1e-9)
            from = to; arcs += 1
        }
        XCTAssertGreaterThan(arcs, 0)
        // An obtuse corner: the arc meets both legs at radius / tan(theta / 2) from the corner.
        var q = Path(); q.move(to: Point(x: 0, y: 50))
        q.addArc(tangent1End: Point(x: 50, y: 50), tangent2End: Point(x: 100, y: 0), radius: 10)
        let d = 10 / tan(3 * Double.pi / 8)
        XCTAssertEqual(q.currentPoint!.x, 50 + d / 2.squareRoot(), accuracy: 1e-9)
        // Collinear points and zero radius: a plain line to the corner.
        var l = Path(); l.move(to: .zero)
        l.addArc(tangent1End: Point(x: 10, y: 0), tangent2End: Point(x: 20, y: 0), radius: 5)
        XCTAssertEqual(l.elements.last, .line(to: Point(x: 10, y: 0)))
        var z = Path(); z.move(to: .zero)
        z.addArc(tangent1End: Point(x: 10, y: 0), tangent2End: Point(x: 10, y: 10), radius: 0)
        XCTAssertEqual(z.elements.last, .line(to: Point(x: 10, y: 0)))
    }

    func testConvenienceInits() {
        XCTAssertEqual(area(Path(rect: Rect(x: 2, y: 3, width: 10, height: 7))), 70, accuracy: 1e-6)
        XCTAssertEqual(area(Path(ellipseIn: Rect(x: 10, y: 10, width: 80, height: 40))), .pi * 40 * 20, accuracy: 3)
        XCTAssertTrue(Path(roundedRect: Rect(x: .nan, y: 0, width: 3, height: 3), cornerRadius: 1).isEmpty)
    }
}
