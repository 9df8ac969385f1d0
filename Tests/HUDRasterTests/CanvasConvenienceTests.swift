// The Core Graphics conveniences of Canvas: resetClip, boundingBoxOfClipPath, the two-argument
// setShadow, fill of several rects, stroke with a width, strokeLineSegments.
import XCTest
@testable import HUDRaster

final class CanvasConvenienceTests: XCTestCase {
    func testResetClipReachesTheWholeCanvasAndRestoreBringsTheClipBack() throws {
        let c = try Canvas(width: 20, height: 20)
        c.clip(to: Rect(x: 2, y: 2, width: 4, height: 4))
        c.saveGState()
        c.resetClip()
        c.setFillColor(.red)
        c.fill(Rect(x: 10, y: 10, width: 4, height: 4))
        XCTAssertEqual(c.image[11, 11].a, 255, "drawn outside the old clip")
        c.restoreGState()
        c.setFillColor(.blue)
        c.fill(Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(c.image[3, 3].b, 255)
        XCTAssertEqual(c.image[11, 11].r, 255, "the saved clip is back: blue stays inside it")
        XCTAssertEqual(c.image[1, 1].a, 0)
    }

    func testBoundingBoxOfClipPathIsInUserSpace() throws {
        let c = try Canvas(width: 100, height: 80)
        XCTAssertEqual(c.boundingBoxOfClipPath, Rect(x: 0, y: 0, width: 100, height: 80))
        c.translateBy(x: 10, y: 20)
        c.scaleBy(x: 2, y: 2)
        XCTAssertEqual(c.boundingBoxOfClipPath, Rect(x: -5, y: -10, width: 50, height: 40))
        c.clip(to: Rect(x: 5, y: 5, width: 10, height: 5))
        XCTAssertEqual(c.boundingBoxOfClipPath, Rect(x: 5, y: 5, width: 10, height: 5))
        c.clip(to: Rect(x: 100, y: 100, width: 1, height: 1))
        XCTAssertTrue(c.boundingBoxOfClipPath.isNull, "clipped away")
        c.resetClip()
        XCTAssertEqual(c.boundingBoxOfClipPath, Rect(x: -5, y: -10, width: 50, height: 40))
    }

    func testTwoArgumentShadowIsBlackAtAThird() throws {
        func render(_ set: (Canvas) -> Void) throws -> [UInt8] {
            let c = try Canvas(width: 40, height: 40)
            set(c)
            c.setFillColor(.white)
            c.fill(Rect(x: 5, y: 5, width: 20, height: 20))
            return c.image.pixels
        }
        let short = try render { $0.setShadow(offset: Size(width: 6, height: 6), blur: 3) }
        let long = try render { $0.setShadow(offset: Size(width: 6, height: 6), blur: 3, color: Color(white: 0, alpha: 1.0 / 3.0)) }
        XCTAssertEqual(short, long)
        let none = try render { _ in }
        XCTAssertNotEqual(short, none)
    }

    func testFillRectsDrawsOverlapsOnce() throws {
        let c = try Canvas(width: 30, height: 10)
        c.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        c.fill([Rect(x: 0, y: 0, width: 20, height: 10), Rect(x: 10, y: 0, width: 20, height: 10)])
        XCTAssertEqual(c.image[5, 5].a, 128, accuracy: 1)
        XCTAssertEqual(c.image[15, 5].a, 128, accuracy: 1, "the overlap is covered once, not twice")
        XCTAssertEqual(c.image[25, 5].a, 128, accuracy: 1)
    }

    func testStrokeWithWidthKeepsTheStateLineWidth() throws {
        let a = try Canvas(width: 40, height: 40), b = try Canvas(width: 40, height: 40)
        a.setLineWidth(1)
        a.stroke(Rect(x: 10, y: 10, width: 20, height: 20), width: 6)
        XCTAssertEqual(a.strokeStyle.lineWidth, 1)
        b.setLineWidth(6)
        b.stroke(Rect(x: 10, y: 10, width: 20, height: 20))
        XCTAssertEqual(a.image.pixels, b.image.pixels)
        XCTAssertEqual(a.image[8, 20].a, 255, "6 px wide: 3 px outside the edge")
    }

    func testStrokeLineSegmentsStrokesPairs() throws {
        let a = try Canvas(width: 40, height: 40), b = try Canvas(width: 40, height: 40)
        for c in [a, b] { c.setLineWidth(2); c.setLineCap(.round) }
        a.strokeLineSegments(between: [Point(x: 5, y: 5), Point(x: 35, y: 5), Point(x: 5, y: 20), Point(x: 35, y: 20), Point(x: 1, y: 1)])
        var p = Path()
        p.move(to: Point(x: 5, y: 5)); p.addLine(to: Point(x: 35, y: 5))
        p.move(to: Point(x: 5, y: 20)); p.addLine(to: Point(x: 35, y: 20))
        b.stroke(p)
        XCTAssertEqual(a.image.pixels, b.image.pixels)
        XCTAssertEqual(a.image[20, 12].a, 0, "no line joins the pairs")
        XCTAssertEqual(a.image[20, 5].a, 255)
    }
}
