// GIFHistogramTests: ColorStatistics stays a value although its histogram (GIF.Histogram) is a
// reference: a copy that goes on counting leaves the original's sums as they were.
import XCTest
@testable import HUDCodecs

final class GIFHistogramTests: XCTestCase {
    func testCopiedStatisticsAreIndependent() {
        let grey: UInt32 = GIF.opaqueBit | 0x808080, white: UInt32 = GIF.opaqueBit | 0xFFFFFF, red: UInt32 = GIF.opaqueBit | 0xFF0000
        var a = GIF.ColorStatistics(exactLimit: 255)
        a.add([UInt32](repeating: grey, count: 64), at: 0)
        a.add([UInt32](repeating: white, count: 64), at: 1)
        let k = GIF.ColorStatistics.bin(128, 128, 128) * 4
        let before = a.bins[k]
        XCTAssertGreaterThan(before, 0)
        var b = a
        b.add([UInt32](repeating: grey, count: 64), at: 2)
        b.add([UInt32](repeating: red, count: 64), at: 3)
        XCTAssertEqual(a.bins[k], before)
        XCTAssertGreaterThan(b.bins[k], before)
        XCTAssertEqual(a.bins[GIF.ColorStatistics.bin(255, 0, 0) * 4], 0)
        // A colour counts when it is replaced: white, replaced in the copy only, weighs nothing in the original.
        XCTAssertEqual(a.bins[GIF.ColorStatistics.bin(255, 255, 255) * 4], 0)
        XCTAssertEqual(b.bins[GIF.ColorStatistics.bin(255, 255, 255) * 4], 64 * 26)
        var s1: [Double] = [], s2: [Double] = []
        a.bins.forEachWeightedBin { s1.append(a.bins[$0 * 4]) }
        b.bins.forEachWeightedBin { s2.append(b.bins[$0 * 4]) }
        XCTAssertEqual(s1.count, 1); XCTAssertEqual(s2.count, 2)
    }
}
