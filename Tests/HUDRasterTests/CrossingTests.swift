// Exact coverage where edges cross or overlap inside a pixel (self-intersecting polygons, stroke
// outlines that overlap themselves): the rows CrossingResolver recomputes.
import HUDMotion
import XCTest
@testable import HUDRaster

final class CrossingTests: XCTestCase {
    /// Coverage of a polygon by point sampling n x n per pixel with an exact winding count.
    func reference(_ pts: [Point], rule: FillRule, x0: Int, y0: Int, w: Int, h: Int, n: Int = 32) -> [Double] {
        var out = [Double](repeating: 0, count: w * h)
        let m = pts.count
        for py in 0..<h {
            for sy in 0..<n {
                let y = Double(y0 + py) + (Double(sy) + 0.5) / Double(n)
                // Crossings of this sample row with every edge, with their directions.
                var xs: [(Double, Int)] = []
                for i in 0..<m {
                    let a = pts[i], b = pts[(i + 1) % m]
                    if (a.y <= y) != (b.y <= y) {
                        xs.append((a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y), b.y > a.y ? 1 : -1))
                    }
                }
                xs.sort { $0.0 < $1.0 }
                for px in 0..<w {
                    for sx in 0..<n {
                        let x = Double(x0 + px) + (Double(sx) + 0.5) / Double(n)
                        var wind = 0
                        for c in xs where c.0 < x { wind += c.1 }
                        let inside = rule == .evenOdd ? wind & 1 != 0 : wind != 0
                        if inside { out[py * w + px] += 1 }
                    }
                }
            }
        }
        return out.map { $0 / Double(n * n) * 255 }
    }

    /// Worst and mean error of the polygon's mask against the reference.
    func checkPolygon(_ pts: [Point], rule: FillRule, resolveEveryRow: Bool = false) throws -> (Double, Double) {
        var p = Path()
        p.move(to: pts[0]); for q in pts.dropFirst() { p.addLine(to: q) }; p.closeSubpath()
        let engine = Rasterizer.Engine()
        engine.resolveEveryRow = resolveEveryRow
        let m = try XCTUnwrap(engine.mask(for: p, transform: .identity, rule: rule, within: Rasterizer.maskRegionLimit))
        let ref = reference(pts, rule: rule, x0: m.originX, y0: m.originY, w: m.width, h: m.height)
        var worst = 0.0, total = 0.0
        for i in 0..<ref.count {
            let e = abs(Double(m.coverage[i]) - ref[i])
            worst = max(worst, e); total += e
        }
        return (worst, total / Double(ref.count))
    }

    /// A bow tie: the four pixels around the crossing hold winding 0, 1 and 2 (or -1, 0, 1).
    func testBowTieCrossingPixelIsExact() throws {
        let pts = [Point(x: 2.3, y: 1.1), Point(x: 12.7, y: 9.6), Point(x: 12.2, y: 1.4), Point(x: 1.9, y: 10.3)]
        for rule in [FillRule.winding, .evenOdd] {
            let (worst, _) = try checkPolygon(pts, rule: rule)
            XCTAssertLessThan(worst, 6, "\(rule)")   // sampling error of the 32x32 reference
        }
    }

    /// Random self-intersecting polygons like bl_bench's: every pixel within the reference's
    /// sampling error, both as the sweep flags rows and with every row resolved (which checks
    /// the resolver alone: rows it should not change come out the same).
    func testRandomSelfIntersectingPolygonsAreExact() throws {
        for everyRow in [false, true] {
            var rng = SplitMix64(seed: 7)
            for size in [6.0, 16.0, 40.0] {
                for vertices in [10, 20, 40] {
                    for rule in [FillRule.winding, .evenOdd] {
                        let pts = (0..<vertices).map { _ in Point(x: 3 + rng.nextUnit() * size, y: 2 + rng.nextUnit() * size) }
                        let (worst, mean) = try checkPolygon(pts, rule: rule, resolveEveryRow: everyRow)
                        let what = "size \(size), \(vertices) vertices, \(rule), every row \(everyRow)"
                        XCTAssertLessThan(worst, 8, what)
                        XCTAssertLessThan(mean, 1.0, what)
                    }
                }
            }
        }
    }

    /// Many edges through one point: every pair crosses at the same height, so the strip's
    /// crossings tie. The point sits on a pixel corner (a row boundary, where a strip ends), at
    /// another vertex's height (where a strip ends too) and in the middle of a pixel.
    func testConcurrentCrossingsAreExact() throws {
        for center in [Point(x: 12, y: 11), Point(x: 12.37, y: 11.5), Point(x: 11.8, y: 10.61)] {
            for lines in [2, 3, 6] {
                var pts: [Point] = []
                for k in 0..<lines {
                    let a = Double(k) * Double.pi / Double(lines) + 0.21
                    let d = Point(x: 9 * cos(a), y: 9 * sin(a))
                    pts.append(Point(x: center.x + d.x, y: center.y + d.y))
                    pts.append(Point(x: center.x - d.x, y: center.y - d.y))
                }
                // A vertex level with the centre, on the far side of the fan.
                pts.append(Point(x: center.x + 10.5, y: center.y))
                for rule in [FillRule.winding, .evenOdd] {
                    for everyRow in [false, true] {
                        let (worst, mean) = try checkPolygon(pts, rule: rule, resolveEveryRow: everyRow)
                        let what = "centre \(center), \(lines) lines, \(rule), every row \(everyRow)"
                        XCTAssertLessThan(worst, 8, what)
                        XCTAssertLessThan(mean, 1.0, what)
                    }
                }
            }
        }
    }

    /// Before the resolver, the area sum got the bow tie's crossing pixels wrong by far more
    /// than the reference's sampling error; this pins that the flagging finds them.
    func testAreaSumAloneIsWrongAtCrossings() throws {
        let pts = [Point(x: 2.3, y: 1.1), Point(x: 12.7, y: 9.6), Point(x: 12.2, y: 1.4), Point(x: 1.9, y: 10.3)]
        var p = Path()
        p.move(to: pts[0]); for q in pts.dropFirst() { p.addLine(to: q) }; p.closeSubpath()
        let engine = Rasterizer.Engine()
        engine.resolveNoRow = true
        let m = try XCTUnwrap(engine.mask(for: p, transform: .identity, rule: .evenOdd, within: Rasterizer.maskRegionLimit))
        let ref = reference(pts, rule: .evenOdd, x0: m.originX, y0: m.originY, w: m.width, h: m.height)
        let worst = zip(m.coverage, ref).map { abs(Double($0) - $1) }.max() ?? 0
        XCTAssertGreaterThan(worst, 40)
    }

    /// Two separate overlapping subpaths that go the same way: winding 2 where they overlap.
    func testOverlappingSubpathsNonZero() throws {
        var p = Path()
        p.addEllipse(in: Rect(x: 2.2, y: 2.6, width: 10.3, height: 10.1))
        p.addEllipse(in: Rect(x: 2.9, y: 2.1, width: 10.4, height: 10.7))
        let m = try XCTUnwrap(Rasterizer.mask(for: p))
        var u = Path(); u.addEllipse(in: Rect(x: 2.2, y: 2.6, width: 10.3, height: 10.1))
        let a = try XCTUnwrap(Rasterizer.mask(for: u))
        // The union is at least each disc, pixel by pixel (the area sum without resolution
        // clamps early where the outlines cross, and the union comes out too thin there).
        for y in a.originY..<(a.originY + a.height) {
            for x in a.originX..<(a.originX + a.width) {
                XCTAssertGreaterThanOrEqual(Int(m.value(atX: x, y: y)) + 1, Int(a.value(atX: x, y: y)), "(\(x), \(y))")
            }
        }
    }
}


