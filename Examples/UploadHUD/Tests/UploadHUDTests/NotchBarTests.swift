import XCTest
import HUDKit
import UploadHUD

/// The README's GradientLoadingBar section: a view with a safe area, the bar's UIKit flavour.
final class NotchBarTests: XCTestCase {
    func testTheBarDipsAroundTheNotch() throws {
        let image = try makeNotchBarStill()
        XCTAssertEqual(image.width, 1125)
        // The notch from the iPhone 11's constants on a 375 pt view: the bar dips around it at the centre.
        XCTAssertEqual(image[562, 4].a, 0)
        XCTAssertGreaterThan(image[562, 100].a, 200)
        XCTAssertGreaterThan(image[10, 4].a, 200)
    }
}
