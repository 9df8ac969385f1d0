// Glyph outlines through HarfBuzz's draw API (TrueType glyf with composites, CFF, collections), cmap.

import XCTest
@testable import HUDText
import HUDRaster

final class FontParsingTests: XCTestCase {
    func contours(_ p: Path) -> Int { p.elements.filter { $0 == .closeSubpath }.count }

    func testTrueTypeCompositesComeWhole() throws {
        let face = try Fonts.regular()
        // ớ (U+1EDB) is acute + ohorn in DejaVu: four contours (fontTools: ends [3, 23, 35, 47]).
        XCTAssertEqual(face.glyph(for: "\u{1EDB}"), 2521)
        XCTAssertEqual(contours(try face.path(glyph: 2521)), 4)
        // ¼ (glyph 126): three components, four contours; Ǖ (407) nests a composite in a composite.
        XCTAssertEqual(contours(try face.path(glyph: 126)), 4)
        XCTAssertEqual(contours(try face.path(glyph: 407)), 4)
    }

    func testOutlineBoxesAreTheGlyphBoxes() throws {
        let face = try Fonts.regular()
        let o = try face.path(glyph: face.glyph(for: "O"))
        XCTAssertGreaterThan(o.elements.filter { if case .quadCurve = $0 { return true } else { return false } }.count, 8)
        XCTAssertEqual(contours(o), 2)
        // DejaVu 'O': xMin 115, xMax 1497, yMin -29, yMax 1520 (fontTools).
        let box = o.boundingBox
        XCTAssertEqual(box.minX, 115, accuracy: 1); XCTAssertEqual(box.maxX, 1497, accuracy: 1)
        XCTAssertEqual(box.minY, -29, accuracy: 1); XCTAssertEqual(box.maxY, 1520, accuracy: 1)
        XCTAssertTrue(try face.path(glyph: face.glyph(for: " ")).isEmpty)
        XCTAssertThrowsError(try face.path(glyph: face.glyphCount))
        XCTAssertThrowsError(try face.path(glyph: -1))
    }

    func testCFFOutlinesAreCubic() throws {
        let face = try Fonts.load(Fonts.nimbusBoldPath, package: "fonts-urw-base35")
        XCTAssertEqual(face.familyName, "Nimbus Sans")
        XCTAssertEqual(face.unitsPerEm, 1000)
        let o = try face.path(glyph: face.glyph(for: "O"))
        XCTAssertGreaterThan(o.elements.filter { if case .curve = $0 { return true } else { return false } }.count, 4)
        XCTAssertEqual(contours(o), 2)
        let e = try XCTUnwrap(face.extents(ofGlyph: face.glyph(for: "O")))
        XCTAssertEqual(o.boundingBox.minX, Double(e.x), accuracy: 1)
        XCTAssertEqual(o.boundingBox.maxY, Double(e.y + e.height), accuracy: 1)
        XCTAssertGreaterThanOrEqual(face.weightClass, 700)
    }

    func testCollections() throws {
        let regular = try Fonts.bytes(Fonts.regularPath), bold = try Fonts.bytes(Fonts.boldPath)
        let ttc = makeCollection([regular, bold])
        XCTAssertEqual(try FontFace.faceCount(in: ttc), 2)
        let r = try FontFace(data: ttc, index: 0), b = try FontFace(data: ttc, index: 1)
        XCTAssertEqual(r.familyName, "DejaVu Sans"); XCTAssertEqual(r.styleName, "Book")
        XCTAssertEqual(b.styleName, "Bold")
        XCTAssertEqual(b.advance(ofGlyph: b.glyph(for: "A")), 1585)
        XCTAssertEqual(try b.path(glyph: 2521), try Fonts.bold().path(glyph: 2521))
        XCTAssertThrowsError(try FontFace(data: ttc, index: 2)) { e in
            XCTAssertEqual(e as? FontError, .fontIndexOutOfRange(index: 2, count: 2))
        }
        // Noto Sans CJK is a CFF collection: FILE#INDEX picks a face (--font NotoSansCJK-Regular.ttc#1).
        guard fopen(Fonts.notoCJKPath, "rb").map({ fclose($0) }) != nil else {
            throw XCTSkip("fonts-noto-cjk is not installed (run Scripts/setup.sh)")
        }
        let kr = try FontLibrary.loadFile(Fonts.notoCJKPath + "#1")
        XCTAssertEqual(kr.index, 1)
        XCTAssertTrue(kr.familyName?.hasPrefix("Noto Sans CJK") ?? false)
        XCTAssertFalse(try kr.path(glyph: kr.glyph(for: "한")).isEmpty)
        XCTAssertThrowsError(try FontLibrary.loadFile(Fonts.notoCJKPath + "#99")) { e in
            guard case FontError.fontIndexOutOfRange(99, _) = e else { return XCTFail("\(e)") }
        }
    }

    func testCmapFormat12AndSupplementaryPlanes() throws {
        // DejaVu Sans has a (3,10) format 12 subtable; U+10300 OLD ITALIC LETTER A is glyph 5373 (fontTools).
        let face = try Fonts.regular()
        XCTAssertEqual(face.glyph(for: "\u{10300}"), 5373)
        XCTAssertEqual(face.glyph(for: "\u{10FFFD}"), 0)
        XCTAssertEqual(face.glyph(for: "\u{E000}"), 0)
    }

    func testColorEmojiBitmaps() throws {
        let face = try Fonts.load(Fonts.emojiPath, package: "fonts-noto-color-emoji")
        XCTAssertTrue(face.hasColorBitmaps)
        let g = face.glyph(for: "😀")
        let bitmap = try XCTUnwrap(face.colorBitmap(glyph: g))
        XCTAssertEqual(bitmap.image.width, 136)
        XCTAssertGreaterThan(bitmap.rect.width, 0)
        XCTAssertFalse(bitmap.image.isOpaque)
        XCTAssertNil(try Fonts.regular().colorBitmap(glyph: 36))
    }
}
