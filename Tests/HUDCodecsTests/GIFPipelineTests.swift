// GIF pipeline structure: the analysis thread, the row split and the changed-box scans must not
// change a byte. Streaming (analysis on its own thread) is compared with two-pass encoding (analysis
// inline) on frames tall enough for the row split, with pixels that turn transparent (a disposal
// that makes the writer quantise again) and a fade that moves everywhere.
import XCTest
import HUDRaster
@testable import HUDCodecs

final class GIFPipelineTests: XCTestCase {
    /// A fading band, a square that moves right and a patch that turns transparent from frame 3 on.
    private func frame(_ k: Int, width: Int = 80, height: Int = 120) -> Image {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                var c: (Int, Int, Int, Int) = (30 + x, 60 + y / 2, 200 - x, 255)
                if y < 40 { let f = 255 - k * 20; c = ((x * 3) * f / 255, (y * 5) * f / 255, 120 * f / 255, 255) }
                if (4 * k..<(4 * k + 16)).contains(x) && (60..<76).contains(y) { c = (250, 40, 40, 255) }
                if k >= 3 && (50..<70).contains(x) && (90..<110).contains(y) { c = (0, 0, 0, 0) }
                px[i] = UInt8(c.0); px[i + 1] = UInt8(c.1); px[i + 2] = UInt8(c.2); px[i + 3] = UInt8(c.3)
            }
        }
        return try! Image(width: width, height: height, premultipliedPixels: px)
    }

    func testStreamingMatchesTwoPassOnTallFramesWithDisposals() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = (0..<8).map { frame($0) }
        for quality in [100, 60] {
            let options = GIF.Options(quality: quality)
            let p1 = dir + "/s\(quality).gif", p2 = dir + "/t\(quality).gif"
            let gif = try GIF.Encoder(path: p1, options: options)
            for f in frames { try gif.append(f, duration: 0.04) }
            try gif.finish()
            try GIF.Encoder.encode(to: p2, frameCount: frames.count, options: options) { (frames[$0], 0.04) }
            let bytes = try readBytes(p1)
            XCTAssertEqual(bytes, try readBytes(p2), "quality \(quality)")
            // The patch that turned transparent is transparent in the decoded frames.
            let decoded = try GIF.decode(bytes)
            XCTAssertEqual(decoded.frames.count, 8)
            let last = decoded.frames[7].pixels
            XCTAssertEqual(last[(100 * 80 + 60) * 4 + 3], 0)
            XCTAssertEqual(last[(20 * 80 + 10) * 4 + 3], 255)
        }
    }

    /// A frame shown twice in a row is one GIF frame of twice the duration either way: the spool
    /// merges it, and the two-pass form must too, or the frame before it is encoded as if nothing
    /// moved next (no error budget) and the bytes differ.
    func testTwoPassMatchesStreamingWhenFramesRepeat() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = [0, 1, 1, 2, 3, 3, 3, 4].map { frame($0) }
        let options = GIF.Options(quality: 60)
        let p1 = dir + "/s.gif", p2 = dir + "/t.gif"
        let gif = try GIF.Encoder(path: p1, options: options)
        for f in frames { try gif.append(f, duration: 0.04) }
        try gif.finish()
        try GIF.Encoder.encode(to: p2, frameCount: frames.count, options: options) { (frames[$0], 0.04) }
        let (streamed, twoPass) = (try readBytes(p1), try readBytes(p2))
        XCTAssertTrue(streamed == twoPass, "streamed \(streamed.count) B, two-pass \(twoPass.count) B")
        XCTAssertEqual(try GIF.decode(twoPass).frames.count, 5)
    }

    func testRowSplitCoversEveryRowOnceInOrder() {
        for rows in [0..<0, 3..<10, 5..<53, 5..<200, 0..<844] {
            let parts = GIF.RowSplit.run(rows) { $0 }
            XCTAssertEqual(parts.flatMap { Array($0) }, Array(rows))
            let expected = rows.count < GIF.RowSplit.minimumRows ? 1
                : min(GIF.RowSplit.maximumParts, rows.count / (GIF.RowSplit.minimumRows / 2))
            XCTAssertEqual(parts.count, expected, "\(rows)")
            XCTAssertTrue(parts.allSatisfy { $0.count >= min(rows.count, GIF.RowSplit.minimumRows / 2) }, "\(rows)")
        }
    }

    /// Pixels whose only choices are a target and an alternative (no true colour) take the encoder's
    /// single-lookup path; the same choices expressed with a true colour that no palette entry
    /// matches within a zero budget take the walk over every child. Both must choose alike.
    func testLZWAlternativeLookupMatchesTheWalkOverChildren() {
        let count = 20_000
        var plain = GIF.PixelChoices(count: count)
        var seed: UInt32 = 7
        for i in 0..<count {
            seed = seed &* 1_103_515_245 &+ 12345
            plain.target[i] = UInt8((seed >> 16) % 6)
            if (seed >> 8) % 3 != 0 { plain.alternative[i] = Int16((seed >> 20) % 6) }
        }
        var walked = plain
        walked.truth = [UInt32](repeating: GIF.opaqueBit | 0x12_3456, count: count)
        let colors = (0..<16).map { GIF.opaqueBit | UInt32($0) * 0x10_1010 }
        func encode(_ c: GIF.PixelChoices) -> ([UInt8], [UInt8]) {
            var lzw = GIF.LZWEncoder(), indices: [UInt8] = []
            let data = lzw.encode(c, count: count, minCodeSize: 4, colors: colors, budget: 0, indices: &indices)
            return (data, indices)
        }
        let fast = encode(plain), slow = encode(walked)
        XCTAssertEqual(fast.0, slow.0)
        XCTAssertEqual(fast.1, slow.1)
        // The alternatives matter: without them the stream differs.
        var exact = plain
        exact.alternative = [Int16](repeating: -1, count: count)
        XCTAssertNotEqual(encode(exact).0, fast.0)
    }

    /// Flattening takes opaque pixels four at a time: blocks that are all opaque, blocks with a
    /// translucent or transparent pixel, and a tail shorter than four must all give the per-pixel result.
    func testFlattenMatchesThePerPixelRuleAcrossBlocksAndTail() throws {
        // Two opaque blocks of eight (the vector path), blocks mixing alphas, and a tail.
        let n = 8 * 5 + 5
        var px = [UInt8](repeating: 0, count: n * 4)
        for i in 0..<n {
            let a = i < 16 ? 255 : [255, 255, 255, 128, 255, 0, 255, 255, 64, 255, 255][i % 11]
            px[i * 4] = UInt8(i * 7 % 256 * a / 255); px[i * 4 + 1] = UInt8(i * 13 % 256 * a / 255)
            px[i * 4 + 2] = UInt8(i * 29 % 256 * a / 255); px[i * 4 + 3] = UInt8(a)
        }
        let image = try Image(width: n, height: 1, premultipliedPixels: px)
        func expected(_ i: Int, matte: (Int, Int, Int)?) -> UInt32 {
            let r = Int(px[i * 4]), g = Int(px[i * 4 + 1]), b = Int(px[i * 4 + 2]), a = Int(px[i * 4 + 3])
            if matte == nil && a < 128 { return 0 }
            var c = (r, g, b)
            if let (mr, mg, mb) = matte, a != 255 {
                c = (min(255, r + (mr * (255 - a) + 127) / 255), min(255, g + (mg * (255 - a) + 127) / 255), min(255, b + (mb * (255 - a) + 127) / 255))
            } else if a != 255 {
                c = (min(255, (r * 255 + a / 2) / a), min(255, (g * 255 + a / 2) / a), min(255, (b * 255 + a / 2) / a))
            }
            return GIF.opaqueBit | UInt32(c.0) << 16 | UInt32(c.1) << 8 | UInt32(c.2)
        }
        var flat: [UInt32] = []
        GIF.flatten(image, background: .transparent(threshold: 0.5, matte: nil), into: &flat)
        XCTAssertEqual(flat, (0..<n).map { expected($0, matte: nil) })
        GIF.flatten(image, background: .matte(.white), into: &flat)
        XCTAssertEqual(flat, (0..<n).map { expected($0, matte: (255, 255, 255)) })
    }
}
