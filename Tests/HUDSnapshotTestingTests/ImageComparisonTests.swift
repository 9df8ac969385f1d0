import XCTest
import HUDRaster
@testable import HUDSnapshotTesting

final class ImageComparisonTests: XCTestCase {
    private func image(_ w: Int, _ h: Int, _ c: Color = .white) -> Image { try! Image(width: w, height: h, fill: c) }

    func testEqualImagesMatchExactly() {
        let c = ImageComparison(reference: image(8, 8), actual: image(8, 8))
        XCTAssertTrue(c.matches)
        XCTAssertEqual(c.differingPixels, 0)
    }

    func testSizeMismatchFailsBeforePixels() {
        let c = ImageComparison(reference: image(8, 8), actual: image(8, 9), tolerance: .init(pixel: .channel(255), maxDifferingFraction: 1))
        XCTAssertFalse(c.matches)
        XCTAssertFalse(c.sizesMatch)
        XCTAssertTrue(c.summary.contains("8x8"), c.summary)
        XCTAssertTrue(c.summary.contains("8x9"), c.summary)
    }

    func testChannelToleranceEdge() {
        var b = image(4, 4)
        b[1, 1] = (250, 255, 255, 255) // off by 5 in red
        XCTAssertFalse(ImageComparison(reference: image(4, 4), actual: b).matches)
        XCTAssertFalse(ImageComparison(reference: image(4, 4), actual: b, tolerance: .init(pixel: .channel(4))).matches)
        XCTAssertTrue(ImageComparison(reference: image(4, 4), actual: b, tolerance: .init(pixel: .channel(5))).matches)
    }

    func testDifferingFractionCountsPixelsNotBytes() {
        var b = image(10, 10)
        b[0, 0] = (0, 0, 0, 255) // one pixel, four bytes... three channels differ
        let c = ImageComparison(reference: image(10, 10), actual: b)
        XCTAssertEqual(c.differingPixels, 1)
        XCTAssertEqual(c.differingFraction, 0.01, accuracy: 1e-12)
        XCTAssertTrue(ImageComparison(reference: image(10, 10), actual: b, tolerance: .init(maxDifferingFraction: 0.01)).matches)
        XCTAssertFalse(ImageComparison(reference: image(10, 10), actual: b, tolerance: .init(maxDifferingFraction: 0.0099)).matches)
    }

    func testDeltaE94IgnoresInvisibleAndMeasuresVisibleDifferences() {
        // Two fully transparent pixels with different (premultiplied-invalid) colour bytes look the same over white.
        XCTAssertEqual(ImageComparison.deltaE94(0, 0, 0, 0, 0, 0, 0, 0), 0, accuracy: 1e-9)
        // Black vs white is the largest lightness difference (100).
        XCTAssertEqual(ImageComparison.deltaE94(0, 0, 0, 255, 255, 255, 255, 255), 100, accuracy: 0.5)
        var b = image(2, 1)
        b[0, 0] = (254, 255, 255, 255)
        let loose = ImageComparison(reference: image(2, 1), actual: b, tolerance: .init(pixel: .deltaE94(1)))
        XCTAssertTrue(loose.matches, loose.summary)
        let tight = ImageComparison(reference: image(2, 1), actual: b, tolerance: .init(pixel: .deltaE94(0.01)))
        XCTAssertFalse(tight.matches, tight.summary)
    }

    func testDiffImageMarksChangedPixelsRed() {
        var b = image(3, 3)
        b[2, 2] = (0, 0, 0, 255)
        let d = ImageComparison.diffImage(reference: image(3, 3), actual: b)
        XCTAssertEqual(d[2, 2].r, 255)
        XCTAssertEqual(d[2, 2].g, 0)
        XCTAssertEqual(d[0, 0].r, d[0, 0].g) // unchanged: grey
    }
}
