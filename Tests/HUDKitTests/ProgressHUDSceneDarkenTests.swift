// ProgressHUDSceneDarkenTests: the overlay's darkening (vector lanes, written in one pass from the
// backdrop) gives the scalar source-over formula's bytes, for every opacity step and where the
// coverage is zero, partial or missing.
import XCTest
@testable import HUDKit
@testable import HUDRaster

final class ProgressHUDSceneDarkenTests: XCTestCase {
    func testDarkenMatchesTheScalarFormula() throws {
        var rng = SystemRandomNumberGenerator()
        let w = 23, h = 7, n = w * h
        var bytes = [UInt8](repeating: 0, count: n * 4)
        for i in 0..<n {
            let a = UInt8.random(in: 0...255, using: &rng)
            bytes[i * 4 + 3] = a
            for c in 0..<3 { bytes[i * 4 + c] = UInt8.random(in: 0...a, using: &rng) }
        }
        let base = try Image(width: w, height: h, premultipliedPixels: bytes)
        for coverageCount in [n, n - 3, 10] {
            // Runs of zero coverage (passed through) between random coverage.
            let coverage = (0..<coverageCount).map { i in (i / 4) % 3 == 0 ? 0 : UInt8.random(in: 0...255, using: &rng) }
            for k in [0, 1, 77, 128, 255, 256] {
                var expected = bytes
                for i in 0..<min(coverageCount, n) {
                    let a = (Int(coverage[i]) * k) >> 8
                    guard a != 0 else { continue }
                    for c in 0..<4 {
                        let v = (Int(bytes[i * 4 + c]) * (255 - a) + 127) / 255
                        expected[i * 4 + c] = UInt8(c == 3 ? a + v : v)
                    }
                }
                let out = try ProgressHUDScene.darken(base, by: coverage, k: k)
                XCTAssertEqual(out.pixels, expected, "coverage \(coverageCount) k \(k)")
            }
        }
    }
}
