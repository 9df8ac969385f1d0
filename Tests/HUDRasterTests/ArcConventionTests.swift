// ArcConventionTests: `Path.addArc(center:...)` keeps Core Graphics' meaning of `clockwise` (as seen
// in UIKit's flipped context), `addArc(withCenter:...)` / `Path(arcCenter:...)` keep UIBezierPath's.
//
// Design note: a table of arcs states, for each start/end pair, which way and how far each
// convention walks on a y-down screen; each row is checked by where the arc's cubics pass
// (the point half-way along the sweep) and by the bounding box, not by comparing the two APIs
// with each other, so a flag flipped in both would still fail.

import XCTest
@testable import HUDRaster

final class ArcConventionTests: XCTestCase {
    struct Row {
        let start: Double, end: Double
        /// The sweep on screen (positive = clockwise on a y-down screen) for Core Graphics'
        /// `clockwise: false` and `clockwise: true`.
        let cgFalse: Double, cgTrue: Double
    }

    static let table: [Row] = [
        // The everyday Core Graphics full circle (issue 26 item 2): 0 ... 6.283, clockwise false.
        Row(start: 0, end: 6.283, cgFalse: 6.283, cgTrue: 6.283 - 2 * .pi),
        Row(start: 0, end: 2 * .pi, cgFalse: 2 * .pi, cgTrue: -2 * .pi),
        Row(start: 0, end: .pi / 2, cgFalse: .pi / 2, cgTrue: .pi / 2 - 2 * .pi),
        Row(start: .pi / 2, end: 0, cgFalse: 2 * .pi - .pi / 2, cgTrue: -.pi / 2),
        Row(start: -.pi / 2, end: .pi, cgFalse: 1.5 * .pi, cgTrue: -.pi / 2),
        Row(start: 0, end: 5 * .pi, cgFalse: 2 * .pi, cgTrue: -.pi),
        Row(start: 1, end: 1, cgFalse: 0, cgTrue: 0),
    ]

    /// The point half-way along an arc of `sweep` from `start` around `c`, radius `r`.
    func midpoint(_ c: Point, _ r: Double, _ start: Double, _ sweep: Double) -> Point {
        let a = start + sweep / 2
        return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
    }

    /// The on-curve points of `p`: the arc's start and the end of every cubic.
    func onCurve(_ p: Path) -> [Point] {
        p.elements.compactMap {
            switch $0 {
            case .move(let q), .line(let q), .curve(let q, _, _): return q
            default: return nil
            }
        }
    }

    /// The arc's angular length matches `sweep` (the sum of its cubics' turns) and its bounding box
    /// holds the sweep's midpoint.
    func assertArc(_ p: Path, start: Double, sweep: Double, _ label: String, line: UInt = #line) {
        let c = Point(x: 100, y: 100), r = 50.0
        var turned = 0.0
        var previous: Double? = nil
        for q in onCurve(p) {
            let a = atan2(q.y - c.y, q.x - c.x)
            if let b = previous {
                // Each cubic covers at most a quarter turn, so the step brought into (-pi, pi] is its turn.
                var d = a - b
                while d > .pi { d -= 2 * .pi }
                while d <= -.pi { d += 2 * .pi }
                turned += d
            }
            previous = a
        }
        XCTAssertEqual(turned, sweep, accuracy: 1e-6, "\(label): angular length", line: line)
        guard abs(sweep) > 1e-9, abs(sweep) < 2 * .pi - 1e-6 else { return }
        let m = midpoint(c, r, start, sweep)
        let box = p.boundingBoxOfPath
        XCTAssertTrue(box.insetBy(dx: -1e-6, dy: -1e-6).contains(m), "\(label): passes \(m), box \(box)", line: line)
    }

    func testCoreGraphicsConvention() {
        for row in Self.table {
            for (flag, sweep) in [(false, row.cgFalse), (true, row.cgTrue)] {
                var p = Path()
                p.addArc(center: Point(x: 100, y: 100), radius: 50, startAngle: row.start, endAngle: row.end, clockwise: flag)
                assertArc(p, start: row.start, sweep: sweep, "CG \(row.start)->\(row.end) clockwise: \(flag)")
            }
        }
    }

    func testUIBezierPathConvention() {
        for row in Self.table {
            // UIBezierPath's clockwise: true is clockwise on screen, Core Graphics' clockwise: false.
            for (flag, sweep) in [(true, row.cgFalse), (false, row.cgTrue)] {
                let p = Path(arcCenter: Point(x: 100, y: 100), radius: 50, startAngle: row.start, endAngle: row.end, clockwise: flag)
                assertArc(p, start: row.start, sweep: sweep, "UIKit \(row.start)->\(row.end) clockwise: \(flag)")
                var q = Path()
                q.addArc(withCenter: Point(x: 100, y: 100), radius: 50, startAngle: row.start, endAngle: row.end, clockwise: flag)
                XCTAssertEqual(p, q)
            }
        }
    }

    /// Issue 26 item 2: the everyday Core Graphics call draws a full circle, not a 0.0000009 x 0.018 box.
    func testEverydayCoreGraphicsCircleCoversTheCircle() {
        var p = Path()
        p.addArc(center: Point(x: 100, y: 100), radius: 50, startAngle: 0, endAngle: 6.283, clockwise: false)
        let box = p.boundingBoxOfPath
        XCTAssertEqual(box.width, 100, accuracy: 0.01)
        XCTAssertEqual(box.height, 100, accuracy: 0.01)
    }

    /// `addRelativeArc`: a positive delta walks towards increasing angles, as Core Graphics'
    /// `clockwise: false` does (clockwise on a y-down screen).
    func testRelativeArcMatchesCoreGraphicsCounterClockwiseFlag() {
        var rel = Path(), arc = Path()
        rel.addRelativeArc(center: Point(x: 100, y: 100), radius: 50, startAngle: 0.3, delta: 1.2)
        arc.addArc(center: Point(x: 100, y: 100), radius: 50, startAngle: 0.3, endAngle: 1.5, clockwise: false)
        XCTAssertEqual(rel, arc)
        assertArc(rel, start: 0.3, sweep: 1.2, "relative +1.2")
    }

    /// `addRect`, `addEllipse` and rounded rects wind clockwise on screen, as Core Graphics' do in
    /// UIKit's flipped context (counter-clockwise in its y-up space).
    func testClosedShapesWindClockwiseOnScreen() {
        func signedArea(_ p: Path) -> Double {
            let pts = onCurve(p)
            var s = 0.0
            for i in pts.indices { let a = pts[i], b = pts[(i + 1) % pts.count]; s += a.x * b.y - b.x * a.y }
            return s / 2
        }
        let r = Rect(x: 10, y: 10, width: 80, height: 40)
        XCTAssertGreaterThan(signedArea(Path(rect: r)), 0)
        XCTAssertGreaterThan(signedArea(Path(ellipseIn: r)), 0)
        XCTAssertGreaterThan(signedArea(Path(roundedRect: r, cornerRadius: 8)), 0)
    }
}
