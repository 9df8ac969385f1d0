// PathTextTests: the command's path text answers as NSString does, without trapping on a
// one-character path (`--out f/` crashed in OutputDestination.checkWritable).

import XCTest
@testable import HUDRenderCLI

final class PathTextTests: XCTestCase {
    func testParentAndLastComponent() {
        let cases: [(String, String, String)] = [
            ("f", "", "f"), ("f/", "", "f"), ("a/b", "a", "b"), ("a/b/", "a", "b"), ("/a", "/", "a"),
            ("/", "/", "/"), ("docs/assets.json", "docs", "assets.json"), ("/x/y/z.png", "/x/y", "z.png"),
            ("a//b", "a", "b"),
        ]
        for (path, parent, last) in cases {
            XCTAssertEqual(PathText.parent(path), parent, path)
            XCTAssertEqual(PathText.lastComponent(path), last, path)
        }
        XCTAssertEqual(PathText.appending("", "x.gif"), "x.gif")
        XCTAssertEqual(PathText.appending("docs", "x.gif"), "docs/x.gif")
        XCTAssertEqual(PathText.appending("/", "x.gif"), "/x.gif")
    }

    func testFileExtensionAsNSStringGivesIt() {
        let cases: [(String, String)] = [
            ("a.b.GIF", "GIF"), ("x/.gif", ""), ("x.gif/", "gif"), ("a b.g if", "g if"), ("x.", ""),
            ("dir.d/x", ""), ("x", ""), ("/", ""), ("out/hud.webp", "webp"),
        ]
        for (path, ext) in cases { XCTAssertEqual(PathText.fileExtension(path), ext, path) }
    }
}
