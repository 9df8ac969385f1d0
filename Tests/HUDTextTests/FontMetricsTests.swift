// Advance widths, glyph ids and pair kerning against fontTools (figures from Scripts/text_metrics.py).

import XCTest
@testable import HUDText
import HUDRaster

final class FontMetricsTests: XCTestCase {
    struct Expected { var glyphs: [Int]; var advances: [Int]; var kerning: [Int]; var total: Int }

    static let ascii = "AVATAR To Ty, Wa r. \"Loading\" 70%"
    static let vietnamese = "Giới thiệu Đang tải dữ liệu… Tiếng Việt Ý kiến"

    // python3 Scripts/text_metrics.py (fontTools 4.68.0, DejaVu Sans 2.37 from fonts-dejavu-core)
    static let regularASCII = Expected(
        glyphs: [36, 57, 36, 55, 36, 53, 3, 55, 82, 3, 55, 92, 15, 3, 58, 68, 3, 85, 17, 3, 5, 47, 82, 68, 71, 76, 81, 74, 5, 3, 26, 19, 8],
        advances: [1401, 1401, 1401, 1251, 1401, 1423, 651, 1251, 1253, 651, 1251, 1212, 651, 651, 2025, 1255, 651, 842, 651, 651, 942, 1141, 1253, 1255, 1300, 569, 1298, 1300, 942, 651, 1303, 1303, 1946],
        kerning: [-131, -131, -159, -159, 0, 0, 0, -348, 0, 0, -319, 0, 0, 0, -131, 0, 0, -188, 0, 0, 0, -36, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        total: 35525)
    static let regularVietnamese = Expected(
        glyphs: [42, 76, 2521, 76, 3, 87, 75, 76, 2501, 88, 3, 210, 68, 81, 74, 3, 87, 2465, 76, 3, 71, 2541, 3, 79, 76, 2501, 88, 2825, 3, 55, 76, 2493, 81, 74, 3, 57, 76, 2501, 87, 3, 159, 3, 78, 76, 2493, 81],
        advances: [1587, 569, 1253, 569, 651, 803, 1298, 569, 1260, 1298, 651, 1587, 1255, 1298, 1300, 651, 803, 1255, 569, 651, 1300, 1298, 651, 569, 569, 1260, 1298, 2048, 651, 1251, 569, 1260, 1298, 1300, 651, 1401, 569, 1260, 803, 651, 1251, 651, 1186, 569, 1260, 1298],
        kerning: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -63, 0, 0, 0, 0, 0, -45, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        total: 46641)
    static let boldASCII = Expected(
        glyphs: regularASCII.glyphs,
        advances: [1585, 1585, 1585, 1397, 1585, 1577, 713, 1397, 1407, 713, 1397, 1335, 778, 713, 2259, 1382, 713, 1010, 778, 713, 1067, 1305, 1407, 1382, 1466, 702, 1458, 1466, 1067, 713, 1425, 1425, 2052],
        kerning: [-139, -139, -159, -159, 0, 0, 0, -272, 0, 0, -243, -159, 0, 0, -73, 0, 0, -292, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        total: 39922)
    static let boldVietnamese = Expected(
        glyphs: regularVietnamese.glyphs,
        advances: [1681, 702, 1407, 702, 713, 979, 1458, 702, 1389, 1458, 713, 1716, 1382, 1458, 1466, 713, 979, 1382, 702, 713, 1466, 1458, 713, 702, 702, 1389, 1458, 2048, 713, 1397, 702, 1389, 1458, 1466, 713, 1585, 702, 1389, 979, 713, 1483, 713, 1362, 702, 1389, 1458],
        kerning: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -36, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        total: 52628)

    func check(_ face: FontFace, _ text: String, _ e: Expected, file: StaticString = #filePath, line: UInt = #line) {
        let scalars = UnicodeComposition.nfc(scalars: Array(text.unicodeScalars))
        XCTAssertEqual(scalars.map { face.glyph(for: $0) }, e.glyphs, "glyph ids", file: file, line: line)
        XCTAssertEqual(e.glyphs.map { face.advance(ofGlyph: $0) }, e.advances, "advances", file: file, line: line)
        var kerns: [Int] = []
        for i in 0..<(scalars.count - 1) {
            let script = KerningScript.of(scalars[i].value) ?? KerningScript.of(scalars[i + 1].value) ?? .default
            kerns.append(face.kerning(left: e.glyphs[i], right: e.glyphs[i + 1], script: script))
        }
        XCTAssertEqual(kerns, e.kerning, "kerning", file: file, line: line)
        // The layout's width is the same sum, in points.
        let layout = TextLayout(text, font: Font(face: face, size: 2048, fallbackLibrary: nil))
        XCTAssertEqual(layout.size.width, Double(e.total), accuracy: 1e-6, "layout width", file: file, line: line)
    }

    func testRegularMatchesFontTools() throws {
        let face = try Fonts.regular()
        XCTAssertEqual([face.unitsPerEm, face.ascender, face.descender, face.lineGap], [2048, 1901, -483, 0])
        check(face, Self.ascii, Self.regularASCII)
        check(face, Self.vietnamese, Self.regularVietnamese)
    }

    func testBoldMatchesFontTools() throws {
        let face = try Fonts.bold()
        check(face, Self.ascii, Self.boldASCII)
        check(face, Self.vietnamese, Self.boldVietnamese)
    }

    func testLatinKerningNeedsTheLatinLookups() throws {
        // DejaVu enables its main Latin pair lookup only for the latn script: DFLT has no "To" pair.
        let face = try Fonts.regular()
        let t = face.glyph(for: "T"), o = face.glyph(for: "o")
        XCTAssertEqual(face.kerning(left: t, right: o, script: .latin), -348)
        XCTAssertEqual(face.kerning(left: t, right: o, script: .default), 0)
        XCTAssertEqual(face.kerning(left: t, right: o), -348)
        XCTAssertTrue(face.hasKerning)
    }

    func testLineHeightAndPointMetrics() throws {
        let font = Font(face: try Fonts.regular(), size: 16)
        XCTAssertEqual(font.ascender, 1901.0 * 16 / 2048, accuracy: 1e-9)
        XCTAssertEqual(font.descender, -483.0 * 16 / 2048, accuracy: 1e-9)
        XCTAssertEqual(font.lineHeight, 2384.0 * 16 / 2048, accuracy: 1e-9)
        XCTAssertEqual(TextLayout("Hi", font: font).size.height, font.lineHeight, accuracy: 1e-9)
    }
}
