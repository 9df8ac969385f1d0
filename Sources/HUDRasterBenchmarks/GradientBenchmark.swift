// GradientBenchmark: gradient fills on a phone-sized canvas, timed per pixel (issue 22).
//
// Design note: a gradient's cost is per pixel shaded, so each test fills one shape with one
// gradient on a 1170x2532 canvas (an iPhone screen at 3x) and reports nanoseconds per pixel of the
// shape's box, the figure the targets are stated in. The full-screen rectangles are the
// five cases the targets name (vertical, horizontal and diagonal linear, concentric and two-circle
// radial, all opaque and padded); the others put gradients under paths with partial coverage
// (a rounded rectangle, a circle, a ring), with more stops, other spreads and interpolation
// spaces, because the fast paths must not be only for the full-screen rectangle. The best of a few
// runs counts, as in RasterBenchmark.

import HUDRaster

/// Gradient fill tests for `hudrender bench --tests Gradient...`.
public enum GradientBenchmark {
    public static let canvasWidth = 1170
    public static let canvasHeight = 2532

    public enum Test: String, CaseIterable, Sendable {
        case linearVertical = "GradientLinearVertical"
        case linearHorizontal = "GradientLinearHorizontal"
        case linearDiagonal = "GradientLinearDiagonal"
        case radialConcentric = "GradientRadialConcentric"
        case radialTwoCircle = "GradientRadialTwoCircle"
        case linearManyStopsReflect = "GradientLinearReflect"
        case radialRepeatOklab = "GradientRadialRepeat"
        case linearRoundRect = "GradientRoundRect"
        case radialCircle = "GradientCircle"
        case twoCircleRing = "GradientRing"
        case focalReflect = "GradientFocalReflect"

        public var name: String { rawValue }
    }

    /// One timed test: the best run's seconds and the pixels of the shape's box.
    public struct Result: Sendable, CustomStringConvertible {
        public var test: Test
        public var seconds: Double
        public var pixels: Int
        public var nanosecondsPerPixel: Double { seconds * 1e9 / Double(max(1, pixels)) }
        /// One line: the test name, the canvas size, then nanoseconds per pixel and milliseconds per fill
        /// (`NAME  WxH  N ns/px  M ms`).
        public var description: String {
            func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
            func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
            return pad(test.name, 27) + pad("\(GradientBenchmark.canvasWidth)x\(GradientBenchmark.canvasHeight)", 11)
                + lpad(RasterBenchmark.format(nanosecondsPerPixel, 3), 8) + " ns/px"
                + lpad(RasterBenchmark.format(seconds * 1e3, 3), 9) + " ms"
        }
    }

    /// The shape, its paint and the pixels of its box for `test`.
    public static func scene(for test: Test) -> (path: Path, rule: FillRule, paint: Paint, pixels: Int) {
        let w = Double(canvasWidth), h = Double(canvasHeight)
        let blue = Color(red: 0.1, green: 0.45, blue: 0.95), pink = Color(red: 0.95, green: 0.3, blue: 0.55)
        let gold = Color(red: 1, green: 0.8, blue: 0.2)
        let two = Gradient(colors: [blue, pink]), three = Gradient(colors: [blue, gold, pink], locations: [0, 0.3, 1])
        let many = Gradient(colors: (0..<9).map { i in [blue, gold, pink, .white][i % 4] })
        let oklab = Gradient(colors: [blue, gold, pink], interpolation: .oklab)
        var full = Path(); full.addRect(Rect(x: 0, y: 0, width: w, height: h))
        let fullPixels = canvasWidth * canvasHeight
        switch test {
        case .linearVertical:
            return (full, .winding, .linearGradient(two, start: Point(x: 0, y: 0), end: Point(x: 0, y: h)), fullPixels)
        case .linearHorizontal:
            return (full, .winding, .linearGradient(three, start: Point(x: 0, y: 0), end: Point(x: w, y: 0)), fullPixels)
        case .linearDiagonal:
            return (full, .winding, .linearGradient(three, start: Point(x: 0, y: 0), end: Point(x: w, y: h)), fullPixels)
        case .radialConcentric:
            let c = Point(x: w / 2, y: h / 2)
            return (full, .winding, .radialGradient(three, startCenter: c, startRadius: 0, endCenter: c, endRadius: h / 2), fullPixels)
        case .radialTwoCircle:
            return (full, .winding, .radialGradient(three, startCenter: Point(x: w * 0.35, y: h * 0.4), startRadius: 0,
                                                    endCenter: Point(x: w / 2, y: h / 2), endRadius: h * 0.75), fullPixels)
        case .linearManyStopsReflect:
            return (full, .winding, .linearGradient(many, start: Point(x: w * 0.3, y: h * 0.2), end: Point(x: w * 0.6, y: h * 0.45),
                                                    spread: .reflect), fullPixels)
        case .radialRepeatOklab:
            let c = Point(x: w * 0.4, y: h * 0.6)
            return (full, .winding, .radialGradient(oklab, startCenter: c, startRadius: 20, endCenter: c, endRadius: 300,
                                                    spread: .repeat), fullPixels)
        case .linearRoundRect:
            var p = Path(); p.addRoundedRect(in: Rect(x: 60.5, y: 300.25, width: 1050, height: 1900), cornerRadius: 120)
            return (p, .winding, .linearGradient(three, start: Point(x: 60, y: 300), end: Point(x: 1110, y: 2200)), 1051 * 1901)
        case .radialCircle:
            var p = Path(); p.addEllipse(in: Rect(x: 35.5, y: 716.5, width: 1100, height: 1100))
            let c = Point(x: 585.5, y: 1266.5)
            return (p, .winding, .radialGradient(many, startCenter: c, startRadius: 0, endCenter: c, endRadius: 550), 1101 * 1101)
        case .focalReflect:
            return (full, .winding, .radialGradient(many, startCenter: Point(x: w * 0.35, y: h * 0.4), startRadius: 0,
                                                    endCenter: Point(x: w / 2, y: h / 2), endRadius: h * 0.2,
                                                    spread: .reflect), fullPixels)
        case .twoCircleRing:
            var p = Path()
            p.addEllipse(in: Rect(x: 35.5, y: 716.5, width: 1100, height: 1100))
            p.addEllipse(in: Rect(x: 235.5, y: 916.5, width: 700, height: 700))
            return (p, .evenOdd, .radialGradient(three, startCenter: Point(x: 450, y: 1100), startRadius: 10,
                                                 endCenter: Point(x: 585.5, y: 1266.5), endRadius: 600), 1101 * 1101)
        }
    }

    /// Runs each test `repeats` times on a fresh opaque canvas; the best run counts.
    public static func run(tests: [Test] = Test.allCases, repeats: Int = 3,
                           report: ((Result) -> Void)? = nil) throws -> [Result] {
        var results: [Result] = []
        for test in tests {
            let s = scene(for: test)
            var best = Double.infinity
            for _ in 0..<max(1, repeats) {
                let canvas = try Canvas(width: canvasWidth, height: canvasHeight, background: .white)
                canvas.setFillPaint(s.paint)
                let t0 = RasterBenchmark.monotonicSeconds()
                canvas.fill(s.path, rule: s.rule)
                best = min(best, RasterBenchmark.monotonicSeconds() - t0)
            }
            let r = Result(test: test, seconds: best, pixels: s.pixels)
            report?(r)
            results.append(r)
        }
        return results
    }
}
