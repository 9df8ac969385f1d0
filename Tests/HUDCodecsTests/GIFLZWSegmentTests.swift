// GIF.LZWEncoder's segments: a large frame is compressed in segments of a fixed size, each with a
// dictionary of its own after a clear code, so that they can be compressed on all cores; a mid-sized
// lossy frame on a large canvas in two. The cut depends on the pixel count (and on the canvas)
// alone; every stream decodes to the indices the encoder chose, whether the segments ran at once
// or one after another.
import XCTest
import HUDRaster
@testable import HUDCodecs

final class GIFLZWSegmentTests: XCTestCase {
    /// Grey entries 0x10 apart; entry 12 (the keep index) and those above it are not drawable.
    private let colors = (0..<16).map { $0 >= 12 ? 0 : GIF.opaqueBit | UInt32($0) * 0x10_1010 }

    /// Seeded runs of one target, some alternatives and, when `seed` allows, true colours a few
    /// levels off the target's (so the lossy search has choices).
    private func choices(count: Int, seed start: UInt32) -> GIF.PixelChoices {
        var c = GIF.PixelChoices(count: count)
        var seed = start, run = 0, k: UInt8 = 0
        for i in 0..<count {
            seed = seed &* 1_103_515_245 &+ 12345
            if run == 0 { run = Int((seed >> 24) % 24) + 1; k = UInt8((seed >> 16) % 12) }
            run -= 1
            c.target[i] = k
            if (seed >> 8) % 5 == 0 { c.alternative[i] = 12 }
            if (seed >> 4) % 3 != 0 { c.truth[i] = GIF.opaqueBit | UInt32(k) * 0x10_1010 + (seed >> 29) }
        }
        return c
    }

