// GoldenScriptTests: HUD titles and statuses in the scripts iOS apps are localised into, shaped by
// HarfBuzz and ordered by FriBiDi, at 1x and 3x.
//
// Design note: the strings are what a localised app shows while loading. Each golden was looked at
// when recorded: Arabic joined and right to left, Hebrew right to left, Hindi with its conjunct and
// the i-matra before its consonant, Thai with marks stacked and breaks between words, CJK from Noto
// Sans CJK in the paragraph's language, and colour emoji as bitmaps. The Noto fonts come from
// fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji (Scripts/setup.sh).

import XCTest
import HUDRaster
import HUDSnapshotTesting
@testable import HUDKit

final class GoldenScriptTests: XCTestCase {
    static let size = Size(width: 220, height: 170)

    func assertScript(title: String, status: String, named name: String, file: StaticString = #filePath,
                      testName: String = #function, line: UInt = #line) throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc") else {
            throw XCTSkip("the Noto fonts are not installed: run Scripts/setup.sh")
        }
        for scale in [1.0, 3.0] {
            let s = try Golden.hudScene(size: Self.size, scale: scale) { $0.show(title: title, status: status) }
            assertSnapshot(of: s.render, at: GoldenTextTests.settled, named: "\(name)-\(Int(scale))x", file: file,
                           testName: testName, line: line)
        }
    }

    func testArabic() throws { try assertScript(title: "جار التحميل", status: "يرجى الانتظار…", named: "arabic") }
    func testHebrew() throws { try assertScript(title: "טוען נתונים", status: "נא להמתין 50%", named: "hebrew") }
    func testHindi() throws { try assertScript(title: "स्थिति", status: "कृपया प्रतीक्षा करें", named: "hindi") }
    func testThai() throws { try assertScript(title: "กำลังโหลด", status: "กรุณารอสักครู่ กำลังดาวน์โหลดข้อมูล", named: "thai") }
    func testJapanese() throws { try assertScript(title: "読み込み中", status: "しばらくお待ちください", named: "japanese") }
    func testChinese() throws { try assertScript(title: "正在加载", status: "请稍候，正在同步数据", named: "chinese") }
    func testKorean() throws { try assertScript(title: "불러오는 중", status: "잠시만 기다려 주세요", named: "korean") }
    func testEmoji() throws { try assertScript(title: "Done 🎉", status: "Uploaded 👍🏽 to 🇻🇳", named: "emoji") }
}
