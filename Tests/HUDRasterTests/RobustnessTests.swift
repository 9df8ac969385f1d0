// Bad input never crashes: NaN / infinite transforms, paints, shadows, sizes; absurd but finite values.
import XCTest
@testable import HUDRaster

final class RobustnessTests: XCTestCase {
    func testNonFiniteTransformsDrawNothing() throws {
        let c = try Canvas(width: 20, height: 20)
        c.saveGState()
        c.translateBy(x: .nan, y: 0)
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        c.stroke(Rect(x: 0, y: 0, width: 10, height: 10))
        c.draw(try Image(width: 2, height: 2, fill: .red), in: Rect(x: 0, y: 0, width: 5, height: 5))
        c.drawConicGradient(Gradient(colors: [.red, .blue]), center: .zero, startAngle: 0)
        c.restoreGState()
        c.scaleBy(x: 0, y: 0)
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        c.drawRadialGradient(Gradient(colors: [.red, .blue]), startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 5)
        XCTAssertTrue(c.image.pixels.allSatisfy { $0 == 0 })
    }

    func testNearSingularTransformAndHugeGradientParameters() throws {
        let c = try Canvas(width: 20, height: 20)
        c.concatenate(Transform(a: 1e-300, b: 0, c: 0, d: 1e-300, tx: 0, ty: 0))
        c.setFillPaint(.conicGradient(Gradient(colors: [.red, .blue]), center: .zero, startAngle: 0))
        c.fill(Rect(x: 0, y: 0, width: 1e302, height: 1e302))
        c.setFillPaint(.linearGradient(Gradient(colors: [.red, .blue]), start: .zero, end: Point(x: 1e-300, y: 0), spread: .repeat))
        c.fill(Rect(x: 0, y: 0, width: 1e302, height: 1e302))
        c.setFillPaint(.radialGradient(Gradient(colors: [.red, .blue]), startCenter: .zero, startRadius: 1e300,
                                       endCenter: Point(x: 1e300, y: 0), endRadius: 0, spread: .reflect))
        c.fill(Rect(x: 0, y: 0, width: 1e302, height: 1e302))
    }

    func testAbsurdShadowAndAlphaValues() throws {
        let c = try Canvas(width: 20, height: 20)
        c.setShadow(offset: Size(width: 1e300, height: -1e300), blur: 1e300, color: .black)
        c.fill(Rect(x: 2, y: 2, width: 5, height: 5))
        c.setShadow(offset: Size(width: Double.nan, height: 0), blur: .nan, color: .black)
        c.fill(Rect(x: 2, y: 2, width: 5, height: 5))
        c.setShadow(offset: .zero, blur: .infinity, color: Color(red: .nan, green: 0, blue: 0, alpha: 1))
        c.fill(Rect(x: 2, y: 2, width: 5, height: 5))
        c.setAlpha(.infinity); c.setLineWidth(.nan); c.setMiterLimit(-1); c.setLineDash(phase: .nan, lengths: [.nan, -1])
        c.stroke(Rect(x: 2, y: 2, width: 5, height: 5))
        XCTAssertEqual(c.image[4, 4].a, 255)
    }

    func testMasksWithOddGeometry() throws {
        let c = try Canvas(width: 10, height: 10)
        c.fill(Mask(originX: -5, originY: -5, width: 8, height: 8, value: 255), color: .red)
        c.fill(Mask(originX: 1_000_000, originY: 0, width: 3, height: 3, value: 255), color: .red)
        c.fill(Mask(originX: 0, originY: 0, width: 3, height: 3, coverage: [1, 2]), color: .red)
        c.fill(Mask(originX: 0, originY: 0, width: -3, height: 3, value: 9), color: .red)
        XCTAssertEqual(c.image[2, 2].a, 255)
        XCTAssertEqual(c.image[3, 3].a, 0)
    }

    func testLayersWithEmptyClipAndUnbalancedCalls() throws {
        let c = try Canvas(width: 10, height: 10)
        c.restoreGState(); c.endTransparencyLayer()
        c.clip(to: Rect(x: 20, y: 20, width: 5, height: 5))
        c.beginTransparencyLayer()
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        c.endTransparencyLayer()
        XCTAssertTrue(c.image.pixels.allSatisfy { $0 == 0 })
    }
}
