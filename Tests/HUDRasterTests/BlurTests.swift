// Gaussian blur: energy preservation, sigma measured from a blurred impulse, region and mask bounds.
import XCTest
@testable import HUDRaster

final class BlurTests: XCTestCase {
    /// Blurs a unit impulse in a Double plane and returns (total energy, measured sigma along x and y).
    private func impulse(sigma: Double) -> (Double, Double, Double) {
        let r = Blur.reach(sigma: sigma) + 4
        let n = 2 * r + 1
        var plane = [Double](repeating: 0, count: n * n)
        plane[r * n + r] = 1
        var scratch = Blur.Scratch()
        Blur.blurPlane(&plane, width: n, height: n, sigma: sigma, scratch: &scratch)
        var sum = 0.0, mx = 0.0, my = 0.0, vx = 0.0, vy = 0.0
        for y in 0..<n { for x in 0..<n { let v = plane[y * n + x]; sum += v; mx += v * Double(x); my += v * Double(y) } }
        mx /= sum; my /= sum
        for y in 0..<n { for x in 0..<n {
            let v = plane[y * n + x]
            vx += v * (Double(x) - mx) * (Double(x) - mx); vy += v * (Double(y) - my) * (Double(y) - my)
        } }
        XCTAssertEqual(mx, Double(r), accuracy: 1e-9, "blur must stay centred")
        XCTAssertEqual(my, Double(r), accuracy: 1e-9)
        return (sum, (vx / sum).squareRoot(), (vy / sum).squareRoot())
    }

    func testEnergyPreservedAndSigmaMeasured() {
        for s in [0.6, 1.0, 1.9, 2.0, 3.3, 7.5, 20] {
            let (e, sx, sy) = impulse(sigma: s)
            XCTAssertEqual(e, 1, accuracy: 1e-9, "sigma \(s)")
            // Direct taps are the Gaussian itself (truncated at 3 sigma); three boxes match it to a few %.
            let tol = s < 2 ? 0.03 : 0.07   // d = 4 at sigma 2 gives 2.12
            XCTAssertEqual(sx / s, 1, accuracy: tol, "sigma \(s) measured \(sx)")
            XCTAssertEqual(sy, sx, accuracy: 1e-9)
        }
    }

    func testMaskGrowsByReachAndKeepsItsInk() {
        let m = Mask(originX: 10, originY: 20, width: 12, height: 8, value: 200)
        let b = Blur.gaussian(mask: m, sigma: 4)
        let r = Blur.reach(sigma: 4)
        XCTAssertEqual(r, 12)
        XCTAssertEqual(b.originX, 10 - r); XCTAssertEqual(b.originY, 20 - r)
        XCTAssertEqual(b.width, 12 + 2 * r); XCTAssertEqual(b.height, 8 + 2 * r)
        XCTAssertEqual(b.area, m.area, accuracy: m.area * 0.01)
        // Nothing reaches the grown border, the centre is lower than the source, it is symmetric.
        XCTAssertEqual(b.value(atX: b.originX, y: b.originY), 0)
        XCTAssertLessThan(b.value(atX: 16, y: 24), 200)
        XCTAssertEqual(b.value(atX: 10, y: 24), b.value(atX: 21, y: 24))
    }

    func testImageRegionBlurTouchesOnlyTheRegionAndStaysPremultiplied() throws {
        var img = try Image(width: 40, height: 30, fill: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        for y in 10..<20 { for x in 10..<20 { img[x, y] = (255, 255, 255, 255) } }
        let before = img
        Blur.gaussian(&img, sigma: 2.5, region: (x: 5, y: 5, width: 20, height: 20))
        for y in 0..<30 { for x in 0..<40 where !(5..<25).contains(x) || !(5..<25).contains(y) {
            XCTAssertTrue(img[x, y] == before[x, y], "pixel \(x),\(y) outside the region changed")
        } }
        XCTAssertNotEqual(img.pixels, before.pixels)
        for i in stride(from: 0, to: img.pixels.count, by: 4) {
            XCTAssertLessThanOrEqual(img.pixels[i], img.pixels[i + 3])
            XCTAssertLessThanOrEqual(img.pixels[i + 1], img.pixels[i + 3])
        }
        XCTAssertGreaterThan(img[15, 15].a, 235)   // 2 sigma inside the block: ~0.95 of the way to white
    }

    func testWholeImageBlurKeepsUniformInteriorAndEnergy() throws {
        var img = try Image(width: 64, height: 64)
        for y in 24..<40 { for x in 24..<40 { img[x, y] = (0, 0, 255, 255) } }
        let inkBefore = img.pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        Blur.gaussian(&img, sigma: 3)
        let inkAfter = img.pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        XCTAssertEqual(Double(inkAfter), Double(inkBefore), accuracy: Double(inkBefore) * 0.005)
        XCTAssertEqual(img[31, 31].b, img[31, 31].a)
        XCTAssertEqual(img[10, 31].a, img[53, 31].a)   // symmetric about the block
    }

    func testSigmaClampAndBadSigma() {
        let m = Mask(originX: 0, originY: 0, width: 2, height: 2, value: 255)
        XCTAssertEqual(Blur.gaussian(mask: m, sigma: 1000).width, 2 + 2 * 750)
        XCTAssertEqual(Blur.gaussian(mask: m, sigma: .nan), m)
        XCTAssertEqual(Blur.gaussian(mask: m, sigma: -3), m)
        XCTAssertEqual(Blur.gaussian(mask: m, sigma: 0), m)
        XCTAssertEqual(Blur.sigma(forCGBlur: 10), 5)
        XCTAssertEqual(Blur.sigma(forCGBlur: -1), 0)
        XCTAssertEqual(Blur.boxWindow(sigma: 2), 4)   // floor(2 * 1.88 + 0.5)
    }
}
