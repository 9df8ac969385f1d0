// GIF frame table: the transparent index is the lowest one the frame does not draw, the code size
// covers the highest it does, and the choices are rewritten to them, for frames scanned in two
// halves at once as for small ones.
import XCTest
@testable import HUDCodecs

final class GIFFrameTableTests: XCTestCase {
    /// Choices whose targets use indices 0...`top` except `gap` (the lowest unused, used by no
    /// pixel), some only in the last pixels, with "keep" (`keep`) and alternatives among them.
    private func choices(count: Int, top: Int, gap: Int, keep: UInt8) -> GIF.PixelChoices {
        var c = GIF.PixelChoices(count: count)
        for j in 0..<count {
            var k = (j &* 7) % (top - 1)
            if k >= gap { k += 1 }
            c.target[j] = j % 13 == 0 ? keep : UInt8(k)
            c.alternative[j] = j % 5 == 0 ? Int16((j / 5) % 256) : -1
        }
        // The highest index only at the very end: a scan that misses the second half misses it.
        c.target[count - 1] = UInt8(top)
        return c
    }

    func testLargeAndSmallFramesGetTheSameTableAndChoices() {
        let keep: UInt8 = 250
        let colours = (0..<251).map { GIF.opaqueBit | UInt32($0) << 8 }
        let large = GIF.FrameTable.splitPixels * 2 + 3
        for (count, top, codeSize) in [(1000, 100, 7), (large, 100, 7), (1000, 128, 8), (large, 128, 8)] {
            let original = choices(count: count, top: top, gap: 37, keep: keep)
            var rewritten = original
            let table = GIF.FrameTable.global(colours, keep: keep, choices: &rewritten)
            XCTAssertEqual(Int(table.transparent), 37, "\(count) pixels: the lowest index not drawn")
            XCTAssertEqual(table.codeSize, codeSize, "\(count) pixels: codes cover index \(top), drawn by the last pixel")
            XCTAssertEqual(table.colors.count, 1 << codeSize)
            XCTAssertEqual(table.colors[37], 0, "the transparent entry is never drawn")
            XCTAssertEqual(table.colors[top], colours[top])
            for j in 0..<count {
                let expectedTarget = original.target[j] == keep ? 37 : original.target[j]
                let a = original.alternative[j]
                let expectedAlternative: Int16 = a == 37 || a >= 1 << codeSize ? -1 : a
                if rewritten.target[j] != expectedTarget || rewritten.alternative[j] != expectedAlternative {
                    XCTFail("\(count) pixels: pixel \(j) rewritten to \(rewritten.target[j]), \(rewritten.alternative[j])")
                    break
                }
            }
        }
    }
}
