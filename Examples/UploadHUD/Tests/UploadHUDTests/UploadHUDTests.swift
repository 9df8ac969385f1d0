import XCTest
import HUDKit
import HUDSnapshotTesting
import UploadHUD

final class UploadHUDTests: XCTestCase {
    func testUploadHUD() throws {
        let scene = try Scene(makeUploadHUD(), device: .iPhoneSE3, scale: 1)
        assertSnapshot(of: scene.render, at: 1.2, named: "half-way")           // one still
        assertSnapshot(of: scene.render, times: [0.1, 0.3, 0.6], named: "drop") // a sequence
    }
}
