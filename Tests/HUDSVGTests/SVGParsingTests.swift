// Micro-syntaxes: colours, path data, transforms, lengths, CSS cascade, document size.
import XCTest
@testable import HUDSVG
import HUDRaster

final class SVGParsingTests: XCTestCase {
    func assertColor(_ s: String, _ hex: String?, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(CSSColor.parse(s)?.hexString, hex, s, file: file, line: line)
    }

    func testColours() {
        assertColor("#080", "#008800")
        assertColor("#0A0A", "#00AA00AA")
        assertColor("GREEN", "#008000")
        assertColor("rebeccapurple", nil) // not one of the 147 SVG names
        assertColor("lightgoldenrodyellow", "#FAFAD2")
        assertColor("rgb(0, 127, 0)", "#007F00")
        assertColor("RGB( 0% , 50% , 0% )", "#008000")
        assertColor("rgb(0, 50%, 0)", nil) // the comma syntax cannot mix numbers and percentages
        assertColor("rgba(0, 127, 0, 0.5)", "#007F0080")
        assertColor("rgb(0 127 0 / 50%)", "#007F0080")
        assertColor("rgba(0, 127, 0, 2)", "#007F00")
        assertColor("hsl(120, 100%, 25%)", "#008000")
        assertColor("hsl(480, 100%, 25%)", "#008000")
        assertColor("hsla(120, 100%, 25%, 0.5)", "#00800080")
        assertColor("transparent", "#00000000")
        assertColor("#CD853F icc-color(acmecmyk, 0.11, 0.48, 0.83, 0.00)", nil)
        for bad in ["#", "#qqq", "#aaz", "rgb(1,2)", "foo", "rgb(1,2,3", "hsl(a, 1%, 1%)"] { assertColor(bad, nil) }
        XCTAssertEqual(NamedColors.table.count, 147)
    }

    func testPathData() {
        let p = PathDataParser.parse("M10 20 l 5 5 h10 v-5 z m 1 1 L 3 3")
        XCTAssertEqual(p.elements, [
            .move(to: Point(x: 10, y: 20)), .line(to: Point(x: 15, y: 25)), .line(to: Point(x: 25, y: 25)),
            .line(to: Point(x: 25, y: 20)), .closeSubpath, .move(to: Point(x: 11, y: 21)), .line(to: Point(x: 3, y: 3)),
        ])
        // Implicit lineto after moveto, compact numbers, no-separator arc flags.
        let q = PathDataParser.parse("M.5.5 1 1 A 10 10 0 1010 10")
        XCTAssertEqual(q.elements.prefix(2), [.move(to: Point(x: 0.5, y: 0.5)), .line(to: Point(x: 1, y: 1))])
        if case .curve(let end, _, _) = q.elements.last! { XCTAssertEqual(end, Point(x: 10, y: 10)) } else { XCTFail() }
        // Rendering stops at the first error but keeps what came before.
        XCTAssertEqual(PathDataParser.parse("M 0 0 L 10 10 L 20 x 30 30").elements.count, 2)
        XCTAssertTrue(PathDataParser.parse("L 10 10").isEmpty)
        // Smooth curves reflect the previous control point.
        let s = PathDataParser.parse("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0")
        if case .curve(_, let c1, _) = s.elements.last! { XCTAssertEqual(c1, Point(x: 10, y: -10)) } else { XCTFail() }
        // Arc endpoints and a half-circle's extent.
        let arc = PathDataParser.parse("M 0 0 A 5 5 0 0 1 10 0")
        let b = SVGGeometry.tightBounds(arc)
        XCTAssertEqual(b.minY, -5, accuracy: 1e-6)
        XCTAssertEqual(b.maxX, 10, accuracy: 1e-9)
    }

