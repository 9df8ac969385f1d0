// Rendering behaviour checked by pixels: fills, gradients, opacity, use, CSS, viewBox fitting, blur.
import XCTest
@testable import HUDSVG
import HUDRaster

final class SVGRenderingTests: XCTestCase {
    func render(_ body: String, size: Int = 20, attrs: String = "", width: Int? = nil) throws -> (Image, SVGDocument) {
        let doc = try SVGDocument(data: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(size) \(size)\" \(attrs)>\(body)</svg>".utf8))
        return (try doc.renderImage(width: width ?? size), doc)
    }

    func px(_ img: Image, _ x: Int, _ y: Int) -> [Int] { let p = img[x, y]; return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)] }

    func testSolidFillAndStroke() throws {
        let (img, _) = try render("<rect x=\"2\" y=\"2\" width=\"10\" height=\"10\" fill=\"#00ff00\" stroke=\"blue\" stroke-width=\"2\"/>")
        XCTAssertEqual(px(img, 7, 7), [0, 255, 0, 255])
        XCTAssertEqual(px(img, 2, 7), [0, 0, 255, 255])  // on the stroke
        XCTAssertEqual(px(img, 16, 16), [0, 0, 0, 0])
    }

    func testPaintOrderStrokeFirst() throws {
        let shape = "<rect x=\"4\" y=\"4\" width=\"12\" height=\"12\" fill=\"#00ff00\" stroke=\"blue\" stroke-width=\"4\""
        let (normal, _) = try render(shape + "/>")
        let (strokeFirst, _) = try render(shape + " style=\"paint-order: stroke\"/>")
        XCTAssertEqual(px(normal, 5, 10), [0, 0, 255, 255])     // inner half of the stroke over the fill
        XCTAssertEqual(px(strokeFirst, 5, 10), [0, 255, 0, 255]) // fill over the stroke
        XCTAssertEqual(px(strokeFirst, 3, 10), [0, 0, 255, 255])
    }

    func testLinearGradientObjectBoundingBox() throws {
        let (img, _) = try render("""
        <defs><linearGradient id="g"><stop offset="0" stop-color="black"/><stop offset="1" stop-color="white"/></linearGradient></defs>
        <rect width="20" height="20" fill="url(#g)"/>
        """)
        XCTAssertLessThan(px(img, 0, 5)[0], 20)
        XCTAssertGreaterThan(px(img, 19, 5)[0], 235)
        XCTAssertEqual(Double(px(img, 10, 5)[0]), 128, accuracy: 12)
    }

    func testGroupOpacityUsesOneLayer() throws {
        // Two overlapping opaque rects in a half-transparent group: the overlap is not darker.
        let (img, _) = try render("<g opacity=\"0.5\"><rect width=\"12\" height=\"20\" fill=\"red\"/><rect x=\"8\" width=\"12\" height=\"20\" fill=\"red\"/></g>")
        XCTAssertEqual(px(img, 4, 4)[3], px(img, 10, 4)[3])
        XCTAssertEqual(Double(px(img, 10, 4)[3]), 128, accuracy: 2)
    }

    func testUseStyleAndCurrentColor() throws {
        let (img, _) = try render("""
        <style>.hot { fill: currentColor }</style>
        <defs><rect id="r" width="5" height="5"/></defs>
        <g color="#0000ff"><use href="#r" x="10" y="10" class="hot"/><rect class="hot" width="5" height="5"/></g>
        <use xlink:href="#self" id="self"/>
        """)
        XCTAssertEqual(px(img, 12, 12), [0, 0, 255, 255]) // the referenced rect inherits the use's fill
        XCTAssertEqual(px(img, 2, 2), [0, 0, 255, 255])
    }

    func testViewBoxFitsWithAspectRatio() throws {
        // A 20x10 viewBox in a 20x20 image: centred vertically (meet).
        let doc = try SVGDocument(data: Array("<svg viewBox=\"0 0 20 10\" width=\"20\" height=\"20\"><rect width=\"20\" height=\"10\" fill=\"red\"/></svg>".utf8))
        let img = try doc.renderImage()
        XCTAssertEqual(px(img, 10, 2)[3], 0)
        XCTAssertEqual(px(img, 10, 10)[3], 255)
        XCTAssertEqual(px(img, 10, 17)[3], 0)
        let canvas = try Canvas(width: 40, height: 40)
        doc.render(in: canvas, rect: Rect(x: 20, y: 0, width: 20, height: 40))
        XCTAssertEqual(canvas.image[30, 20].a, 255)
        XCTAssertEqual(canvas.image[10, 20].a, 0)
        XCTAssertEqual(try doc.renderImage(scale: 2).width, 40)
    }

    func testBlurSpreadsInk() throws {
        let (img, _) = try render("""
        <filter id="f"><feGaussianBlur stdDeviation="2"/></filter>
        <rect x="6" y="6" width="8" height="8" fill="black" filter="url(#f)"/>
        """)
        XCTAssertGreaterThan(px(img, 5, 10)[3], 30)   // ink outside the rect
        XCTAssertLessThan(px(img, 6, 10)[3], 250)     // softened edge
        XCTAssertEqual(px(img, 0, 0)[3], 0)           // clipped to the filter region
    }

    func testGlowMergesBlurUnderSourceGraphic() throws {
        let (img, doc) = try render("""
        <filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2" result="b"/><feOffset in="b" dx="1" dy="0" result="o"/>
        <feMerge><feMergeNode in="o"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
        <rect x="6" y="6" width="8" height="8" fill="#0000ff" filter="url(#glow)"/>
        """)
        XCTAssertEqual(px(img, 10, 10), [0, 0, 255, 255])   // the sharp source on top
        XCTAssertGreaterThan(px(img, 15, 10)[3], 40)        // glow outside, pushed right by the offset
        XCTAssertGreaterThan(px(img, 15, 10)[3], px(img, 4, 10)[3])
        XCTAssertTrue(doc.warnings.isEmpty, "\(doc.warnings)")
    }

    func testColouredGlowWithFloodAndComposite() throws {
        let (img, doc) = try render("""
        <filter id="g" x="-50%" y="-50%" width="200%" height="200%">
          <feFlood flood-color="red" flood-opacity="1" result="f"/>
          <feComposite in="f" in2="SourceAlpha" operator="in" result="shape"/>
          <feGaussianBlur in="shape" stdDeviation="2" result="glow"/>
          <feMerge><feMergeNode in="glow"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
        <rect x="6" y="6" width="8" height="8" fill="#0000ff" filter="url(#g)"/>
        """)
        XCTAssertEqual(px(img, 10, 10), [0, 0, 255, 255])
        let outside = px(img, 4, 10)
        XCTAssertGreaterThan(outside[3], 20)
        XCTAssertEqual(outside[0], outside[3])           // red glow (premultiplied)
        XCTAssertEqual(outside[2], 0)
        XCTAssertTrue(doc.warnings.isEmpty, "\(doc.warnings)")
    }

    func testDisplayNoneVisibilityAndUnsupportedElements() throws {
        let (img, doc) = try render("""
        <rect width="20" height="20" fill="red" display="none"/>
        <g visibility="hidden"><rect width="20" height="20" fill="red"/><rect width="5" height="5" fill="lime" visibility="visible"/></g>
        <text x="1" y="10">hi</text><image href="x.png"/>
        """)
        XCTAssertEqual(px(img, 10, 10)[3], 0)
        XCTAssertEqual(px(img, 2, 2), [0, 255, 0, 255])
        XCTAssertTrue(doc.warnings.contains { $0.contains("<text>") })
        XCTAssertTrue(doc.warnings.contains { $0.contains("<image>") })
    }

    func testInvalidRenderSizesAreTypedErrors() throws {
        let (_, doc) = try render("")
        XCTAssertThrowsError(try doc.renderImage(width: 0))
        XCTAssertThrowsError(try doc.renderImage(scale: -1))
        XCTAssertThrowsError(try doc.renderImage(width: 1_000_000))
    }
}
