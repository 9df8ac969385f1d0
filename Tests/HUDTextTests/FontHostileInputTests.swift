// Hostile input for font loading and shaping: every fuzz seed (Fixtures/fuzz/font) loads and draws, or
// fails with a typed FontError; the valid subsets keep their glyphs, kerning and outlines.
//
// Design note: the seeds are what the font fuzzer starts from, so running them here (reading every
// table, every outline and drawing text through both the mask and the path route) keeps each
// fuzzing session's starting point a fast, deterministic test.

import XCTest
import Foundation
@testable import HUDText
import HUDRaster

final class FontHostileInputTests: XCTestCase {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/font").path

    func seed(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fuzzFolder + "/" + name)))
    }

    /// What the fuzzer does with a face: every outline, layout, and drawing both ways.
    func draw(_ face: FontFace, text: String = "Loading… 70% AVWa جار التحميل स्थिति 😀") throws -> Image {
        for g in 0..<min(face.glyphCount, 300) { _ = try? face.path(glyph: g) }
        let font = Font(face: face, size: 13, fallbackLibrary: nil)
        let layout = TextLayout(text, font: font, maxWidth: 60)
        let canvas = try Canvas(width: 40, height: 24)
        let cache = GlyphCache(capacity: 256 * 1024)
        layout.draw(in: canvas, rect: Rect(x: 1, y: 1, width: 38, height: 22), color: .black,
                    shadow: TextShadow(offset: Size(width: 1, height: 2), blur: 1.5, color: .black), cache: cache)
        canvas.rotate(by: 0.4)
        layout.draw(in: canvas, rect: Rect(x: 0, y: 0, width: 38, height: 22), color: .black, cache: cache)
        return canvas.image
    }

    func testEverySeedLoadsOrFailsTyped() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fuzzFolder).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5)
        // The valid subsets and the text each of them has glyphs for.
        let latin = "Loading… 70% AVWa"
        let valid = ["dejavu_kern_gpos.ttf": latin, "dejavu_composites.ttf": latin, "dejavu_bold_small.ttf": latin,
                     "dejavu_kern_table.ttf": latin, "nimbus_cff.otf": "AVWa", "noto_arabic_gsub.ttf": "جار",
                     "noto_deva_gsub.ttf": "स्थिति", "noto_emoji_cbdt.ttf": "😀"]
        for name in names {
            do {
                let face = try FontFace(data: seed(name))
                _ = try draw(face)
                if let text = valid[name] {
                    let image = try draw(face, text: text)
                    XCTAssertGreaterThan(image.pixels.reduce(0) { $0 + Int($1) }, 0, "\(name) drew nothing")
                }
            } catch {
                XCTAssertTrue(error is FontError, "\(name): untyped error \(error)")
                XCTAssertNil(valid[name], "\(name) should load: \(error)")
            }
        }
    }

    func testValidSubsetsKeepKerningAndComposites() throws {
        let gpos = try FontFace(data: seed("dejavu_kern_gpos.ttf"))
        let table = try FontFace(data: seed("dejavu_kern_table.ttf"))
        for face in [gpos, table] {
            XCTAssertTrue(face.hasGlyph(for: "A") && face.hasGlyph(for: "V"))
            let av = TextLayout("AV", font: Font(face: face, size: Double(face.unitsPerEm), fallbackLibrary: nil)).size.width
            let plain = face.advance(ofGlyph: face.glyph(for: "A")) + face.advance(ofGlyph: face.glyph(for: "V"))
            XCTAssertLessThan(av, Double(plain), "A-V kerns tighter")
        }
        // Ớ and ệ are composites in DejaVu (base + accents): their outlines have more than one contour.
        let composites = try FontFace(data: seed("dejavu_composites.ttf"))
        let g = composites.glyph(for: "ớ")
        XCTAssertNotEqual(g, 0)
        XCTAssertGreaterThan(try composites.path(glyph: g).elements.filter { $0 == .closeSubpath }.count, 1)
    }

    /// The GSUB seeds really shape: Arabic letters take joined forms, Devanagari reorders the i-matra.
    func testShapingSeedsShape() throws {
        let arabic = try FontFace(data: seed("noto_arabic_gsub.ttf"))
        let joined = TextLayout("جار", font: Font(face: arabic, size: 12, fallbackLibrary: nil)).lines[0].glyphs.map(\.id)
        let isolated = "جار".unicodeScalars.reversed().map { arabic.glyph(for: $0) }
        XCTAssertEqual(joined.count, 3)
        XCTAssertNotEqual(joined, isolated)
        let deva = try FontFace(data: seed("noto_deva_gsub.ttf"))
        let glyphs = TextLayout("ति", font: Font(face: deva, size: 12, fallbackLibrary: nil)).lines[0].glyphs.map(\.id)
        XCTAssertEqual(glyphs.count, 2)
        XCTAssertEqual(glyphs.last, deva.glyph(for: "त"), "the i-matra is drawn before its consonant")
        let cff = try FontFace(data: seed("nimbus_cff.otf"))
        XCTAssertGreaterThan(try cff.path(glyph: cff.glyph(for: "A")).elements.count, 4)
        let emoji = try FontFace(data: seed("noto_emoji_cbdt.ttf"))
        XCTAssertNotNil(emoji.colorBitmap(glyph: emoji.glyph(for: "😀")))
    }

    /// Every prefix of a valid subset fails typed or loads (a font cut short in transit).
    func testEveryTruncationFailsTyped() throws {
        for name in ["dejavu_composites.ttf", "nimbus_cff.otf", "noto_arabic_gsub.ttf"] {
            let bytes = try seed(name)
            for n in stride(from: 0, to: bytes.count, by: 37) {
                do { _ = try draw(try FontFace(data: Array(bytes[..<n]))) } catch {
                    XCTAssertTrue(error is FontError, "\(name) prefix \(n): untyped error \(error)")
                }
            }
        }
    }
}
