// Clips that share an edge: a fractional rect and a path along the same line give the coverage of
// their intersection (half a pixel covered by both is 128, not 128 x 128 / 255 = 64), in either
// order and under either fill rule; clips that do not share edges keep their bytes.
import XCTest
@testable import HUDRaster

final class SharedEdgeClipTests: XCTestCase {
    /// A path whose bottom edge runs along y = 4.5, with a notch cut out of its middle.
    func notchedStrip() -> Path {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addLine(to: Point(x: 7, y: 0)); p.addLine(to: Point(x: 7, y: 2.5)); p.addLine(to: Point(x: 13, y: 2.5))
        p.addLine(to: Point(x: 13, y: 0)); p.addLine(to: Point(x: 20, y: 0)); p.addLine(to: Point(x: 20, y: 4.5))
        p.addLine(to: Point(x: 0, y: 4.5)); p.closeSubpath()
        return p
    }

    func render(rectFirst: Bool, rule: FillRule = .winding) throws -> Canvas {
        let c = try Canvas(width: 20, height: 8)
        let rect = Rect(x: 0, y: 0, width: 20, height: 4.5)
        if rectFirst { c.clip(to: rect); c.clip(to: notchedStrip(), rule: rule) } else { c.clip(to: notchedStrip(), rule: rule); c.clip(to: rect) }
        c.setFillColor(.black)
        c.fill(Rect(x: 0, y: 0, width: 20, height: 8))
        return c
    }

    func testSharedEdgeGivesTheIntersectionsCoverage() throws {
        for rectFirst in [true, false] {
            for rule in [FillRule.winding, .evenOdd] {
                let c = try render(rectFirst: rectFirst, rule: rule)
                XCTAssertEqual(Int(c.image[2, 4].a), 128, accuracy: 1, "shared half-pixel edge, rect first \(rectFirst), \(rule)")
                XCTAssertEqual(c.image[2, 3].a, 255)
                XCTAssertEqual(c.image[2, 5].a, 0)
                XCTAssertEqual(c.image[10, 1].a, 0, "the notch stays clipped out")
                XCTAssertEqual(Int(c.image[10, 2].a), 128, accuracy: 1)
            }
        }
    }

    func testClipsWithoutSharedEdgesAreUnchanged() throws {
        // A fractional rect clip wholly inside a path clip: the rect's edges alone decide.
        let c = try Canvas(width: 20, height: 20)
        var circle = Path(); circle.addEllipse(in: Rect(x: 0, y: 0, width: 20, height: 20))
        c.clip(to: Rect(x: 6.5, y: 6.5, width: 7, height: 7))
        c.clip(to: circle)
        c.fill(Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(Int(c.image[6, 10].a), 128, accuracy: 1)
        XCTAssertEqual(c.image[10, 10].a, 255)
        XCTAssertEqual(c.image[5, 10].a, 0)
    }

    func testTwoGeneralPathsStillMultiply() throws {
        // Two paths (neither a rect) fall back to the product of their coverages.
        let c = try Canvas(width: 10, height: 10)
        var a = Path(); a.addEllipse(in: Rect(x: -5, y: 0, width: 20, height: 4.5))
        var b = Path(); b.addEllipse(in: Rect(x: -5, y: 0.5, width: 20, height: 4))
        c.clip(to: a)
        c.clip(to: b)
        XCTAssertNil(c.state.clip.shape)
    }
}
