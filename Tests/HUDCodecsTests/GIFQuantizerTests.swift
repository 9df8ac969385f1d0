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

    /// Diffused channel values are rounded as `rounded()` rounds them, halves and their neighbours
    /// included.
    func testDiffusedLevelsRoundAsTheLibraryRounds() {
        var values: [Float] = [0, 255]
        for k in 0...(255 * 64) { values.append(Float(k) / 64) }
        for k in 0..<255 {
            let half = Float(k) + 0.5
            values += [half, half.nextUp, half.nextDown, Float(k).nextUp, Float(k + 1).nextDown]
        }
        for v in values { XCTAssertEqual(GIF.Quantizer.level(v), Int(v.rounded()), "\(v)") }
    }

    /// A large first frame is dithered in two halves at once, each diffusing its own error: the top
    /// half is what the top rows alone give, and the bottom half what the bottom rows alone give.
    func testLargeFirstFrameIsDitheredInTwoHalves() {
        var entries: [(r: UInt8, g: UInt8, b: UInt8)] = []
        for k in 0..<8 { entries.append((r: UInt8(k * 32), g: UInt8(k * 30), b: UInt8(100 + k * 16))) }
        let palette = GIF.Palette(colors: entries)
        let width = 512, height = 300, half = height / 2
        XCTAssertGreaterThanOrEqual(width * height, GIF.Quantizer.splitPixels)
        XCTAssertLessThan(width * half, GIF.Quantizer.splitPixels)
        // A smooth gradient (no edge stops the diffusion) between palette colours.
        let frame = (0..<(width * height)).map { i in pixel((i % width) / 2, (i / width) * 3 / 4, 150) }
        func dithered(_ pixels: [UInt32], rows: Int) -> [UInt8] {
            var quantizer = GIF.Quantizer(width: width, height: rows, palette: palette, dithering: .errorDiffusion(strength: 0.8))
            var out = [UInt8](repeating: 0, count: pixels.count)
            quantizer.quantize(pixels, needs: [UInt8](repeating: 1, count: pixels.count), first: true, into: &out)
            return out
        }
        let whole = dithered(frame, rows: height)
        let top = dithered(Array(frame[..<(width * half)]), rows: half)
        let bottom = dithered(Array(frame[(width * half)...]), rows: height - half)
        XCTAssertTrue(Array(whole[..<(width * half)]) == top, "the top half is dithered as the top rows alone")
        XCTAssertTrue(Array(whole[(width * half)...]) == bottom, "the bottom half is dithered as the bottom rows alone")
        XCTAssertGreaterThan(Set(whole).count, 4, "the gradient is drawn with several entries")
    }

    /// A large later frame is quantised in two halves at once only where no error crosses rows: its
    /// moving pixels (nearest colour each) come out as one pass gives them, and a frame with pixels
    /// coming to rest across the middle row (diffused from row to row) is not split. Limiting the
    /// pass to the changed rows changes nothing either.
    func testLargeLaterFrameIsSplitOnlyWhereNoErrorCrossesRows() {
        var entries: [(r: UInt8, g: UInt8, b: UInt8)] = []
        for k in 0..<8 { entries.append((r: UInt8(k * 32), g: UInt8(k * 30), b: UInt8(100 + k * 16))) }
        let palette = GIF.Palette(colors: entries)
        let width = 512, height = 300
        XCTAssertGreaterThanOrEqual(width * height, GIF.Quantizer.splitPixels)
        let frame = (0..<(width * height)).map { i in pixel((i % width) / 2, (i / width) * 3 / 4, 150) }
        var moving = [UInt8](repeating: 1, count: frame.count)
        // Rows 0 and 1 do not change.
        for i in 0..<(2 * width) { moving[i] = 0 }
        var resting = moving
        for i in (width * (height / 2 - 2))..<(width * (height / 2 + 2)) { resting[i] = 3 }
        func quantized(_ needs: [UInt8], resting: Bool, rows: Range<Int>?, parallel: Bool) -> [UInt8] {
            var quantizer = GIF.Quantizer(width: width, height: height, palette: palette, dithering: .errorDiffusion(strength: 0.8))
            var out = [UInt8](repeating: 0, count: needs.count)
            quantizer.quantize(frame, needs: needs, first: false, resting: resting, rows: rows, parallel: parallel, into: &out)
            return out
        }
        let onePass = quantized(moving, resting: false, rows: nil, parallel: false)
        XCTAssertTrue(quantized(moving, resting: false, rows: 2..<height, parallel: true) == onePass,
                      "moving pixels in two halves, as in one pass")
        let restingOnePass = quantized(resting, resting: true, rows: nil, parallel: false)
        XCTAssertTrue(quantized(resting, resting: true, rows: 2..<height, parallel: true) == restingOnePass,
                      "pixels coming to rest are diffused in one pass")
        XCTAssertFalse(restingOnePass == onePass, "the resting band is dithered")
    }
}
