// Stroker geometry: caps, joins, miter limit, zero-length subpaths, closed subpaths, thick curves,
// transforms and hairline helpers, checked against exact areas and the distance-to-path definition.
import XCTest
@testable import HUDRaster

private func area(_ p: Path, rule: FillRule = .winding) -> Double { Rasterizer.mask(for: p, rule: rule)?.area ?? 0 }

private func polyline(_ pts: [(Double, Double)], closed: Bool = false) -> Path {
    var p = Path()
    p.move(to: Point(x: pts[0].0, y: pts[0].1))
    for q in pts.dropFirst() { p.addLine(to: Point(x: q.0, y: q.1)) }
    if closed { p.closeSubpath() }
    return p
}

/// Winding number of `q` with respect to a line-only outline.
private func winding(_ q: Point, _ path: Path) -> Int {
    var w = 0
    var start = Point.zero, last = Point.zero
    func edge(_ a: Point, _ b: Point) {
        if a.y <= q.y {
            if b.y > q.y && (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y) > 0 { w += 1 }
        } else if b.y <= q.y && (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y) < 0 { w -= 1 }
    }
    for e in path.elements {
        switch e {
        case .move(let p): if last != start { edge(last, start) }; start = p; last = p
        case .line(let p): edge(last, p); last = p
        case .closeSubpath: edge(last, start); last = start
        default: XCTFail("stroke outlines are made of lines only")
        }
    }
    if last != start { edge(last, start) }
    return w
}

final class StrokerTests: XCTestCase {
    let line = polyline([(20, 50), (120, 50)])

    func testButtSquareAndRoundCapsAreas() {
        let w = 10.0
        XCTAssertEqual(area(line.stroked(StrokeStyle(lineWidth: w))), 100 * w, accuracy: 0.5)
        XCTAssertEqual(area(line.stroked(StrokeStyle(lineWidth: w, lineCap: .square))), 110 * w, accuracy: 0.5)
        XCTAssertEqual(area(line.stroked(StrokeStyle(lineWidth: w, lineCap: .round))), 100 * w + .pi * 25, accuracy: 0.5)
    }

    func testCapsReachExactlyHalfTheWidthPastTheEnds() {
        let sq = line.stroked(StrokeStyle(lineWidth: 10, lineCap: .square))
        XCTAssertEqual(sq.boundingBox.minX, 15, accuracy: 1e-9)
        XCTAssertEqual(sq.boundingBox.maxX, 125, accuracy: 1e-9)
        let rd = line.stroked(StrokeStyle(lineWidth: 10, lineCap: .round))
        XCTAssertEqual(rd.boundingBox.maxX, 125, accuracy: 0.05)   // arc points straddle the circle
        XCTAssertNotEqual(winding(Point(x: 124, y: 50), rd), 0)
        XCTAssertEqual(winding(Point(x: 124, y: 54.5), rd), 0)   // outside the half disc, inside the square
        XCTAssertNotEqual(winding(Point(x: 124, y: 54.5), sq), 0)
    }

    func testRightAngleJoins() {
        let corner = polyline([(20, 20), (60, 20), (60, 60)])
        // Union of two 40 x 10 arms: 45 x 10 + 10 x 35 for a miter; bevel cuts a 5-5 triangle;
        // round replaces the 5 x 5 corner square with a quarter disc.
        XCTAssertEqual(area(corner.stroked(StrokeStyle(lineWidth: 10, lineJoin: .miter))), 800, accuracy: 0.5)
        XCTAssertEqual(area(corner.stroked(StrokeStyle(lineWidth: 10, lineJoin: .bevel))), 787.5, accuracy: 0.5)
        XCTAssertEqual(area(corner.stroked(StrokeStyle(lineWidth: 10, lineJoin: .round))), 775 + .pi * 25 / 4, accuracy: 0.5)
    }

    func testMiterLimitTurnsSharpCornersIntoBevels() {
        // A 20-degree spike: miter length ratio 1/sin(10 deg) = 5.76.
        let a = 20.0 * Double.pi / 180
        let tip = Point(x: 100, y: 100)
        let p = Path(elements: [.move(to: Point(x: 0, y: 100)), .line(to: tip),
                                .line(to: Point(x: 100 - 100 * cos(a), y: 100 - 100 * sin(a)))])
        // The miter tip lies 5 / sin(10 deg) from the vertex along the spike's bisector (10 deg below +x).
        let reach = 5 / sin(a / 2)
        let tipX = 100 + reach * cos(a / 2)
        let miterTip = Point(x: 100 + (reach - 1.5) * cos(a / 2), y: 100 + (reach - 1.5) * sin(a / 2))
        let sharp = p.stroked(StrokeStyle(lineWidth: 10, lineJoin: .miter, miterLimit: 10))
        let cut = p.stroked(StrokeStyle(lineWidth: 10, lineJoin: .miter, miterLimit: 4))
        XCTAssertEqual(sharp.boundingBox.maxX, tipX, accuracy: 1e-6)
        XCTAssertNotEqual(winding(miterTip, sharp), 0)
        XCTAssertLessThan(cut.boundingBox.maxX, 106)
        XCTAssertEqual(winding(miterTip, cut), 0)
    }

