// End-to-end tests of `hudrender batch` (render, skip current, --check for stale docs).

import Foundation
import HUDCodecs
import XCTest

final class BatchCommandTests: HudrenderTestCase {
    let manifest = """
        {
          "description": "a tiny gallery",
          "defaults": { "size": "60x60", "scale": 1, "fps": 4 },
          "outputs": [
            { "out": "gallery/hud.gif", "command": "hud", "options": { "style": "fade", "duration": 1 } },
            { "out": "gallery/ring.png", "command": "ring", "options": { "progress": 0.5 } },
            { "out": "gallery/pulse.apng", "command": "indicator", "options": { "type": "ball-pulse" } },
            { "out": "gallery/sheet.png", "command": "hud", "options": { "contact-sheet": "2x1" } }
          ]
        }
        """

    func testRendersSkipsAndChecks() throws {
        try FileManager.default.createDirectory(atPath: path("gallery"), withIntermediateDirectories: true)
        try write(manifest, to: "assets.json")

        let first = try Hudrender.run(["batch", "assets.json"], in: dir)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, "")
        XCTAssertEqual(first.stdout, "batch: 4 outputs: 4 rendered, 0 up to date\n")
        for f in ["hud.gif", "ring.png", "pulse.apng", "sheet.png"] { XCTAssertNotNil(bytes("gallery/" + f), f) }

        // Same as the command line would render.
        assertSuccess(try Hudrender.run(["ring", "--progress", "0.5", "--size", "60x60", "--scale", "1", "--fps", "4", "--out", "ring.png"], in: dir))
        XCTAssertEqual(bytes("ring.png"), bytes("gallery/ring.png"))

        let second = try Hudrender.run(["batch", "assets.json"], in: dir)
        XCTAssertEqual(second.stdout, "batch: 4 outputs: 0 rendered, 4 up to date\n")

        let check = try Hudrender.run(["batch", "assets.json", "--check"], in: dir)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)

        // A stale file and a missing file are both named; --check changes nothing.
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path("gallery/ring.png")))
        try FileManager.default.removeItem(atPath: path("gallery/hud.gif"))
        let stale = try Hudrender.run(["batch", "assets.json", "--check"], in: dir)
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.stdout.contains("differs: gallery/ring.png"), stale.stdout)
        XCTAssertTrue(stale.stdout.contains("missing: gallery/hud.gif"), stale.stdout)
        XCTAssertFalse(stale.stdout.contains("pulse.apng"))
        XCTAssertTrue(stale.stderr.contains("2 of 4 outputs differ"), stale.stderr)
        XCTAssertEqual(bytes("gallery/ring.png"), [1, 2, 3])

        // A plain run re-renders exactly the two changed files.
        let repair = try Hudrender.run(["batch", "assets.json", "--jobs", "1"], in: dir)
        XCTAssertEqual(repair.stdout, "batch: 4 outputs: 2 rendered, 2 up to date\n")
        XCTAssertEqual(bytes("ring.png"), bytes("gallery/ring.png"))
    }

    /// A gallery's folders come with its manifest: batch creates them; a file in the way of one
    /// is named, and nothing is rendered.
    func testCreatesTheFoldersOutputsGoInto() throws {
        try write(#"{"outputs": [{"out": "new/deeper/ring.png", "command": "ring", "options": {"size": "40x40"}}]}"#, to: "m.json")
        let r = try Hudrender.run(["batch", "m.json"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertNotNil(bytes("new/deeper/ring.png"))

        try write("x", to: "plain")
        try write(#"{"outputs": [{"out": "plain/ring.png", "command": "ring", "options": {"size": "40x40"}}]}"#, to: "m.json")
        let blocked = try Hudrender.run(["batch", "m.json"], in: dir)
        XCTAssertEqual(blocked.status, 1, blocked.stderr)
        XCTAssertTrue(blocked.stderr.contains("cannot create folder plain"), blocked.stderr)
    }

    func testManifestErrorsNameTheEntry() throws {
        try write(#"{"outputs": [{"out": "a.gif", "command": "hud", "options": {"stlye": "drop"}}]}"#, to: "m.json")
        assertUsageError(try Hudrender.run(["batch", "m.json"], in: dir),
                         contains: ["outputs[0].options.stlye: unknown key", "did you mean \"style\""])
        try write(#"{"outputs": [{"out": "a.gif", "command": "hud", "options": {"style": "ballon"}}]}"#, to: "m.json")
        assertUsageError(try Hudrender.run(["batch", "m.json"], in: dir),
                         contains: ["outputs[0].options.style", "did you mean \"balloon\""])
        try write(#"{"outputs": [{"out": "a.gif", "command": "rign"}]}"#, to: "m.json")
        assertUsageError(try Hudrender.run(["batch", "m.json"], in: dir), contains: ["outputs[0].command", "\"ring\""])
        XCTAssertNil(bytes("a.gif"))
    }
}
