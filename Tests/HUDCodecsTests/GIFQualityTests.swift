// GIF quality and flicker: the lossy LZW encoder keeps static pixels bit-identical, lowers bytes as
// quality falls, and keeps every changed pixel within its error budget.
import XCTest
import HUDRaster
@testable import HUDCodecs

final class GIFQualityTests: XCTestCase {
    /// A fading gradient on the left half over a static gradient on the right half.
    private func frame(_ k: Int, width: Int = 64, height: Int = 48) -> Image {
        var px = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let g = UInt8(40 + x * 2 + y)
                if x < width / 2 {
                    let f = 1 - Double(k) * 0.06
                    px[i] = UInt8(Double(g) * f); px[i + 1] = UInt8(Double(200 - y) * f); px[i + 2] = UInt8(Double(90 + x) * f)
                } else {
                    px[i] = g; px[i + 1] = UInt8(200 - y); px[i + 2] = UInt8(90 + x)
                }
            }
        }
        return try! Image(width: width, height: height, premultipliedPixels: px)
    }

    private func encode(quality: Int, frames: Int = 8) throws -> (bytes: Int, decoded: DecodedAnimation) {
        try encode(quality: quality, steps: Array(0..<frames))
    }

    /// Encodes `frame(k)` for each k of `steps`, 0.04 s each.
    private func encode(quality: Int, steps: [Int]) throws -> (bytes: Int, decoded: DecodedAnimation) {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/q.gif"
        let gif = try GIF.Encoder(path: path, options: GIF.Options(quality: quality))
        for k in steps { try gif.append(frame(k), duration: 0.04) }
        try gif.finish()
        let bytes = try readBytes(path)
        return (bytes.count, try GIF.decode(bytes))
    }

    func testStaticPixelsNeverChangeAtAnyQuality() throws {
        for quality in [0, 50, 80, 100] {
            let decoded = try encode(quality: quality).decoded
            XCTAssertEqual(decoded.frames.count, 8, "quality \(quality)")
            let first = decoded.frames[0]
            for (n, f) in decoded.frames.enumerated() {
                for y in 0..<first.height {
                    for x in (first.width / 2)..<first.width {
                        let i = (y * first.width + x) * 4
                        XCTAssertEqual(Array(f.pixels[i..<(i + 4)]), Array(first.pixels[i..<(i + 4)]),
                                       "quality \(quality): static pixel (\(x), \(y)) changed in frame \(n)")
                        if f.pixels[i] != first.pixels[i] { return }
                    }
                }
            }
        }
    }

    func testLowerQualityIsSmallerAndStaysWithinBudget() throws {
        let high = try encode(quality: 100), low = try encode(quality: 40)
        XCTAssertLessThan(low.bytes, high.bytes)
        // Every pixel of every frame within the quality-40 budget plus the palette's own error.
        let budget = GIF.Options(quality: 40).errorBudget
        for k in 0..<8 {
            let truth = frame(k), out = low.decoded.frames[k]
            var worst = 0
            for i in stride(from: 0, to: truth.pixels.count, by: 4) {
                var e = 0
                for c in 0..<3 { let d = Int(truth.pixels[i + c]) - Int(out.pixels[i + c]); e += d * d }
                worst = max(worst, e)
            }
            XCTAssertLessThanOrEqual(worst, 2 * budget + 3 * 24 * 24, "frame \(k)")
        }
    }

    func testQualityOutOfRangeIsRejected() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertThrowsError(try GIF.Encoder(path: dir + "/x.gif", options: GIF.Options(quality: 101)))
        XCTAssertTrue(fileNames(in: dir).isEmpty)
    }

    /// The LZW stream decodes to the chosen indices: exact with no choices, over a dictionary reset.
    func testLZWEncoderRoundTripsThroughGiflibOverDictionaryResets() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Noise with 200 colours over a large frame fills the 4096-entry dictionary many times.
        var px = [UInt8](repeating: 255, count: 300 * 200 * 4)
        var seed: UInt32 = 12345
        for i in 0..<(300 * 200) {
            seed = seed &* 1_103_515_245 &+ 12345
            let v = UInt8((seed >> 16) % 200)
            px[i * 4] = v; px[i * 4 + 1] = 255 - v; px[i * 4 + 2] = v / 2
        }
        let image = try Image(width: 300, height: 200, premultipliedPixels: px)
        let path = dir + "/noise.gif"
        let gif = try GIF.Encoder(path: path, options: GIF.Options(dithering: .none, quality: 100))
        try gif.append(image, duration: 0.1)
        try gif.finish()
        let decoded = try GIF.read(path)
        XCTAssertEqual(decoded.frames[0].pixels, image.pixels)
    }

    /// Frames of a flat colour `(v, v, v)` each, encoded with `options`, decoded.
    private func encodeFlat(_ values: [Int], width: Int = 16, height: Int = 16, options: GIF.Options) throws -> DecodedAnimation {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let gif = try GIF.Encoder(path: dir + "/flat.gif", options: options)
        for v in values {
            let px = [UInt8]((0..<(width * height)).flatMap { _ in [UInt8(v), UInt8(v), UInt8(v), 255] })
            try gif.append(try Image(width: width, height: height, premultipliedPixels: px), duration: 0.04)
        }
        try gif.finish()
        return try GIF.read(dir + "/flat.gif")
    }

    /// When the palette holds every colour, the default quality spends no error budget: a square two
    /// levels off its background moves and every frame decodes to exactly its source.
    func testAnimationWhoseColoursFitThePaletteIsEncodedExactly() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/exact.gif"
        var truths: [Image] = []
        let gif = try GIF.Encoder(path: path)
        for k in 0..<6 {
            var px = [UInt8](repeating: 0, count: 32 * 32 * 4)
            for y in 0..<32 {
                for x in 0..<32 {
                    let inside = (k * 4..<(k * 4 + 8)).contains(x) && (8..<16).contains(y)
                    let v: UInt8 = inside ? 102 : 100
                    px.replaceSubrange((y * 32 + x) * 4..<(y * 32 + x) * 4 + 4, with: [v, v, v, 255])
                }
            }
            let image = try Image(width: 32, height: 32, premultipliedPixels: px)
            truths.append(image)
            try gif.append(image, duration: 0.04)
        }
        try gif.finish()
        let decoded = try GIF.read(path)
        XCTAssertEqual(decoded.frames.count, truths.count)
        for (k, (out, truth)) in zip(decoded.frames, truths).enumerated() {
            XCTAssertEqual(out.pixels, truth.pixels, "frame \(k) is not exact")
        }
        // Below the default, the budget applies again: the square's small step may be kept.
        XCTAssertEqual(GIF.Options(quality: GIF.Options.defaultQuality).errorBudget(paletteError: 0), 0)
        XCTAssertGreaterThan(GIF.Options(quality: 40).errorBudget(paletteError: 0), 0)
    }

    /// The error budget is spent only on pixels that change again in the next frame: once the fade
    /// comes to rest, every pixel shows its own palette colour, as at quality 100, though the frames
    /// in motion were lossy (and smaller).
    func testPixelsComingToRestAreDrawnWithoutBudget() throws {
        let steps = [0, 1, 2, 3, 4, 5, 5, 5]
        let high = try encode(quality: 100, steps: steps), low = try encode(quality: 40, steps: steps)
        XCTAssertLessThan(low.bytes, high.bytes)
        func differing(_ a: Image, _ b: Image) -> Int { zip(a.pixels, b.pixels).filter { $0 != $1 }.count }
        XCTAssertGreaterThan(differing(low.decoded.frames[2], high.decoded.frames[2]), 0, "frames in motion are lossy")
        XCTAssertEqual(differing(low.decoded.frames.last!, high.decoded.frames.last!), 0, "the resting frame is not")
    }

    /// A slow fade of a flat area is redrawn a few rows at a time (the keep thresholds vary by row),
    /// not all at once: with one threshold for every pixel, the edge between redrawn and kept pixels
    /// of a smooth gradient is a contour. Every pixel stays within the budget.
    func testSlowFadeIsRedrawnInInterleavedRows() throws {
        let values = Array(stride(from: 60, through: 100, by: 1))
        let options = GIF.Options(dithering: .none, maximumColors: 256, quality: 40)
        let decoded = try encodeFlat(values, options: options)
        // Frames with nothing to redraw lengthen the previous one: expand by duration (0.04 s each).
        var shown: [Image] = []
        for (f, d) in zip(decoded.frames, decoded.durations) {
            shown += Array(repeating: f, count: max(1, Int((d / 0.04).rounded())))
        }
        XCTAssertEqual(shown.count, values.count)
        var mixedFrames = 0
        for f in decoded.frames {
            var rows = Set<UInt8>()
            for y in 0..<f.height { rows.insert(f.pixels[y * f.width * 4]) }
            if rows.count > 1 { mixedFrames += 1 }
        }
        for (k, f) in shown.enumerated() {
            for i in stride(from: 0, to: f.pixels.count, by: 4) {
                let d = Int(f.pixels[i]) - values[k]
                XCTAssertLessThanOrEqual(3 * d * d, options.errorBudget, "frame \(k) pixel \(i / 4)")
                if 3 * d * d > options.errorBudget { return }
            }
        }
        XCTAssertGreaterThanOrEqual(mixedFrames, 5, "the fade redraws whole frames at once")
    }
}
