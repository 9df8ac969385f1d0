// CheckAPITests: the command as a library. `CommandLineTool.check` and `checkStoryboard` run
// everything a render runs before its first frame, in process, as the fuzzers and editors use them.

import HUDRenderCLI
import XCTest

final class CheckAPITests: XCTestCase {
    func testAValidCommandLinePlansWithoutWriting() throws {
        let out = NSTemporaryDirectory() + "check-api-\(getpid()).gif"
        try CommandLineTool.check(["--style", "balloon", "--out", out])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "check never writes the output")
    }

    func testAUsageErrorIsStatusTwo() {
        XCTAssertThrowsError(try CommandLineTool.check(["ring", "--progress", "7", "--out", "r.png"])) { error in
            XCTAssertEqual(CommandLineTool.exitStatus(for: error), 2)
            XCTAssertTrue(String(describing: error).contains("--progress"), "\(error)")
        }
        XCTAssertThrowsError(try CommandLineTool.check(["rnig", "--out", "r.png"])) { error in
            XCTAssertEqual(CommandLineTool.exitStatus(for: error), 2)
        }
    }

    func testAStoryboardIsCheckedForTheComponentItNames() throws {
        let ring = #"{"component": "ring", "events": [{"at": 0, "action": "show", "progress": 0.5}]}"#
        try CommandLineTool.checkStoryboard(Array(ring.utf8), file: "ring.json")
        XCTAssertThrowsError(try CommandLineTool.checkStoryboard(Array(ring.utf8), file: "ring.json", component: "bar")) { error in
            XCTAssertTrue(String(describing: error).contains("\"ring\""), "\(error)")
        }
    }

    func testAConfinedStoryboardRefusesPathsOutsideTheWorkingFolder() {
        let story = #"{"options": {"font": "/etc/passwd"}, "events": [{"at": 0, "action": "show", "title": "x"}]}"#
        XCTAssertThrowsError(try CommandLineTool.checkStoryboard(Array(story.utf8), file: "s.json", confined: true)) { error in
            XCTAssertTrue(String(describing: error).contains("outside the working folder"), "\(error)")
        }
    }
}
