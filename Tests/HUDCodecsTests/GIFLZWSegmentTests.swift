// GIF.LZWEncoder's segments: a large frame is compressed in segments of a fixed size, each with a
// dictionary of its own after a clear code, so that they can be compressed on all cores. The cut
// depends on the pixel count alone; every stream decodes to the indices the encoder chose, whether
// the segments ran at once or one after another.
import XCTest
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
