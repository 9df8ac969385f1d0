// RasterGolden: the helpers shared by the rasterizer's golden-image tests (Golden*Tests here).
//
// Design note: in the style of tiny-skia's integration tests, each feature of HUDRaster has one
// test file that draws a few small scenes and compares them pixel for pixel with PNGs committed in
// __Snapshots__/<TestFile>/. They pin the bytes, so a refactor of the rasterizer that claims "same
// bytes" is checked by `swift test`, not by a script. A missing reference fails the test: the run
// records it (HUDRENDER_RECORD=missing, the default outside CI) and says so; CI never records.
// Re-record with `FILTER=HUDRasterTests.Golden Scripts/record-goldens.sh`, and look at the images
// before committing them.

import HUDRaster

enum RasterGolden {
    /// A canvas on a light grey that is none of the scenes' colours, so that edges stay visible.
    static func canvas(_ width: Int, _ height: Int, background: Color = Color(hex: "#E9E9EE")!) throws -> Canvas {
        try Canvas(width: width, height: height, background: background)
    }

    /// A coverage mask as an opaque grey image (black = no coverage, white = full), placed in
    /// its own box, so that it can be compared as a PNG.
    static func image(of mask: Mask) throws -> Image {
        var px = [UInt8](repeating: 255, count: mask.width * mask.height * 4)
        for (i, c) in mask.coverage.enumerated() { px[4 * i] = c; px[4 * i + 1] = c; px[4 * i + 2] = c }
        return try Image(width: mask.width, height: mask.height, premultipliedPixels: px)
    }

    /// A regular star of `points` tips (a pentagram-like self-crossing polygon when `step` > 1).
    static func star(center c: Point, radius r: Double, points: Int, step: Int, rotation: Double = 0.1) -> Path {
        var p = Path()
        for k in 0..<points {
            let a = rotation + 2 * Double.pi * Double(k * step) / Double(points)
            let q = Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    /// A polygon of `n` seeded pseudo-random vertices in `box` (a tangle that crosses itself).
    static func tangle(in box: Rect, vertices n: Int, seed: UInt64) -> Path {
        var s = seed
        func unit() -> Double {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            return Double(s >> 11) / Double(1 << 53)
        }
        var p = Path()
        for k in 0..<n {
            let q = Point(x: box.minX + unit() * box.width, y: box.minY + unit() * box.height)
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
