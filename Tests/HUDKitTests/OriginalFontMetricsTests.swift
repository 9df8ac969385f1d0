// The HUD's lines take the original face's height (Helvetica Neue in UIKit), not the stand-in's.
import XCTest
import HUDRaster
@testable import HUDKit

final class OriginalFontMetricsTests: XCTestCase {
    func testMMProgressHUDFacesAreTwentyOnePointsAtSixteen() {
        XCTAssertEqual(OriginalFontMetrics.lineHeight(of: "HelveticaNeue-Bold", size: 16)!, 21, accuracy: 1e-12)
        XCTAssertEqual(OriginalFontMetrics.lineHeight(of: "HelveticaNeue-Light", size: 16)!, 21, accuracy: 1e-12)
        XCTAssertNil(OriginalFontMetrics.lineHeight(of: "Papyrus", size: 16))
    }

    /// A recording of the original showed two text lines taking about 2 x 20.8 pt (a title-and-status
    /// box 3.6 pt taller than two 19 pt DejaVu Sans lines gave); the box must be within 1 pt of it,
    /// whatever the stand-in face's own line height.
    func testTitleAndStatusBoxIsAsTallAsTheOriginals() throws {
        let fonts = try HUDFonts.system()
        var standIn = fonts
        standIn.originalLineHeights = nil
        let original = HUDLayout(title: "Loading", status: "Please wait…", content: .spinner, metrics: fonts)
        let before = HUDLayout(title: "Loading", status: "Please wait…", content: .spinner, metrics: standIn)
        XCTAssertEqual(original.titleFrame!.height, 21)
        XCTAssertEqual(original.statusFrame!.height, 21)
        XCTAssertEqual(original.titleFrame!.height + original.statusFrame!.height, 2 * 20.8, accuracy: 1)
        XCTAssertEqual(original.size.height - before.size.height,
                       2 * 21 - before.titleFrame!.height - before.statusFrame!.height, accuracy: 1e-9)
        XCTAssertEqual(original.size.width, before.size.width)
        // Two wrapped status lines are two original lines.
        let two = HUDLayout(title: "Loading", status: "Please wait while the files are copied to the device",
                            content: .spinner, metrics: fonts)
        XCTAssertEqual(two.statusFrame!.height.truncatingRemainder(dividingBy: 21), 0)
        // A font the user chose keeps its own line height.
        XCTAssertEqual(standIn.lineHeight(bold: true), fonts.title.lineHeight.rounded(.up))
    }
}
