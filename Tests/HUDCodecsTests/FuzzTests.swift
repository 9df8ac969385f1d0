// Damaged files of every format must come back as thrown errors, never a crash (libpng and giflib
// errors included). Deterministic mutations so a failure reproduces.
import XCTest
import Foundation
import HUDRaster
@testable import HUDCodecs

final class FuzzTests: XCTestCase {
    func mutations(of bytes: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
        var state = seed
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        var out: [[UInt8]] = []
        for k in 0..<count {
            var b = bytes
            switch k % 3 {
            case 0: for _ in 0..<(1 + next() % 4) { b[next() % b.count] = UInt8(next() & 255) }
            case 1: b = Array(b[0..<(next() % b.count)])
            default:
                let at = next() % b.count
                b.insert(contentsOf: (0..<(1 + next() % 16)).map { _ in UInt8(next() & 255) }, at: at)
            }
            out.append(b)
        }
        return out
    }

    func testDecodersSurviveDamagedFiles() throws {
        let dir = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = (0..<3).map { glowFrame(width: 24, height: 20, t: Double($0) / 3, opaque: $0 != 1) }
        try GIF.Encoder.encode(to: dir + "/a.gif", frameCount: 3) { (frames[$0], 0.1) }
        let apng = try APNG.Encoder(path: dir + "/a.png")
        for f in frames { try apng.append(f, duration: 0.1) }
        try apng.finish()
        let gif = try readBytes(dir + "/a.gif"), png = try readBytes(dir + "/a.png")
        var failures = 0
        for m in mutations(of: gif, count: 150, seed: 1) {
            do { let a = try GIF.decode(m); XCTAssertFalse(a.frames.isEmpty) } catch { failures += 1; XCTAssertTrue(error is CodecError, "\(error)") }
        }
        for m in mutations(of: png, count: 150, seed: 2) {
            do { let a = try APNG.decode(m); XCTAssertFalse(a.frames.isEmpty) } catch { failures += 1; XCTAssertTrue(error is CodecError, "\(error)") }
            do { _ = try PNG.decode(m) } catch { XCTAssertTrue(error is CodecError, "\(error)") }
        }
        XCTAssertGreaterThan(failures, 50) // most damage is detected (CRCs, LZW codes, lengths)
    }
}
