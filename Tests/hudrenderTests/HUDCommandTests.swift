// End-to-end tests of `hudrender [hud]`: the default story, styles, stills, folders, contact
// sheets, looks, and byte-identical output for any --jobs.

import Foundation
import HUDCodecs
import HUDRaster
import XCTest

final class HUDCommandTests: HudrenderTestCase {
    func testDefaultStoryRendersAGIFOfAboutFourSeconds() throws {
        let r = try Hudrender.run(["--size", "120x160", "--scale", "1", "--fps", "5", "--out", "hud.gif"], in: dir)
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "")
        let gif = try GIF.decode(try XCTUnwrap(bytes("hud.gif")))
        XCTAssertEqual(gif.frames.first?.width, 120)
        XCTAssertEqual(gif.frames.first?.height, 160)
        let total = gif.durations.reduce(0, +)
        XCTAssertGreaterThan(total, 3.5, "the default story lasts about 4 s")
        XCTAssertLessThan(total, 6)
        XCTAssertGreaterThan(gif.frames.count, 5, "the HUD moves, so frames differ")
        XCTAssertEqual(listing(), ["hud.gif"], "no temporary file is left")
    }

    func testEveryStyleRendersAndDiffersFromNone() throws {
        var outputs: [String: [UInt8]] = [:]
        for style in ["drop", "expand", "shrink", "swing-left", "swing-right", "balloon", "fade", "none"] {
            let r = try Hudrender.run(small + ["--style", style, "--at", "0.3", "--out", "\(style).png"], in: dir)
            assertSuccess(r)
            outputs[style] = try XCTUnwrap(bytes("\(style).png"))
        }
        XCTAssertNotEqual(outputs["drop"], outputs["none"], "mid-presentation, drop is not yet in place")
        XCTAssertNotEqual(outputs["balloon"], outputs["drop"])
    }

    func testAPNGFolderAndStillOutputs() throws {
        assertSuccess(try Hudrender.run(small + ["--duration", "1", "--out", "hud.apng"], in: dir))
        let apng = try APNG.decode(try XCTUnwrap(bytes("hud.apng")))
        XCTAssertEqual(apng.durations.reduce(0, +), 1, accuracy: 0.01)

        // --loop counts repeats after the first play: GIF's NETSCAPE count, APNG's plays minus one.
        assertSuccess(try Hudrender.run(small + ["--duration", "0.4", "--loop", "2", "--out", "loop.gif"], in: dir))
        XCTAssertEqual(try GIF.decode(try XCTUnwrap(bytes("loop.gif"))).plays, 3)
        assertSuccess(try Hudrender.run(small + ["--duration", "0.4", "--loop", "2", "--out", "loop.apng"], in: dir))
        XCTAssertEqual(try APNG.decode(try XCTUnwrap(bytes("loop.apng"))).plays, 3)
        XCTAssertEqual(try APNG.decode(try XCTUnwrap(bytes("hud.apng"))).plays, 0, "forever by default")

        assertSuccess(try Hudrender.run(small + ["--duration", "1", "--out", "frames/"], in: dir))
        let frames = try FileManager.default.contentsOfDirectory(atPath: path("frames")).sorted()
        XCTAssertEqual(frames.count, 5)
        XCTAssertEqual(frames.first, "frame-0001.png")
        XCTAssertEqual(try PNG.decode(try XCTUnwrap(bytes("frames/frame-0005.png"))).width, 80)

        assertSuccess(try Hudrender.run(small + ["--at", "2", "--out", "still.png"], in: dir))
        let still = try PNG.decode(try XCTUnwrap(bytes("still.png")))
        XCTAssertEqual(still.width, 80)
        XCTAssertEqual(still.height, 80)
    }

    func testJobsOneAndTwoAreByteIdentical() throws {
        let common = ["--size", "100x120", "--scale", "1", "--fps", "8", "--style", "balloon", "--seed", "7", "--quiet"]
        assertSuccess(try Hudrender.run(common + ["--jobs", "1", "--out", "a.gif"], in: dir))
        assertSuccess(try Hudrender.run(common + ["--jobs", "2", "--out", "b.gif"], in: dir))
        assertSuccess(try Hudrender.run(common + ["--jobs", "3", "--out", "c.apng"], in: dir))
        assertSuccess(try Hudrender.run(common + ["--jobs", "1", "--out", "d.apng"], in: dir))
        XCTAssertEqual(bytes("a.gif"), bytes("b.gif"))
        XCTAssertEqual(bytes("c.apng"), bytes("d.apng"))
        XCTAssertNotNil(bytes("a.gif"))
    }

    func testSeedMakesDropReproducible() throws {
        let common = small + ["--style", "drop", "--at", "0.4"]
        assertSuccess(try Hudrender.run(common + ["--seed", "1", "--out", "a.png"], in: dir))
        assertSuccess(try Hudrender.run(common + ["--seed", "1", "--out", "b.png"], in: dir))
        assertSuccess(try Hudrender.run(common + ["--seed", "2", "--out", "c.png"], in: dir))
        XCTAssertEqual(bytes("a.png"), bytes("b.png"))
        XCTAssertNotEqual(bytes("a.png"), bytes("c.png"), "the drop angle comes from the seed")
    }

    func testStoryOptionsChangeTheOutput() throws {
        let common = small + ["--at", "2"]
        assertSuccess(try Hudrender.run(common + ["--out", "radial.png"], in: dir))
        assertSuccess(try Hudrender.run(common + ["--progress", "linear", "--out", "linear.png"], in: dir))
        assertSuccess(try Hudrender.run(common + ["--progress", "none", "--result", "none", "--overlay", "none",
                                                   "--title", "Syncing", "--border", "--out", "plain.png"], in: dir))
        XCTAssertNotEqual(bytes("radial.png"), bytes("linear.png"))
        XCTAssertNotEqual(bytes("radial.png"), bytes("plain.png"))
    }

    func testConfirmImageAndLooks() throws {
        try write("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><circle cx='5' cy='5' r='4' fill='#FF2D55'/></svg>", to: "icon.svg")
        assertSuccess(try Hudrender.run(small + ["--image", "icon.svg", "--at", "0.8", "--out", "image.png"], in: dir))
        assertSuccess(try Hudrender.run(small + ["--confirm", "--glow-color", "#FF9500", "--at", "1.5", "--out", "confirm.png"], in: dir))
        assertSuccess(try Hudrender.run(small + ["--look", "svprogresshud-dark", "--at", "1", "--out", "sv.png"], in: dir))
        assertSuccess(try Hudrender.run(small + ["--look", "svprogresshud-light", "--at", "1", "--out", "sv-light.png"], in: dir))
        XCTAssertNotEqual(bytes("sv.png"), bytes("sv-light.png"))
        assertSuccess(try Hudrender.run(small + ["--look", "mbprogresshud-annular", "--title", "Saving", "--at", "1", "--out", "mb.png"], in: dir))
        assertSuccess(try Hudrender.run(small + ["--look", "mbprogresshud", "--style", "expand", "--at", "1", "--out", "mb2.png"], in: dir))
        XCTAssertNotEqual(bytes("mb.png"), bytes("mb2.png"))
        assertUsageError(try Hudrender.run(small + ["--look", "mbprogresshud", "--style", "balloon", "--out", "x.png"], in: dir),
                         contains: ["MBProgressHUD animates with fade, expand (zoomIn) or shrink (zoomOut)"])
        XCTAssertNotNil(bytes("image.png"))
        XCTAssertNotNil(bytes("confirm.png"))
    }

    func testContactSheetLaysOutFramesWithTimes() throws {
        let r = try Hudrender.run(small + ["--contact-sheet", "3x2", "--out", "sheet.png"], in: dir)
        assertSuccess(r)
        let sheet = try PNG.decode(try XCTUnwrap(bytes("sheet.png")))
        // 3 cells of 80 px with 16 px gutters; 2 rows with a 30 px label under each cell.
        XCTAssertEqual(sheet.width, 16 * 4 + 80 * 3)
        XCTAssertEqual(sheet.height, 16 * 3 + (80 + 30) * 2)
        // The label strip under the first cell holds dark text pixels.
        var dark = 0
        for y in (16 + 80 + 6)..<(16 + 80 + 30) { for x in 16..<96 where sheet[x, y].r < 128 { dark += 1 } }
        XCTAssertGreaterThan(dark, 10, "the time label is drawn")
    }

    func testExplicitHudCommandEqualsDefault() throws {
        assertSuccess(try Hudrender.run(small + ["--at", "1", "--out", "a.png"], in: dir))
        assertSuccess(try Hudrender.run(["hud"] + small + ["--at", "1", "--out", "b.png"], in: dir))
        XCTAssertEqual(bytes("a.png"), bytes("b.png"))
    }
}
