// End-to-end tests of `hudrender bar` (GradientLoadingBar, plain and notch).

import Foundation
import HUDCodecs
import HUDRaster
import XCTest

final class BarCommandTests: HudrenderTestCase {
    func testOneSeamlessCycle() throws {
        assertSuccess(try Hudrender.run(["bar", "--size", "100x40", "--scale", "1", "--fps", "5", "--out", "bar.apng"], in: dir))
        let apng = try APNG.decode(try XCTUnwrap(bytes("bar.apng")))
        XCTAssertEqual(apng.durations.reduce(0, +), 3.4, accuracy: 0.11, "one 3.33 s cycle")
        // The bar's colours sit in the top rows.
        let first = try XCTUnwrap(apng.frames.first)
        let top = first[50, 1]
        XCTAssertFalse(top.r == top.g && top.g == top.b, "a coloured bar at the top")
    }

    func testNotchPlacementAndColours() throws {
        assertSuccess(try Hudrender.run(["bar", "--placement", "notch", "--scale", "1", "--at", "1", "--out", "notch.png"], in: dir))
        let img = try PNG.decode(try XCTUnwrap(bytes("notch.png")))
        XCTAssertEqual(img.width, 390, "the notch variant picks a notched iPhone 13 (390 pt)")
        assertSuccess(try Hudrender.run(["bar", "--colors", "#FF9500,#FF2D55", "--height", "6", "--size", "100x40", "--scale", "1",
                                          "--fade-in-at", "0", "--fade-out-at", "0.5", "--fps", "5", "--quiet", "--out", "fade.gif"], in: dir))
        XCTAssertNotNil(bytes("fade.gif"))
    }
}
