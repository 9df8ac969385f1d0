// Clipping: pixel-aligned and fractional rects, rotated rects, paths under both rules, nesting, save/restore.
import XCTest
@testable import HUDRaster

final class ClipTests: XCTestCase {
    func alphaSum(_ c: Canvas) -> Double {
        var s = 0
        for i in stride(from: 3, to: c.image.pixels.count, by: 4) { s += Int(c.image.pixels[i]) }
        return Double(s) / 255
    }

    func testPixelAlignedRectClip() throws {
        let c = try Canvas(width: 20, height: 20)
        c.clip(to: Rect(x: 5, y: 5, width: 10, height: 10))
        XCTAssertNil(c.state.clip.mask, "aligned rect clips need no mask")
        c.fill(Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(c.image[5, 5].a, 255)
        XCTAssertEqual(c.image[14, 14].a, 255)
        XCTAssertEqual(c.image[4, 5].a, 0)
        XCTAssertEqual(c.image[15, 14].a, 0)
        XCTAssertEqual(alphaSum(c), 100, accuracy: 0.01)
    }

    func testFractionalRectClipIsAntialiased() throws {
        let c = try Canvas(width: 20, height: 20)
        c.clip(to: Rect(x: 5.5, y: 5, width: 10, height: 10))
        c.fill(Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(Int(c.image[5, 8].a), 128, accuracy: 1)
        XCTAssertEqual(Int(c.image[15, 8].a), 128, accuracy: 1)
        XCTAssertEqual(alphaSum(c), 100, accuracy: 0.2)
    }

    func testRotatedRectClipArea() throws {
        let c = try Canvas(width: 100, height: 100)
        c.translateBy(x: 50, y: 50)
        c.rotate(by: 0.6)
        c.clip(to: Rect(x: -20, y: -10, width: 40, height: 20))
        c.fill(Rect(x: -100, y: -100, width: 200, height: 200))
        XCTAssertEqual(alphaSum(c), 800, accuracy: 1)
    }

    func testPathClipBothRules() throws {
        var ring = Path()
        ring.addEllipse(in: Rect(x: 10, y: 10, width: 80, height: 80))
        ring.addEllipse(in: Rect(x: 30, y: 30, width: 40, height: 40))
        for rule in [FillRule.winding, .evenOdd] {
            let c = try Canvas(width: 100, height: 100)
            c.clip(to: ring, rule: rule)
            c.fill(Rect(x: 0, y: 0, width: 100, height: 100))
            let outer = Double.pi * 1600, inner = Double.pi * 400
            let expected = rule == .winding ? outer : outer - inner
            XCTAssertEqual(alphaSum(c), expected, accuracy: expected * 0.002, "\(rule)")
            XCTAssertEqual(c.image[50, 50].a, rule == .winding ? 255 : 0)
            XCTAssertEqual(c.image[2, 2].a, 0)
        }
    }

    func testNestedClipsIntersectAndRestore() throws {
        let c = try Canvas(width: 40, height: 40)
        c.saveGState()
        c.clip(to: Rect(x: 0, y: 0, width: 20, height: 40))
        var circle = Path(); circle.addEllipse(in: Rect(x: 10, y: 10, width: 20, height: 20))
        c.clip(to: circle)
        c.fill(Rect(x: 0, y: 0, width: 40, height: 40))
        XCTAssertEqual(c.image[15, 20].a, 255)
        XCTAssertEqual(c.image[25, 20].a, 0)
        XCTAssertEqual(alphaSum(c), Double.pi * 100 / 2, accuracy: 0.5)
        c.restoreGState()
        c.fill(Rect(x: 35, y: 35, width: 5, height: 5))
        XCTAssertEqual(c.image[37, 37].a, 255)
    }

    func testEmptyClipDrawsNothing() throws {
        let c = try Canvas(width: 10, height: 10)
        c.clip(to: Rect(x: 0, y: 0, width: 2, height: 2))
        c.clip(to: Rect(x: 5, y: 5, width: 2, height: 2))
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        c.drawLinearGradient(Gradient(colors: [.red, .blue]), start: .zero, end: Point(x: 10, y: 0),
                             options: [.drawsAfterEndLocation, .drawsBeforeStartLocation])
        XCTAssertEqual(alphaSum(c), 0)
    }

    func testClipAppliesToGradientsImagesAndMasks() throws {
        let c = try Canvas(width: 20, height: 20)
        c.clip(to: Rect(x: 0, y: 0, width: 10, height: 20))
        c.drawLinearGradient(Gradient(colors: [.red, .red]), start: .zero, end: Point(x: 20, y: 0))
        XCTAssertEqual(c.image[5, 5].a, 255); XCTAssertEqual(c.image[15, 5].a, 0)
        let d = try Canvas(width: 20, height: 20)
        d.clip(to: Rect(x: 0, y: 0, width: 10, height: 20))
        d.fill(Mask(originX: 0, originY: 0, width: 20, height: 20, value: 255), color: .blue)
        XCTAssertEqual(alphaSum(d), 200, accuracy: 0.01)
        let img = try Image(width: 4, height: 4, fill: .green)
        let e = try Canvas(width: 20, height: 20)
        e.clip(to: Rect(x: 0, y: 0, width: 10, height: 20))
        e.draw(img, in: Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(alphaSum(e), 200, accuracy: 0.01)
    }
}
