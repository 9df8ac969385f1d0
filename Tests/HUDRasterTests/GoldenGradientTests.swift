// GoldenGradientTests: linear, radial and conic gradients (drawn and as fill paints, every spread
// mode), pinned to the byte.

import XCTest
import HUDRaster
import HUDSnapshotTesting

final class GoldenGradientTests: XCTestCase {
    let colors = Gradient(colors: [Color(red: 1, green: 0.2, blue: 0.1), Color(red: 0.1, green: 0.3, blue: 1, alpha: 0.6),
                                   Color(red: 0.1, green: 0.8, blue: 0.3)], locations: [0, 0.6, 1])

    func testLinear() throws {
        let c = try RasterGolden.canvas(96, 64)
        c.saveGState()
        c.clip(to: Rect(x: 0, y: 0, width: 96, height: 20))
        c.drawLinearGradient(colors, start: Point(x: 10, y: 0), end: Point(x: 86, y: 20))
        c.restoreGState()
        let spreads: [SpreadMode] = [.pad, .repeat, .reflect]
        for (i, s) in spreads.enumerated() {
            c.setFillPaint(.linearGradient(colors, start: Point(x: 4 + 30 * Double(i), y: 26),
                                           end: Point(x: 14 + 30 * Double(i), y: 36), spread: s))
            c.fill(Path(roundedRect: Rect(x: 3.5 + 30 * Double(i), y: 24.5, width: 28, height: 36), cornerRadius: 5))
        }
        assertSnapshot(of: c.image, named: "linear")
    }

    func testRadial() throws {
        let c = try RasterGolden.canvas(96, 64)
        c.saveGState()
        c.clip(to: Rect(x: 0, y: 0, width: 48, height: 64))
        c.drawRadialGradient(colors, startCenter: Point(x: 20, y: 24), startRadius: 2, endCenter: Point(x: 24, y: 32),
                             endRadius: 22, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        c.restoreGState()
        c.setFillPaint(.radialGradient(colors, startCenter: Point(x: 72, y: 32), startRadius: 0, endCenter: Point(x: 72, y: 32),
                                       endRadius: 10, spread: .reflect))
        c.fillEllipse(in: Rect(x: 50.5, y: 10.5, width: 43, height: 43))
        assertSnapshot(of: c.image, named: "radial")
    }

    func testConic() throws {
        let c = try RasterGolden.canvas(48, 48)
        c.saveGState()
        var ring = Path(ellipseIn: Rect(x: 4, y: 4, width: 40, height: 40))
        ring.addEllipse(in: Rect(x: 12, y: 12, width: 24, height: 24))
        c.clip(to: ring, rule: .evenOdd)
        c.drawConicGradient(colors, center: Point(x: 24, y: 24), startAngle: -Double.pi / 2)
        c.restoreGState()
        assertSnapshot(of: c.image, named: "conic")
    }
}
