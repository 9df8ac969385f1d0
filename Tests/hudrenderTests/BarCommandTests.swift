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

    func testSafeAreaTopFlavourAndNotchOnASizedCanvas() throws {
        // --safe-area-top: the bar sits under the inset on a bare --size canvas.
        assertSuccess(try Hudrender.run(["bar", "--size", "375x100", "--scale", "1", "--background", "transparent",
                                          "--safe-area-top", "62", "--at", "0", "--out", "inset.png"], in: dir))
        let inset = try PNG.decode(try XCTUnwrap(bytes("inset.png")))
        XCTAssertEqual(inset[10, 63].a, 255)
        XCTAssertEqual(inset[10, 1].a, 0)
        // --flavour swiftui starts half a cycle on: the left end is no longer the first colour (green).
        assertSuccess(try Hudrender.run(["bar", "--size", "375x4", "--scale", "1", "--background", "transparent",
                                          "--flavour", "swiftui", "--at", "0", "--out", "swiftui.png"], in: dir))
        let sui = try PNG.decode(try XCTUnwrap(bytes("swiftui.png")))
        XCTAssertGreaterThan(Int(sui[0, 1].r), 200, "the SwiftUI view's first frame starts at #FF2D55")
        // --device with --size keeps the device's notch, centred on the canvas width.
        assertSuccess(try Hudrender.run(["bar", "--placement", "notch", "--device", "iphone-11", "--size", "375x100", "--scale", "1",
                                          "--background", "transparent", "--at", "0", "--out", "notch.png"], in: dir))
        let notch = try PNG.decode(try XCTUnwrap(bytes("notch.png")))
        XCTAssertEqual(notch[187, 1].a, 0, "the notch is cut out of the bar")
        XCTAssertEqual(notch[187, 34].a, 255, "the bar runs under the notch")
        // A negative inset is a usage error naming the option.
        assertUsageError(try Hudrender.run(["bar", "--safe-area-top", "-5", "--out", "x.png"], in: dir), contains: ["--safe-area-top"])
    }
}
