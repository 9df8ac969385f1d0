// End-to-end tests of `hudrender gg` (GGProgressHUD).

import Foundation
import HUDCodecs
import HUDRaster
import XCTest

final class GGCommandTests: HudrenderTestCase {
    func testShowAndHide() throws {
        assertSuccess(try Hudrender.run(["gg", "--size", "80x120", "--fps", "4", "--out", "gg.gif"], in: dir))
        let gif = try GIF.decode(try XCTUnwrap(bytes("gg.gif")))
        XCTAssertEqual(gif.durations.reduce(0, +), 4.2, accuracy: 0.3, "show, equalizer, hide at 3.5 s")

        assertSuccess(try Hudrender.run(["gg", "--size", "80x120", "--at", "0", "--out", "before.png"], in: dir))
        assertSuccess(try Hudrender.run(["gg", "--size", "80x120", "--at", "2", "--out", "shown.png"], in: dir))
        let before = try PNG.decode(try XCTUnwrap(bytes("before.png"))), shown = try PNG.decode(try XCTUnwrap(bytes("shown.png")))
        XCTAssertLessThan(Int(shown[2, 2].r), Int(before[2, 2].r), "the window dims the screen")
    }

    func testIndicatorTypeAndStayingHUD() throws {
        assertSuccess(try Hudrender.run(["gg", "--type", "ballPulse", "--color", "#FFFFFF", "--hide-at", "none",
                                          "--duration", "1", "--size", "80x120", "--fps", "4", "--out", "gg.apng"], in: dir))
        let apng = try APNG.decode(try XCTUnwrap(bytes("gg.apng")))
        XCTAssertEqual(apng.durations.reduce(0, +), 1, accuracy: 0.01)
    }
}
