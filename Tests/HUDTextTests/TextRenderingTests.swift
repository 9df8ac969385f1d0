// Drawing: NFC renders identically, masks vs paths agree, scale crispness, shadow, cache, threads.
// Set HUDTEXT_LOOK_DIR=/some/dir to write the stills (title + status, English and Vietnamese,
// scale 1, 2, 3) as PNGs for a human to look at.

import XCTest
import HUDCodecs
@testable import HUDText
import HUDRaster

final class TextRenderingTests: XCTestCase {
    func render(_ layout: TextLayout, scale: Double = 1, rotate: Double = 0, shadow: TextShadow? = nil,
                color: Color = .black, cache: GlyphCache = .shared) throws -> Image {
        let side = rotate == 0 ? layout.size.height : layout.size.width
        let w = Int((layout.size.width + 8) * scale), h = Int((side + 8) * scale)
        let canvas = try Canvas(width: w, height: h, background: .white)
        canvas.scaleBy(x: scale, y: scale)
        if rotate != 0 {
            canvas.translateBy(x: layout.size.width / 2 + 4, y: side / 2 + 4)
            canvas.rotate(by: rotate)
            canvas.translateBy(x: -layout.size.width / 2 - 4, y: -layout.size.height / 2 - 4)
        }
        layout.draw(in: canvas, at: Point(x: 4, y: 4), color: color, shadow: shadow)
        return canvas.image
    }

    /// Darkness per pixel (0 = white), summed.
    func ink(_ img: Image) -> Int {
        var s = 0
        for i in stride(from: 0, to: img.pixels.count, by: 4) { s += 255 - Int(img.pixels[i]) }
        return s
    }

    func testDecomposedRendersSameAsPrecomposed() throws {
        let f = Font(face: try Fonts.regular(), size: 16, fallbackLibrary: nil)
        for scale in [1.0, 2.0] {
            let a = try render(TextLayout("Đang tải dữ liệu…", font: f), scale: scale)
            let b = try render(TextLayout("Đang ta\u{309}i du\u{31B}\u{303} lie\u{323}\u{302}u…", font: f), scale: scale)
            XCTAssertEqual(a.pixels, b.pixels)
            XCTAssertGreaterThan(ink(a), 1000)
        }
    }

    func testMaskAndPathRenderingAgree() throws {
        let f = Font(face: try Fonts.bold(), size: 16, fallbackLibrary: nil)
        let layout = TextLayout("Giới thiệu", font: f)
        let masked = try render(layout)                  // axis-aligned: cached masks
        let pathed = try render(layout, rotate: 1e-9)    // "rotated": outline paths through the CTM
        XCTAssertEqual(masked.width, pathed.width)
        // Same ink within a few percent (masks snap the baseline to a pixel, paths do not).
        let a = Double(ink(masked)), b = Double(ink(pathed))
        XCTAssertEqual(a / b, 1, accuracy: 0.05)
        let rotated = try render(layout, rotate: 0.3)
        XCTAssertEqual(Double(ink(rotated)) / a, 1, accuracy: 0.1)
    }

    func testInkScalesWithScale() throws {
        let f = Font(face: try Fonts.regular(), size: 16, fallbackLibrary: nil)
        let layout = TextLayout("Loading data", font: f)
        let one = Double(ink(try render(layout, scale: 1)))
        for s in [2.0, 3.0] {
            XCTAssertEqual(Double(ink(try render(layout, scale: s))) / (one * s * s), 1, accuracy: 0.06)
        }
    }

    func testBaselineIsPixelAligned() throws {
        // The bottom of "H" sits on the baseline: at any scale the row just under it is blank and the
        // row above it fully inked (crisp), whatever fraction the origin has.
        let f = Font(face: try Fonts.regular(), size: 16, fallbackLibrary: nil)
        let layout = TextLayout("H", font: f)
        for scale in [1.0, 2.0, 3.0] {
            let canvas = try Canvas(width: Int(30 * scale), height: Int(30 * scale), background: .white)
            canvas.scaleBy(x: scale, y: scale)
            layout.draw(in: canvas, at: Point(x: 3.3, y: 2.37), color: .black)
            let img = canvas.image
            let baseline = Int(((2.37 + layout.lines[0].baseline) * scale).rounded())
            var darkest = 255, below = 255
            for x in 0..<img.width {
                darkest = min(darkest, Int(img[x, baseline - 1].r))
                below = min(below, Int(img[x, baseline].r))
            }
            XCTAssertEqual(darkest, 0, "scale \(scale): stem pixels on the last row are solid")
            XCTAssertEqual(below, 255, "scale \(scale): nothing below the baseline")
        }
    }

    func testShadowIsDrawnOffset() throws {
        let f = Font(face: try Fonts.bold(), size: 16, fallbackLibrary: nil)
        let layout = TextLayout("I", font: f)
        let plain = try render(layout, color: .white)
        let shadowed = try render(layout, shadow: TextShadow(offset: Size(width: 3, height: 0), blur: 0, color: .black), color: .white)
        XCTAssertEqual(ink(plain), 0)   // white on white
        XCTAssertGreaterThan(ink(shadowed), 5000)
    }

