// End-to-end tests of `hudrender svg`.

import Foundation
import HUDCodecs
import HUDRaster
import XCTest

final class SVGCommandTests: HudrenderTestCase {
    let icon = "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10' viewBox='0 0 20 10'><rect x='0' y='0' width='10' height='10' fill='#00FF00'/></svg>"

    func testWidthScaleAndBackground() throws {
        try write(icon, to: "icon.svg")
        assertSuccess(try Hudrender.run(["svg", "icon.svg", "--out", "a.png"], in: dir))
        let a = try PNG.decode(try XCTUnwrap(bytes("a.png")))
        XCTAssertEqual([a.width, a.height], [20, 10], "intrinsic size")
        XCTAssertEqual(a[15, 5].a, 0, "transparent where nothing is drawn")
        XCTAssertEqual(a[5, 5].g, 255)

        assertSuccess(try Hudrender.run(["svg", "icon.svg", "--width", "40", "--background", "white", "--out", "b.png"], in: dir))
        let b = try PNG.decode(try XCTUnwrap(bytes("b.png")))
        XCTAssertEqual([b.width, b.height], [40, 20], "height follows the aspect ratio")
        XCTAssertEqual(b[30, 10].r, 255, "white background")

        assertSuccess(try Hudrender.run(["svg", "icon.svg", "--scale", "3", "--out", "c.png"], in: dir))
        XCTAssertEqual(try PNG.decode(try XCTUnwrap(bytes("c.png"))).width, 60)
    }

    func testErrors() throws {
        try write(icon, to: "icon.svg")
        assertUsageError(try Hudrender.run(["svg", "icon.svg", "--width", "10", "--scale", "2", "--out", "x.png"], in: dir),
                         contains: ["either --width or --scale"])
        assertUsageError(try Hudrender.run(["svg", "icon.svg", "--out", "x.gif"], in: dir), contains: [".png"])
        try write("<svg><rect", to: "broken.svg")
        let r = try Hudrender.run(["svg", "broken.svg", "--out", "x.png"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("hudrender: error: cannot render broken.svg"), r.stderr)
        XCTAssertNil(bytes("x.png"))
    }
}
