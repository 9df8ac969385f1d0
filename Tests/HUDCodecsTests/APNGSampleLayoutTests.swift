// APNG.SampleLayout: a frame's box in the file's colour type, and blend-OVER's cleared pixels.
import XCTest
@testable import HUDCodecs

final class APNGSampleLayoutTests: XCTestCase {
    private let rgb = APNG.SampleLayout(mode: .rgb, width: 3, paletteIndex: [:], clear: [0, 0, 1])

    func testTheBoxIsCopiedInTheFilesLayout() {
        // 3 x 2 frame, box x 1...2, y 0...1.
        let frame: [UInt8] = [9, 9, 9, 255, 1, 2, 3, 255, 4, 5, 6, 255,
                              9, 9, 9, 255, 7, 8, 9, 255, 10, 11, 12, 255]
        XCTAssertEqual(rgb.samples(frame, x0: 1, y0: 0, w: 2, h: 2).bytes, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
        let rgba = APNG.SampleLayout(mode: .rgba, width: 3, paletteIndex: [:], clear: [0, 0, 0, 0])
        XCTAssertEqual(rgba.samples(frame, x0: 2, y0: 1, w: 1, h: 1).bytes, [10, 11, 12, 255])
        let ga = APNG.SampleLayout(mode: .grayAlpha, width: 3, paletteIndex: [:], clear: [0, 0])
        XCTAssertEqual(ga.samples(frame, x0: 0, y0: 0, w: 1, h: 1).bytes, [9, 255])
        let palette = APNG.SampleLayout(mode: .palette, width: 3, paletteIndex: [0x0102_03FF: 5, 0x0405_06FF: 7], clear: [0])
        XCTAssertEqual(palette.samples(frame, x0: 1, y0: 0, w: 2, h: 1).bytes, [5, 7])
    }

    func testUnchangedPixelsAreClearedUnlessTheyRepeatTheOneWrittenBefore() {
        // One row of 3: the first pixel changed, the second is unchanged and repeats it, the third is
        // unchanged and does not.
        let old: [UInt8] = [0, 0, 0, 255, 5, 5, 5, 255, 6, 6, 6, 255]
        let new: [UInt8] = [5, 5, 5, 255, 5, 5, 5, 255, 6, 6, 6, 255]
        let over = rgb.samples(new, unchangedSince: old, x0: 0, y0: 0, w: 3, h: 1)
        XCTAssertEqual(over.bytes, [5, 5, 5, 5, 5, 5, 0, 0, 1])
        XCTAssertTrue(over.cleared)
        // An unchanged first pixel of the box repeats nothing, so it is cleared.
        XCTAssertEqual(rgb.samples(new, unchangedSince: old, x0: 1, y0: 0, w: 2, h: 1).bytes, [0, 0, 1, 0, 0, 1])
    }

    func testNothingIsClearedWhenEveryPixelChanged() {
        let old: [UInt8] = [0, 0, 0, 255, 1, 1, 1, 255, 2, 2, 2, 255]
        let new: [UInt8] = [3, 3, 3, 255, 4, 4, 4, 255, 2, 2, 2, 255]
        let over = rgb.samples(new, unchangedSince: old, x0: 0, y0: 0, w: 2, h: 1)
        XCTAssertFalse(over.cleared)
        XCTAssertEqual(over.bytes, rgb.samples(new, x0: 0, y0: 0, w: 2, h: 1).bytes)
    }
}
