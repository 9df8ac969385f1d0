// GoldenClipTests: pixel-aligned and antialiased clips, clip paths under both rules, nested clips
// and clips restored with the graphics state, pinned to the byte.

import XCTest
import HUDRaster
import HUDSnapshotTesting

final class GoldenClipTests: XCTestCase {
    func testRectClips() throws {
        let c = try RasterGolden.canvas(80, 48)
        c.saveGState()
        c.clip(to: Rect(x: 4, y: 4, width: 32, height: 40))             // aligned: a box
        c.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.8))
        c.fillEllipse(in: Rect(x: 0, y: 0, width: 48, height: 48))
        c.restoreGState()
        c.saveGState()
        c.clip(to: Rect(x: 44.3, y: 4.6, width: 30.5, height: 38.2))    // unaligned: a mask
        c.setFillColor(Color(red: 0.8, green: 0.3, blue: 0.2))
        c.fillEllipse(in: Rect(x: 36, y: 0, width: 48, height: 48))
        c.restoreGState()
        assertSnapshot(of: c.image, named: "rects")
    }

    func testPathClips() throws {
        let c = try RasterGolden.canvas(96, 48)
        for (i, rule) in [FillRule.winding, .evenOdd].enumerated() {
            c.saveGState()
            c.translateBy(x: Double(i) * 48, y: 0)
            c.clip(to: RasterGolden.star(center: Point(x: 24, y: 24), radius: 22, points: 5, step: 2), rule: rule)
            c.setFillColor(Color(red: 0.1, green: 0.5, blue: 0.4))
            c.fill(Rect(x: 0, y: 0, width: 48, height: 24))
            c.setStrokeColor(Color(red: 0.6, green: 0.1, blue: 0.5))
            c.setLineWidth(5)
            c.strokeEllipse(in: Rect(x: 8, y: 8, width: 32, height: 32))
            c.restoreGState()
        }
        assertSnapshot(of: c.image, named: "paths")
    }

    func testNestedClips() throws {
        let c = try RasterGolden.canvas(64, 64)
        c.saveGState()
        c.clip(to: Path(ellipseIn: Rect(x: 2, y: 2, width: 60, height: 60)))
        c.saveGState()
        c.rotate(by: 0.25)
        c.clip(to: Rect(x: 14.5, y: 0.5, width: 40, height: 40))
        c.drawLinearGradient(Gradient(colors: [.red, .blue]), start: .zero, end: Point(x: 64, y: 64))
        c.restoreGState()
        c.setFillColor(Color(white: 0, alpha: 0.5))
        c.fill(Rect(x: 0, y: 44, width: 64, height: 20))
        c.restoreGState()
        c.setFillColor(Color(red: 0, green: 0.6, blue: 0))
        c.fill(Rect(x: 0, y: 60, width: 64, height: 4))                 // after restore: unclipped
        assertSnapshot(of: c.image, named: "nested")
    }
}
