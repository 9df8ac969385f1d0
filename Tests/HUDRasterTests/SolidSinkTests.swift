// The fused solid-colour fill (Rasterizer.SolidSink, composited where the coverage is computed)
// against the coverage-buffer path (a mask of the same path, drawn through the shader pipeline):
// the two must give the same bytes for every kind of row the sweep makes.
import XCTest
@testable import HUDRaster

final class SolidSinkTests: XCTestCase {
    /// Rotated rects from 3 to 300 px (short rows, rows read by their group bits, inside stretches
    /// shorter and longer than a run), a rounded rect, a self-crossing polygon, a sliver and a
    /// shape partly off the canvas; opaque and translucent colours, global alpha, both rules.
    func shapes() -> [Path] {
        var out: [Path] = []
        for (k, size) in [3.0, 9.5, 40, 130, 300].enumerated() {
            var p = Path()
            let r = Rect(x: 12.3 + Double(k) * 7, y: 8.6 + Double(k) * 5, width: size, height: size * 0.7)
            p.addRect(r)
            out.append(p.applying(Transform(rotationAngle: 0.3 + 0.2 * Double(k), about: r.center)))
        }
        var round = Path(); round.addRoundedRect(in: Rect(x: 20.25, y: 30.5, width: 150, height: 90), cornerRadius: 14)
        var star = Path()
        for k in 0..<11 {
            let a = Double(k) * 4 * Double.pi / 11, q = Point(x: 150 + 120 * cos(a), y: 140 + 110 * sin(a))
            if k == 0 { star.move(to: q) } else { star.addLine(to: q) }
        }
        star.closeSubpath()
        var sliver = Path(); sliver.move(to: Point(x: 5, y: 5)); sliver.addLine(to: Point(x: 290, y: 9.3)); sliver.addLine(to: Point(x: 6, y: 6.2))
        sliver.closeSubpath()
        var off = Path(); off.addEllipse(in: Rect(x: -40.5, y: 200.3, width: 160, height: 150))
        return out + [round, star, sliver, off]
    }

    /// What a solid fill did before the fused path: coverage spans from the sweep, each blended
    /// by `Compositor.blendSolid` (with the colour's `FineSolid` form, as the canvas passes it).
    func spanFill(_ c: Canvas, _ p: Path, _ rule: FillRule, _ color: Color, alpha: Double) {
        let w = c.image.width, h = c.image.height
        let e = c.engine
        _ = e.reset(region: PixelRect(x0: 0, y0: 0, x1: w, y1: h), adding: p, transform: .identity, knownFinite: false)
        let s = Compositor.pack(color), a8 = UInt32((alpha * 255).rounded())
        let fine = Compositor.FineSolid(color, alpha: alpha, s: a8 == 255 ? s : Compositor.scale(s, a8))
        c.targets[0].image.pixels.withUnsafeMutableBufferPointer { buf in
            buf.withMemoryRebound(to: UInt32.self) { px in
                let d = px.baseAddress!
                e.sweep(rule: rule) { y, x, n, cov in
                    Compositor.blendSolid(d + y * w + x, n, s, cov, a8, .normal, fine: fine)
                }
            }
        }
    }

    func testFusedFillMatchesTheCoverageBufferPath() throws {
        let colors = [Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 1), Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6)]
        for (i, p) in shapes().enumerated() {
            for rule in [FillRule.winding, .evenOdd] {
                for color in colors {
                    for alpha in [1.0, 0.45] {
                        let a = try Canvas(width: 320, height: 300, background: Color(white: 0.5, alpha: 0.7))
                        a.setFillColor(color); a.setAlpha(alpha)
                        a.fill(p, rule: rule)
                        let b = try Canvas(width: 320, height: 300, background: Color(white: 0.5, alpha: 0.7))
                        spanFill(b, p, rule, color, alpha: alpha)
                        let differing = zip(a.image.pixels, b.image.pixels).filter { $0 != $1 }.count
                        XCTAssertEqual(differing, 0, "shape \(i), \(rule), alpha \(color.alpha) * \(alpha)")
                        let blank = try Canvas(width: 320, height: 300, background: Color(white: 0.5, alpha: 0.7))
                        XCTAssertNotEqual(a.image.pixels, blank.image.pixels, "shape \(i) drew nothing")
                    }
                }
            }
        }
    }

    /// Inside a transparency layer the fill goes to a scratch image whose top-left pixel is not
    /// device (0, 0): the fused path must address its rows from there. Composited at alpha 1 onto
    /// the canvas, the layer gives what the same fill gives drawn directly.
    func testFusedFillInsideAClippedLayer() throws {
        for (i, p) in shapes().enumerated() {
            let a = try Canvas(width: 320, height: 300, background: .white)
            let b = try Canvas(width: 320, height: 300, background: .white)
            for c in [a, b] {
                c.clip(to: Rect(x: 17, y: 23, width: 250, height: 200))
                c.setFillColor(Color(red: 0.1, green: 0.6, blue: 0.3, alpha: 0.8))
            }
            a.beginTransparencyLayer()
            a.fill(p)
            a.endTransparencyLayer()
            b.fill(p)
            let differing = zip(a.image.pixels, b.image.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "shape \(i)")
        }
    }
}
