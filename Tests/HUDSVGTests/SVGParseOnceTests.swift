// The document is parsed once: what depends on where an element is used (em lengths through `use`,
// currentColor, dash items that fail to resolve) must still be decided per use, and rendering the
// same document again, at another size, gives the same pixels as a freshly parsed one.
import XCTest
@testable import HUDSVG
import HUDRaster

final class SVGParseOnceTests: XCTestCase {
    func document(_ body: String, size: Int = 40) throws -> SVGDocument {
        try SVGDocument(data: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(size) \(size)\">\(body)</svg>".utf8))
    }

    func alpha(_ img: Image, _ x: Int, _ y: Int) -> UInt8 { img[x, y].a }

    func testRepeatedRendersMatchFreshDocuments() throws {
        let body = """
        <defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs>
        <g transform="rotate(10 20 20)" opacity="0.8"><rect x="4" y="4" width="30%" height="20" rx="3" fill="url(#g)"/>
        <circle cx="28" cy="12" r="8" fill="#0a08" stroke="currentColor" color="purple" stroke-dasharray="3 1.5"/></g>
        <path d="M2 38 Q20 20 38 38" fill="none" stroke="teal" stroke-width="2.5" stroke-linecap="round"/>
        """
        let doc = try document(body)
        for width in [40, 97, 40, 13] {
            let again = try doc.renderImage(width: width)
            let fresh = try document(body).renderImage(width: width)
            XCTAssertEqual(again.pixels, fresh.pixels, "width \(width)")
        }
    }

    func testFontRelativeGeometryFollowsEachUse() throws {
        let doc = try document("""
        <defs><rect id="r" width="1em" height="4"/></defs>
        <use href="#r" y="2" font-size="10"/><use href="#r" y="20" font-size="30"/>
        """)
        let img = try doc.renderImage(width: 40)
        XCTAssertEqual(alpha(img, 5, 4), 255)
        XCTAssertEqual(alpha(img, 15, 4), 0)   // 1em = 10 here
        XCTAssertEqual(alpha(img, 25, 22), 255) // and 30 here
        XCTAssertEqual(alpha(img, 35, 22), 0)
    }

    func testCurrentColorIsTheInheritedColourWhereItIsSpecified() throws {
        // fill="currentColor" on the group computes to the group's colour; the child's colour does
        // not change it, but a child's own currentColor takes the child's colour.
        let doc = try document("""
        <g color="#0000ff" fill="currentColor"><rect width="10" height="10" color="#ff0000"/>
        <rect x="20" width="10" height="10" color="#ff0000" fill="currentColor"/></g>
        """)
        let img = try doc.renderImage(width: 40)
        XCTAssertEqual([img[5, 5].r, img[5, 5].b], [0, 255])
        XCTAssertEqual([img[25, 5].r, img[25, 5].b], [255, 0])
    }

    func testDashArrayItemsResolvePerUse() throws {
        // A negative item before a bad one makes the line solid; a bad item alone keeps the
        // inherited dashes.
        let doc = try document("""
        <g stroke="black" stroke-width="2" stroke-dasharray="4 4">
        <line x1="0" y1="5" x2="40" y2="5" stroke-dasharray="-1 oops"/>
        <line x1="0" y1="15" x2="40" y2="15" stroke-dasharray="oops"/></g>
        """)
        let img = try doc.renderImage(width: 40)
        XCTAssertEqual(alpha(img, 6, 5), 255)   // solid
        XCTAssertEqual(alpha(img, 6, 15), 0)    // in the inherited 4-4 gap
        XCTAssertEqual(alpha(img, 2, 15), 255)
    }
}
