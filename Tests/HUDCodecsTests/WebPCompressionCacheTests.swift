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
        let cache = WebP.CompressionCache(budget: 100)
        let a = [UInt8](repeating: 1, count: 40), b = [UInt8](repeating: 2, count: 40), c = [UInt8](repeating: 3, count: 40)
        cache.insert(width: 10, height: 1, pixels: a, data: [1])
        cache.insert(width: 10, height: 1, pixels: b, data: [2])
        cache.insert(width: 10, height: 1, pixels: c, data: [3])
        XCTAssertNil(cache.data(width: 10, height: 1, pixels: a), "82 + 41 bytes is past the budget")
        XCTAssertEqual(cache.data(width: 10, height: 1, pixels: b), [2])
        XCTAssertEqual(cache.data(width: 10, height: 1, pixels: c), [3])
        cache.insert(width: 30, height: 1, pixels: [UInt8](repeating: 4, count: 120), data: [4])
        XCTAssertNil(cache.data(width: 30, height: 1, pixels: [UInt8](repeating: 4, count: 120)), "larger than the budget")
        XCTAssertEqual(cache.data(width: 10, height: 1, pixels: b), [2], "and it evicts nothing")
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
