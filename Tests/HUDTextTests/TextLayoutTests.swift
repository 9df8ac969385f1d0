// Layout: NFC, wrapping, overlong words, newlines, alignment, letter spacing, measurement, fallback.

import XCTest
@testable import HUDText
import HUDRaster

final class TextLayoutTests: XCTestCase {
    func font(_ size: Double = 16, bold: Bool = false) throws -> Font {
        Font(face: bold ? try Fonts.bold() : try Fonts.regular(), size: size, fallbackLibrary: nil)
    }

    func testNFC() {
        let decomposed = "Gio\u{31B}\u{301}i thie\u{323}\u{302}u"   // Giới thiệu typed as base + marks
        XCTAssertEqual(UnicodeComposition.nfc(decomposed).unicodeScalars.map(\.value),
                       "Giới thiệu".unicodeScalars.map(\.value))
        // Canonical reordering: dot below (220) before horn (216)? No: horn 216 < dot below 220.
        XCTAssertEqual(UnicodeComposition.nfc("o\u{323}\u{31B}").unicodeScalars.map(\.value), [0x1EE3])
        XCTAssertEqual(UnicodeComposition.nfc("D\u{335}").unicodeScalars.count, 2)   // no precomposed form
        XCTAssertEqual(UnicodeComposition.nfc("\u{1100}\u{1161}\u{11A8}"), "\u{AC01}")   // Hangul
        XCTAssertEqual(UnicodeComposition.nfc("\u{212B}"), "\u{C5}")                    // singleton Å
        XCTAssertEqual(UnicodeComposition.nfd(scalars: Array("ệ".unicodeScalars)).map(\.value), [0x65, 0x323, 0x302])
        XCTAssertEqual(UnicodeComposition.nfc("plain ASCII"), "plain ASCII")
        // Expected values from Python: unicodedata.normalize('NFC', s) (Unicode 14). A 5000-string random
        // cross-check against Python over Latin, Greek, Cyrillic, Hangul and marks gave no mismatch.
        let cases: [(String, [UInt32])] = [
            ("\u{65}\u{302}\u{301}", [0x1EBF]), ("\u{B47}\u{B3E}", [0xB4B]), ("\u{F73}", [0xF71, 0xF72]),
            ("\u{344}", [0x308, 0x301]), ("\u{958}", [0x915, 0x93C]), ("\u{41}\u{30A}\u{323}", [0x1EA0, 0x30A]),
            ("\u{212B}\u{301}", [0x1FA]), ("\u{3B1}\u{313}\u{301}\u{345}", [0x1F84]), ("\u{418}\u{306}", [0x419]),
            ("\u{75}\u{31B}\u{303}\u{323}", [0x1EF1, 0x303]), ("\u{304B}\u{3099}", [0x304C]),
            ("\u{61}\u{591}\u{5B8}\u{301}", [0xE1, 0x5B8, 0x591]), ("\u{1E9B}\u{323}", [0x1E9B, 0x323]),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(UnicodeComposition.nfc(scalars: Array(input.unicodeScalars)).map(\.value), expected, "\(expected)")
        }
    }

    func testDecomposedLaysOutLikePrecomposed() throws {
        let f = try font()
        let a = TextLayout("Đang tải dữ liệu…", font: f), b = TextLayout("Đang ta\u{309}i du\u{303}\u{31B} lie\u{323}\u{302}u…", font: f)
        XCTAssertEqual(a.size, b.size)
        XCTAssertEqual(a.lines[0].glyphs.map(\.id), b.lines[0].glyphs.map(\.id))
        XCTAssertEqual(a.lines[0].text, "Đang tải dữ liệu…")
    }

    func testWordWrap() throws {
        let f = try font()
        let one = TextLayout("Loading your data", font: f)
        XCTAssertEqual(one.lineCount, 1)
        let wrapped = TextLayout("Loading your data", font: f, maxWidth: one.size.width - 1)
        XCTAssertEqual(wrapped.lines.map(\.text), ["Loading your", "data"])
        XCTAssertLessThanOrEqual(wrapped.size.width, one.size.width - 1)
        XCTAssertEqual(wrapped.size.height, 2 * f.lineHeight, accuracy: 1e-9)
        // The width of a wrapped line is that line measured alone (trailing space excluded).
        XCTAssertEqual(wrapped.lines[0].width, TextLayout("Loading your", font: f).size.width, accuracy: 1e-9)
        let narrow = TextLayout("Loading your data", font: f, maxWidth: 70)
        XCTAssertEqual(narrow.lines.map(\.text), ["Loading", "your", "data"])
        // Multiple spaces hang at the line end; hyphens are break opportunities.
        XCTAssertEqual(TextLayout("aaa    bbb", font: f, maxWidth: 40).lines.map(\.text), ["aaa", "bbb"])
        XCTAssertEqual(TextLayout("well-known", font: f, maxWidth: 55).lines.map(\.text), ["well-", "known"])
    }

