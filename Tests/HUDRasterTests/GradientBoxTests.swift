// GradientBoxTests: a gradient drawn across the clip gives the pixels of the same gradient
// filling a rectangle.
//
// Design note: `drawRadialGradient` paints a box (no coverage to read): its spans are blended by
// `Compositor.overSpan`, and rows and halves of rows of a concentric gradient centred on the
// canvas are shaded once for both sides (Shader+RowMirror, `Shader.shadeConcentricRow`). A
// rectangle fill with the same paint goes through the coverage path without those shortcuts, so
// the two must agree byte for byte, over a background with every kind of pixel under it.

import XCTest
@testable import HUDRaster

final class GradientBoxTests: XCTestCase {
    let glow = Gradient(colors: [Color(white: 0, alpha: 0), Color(red: 0.2, green: 0.1, blue: 0, alpha: 0.4),
                                 Color(red: 1, green: 1, blue: 1, alpha: 1), Color(white: 0, alpha: 0.5)],
                        locations: [0, 0.4, 0.7, 1])

    /// A canvas with stripes of opaque, translucent and transparent pixels.
    func backdrop(_ w: Int, _ h: Int) throws -> Canvas {
        let c = try Canvas(width: w, height: h)
        for i in 0..<(w / 6) {
            c.setFillColor(Color(red: Double(i % 5) / 4, green: 0.5, blue: Double(i % 3) / 2, alpha: [1, 0.5, 0][i % 3]))
            c.fill(Rect(x: Double(i * 6), y: 0, width: 5, height: Double(h)))
        }
        return c
    }

    func testDrawnRadialMatchesTheFilledRectangle() throws {
        // Centres on a pixel centre, between pixels, and off the symmetric positions; scales
        // that keep positions exact and one that does not.
        let cases: [(Double, Double, Double)] = [(40, 30, 1), (40.5, 30.5, 1), (40.25, 31, 1), (20, 15, 2), (13, 10, 3)]
        var mirrored = 0
        for (cx, cy, scale) in cases {
            let w = 81, h = 61
            let a = try backdrop(w, h), b = try backdrop(w, h)
            a.scaleBy(x: scale, y: scale); b.scaleBy(x: scale, y: scale)
            let centre = Point(x: cx, y: cy)
            a.drawRadialGradient(glow, startCenter: centre, startRadius: 3, endCenter: centre, endRadius: 25,
                                 options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            b.setFillPaint(.radialGradient(glow, startCenter: centre, startRadius: 3, endCenter: centre, endRadius: 25))
            b.fill(Rect(x: -10, y: -10, width: 200, height: 200))
            XCTAssertEqual(a.image.pixels, b.image.pixels, "centre \(cx), \(cy) at scale \(scale)")
            let sh = Shader(.radialGradient(glow, startCenter: centre, startRadius: 3, endCenter: centre, endRadius: 25),
                            ctm: Transform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0))
            if sh.mirrorRow(5) != nil { mirrored += 1 }
        }
        XCTAssertGreaterThanOrEqual(mirrored, 3, "the symmetric cases pair their rows")
    }
}
