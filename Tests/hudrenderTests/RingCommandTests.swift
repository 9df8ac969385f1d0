// End-to-end tests of `hudrender ring` (UAProgressView).

import Foundation
import HUDCodecs
import HUDRaster
import XCTest

final class RingCommandTests: HudrenderTestCase {
    func testDefaultStoryAndStill() throws {
        assertSuccess(try Hudrender.run(["ring", "--size", "60x60", "--fps", "5", "--out", "ring.gif"], in: dir))
        let gif = try GIF.decode(try XCTUnwrap(bytes("ring.gif")))
        XCTAssertEqual(gif.frames.first?.width, 120, "60 pt at the default scale 2")
        XCTAssertGreaterThan(gif.durations.reduce(0, +), 3)

        assertSuccess(try Hudrender.run(["ring", "--progress", "0.75", "--size", "60x60", "--out", "ring.png"], in: dir))
        let still = try PNG.decode(try XCTUnwrap(bytes("ring.png")))
        // The ring is 36 pt (60% of the 60 pt canvas): 72 px across, centred at (60, 60). At 75% the
        // 2 pt arc covers 3 o'clock but not 10:30, where only the thin 1 pt border shows (paler blue).
        func isBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.b > 150 && p.r < 120 }
        var rightBlue = false, upperLeftBlue = false
        for x in 84..<100 where isBlue(still[x, 60]) { rightBlue = true }
        for d in 24..<44 where isBlue(still[d, d]) { upperLeftBlue = true }
        XCTAssertTrue(rightBlue, "the arc passes 3 o'clock at 75%")
        XCTAssertFalse(upperLeftBlue, "the arc stops before 10:30 at 75%")
    }

    func testRingOptions() throws {
        let r = try Hudrender.run(["ring", "--size", "60x60", "--tint-color", "#FF2D55", "--line-width", "6",
                                    "--border-width", "2", "--central", "none", "--no-fill-on-touch",
                                    "--progress", "1", "--out", "pink.png"], in: dir)
        assertSuccess(r)
        let img = try PNG.decode(try XCTUnwrap(bytes("pink.png")))
        var pink = 0
        for y in 0..<img.height { for x in 0..<img.width { let p = img[x, y]; if p.r > 200 && p.g < 100 { pink += 1 } } }
        XCTAssertGreaterThan(pink, 200, "the ring is drawn in the tint colour")
    }
}