    func testOverlongWordBreaksAtCharacters() throws {
        let f = try font()
        let l = TextLayout("Supercalifragilistic", font: f, maxWidth: 50)
        XCTAssertGreaterThan(l.lineCount, 2)
        XCTAssertEqual(l.lines.map(\.text).joined(), "Supercalifragilistic")
        for line in l.lines { XCTAssertLessThanOrEqual(line.width, 50 + 1e-9) }
        // Vietnamese letters with marks stay whole (clusters never split).
        let v = TextLayout("Giớithiệudữliệu", font: f, maxWidth: 20)
        XCTAssertEqual(v.lines.map(\.text).joined(), "Giớithiệudữliệu")
        // A single glyph wider than the limit still gets its own line (no infinite loop).
        let w = TextLayout("WWW", font: f, maxWidth: 1)
        XCTAssertEqual(w.lines.map(\.text), ["W", "W", "W"])
        XCTAssertEqual(TextLayout("abc def", font: f, maxWidth: 0).lineCount, 6)
        let chars = TextLayout("ab cd", font: f, maxWidth: 21, lineBreak: .byCharWrapping)
        XCTAssertEqual(chars.lines.map(\.text), ["ab", "cd"])
    }

    func testExplicitNewlines() throws {
        let f = try font()
        XCTAssertEqual(TextLayout("one\ntwo\r\nthree\u{2028}four", font: f).lines.map(\.text), ["one", "two", "three", "four"])
        let blank = TextLayout("a\n\nb", font: f)
        XCTAssertEqual(blank.lines.map(\.text), ["a", "", "b"])
        XCTAssertEqual(blank.size.height, 3 * f.lineHeight, accuracy: 1e-9)
        XCTAssertEqual(TextLayout("", font: f).size, .zero)
        XCTAssertEqual(TextLayout("", font: f).lineCount, 0)
    }

    func testAlignment() throws {
        let f = try font()
        for a in TextAlignment.allCases {
            let l = TextLayout("A long first line\nshort", font: f, alignment: a)
            let w = l.size.width, short = l.lines[1].width
            XCTAssertEqual(l.lineOffset(0), 0, accuracy: 1e-9)
            switch a {
            case .left, .natural: XCTAssertEqual(l.lineOffset(1), 0)
            case .center: XCTAssertEqual(l.lineOffset(1), (w - short) / 2, accuracy: 1e-9)
            case .right: XCTAssertEqual(l.lineOffset(1), w - short, accuracy: 1e-9)
            }
            // In a wider box, centring moves every line.
            if a == .center { XCTAssertEqual(l.lineOffset(0, boxWidth: w + 20), 10, accuracy: 1e-9) }
        }
    }

    func testLetterSpacingAndKerningInLayout() throws {
        let f = try font(2048)
        XCTAssertEqual(TextLayout("AV", font: f).size.width, 1401 + 1401 - 131)
        XCTAssertEqual(TextLayout("AV", font: f, letterSpacing: 10).size.width, 1401 + 1401 - 131 + 10)
        XCTAssertEqual(TextLayout("AV", font: f).lines[0].glyphs.map(\.x), [0, 1401 - 131])
    }

