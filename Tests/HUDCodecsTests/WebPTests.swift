// WebP: lossless animations decode to exactly the frames (moving boxes, translucency, identical
// frames merged), timing in milliseconds, loop counts, lossy quality, and errors.
import XCTest
import HUDRaster
@testable import HUDCodecs

final class WebPTests: XCTestCase {
    func testLosslessRoundTripIsExactWithAlphaAndTiming() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a.webp"
        let frames = (0..<5).map { glowFrame(t: Double($0) / 4, opaque: $0 % 2 == 0) }
        let webp = try WebP.Encoder(path: path, options: WebP.Options(loopCount: 2))
        for f in frames { try webp.append(f, duration: 1.0 / 30) }
        try webp.append(frames[4], duration: 1.0 / 30)
        try webp.finish()
        let decoded = try WebP.read(path)
        XCTAssertEqual(decoded.frames.count, 5, "the identical last frame lengthens the one before")
        for (i, f) in frames.enumerated() { XCTAssertEqual(decoded.frames[i].pixels, f.pixels, "frame \(i)") }
        // 33 or 34 ms each, the rounding carried: 200 ms in all.
        XCTAssertEqual(decoded.durations.reduce(0, +), 0.2, accuracy: 0.0005)
        XCTAssertEqual(decoded.durations.last!, 0.067, accuracy: 0.0015)
        XCTAssertEqual(decoded.plays, 3)
    }

    func testOpaqueMovingBoxIsBlendedAndExact() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/b.webp"
        let webp = try WebP.Encoder(path: path)
        var frames: [Image] = []
        for k in 0..<4 {
            let img = try Image(width: 90, height: 70, fill: Color(red: 0.9, green: 0.9, blue: 0.95, alpha: 1))
            var px = img.pixels
            for y in (11 + k * 3)..<(30 + k * 3) { for x in (21 + k * 5)..<(40 + k * 5) { let i = (y * 90 + x) * 4; px[i] = 200; px[i + 1] = UInt8(k * 40); px[i + 2] = 30 } }
            frames.append(try Image(width: 90, height: 70, premultipliedPixels: px))
        }
        for f in frames { try webp.append(f, duration: 0.05) }
        try webp.finish()
        let decoded = try WebP.read(path)
        XCTAssertEqual(decoded.frames.map(\.pixels), frames.map(\.pixels))
        XCTAssertEqual(decoded.plays, 0)
    }

    func testLossyQualityDecodesClose() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/c.webp"
        let webp = try WebP.Encoder(path: path, options: WebP.Options(quality: 90))
        let frames = (0..<3).map { glowFrame(t: Double($0) / 2) }
        for f in frames { try webp.append(f, duration: 0.1) }
        try webp.finish()
        let decoded = try WebP.read(path)
        XCTAssertEqual(decoded.frames.count, 3)
        var se = 0.0
        for (a, b) in zip(frames, decoded.frames) {
            for i in 0..<a.pixels.count where i % 4 != 3 { let d = Double(a.pixels[i]) - Double(b.pixels[i]); se += d * d }
        }
        let psnr = 10 * log10(255 * 255 / (se / Double(3 * frames[0].pixels.count * 3 / 4)))
        XCTAssertGreaterThan(psnr, 30)
    }

    func testFactoryNoFramesAndBadInput() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertTrue(try AnimationWriter.forPath(dir + "/x.webp") is WebP.Encoder)
        let empty = try WebP.Encoder(path: dir + "/empty.webp")
        XCTAssertThrowsError(try empty.finish())
        XCTAssertThrowsError(try WebP.Encoder(path: dir + "/q.webp", options: WebP.Options(quality: 101)))
        XCTAssertThrowsError(try WebP.decode(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8X".utf8)))
        XCTAssertEqual(fileNames(in: dir), [])
    }
}
