// Glyph outlines (simple, composite, transforms, point matching), cmap, .ttc collections.

import XCTest
@testable import HUDText
import HUDRaster

final class FontParsingTests: XCTestCase {
    func testCompositeGlyphsMatchFontTools() throws {
        let face = try Fonts.regular()
        // ớ (U+1EDB) = acute at (115, 0) + ohorn; fontTools getCoordinates: 48 points, ends [3, 23, 35, 47].
        let o = try face.outline(glyph: 2521)
        XCTAssertEqual(face.glyph(for: "\u{1EDB}"), 2521)
        XCTAssertEqual(o.componentCount, 2)
        XCTAssertEqual(o.pointCount, 48)
        XCTAssertEqual(o.contourEnds, [3, 23, 35, 47])
        XCTAssertEqual(o.xs.first, 766); XCTAssertEqual(o.ys.first, 1638)
        XCTAssertEqual(o.xs.last, 391); XCTAssertEqual(o.ys.last, 1147)
        XCTAssertEqual(o.xs.reduce(0, +), 39444); XCTAssertEqual(o.ys.reduce(0, +), 40688)
        XCTAssertEqual(o.onCurve.filter { $0 }.count, 20)
        // ¼ (glyph 126): three components with offsets; 29 points, ends [10, 13, 24, 28].
        let q = try face.outline(glyph: 126)
        XCTAssertEqual(q.componentCount, 3)
        XCTAssertEqual(q.contourEnds, [10, 13, 24, 28])
        XCTAssertEqual(q.xs.reduce(0, +), 31002); XCTAssertEqual(q.ys.reduce(0, +), 19252)
        // Ǖ (glyph 407) nests a composite inside a composite.
        let u = try face.outline(glyph: 407)
        XCTAssertEqual(u.contourEnds, [3, 7, 11, 29])
        XCTAssertEqual(u.xs.reduce(0, +), 22472); XCTAssertEqual(u.ys.reduce(0, +), 31806)
    }

    func testOutlinePathHasImpliedOnCurvePoints() throws {
        let face = try Fonts.regular()
        let o = try face.outline(glyph: face.glyph(for: "O"))
        let p = o.path()
        let quads = p.elements.filter { if case .quadCurve = $0 { return true } else { return false } }.count
        XCTAssertGreaterThan(quads, 8)
        XCTAssertEqual(p.elements.filter { $0 == .closeSubpath }.count, 2)
        // The path's box is the glyph's box (DejaVu 'O': xMin 115, xMax 1497, yMin -29, yMax 1520).
        let box = p.boundingBox
        XCTAssertEqual(box.minX, 115, accuracy: 1); XCTAssertEqual(box.maxX, 1497, accuracy: 1)
        XCTAssertEqual(box.minY, -29, accuracy: 1); XCTAssertEqual(box.maxY, 1520, accuracy: 1)
        XCTAssertTrue(try face.outline(glyph: face.glyph(for: " ")).isEmpty)
    }

    func tinyFont(_ extra: [[UInt8]]) -> TinyFont {
        var f = TinyFont()
        f.glyphs = [TinyFont.simple([(0, 0), (0, 100), (100, 100), (100, 0)])] + extra
        f.advances = Array(repeating: 500, count: f.glyphs.count)
        f.cmap = (1..<f.glyphs.count).map { (UInt16(0x40 + $0), UInt16($0)) }
        return f
    }

