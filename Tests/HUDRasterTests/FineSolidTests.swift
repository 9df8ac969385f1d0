// Compositor.FineSolid: translucent solid colours at full coverage are blended at the colour's own
// precision, not at its RGBA8 rounding, on every path a fill can take.
import XCTest
@testable import HUDRaster

final class FineSolidTests: XCTestCase {
    /// The exact premultiplied source-over of `color` at global `alpha` on the opaque grey `d`.
    func exact(_ color: Color, alpha: Double, on d: Double) -> SIMD4<Double> {
        let a = color.alpha * alpha
        return SIMD4(color.red * a * 255, color.green * a * 255, color.blue * a * 255, a * 255) + SIMD4(d, d, d, 255) * (1 - a)
    }

    /// Every destination value and a spread of colours and alphas: the vector and scalar forms
    /// agree and are within half a level (plus the fixed point's 1/128) of the exact blend.
    func testBlendIsWithinRoundingOfTheExactValue() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double { state = state &* 6364136223846793005 &+ 1442695040888963407; return Double(state >> 11) / Double(1 << 53) }
        var checked = 0
        for _ in 0..<300 {
            let color = Color(red: next(), green: next(), blue: next(), alpha: 0.02 + 0.96 * next())
            let alpha = next() < 0.5 ? 1 : 0.1 + 0.9 * next()
            let s8 = Compositor.pack(color), a8 = UInt32((alpha * 255).rounded())
            guard let f = Compositor.FineSolid(color, alpha: alpha, s: a8 == 255 ? s8 : Compositor.scale(s8, a8)) else { continue }
            for d in 0...255 {
                let px = UInt32(d) | UInt32(d) << 8 | UInt32(d) << 16 | 255 << 24
                let one = f.blend1(px)
                let four = unsafeBitCast(f.blend4(unsafeBitCast(SIMD4<UInt32>(repeating: px), to: SIMD8<UInt16>.self)),
                                         to: SIMD4<UInt32>.self)
                XCTAssertEqual(four, SIMD4(repeating: one))
                let e = exact(color, alpha: alpha, on: Double(d))
                let got = SIMD4<Double>(Double(one & 255), Double((one >> 8) & 255), Double((one >> 16) & 255), Double(one >> 24))
                let err = got - e
                XCTAssertLessThanOrEqual(max(err.max(), -err.min()), 0.5 + 1.0 / 128, "colour \(color) alpha \(alpha) on \(d)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 200 * 256)
    }

    /// Colours whose premultiplied RGBA8 form is exact, and opaque or invisible ones, keep the
    /// RGBA8 path.
    func testExactColoursKeepTheRGBA8Path() {
        let grey = Color(r8: 255, g8: 255, b8: 255, a8: 51)
        XCTAssertNil(Compositor.FineSolid(grey, alpha: 1, s: Compositor.pack(grey)))
        XCTAssertNil(Compositor.FineSolid(.black, alpha: 0.2, s: Compositor.scale(Compositor.pack(.black), 51)))
        XCTAssertNil(Compositor.FineSolid(.black, alpha: 1, s: Compositor.pack(.black)))
        XCTAssertNotNil(Compositor.FineSolid(Color(white: 0, alpha: 0.3), alpha: 1, s: Compositor.pack(Color(white: 0, alpha: 0.3))))
    }

    /// A 30 % black overlay on grey 247, filled as a rectangle (box path), as a rotated square and
    /// a circle (the sweep), and through a clip mask (the coverage buffer): every fully covered
    /// pixel is 247 * 0.7 = 172.9, rounded to 173. RGBA8's 77/255 gave 172.
    func testOverlayIsCorrectlyRoundedOnEveryPath() throws {
        var square = Path(); square.addRect(Rect(x: 20, y: 20, width: 60, height: 60))
        let rotated = square.applying(Transform(rotationAngle: 0.4, about: Point(x: 50, y: 50)))
        var circle = Path(); circle.addEllipse(in: Rect(x: 10, y: 10, width: 80, height: 80))
        for (name, path, clipped) in [("box", square, false), ("rotated", rotated, false), ("circle", circle, false), ("clipped", square, true)] {
            let c = try Canvas(width: 100, height: 100, background: Color(r8: 247, g8: 247, b8: 247))
            if clipped { c.clip(to: circle) }
            c.setFillColor(Color(white: 0, alpha: 0.3))
            c.fill(path)
            let i = (50 * 100 + 50) * 4
            XCTAssertEqual(Array(c.image.pixels[i..<i + 4]), [173, 173, 173, 255], name)
        }
    }
}