final class CrossingFlagTests: XCTestCase {
    /// Shapes without overlaps never take the slow path: their rows are exact already.
    func testSimpleShapesResolveNoRow() throws {
        let e = Rasterizer.Engine()
        var shapes: [Path] = []
        for r in [0.6, 2.0, 7.5, 40, 180] {
            shapes.append(Path(ellipseIn: Rect(x: 300.3 - r, y: 300.6 - r, width: 2 * r, height: 2 * r)))
        }
        var rr = Path(); rr.addRoundedRect(in: Rect(x: 10.2, y: 20.7, width: 120, height: 44), cornerRadius: 12); shapes.append(rr)
        var rot = Path(); rot.addRect(Rect(x: 50, y: 50, width: 30, height: 10)); shapes.append(rot.applying(Transform(rotationAngle: 0.3)))
        for p in shapes {
            _ = e.mask(for: p, transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit)
        }
        XCTAssertEqual(e.resolvedRows, 0)
    }

    /// A sweep that runs out of events falls back to the area sum for its row, never to a
    /// half-written one.
    func testGivingUpFallsBackToTheAreaSum() throws {
        var rng = SplitMix64(seed: 11)
        var p = Path()
        for k in 0..<40 { let q = Point(x: 3 + rng.nextUnit() * 30, y: 2 + rng.nextUnit() * 30); if k == 0 { p.move(to: q) } else { p.addLine(to: q) } }
        p.closeSubpath()
        let plain = Rasterizer.Engine(); plain.resolveNoRow = true
        let starved = Rasterizer.Engine(); starved.resolver.maxEvents = 0
        let a = try XCTUnwrap(plain.mask(for: p, transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit))
        let b = try XCTUnwrap(starved.mask(for: p, transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit))
        XCTAssertGreaterThan(starved.resolvedRows, 10)
        XCTAssertEqual(a.width, b.width); XCTAssertEqual(a.height, b.height)
        let worst = zip(a.coverage, b.coverage).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, 1)
    }

    /// Rows are flagged where the resolution changes pixels, and not everywhere: a 10-gon at
    /// 256 px changes about 40 of its 210 rows and flags about twice that.
    func testPolygonFlaggingCoversTheRowsThatChange() throws {
        var rng = SplitMix64(seed: 3)
        for size in [16.0, 256.0] {
            var p = Path()
            for k in 0..<10 { let q = Point(x: 3 + rng.nextUnit() * size, y: 2 + rng.nextUnit() * size); if k == 0 { p.move(to: q) } else { p.addLine(to: q) } }
            p.closeSubpath()
            let e = Rasterizer.Engine()
            e.resolveWhole = false   // the flagging itself, not the whole sweep that may replace it
            let m = try XCTUnwrap(e.mask(for: p, transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit))
            let plain = Rasterizer.Engine(); plain.resolveNoRow = true
            let m2 = try XCTUnwrap(plain.mask(for: p, transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit))
            var differ = 0
            for y in 0..<m.height where m.coverage[(y * m.width)..<((y + 1) * m.width)] != m2.coverage[(y * m.width)..<((y + 1) * m.width)] {
                differ += 1
            }
            XCTAssertGreaterThan(differ, 0, "size \(size)")
            XCTAssertGreaterThanOrEqual(e.resolvedRows, differ, "size \(size)")
            if size > 100 { XCTAssertLessThan(e.resolvedRows, m.height / 2, "size \(size)") }
        }
    }
}

