// FrameDifference.box: the changed box of two frames, and whether every changed pixel is opaque.
import XCTest
@testable import HUDCodecs

final class FrameDifferenceTests: XCTestCase {
    /// A 5 x 4 RGBA8 frame of opaque grey with the given pixels replaced.
    private func frame(_ changes: [(x: Int, y: Int, rgba: [UInt8])] = []) -> [UInt8] {
        var px = [UInt8](repeating: 0, count: 5 * 4 * 4)
        for i in Swift.stride(from: 0, to: px.count, by: 4) { px[i] = 90; px[i + 1] = 90; px[i + 2] = 90; px[i + 3] = 255 }
        for c in changes { for k in 0..<4 { px[(c.y * 5 + c.x) * 4 + k] = c.rgba[k] } }
        return px
    }

    func testIdenticalFramesHaveNoBox() {
        XCTAssertNil(FrameDifference.box(frame(), frame(), width: 5, height: 4))
    }

    func testTheBoxSpansEveryChangedPixelAcrossUnchangedRows() {
        let changed = frame([(1, 0, [1, 2, 3, 255]), (3, 2, [4, 5, 6, 255])])
        let box = FrameDifference.box(changed, frame(), width: 5, height: 4)
        XCTAssertEqual(box.map { [$0.x0, $0.y0, $0.x1, $0.y1] }, [1, 0, 3, 2])
        XCTAssertEqual(box?.changedOpaque, true)
    }

    func testATranslucentChangedPixelIsReportedAndOpacityCanBeSkipped() {
        let changed = frame([(4, 3, [1, 2, 3, 128]), (0, 3, [9, 9, 9, 255])])
        let box = FrameDifference.box(changed, frame(), width: 5, height: 4)
        XCTAssertEqual(box.map { [$0.x0, $0.y0, $0.x1, $0.y1] }, [0, 3, 4, 3])
        XCTAssertEqual(box?.changedOpaque, false)
        XCTAssertEqual(FrameDifference.box(changed, frame(), width: 5, height: 4, checkOpacity: false)?.changedOpaque, false)
        // An unchanged translucent pixel does not count.
        let base = frame([(2, 1, [0, 0, 0, 0])])
        let opaqueChange = frame([(2, 1, [0, 0, 0, 0]), (3, 1, [7, 7, 7, 255])])
        XCTAssertEqual(FrameDifference.box(opaqueChange, base, width: 5, height: 4)?.changedOpaque, true)
    }
}
