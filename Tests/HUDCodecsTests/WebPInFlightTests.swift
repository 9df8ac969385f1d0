// WebP.Encoder's frames in flight: how many frames wait, compressed, for a slow one before them
// changes when frames are chosen, never the bytes written.
import XCTest
import HUDRaster
@testable import HUDCodecs

final class WebPInFlightTests: XCTestCase {
    /// A large textured first frame (slow to compress) and small changes after it, with an
    /// identical frame at the end: the file is the same byte for byte whether the frames after the
    /// first wait in flight (the default) or appending waits for each oldest frame, and it decodes
    /// to exactly the frames, the identical one lengthening the one before.
    func testFramesInFlightDoNotChangeTheBytes() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = try (0..<10).map { try Self.frame($0) } + [try Self.frame(9)]
        var files: [[UInt8]] = []
        for (name, limit) in [("window", 64), ("oldest", 0)] {
            let path = dir + "/\(name).webp"
            let webp = try WebP.Encoder(path: path)
            webp.inFlightLimit = limit
            if limit == 0 { webp.inFlightBudget = 0 }
            for f in frames { try webp.append(f, duration: 0.04) }
            try webp.finish()
            let decoded = try WebP.read(path)
            XCTAssertEqual(decoded.frames.map(\.pixels), Array(frames.dropLast()).map(\.pixels), name)
            XCTAssertEqual(decoded.durations.last!, 0.08, accuracy: 0.0005, name)
            files.append(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        XCTAssertEqual(files[0], files[1])
    }

    /// Frame `k`: a 160x120 noisy texture with a small box whose colour and place change with `k`.
    private static func frame(_ k: Int) throws -> Image {
        var px = [UInt8](repeating: 255, count: 160 * 120 * 4)
        var seed: UInt32 = 12345
        for i in stride(from: 0, to: px.count, by: 4) {
            seed = seed &* 1_103_515_245 &+ 12345
            px[i] = UInt8(truncatingIfNeeded: seed >> 16); px[i + 1] = UInt8(truncatingIfNeeded: seed >> 8)
        }
        for y in 40..<60 { for x in (10 + k * 8)..<(26 + k * 8) {
            let i = (y * 160 + x) * 4
            px[i] = UInt8(k * 20); px[i + 1] = 30; px[i + 2] = 200
        } }
        return try Image(width: 160, height: 120, straightPixels: px)
    }
}