final class CrossingStrokeTests: XCTestCase {
    /// The status bar's "9": a stroked ellipse and a tail overlapping it, round caps and joins.
    func nineOutline(scale s: Double) -> Path {
        let hgt = 11.5, dw = 7.0, x = 44.3, top = 14.25
        func p(_ u: Double, _ v: Double) -> Point { Point(x: (x + u * dw) * s, y: (top + v * hgt) * s) }
        var strokes = Path()
        strokes.addEllipse(in: Rect(x: x * s, y: top * s, width: dw * s, height: hgt * 0.56 * s))
        strokes.move(to: p(1, 0.28))
        strokes.addLine(to: p(1, 0.62))
        strokes.addCurve(to: p(0.05, 0.9), control1: p(1, 1.02), control2: p(0.3, 1.04))
        return strokes.stroked(StrokeStyle(lineWidth: 1.9 * s, lineCap: .round, lineJoin: .round, miterLimit: 10))
    }

    /// The area sum overstated the pixels where the tail's outline overlaps the ring's (winding
    /// 2 beside 0 averages to a full pixel); the resolved rows match a 16x rendering of the same
    /// outline, where such pixels weigh 1/256 as much.
    func testOverlappingStrokeOutlinesAreExact() throws {
        let plain = Rasterizer.Engine(); plain.resolveNoRow = true
        let exact = Rasterizer.Engine()
        let a = try XCTUnwrap(plain.mask(for: nineOutline(scale: 1), transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit))
        let b = try XCTUnwrap(exact.mask(for: nineOutline(scale: 1), transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit))
        // Reference: the same outline at 16x, where crossing pixels weigh 1/256 as much, box-filtered.
        let big = try XCTUnwrap(plain.mask(for: nineOutline(scale: 1), transform: Transform(scaleX: 16, y: 16), rule: .winding,
                                           within: Rasterizer.maskRegionLimit))
        var worstA = 0.0, worstB = 0.0
        for y in b.originY..<(b.originY + b.height) {
            for x in b.originX..<(b.originX + b.width) {
                var sum = 0
                for yy in (y * 16)..<(y * 16 + 16) { for xx in (x * 16)..<(x * 16 + 16) { sum += Int(big.value(atX: xx, y: yy)) } }
                let ref = Double(sum) / 256
                let ea = abs(Double(a.value(atX: x, y: y)) - ref), eb = abs(Double(b.value(atX: x, y: y)) - ref)
                worstA = max(worstA, ea); worstB = max(worstB, eb)
            }
        }
        // Measured: plain 76 levels off where the tail's outline overlaps the ring's, exact 1.6.
        XCTAssertGreaterThan(worstA, 20)
        XCTAssertLessThan(worstB, 3)
    }
}