    func testZeroLengthSubpathsDrawCapDots() {
        let dot = Path(elements: [.move(to: Point(x: 50, y: 50)), .line(to: Point(x: 50, y: 50))])
        XCTAssertEqual(area(dot.stroked(StrokeStyle(lineWidth: 12, lineCap: .round))), .pi * 36, accuracy: 0.4)
        XCTAssertEqual(area(dot.stroked(StrokeStyle(lineWidth: 12, lineCap: .square))), 144, accuracy: 0.01)
        XCTAssertTrue(dot.stroked(StrokeStyle(lineWidth: 12, lineCap: .butt)).isEmpty)
        // A lone move draws nothing.
        XCTAssertTrue(Path(elements: [.move(to: Point(x: 5, y: 5))]).stroked(StrokeStyle(lineWidth: 4, lineCap: .round)).isEmpty)
    }

    func testClosedSubpathJoinsBackToItsStart() {
        let sq = polyline([(20, 20), (60, 20), (60, 60), (20, 60)], closed: true)
        let o = sq.stroked(StrokeStyle(lineWidth: 4))
        XCTAssertEqual(area(o), 44 * 44 - 36 * 36, accuracy: 0.5)
        XCTAssertEqual(o.boundingBox, Rect(x: 18, y: 18, width: 44, height: 44))
        XCTAssertEqual(winding(Point(x: 40, y: 40), o), 0)   // the hole stays a hole
        // Same polygon left open: the first corner gets butt ends, not a join.
        let open = polyline([(20, 20), (60, 20), (60, 60), (20, 60), (20, 20)])
        XCTAssertEqual(area(open.stroked(StrokeStyle(lineWidth: 4))), 44 * 44 - 36 * 36 - 4, accuracy: 0.5)
    }

