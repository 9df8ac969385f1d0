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

    /// The five filters and minimum-sum costs of a row, a byte at a time as the PNG spec states them.
    private func referenceRow(_ cur: [UInt8], _ prev: [UInt8], bpp: Int) -> (rows: [[UInt8]], sums: [Int]) {
        var rows = [[UInt8]](repeating: [], count: 5)
        for i in 0..<cur.count {
            let x = Int(cur[i]), a = i >= bpp ? Int(cur[i - bpp]) : 0, b = Int(prev[i]), c = i >= bpp ? Int(prev[i - bpp]) : 0
            let p = a + b - c
            let paeth = abs(p - a) <= abs(p - b) && abs(p - a) <= abs(p - c) ? a : (abs(p - b) <= abs(p - c) ? b : c)
            for (f, predicted) in [0, a, b, (a + b) / 2, paeth].enumerated() { rows[f].append(UInt8((x - predicted) & 0xFF)) }
        }
        let sums = rows.map { $0.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) } }
        return (rows, sums)
    }

    func testAdaptiveRowMatchesTheSpecsFiltersAndCosts() {
        var seed: UInt32 = 7
        func next() -> UInt8 { seed = seed &* 1664525 &+ 1013904223; return UInt8(seed >> 24) }
        // Short rows (a tail after whole steps), and rows of 12,000 bytes whose costs overflow 16 bits
        // in a lane unless emptied in time.
        for (length, bpp, pattern) in [(39, 3, 0), (16, 4, 0), (5, 1, 0), (12_000, 4, 1), (12_000, 3, 0)] {
            let cur = (0..<length).map { i in pattern == 1 ? UInt8(128 + (i & 1)) : next() }
            let prev = (0..<length).map { _ in pattern == 1 ? 0 : next() }
            let want = referenceRow(cur, prev, bpp: bpp)
            let padded = { (row: [UInt8]) in [UInt8](repeating: 0, count: bpp) + row }
            let c = padded(cur), p = padded(prev)
            var cand = [UInt8](repeating: 0, count: 5 * length)
            let sums = c.withUnsafeBufferPointer { cb in p.withUnsafeBufferPointer { pb in cand.withUnsafeMutableBufferPointer { out in
                PNGChunks.filterAdaptiveRow(cb.baseAddress! + bpp, pb.baseAddress! + bpp, stride: length, bpp: bpp, into: out.baseAddress!)
            }}}
            XCTAssertEqual(sums, want.sums, "length \(length) bpp \(bpp)")
            for f in 0..<5 { XCTAssertEqual(Array(cand[(f * length)..<((f + 1) * length)]), want.rows[f], "filter \(f) length \(length)") }
        }
    }
}
