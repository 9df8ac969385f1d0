// Truncated and corrupted fonts give typed FontErrors (never a crash, a hang or a wild allocation).

import XCTest
@testable import HUDText
import HUDRaster

final class CorruptFontTests: XCTestCase {
    /// Loads `data` and, if it loads, exercises every reader: cmap, metrics, outlines, shaping, layout.
    func exercise(_ data: [UInt8], glyphs: [Int]) -> FontError? {
        do {
            let face = try FontFace(data: data)
            for g in glyphs {
                _ = face.advance(ofGlyph: g)
                _ = face.extents(ofGlyph: g)
                do { _ = try face.path(glyph: g) } catch let e as FontError { _ = e.description } catch {
                    XCTFail("untyped outline error \(error)")
                }
            }
            for s in "AVTo ớệĐ…".unicodeScalars { _ = face.glyph(for: s) }
            let layout = TextLayout("AVATAR ớệĐ", font: Font(face: face, size: 12, fallbackLibrary: nil), maxWidth: 30)
            XCTAssertGreaterThan(layout.lineCount, 0)
            _ = layout.path()
            return nil
        } catch let e as FontError {
            XCTAssertFalse(e.description.isEmpty)
            return e
        } catch {
            XCTFail("untyped error \(error)")
            return nil
        }
    }

    func testTruncatedFontsGiveTypedErrors() throws {
        let data = try Fonts.bytes(Fonts.regularPath)
        let glyphs = [36, 57, 2521, 126, 407, 5373, 0]
        var errors = 0
        // Every offset in the header region, then a stride through the file, then near the end.
        var cuts = Array(0..<400)
        cuts += stride(from: 400, to: data.count, by: 3917)
        cuts += (data.count - 64)..<data.count
        for n in cuts {
            if exercise(Array(data[0..<n]), glyphs: glyphs) != nil { errors += 1 }
        }
        // Cutting anywhere before the last table's end must be detected.
        XCTAssertGreaterThanOrEqual(errors, cuts.count - 4)
        XCTAssertEqual(exercise([], glyphs: glyphs), .truncated(table: "header", offset: 0))
        XCTAssertEqual(exercise(Array("not a font at all".utf8), glyphs: glyphs), .notAFont(signature: 0x6E6F_7420))
    }

    func testFlippedBytesNeverCrash() throws {
        let original = try Fonts.bytes(Fonts.regularPath)
        // Find interesting regions: the table directory and the tables the parser reads.
        var rng = TestRandom(seed: 0x4855_4454_6578_74)
        let glyphs = [36, 57, 2521, 126, 407, 3, 55, 82]
        var loaded = 0, failed = 0
        for round in 0..<120 {
            var data = original
            let flips = 1 + rng.below(24)
            for _ in 0..<flips {
                // Half the flips hit the first 64 KB, where directory, cmap, and head live.
                let limit = round % 2 == 0 ? min(65536, data.count) : data.count
                let at = rng.below(limit)
                data[at] ^= UInt8(truncatingIfNeeded: 1 << rng.below(8)) | UInt8(truncatingIfNeeded: rng.next())
            }
            if exercise(data, glyphs: glyphs) == nil { loaded += 1 } else { failed += 1 }
        }
        XCTAssertEqual(loaded + failed, 120)
        XCTAssertGreaterThan(failed, 0, "some corruption must be detected")
    }

