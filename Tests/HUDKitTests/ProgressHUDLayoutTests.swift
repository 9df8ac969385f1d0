// MMHud's layout rules with fake, monospaced text metrics (8 pt per character, 20 pt lines).
import XCTest
import HUDRaster
@testable import HUDKit

final class ProgressHUDLayoutTests: XCTestCase {
    let metrics = FakeMetrics()

    func testShortTitleUsesMinimumWidth() {
        let l = HUDLayout(title: "Hi", status: nil, content: .spinner, metrics: metrics)
        // content width 100, labels 5 + 100 wide, 5 pt padding: 115 x (5 + 20 + 5 + 37 + 10).
        XCTAssertEqual(l.size, Size(width: 115, height: 77))
        XCTAssertEqual(l.titleFrame, Rect(x: 5, y: 5, width: 105, height: 20))
        XCTAssertEqual(l.contentFrame, Rect(x: 39, y: 30, width: 37, height: 37))
    }

    func testStatusOnlyHasTenPointPadding() {
        let l = HUDLayout(title: nil, status: "Loading", content: .spinner, metrics: metrics)
        XCTAssertEqual(l.contentFrame.minY, 10)
        XCTAssertEqual(l.statusFrame!.minY, 52)
        XCTAssertEqual(l.size.height, 82)
        XCTAssertEqual(l.size.height - l.statusFrame!.maxY, 10)
    }

    func testTitleGrowsInStepsUntilTwoLines() {
        // 8 four-letter words: 4 lines at 100, 3 at 125 and 150, 2 at 175 (152 pt used).
        let s = HUDLayout.titleSize("aaaa bbbb cccc dddd eeee ffff gggg hhhh", metrics: metrics)
        XCTAssertEqual(s, Size(width: 152, height: 40))
        let l = HUDLayout(title: "aaaa bbbb cccc dddd eeee ffff gggg hhhh", status: nil, content: .spinner, metrics: metrics)
        XCTAssertEqual(l.size.width, 152 + 15)
    }

    func testTitleGrowsRatherThanBreakAWord() {
        // "Synchronisation" is 120 pt: at 100 it would be broken into two lines, which MMHud's own
        // two-line rule accepts; the HUD grows to 125 instead and keeps it whole on one line.
        XCTAssertEqual(HUDLayout.titleSize("Synchronisation", metrics: metrics), Size(width: 120, height: 20))
        XCTAssertEqual(HUDLayout.statusSize("Synchronisation", bold: false, metrics: metrics), Size(width: 120, height: 20))
    }

    func testStatusGrowsUntilWideEnough() {
        // At 100: 3 lines (72 x 60) is too narrow (72 < 95); at 125: 112 x 40 >= 75.
        XCTAssertEqual(HUDLayout.statusSize("aaaa bbbb cccc dddd eeee", bold: false, metrics: metrics), Size(width: 112, height: 40))
        // A one-word status stops at once.
        XCTAssertEqual(HUDLayout.statusSize("Loading", bold: false, metrics: metrics), Size(width: 56, height: 20))
    }

    func testWidthIsClampedTo300() {
        let words = Array(repeating: "wxyz", count: 80).joined(separator: " ")
        let l = HUDLayout(title: words, status: words, content: .spinner, metrics: metrics)
        XCTAssertLessThanOrEqual(l.size.width, 300 + 15)
        XCTAssertGreaterThanOrEqual(l.size.width, 100 + 15)
        // The loop never tries 300: the last width tried is 275.
        XCTAssertLessThanOrEqual(HUDLayout.titleSize(words, metrics: metrics).width, 275)
    }

    func testContentSizes() {
        XCTAssertEqual(HUDContentKind.spinner.size, Size(width: 37, height: 37))
        XCTAssertEqual(HUDContentKind.radialProgress.size, Size(width: 40, height: 40))
        XCTAssertEqual(HUDContentKind.linearProgress.size, Size(width: 200, height: 16))
        XCTAssertEqual(HUDContentKind.image.size, Size(width: 100, height: 100))
        XCTAssertEqual(HUDContentKind.success.size, Size(width: 37, height: 37))
        let linear = HUDLayout(title: "Hi", status: "50%", content: .linearProgress, metrics: metrics)
        XCTAssertEqual(linear.size.width, 210)                  // the 200 pt bar widens the HUD
        XCTAssertEqual(linear.contentFrame.midX, 105, accuracy: 0.5)
        let image = HUDLayout(title: "Photo", status: nil, content: .image, metrics: metrics)
        XCTAssertEqual(image.contentFrame.size, Size(width: 100, height: 100))
        XCTAssertEqual(image.contentFrame.midX, image.size.width / 2, accuracy: 0.5)
    }

    func testImageContentModes() {
        let area = Rect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(ProgressHUD.imageRect(imageSize: Size(width: 40, height: 30), area: area),
                       Rect(x: 30, y: 35, width: 40, height: 30))                      // centre
        XCTAssertEqual(ProgressHUD.imageRect(imageSize: Size(width: 400, height: 200), area: area),
                       Rect(x: 0, y: 25, width: 100, height: 50))                      // aspect fit
        XCTAssertEqual(ProgressHUD.imageRect(imageSize: Size(width: 200, height: 50), area: area),
                       Rect(x: -150, y: 0, width: 400, height: 100))                   // aspect fill
    }

    func testFrameInterpolation() {
        let a = HUDLayout(title: "Hi", status: nil, content: .spinner, metrics: metrics)
        let b = HUDLayout(title: "Hi", status: "aaaa bbbb cccc dddd eeee", content: .spinner, metrics: metrics)
        let mid = a.interpolated(to: b, fraction: 0.5)
        XCTAssertEqual(mid.size.width, (a.size.width + b.size.width) / 2, accuracy: 1e-9)
        XCTAssertEqual(mid.size.height, (a.size.height + b.size.height) / 2, accuracy: 1e-9)
        XCTAssertEqual(a.interpolated(to: b, fraction: 1), b)
    }
}
