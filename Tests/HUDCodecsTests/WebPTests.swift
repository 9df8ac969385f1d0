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

    func testBlendChoiceFollowsTheUnchangedShareOfTheBox() {
        XCTAssertEqual(WebP.blendChoices(unchanged: nil, area: 100), [false], "a translucent change cannot blend")
        XCTAssertEqual(WebP.blendChoices(unchanged: 0, area: 100), [false], "nothing to leave transparent")
        XCTAssertEqual(WebP.blendChoices(unchanged: 10, area: 100), [false])
        XCTAssertEqual(WebP.blendChoices(unchanged: 50, area: 100), [false, true], "undecided: both are compressed")
        XCTAssertEqual(WebP.blendChoices(unchanged: 90, area: 100), [true])
    }

    func testUnchangedPixelsRefusesTranslucentChanges() {
        let previous = [UInt8](repeating: 255, count: 4 * 4 * 4)
        var current = previous
        current[(1 * 4 + 1) * 4] = 0 // one opaque pixel changes colour
        let box = WebP.Rect(x: 0, y: 0, w: 4, h: 2)
        XCTAssertEqual(WebP.unchangedPixels(previous, current, width: 4, box: box), 7)
        current[(1 * 4 + 2) * 4 + 3] = 128 // and one turns translucent
        XCTAssertNil(WebP.unchangedPixels(previous, current, width: 4, box: box))
        XCTAssertEqual(WebP.rectangle(current, previous, width: 4, box: WebP.Rect(x: 0, y: 1, w: 2, h: 1), blend: true),
                       [0, 0, 0, 0, 0, 255, 255, 255], "unchanged pixels become transparent")
    }

    /// Half of a textured box changes each frame: neither way wins by the share, so both are
    /// compressed and the file must still decode exactly, whichever was written.
    func testUndecidedFramesAreExact() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/d.webp"
        let webp = try WebP.Encoder(path: path)
        var frames: [Image] = []
        for k in 0..<4 {
            var px = [UInt8](repeating: 255, count: 64 * 48 * 4)
            for y in 0..<48 { for x in 0..<64 {
                let i = (y * 64 + x) * 4
                let changes = (x / 4 + y / 4) % 2 == 0
                px[i] = UInt8((x * 7 + y * 3 + (changes ? k * 50 : 0)) & 0xFF); px[i + 1] = UInt8(y * 5); px[i + 2] = UInt8(x * 3)
            } }
            frames.append(try Image(width: 64, height: 48, premultipliedPixels: px))
        }
        for f in frames { try webp.append(f, duration: 0.04) }
        try webp.finish()
        XCTAssertEqual(try WebP.read(path).frames.map(\.pixels), frames.map(\.pixels))
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
