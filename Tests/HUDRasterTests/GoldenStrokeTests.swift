// GoldenStrokeTests: strokes pinned to the byte: caps, joins, thin and thick widths, curves, closed
// rings and strokes under a non-uniform transform.

import XCTest
import HUDRaster
import HUDSnapshotTesting

final class GoldenStrokeTests: XCTestCase {
    func testCapsAndJoins() throws {
        let c = try RasterGolden.canvas(120, 80)
        let caps: [LineCap] = [.butt, .round, .square]
        let joins: [LineJoin] = [.miter, .round, .bevel]
        for i in 0..<3 {
            var p = Path()
            let x = 8 + Double(i) * 38
            p.move(to: Point(x: x, y: 34)); p.addLine(to: Point(x: x + 14, y: 8)); p.addLine(to: Point(x: x + 28, y: 34))
            c.setStrokeColor(Color(red: 0.2, green: 0.3, blue: 0.8, alpha: 0.9))
            c.setStrokeStyle(StrokeStyle(lineWidth: 7, lineCap: caps[i], lineJoin: joins[i], miterLimit: 10))
            c.stroke(p)
            var z = Path()
            z.move(to: Point(x: x, y: 50)); z.addLine(to: Point(x: x + 26, y: 55)); z.addLine(to: Point(x: x + 2, y: 62))
            z.addLine(to: Point(x: x + 26, y: 74))
            c.setStrokeColor(Color(red: 0.8, green: 0.3, blue: 0.2, alpha: 0.8))
            c.setStrokeStyle(StrokeStyle(lineWidth: 4.5, lineCap: caps[(i + 1) % 3], lineJoin: joins[i], miterLimit: 3))
            c.stroke(z)
        }
        assertSnapshot(of: c.image, named: "caps-joins")
    }

    func testWidths() throws {
        let c = try RasterGolden.canvas(96, 64)
        for (i, w) in [0.25, 0.5, 1, 1.5, 2.5, 4].enumerated() {
            var p = Path()
            let x = 6 + Double(i) * 15
            p.move(to: Point(x: x, y: 4)); p.addLine(to: Point(x: x + 8, y: 60))
            c.setStrokeColor(.black)
            c.setLineWidth(w)
            c.stroke(p)
        }
        assertSnapshot(of: c.image, named: "widths")
    }

    func testCurvesAndRings() throws {
        let c = try RasterGolden.canvas(112, 72)
        var p = Path()
        p.move(to: Point(x: 6, y: 40))
        p.addCurve(to: Point(x: 106, y: 30), control1: Point(x: 30, y: -10), control2: Point(x: 70, y: 90))
        c.setStrokeColor(Color(red: 0.1, green: 0.5, blue: 0.4, alpha: 0.85))
        c.setStrokeStyle(StrokeStyle(lineWidth: 9, lineCap: .round, lineJoin: .round))
        c.stroke(p)
        // A progress ring: a closed circle and an arc-like curve with round caps.
        c.setStrokeColor(Color(red: 0.3, green: 0.3, blue: 0.3, alpha: 0.4))
        c.setStrokeStyle(StrokeStyle(lineWidth: 4))
        c.strokeEllipse(in: Rect(x: 70.5, y: 36.5, width: 30, height: 30))
        c.setStrokeColor(Color.systemBlue)
        c.setStrokeStyle(StrokeStyle(lineWidth: 2.5))
        c.stroke(Path(roundedRect: Rect(x: 8.5, y: 46.5, width: 50, height: 20), cornerRadius: 6, style: .continuous))
        assertSnapshot(of: c.image, named: "curves-rings")
    }

    func testTransformedAndSelfCrossing() throws {
        let c = try RasterGolden.canvas(128, 96)
        c.saveGState()
        c.translateBy(x: 32, y: 48); c.scaleBy(x: 2.5, y: 1); c.rotate(by: 0.3)
        c.setStrokeColor(Color(red: 0.6, green: 0.2, blue: 0.6, alpha: 0.8))
        c.setLineWidth(3)
        c.strokeEllipse(in: Rect(x: -10, y: -14, width: 20, height: 28))
        c.restoreGState()
        c.setStrokeColor(Color(red: 0.1, green: 0.2, blue: 0.5, alpha: 0.9))
        c.setStrokeStyle(StrokeStyle(lineWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        c.stroke(RasterGolden.tangle(in: Rect(x: 66.5, y: 8.5, width: 56, height: 80), vertices: 20, seed: 42))
        assertSnapshot(of: c.image, named: "transformed-crossing")
    }
}
