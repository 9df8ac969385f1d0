// End-to-end tests of `hudrender diff`.

import Foundation
import HUDCodecs
import HUDRaster
import XCTest

final class DiffCommandTests: HudrenderTestCase {
    func testIdenticalAndDifferentAnimations() throws {
        let common = small + ["--duration", "1"]
        assertSuccess(try Hudrender.run(common + ["--seed", "1", "--out", "a.gif"], in: dir))
        assertSuccess(try Hudrender.run(common + ["--seed", "1", "--out", "b.gif"], in: dir))
        assertSuccess(try Hudrender.run(common + ["--seed", "1", "--style", "fade", "--out", "c.gif"], in: dir))

        let same = try Hudrender.run(["diff", "a.gif", "b.gif"], in: dir)
        XCTAssertEqual(same.status, 0)
        XCTAssertTrue(same.stdout.hasPrefix("identical: "), same.stdout)

        let different = try Hudrender.run(["diff", "a.gif", "c.gif", "--out", "diff.png"], in: dir)
        XCTAssertEqual(different.status, 1)
        XCTAssertTrue(different.stdout.contains("a.gif and c.gif differ"), different.stdout)
        XCTAssertNotNil(different.stdout.range(of: #"frame \d+: \d+ pixels differ"#, options: .regularExpression), different.stdout)
        let picture = try PNG.decode(try XCTUnwrap(bytes("diff.png")))
        XCTAssertEqual(picture.width, 80)
        var red = 0
        for y in 0..<picture.height { for x in 0..<picture.width { let p = picture[x, y]; if p.r == 255 && p.g == 0 { red += 1 } } }
        XCTAssertGreaterThan(red, 0, "differences are drawn in red")
    }

    func testStillsSizesAndFormats() throws {
        assertSuccess(try Hudrender.run(small + ["--at", "1", "--out", "a.png"], in: dir))
        assertSuccess(try Hudrender.run(["hud", "--size", "60x60", "--scale", "1", "--at", "1", "--out", "b.png"], in: dir))
        let r = try Hudrender.run(["diff", "a.png", "b.png"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("size: 80x80 in a.png, 60x60 in b.png"), r.stdout)

        // The same pictures as GIF-free APNG and PNG folder frame: the still equals frame 0 of a 1-frame APNG.
        assertSuccess(try Hudrender.run(small + ["--at", "1", "--out", "one.apng"], in: dir))
        XCTAssertEqual(try Hudrender.run(["diff", "a.png", "one.apng", "--quiet"], in: dir).status, 0)
    }

    func testUsageAndMissingFile() throws {
        assertUsageError(try Hudrender.run(["diff", "a.png"], in: dir), contains: ["missing argument", "hudrender diff A B"])
        // A path that names no file is what the user typed (exit 2); 1 is kept for "they differ".
        let r = try Hudrender.run(["diff", "nope.png", "nope2.png"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("nope.png: no such file"), r.stderr)
    }
}