final class CrossingBudgetTests: XCTestCase {
    /// A star of 1500 points in 120 px crosses itself about a million times; the fill still
    /// finishes (the event budget hands the rest of it to the area sum) with sane coverage.
    func testDenseStarFinishes() throws {
        var p = Path()
        let n = 1500
        for k in 0..<n {
            let a = Double(k) * Double.pi * 2 * 0.4993
            let q = Point(x: 70 + 60 * cos(a), y: 70 + 60 * sin(a))
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        let e = Rasterizer.Engine()
        let m = try XCTUnwrap(e.mask(for: p, transform: .identity, rule: .evenOdd, within: Rasterizer.maskRegionLimit))
        XCTAssertGreaterThan(e.resolvedRows, 0)
        XCTAssertGreaterThan(m.area, 100)
        XCTAssertLessThan(m.area, 120 * 120)
    }
}

final class SimpleOutlineTests: XCTestCase {
    func outline(_ p: Path, width: Double, join: LineJoin = .round, cap: LineCap = .butt) -> (Path, Bool) {
        var sc = Stroker.Scratch()
        let o = p.stroked(StrokeStyle(lineWidth: width, lineCap: cap, lineJoin: join, miterLimit: 10), transform: .identity, scratch: &sc)
        return (o, sc.outlineIsSimple)
    }

    /// Whenever the stroker calls an outline simple, skipping the crossing search changes nothing:
    /// the plain area sum equals the fully resolved coverage (to rounding) on thousands of rings.
    func testSimpleOutlinesNeedNoResolution() throws {
        var rng = SplitMix64(seed: 5)
        var simpleCount = 0, notSimple = 0
        for i in 0..<1500 {
            let w = 0.3 + rng.nextUnit() * 30, h = 0.3 + rng.nextUnit() * 30
            let r = Rect(x: 3 + rng.nextUnit() * 10, y: 3 + rng.nextUnit() * 10, width: w, height: h)
            var p = Path()
            switch i % 4 {
            case 0: p.addEllipse(in: r)
            case 1: p.addRoundedRect(in: r, cornerRadius: rng.nextUnit() * min(w, h) / 2)
            case 2: p.addRect(r); p = p.applying(Transform(rotationAngle: rng.nextUnit() * 3, about: r.center))
            default:
                // A random polygon: convex or not, the flag must be right either way.
                for k in 0..<5 { let q = Point(x: 3 + rng.nextUnit() * 30, y: 3 + rng.nextUnit() * 30); if k == 0 { p.move(to: q) } else { p.addLine(to: q) } }
                p.closeSubpath()
            }
            let (o, simple) = outline(p, width: 0.2 + rng.nextUnit() * 12, join: [.round, .miter, .bevel][i % 3])
            guard simple else { notSimple += 1; continue }
            simpleCount += 1
            let a = Rasterizer.Engine(); a.resolveNoRow = true
            let b = Rasterizer.Engine(); b.resolveEveryRow = true
            guard let ma = a.mask(for: o, transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit),
                  let mb = b.mask(for: o, transform: .identity, rule: .winding, within: Rasterizer.maskRegionLimit) else { continue }
            let worst = zip(ma.coverage, mb.coverage).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(worst, 1, "shape \(i)")
        }
        XCTAssertGreaterThan(simpleCount, 500)
        XCTAssertGreaterThan(notSimple, 100)
    }

    func testOpenAndMultipleSubpathsAreNotSimple() {
        var arc = Path(); arc.addArc(withCenter: Point(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: 5, clockwise: false)
        XCTAssertFalse(outline(arc, width: 3, cap: .round).1)
        var two = Path(); two.addEllipse(in: Rect(x: 0, y: 0, width: 10, height: 10)); two.addEllipse(in: Rect(x: 5, y: 0, width: 10, height: 10))
        XCTAssertFalse(outline(two, width: 2).1)
        var one = Path(); one.addEllipse(in: Rect(x: 0, y: 0, width: 40, height: 40))
        XCTAssertTrue(outline(one, width: 4).1)
        XCTAssertFalse(outline(one, width: 45).1)   // wider than the circle: the inner side folds
    }
}
