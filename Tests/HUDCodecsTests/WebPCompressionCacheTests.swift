// WebP compression cache: a rectangle is found again only by its exact pixels and size, and the
// oldest entries go once the budget is reached.
import XCTest
import HUDRaster
@testable import HUDCodecs

final class WebPCompressionCacheTests: XCTestCase {
    func testFoundByExactPixelsAndSize() {
        let cache = WebP.CompressionCache(budget: 1000)
        let pixels = [UInt8](repeating: 7, count: 32)
        cache.insert(width: 4, height: 2, pixels: pixels, data: [1, 2, 3])
        XCTAssertEqual(cache.data(width: 4, height: 2, pixels: pixels), [1, 2, 3])
        XCTAssertNil(cache.data(width: 2, height: 4, pixels: pixels), "same pixels, another shape")
        var other = pixels
        other[31] = 8
        XCTAssertNil(cache.data(width: 4, height: 2, pixels: other))
    }

    func testOldestEntriesGoPastTheBudget() {
        let cache = WebP.CompressionCache(budget: 800)
        let a = [UInt8](repeating: 1, count: 80), b = [UInt8](repeating: 2, count: 80)
        for k in 0..<9 {
            cache.insert(width: 20, height: 1, pixels: [UInt8](repeating: UInt8(k), count: 80), data: [UInt8(k), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        }
        XCTAssertNil(cache.data(width: 20, height: 1, pixels: [UInt8](repeating: 0, count: 80)), "9 x 100 bytes is past the budget")
        XCTAssertEqual(cache.data(width: 20, height: 1, pixels: a)?.first, 1)
        XCTAssertEqual(cache.data(width: 20, height: 1, pixels: b)?.first, 2)
        cache.insert(width: 25, height: 1, pixels: [UInt8](repeating: 9, count: 100), data: [9])
        XCTAssertNil(cache.data(width: 25, height: 1, pixels: [UInt8](repeating: 9, count: 100)), "more than an eighth of the budget")
        XCTAssertEqual(cache.data(width: 20, height: 1, pixels: a)?.first, 1, "and it evicts nothing")
    }

    /// A box stepping round four places three times: from the second round on, every frame's
    /// rectangles come from the cache, and the file still decodes to exactly the frames.
    func testLoopingAnimationIsExact() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/loop.webp"
        let webp = try WebP.Encoder(path: path)
        var frames: [Image] = []
        for k in 0..<12 {
            var px = [UInt8](repeating: 0, count: 32 * 32 * 4)
            let x = 4 + (k % 4) * 6
            for y in 10..<16 { for i in x..<(x + 6) { px[(y * 32 + i) * 4..<(y * 32 + i) * 4 + 4] = [200, 40, UInt8(k % 4 * 50), 255] } }
            frames.append(try Image(width: 32, height: 32, straightPixels: px))
        }
        for f in frames { try webp.append(f, duration: 0.05) }
        try webp.finish()
        XCTAssertEqual(try WebP.read(path).frames.map(\.pixels), frames.map(\.pixels))
    }
}
