// ConfirmationStoryTests: the default story with a confirmation tap leaves "Cancel?" on screen long
// enough to read (issue 26 item 9: it cross-faded into the next percentage 0.1 s after the tap).

import XCTest
@testable import HUDKit

final class ConfirmationStoryTests: XCTestCase {
    func testCancelQuestionStaysUntilTheResult() throws {
        var story = ProgressHUDStory()
        story.confirmationTap = true
        let scene = try story.makeScene(scale: 1)
        let changes = scene.plan.contents
        let ask = try XCTUnwrap(changes.firstIndex { $0.content.status == "Cancel?" }, "the tap asks \"Cancel?\"")
        let next = try XCTUnwrap(changes.indices.first { $0 > ask }, "the result follows")
        let shown = changes[next].time - changes[ask].time
        XCTAssertGreaterThanOrEqual(shown, 1.0, "\"Cancel?\" is on screen for \(shown) s before the next label")
        XCTAssertEqual(changes[next].content.kind, .success, "the next label is the result, not a percentage")
    }
}
