// Path.addRoundedRect(in:cornerWidth:cornerHeight:): Core Graphics' elliptical corners, which SVG's
// rect rx / ry also draw through.
import XCTest
import HUDRaster

final class EllipticalCornerTests: XCTestCase {
    func testCornersAreQuarterEllipsesOfTheGivenRadii() {
        var p = Path()
        p.addRoundedRect(in: Rect(x: 10, y: 20, width: 100, height: 60), cornerWidth: 30, cornerHeight: 10)
        XCTAssertEqual(p.boundingBoxOfPath, Rect(x: 10, y: 20, width: 100, height: 60))
        // On the top-left corner's ellipse at 45 degrees: inside just within, outside just beyond.
        let c = Point(x: 40, y: 30), s = 0.5.squareRoot()
        XCTAssertTrue(p.contains(Point(x: c.x - 30 * s * 0.98, y: c.y - 10 * s * 0.98)))
        XCTAssertFalse(p.contains(Point(x: c.x - 30 * s * 1.02, y: c.y - 10 * s * 1.02)))
        // A circular corner is the same path as addRoundedRect(in:cornerRadius:).
        var e = Path(), r = Path()
        e.addRoundedRect(in: Rect(x: 0, y: 0, width: 50, height: 40), cornerWidth: 8, cornerHeight: 8)
        r.addRoundedRect(in: Rect(x: 0, y: 0, width: 50, height: 40), cornerRadius: 8)
        XCTAssertEqual(e, r)
    }

    func testRadiiAreClampedToHalfTheSides() {
        var p = Path(), q = Path()
        p.addRoundedRect(in: Rect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 100, cornerHeight: 100)
        q.addRoundedRect(in: Rect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 20, cornerHeight: 10)
        XCTAssertEqual(p, q)
        var plain = Path(), rect = Path()
        plain.addRoundedRect(in: Rect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 5, cornerHeight: 0)
        rect.addRect(Rect(x: 0, y: 0, width: 40, height: 20))
        XCTAssertEqual(plain, rect)
    }
}
