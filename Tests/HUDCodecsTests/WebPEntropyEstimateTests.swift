// WebP.EntropyEstimate: the transform it says libwebp will guess is the one libwebp writes, read
// back from the compressed bitstream, on images that call for each of the transforms.
import XCTest
import Foundation
import HUDRaster
@testable import HUDCodecs

final class WebPEntropyEstimateTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/webp").path

    /// A list screen fading darker (Fixtures/webp, from the SE error animation): libwebp codes the
    /// frame with prediction, and the same frame with its unchanged pixels transparent without.
    static func fadePair() throws -> (before: [UInt8], after: [UInt8], width: Int, height: Int) {
        let before = try PNG.read(fixtures + "/list-fade-before.png")
        let after = try PNG.read(fixtures + "/list-fade-after.png")
        return (before.straightPixels(), after.straightPixels(), after.width, after.height)
    }

    func testModeIsTheOneLibwebpWrites() throws {
        let fade = try Self.fadePair()
        let blended = WebP.rectangle(fade.after, fade.before, width: fade.width,
                                     box: WebP.Rect(x: 0, y: 0, w: fade.width, h: fade.height), blend: true)
        var state: UInt32 = 7 // a linear congruential sequence's high bytes: noise without structure
        let noise = (0..<(96 * 96 * 4)).map { i -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return i % 4 == 3 ? 255 : UInt8(state >> 24)
        }
        let stripes = Self.image(64) { x, _ in [x / 8 * 30, 90, 200] }
        let ramp = Self.image(128) { x, y in [x + y / 2, y, 60 + x / 2] }
        let images: [(String, [UInt8], Int, Int)] = [
            ("fade", fade.after, fade.width, fade.height), ("fade blended", blended, fade.width, fade.height),
            ("noise", noise, 96, 96), ("stripes", stripes, 64, 64), ("ramp", ramp, 128, 128),
        ]
        var modes: [WebP.EntropyEstimate.Mode] = []
        for (name, px, w, h) in images {
            let estimate = WebP.EntropyEstimate(pixels: px, width: w, height: h)
            let payload = try WebP.compress(px, width: w, height: h, config: WebP.config(quality: nil, method: 4)).get()
            XCTAssertEqual(estimate.mode, try Self.libwebpMode(payload), name)
            modes.append(estimate.mode)
        }
        XCTAssertEqual(modes[0], .spatialSubtractGreen)
        XCTAssertEqual(modes[1], .subtractGreen)
        XCTAssertEqual(modes[3], .palette)
        XCTAssertGreaterThanOrEqual(Set(modes.map { "\($0)" }).count, 4, "the images call for different transforms")
    }

    func testFlatImageCostsNothingAndFewColoursArePalette() {
        let flat = [UInt8](repeating: 200, count: 32 * 32 * 4)
        XCTAssertEqual(WebP.EntropyEstimate(pixels: flat, width: 32, height: 32), WebP.EntropyEstimate(mode: .palette, bits: 8))
        XCTAssertEqual(WebP.EntropyEstimate.colorCount(flat, atMost: 256), 1)
        let many = (0..<1000).flatMap { i in [UInt8(i & 255), UInt8(i >> 8), 0, 255] as [UInt8] }
        XCTAssertEqual(WebP.EntropyEstimate.colorCount(many, atMost: 256), 257, "counting stops past the limit")
    }

    /// An opaque `side` x `side` image whose RGB at (x, y) is `rgb(x, y)` (each under 256).
    static func image(_ side: Int, _ rgb: (Int, Int) -> [Int]) -> [UInt8] {
        var px: [UInt8] = []
        for y in 0..<side {
            for x in 0..<side { px += rgb(x, y).map { UInt8($0) } + [255] }
        }
        return px
    }

    /// The transform libwebp wrote first, from a "VP8L" chunk: none (direct), subtract green
    /// alone or followed by the predictor, the predictor, or a palette (colour indexing).
    static func libwebpMode(_ chunk: [UInt8]) throws -> WebP.EntropyEstimate.Mode {
        XCTAssertEqual(Array(chunk[0..<4]), Array("VP8L".utf8))
        var bit = (8 + 5) * 8 // chunk header, then the signature byte and 32 bits of size and flags
        func read(_ n: Int) -> Int {
            defer { bit += n }
            return (0..<n).reduce(0) { v, i in v | Int(chunk[(bit + i) >> 3] >> UInt8((bit + i) & 7) & 1) << i }
        }
        guard read(1) == 1 else { return .direct }
        switch read(2) {
        case 0: return .spatial
        case 3: return .palette
        case 2: return read(1) == 1 && read(2) == 0 ? .spatialSubtractGreen : .subtractGreen
        default: throw CodecError.invalidOption("a VP8L stream starting with the cross-colour transform")
        }
    }
}