    func testTransforms() throws {
        let t = try XCTUnwrap(SVGValueParser.transform("translate(10 20) scale(2)"))
        XCTAssertEqual(Point(x: 1, y: 1).applying(t), Point(x: 12, y: 22))
        let r = try XCTUnwrap(SVGValueParser.transform("rotate(90 10 10)"))
        let p = Point(x: 20, y: 10).applying(r)
        XCTAssertEqual(p.x, 10, accuracy: 1e-9); XCTAssertEqual(p.y, 20, accuracy: 1e-9)
        XCTAssertNotNil(SVGValueParser.transform("  matrix  (  0.7569  0.2097 -0.588  0.7239 81 2.76  )   "))
        XCTAssertEqual(SVGValueParser.transform(""), .identity)
        XCTAssertNil(SVGValueParser.transform("scale(1,2,3)"))
        XCTAssertNil(SVGValueParser.transform("skewX(30"))
        let sk = try XCTUnwrap(SVGValueParser.transform("skewX(45)"))
        XCTAssertEqual(sk.c, 1, accuracy: 1e-12)
    }

    func testLengths() {
        let ctx = LengthContext(viewport: Size(width: 200, height: 100))
        XCTAssertEqual(SVGValueParser.length("50%", axis: .x, context: ctx), 100)
        XCTAssertEqual(SVGValueParser.length("50%", axis: .y, context: ctx), 50)
        XCTAssertEqual(SVGValueParser.length("1in", axis: .x, context: ctx), 96)
        XCTAssertEqual(SVGValueParser.length(" 2px ", axis: .x, context: ctx), 2)
        XCTAssertNil(SVGValueParser.length("2 px", axis: .x, context: ctx))
        XCTAssertNil(SVGValueParser.length("abc", axis: .x, context: ctx))
    }

    func testCascadeAndStyleSheet() throws {
        let doc = try SVGDocument(data: Array("""
        <svg viewBox="0 0 10 10"><style type="text/css">
          rect { fill: blue } .warn { fill: orange; stroke: black } #special { fill: red }
          g > rect { fill: pink } @media print { rect { fill: gray } }
        </style>
        <rect id="a" width="1" height="1" fill="green"/>
        <rect id="b" class="warn" width="1" height="1"/>
        <rect id="special" class="warn" width="1" height="1" style="stroke: /* c */ white"/>
        <foo/></svg>
        """.utf8))
        XCTAssertEqual(doc.ids["a"]?.properties["fill"], "blue") // CSS beats the presentation attribute
        XCTAssertEqual(doc.ids["b"]?.properties["fill"], "orange")
        XCTAssertEqual(doc.ids["special"]?.properties["fill"], "red")
        XCTAssertEqual(doc.ids["special"]?.properties["stroke"], "white")
        XCTAssertTrue(doc.warnings.contains { $0.contains("<foo>") }, "\(doc.warnings)")
        XCTAssertTrue(doc.warnings.contains { $0.contains("g > rect") }, "\(doc.warnings)")
        XCTAssertTrue(doc.warnings.contains { $0.contains("@media") }, "\(doc.warnings)")
    }

    func testManyRulesAndElementsMatchThroughTheIndex() throws {
        var css = "", body = ""
        for i in 0..<5000 { css += ".c\(i) { fill: #0000\(i % 10)\(i % 10) } #e\(i) { stroke: red } " }
        for i in 0..<5000 { body += "<rect id=\"e\(i)\" class=\"c\(i) other\" width=\"1\" height=\"1\"/>" }
        let doc = try SVGDocument(data: Array("<svg><style>* { opacity: 0.5 } \(css)</style>\(body)</svg>".utf8))
        XCTAssertEqual(doc.ids["e4321"]?.properties["fill"], "#000011")
        XCTAssertEqual(doc.ids["e4321"]?.properties["stroke"], "red")
        XCTAssertEqual(doc.ids["e4321"]?.properties["opacity"], "0.5")
    }

    func testIntrinsicSize() throws {
        func size(_ attrs: String) throws -> Size { try SVGDocument(data: Array("<svg \(attrs)/>".utf8)).size }
        XCTAssertEqual(try size("viewBox=\"0 0 24 12\""), Size(width: 24, height: 12))
        XCTAssertEqual(try size("width=\"48\" viewBox=\"0 0 24 12\""), Size(width: 48, height: 24))
        XCTAssertEqual(try size("width=\"10\" height=\"20\""), Size(width: 10, height: 20))
        XCTAssertEqual(try size(""), Size(width: 100, height: 100))
        let ar = SVGValueParser.aspectRatio("xMinYMax slice")
        XCTAssertEqual(ar, AspectRatio(alignX: 0, alignY: 1, slice: true))
    }
}
