// GoldenDashTests: dash patterns and phases on lines, closed shapes and curves, pinned to the byte.

import XCTest
import HUDRaster
import HUDSnapshotTesting

final class GoldenDashTests: XCTestCase {
    func testPatterns() throws {
        let c = try RasterGolden.canvas(112, 64)
        let styles = [
            StrokeStyle(lineWidth: 2, dashPattern: [6, 3]),
            StrokeStyle(lineWidth: 3, lineCap: .round, dashPattern: [0.01, 6]),
            StrokeStyle(lineWidth: 2, lineCap: .square, dashPattern: [10, 4, 2, 4], dashPhase: 5),
            StrokeStyle(lineWidth: 1, dashPattern: [1, 1]),
        ]
        for (i, s) in styles.enumerated() {
            var p = Path()
            let y = 8 + Double(i) * 14
            p.move(to: Point(x: 6, y: y)); p.addLine(to: Point(x: 106, y: y + 4))
            c.setStrokeColor(Color(red: 0.2, green: 0.2, blue: 0.6, alpha: 1))
            c.setStrokeStyle(s)
            c.stroke(p)
        }
        assertSnapshot(of: c.image, named: "patterns")
    }

    func testClosedShapesAndCurves() throws {
        let c = try RasterGolden.canvas(128, 72)
        c.setStrokeColor(Color(red: 0.7, green: 0.2, blue: 0.2, alpha: 0.9))
        c.setStrokeStyle(StrokeStyle(lineWidth: 4, lineCap: .round, dashPattern: [9, 6], dashPhase: 2))
        c.strokeEllipse(in: Rect(x: 6, y: 6, width: 56, height: 56))
        c.setStrokeColor(Color(red: 0.1, green: 0.5, blue: 0.3, alpha: 0.9))
        c.setStrokeStyle(StrokeStyle(lineWidth: 2, lineJoin: .round, dashPattern: [14, 4, 3, 4]))
        c.stroke(Rect(x: 70.5, y: 6.5, width: 50, height: 30))
        var wave = Path()
        wave.move(to: Point(x: 68, y: 56))
        wave.addCurve(to: Point(x: 124, y: 56), control1: Point(x: 86, y: 30), control2: Point(x: 106, y: 82))
        c.setStrokeColor(Color(red: 0.2, green: 0.2, blue: 0.7, alpha: 1))
        c.setStrokeStyle(StrokeStyle(lineWidth: 3, lineCap: .butt, dashPattern: [5, 2]))
        c.stroke(wave)
        assertSnapshot(of: c.image, named: "closed-curves")
    }
}
