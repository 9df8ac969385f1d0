// End-to-end tests of storyboards: a scripted HUD, other components, and strict validation.

import Foundation
import HUDCodecs
import HUDRaster
import XCTest

final class StoryboardTests: HudrenderTestCase {
    let upload = """
        {
          "component": "hud",
          "description": "an upload that succeeds",
          "options": { "style": "expand", "size": "90x90", "scale": 1, "fps": 5 },
          "events": [
            { "at": 0, "action": "show", "title": "Uploading", "status": "Preparing…" },
            { "at": 0.8, "action": "update", "progress": 0.5, "status": "50%" },
            { "at": 1.4, "action": "update", "progress": 1, "status": "100%" },
            { "at": 1.8, "action": "dismiss", "result": "success", "status": "Done!" }
          ]
        }
        """

    func testScriptedHUD() throws {
        try write(upload, to: "upload.json")
        let r = try Hudrender.run(["--storyboard", "upload.json", "--out", "upload.gif", "--quiet"], in: dir)
        assertSuccess(r)
        let gif = try GIF.decode(try XCTUnwrap(bytes("upload.gif")))
        XCTAssertEqual(gif.frames.first?.width, 90, "options come from the storyboard")
        let total = gif.durations.reduce(0, +)
        XCTAssertGreaterThan(total, 2.5, "the dismissal plays after the last event")
        XCTAssertLessThan(total, 4.5, "shorter than the default story")

        // The command line overrides the storyboard's options.
        assertSuccess(try Hudrender.run(["--storyboard", "upload.json", "--size", "70x70", "--at", "1", "--out", "o.png"], in: dir))
        XCTAssertEqual(try PNG.decode(try XCTUnwrap(bytes("o.png"))).width, 70)
    }

    func testStoryboardFromStandardInput() throws {
        let json = #"{"options": {"size": "50x50", "scale": 1}, "events": [{"at": 0, "action": "show", "title": "Piped"}]}"#
        assertSuccess(try Hudrender.run(["--storyboard", "/dev/stdin", "--at", "1", "--out", "piped.png"], in: dir, input: json))
        XCTAssertEqual(try PNG.decode(try XCTUnwrap(bytes("piped.png"))).width, 50)
    }

    func testOtherComponentsFromTheirStoryboards() throws {
        try write(#"{"component": "ring", "options": {"size": "50x50"}, "events": [{"at": 0, "action": "show", "progress": 0.2}, {"at": 0.3, "action": "update", "progress": 0.9}, {"at": 0.8, "action": "tap"}]}"#, to: "ring.json")
        // The storyboard names its component, so `hudrender --storyboard` dispatches to ring.
        assertSuccess(try Hudrender.run(["--storyboard", "ring.json", "--fps", "5", "--out", "ring.gif"], in: dir))
        XCTAssertEqual(try GIF.decode(try XCTUnwrap(bytes("ring.gif"))).frames.first?.width, 100)

        try write(#"{"component": "gg", "options": {"size": "60x60", "scale": 1}, "duration": 2, "events": [{"at": 0.2, "action": "show"}, {"at": 1, "action": "dismiss"}]}"#, to: "gg.json")
        assertSuccess(try Hudrender.run(["gg", "--storyboard", "gg.json", "--fps", "4", "--out", "gg.apng"], in: dir))
        XCTAssertEqual(try APNG.decode(try XCTUnwrap(bytes("gg.apng"))).durations.reduce(0, +), 2, accuracy: 0.01)

        try write(#"{"component": "bar", "options": {"size": "60x20", "scale": 1}, "events": [{"at": 0, "action": "show"}, {"at": 1, "action": "update", "status": "x"}]}"#, to: "bar.json")
        assertUsageError(try Hudrender.run(["bar", "--storyboard", "bar.json", "--out", "bar.gif"], in: dir),
                         contains: ["events[1].action", "valid actions for bar"])
        XCTAssertNil(bytes("bar.gif"))
    }

    func testValidationNamesThePlace() throws {
        let cases: [(String, [String])] = [
            (#"{"events": [{"at": 0, "action": "show"}, {"at": 1, "action": "update", "status": "a"}, {"at": "soon", "action": "dismiss"}]}"#,
             [#"events[2].at: expected seconds as a number, got "soon""#]),
            (#"{"events": [{"at": 0, "action": "shw"}]}"#, ["events[0].action: unknown action \"shw\"", "did you mean \"show\""]),
            (#"{"events": [{"at": 0, "action": "show", "progres": 0.5}]}"#, ["events[0].progres: unknown key", "did you mean \"progress\""]),
            (#"{"events": [{"at": 0, "action": "show", "progress": 2}]}"#, ["events[0].progress: 2 is out of range"]),
            (#"{"events": [{"at": 2, "action": "show"}, {"at": 1, "action": "dismiss"}]}"#, ["events[1].at: 1 is earlier than events[0].at"]),
            (#"{"events": [{"at": 0, "action": "update", "status": "x"}]}"#, ["events[0].action: \"update\" before any \"show\""]),
            (#"{"options": {"style": "ballon"}, "events": [{"at": 0, "action": "show"}]}"#, ["options.style: invalid value \"ballon\"", "did you mean \"balloon\""]),
            (#"{"options": {"fps": "fast"}, "events": [{"at": 0, "action": "show"}]}"#, ["options.fps: expected frames per second as a number, got \"fast\""]),
            (#"{"evnets": []}"#, ["evnets: unknown key", "did you mean \"events\""]),
            (#"{"events": [{"at": 0, "action": "show"},]}"#, ["invalid JSON at line 1", "trailing comma"]),
            ("{\n  \"events\": [\n    {\"at\": 0 \"action\": \"show\"}\n  ]\n}", ["invalid JSON at line 3, column 14", "expected ',' or '}'"]),
            (#"{"component": "wheel", "events": []}"#, ["component: unknown component \"wheel\""]),
        ]
        for (json, fragments) in cases {
            try write(json, to: "bad.json")
            let r = try Hudrender.run(["--storyboard", "bad.json", "--out", "bad.gif"], in: dir)
            assertUsageError(r, contains: ["storyboard bad.json"] + fragments)
            XCTAssertNil(bytes("bad.gif"), "nothing is written")
        }
    }
}
