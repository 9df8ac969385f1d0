// GoldenLayerTests: transparency layers (group alpha, blend mode, shadow once per group) and the
// blend modes on their own, pinned to the byte.

import XCTest
import HUDRaster
import HUDSnapshotTesting

final class GoldenLayerTests: XCTestCase {
    func testGroupAlphaAndShadow() throws {
        let c = try RasterGolden.canvas(96, 56)
        c.saveGState()
        c.setAlpha(0.6)
        c.setShadow(offset: Size(width: 2, height: 3), blur: 3)
        c.beginTransparencyLayer()
        c.setFillColor(Color(red: 0.9, green: 0.2, blue: 0.2))
        c.fillEllipse(in: Rect(x: 6, y: 6, width: 32, height: 32))
        c.setFillColor(Color(red: 0.2, green: 0.2, blue: 0.9))
        c.fillEllipse(in: Rect(x: 24, y: 14, width: 32, height: 32))
        c.endTransparencyLayer()
        c.restoreGState()
        // The same without a layer: the overlap is denser and each shape has its own shadow.
        c.setAlpha(0.6)
        c.setShadow(offset: Size(width: 2, height: 3), blur: 3)
        c.setFillColor(Color(red: 0.9, green: 0.2, blue: 0.2))
        c.fillEllipse(in: Rect(x: 50, y: 6, width: 28, height: 28))
        c.setFillColor(Color(red: 0.2, green: 0.2, blue: 0.9))
        c.fillEllipse(in: Rect(x: 62, y: 20, width: 28, height: 28))
        assertSnapshot(of: c.image, named: "group")
    }

    func testBlendModes() throws {
        let modes = BlendMode.allCases
        let c = try RasterGolden.canvas(24 * modes.count, 24)
        for (i, m) in modes.enumerated() {
            c.saveGState()
            c.translateBy(x: Double(24 * i), y: 0)
            c.beginTransparencyLayer()
            c.setFillColor(Color(red: 0.1, green: 0.6, blue: 0.9, alpha: 0.9))
            c.fill(Rect(x: 2, y: 2, width: 14, height: 14))
            c.setBlendMode(m)
            c.setFillColor(Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.7))
            c.fillEllipse(in: Rect(x: 7.5, y: 7.5, width: 14, height: 14))
            c.endTransparencyLayer()
            c.restoreGState()
        }
        assertSnapshot(of: c.image, named: "blend-modes")
    }
}
