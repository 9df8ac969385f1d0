// End-to-end tests of `hudrender indicator --type NAME`.

import Foundation
import HUDCodecs
import HUDRaster
import XCTest

final class IndicatorCommandTests: HudrenderTestCase {
    func testKebabAndCamelCaseNamesRenderTheSame() throws {
        assertSuccess(try Hudrender.run(["indicator", "--type", "ball-pulse", "--size", "40x40", "--at", "0.2", "--out", "a.png"], in: dir))
        assertSuccess(try Hudrender.run(["indicator", "--type", "ballPulse", "--size", "40x40", "--at", "0.2", "--out", "b.png"], in: dir))
        XCTAssertEqual(bytes("a.png"), bytes("b.png"))
        let img = try PNG.decode(try XCTUnwrap(bytes("a.png")))
        XCTAssertEqual(img.width, 80)
        var dark = 0
        for y in 0..<img.height { for x in 0..<img.width where img[x, y].r < 100 { dark += 1 } }
        XCTAssertGreaterThan(dark, 20, "black balls on white")
    }

    func testEveryTypeRendersOnePeriod() throws {
        for type in ["ball-pulse", "ball-spin-fade-loader", "line-scale", "audio-equalizer", "circle-stroke-spin", "ball-clip-rotate"] {
            let r = try Hudrender.run(["indicator", "--type", type, "--size", "30x30", "--scale", "1", "--fps", "4", "--out", "\(type).gif"], in: dir)
            assertSuccess(r)
            let gif = try GIF.decode(try XCTUnwrap(bytes("\(type).gif")))
            XCTAssertGreaterThan(gif.durations.reduce(0, +), 0.5, type)
        }
    }
}
