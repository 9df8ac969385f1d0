// DebugBuildNoteTests: a debug build of HUDKit says it is slow (issue 26 item 8); these tests run
// in release, where the note is compiled out.

import XCTest
@testable import HUDKit

final class DebugBuildNoteTests: XCTestCase {
    func testDebugBuildsAreToldToUseRelease() throws {
        let note = try XCTUnwrap(DebugBuildNote.message(isDebugBuild: true))
        XCTAssertTrue(note.contains("-c release"), note)
        XCTAssertTrue(note.contains("HUDRENDER_NO_DEBUG_NOTE"), note)
        XCTAssertNil(DebugBuildNote.message(isDebugBuild: false))
    }

    func testReleaseBuildPrintsNothing() {
        XCTAssertFalse(DebugBuildNote.isDebugBuild, "the tests are run with -c release")
        _ = try? Screen(size: Size(width: 4, height: 4)).makeCanvas()
        XCTAssertFalse(DebugBuildNote.printed)
    }
}
