// GoldenBlurTests: Gaussian blur of images and masks and Core Graphics shadows, pinned to the byte.

import XCTest
import HUDRaster
import HUDSnapshotTesting

final class GoldenBlurTests: XCTestCase {
    func testShadows() throws {
        let c = try RasterGolden.canvas(96, 64)
        c.setShadow(offset: Size(width: 3, height: 4), blur: 6)
        c.setFillColor(Color(red: 0.95, green: 0.95, blue: 1))
        c.fill(Path(roundedRect: Rect(x: 8, y: 8, width: 36, height: 40), cornerRadius: 8, style: .continuous))
        c.setShadow(offset: Size(width: -2, height: 2), blur: 2.5, color: Color(red: 0.8, green: 0.1, blue: 0.1, alpha: 0.8))
        c.setStrokeColor(Color(red: 0.1, green: 0.3, blue: 0.8))
        c.setLineWidth(3)
        c.strokeEllipse(in: Rect(x: 56.5, y: 14.5, width: 30, height: 30))
        assertSnapshot(of: c.image, named: "shadows")
    }

    func testGaussianImageAndMask() throws {
        let c = try RasterGolden.canvas(64, 48, background: .clear)
        c.setFillColor(Color(red: 0.1, green: 0.6, blue: 0.9))
        c.fill(Rect(x: 8, y: 8, width: 20, height: 32))
        c.setFillColor(Color(red: 0.9, green: 0.4, blue: 0.1, alpha: 0.7))
        c.fill(RasterGolden.star(center: Point(x: 44, y: 24), radius: 16, points: 5, step: 2))
        var image = c.image
        Blur.gaussian(&image, sigma: 2.5)
        assertSnapshot(of: image, named: "image-sigma-2.5")
        var part = c.image
        Blur.gaussian(&part, sigma: 1, region: (x: 30, y: 0, width: 34, height: 48))
        assertSnapshot(of: part, named: "region-sigma-1")
        let mask = try XCTUnwrap(Rasterizer.mask(for: RasterGolden.star(center: Point(x: 20, y: 20), radius: 14, points: 5, step: 2)))
        assertSnapshot(of: try RasterGolden.image(of: Blur.gaussian(mask: mask, sigma: 3)), named: "mask-sigma-3")
    }
}
