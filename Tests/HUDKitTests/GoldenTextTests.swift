// GoldenTextTests: the HUD's labels: short and long titles and statuses, MMHud's width-growing
// layout, and Vietnamese with stacked diacritics next to the same layout in English.
//
// Design note: text is where a renderer most often goes subtly wrong (hinting, kerning, baseline,
// combining marks), so each case is pinned at 1x, where every pixel of a glyph counts, and at 2x
// (English and Vietnamese also at 3x), where outlines must stay crisp. Glyphs come from MMProgressHUD's
// Helvetica Neue stand-in (Nimbus Sans Bold / Regular, fonts-urw-base35), which CI installs.

import XCTest
import HUDRaster
import HUDSnapshotTesting
@testable import HUDKit

final class GoldenTextTests: XCTestCase {
    static let settled = 1.0
    static let size = Size(width: 340, height: 190)

    func assertText(title: String?, status: String?, named name: String, size: Size = GoldenTextTests.size,
                    scales: [Double] = [1, 2], file: StaticString = #filePath, testName: String = #function, line: UInt = #line) throws {
        for scale in scales {
            let s = try Golden.hudScene(size: size, scale: scale) { $0.show(title: title, status: status) }
            assertSnapshot(of: s.render, at: Self.settled, named: "\(name)-\(Int(scale))x", file: file, testName: testName, line: line)
        }
    }

    /// A title alone keeps the 100 pt minimum width.
    func testShortTitle() throws {
        try assertText(title: "OK", status: nil, named: "short-title", size: Size(width: 160, height: 130))
    }

    /// A long title grows the HUD by 25 pt steps until it fits in two lines, up to 300 pt.
    func testLongTitle() throws {
        try assertText(title: "Synchronising your photo library with iCloud, please keep the app open", status: nil,
                       named: "long-title")
    }

    /// A long status under a short title: the status rule (width >= height + 35) decides the width.
    func testLongStatus() throws {
        try assertText(title: "Uploading",
                       status: "Your files are being uploaded to the server. This can take a few minutes on a slow connection.",
                       named: "long-status", size: Size(width: 340, height: 230))
    }

    /// Without a title the status is drawn bold.
    func testStatusOnly() throws {
        try assertText(title: nil, status: "Please wait", named: "status-only", size: Size(width: 160, height: 130), scales: [2])
    }

    func testEnglish() throws {
        try assertText(title: "Introduction", status: "Loading data…", named: "english", size: Size(width: 200, height: 160),
                       scales: [1, 2, 3])
    }

    /// Vietnamese stacks a tone mark on a vowel mark ("ữ", "ệ"): marks must sit above, not beside.
    func testVietnamese() throws {
        try assertText(title: "Giới thiệu", status: "Đang tải dữ liệu…", named: "vietnamese", size: Size(width: 200, height: 160),
                       scales: [1, 2, 3])
    }
}
