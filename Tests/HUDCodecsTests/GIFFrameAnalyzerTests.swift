// GIF frame analysis: the pixels marked changed are exactly those that differ from the previous
// frame (compared eight at a time, with rows whose width is not a multiple of eight), their box is
// the changed region, and analysing on one thread or two gives the same indices.
import XCTest
@testable import HUDCodecs

final class GIFFrameAnalyzerTests: XCTestCase {
    func testChangesAreThePixelsThatDiffer() {
        var entries: [(r: UInt8, g: UInt8, b: UInt8)] = []
        for k in 0..<16 { entries.append((r: UInt8(k * 16), g: UInt8(255 - k * 16), b: UInt8(k * 8))) }
        let palette = GIF.Palette(colors: entries)
        // 389 columns: each row ends with five pixels after the last group of eight.
        let width = 389, height = 400
        let first: [UInt32] = (0..<(width * height)).map { i in
            let r = UInt32(i % 251), g = UInt32(i % 97)
            return GIF.opaqueBit | r << 16 | g << 8 | 40
        }
        var second = first
        // Single pixels, a pixel in each row's tail, and a block, in rows 7 to 380.
        for i in [7 * width + 3, 100 * width + 386, 101 * width + 388, 380 * width] { second[i] ^= 0x10 }
        for y in 200..<360 { for x in 40..<300 { second[y * width + x] = GIF.opaqueBit | 0x80_40_20 } }
        for parallel in [false, true] {
            var analyzer = GIF.FrameAnalyzer(width: width, height: height, palette: palette, dithering: .default)
            _ = analyzer.analyze(first)
            let analysis = analyzer.analyze(second, rows: 0..<height, parallel: parallel)
            for i in first.indices {
                XCTAssertEqual(analysis.needs[i], first[i] != second[i] ? 1 : 0, "pixel \(i)")
            }
            let box = try? XCTUnwrap(analysis.changed)
            XCTAssertEqual(box?.x0, 0); XCTAssertEqual(box?.y0, 7)
            XCTAssertEqual(box?.x1, 388); XCTAssertEqual(box?.y1, 380)
            var reference = GIF.Quantizer(width: width, height: height, palette: palette, dithering: .default)
            for i in first.indices where analysis.needs[i] == 1 {
                XCTAssertEqual(analysis.quantized[i], reference.nearest(second[i]), "pixel \(i), parallel \(parallel)")
            }
        }
    }
}
