// GIF nearest-colour cache: what was stored is found, through the table's growth, and nothing else.
import XCTest
@testable import HUDCodecs

final class GIFNearestCacheTests: XCTestCase {
    func testStoredColoursAreFoundAfterTheTableGrows() {
        var cache = GIF.NearestCache()
        // Many more colours than the first table holds, spread over the whole colour cube, with
        // black (key 0) and white among them.
        let colours = [0, 0xFF_FFFF] + (1..<40_000).map { ($0 &* 2_654_435_761) & 0xFF_FFFF }
        var stored: [UInt32: UInt8] = [:]
        for c in colours.map(UInt32.init) where stored[c] == nil {
            let index = UInt8(c % 255)
            XCTAssertNil(cache.index(of: c), "colour \(c) before it is stored")
            cache.insert(c, index)
            stored[c] = index
        }
        XCTAssertGreaterThan(stored.count, 1 << GIF.NearestCache.initialBits, "the table had to grow")
        for (c, index) in stored { XCTAssertEqual(cache.index(of: c), index, "colour \(c)") }
        var absent = 0
        for c in UInt32(0x10_0000)..<UInt32(0x10_0400) where stored[c] == nil {
            XCTAssertNil(cache.index(of: c), "colour \(c) was never stored")
            absent += 1
        }
        XCTAssertGreaterThan(absent, 1000)
    }
}
