// GoldenFillTests: fills pinned to the byte: rectangles, circles, curves, fill rules, and outlines
// that take each of the rasterizer's sweeps (convex, tracked, deferred, whole, several bands).

import XCTest
import HUDRaster
import HUDSnapshotTesting

final class GoldenFillTests: XCTestCase {
    func testRectangles() throws {
        let c = try RasterGolden.canvas(64, 48)
        c.setFillColor(Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 1))
        c.fill(Rect(x: 4, y: 4, width: 20, height: 12))                 // pixel-aligned
        c.setFillColor(Color(red: 0.8, green: 0.2, blue: 0.1, alpha: 0.7))
        c.fill(Rect(x: 28.3, y: 4.6, width: 30.25, height: 11.5))       // unaligned
        c.saveGState()
        c.translateBy(x: 32, y: 32); c.rotate(by: 0.4)
        c.setFillColor(Color(red: 0.1, green: 0.6, blue: 0.2, alpha: 0.8))
        c.fill(Rect(x: -14, y: -8, width: 28, height: 16))              // rotated
        c.restoreGState()
        c.setFillColor(.black)
        c.fill(Rect(x: 2.5, y: 40.5, width: 0.5, height: 6))            // thinner than a pixel
        assertSnapshot(of: c.image, named: "rects")
    }

    func testCirclesAndCurves() throws {
        let c = try RasterGolden.canvas(96, 64)
        var x = 4.0
        for r in [0.75, 1.5, 3, 6, 12] {
            c.setFillColor(Color(red: 0.2, green: 0.2, blue: 0.7, alpha: 0.9))
            c.fillEllipse(in: Rect(x: x, y: 20 - r, width: 2 * r, height: 2 * r))
            x += 2 * r + 4
        }
        var p = Path()
        p.move(to: Point(x: 6, y: 60))
        p.addCurve(to: Point(x: 90, y: 58), control1: Point(x: 30, y: 20), control2: Point(x: 60, y: 80))
        p.addQuadCurve(to: Point(x: 50, y: 40), control: Point(x: 80, y: 30))
        p.closeSubpath()
        c.setFillColor(Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.75))
        c.fill(p)
        c.setFillColor(Color(red: 0.3, green: 0.7, blue: 0.3, alpha: 1))
        c.fill(Path(roundedRect: Rect(x: 60.3, y: 4.7, width: 30, height: 24), cornerRadius: 8, style: .continuous))
        assertSnapshot(of: c.image, named: "circles-curves")
    }

    func testFillRules() throws {
        let c = try RasterGolden.canvas(96, 48)
        let star = RasterGolden.star(center: Point(x: 24, y: 24), radius: 21, points: 5, step: 2)
        c.setFillColor(Color(red: 0.5, green: 0.1, blue: 0.6, alpha: 1))
        c.fill(star, rule: .winding)
        c.translateBy(x: 48, y: 0)
        c.fill(star, rule: .evenOdd)
        // A ring: two circles, the inner one wound the other way, under both rules.
        var ring = Path(ellipseIn: Rect(x: 30, y: 30, width: 16, height: 16))
        ring.addEllipse(in: Rect(x: 34, y: 34, width: 8, height: 8))
        c.setFillColor(Color(red: 0.1, green: 0.5, blue: 0.5, alpha: 0.8))
        c.fill(ring, rule: .evenOdd)
        assertSnapshot(of: c.image, named: "rules")
    }

    /// Self-crossing tangles of 10 to 60 edges at small and large sizes: these take the tracked,
    /// deferred and whole sweeps and the crossing resolver, under both rules.
    func testSelfCrossingPolygons() throws {
        for (size, vertices) in [(24, 10), (40, 40), (120, 20), (180, 60)] {
            let c = try RasterGolden.canvas(size + 8, size + 8)
            let box = Rect(x: 4.3, y: 3.8, width: Double(size), height: Double(size))
            c.setFillColor(Color(red: 0.15, green: 0.25, blue: 0.7, alpha: 0.85))
            c.fill(RasterGolden.tangle(in: box, vertices: vertices, seed: UInt64(size * 1000 + vertices)), rule: .winding)
            c.setFillColor(Color(red: 0.8, green: 0.3, blue: 0.1, alpha: 0.6))
            c.fill(RasterGolden.tangle(in: box, vertices: vertices, seed: UInt64(size * 1000 + vertices + 1)), rule: .evenOdd)
            assertSnapshot(of: c.image, named: "tangle-\(size)-\(vertices)")
        }
    }

    /// Outlines taller than one band of rows, and a star of many chains that does not cross.
    func testLargeOutlines() throws {
        let c = try RasterGolden.canvas(200, 300)
        c.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.9))
        c.fill(RasterGolden.star(center: Point(x: 100, y: 150), radius: 95, points: 9, step: 4), rule: .evenOdd)
        c.setFillColor(Color(red: 0.9, green: 0.7, blue: 0.1, alpha: 0.7))
        c.fill(RasterGolden.star(center: Point(x: 100, y: 150), radius: 60, points: 12, step: 1, rotation: 0.3))
        c.setFillColor(Color(red: 0.1, green: 0.6, blue: 0.3, alpha: 0.5))
        c.fillEllipse(in: Rect(x: 10.5, y: 20.25, width: 179, height: 260))
        assertSnapshot(of: c.image, named: "large")
    }

    /// Shapes reaching past every side of the canvas (clipped before quantisation).
    func testOffCanvas() throws {
        let c = try RasterGolden.canvas(48, 48)
        c.setFillColor(Color(red: 0.6, green: 0.1, blue: 0.3, alpha: 0.8))
        c.fillEllipse(in: Rect(x: -20.5, y: -10.25, width: 50, height: 40))
        c.setFillColor(Color(red: 0.1, green: 0.3, blue: 0.6, alpha: 0.8))
        c.fill(RasterGolden.star(center: Point(x: 44, y: 40), radius: 20, points: 7, step: 3))
        assertSnapshot(of: c.image, named: "off-canvas")
    }

    /// The coverage masks themselves, without compositing: every sweep's output byte for byte.
    func testMasks() throws {
        let paths: [(String, Path, FillRule)] = [
            ("circle", Path(ellipseIn: Rect(x: 0.3, y: 0.6, width: 21, height: 17)), .winding),
            ("pentagram-nz", RasterGolden.star(center: Point(x: 16, y: 16), radius: 15, points: 5, step: 2), .winding),
            ("pentagram-eo", RasterGolden.star(center: Point(x: 16, y: 16), radius: 15, points: 5, step: 2), .evenOdd),
            ("tangle-12", RasterGolden.tangle(in: Rect(x: 0.5, y: 0.5, width: 14, height: 14), vertices: 20, seed: 7), .winding),
            ("tangle-70", RasterGolden.tangle(in: Rect(x: 0.5, y: 0.5, width: 70, height: 70), vertices: 16, seed: 8), .evenOdd),
            ("tangle-200", RasterGolden.tangle(in: Rect(x: 0.5, y: 0.5, width: 200, height: 200), vertices: 40, seed: 9), .winding),
            ("star-160", RasterGolden.star(center: Point(x: 80, y: 80), radius: 79, points: 11, step: 5), .winding),
        ]
        for (name, path, rule) in paths {
            let m = try XCTUnwrap(Rasterizer.mask(for: path, rule: rule), name)
            assertSnapshot(of: try RasterGolden.image(of: m), named: name)
        }
    }
}