    func testCorruptGlyphDataInATinyFont() throws {
        var f = TinyFont()
        let good = TinyFont.simple([(0, 0), (0, 100), (100, 100), (100, 0)])
        var badEnds = good; badEnds[11] = 0xFF                     // last end point 0xFF03: beyond the data
        var badRepeat = good; badRepeat[14] = 0x09; badRepeat[15] = 0xFF   // REPEAT 255 times, only 4 points
        f.glyphs = [good, badEnds, badRepeat, Array(good[0..<12])]
        f.advances = [500, 500, 500, 500]
        f.cmap = [(0x41, 1)]
        let face = try FontFace(data: f.build())
        XCTAssertFalse(try face.path(glyph: 0).isEmpty)
        // HarfBuzz's sanitizer reads a corrupt glyph as blank or as the few points it could read
        // (garbage in, a small garbage shape out): no crash, no wild allocation.
        for g in 1...3 { XCTAssertLessThanOrEqual(try face.path(glyph: g).elements.count, 16, "glyph \(g)") }
        XCTAssertThrowsError(try face.path(glyph: 4))
        XCTAssertThrowsError(try face.path(glyph: -1))
        let layout = TextLayout("AA", font: Font(face: face, size: 10, fallbackLibrary: nil))
        XCTAssertEqual(layout.size.width, 10, accuracy: 1e-9)
        // Composite loops and fan-outs end in HarfBuzz's depth and operation limits.
        var loops = TinyFont()
        loops.glyphs = [good, TinyFont.composite([(1, 0x2, 0, 0, [])]), TinyFont.composite([(3, 0x2, 0, 0, [])]),
                        TinyFont.composite([(2, 0x2, 0, 0, [])])]
        for level in 4...16 { loops.glyphs.append(TinyFont.composite([(level - 1, 0x2, 0, 0, []), (level - 1, 0x2, 1, 1, [])])) }
        loops.advances = Array(repeating: 500, count: loops.glyphs.count)
        loops.cmap = [(0x41, 1)]
        let lf = try FontFace(data: loops.build())
        for g in 0..<lf.glyphCount { _ = try? lf.path(glyph: g) }
    }

    func testDiscoveryThroughFontconfig() throws {
        _ = try Fonts.regular()
        var template = Array("/tmp/hudtext-fonts-XXXXXX".utf8CString)
        guard let dirPtr = mkdtemp(&template) else { throw XCTSkip("mkdtemp failed") }
        let dir = String(cString: dirPtr)
        defer {
            unlink(dir + "/sub/Custom.ttf"); unlink(dir + "/junk.ttf")
            rmdir(dir + "/sub"); rmdir(dir)
        }
        mkdir(dir + "/sub", 0o755)
        symlink(Fonts.regularPath, dir + "/sub/Custom.ttf")
        if let f = fopen(dir + "/junk.ttf", "wb") { fputs("not a font", f); fclose(f) }
        let lib = FontLibrary(directories: [dir])
        // fontconfig lists what it could read: the junk file is not a font.
        XCTAssertEqual(lib.allFontFiles(), [dir + "/sub/Custom.ttf"])
        XCTAssertEqual(lib.fallbackFace(for: "ệ")?.familyName, "DejaVu Sans")
        XCTAssertNil(lib.fallbackFace(for: "\u{E000}"))
        XCTAssertEqual(try lib.face(named: "DejaVu Sans").familyName, "DejaVu Sans")
        XCTAssertThrowsError(try lib.face(named: "No Such Family")) { e in
            XCTAssertEqual(e as? FontError, .fontNotFound(name: "No Such Family", package: nil))
        }
        // An explicit face (what --font does) becomes the system font for both weights.
        lib.setFace(try Fonts.bold())
        XCTAssertEqual(try lib.face(weight: .regular).styleName, "Bold")
    }

    func testMissingTablesAndFilesAreNamed() throws {
        XCTAssertThrowsError(try FontFace(contentsOf: "/nonexistent/font.ttf")) { e in
            guard case FontError.unreadableFile(let p, _) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(p, "/nonexistent/font.ttf")
        }
        XCTAssertThrowsError(try FontFace(data: [0x4F, 0x54, 0x54, 0x4F] + [UInt8](repeating: 0, count: 12))) { e in
            XCTAssertEqual(e as? FontError, .missingTable("head"))
        }
        XCTAssertTrue(FontError.noFontFound.description.contains("apt-get install fonts-inter"))
        XCTAssertTrue(FontError.noFontFound.description.contains("--font PATH"))
        XCTAssertThrowsError(try FontFace(contentsOf: "/tmp")) { e in
            XCTAssertEqual(e as? FontError, .unreadableFile(path: "/tmp", reason: "it is a directory, not a file"))
        }
        let empty = FontLibrary(directories: ["/nonexistent-fonts"])
        XCTAssertTrue(empty.allFontFiles().isEmpty)
        XCTAssertNil(empty.fallbackFace(for: "A"))
        XCTAssertThrowsError(try empty.face(weight: .regular)) { e in XCTAssertEqual(e as? FontError, .noFontFound) }
        XCTAssertThrowsError(try empty.face(weight: .bold)) { e in XCTAssertEqual(e as? FontError, .noFontFound) }
    }
}
