// Blur+BoxLanes: the three-box passes run four rows at a time and down the columns give every value
// of the one-line passes along rows and (transposed) columns, to the last bit; a blurred mask's
// coverage is the plane rounded as before.
import XCTest
@testable import HUDRaster

final class BlurBoxLanesTests: XCTestCase {
    /// The box blur as one line at a time: rows, then each column copied out, passed and copied back.
    private func reference(_ plane: [Double], _ w: Int, _ h: Int, sigma: Double) -> [Double] {
        var p = plane
        let boxes = Blur.boxes(window: Blur.boxWindow(sigma: sigma))
        var tmp = [Double](repeating: 0, count: max(w, h))
        var line = [Double](repeating: 0, count: max(w, h))
        tmp.withUnsafeMutableBufferPointer { t in
            p.withUnsafeMutableBufferPointer { pl in
                for y in 0..<h { for (lo, hi) in boxes { Blur.boxPass(pl.baseAddress! + y * w, t.baseAddress!, w, lo, hi) } }
            }
            for x in 0..<w {
                for y in 0..<h { line[y] = p[y * w + x] }
                line.withUnsafeMutableBufferPointer { l in
                    for (lo, hi) in boxes { Blur.boxPass(l.baseAddress!, t.baseAddress!, h, lo, hi) }
                }
                for y in 0..<h { p[y * w + x] = line[y] }
            }
        }
        return p
    }

    func testSameBitsAsOneLineAtATime() {
        var rng = SystemRandomNumberGenerator()
        for (w, h, sigma) in [(1, 1, 2.0), (3, 7, 2.5), (9, 5, 4.0), (17, 23, 15.0), (40, 33, 6.3), (205, 192, 15.0), (6, 50, 30.0)] {
            var plane = [Double](repeating: 0, count: w * h)
            for i in plane.indices where Int.random(in: 0..<3, using: &rng) != 0 { plane[i] = Double(Int.random(in: 0...255, using: &rng)) }
            // An empty band of rows, as a mask's margins are.
            for y in 0..<min(h, 4) { for x in 0..<w { plane[y * w + x] = 0 } }
            let expected = reference(plane, w, h, sigma: sigma)
            var scratch = Blur.Scratch()
            Blur.blurPlane(&plane, width: w, height: h, sigma: sigma, scratch: &scratch)
            XCTAssertEqual(plane.map(\.bitPattern), expected.map(\.bitPattern), "\(w)x\(h) sigma \(sigma)")
        }
    }

    /// A blurred mask's coverage is floor(v + 0.5) of the blurred plane, clamped to 0...255.
    func testMaskCoverageIsTheRoundedPlane() {
        var rng = SystemRandomNumberGenerator()
        for sigma in [0.8, 2.0, 5.5, 15.0] {
            let mask = Mask(originX: 3, originY: -2, width: 31, height: 17,
                            coverage: (0..<(31 * 17)).map { _ in Bool.random(using: &rng) ? 255 : UInt8.random(in: 0...255, using: &rng) })
            let r = Blur.reach(sigma: sigma), w = mask.width + 2 * r, h = mask.height + 2 * r
            var plane = [Double](repeating: 0, count: w * h)
            for y in 0..<mask.height { for x in 0..<mask.width { plane[(y + r) * w + x + r] = Double(mask.coverage[y * mask.width + x]) } }
            var scratch = Blur.Scratch()
            Blur.blurPlane(&plane, width: w, height: h, sigma: sigma, scratch: &scratch)
            let expected = plane.map { p -> UInt8 in
                let v = (p + 0.5).rounded(.down)
                return v <= 0 ? 0 : (v >= 255 ? 255 : UInt8(v))
            }
            XCTAssertEqual(Blur.blurred(mask: mask, sigma: sigma).coverage, expected, "sigma \(sigma)")
        }
    }
}
