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
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/q.gif"
        let gif = try GIF.Encoder(path: path, options: GIF.Options(quality: quality))
        for k in 0..<frames { try gif.append(frame(k), duration: 0.04) }
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
}
