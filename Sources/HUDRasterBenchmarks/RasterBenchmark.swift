// RasterBenchmark: the built-in speed suite (modelled on Blend2D's bl_bench) and the accuracy
// scenes that Scripts/compare_raster.py renders with other libraries.
//
// HUDRasterBenchmarks is a target of its own, depending on HUDRaster's public API only: the suite
// is a client of the rasterizer (what `hudrender bench`, the golden tests and the comparison
// scripts run), not part of the API a package using HUDRaster sees.
//
// Design note: every test is a list of plain drawing commands (a path, a rule or stroke style, a
// colour) generated from a fixed seed by a tiny PRNG, so the same bytes come out on every machine,
// and the same list can be written as text (`BenchmarkScene.script`) for Skia, cairo, Blend2D and
// resvg to replay. Paths are built before the clock starts: the suite times filling and stroking,
// not path construction. Timing uses the monotonic clock and keeps the best of a few repeats, the
// usual way to read through noise from other processes; it is never used by unit tests.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDMotion
import HUDRaster

/// The built-in rasterizer benchmark (`hudrender bench`) and accuracy scenes.
public enum RasterBenchmark {
    /// The canvas every speed test draws on (bl_bench's default).
    public static let canvasWidth = 512
    public static let canvasHeight = 600
    /// Shape sizes in pixels.
    public static let sizes = [8, 16, 32, 64, 128, 256]
    /// Stroke width of the stroke tests.
    public static let strokeWidth = 2.0

    /// The tests, in bl_bench's order: fills, then strokes of the same shapes.
    public enum Test: String, CaseIterable, Sendable {
        case fillRectAligned = "FillRectA"
        case fillRectUnaligned = "FillRectU"
        case fillRectRotated = "FillRectRot"
        case fillRoundRect = "FillRoundU"
        case fillPolygon10NonZero = "FillPoly10NZ"
        case fillPolygon10EvenOdd = "FillPoly10EO"
        case fillPolygon20NonZero = "FillPoly20NZ"
        case fillPolygon20EvenOdd = "FillPoly20EO"
        case fillPolygon40NonZero = "FillPoly40NZ"
        case fillPolygon40EvenOdd = "FillPoly40EO"
        case strokeRectAligned = "StrokeRectA"
        case strokeRectUnaligned = "StrokeRectU"
        case strokeRectRotated = "StrokeRectRot"
        case strokeRoundRect = "StrokeRoundU"
        case strokePolygon10 = "StrokePoly10"
        case strokePolygon20 = "StrokePoly20"
        case strokePolygon40 = "StrokePoly40"

        public var name: String { rawValue }
    }

    /// One timed test.
    public struct Result: Sendable, CustomStringConvertible {
        public var test: Test
        public var size: Int
        /// Drawing operations per run.
        public var operations: Int
        /// Best (lowest) wall time of one run, in seconds.
        public var seconds: Double
        public var microsecondsPerOperation: Double { seconds * 1e6 / Double(max(1, operations)) }
        public var operationsPerSecond: Double { seconds > 0 ? Double(operations) / seconds : 0 }
        /// `FillRectA       8x8      12.345 us/op     81004 ops/s`
        public var description: String {
            func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
            func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
            return pad(test.name, 14) + pad("\(size)x\(size)", 9) + lpad(RasterBenchmark.format(microsecondsPerOperation, 3), 10)
                + " us/op" + lpad("\(Int(operationsPerSecond.rounded()))", 10) + " ops/s"
        }
    }