    func testMeasurement() throws {
        let f = try font(16, bold: true)
        let s = f.size(of: "Giới thiệu")
        XCTAssertEqual(s, TextLayout("Giới thiệu", font: f).size)
        XCTAssertEqual(s.height, f.lineHeight, accuracy: 1e-9)
        XCTAssertEqual(s.width, Double(1681 + 702 + 1407 + 702 + 713 + 979 + 1458 + 702 + 1389 + 1458) * 16 / 2048, accuracy: 1e-9)
        let c = f.size(of: "Giới thiệu", constrainedToWidth: 50)
        XCTAssertEqual(c.height, 2 * f.lineHeight, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(c.width, 50)
    }

    func testMissingGlyphIsTheNotdefBox() throws {
        let f = try font()
        let l = TextLayout("a\u{E000}b", font: f)   // private use: DejaVu has no glyph
        XCTAssertEqual(l.lines[0].glyphs.map(\.id)[1], 0)
        XCTAssertEqual(l.lines[0].glyphs[1].advance, Double(f.face.advance(ofGlyph: 0)) * f.scale, accuracy: 1e-9)
        XCTAssertFalse(l.path().isEmpty)
        // Invisible format characters take no room (HarfBuzz keeps them as zero-width glyphs).
        XCTAssertEqual(TextLayout("a\u{200D}b\u{FE0F}", font: f).size.width, TextLayout("ab", font: f).size.width, accuracy: 1e-9)
        for s in ["مرحبا بالعالم", "नमस्ते दुनिया", "👍🏽 ok 🇻🇳", "\u{0}\u{7F}\t"] {
            let l = TextLayout(s, font: f, maxWidth: 40)
            XCTAssertGreaterThan(l.lineCount, 0)
            _ = l.path()
        }
    }

    func testFallbackChain() throws {
        _ = try Fonts.regular()
        let lib = FontLibrary.shared
        // Han alone reads as Chinese (kana would make it Japanese, hangul Korean).
        guard let cjk = lib.fallbackFace(for: "中", language: "zh") else { throw XCTSkip("no installed font has U+4E2D") }
        XCTAssertTrue(cjk.hasGlyph(for: "中"))
        let f = Font(face: try Fonts.regular(), size: 16)
        let l = TextLayout("A中", font: f)
        XCTAssertEqual(l.lines[0].glyphs[1].face.id, cjk.id)
        XCTAssertGreaterThan(l.lines[0].glyphs[1].id, 0)
        // The same character always gets the same face.
        XCTAssertEqual(lib.fallbackFace(for: "中", language: "zh")?.id, cjk.id)
        XCTAssertNotEqual(lib.fallbackFace(for: "中", language: "ja")?.index, cjk.index)
    }

    func testSystemFacesAndNames() throws {
        _ = try Fonts.load(Fonts.interPath, package: "fonts-inter")
        _ = try Fonts.load(Fonts.nimbusBoldPath, package: "fonts-urw-base35")
        let lib = FontLibrary.shared
        XCTAssertEqual(try lib.face(weight: .regular).familyName, "Inter")
        XCTAssertEqual(try lib.face(weight: .bold).styleName, "Bold")
        let title = try Font(name: "HelveticaNeue-Bold", size: 16)
        XCTAssertEqual(title.face.familyName, "Nimbus Sans")
        XCTAssertEqual(title.face.styleName, "Bold")
        XCTAssertEqual(try Font(name: "HelveticaNeue-Light", size: 16).face.styleName, "Regular")
        // Line height as UIFont reports it: Nimbus Sans 729 - (-271) + 200 per 1000 at 16 pt = 19.2 pt
        // (Helvetica Neue: 952 + 213 + 28 per 1000 = 19.09 pt).
        XCTAssertEqual(title.lineHeight, 19.2, accuracy: 1e-9)
        XCTAssertEqual(TextLayout("a\nb", font: title).size.height, 38.4, accuracy: 1e-9)
    }

    func testRightToLeftParagraphs() throws {
        let face = try Fonts.regular()   // DejaVu Sans has Hebrew, Latin and digits
        let f = Font(face: face, size: 16, fallbackLibrary: nil)
        // "טוען" drawn right to left: the first letter (ט) is the rightmost glyph.
        let l = TextLayout("טוען 50%", font: f, alignment: .natural)
        XCTAssertTrue(l.lines[0].isRightToLeft)
        XCTAssertEqual(l.lines[0].glyphs.last?.id, face.glyph(for: "ט"))
        // The number stays left to right inside the RTL line: "5" before "0", both left of the word.
        let ids = l.lines[0].glyphs.map(\.id)
        XCTAssertLessThan(ids.firstIndex(of: face.glyph(for: "5"))!, ids.firstIndex(of: face.glyph(for: "0"))!)
        // Natural alignment is right for an RTL paragraph, left for an LTR one.
        XCTAssertEqual(l.lineOffset(0, boxWidth: l.size.width + 30), 30, accuracy: 1e-9)
        let ltr = TextLayout("ok טוען", font: f, alignment: .natural)
        XCTAssertFalse(ltr.lines[0].isRightToLeft)
        XCTAssertEqual(ltr.lineOffset(0, boxWidth: ltr.size.width + 30), 0)
    }

    func testThaiAndCJKLineBreaks() throws {
        let thai = try Fonts.load("/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", package: "fonts-noto-core")
        let f = Font(face: thai, size: 16, fallbackLibrary: nil)
        // กำลังโหลดข้อมูล = กำลัง | โหลด | ข้อมูล: breaks fall on libthai's word boundaries only.
        let l = TextLayout("กำลังโหลดข้อมูล", font: f, maxWidth: 60)
        XCTAssertGreaterThan(l.lineCount, 1)
        XCTAssertEqual(l.lines.map(\.text).joined(), "กำลังโหลดข้อมูล")
        for line in l.lines { XCTAssertTrue(["กำลัง", "โหลด", "ข้อมูล", "กำลังโหลด", "โหลดข้อมูล"].contains(line.text), line.text) }
        // CJK breaks between any two ideographs.
        let cjk = try Fonts.load(Fonts.notoCJKPath, package: "fonts-noto-cjk", index: 2)
        let c = TextLayout("正在加载数据", font: Font(face: cjk, size: 16, fallbackLibrary: nil), maxWidth: 40)
        XCTAssertEqual(c.lines.map(\.text), ["正在", "加载", "数据"])
        // Kinsoku: no line starts with closing punctuation or a small kana.
        let jp = TextLayout("お待ちください。読み込み中っ", font: Font(face: cjk, size: 16, fallbackLibrary: nil), maxWidth: 40)
        for line in jp.lines.dropFirst() { XCTAssertFalse("。、っ".contains(line.text.first!), line.text) }
        XCTAssertTrue(jp.lines.contains { $0.text.hasSuffix("い。") })
        // Korean breaks between words (UIKit's hangulWordPriority), not between syllables.
        let kr = TextLayout("잠시만 기다려 주세요", font: Font(face: cjk, size: 16, fallbackLibrary: nil), maxWidth: 60)
        XCTAssertEqual(kr.lines.map(\.text), ["잠시만", "기다려", "주세요"])
    }
}
