// Transparency layers: group opacity, blend mode and shadow applied once, state reset and restore.
import XCTest
@testable import HUDRaster

final class LayerTests: XCTestCase {
    func testLayerAppliesAlphaToTheGroupOnce() throws {
        // Two overlapping opaque squares at alpha 0.5: without a layer the overlap is denser.
        let plain = try Canvas(width: 30, height: 10, background: .white)
        plain.setAlpha(0.5); plain.setFillColor(.black)
        plain.fill(Rect(x: 0, y: 0, width: 20, height: 10)); plain.fill(Rect(x: 10, y: 0, width: 20, height: 10))
        XCTAssertLessThan(plain.image[15, 5].r, plain.image[5, 5].r)

        let c = try Canvas(width: 30, height: 10, background: .white)
        c.setAlpha(0.5)
        c.beginTransparencyLayer()
        c.setFillColor(.black)
        c.fill(Rect(x: 0, y: 0, width: 20, height: 10))
        c.fill(Rect(x: 10, y: 0, width: 20, height: 10))
        c.endTransparencyLayer()
        XCTAssertEqual(c.image[5, 5].r, c.image[15, 5].r)
        XCTAssertEqual(Int(c.image[15, 5].r), 127, accuracy: 1)
        XCTAssertEqual(c.image[15, 5].a, 255)
    }

    func testLayerNotVisibleUntilEndAndStateRestored() throws {
        let c = try Canvas(width: 10, height: 10)
        c.setFillColor(.red)
        c.beginTransparencyLayer()
        c.setFillColor(.blue)
        c.translateBy(x: 3, y: 0)
        c.fill(Rect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(c.image[3, 0].a, 0, "layer content is offscreen until the end")
        c.saveGState()   // unbalanced save inside the layer is dropped by end
        c.endTransparencyLayer()
        XCTAssertEqual(c.image[3, 0].b, 255)
        XCTAssertEqual(c.ctm, .identity)
        c.fill(Rect(x: 0, y: 5, width: 1, height: 1))
        XCTAssertEqual(c.image[0, 5].r, 255, "fill colour restored")
        c.endTransparencyLayer()   // no layer: no effect, no crash
    }

    func testNestedLayersAndClipBoundedLayer() throws {
        let c = try Canvas(width: 20, height: 20, background: .white)
        c.clip(to: Rect(x: 0, y: 0, width: 10, height: 20))
        c.setAlpha(0.5)
        c.beginTransparencyLayer()
        c.setAlpha(0.5)
        c.beginTransparencyLayer()
        c.setFillColor(.black)
        c.fill(Rect(x: 0, y: 0, width: 20, height: 20))
        c.endTransparencyLayer()
        c.endTransparencyLayer()
        // 25% black over white.
        XCTAssertEqual(Int(c.image[5, 5].r), 191, accuracy: 2)
        XCTAssertEqual(c.image[15, 5].r, 255, "clip at begin bounds the layer")
    }

    func testLayerBlendModeAndShadowApplyToTheGroup() throws {
        let c = try Canvas(width: 40, height: 40, background: .white)
        c.setShadow(offset: Size(width: 5, height: 5), blur: 0, color: .black)
        c.beginTransparencyLayer()
        c.setFillColor(.red)
        c.fill(Rect(x: 5, y: 5, width: 10, height: 10))
        c.fill(Rect(x: 10, y: 10, width: 10, height: 10))
        c.endTransparencyLayer()
        XCTAssertEqual(c.image[22, 22].r, 0, "one shadow for the group, offset down-right")
        XCTAssertEqual(c.image[12, 12].r, 255); XCTAssertEqual(c.image[12, 12].g, 0)

        let m = try Canvas(width: 10, height: 10, background: Color(white: 0.5))
        m.setBlendMode(.multiply)
        m.beginTransparencyLayer()
        m.setFillColor(Color(white: 0.5))
        m.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        m.endTransparencyLayer()
        XCTAssertEqual(Int(m.image[5, 5].r), 64, accuracy: 1)
    }
}

final class LayerStateTests: XCTestCase {
    func testExtraRestoreInsideLayerKeepsLayerState() throws {
        let c = try Canvas(width: 10, height: 10, background: .white)
        c.setAlpha(0.5)
        c.beginTransparencyLayer()
        c.restoreGState()          // unbalanced: must not pop the layer's own saved state
        c.setFillColor(.black)
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(c.image[5, 5].r, 255, "still inside the layer")
        c.endTransparencyLayer()
        XCTAssertEqual(Int(c.image[5, 5].r), 127, accuracy: 1)
    }
}

final class LayerDirtyTests: XCTestCase {
    func testLayerCompositesOnlyWhatWasDrawnButAllOfIt() throws {
        let c = try Canvas(width: 300, height: 200, background: .white)
        c.setAlpha(0.5)
        c.beginTransparencyLayer()
        c.setFillColor(.black)
        c.fill(Rect(x: 10, y: 10, width: 20, height: 20))
        c.fillEllipse(in: Rect(x: 200, y: 100, width: 50, height: 50))
        c.endTransparencyLayer()
        XCTAssertEqual(Int(c.image[20, 20].r), 127, accuracy: 1)
        XCTAssertEqual(Int(c.image[225, 125].r), 127, accuracy: 1)
        XCTAssertEqual(c.image[100, 60].r, 255)
        XCTAssertEqual(c.image[100, 60].a, 255)
    }
}
