// End-to-end tests of animated WebP output: `--out x.webp` (lossless: the frames exactly as the PNG
// frames of the same job), `--quality`, loop counts, and batch manifests naming .webp files.

import Foundation
import HUDCodecs
import HUDRaster
import XCTest

final class WebPOutputTests: HudrenderTestCase {
    func testLosslessWebPDecodesToThePNGFramesAndQualityIsLossy() throws {
        let job = ["--size", "80x80", "--scale", "1", "--quiet", "--duration", "0.6", "--fps", "10"]
        assertSuccess(try Hudrender.run(job + ["--loop", "1", "--out", "hud.webp"], in: dir))
        assertSuccess(try Hudrender.run(job + ["--out", "frames/"], in: dir))
        let webp = try WebP.decode(try XCTUnwrap(bytes("hud.webp")))
        XCTAssertEqual(webp.plays, 2)
        XCTAssertEqual(webp.durations.reduce(0, +), 0.6, accuracy: 0.002)
        // Sampled in the middle of each 0.1 s frame, the WebP shows exactly the PNG frames.
        var ends: [Double] = [], t = 0.0
        for d in webp.durations { t += d; ends.append(t) }
        for i in 0..<6 {
            let png = try PNG.decode(try XCTUnwrap(bytes(String(format: "frames/frame-%04d.png", i + 1))))
            let k = ends.firstIndex { $0 > (Double(i) + 0.5) / 10 } ?? webp.frames.count - 1
            XCTAssertEqual(webp.frames[k].pixels, png.pixels, "frame \(i + 1)")
        }
        assertSuccess(try Hudrender.run(job + ["--quality", "50", "--out", "lossy.webp"], in: dir))
        XCTAssertLessThan(try XCTUnwrap(bytes("lossy.webp")).count, try XCTUnwrap(bytes("hud.webp")).count)
    }

    func testQualityNeedsGIFOrWebPAndARange() throws {
        assertUsageError(try Hudrender.run(small + ["--quality", "80", "--out", "x.apng"], in: dir), contains: [".gif and .webp"])
        assertUsageError(try Hudrender.run(small + ["--quality", "101", "--out", "x.gif"], in: dir), contains: ["quality"])
        XCTAssertNil(bytes("x.apng"))
    }

    func testBatchWritesWebP() throws {
        try write(#"{"outputs": [{"out": "a/hud.webp", "command": "hud", "options": {"size": "80x100", "scale": 1, "duration": 0.4, "fps": 5}}]}"#, to: "m.json")
        assertSuccess(try Hudrender.run(["batch", "m.json", "--quiet"], in: dir))
        XCTAssertGreaterThan(try WebP.decode(try XCTUnwrap(bytes("a/hud.webp"))).frames.count, 1)
        assertSuccess(try Hudrender.run(["batch", "m.json", "--check"], in: dir))
    }
}
