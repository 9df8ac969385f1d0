// Canvas.alignedRing: a stroked axis-aligned rectangle's ring computed directly must be exactly
// what boxCover finds in the stroker's outline of it, bit for bit, for any width, position,
// orientation, scale and flip; and it must leave the cases the stroker handles to the stroker.
import HUDMotion
import XCTest
@testable import HUDRaster

final class AlignedRingTests: XCTestCase {
    func viaStroker(_ pts: [Point], _ style: StrokeStyle, _ t: Transform) -> Canvas.BoxCover? {
        var sc = Stroker.Scratch()
        guard let n = Stroker.rectangleOutline(pts[0], pts[1], pts[2], pts[3], style: style, transform: t, scratch: &sc) else { return nil }
        return Canvas.boxCover(UnsafeBufferPointer(start: sc.staged.base, count: n), .identity)
    }

    func same(_ a: Canvas.BoxCover, _ b: Canvas.BoxCover) -> Bool {
        let ai = a.inner!, bi = b.inner!
        return [a.x0, a.y0, a.x1, a.y1, ai.x0, ai.y0, ai.x1, ai.y1].map(\.bitPattern)
            == [b.x0, b.y0, b.x1, b.y1, bi.x0, bi.y0, bi.x1, bi.y1].map(\.bitPattern) && a.bounds == b.bounds
    }

    func testDirectRingEqualsTheStrokersOutline() throws {
        var rng = SplitMix64(seed: 41)
        var checked = 0
        for i in 0..<3000 {
            let x = rng.nextUnit() * 600 - 50, y = rng.nextUnit() * 600 - 50
            let w = 1 + rng.nextUnit() * 300, h = 1 + rng.nextUnit() * 300
            let width = [0.5, 1, 2, 3.3, 7, 0.013][i % 6]
            let clockwise = i % 2 == 0
            let pts = clockwise
                ? [Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h)]
                : [Point(x: x, y: y), Point(x: x, y: y + h), Point(x: x + w, y: y + h), Point(x: x + w, y: y)]
            let t = [Transform.identity, Transform(scaleX: 2, y: 2), Transform(scaleX: -1.5, y: 0.75),
                     Transform(a: 3, b: 0, c: 0, d: -3, tx: 17.25, ty: 900.5)][i % 4]
            let style = StrokeStyle(lineWidth: width, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
            guard let direct = Canvas.alignedRing(pts[0], pts[2], style: style, transform: t) else {
                // Only a hole closed (or nearly) is left to the stroker.
                XCTAssertLessThanOrEqual(min(w, h), width + 1e-3, "rect \(i)")
                continue
            }
            let stroked = try XCTUnwrap(viaStroker(pts, style, t), "rect \(i)")
            XCTAssertTrue(same(direct, stroked), "rect \(i): \(direct) vs \(stroked)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 2500)
    }

    /// Bevel or round joins, or a miter limit under sqrt(2), do not give a box: no direct ring.
    func testOtherJoinsAreLeftToTheStroker() {
        let a = Point(x: 10, y: 10), c = Point(x: 60, y: 40)
        for (join, limit) in [(LineJoin.bevel, 10.0), (.round, 10), (.miter, 1.4)] {
            let style = StrokeStyle(lineWidth: 4, lineCap: .butt, lineJoin: join, miterLimit: limit)
            XCTAssertNil(Canvas.alignedRing(a, c, style: style, transform: .identity), "\(join) \(limit)")
        }
        XCTAssertNil(Canvas.alignedRing(a, c, style: StrokeStyle(lineWidth: 4), transform: Transform(rotationAngle: 0.1)))
        XCTAssertNotNil(Canvas.alignedRing(a, c, style: StrokeStyle(lineWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 1.5),
                                           transform: .identity))
    }
}
