// GIF quantiser: pixels drawn undithered get the nearest palette entry of their own colour, however
// the colours of a row run (the quantiser looks a run's colour up once), and pixels it is not asked
// about are left alone.
import XCTest
@testable import HUDCodecs

final class GIFQuantizerTests: XCTestCase {
    private func pixel(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
        GIF.opaqueBit | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    /// A row of runs of one colour, single pixels, a transparent pixel inside a run, and pixels not
    /// marked (left as they were).
    private func row(width: Int) -> (frame: [UInt32], needs: [UInt8]) {
        var frame: [UInt32] = [], needs: [UInt8] = []
        for x in 0..<width {
            let run = x / 5
            let level = run * 20 % 256
            let colour = run % 3 == 2 ? pixel(x * 2 % 256, 40, 200) : pixel(level, level, 90)
            frame.append(x % 17 == 3 ? 0 : colour)
            needs.append(x % 13 == 7 ? 0 : 1)
        }
        return (frame, needs)
    }

    func testUnditheredPixelsTakeTheNearestEntryOfTheirOwnColour() {
        var entries: [(r: UInt8, g: UInt8, b: UInt8)] = []
        for k in 0..<16 { entries.append((r: UInt8(k * 16), g: UInt8(k * 16), b: UInt8(255 - k * 16))) }
        let palette = GIF.Palette(colors: entries)
        let (width, height) = (97, 4)
        var frame: [UInt32] = [], needs: [UInt8] = []
        for _ in 0..<height { let r = row(width: width); frame += r.frame; needs += r.needs }
        // Moving pixels of a later frame under diffusion, and every pixel without dithering.
        for (dithering, first) in [(GIF.Dithering.errorDiffusion(strength: 0.75), false), (.none, true)] {
            var quantizer = GIF.Quantizer(width: width, height: height, palette: palette, dithering: dithering)
            var reference = GIF.Quantizer(width: width, height: height, palette: palette, dithering: dithering)
            var out = [UInt8](repeating: 200, count: frame.count)
            quantizer.quantize(frame, needs: needs, first: first, into: &out)
            for i in frame.indices {
                var expected: UInt8 = 200
                if needs[i] != 0 { expected = frame[i] == 0 ? UInt8(palette.transparentIndex) : reference.nearest(frame[i]) }
                XCTAssertEqual(out[i], expected, "pixel \(i), \(dithering)")
            }
        }
    }
}