    func testSegmentsDependOnThePixelCountAlone() {
        let size = GIF.LZWEncoder.segmentPixels
        XCTAssertEqual(GIF.LZWEncoder.segments(2 * size - 1), [0..<(2 * size - 1)])
        let screen = 390 * 844
        let parts = GIF.LZWEncoder.segments(screen)
        XCTAssertEqual(parts.count, screen / size)
        XCTAssertEqual(parts.first?.lowerBound, 0)
        XCTAssertEqual(parts.last?.upperBound, screen)
        for (a, b) in zip(parts, parts.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound) }
        XCTAssertTrue(parts.allSatisfy { $0.count >= size })
    }

    /// A request for two segments is met where each keeps `shortestSegmentPixels`, and not below.
    func testSegmentsAskedForAreCutOnlyWhereEachStaysLongEnough() {
        let short = GIF.LZWEncoder.shortestSegmentPixels
        XCTAssertEqual(GIF.LZWEncoder.segments(30_000), [0..<30_000], "cut without being asked")
        XCTAssertEqual(GIF.LZWEncoder.segments(2 * short - 1, atLeast: 2), [0..<(2 * short - 1)])
        XCTAssertEqual(GIF.LZWEncoder.segments(2 * short, atLeast: 2), [0..<short, short..<(2 * short)])
        XCTAssertEqual(GIF.LZWEncoder.segments(30_000, atLeast: 2), [0..<15_000, 15_000..<30_000])
        // Where the fixed size already gives more segments, the request changes nothing.
        let large = 3 * GIF.LZWEncoder.segmentPixels
        XCTAssertEqual(GIF.LZWEncoder.segments(large, atLeast: 2), GIF.LZWEncoder.segments(large))
    }

    /// A lossy frame compressed one way only (too large for the variants) and asked for two
    /// segments is cut: the stream decodes to the chosen indices, is what `encode` gives for the
    /// two segments, and differs from the uncut stream.
    func testLossyFrameAskedForTwoSegmentsIsCut() {
        let count = 30_000
        XCTAssertGreaterThan(count, GIF.LZWEncoder.lossyVariantsCount, "the frame must be compressed one way only")
        let c = choices(count: count, seed: 11)
        let table = GIF.FrameTable(colors: colors, transparent: 12, codeSize: 4)
        var lzw = GIF.LZWEncoder()
        let cut = lzw.encodeSmallest(c, count: count, table: table, budget: 800, minimumSegments: 2)
        var inTurn: [UInt8] = [], whole: [UInt8] = []
        let twoSegments = lzw.encode(c, count: count, minCodeSize: 4, colors: colors, budget: 800, minimumSegments: 2,
                                     indices: &inTurn)
        let uncut = lzw.encode(c, count: count, minCodeSize: 4, colors: colors, budget: 800, indices: &whole)
        XCTAssertTrue(cut.data == twoSegments, "not the two segments' stream")
        XCTAssertTrue(cut.indices == inTurn)
        XCTAssertFalse(cut.data == uncut, "the frame was not cut")
        let decoded = decodeGIFLZW(cut.data, minCodeSize: 4).indices
        XCTAssertEqual(decoded.count, count)
        XCTAssertNil(decoded.indices.first { decoded[$0] != Int(cut.indices[$0]) }, "first pixel decoded other than chosen")
    }

    /// End to end: on a canvas of `largeCanvasPixels` a lossy frame of 32,400 changed pixels (a
    /// square turning from red to blue over a many-coloured background) is compressed in two
    /// segments, one clear code more than on a canvas just smaller; both decode to the same colours.
    func testMidSizedLossyFrameIsCutOnALargeCanvasOnly() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func clearCodes(width: Int) throws -> (clears: [Int], pixels: [[UInt8]]) {
            let height = 340, path = dir + "/square-\(width).gif"
            let gif = try GIF.Encoder(path: path)
            for k in 0..<3 {
                var px = [UInt8](repeating: 255, count: width * height * 4)
                for y in 0..<height {
                    for x in 0..<width {
                        let i = (y * width + x) * 4
                        let square = (100..<280).contains(x) && (80..<260).contains(y)
                        let red: UInt8 = k % 2 == 0 ? 230 : 20
                        px[i] = square ? red : UInt8(x % 256); px[i + 1] = square ? 30 : UInt8(y % 256)
                        px[i + 2] = square ? 250 - red : UInt8((x + y) % 256)
                    }
                }
                try gif.append(try Image(width: width, height: height, premultipliedPixels: px), duration: 0.04)
            }
            try gif.finish()
            let counts = gifImages(try readBytes(path)).map { decodeGIFLZW($0.data, minCodeSize: $0.codeSize).clears }
            let frames: [[UInt8]] = try GIF.read(path).frames.map { $0.pixels }
            return (counts, frames)
        }
        XCTAssertGreaterThanOrEqual(400 * 340, GIF.LZWEncoder.largeCanvasPixels)
        XCTAssertLessThan(380 * 340, GIF.LZWEncoder.largeCanvasPixels)
        let large = try clearCodes(width: 400), small = try clearCodes(width: 380)
        XCTAssertEqual(large.clears.count, 3)
        XCTAssertEqual(small.clears.count, 3)
        guard large.clears.count == 3, small.clears.count == 3 else { return }
        XCTAssertEqual(large.clears[1], small.clears[1] + 1, "the square's frame was not cut in two on the large canvas")
        XCTAssertEqual(large.clears[2], small.clears[2] + 1)
        for k in 0..<3 {
            func crop(_ p: [UInt8], _ w: Int) -> [UInt8] {
                var out: [UInt8] = []
                for y in 80..<260 { out += p[((y * w + 100) * 4)..<((y * w + 280) * 4)] }
                return out
            }
            XCTAssertEqual(crop(large.pixels[k], 400), crop(small.pixels[k], 380), "frame \(k)'s square differs")
        }
    }

    /// The segments decode as one stream (a clear code between them) to the chosen indices, and the
    /// bytes are the same whether the segments were compressed at once or in turn.
    func testSegmentedFrameDecodesToTheChosenIndices() {
        let count = 2 * GIF.LZWEncoder.segmentPixels + 999
        let c = choices(count: count, seed: 5)
        var lzw = GIF.LZWEncoder()
        var together: [UInt8] = [], inTurn: [UInt8] = []
        let a = lzw.encode(c, count: count, minCodeSize: 4, colors: colors, budget: 800, parallel: true, indices: &together)
        let b = lzw.encode(c, count: count, minCodeSize: 4, colors: colors, budget: 800, parallel: false, indices: &inTurn)
        XCTAssertTrue(a == b, "the bytes depend on how the segments were scheduled")
        XCTAssertTrue(together == inTurn, "the indices depend on how the segments were scheduled")
        let decoded = decodeGIFLZW(a, minCodeSize: 4).indices
        XCTAssertEqual(decoded.count, count)
        XCTAssertNil(decoded.indices.first { decoded[$0] != Int(together[$0]) }, "first pixel decoded other than chosen")
        for j in 0..<count {
            let ok = together[j] == c.target[j] || Int16(together[j]) == c.alternative[j] || c.truth[j] != 0
            if !ok { XCTFail("pixel \(j) drew \(together[j]), which it may not"); break }
        }
    }

    /// What the second segment draws does not depend on the first segment's pixels: it starts with
    /// a dictionary of its own.
    func testSecondSegmentDoesNotDependOnTheFirst() {
        let count = 2 * GIF.LZWEncoder.segmentPixels
        let parts = GIF.LZWEncoder.segments(count)
        XCTAssertEqual(parts.count, 2)
        guard parts.count == 2 else { return }
        let cut = parts[1].lowerBound
        let base = choices(count: count, seed: 7), other = choices(count: count, seed: 8)
        var mixed = base
        for j in 0..<cut {
            mixed.target[j] = other.target[j]; mixed.alternative[j] = other.alternative[j]; mixed.truth[j] = other.truth[j]
        }
        var lzw = GIF.LZWEncoder()
        var first: [UInt8] = [], second: [UInt8] = []
        _ = lzw.encode(base, count: count, minCodeSize: 4, colors: colors, budget: 800, indices: &first)
        _ = lzw.encode(mixed, count: count, minCodeSize: 4, colors: colors, budget: 800, indices: &second)
        XCTAssertFalse(first[..<cut] == second[..<cut])
        XCTAssertNil((cut..<count).first { first[$0] != second[$0] }, "first pixel of the second segment drawn otherwise")
    }
}
