// Golden assertions on animation files: a WebP and a GIF of the same frames verify against the same
// frame references (lossless WebP exactly; the GIF here has few colours, so it is exact too).
import XCTest
import Foundation
import HUDRaster
import HUDCodecs
@testable import HUDSnapshotTesting

final class AnimationFileSnapshotTests: XCTestCase {
    private var root = ""
    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "snapshot-anim-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func frames() throws -> [Image] {
        try (0..<3).map { k in
            var img = try Image(width: 12, height: 8, fill: .white)
            img[2 + k, 3] = Color.red.premultipliedRGBA8
            return img
        }
    }

    func testWebPAndGIFFilesVerifyAgainstFrameReferences() throws {
        let config = SnapshotConfiguration(record: .missing, snapshotDirectory: root + "/snaps", artifactsDirectory: root + "/artifacts")
        for path in [root + "/a.webp", root + "/a.gif"] {
            let encoder = try AnimationWriter.forPath(path)
            for f in try frames() { try encoder.append(f, duration: 0.1) }
            try encoder.finish()
        }
        XCTAssertNotNil(verifySnapshot(ofAnimationAt: root + "/a.webp", named: "dot", configuration: config, testName: "t()"), "first run records")
        XCTAssertNil(verifySnapshot(ofAnimationAt: root + "/a.webp", named: "dot", configuration: config, testName: "t()"))
        XCTAssertNil(verifySnapshot(ofAnimationAt: root + "/a.gif", named: "dot", configuration: config, testName: "t()"))
        let bad = verifySnapshot(ofAnimationAt: root + "/missing.webp", named: "dot", configuration: config, testName: "t()")
        XCTAssertTrue(bad?.contains("cannot decode animation") ?? false, bad ?? "nil")
    }
}
