// Flattening: vertices stay within the tolerance of the curve, and small circles stay round.
import XCTest
@testable import HUDRaster

final class FlattenerTests: XCTestCase {
    /// A quarter of a circle of radius r about the origin as one arc cubic, closed through the centre.
    private func quarter(_ r: Double) -> Path {
        let k = 0.5522847498307936 * r
        return Path(elements: [.move(to: Point(x: r, y: 0)),
                               .curve(to: Point(x: 0, y: r), control1: Point(x: r, y: k), control2: Point(x: k, y: r)),
                               .line(to: .zero), .closeSubpath])
    }

    func testVerticesStayWithinTheTolerance() throws {
        let r = 50.0
        for tol in [1.0, 0.25, 1.0 / 16] {
            let poly = try XCTUnwrap(Flattener.polylines(quarter(r), tolerance: tol).first).points
            XCTAssertGreaterThanOrEqual(poly.count - 2, 3)
            for p in poly.dropLast() {
                // Within the tolerance of the circle, plus the arc cubic's own 0.027% of r.
                let d = (p.x * p.x + p.y * p.y).squareRoot() - r
                XCTAssertLessThanOrEqual(abs(d), tol + 0.0003 * r, "tolerance \(tol): \(p)")
            }
        }
    }

    func testDefaultToleranceKeepsSmallCirclesRound() throws {
        // A 3 px radius circle at the default tolerance: no vertex more than the tolerance off the
        // circle, and enough of them that the polygon is not visibly faceted.
        var p = Path()
        p.addEllipse(in: Rect(x: 0, y: 0, width: 6, height: 6))
        let poly = try XCTUnwrap(Flattener.polylines(p).first).points
        XCTAssertGreaterThanOrEqual(poly.count, 16)
        for q in poly {
            let d = ((q.x - 3) * (q.x - 3) + (q.y - 3) * (q.y - 3)).squareRoot() - 3
            XCTAssertLessThanOrEqual(abs(d), Flattener.defaultTolerance, "\(q)")
        }
    }
}
