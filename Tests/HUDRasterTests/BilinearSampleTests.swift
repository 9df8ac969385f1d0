// Shader+TranslatedSample and Shader+SampleLanes: bilinear sampling a row at a time (translations)
// and four pixels at a time (any other transform) gives the per-pixel fixed-point formula's bytes,
// inside the image, at its clamped edges and beyond them.
import XCTest
@testable import HUDRaster

final class BilinearSampleTests: XCTestCase {
    /// The general fixed-point bilinear formula, one pixel at a time.
    private func reference(_ img: Image, inv: Transform, y: Int, x: Int, n: Int) -> [UInt32] {
        let w = img.width, h = img.height, px = img.pixels
        func texel(_ cx: Int, _ cy: Int) -> UInt32 {
            let k = (cy * w + cx) * 4
            return UInt32(px[k]) | UInt32(px[k + 1]) << 8 | UInt32(px[k + 2]) << 16 | UInt32(px[k + 3]) << 24
        }
        let py = Double(y) + 0.5
        let u = (inv.a * (Double(x) + 0.5) + inv.c * py + inv.tx - 0.5) * 256
        let v = (inv.b * (Double(x) + 0.5) + inv.d * py + inv.ty - 0.5) * 256
        var U = Int64(u * 65536), V = Int64(v * 65536)
        let DU = Int64(inv.a * 256 * 65536), DV = Int64(inv.b * 256 * 65536)
        var out: [UInt32] = []
        for _ in 0..<n {
            let iu = Int(U >> 16), iv = Int(V >> 16)
            let x0 = iu >> 8, y0 = iv >> 8
            let fx = UInt32(iu & 255), fy = UInt32(iv & 255)
            let xa = min(max(x0, 0), w - 1), xb = min(max(x0 + 1, 0), w - 1)
            let ya = min(max(y0, 0), h - 1), yb = min(max(y0 + 1, 0), h - 1)
            let top = Shader.lerpPacked(texel(xa, ya), texel(xb, ya), fx)
            let bot = Shader.lerpPacked(texel(xa, yb), texel(xb, yb), fx)
            out.append(Shader.lerpPacked(top, bot, fy))
            U += DU; V += DV
        }
        return out
    }

    private func randomImage(_ w: Int, _ h: Int) throws -> Image {
        var rng = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = UInt8.random(in: 0...255, using: &rng)
            bytes[i * 4 + 3] = a
            for c in 0..<3 { bytes[i * 4 + c] = UInt8.random(in: 0...a, using: &rng) }
        }
        return try Image(width: w, height: h, premultipliedPixels: bytes)
    }

    func testRotationsAndScalesMatchTheGeneralFormula() throws {
        let img = try randomImage(41, 29)
        var out = [UInt32](repeating: 0, count: 90)
        for angle in [0.0, 0.013, -0.14, 0.7, Double.pi / 2, 2.5] {
            for scale in [1.0, 0.8, 1.7] {
                // The inverse of: scale, rotate, then move to (30.3, -4.6).
                let c = cos(angle) / scale, s = sin(angle) / scale
                let inv = Transform(a: c, b: -s, c: s, d: c, tx: -(c * 30.3 + s * -4.6), ty: -(-s * 30.3 + c * -4.6))
                for y in [-8, 0, 5, 17, 40] {
                    for (x, n) in [(0, 90), (-30, 90), (25, 7), (31, 4), (3, 1)] {
                        out.withUnsafeMutableBufferPointer { Shader.sampleBilinear(img, inv: inv, y: y, x: x, n: n, out: $0.baseAddress!) }
                        XCTAssertEqual(Array(out[0..<n]), reference(img, inv: inv, y: y, x: x, n: n), "angle \(angle) scale \(scale) row \(y) x \(x) n \(n)")
                    }
                }
            }
        }
    }

    func testTranslationsMatchTheGeneralFormula() throws {
        let w = 37, h = 11
        let img = try randomImage(w, h)
        var out = [UInt32](repeating: 0, count: 80)
        for (tx, ty) in [(0.0, 0.0), (-89.5, -323.0), (-0.5, 0.25), (3.75, -2.0), (-40.125, 5.5), (12.0, -20.000061)] {
            for y in [-3, 0, 4, 10, 12] {
                for (x, n) in [(0, 37), (-5, 50), (7, 3), (-20, 80), (30, 20), (1, 1)] {
                    let inv = Transform(translationX: tx, y: ty)
                    out.withUnsafeMutableBufferPointer { Shader.sampleBilinear(img, inv: inv, y: y, x: x, n: n, out: $0.baseAddress!) }
                    XCTAssertEqual(Array(out[0..<n]), reference(img, inv: inv, y: y, x: x, n: n), "t (\(tx), \(ty)) row \(y) x \(x) n \(n)")
                }
            }
        }
    }
}