    func testThickCurveMatchesDistanceDefinition() {
        // A tight S curve stroked far wider than its radius of curvature: with round caps and joins the
        // stroke is exactly the points within w/2 of the curve. Sawtooth or notches would break this.
        var p = Path()
        p.move(to: Point(x: 40, y: 120))
        p.addCurve(to: Point(x: 160, y: 80), control1: Point(x: 200, y: 0), control2: Point(x: 0, y: 200))
        p.addQuadCurve(to: Point(x: 60, y: 60), control: Point(x: 200, y: 10))
        let hw = 22.0
        let o = p.stroked(StrokeStyle(lineWidth: 2 * hw, lineCap: .round, lineJoin: .round))
        let m = try! XCTUnwrap(Rasterizer.mask(for: o))
        // Dense samples of the centre line.
        var samples: [Point] = []
        var cur = Point.zero
        for e in p.elements {
            switch e {
            case .move(let q): cur = q; samples.append(q)
            case .curve(let q, let c1, let c2):
                for i in 1...2000 {
                    let t = Double(i) / 2000, u = 1 - t
                    samples.append(cur * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + q * (t * t * t))
                }
                cur = q
            case .quadCurve(let q, let c):
                for i in 1...2000 {
                    let t = Double(i) / 2000, u = 1 - t
                    samples.append(cur * (u * u) + c * (2 * u * t) + q * (t * t))
                }
                cur = q
            default: break
            }
        }
        var checked = 0
        for y in stride(from: 0, to: 240, by: 3) {
            for x in stride(from: 0, to: 240, by: 3) {
                let c = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let d = samples.map { $0.distance(to: c) }.min()!
                let v = m.value(atX: x, y: y)
                if d < hw - 0.8 { XCTAssertEqual(v, 255, "hole at \(x),\(y) (distance \(d))"); checked += 1 }
                if d > hw + 0.8 { XCTAssertEqual(v, 0, "ink at \(x),\(y) (distance \(d))"); checked += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 3000)
    }

    func testCircleStrokeRingArea() {
        let r = 40.0, w = 6.0
        let ring = Path(ellipseIn: Rect(x: 100 - r, y: 100 - r, width: 2 * r, height: 2 * r)).stroked(StrokeStyle(lineWidth: w))
        let exact = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
        XCTAssertEqual(area(ring), exact, accuracy: exact * 0.002)
        // Wider than the diameter: the hole closes and the result is a full disc.
        let disc = Path(ellipseIn: Rect(x: 90, y: 90, width: 20, height: 20)).stroked(StrokeStyle(lineWidth: 30))
        XCTAssertEqual(area(disc), .pi * 625, accuracy: .pi * 625 * 0.002)
        XCTAssertEqual(Rasterizer.mask(for: disc)?.value(atX: 100, y: 100), 255)
    }

    func testOppositeSubpathsAndSelfCrossingsNeverCancel() {
        var p = polyline([(10, 50), (90, 50)])
        p.addPath(polyline([(50, 90), (50, 10)]))
        p.addPath(polyline([(120, 10), (180, 70), (180, 10), (120, 70)]))   // a bow tie
        let o = p.stroked(StrokeStyle(lineWidth: 8))
        XCTAssertNotEqual(winding(Point(x: 50, y: 50), o), 0)
        XCTAssertNotEqual(winding(Point(x: 150, y: 40), o), 0)
        let m = Rasterizer.mask(for: o)!
        XCTAssertEqual(m.value(atX: 50, y: 50), 255)
        XCTAssertEqual(m.value(atX: 149, y: 39), 255)
    }

    func testTransformScalesThePenAndOutputIsInDeviceSpace() {
        let t = Transform(scaleX: 2, y: 2).translatedBy(x: 5, y: 5)
        let o = line.stroked(StrokeStyle(lineWidth: 10), transform: t)
        XCTAssertEqual(area(o), 4 * 1000, accuracy: 1)
        XCTAssertEqual(o.boundingBox, Rect(x: 50, y: 100, width: 200, height: 20))
        // Anisotropic: the pen is squashed like the path (CG semantics).
        let squash = line.stroked(StrokeStyle(lineWidth: 10), transform: Transform(scaleX: 1, y: 0.5))
        XCTAssertEqual(squash.boundingBox.height, 5, accuracy: 1e-9)
    }

    func testBadInputGivesAnEmptyOutline() {
        let nan = polyline([(0, 0), (.nan, 4)])
        XCTAssertTrue(nan.stroked(StrokeStyle(lineWidth: 3)).isEmpty)
        XCTAssertTrue(line.stroked(StrokeStyle(lineWidth: 0)).isEmpty)
        XCTAssertTrue(line.stroked(StrokeStyle(lineWidth: -2)).isEmpty)
        XCTAssertTrue(line.stroked(StrokeStyle(lineWidth: 2), transform: Transform(scaleX: 0, y: 1)).isEmpty)
        // Huge coordinates finish (bounded work) and stay finite.
        var huge = Path(); huge.move(to: Point(x: -1e12, y: 0))
        huge.addCurve(to: Point(x: 1e12, y: 5), control1: Point(x: 0, y: 1e12), control2: Point(x: 3, y: -1e12))
        let o = huge.stroked(StrokeStyle(lineWidth: 1e6, lineCap: .round, lineJoin: .round))
        XCTAssertTrue(o.isAllFinite)
        // A curve whose chord count would exceed Int.max (FuzzSVG: an SVG arc of radius 1e45)
        // gets the capped count instead of trapping.
        var astronomic = Path(); astronomic.move(to: Point(x: 12, y: 2))
        astronomic.addCurve(to: Point(x: 12.01, y: 2), control1: Point(x: 1e45, y: 1e45), control2: Point(x: -1e45, y: 1e45))
        XCTAssertTrue(astronomic.stroked(StrokeStyle(lineWidth: 1, lineJoin: .bevel)).isAllFinite)
    }

    func testDashPatternInTheStyleIsApplied() {
        let o = line.stroked(StrokeStyle(lineWidth: 4, dashPattern: [10, 10]))
        XCTAssertEqual(area(o), 50 * 4, accuracy: 0.5)
    }

    func testHairlineHelpers() {
        XCTAssertEqual(Path.hairlineCoverageScale(for: 0.2), 0.2)
        XCTAssertEqual(Path.hairlineCoverageScale(for: 0.5), 1)            // drawn as it is
        XCTAssertEqual(Path.hairlineCoverageScale(for: 0.1, transform: Transform(scaleX: 3, y: 3)), 1)
        XCTAssertEqual(Path.hairlineCoverageScale(for: 0.1, transform: Transform(scaleX: 1.5, y: 1.5)), 0.15, accuracy: 1e-12)
        XCTAssertEqual(Path.hairlineCoverageScale(for: 0), 1)
        XCTAssertEqual(Path.hairlineCoverageScale(for: .nan), 0)
        XCTAssertEqual(Path.hairlineWidth(for: 0.1, transform: Transform(scaleX: 2, y: 2)), 0.5)
        XCTAssertEqual(Path.hairlineWidth(for: 0.3), 0.3)
        // A hairline drawn at 1 px x 0.2 alpha carries the ink of a 0.2 px line, and so does a 0.4 px
        // line drawn as it is.
        for w in [0.2, 0.4] {
            let k = Path.hairlineCoverageScale(for: w)
            let ink = area(line.stroked(StrokeStyle(lineWidth: Path.hairlineWidth(for: w)))) * k
            XCTAssertEqual(ink, 100 * w, accuracy: 0.5)
        }
    }

    func testButtCapsFollowTheCurveTangent() {
        // The end tangent of this cubic is exactly horizontal, so the butt cap edge is vertical at x = 200
        // even though the last flattened chord is not horizontal.
        var p = Path()
        p.move(to: Point(x: 20, y: 100))
        p.addCurve(to: Point(x: 200, y: 100), control1: Point(x: 60, y: 20), control2: Point(x: 120, y: 100))
        let o = p.stroked(StrokeStyle(lineWidth: 20))
        XCTAssertEqual(o.boundingBox.maxX, 200, accuracy: 0.01)
        let m = Rasterizer.mask(for: o)!
        for y in 92..<108 { XCTAssertEqual(m.value(atX: 199, y: y), 255); XCTAssertEqual(m.value(atX: 200, y: y), 0) }
    }
}