    func testHugeAndDegenerateSizes() throws {
        let face = try Fonts.regular()
        // A 5000 pt font on a small canvas: drawn as clipped paths, no giant mask.
        let canvas = try Canvas(width: 64, height: 64, background: .white)
        TextLayout("I", font: Font(face: face, size: 5000, fallbackLibrary: nil)).draw(in: canvas, at: Point(x: -600, y: -2000), color: .black)
        XCTAssertGreaterThan(ink(canvas.image), 0)
        for size in [0.0, -3, .nan, .infinity] {
            let l = TextLayout("abc", font: Font(face: face, size: size, fallbackLibrary: nil))
            XCTAssertEqual(l.size.width, 0)
            l.draw(in: canvas, at: .zero, color: .black)
        }
    }

    func testMissingGlyphBoxIsVisible() throws {
        let f = Font(face: try Fonts.regular(), size: 32, fallbackLibrary: nil)
        let img = try render(TextLayout("\u{E000}", font: f))
        XCTAssertGreaterThan(ink(img), 20_000)
        // Hollow: the centre of the box is white.
        let cx = Int(4 + 0.3 * 32), cy = Int(4 + f.ascender - 0.36 * 32)
        XCTAssertEqual(img[cx, cy].r, 255)
    }

    func testGlyphCacheHitsAndThreads() throws {
        let f = Font(face: try Fonts.regular(), size: 16, fallbackLibrary: nil)
        let layout = TextLayout("aaaa bbbb", font: f)
        let cache = GlyphCache()
        let canvas = try Canvas(width: 100, height: 30)
        layout.draw(in: canvas, rect: Rect(x: 0, y: 0, width: 100, height: 30), color: .black, cache: cache)
        let first = cache.statistics
        XCTAssertLessThanOrEqual(first.misses, 9)   // a and b at up to 4 subpixel phases, plus space
        layout.draw(in: canvas, rect: Rect(x: 0, y: 0, width: 100, height: 30), color: .black, cache: cache)
        XCTAssertEqual(cache.statistics.misses, first.misses)
        XCTAssertGreaterThan(cache.statistics.hits, first.hits)
        // Two threads drawing at once produce the same pixels as one.
        let expected = try render(layout)
        let results = Mutex2<[Int: [UInt8]]>([:])
        let threads = (0..<2).map { i in
            Thread2 {
                for _ in 0..<10 { if let img = try? self.render(layout) { results.with { $0[i] = img.pixels } } }
            }
        }
        threads.forEach { $0.join() }
        XCTAssertEqual(results.with { $0[0] }, expected.pixels)
        XCTAssertEqual(results.with { $0[1] }, expected.pixels)
        // A tiny capacity still renders correctly (the cache empties itself).
        let small = GlyphCache(capacity: 100)
        let c2 = try Canvas(width: 100, height: 30)
        layout.draw(in: c2, rect: Rect(x: 0, y: 0, width: 100, height: 30), color: .black, cache: small)
        XCTAssertLessThanOrEqual(small.statistics.bytes, 100 + 2000)
    }

    /// Stills of MMProgressHUD-like title (bold 16, shadow) and status (regular 16) at 1x, 2x, 3x.
    func testLookStills() throws {
        let bold = Font(face: try Fonts.bold(), size: 16), regular = Font(face: try Fonts.regular(), size: 16)
        let texts = [("en", "Loading", "Please wait while we fetch your data"),
                     ("vi", "Giới thiệu", "Đang tải dữ liệu…")]
        for (tag, title, status) in texts {
            for scale in [1.0, 2.0, 3.0] {
                let t = TextLayout(title, font: bold, maxWidth: 150)
                let s = TextLayout(status, font: regular, maxWidth: 150)
                let w = 160.0, h = 10 + t.size.height + 5 + s.size.height + 10
                let canvas = try Canvas(width: Int(w * scale), height: Int(h * scale), background: Color(white: 0.2))
                canvas.scaleBy(x: scale, y: scale)
                t.draw(in: canvas, rect: Rect(x: 5, y: 10, width: 150, height: t.size.height), color: .white,
                       shadow: TextShadow(offset: Size(width: 0, height: -1), blur: 0, color: .black))
                s.draw(in: canvas, rect: Rect(x: 5, y: 15 + t.size.height, width: 150, height: s.size.height),
                       color: Color(white: 0.9, alpha: 0.95))
                let img = canvas.image
                XCTAssertGreaterThan(img.pixels.enumerated().filter { $0.offset % 4 == 0 && $0.element > 200 }.count,
                                     Int(150 * scale * scale), "\(tag) @\(scale)x has white text")
                if let dir = getenv("HUDTEXT_LOOK_DIR").map({ String(cString: $0) }) {
                    try PNG.write(img, to: "\(dir)/text-\(tag)@\(Int(scale))x.png")
                }
            }
        }
    }
}