    /// The drawing commands of one test, generated from a seed fixed by test and size.
    public static func scene(for test: Test, size: Int, operations: Int = 1000) -> BenchmarkScene {
        let index = Test.allCases.firstIndex(of: test)!
        var rng = SplitMix64(seed: 0x5EED_0000 &+ UInt64(index) &* 1_000_003 &+ UInt64(max(0, size)))
        var scene = BenchmarkScene(name: "\(test.name)-\(size)", width: canvasWidth, height: canvasHeight)
        let w = Double(canvasWidth), h = Double(canvasHeight), s = Double(size)
        let stroke = StrokeStyle(lineWidth: strokeWidth, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        scene.commands.reserveCapacity(operations)
        for i in 0..<operations {
            let color = Color(red: rng.nextUnit(), green: rng.nextUnit(), blue: rng.nextUnit(), alpha: 0.25 + 0.75 * rng.nextUnit())
            var p = Path()
            switch test {
            case .fillRectAligned, .strokeRectAligned:
                let x = (rng.nextUnit() * (w - s)).rounded(.down), y = (rng.nextUnit() * (h - s)).rounded(.down)
                p.addRect(Rect(x: x, y: y, width: s, height: s))
            case .fillRectUnaligned, .strokeRectUnaligned:
                p.addRect(Rect(x: rng.nextUnit() * (w - s), y: rng.nextUnit() * (h - s), width: s, height: s))
            case .fillRectRotated, .strokeRectRotated:
                let r = Rect(x: rng.nextUnit() * (w - s), y: rng.nextUnit() * (h - s), width: s, height: s)
                let t = Transform(rotationAngle: 0.01 * Double(i + 1), about: r.center)
                p.addRect(r); p = p.applying(t)
            case .fillRoundRect, .strokeRoundRect:
                let r = Rect(x: rng.nextUnit() * (w - s), y: rng.nextUnit() * (h - s), width: s, height: s)
                let radius = min(4 + 36 * rng.nextUnit(), s / 2)
                p.addRoundedRect(in: r, cornerRadius: radius)
            case .fillPolygon10NonZero, .fillPolygon10EvenOdd, .fillPolygon20NonZero, .fillPolygon20EvenOdd,
                 .fillPolygon40NonZero, .fillPolygon40EvenOdd, .strokePolygon10, .strokePolygon20, .strokePolygon40:
                let n = test.vertexCount
                let x0 = rng.nextUnit() * (w - s), y0 = rng.nextUnit() * (h - s)
                for k in 0..<n {
                    let q = Point(x: x0 + rng.nextUnit() * s, y: y0 + rng.nextUnit() * s)
                    if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
                }
                p.closeSubpath()
            }
            switch test {
            case .fillPolygon10EvenOdd, .fillPolygon20EvenOdd, .fillPolygon40EvenOdd:
                scene.commands.append(.fill(p, .evenOdd, color))
            case .strokeRectAligned, .strokeRectUnaligned, .strokeRectRotated, .strokeRoundRect,
                 .strokePolygon10, .strokePolygon20, .strokePolygon40:
                scene.commands.append(.stroke(p, stroke, color))
            default:
                scene.commands.append(.fill(p, .winding, color))
            }
        }
        return scene
    }

    /// Runs the suite: each test at each size draws `operations` shapes on a fresh 512x600 canvas,
    /// `repeats` times; the best run counts. `report` is called after each test (to print as it goes).
    public static func run(tests: [Test] = Test.allCases, sizes: [Int] = sizes, operations: Int = 1000,
                           repeats: Int = 3, report: ((Result) -> Void)? = nil) throws -> [Result] {
        var results: [Result] = []
        let ops = max(1, operations)
        for test in tests {
            for size in sizes {
                let scene = self.scene(for: test, size: size, operations: ops)
                var best = Double.infinity
                for _ in 0..<max(1, repeats) {
                    let canvas = try Canvas(width: canvasWidth, height: canvasHeight)
                    let t0 = monotonicSeconds()
                    scene.render(into: canvas)
                    best = min(best, monotonicSeconds() - t0)
                }
                let r = Result(test: test, size: size, operations: ops, seconds: best)
                report?(r)
                results.append(r)
            }
        }
        return results
    }

    /// Scenes for accuracy comparisons: each speed test at 16 and 128 px with a dozen shapes, plus
    /// circles, thin strokes, thick curves, joins, dashes and continuous corners. Deterministic.
    public static func accuracyScenes() -> [BenchmarkScene] {
        var out: [BenchmarkScene] = []
        for test in Test.allCases {
            for size in [16, 128] {
                var sc = scene(for: test, size: size, operations: 12)
                sc.name = "\(test.name)-\(size)"
                out.append(sc)
            }
        }
        var rng = SplitMix64(seed: 0xACC0_0001)
        func color() -> Color { Color(red: rng.nextUnit(), green: rng.nextUnit(), blue: rng.nextUnit(), alpha: 0.6 + 0.4 * rng.nextUnit()) }

        var circles = BenchmarkScene(name: "Circles", width: 256, height: 256)
        for r in [0.75, 1.5, 2.5, 4, 6.5, 10, 17, 28, 45, 70, 110] {
            let c = Point(x: r + rng.nextUnit() * (256 - 2 * r), y: r + rng.nextUnit() * (256 - 2 * r))
            circles.commands.append(.fill(Path(ellipseIn: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)), .winding, color()))
        }
        out.append(circles)

        var thin = BenchmarkScene(name: "ThinStrokes", width: 256, height: 256)
        let widths = [0.25, 0.5, 0.75, 1, 1.5, 2]
        for (i, wd) in widths.enumerated() {
            for k in 0..<4 {
                let a = Double(k) * 0.4 + 0.05
                let c = Point(x: 24 + Double(i) * 40, y: 40 + Double(k) * 55)
                var p = Path()
                p.move(to: Point(x: c.x - 18 * cos(a), y: c.y - 18 * sin(a)))
                p.addLine(to: Point(x: c.x + 18 * cos(a), y: c.y + 18 * sin(a)))
                thin.commands.append(.stroke(p, StrokeStyle(lineWidth: wd), Color(white: 0, alpha: 1)))
            }
        }
        out.append(thin)

        var curves = BenchmarkScene(name: "Curves", width: 256, height: 256)
        for k in 0..<6 {
            var p = Path()
            let y = 20 + Double(k) * 40
            p.move(to: Point(x: 15, y: y + 10))
            p.addCurve(to: Point(x: 240, y: y), control1: Point(x: 90, y: y - 60 + rng.nextUnit() * 40), control2: Point(x: 160, y: y + 60 - rng.nextUnit() * 40))
            let st = StrokeStyle(lineWidth: [1.0, 3, 8, 14, 24, 2][k], lineCap: k % 2 == 0 ? .round : .butt, lineJoin: .round)
            curves.commands.append(.stroke(p, st, color()))
        }
        var q = Path()
        q.move(to: Point(x: 30, y: 240)); q.addQuadCurve(to: Point(x: 230, y: 240), control: Point(x: 130, y: 120))
        curves.commands.append(.fill(q, .winding, color()))
        out.append(curves)

        var joins = BenchmarkScene(name: "Joins", width: 256, height: 256)
        let joinKinds: [LineJoin] = [.miter, .round, .bevel]
        let capKinds: [LineCap] = [.butt, .round, .square]
        for (i, j) in joinKinds.enumerated() {
            var p = Path()
            let x = 20 + Double(i) * 80
            p.move(to: Point(x: x, y: 60)); p.addLine(to: Point(x: x + 30, y: 20)); p.addLine(to: Point(x: x + 60, y: 60))
            p.addLine(to: Point(x: x + 10, y: 110))
            joins.commands.append(.stroke(p, StrokeStyle(lineWidth: 12, lineCap: capKinds[i], lineJoin: j, miterLimit: 10), color()))
            var z = Path()
            z.move(to: Point(x: x + 5, y: 150)); z.addLine(to: Point(x: x + 60, y: 160)); z.addLine(to: Point(x: x + 5, y: 175))
            z.addLine(to: Point(x: x + 60, y: 230))
            joins.commands.append(.stroke(z, StrokeStyle(lineWidth: 7.5, lineCap: capKinds[(i + 1) % 3], lineJoin: j, miterLimit: 4), color()))
        }
        out.append(joins)

        var dashes = BenchmarkScene(name: "Dashes", width: 256, height: 256)
        dashes.commands.append(.stroke(Path(ellipseIn: Rect(x: 20, y: 20, width: 100, height: 100)),
                                       StrokeStyle(lineWidth: 6, lineCap: .round, dashPattern: [12, 9], dashPhase: 3), color()))
        dashes.commands.append(.stroke(Path(rect: Rect(x: 140.5, y: 20.5, width: 95, height: 100)),
                                       StrokeStyle(lineWidth: 3, lineCap: .butt, dashPattern: [20, 6, 4, 6]), color()))
        var wave = Path()
        wave.move(to: Point(x: 20, y: 190))
        wave.addCurve(to: Point(x: 236, y: 190), control1: Point(x: 90, y: 110), control2: Point(x: 160, y: 270))
        dashes.commands.append(.stroke(wave, StrokeStyle(lineWidth: 4, lineCap: .square, lineJoin: .round, dashPattern: [1, 8]), color()))
        out.append(dashes)

        var rr = BenchmarkScene(name: "RoundedRects", width: 256, height: 256)
        rr.commands.append(.fill(Path(roundedRect: Rect(x: 12.3, y: 14.6, width: 110, height: 70), cornerRadius: 18, style: .continuous), .winding, color()))
        rr.commands.append(.fill(Path(roundedRect: Rect(x: 134.2, y: 14.1, width: 110, height: 70), cornerRadius: 18, style: .circular), .winding, color()))
        rr.commands.append(.stroke(Path(roundedRect: Rect(x: 20.5, y: 110.5, width: 215, height: 120), cornerRadius: 30, style: .continuous),
                                   StrokeStyle(lineWidth: 5), color()))
        rr.commands.append(.fill(Path(roundedRect: Rect(x: 60, y: 150, width: 136, height: 44), cornerRadius: 22, style: .continuous), .winding, color()))
        out.append(rr)
        return out
    }

    // MARK: - Internals

    /// Seconds on the monotonic clock.
    public static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    static func format(_ v: Double, _ decimals: Int) -> String {
        var m = 1.0
        for _ in 0..<decimals { m *= 10 }
        let r = (v * m).rounded()
        let whole = Int(r / m), frac = Int(abs(r).truncatingRemainder(dividingBy: m))
        var f = "\(frac)"
        while f.count < decimals { f = "0" + f }
        return "\(whole).\(f)"
    }
}

extension RasterBenchmark.Test {
    /// Vertices of the polygon tests (0 for the others).
    public var vertexCount: Int {
        switch self {
        case .fillPolygon10NonZero, .fillPolygon10EvenOdd, .strokePolygon10: return 10
        case .fillPolygon20NonZero, .fillPolygon20EvenOdd, .strokePolygon20: return 20
        case .fillPolygon40NonZero, .fillPolygon40EvenOdd, .strokePolygon40: return 40
        default: return 0
        }
    }
}
