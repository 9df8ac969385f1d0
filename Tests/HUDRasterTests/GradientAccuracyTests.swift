// GradientAccuracyTests: gradient pixels against the gradient evaluated in Double at each pixel centre.
//
// Design note: the fast gradient loops (table lookups, fixed-point stepping, four pixels at a time)
// must stay as accurate as the plain evaluation: every pixel of an opaque full-canvas fill is
// compared with `Gradient.color(at:)` at the exact t of its centre, in 1/255 levels. The table has
// 1024 entries, so a pixel may be up to half an entry away in t; with these gradients that is well
// under a level, plus the half level of 8-bit rounding. The figures are printed, so a run shows them.

import XCTest
@testable import HUDRaster

final class GradientAccuracyTests: XCTestCase {
    static let size = 257
    let blue = Color(red: 0.1, green: 0.45, blue: 0.95), pink = Color(red: 0.95, green: 0.3, blue: 0.55)
    let gold = Color(red: 1, green: 0.8, blue: 0.2)

    /// Max and mean |pixel - 255 * exact| over all channels of a full-canvas fill with `paint`,
    /// where `t(x, y)` is the exact t (before spread) at pixel centre (x, y).
    func error(_ paint: Paint, _ g: Gradient, spread: SpreadMode = .pad, _ t: (Double, Double) -> Double) throws -> (Double, Double) {
        let n = GradientAccuracyTests.size
        let c = try Canvas(width: n, height: n, background: .white)
        c.setFillPaint(paint)
        c.fill(Rect(x: 0, y: 0, width: Double(n), height: Double(n)))
        let px = c.image.pixels
        var worst = 0.0, sum = 0.0
        for y in 0..<n {
            for x in 0..<n {
                var u = t(Double(x) + 0.5, Double(y) + 0.5)
                switch spread {
                case .pad: u = min(max(u, 0), 1)
                case .repeat: u -= u.rounded(.down)
                case .reflect: u -= 2 * (u / 2).rounded(.down); if u > 1 { u = 2 - u }
                }
                let e = g.color(at: u)
                let i = (y * n + x) * 4
                for (k, v) in [e.red, e.green, e.blue].enumerated() {
                    let d = abs(Double(px[i + k]) - 255 * v)
                    worst = max(worst, d); sum += d
                }
            }
        }
        return (worst, sum / Double(n * n * 3))
    }

    func check(_ name: String, _ r: (Double, Double), file: StaticString = #filePath, line: UInt = #line) {
        print("GradientAccuracy \(name): max \(String(format: "%.3f", r.0)) mean \(String(format: "%.4f", r.1)) levels")
        XCTAssertLessThan(r.0, 1.0, name, file: file, line: line)
        XCTAssertLessThan(r.1, 0.3, name, file: file, line: line)
    }

    func testLinear() throws {
        let g = Gradient(colors: [blue, gold, pink], locations: [0, 0.3, 1])
        let s = Point(x: 10, y: 20), e = Point(x: 240, y: 200)
        let dx = e.x - s.x, dy = e.y - s.y, l2 = dx * dx + dy * dy
        check("linear diagonal", try error(.linearGradient(g, start: s, end: e), g) { x, y in ((x - s.x) * dx + (y - s.y) * dy) / l2 })
        check("linear horizontal", try error(.linearGradient(g, start: Point(x: 3, y: 0), end: Point(x: 250, y: 0)), g) { x, _ in (x - 3) / 247 })
        let r = Gradient(colors: [blue, gold, pink, .white], interpolation: .oklab)
        let s2 = Point(x: 100, y: 90), e2 = Point(x: 160, y: 130)
        let ex = e2.x - s2.x, ey = e2.y - s2.y, m2 = ex * ex + ey * ey
        check("linear reflect", try error(.linearGradient(r, start: s2, end: e2, spread: .reflect), r, spread: .reflect) { x, y in
            ((x - s2.x) * ex + (y - s2.y) * ey) / m2
        })
    }

    func testRadial() throws {
        let g = Gradient(colors: [blue, gold, pink], locations: [0, 0.3, 1])
        let c = Point(x: 128.5, y: 120)
        check("radial concentric", try error(.radialGradient(g, startCenter: c, startRadius: 8, endCenter: c, endRadius: 150), g) { x, y in
            (((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)).squareRoot() - 8) / 142
        })
        check("radial repeat", try error(.radialGradient(g, startCenter: c, startRadius: 0, endCenter: c, endRadius: 40, spread: .repeat),
                                          g, spread: .repeat) { x, y in
            ((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)).squareRoot() / 40
        })
        // Focal: the start circle (a point) inside the end circle; t is the larger root.
        let f = Point(x: 90, y: 100), e = Point(x: 128, y: 128), r1 = 170.0
        check("radial two-circle", try error(.radialGradient(g, startCenter: f, startRadius: 0, endCenter: e, endRadius: r1), g) { x, y in
            let cdx = e.x - f.x, cdy = e.y - f.y, px = x - f.x, py = y - f.y
            let a = cdx * cdx + cdy * cdy - r1 * r1, b = px * cdx + py * cdy, cc = px * px + py * py
            return (b - (b * b - a * cc).squareRoot()) / a
        })
    }
}
