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
        // The ring is 36 pt (60% of the 60 pt canvas): 72 px across, centred at (60, 60). The 1 pt
        // border circle is always drawn; at 75% the 2 pt arc also covers 7:30 but not 10:30, so the
        // ring is thicker (more blue pixels along the diagonal) at 7:30.
        func isBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.b > 150 && p.r < 120 }
        let upperLeft = (20..<44).filter { isBlue(still[$0, $0]) }.count
        let lowerLeft = (20..<44).filter { isBlue(still[$0, 119 - $0]) }.count
        XCTAssertGreaterThan(lowerLeft, upperLeft, "the arc covers 7:30 but stops before 10:30 at 75%")
        XCTAssertGreaterThan(upperLeft, 0, "the border circle is drawn all round")
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