    func testCompositeTransformsAndPointMatching() throws {
        let square = TinyFont.simple([(0, 0), (0, 10), (10, 10), (10, 0)])
        let f = tinyFont([
            square,                                                            // 1
            TinyFont.composite([(1, 0x2 | 0x8, 100, 50, [0x2000])]),           // 2: scale 0.5, offset (100, 50)
            TinyFont.composite([(1, 0x2 | 0x80, 0, 0, [0, 0x4000, 0x4000, 0])]), // 3: 2x2 swap x/y
            TinyFont.composite([(1, 0x2, 0, 0, []), (1, 0x0, 2, 0, [])]),      // 4: 2nd square's pt 0 on 1st's pt 2
            TinyFont.composite([(1, 0x2 | 0x40, 0, 0, [0x8000 , 0x4000])]),    // 5: x scale -2, y scale 1
        ])
        let face = try FontFace(data: f.build())
        XCTAssertEqual(face.glyph(for: "B"), 2)
        let g2 = try face.outline(glyph: 2)
        XCTAssertEqual(g2.xs, [100, 100, 105, 105]); XCTAssertEqual(g2.ys, [50, 55, 55, 50])
        let g3 = try face.outline(glyph: 3)
        // xscale 0, scale01 1, scale10 1, yscale 0: x' = y, y' = x.
        XCTAssertEqual(g3.xs, [0, 10, 10, 0]); XCTAssertEqual(g3.ys, [0, 0, 10, 10])
        let g4 = try face.outline(glyph: 4)
        XCTAssertEqual(g4.pointCount, 8)
        XCTAssertEqual(g4.xs[4], 10); XCTAssertEqual(g4.ys[4], 10)
        XCTAssertEqual(g4.contourEnds, [3, 7])
        let g5 = try face.outline(glyph: 5)
        XCTAssertEqual(g5.xs, [0, 0, -20, -20])
    }

    func testCompositeLoopsAreTypedErrors() throws {
        let f = tinyFont([
            TinyFont.composite([(1, 0x2, 0, 0, [])]),              // 1: references itself
            TinyFont.composite([(3, 0x2, 0, 0, [])]),              // 2 -> 3 -> 2
            TinyFont.composite([(2, 0x2, 0, 0, [])]),
            TinyFont.composite([(99, 0x2, 0, 0, [])]),             // 4: child beyond numGlyphs
            TinyFont.composite([(0, 0x0, 9, 0, [])]),              // 5: anchor point out of range
        ])
        let face = try FontFace(data: f.build())
        for g in 1...5 {
            XCTAssertThrowsError(try face.outline(glyph: g), "glyph \(g)") { e in
                guard case FontError.malformedGlyph = e else { return XCTFail("glyph \(g): \(e)") }
            }
        }
        // An exponential fan-out (each level references the one below twice) hits the budget.
        var fan = [TinyFont.simple([(0, 0), (0, 10), (10, 10)])]
        for level in 1...12 { fan.append(TinyFont.composite([(level, 0x2, 0, 0, []), (level, 0x2, 1, 1, [])])) }
        let deep = tinyFont(fan)
        let df = try FontFace(data: deep.build())
        XCTAssertThrowsError(try df.outline(glyph: 13))
        XCTAssertNoThrow(try df.outline(glyph: 5))
    }

    func testCollections() throws {
        let regular = try Fonts.bytes(Fonts.regularPath), bold = try Fonts.bytes(Fonts.boldPath)
        let ttc = makeCollection([regular, bold])
        XCTAssertEqual(try FontFace.faceCount(in: ttc), 2)
        let r = try FontFace(data: ttc, index: 0), b = try FontFace(data: ttc, index: 1)
        XCTAssertEqual(r.familyName, "DejaVu Sans"); XCTAssertEqual(r.styleName, "Book")
        XCTAssertEqual(b.styleName, "Bold")
        XCTAssertEqual(b.advance(ofGlyph: b.glyph(for: "A")), 1585)
        XCTAssertEqual(try b.outline(glyph: 2521).pointCount, try Fonts.bold().outline(glyph: 2521).pointCount)
        XCTAssertThrowsError(try FontFace(data: ttc, index: 2)) { e in
            XCTAssertEqual(e as? FontError, .fontIndexOutOfRange(index: 2, count: 2))
        }
    }

    func testCmapFormat12AndSupplementaryPlanes() throws {
        // DejaVu Sans has a (3,10) format 12 subtable; U+10300 OLD ITALIC LETTER A is glyph 5373 (fontTools).
        let face = try Fonts.regular()
        XCTAssertEqual(face.glyph(for: "\u{10300}"), 5373)
        XCTAssertEqual(face.glyph(for: "\u{10FFFD}"), 0)
        XCTAssertEqual(face.glyph(for: "\u{E000}"), 0)
    }
}
