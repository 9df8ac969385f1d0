// PNG row filtering of a range of rows and the sampled rows the APNG encoder's trials compress.
import XCTest
@testable import HUDCodecs

final class PNGChunksFilterTests: XCTestCase {
    /// Pixels with smooth and noisy parts, so every filter wins some rows.
    private func pixels(width: Int, height: Int, bpp: Int) -> [UInt8] {
        var seed: UInt32 = 99
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<(width * bpp) {
                seed = seed &* 1664525 &+ 1013904223
                out.append(y % 3 == 0 ? UInt8(truncatingIfNeeded: x * 3 + y) : UInt8(seed >> 26) &+ UInt8(truncatingIfNeeded: y))
            }
        }
        return out
    }

    func testFilteringRowsOnTheirOwnGivesThoseRowsOfTheWholeImage() {
        for bpp in [1, 3, 4] {
            let (w, h) = (13, 40)
            let px = pixels(width: w, height: h, bpp: bpp)
            let rowBytes = w * bpp + 1
            for filter in [nil, 0, 1, 2, 3, 4] as [Int?] {
                let whole = PNGChunks.filterRows(px, width: w, height: h, bpp: bpp, filter: filter)
                XCTAssertEqual(whole.count, rowBytes * h)
                for range in [0..<5, 7..<19, 39..<40, 0..<40] {
                    let part = PNGChunks.filterRows(px, width: w, height: h, bpp: bpp, filter: filter, rows: range)
                    XCTAssertEqual(part, Array(whole[(range.lowerBound * rowBytes)..<(range.upperBound * rowBytes)]),
                                   "bpp \(bpp) filter \(String(describing: filter)) rows \(range)")
                }
            }
        }
    }

    func testUnfilteredRowsAreTheRowsAfterAZeroByte() {
        let px: [UInt8] = [1, 2, 3, 4, 5, 6]
        XCTAssertEqual(PNGChunks.filterRows(px, width: 1, height: 2, bpp: 3, filter: 0), [0, 1, 2, 3, 0, 4, 5, 6])
        XCTAssertEqual(PNGChunks.filterRows(px, width: 1, height: 2, bpp: 3, filter: 0, rows: 1..<2), [0, 4, 5, 6])
    }

    func testSampleIsBandsOfSixteenRowsEverySixtyFourOrAllOfAShortImage() {
        let (w, bpp) = (7, 3)
        let rowBytes = w * bpp + 1
        let tall = pixels(width: w, height: 150, bpp: bpp)
        let whole = PNGChunks.filterRows(tall, width: w, height: 150, bpp: bpp, filter: nil)
        let bands = [0..<16, 64..<80, 128..<144].flatMap { whole[($0.lowerBound * rowBytes)..<($0.upperBound * rowBytes)] }
        XCTAssertEqual(PNGChunks.filteredSample(tall, width: w, height: 150, bpp: bpp, filter: nil), bands)

        let short = pixels(width: w, height: 31, bpp: bpp)
        XCTAssertEqual(PNGChunks.filteredSample(short, width: w, height: 31, bpp: bpp, filter: 2),
                       PNGChunks.filterRows(short, width: w, height: 31, bpp: bpp, filter: 2))
    }
}
