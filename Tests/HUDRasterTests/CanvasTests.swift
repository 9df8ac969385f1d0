// Canvas behaviour: fills through the CTM, state save/restore, strokes, images, masks, robustness.
import XCTest
@testable import HUDRaster

final class CanvasTests: XCTestCase {
    func px(_ c: Canvas, _ x: Int, _ y: Int) -> [Int] {
        let p = c.image[x, y]; return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    func testFillRectOpaqueAndHalfEdges() throws {
        let c = try Canvas(width: 20, height: 20)
        c.setFillColor(.red)
        c.fill(Rect(x: 2.5, y: 2, width: 10, height: 5))
        XCTAssertEqual(px(c, 5, 4), [255, 0, 0, 255])
        XCTAssertEqual(px(c, 2, 4)[3], 128, accuracy: 1)
        XCTAssertEqual(px(c, 2, 4)[0], 128, accuracy: 1)
        XCTAssertEqual(px(c, 12, 4)[3], 128, accuracy: 1)
        XCTAssertEqual(px(c, 5, 7), [0, 0, 0, 0])
    }

    func testBackgroundAndSourceOverHalfAlpha() throws {
        let c = try Canvas(width: 4, height: 4, background: .white)
        c.setFillColor(Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        c.fill(Rect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(px(c, 1, 1)[0], 127, accuracy: 1, "white under 50% black"); XCTAssertEqual(px(c, 1, 1)[3], 255)
    }

    func testCTMTranslatesScalesAndSaveRestore() throws {
        let c = try Canvas(width: 40, height: 40)
        c.setFillColor(.blue)
        c.saveGState()
        c.translateBy(x: 10, y: 10)
        c.scaleBy(x: 2, y: 2)
        c.fill(Rect(x: 0, y: 0, width: 5, height: 5))   // device 10..20
        c.restoreGState()
        c.fill(Rect(x: 30, y: 30, width: 2, height: 2))
        XCTAssertEqual(px(c, 15, 15), [0, 0, 255, 255])
        XCTAssertEqual(px(c, 21, 15)[3], 0)
        XCTAssertEqual(px(c, 9, 15)[3], 0)
        XCTAssertEqual(px(c, 31, 31), [0, 0, 255, 255])
        XCTAssertEqual(c.ctm, .identity)
    }

    func testRotationAboutCentre() throws {
        let c = try Canvas(width: 40, height: 40)
        c.translateBy(x: 20, y: 20)
        c.rotate(by: .pi / 2)
        c.fill(Rect(x: 0, y: -1, width: 15, height: 2))  // after +90 deg it points down
        XCTAssertEqual(px(c, 20, 30)[3], 255)
        XCTAssertEqual(px(c, 30, 20)[3], 0)
    }

    func testStrokeDrawsOutlineNotInterior() throws {
        let c = try Canvas(width: 40, height: 40)
        c.setStrokeColor(.black)
        c.setLineWidth(2)
        c.stroke(Rect(x: 10, y: 10, width: 20, height: 20))
        XCTAssertEqual(px(c, 10, 20)[3], 255)   // covers 9...11
        XCTAssertEqual(px(c, 9, 20)[3], 255)
        XCTAssertEqual(px(c, 20, 20)[3], 0)
        XCTAssertEqual(px(c, 20, 30)[3], 255)
    }

    func testHairlineKeepsWeight() throws {
        let c = try Canvas(width: 20, height: 20)
        c.setLineWidth(0.25)
        var p = Path(); p.move(to: Point(x: 2, y: 10.5)); p.addLine(to: Point(x: 18, y: 10.5))
        c.stroke(p)
        // A quarter-pixel line drawn one pixel wide at 25% alpha.
        var sum = 0
        for y in 8..<13 { sum += Int(c.image[10, y].a) }
        XCTAssertEqual(Double(sum), 0.25 * 255, accuracy: 4)
    }

    func testFillMaskIgnoresCTM() throws {
        let c = try Canvas(width: 10, height: 10)
        c.translateBy(x: 100, y: 100)
        let m = Mask(originX: 2, originY: 3, width: 2, height: 1, coverage: [255, 128])
        c.fill(m, color: .green)
        XCTAssertEqual(px(c, 2, 3), [0, 255, 0, 255])
        XCTAssertEqual(px(c, 3, 3)[3], 128)
        XCTAssertEqual(px(c, 4, 3)[3], 0)
    }

    func testDrawImageBilinearScaledAndIdentity() throws {
        // 2x1 image: black | white, drawn 1:1 then stretched to 8 px.
        var img = try Image(width: 2, height: 1)
        img[0, 0] = (0, 0, 0, 255); img[1, 0] = (255, 255, 255, 255)
        let c = try Canvas(width: 8, height: 2)
        c.draw(img, in: Rect(x: 0, y: 0, width: 2, height: 1))
        XCTAssertEqual(px(c, 0, 0), [0, 0, 0, 255])
        XCTAssertEqual(px(c, 1, 0), [255, 255, 255, 255])
        c.draw(img, in: Rect(x: 0, y: 1, width: 8, height: 1))
        // Sample centres: x=0.5 -> u=0.125 texel -> clamp edge black; x=3.5 -> u=0.875 -> 0.375 of the way.
        XCTAssertEqual(px(c, 0, 1)[0], 0)
        XCTAssertEqual(px(c, 7, 1)[0], 255)
        XCTAssertEqual(Double(px(c, 3, 1)[0]), 0.375 * 255, accuracy: 1.5)
        XCTAssertEqual(Double(px(c, 4, 1)[0]), 0.625 * 255, accuracy: 1.5)
        XCTAssertLessThan(px(c, 2, 1)[0], px(c, 3, 1)[0])
    }

    func testNaNPathDoesNotCrashOrDraw() throws {
        let c = try Canvas(width: 10, height: 10)
        var p = Path(); p.move(to: Point(x: .nan, y: 1)); p.addLine(to: Point(x: 5, y: .infinity)); p.addLine(to: Point(x: 1, y: 1))
        c.fill(p); c.stroke(p); c.clip(to: p)
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(c.image.pixels.allSatisfy { $0 == 0 })
    }

    func testImageSizeLimitIsAnError() {
        XCTAssertThrowsError(try Canvas(width: Image.maxDimension + 1, height: 10)) { e in
            XCTAssertEqual(e as? RasterError, .imageTooLarge(width: Image.maxDimension + 1, height: 10))
        }
        XCTAssertThrowsError(try Canvas(width: 0, height: 10))
        XCTAssertThrowsError(try Canvas(width: 10_000, height: 10_000))
    }

    func testLargeCanvasSmallShapeTouchesOnlyItsBox() throws {
        let c = try Canvas(width: 4000, height: 3000)
        c.setFillColor(.red)
        c.fillEllipse(in: Rect(x: 3000, y: 2000, width: 20, height: 20))
        XCTAssertEqual(px(c, 3010, 2010), [255, 0, 0, 255])
        XCTAssertEqual(px(c, 10, 10)[3], 0)
    }

    func testClearMakesTransparent() throws {
        let c = try Canvas(width: 10, height: 10, background: .white)
        c.clear(Rect(x: 2, y: 2, width: 3, height: 3))
        XCTAssertEqual(px(c, 3, 3), [0, 0, 0, 0])
        XCTAssertEqual(px(c, 6, 6), [255, 255, 255, 255])
    }

    func testShadowIsOffsetAndBlurred() throws {
        let c = try Canvas(width: 60, height: 60)
        c.setShadow(offset: Size(width: 10, height: 10), blur: 0, color: .black)
        c.setFillColor(.white)
        c.fill(Rect(x: 10, y: 10, width: 20, height: 20))
        XCTAssertEqual(px(c, 15, 15), [255, 255, 255, 255])
        XCTAssertEqual(px(c, 35, 35), [0, 0, 0, 255], "hard shadow offset down-right")
        XCTAssertEqual(px(c, 45, 45)[3], 0)
        let d = try Canvas(width: 80, height: 80)
        d.setShadow(offset: Size(width: 0, height: 0), blur: 10, color: .black)
        d.fill(Rect(x: 30, y: 30, width: 20, height: 20))
        // Soft halo outside the shape, fading out.
        let near = Int(d.image[26, 40].a), far = Int(d.image[20, 40].a)
        XCTAssertGreaterThan(near, far)
        XCTAssertGreaterThan(near, 20)
        XCTAssertGreaterThan(far, 0)
    }
}

final class ImageDrawTests: XCTestCase {
    func testRotatedImageDrawKeepsColourAndArea() throws {
        let img = try Image(width: 8, height: 8, fill: .red)
        let c = try Canvas(width: 60, height: 60)
        c.translateBy(x: 30, y: 30)
        c.rotate(by: 0.4)
        c.draw(img, in: Rect(x: -10, y: -10, width: 20, height: 20))
        XCTAssertEqual(c.image[30, 30].r, 255)
        XCTAssertEqual(c.image[30, 30].a, 255)
        var s = 0
        for i in stride(from: 3, to: c.image.pixels.count, by: 4) { s += Int(c.image.pixels[i]) }
        XCTAssertEqual(Double(s) / 255, 400, accuracy: 1)
    }

    func testStrongMinificationAveragesInsteadOfAliasing() throws {
        // A 1-px checkerboard shrunk 8x must come out as even grey, not black or white.
        var img = try Image(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { img[x, y] = (255, 255, 255, 255) } }
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 1 { img[x, y] = (0, 0, 0, 255) } }
        let c = try Canvas(width: 8, height: 8)
        c.draw(img, in: Rect(x: 0, y: 0, width: 8, height: 8))
        for y in 1..<7 { for x in 1..<7 { XCTAssertEqual(Int(c.image[x, y].r), 128, accuracy: 3) } }
    }
}
