// XML reader: well-formed input, entities, and hostile input (malformed, random bytes, entity bombs,
// deep nesting, huge numbers, NaN): typed errors, never a crash or a hang.
import HUDMotion
import XCTest
import Foundation
@testable import HUDSVG
import HUDRaster

final class XMLReaderTests: XCTestCase {
    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testParsesElementsAttributesTextAndCDATA() throws {
        let root = try XMLReader.parse(bytes("""
        <?xml version="1.0"?>
        <!-- comment -->
        <svg a="1" b='x &amp; y &#65;&#x42;'><g/><style><![CDATA[.a{fill:red}]]></style></svg>
        """))
        XCTAssertEqual(root.name, "svg")
        XCTAssertEqual(root.attributes["b"], "x & y AB")
        XCTAssertEqual(root.children.map(\.name), ["g", "style"])
        XCTAssertEqual(root.children[1].text, ".a{fill:red}")
    }

    func testInternalEntitiesExpandWithinBudget() throws {
        let root = try XMLReader.parse(bytes("""
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
          <!ENTITY color "green">
          <!ENTITY twice "&color;&color;">
        ]>
        <svg fill="&color;" id="&twice;"/>
        """))
        XCTAssertEqual(root.attributes["fill"], "green")
        XCTAssertEqual(root.attributes["id"], "greengreen")
    }

    func testMalformedXMLReportsLineAndColumn() {
        let cases: [(String, Int, Int)] = [
            ("<svg>\n  <g>\n</svg>", 3, 1),
            ("<svg a=1/>", 1, 8),
            ("<svg>\n<rect x=\"1\" x=\"2\"/></svg>", 2, 13),
            ("<svg>&unknown;</svg>", 1, 6),
        ]
        for (src, line, col) in cases {
            XCTAssertThrowsError(try XMLReader.parse(bytes(src)), src) { e in
                guard case let SVGError.malformedXML(l, c, reason) = e else { return XCTFail("\(e)") }
                XCTAssertEqual(l, line, "\(src): \(reason)")
                XCTAssertEqual(c, col, "\(src): \(reason)")
                XCTAssertTrue("\(e)".contains("\(l):\(c)"))
            }
        }
    }

    func testEncodingsWeDoNotReadAreNamed() {
        XCTAssertThrowsError(try XMLReader.parse([0xFF, 0xFE, 0x3C, 0x00])) { e in XCTAssertTrue("\(e)".contains("UTF-16")) }
        XCTAssertThrowsError(try XMLReader.parse([0x1F, 0x8B, 0x08, 0x00])) { e in XCTAssertTrue("\(e)".contains("gunzip")) }
    }

    func testUnclosedAndEmptyDocumentsAreErrors() {
        for src in ["", "   ", "<svg>", "<svg><g></svg>", "<svg/><svg/>", "hello", "<svg><!-- x</svg>", "<svg a=\"x></svg>"] {
            XCTAssertThrowsError(try XMLReader.parse(bytes(src)), src)
        }
    }

    func testBillionLaughsFailsFast() {
        var doc = "<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        doc += "<!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
        for i in 2...9 { doc += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n" }
        doc += "]>\n"
        XCTAssertThrowsError(try SVGDocument(data: bytes(doc + "<svg id=\"&lol9;\"/>"))) { e in
            guard case SVGError.entityExpansionLimit = e else { return XCTFail("\(e)") }
        }
        // Also inside text content.
        XCTAssertThrowsError(try SVGDocument(data: bytes(doc + "<svg><title>&lol9;</title></svg>")))
    }

    func testRecursiveAndExternalEntitiesAreRefused() {
        let recursive = "<!DOCTYPE svg [<!ENTITY a \"&b;\"><!ENTITY b \"&a;\">]><svg id=\"&a;\"/>"
        XCTAssertThrowsError(try SVGDocument(data: bytes(recursive)))
        let external = "<!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><svg id=\"&x;\"/>"
        XCTAssertThrowsError(try SVGDocument(data: bytes(external))) { e in
            guard case SVGError.unsupportedDTD = e else { return XCTFail("\(e)") }
        }
        let parameter = "<!DOCTYPE svg [<!ENTITY % p \"x\"> %p;]><svg/>"
        XCTAssertThrowsError(try SVGDocument(data: bytes(parameter)))
    }

    func testDeepNestingIsBounded() {
        let depth = 100_000
        let doc = "<svg>" + String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth) + "</svg>"
        XCTAssertThrowsError(try SVGDocument(data: bytes(doc))) { e in
            guard case SVGError.nestingTooDeep(_, _, let limit) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(limit, SVGDocument.maxNestingDepth)
        }
        // Just under the limit is fine and renders.
        let ok = "<svg width=\"4\" height=\"4\">" + String(repeating: "<g>", count: 200) + "<rect width=\"4\" height=\"4\"/>"
            + String(repeating: "</g>", count: 200) + "</svg>"
        XCTAssertNoThrow(try SVGDocument(data: bytes(ok)))
    }

    func testUseBombIsBounded() throws {
        // Each level draws the previous one ten times: 10^9 rects if expanded in full.
        var body = "<defs><rect id=\"l0\" width=\"1\" height=\"1\"/>"
        for i in 1...9 {
            body += "<g id=\"l\(i)\">" + String(repeating: "<use href=\"#l\(i - 1)\"/>", count: 10) + "</g>"
        }
        body += "</defs><filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter>"
        // The bounding box of a filtered bomb is budgeted too.
        body += "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\"><rect width=\"1\" height=\"1\"/></clipPath>"
        body += "<g filter=\"url(#f)\" clip-path=\"url(#c)\"><use href=\"#l9\"/></g>"
        let doc = try SVGDocument(data: Array("<svg width=\"8\" height=\"8\">\(body)</svg>".utf8))
        let img = try doc.renderImage()
        XCTAssertGreaterThan(img[0, 0].a, 0) // drew something (blurred), and returned
    }

    func testDeepestDocumentRendersOnASmallStack() throws {
        // 255 nested groups, each a `use` of a deep chain: must fit a 512 KiB thread stack (the
        // size of secondary threads), since rendering recurses per nesting level.
        var inner = "<rect id=\"r\" width=\"4\" height=\"4\"/>"
        for i in 0..<250 { inner = "<g id=\"g\(i)\" opacity=\"0.99\">\(inner)</g>" }
        // Wrapped in 100 more groups: the walk hits the render-depth bound, not the stack's end.
        let outer = String(repeating: "<g opacity=\"0.99\">", count: 100) + "<use href=\"#g249\"/>" + String(repeating: "</g>", count: 100)
        let doc = try SVGDocument(data: Array("<svg width=\"4\" height=\"4\"><defs>\(inner)</defs>\(outer)</svg>".utf8))
        final class Box: @unchecked Sendable { var alpha: UInt8 = 0 }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let t = Thread { box.alpha = (try? doc.renderImage())?[1, 1].a ?? 0; done.signal() }
        t.stackSize = 512 * 1024
        t.start()
        done.wait()
        XCTAssertEqual(box.alpha, 0) // the rect is deeper than SVGRenderer.maxRenderDepth
    }

    func testElementCountIsBounded() {
        let doc = "<svg>" + String(repeating: "<g/>", count: SVGDocument.maxElementCount + 1) + "</svg>"
        XCTAssertThrowsError(try SVGDocument(data: Array(doc.utf8))) { e in
            XCTAssertEqual(e as? SVGError, .tooManyElements(limit: SVGDocument.maxElementCount))
        }
    }

    func testOversizedInputIsRefusedBeforeParsing() {
        let big = [UInt8](repeating: 0x20, count: SVGDocument.maxInputSize + 1)
        XCTAssertThrowsError(try SVGDocument(data: big)) { e in
            guard case SVGError.fileTooLarge = e else { return XCTFail("\(e)") }
        }
    }

    func testRandomBytesNeverCrash() {
        var rng = SplitMix64(seed: 0x5EED)
        var errors = 0
        for i in 0..<400 {
            let n = Int(rng.next() % 600)
            var data = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            // Half the cases start like SVG so the fuzz reaches deeper into the parser.
            if i % 2 == 0 { data = Array("<svg><path d=\"M".utf8) + data }
            do { _ = try SVGDocument(data: data) } catch { errors += 1 }
        }
        XCTAssertGreaterThan(errors, 300)
    }

    func testMutatedValidDocumentsNeverCrash() throws {
        let base = Array("""
        <svg viewBox="0 0 20 20" xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g" x2="1">
        <stop offset="0" stop-color="red"/><stop offset="1" stop-color="#00f"/></linearGradient></defs>
        <path d="M1 1 A5 5 0 1 1 9 9 Z" fill="url(#g)" stroke="black" stroke-dasharray="1 2"/></svg>
        """.utf8)
        var rng = SplitMix64(seed: 42)
        for _ in 0..<150 {
            var d = base
            for _ in 0..<Int(rng.next() % 6 + 1) {
                let i = Int(rng.next() % UInt64(d.count))
                d[i] = UInt8(truncatingIfNeeded: rng.next())
            }
            if let doc = try? SVGDocument(data: d) { _ = try? doc.renderImage(width: 16) }
        }
    }

    func testHugeNumbersAndNaNDoNotReachGeometry() throws {
        let doc = try SVGDocument(data: bytes("""
        <svg width="20" height="20"><path d="M 1e308 1e308 L -1e308 NaN L 5 5 Z"/>
        <rect x="NaN" y="inf" width="1e999" height="10"/><circle r="1e300" cx="5" cy="5"/>
        <path d="M 0 0 L 1e30 1e30 L 0 10 Z" stroke="red" stroke-width="1e20"/>
        <g transform="scale(1e308) translate(1e308)"><rect width="5" height="5"/></g></svg>
        """))
        let img = try doc.renderImage()
        XCTAssertEqual(img.width, 20)
        XCTAssertEqual(PathDataParser.parse("M 10 10 L NaN 5").elements.count, 1)
        XCTAssertEqual(PathDataParser.parse("M 1e400 5 L 2 2").elements.count, 0)
    }

    func testHostileValuesInPaintServersAndFilters() throws {
        let values = ["0", "-1", "1e-300", "1e300", "NaN", "inf", "-1e308", "50%", "", "x"]
        var rng = SplitMix64(seed: 7)
        func pick() -> String { values[Int(rng.next() % UInt64(values.count))] }
        var rendered = 0
        for _ in 0..<60 {
            let svg = """
            <svg width="24" height="24" viewBox="0 0 \(pick()) 24">
            <pattern id="p" width="\(pick())" height="\(pick())" patternUnits="userSpaceOnUse" patternTransform="scale(\(pick()))">
              <rect width="\(pick())" height="2" fill="red"/></pattern>
            <radialGradient id="r" r="\(pick())" fx="\(pick())" fr="\(pick())" gradientTransform="rotate(\(pick()))">
              <stop offset="\(pick())" stop-color="red"/><stop offset="1" stop-opacity="\(pick())"/></radialGradient>
            <filter id="f" x="\(pick())" width="\(pick())"><feGaussianBlur stdDeviation="\(pick()) \(pick())"/></filter>
            <clipPath id="c"><circle r="\(pick())" cx="12" cy="12"/></clipPath>
            <g filter="url(#f)" clip-path="url(#c)" transform="translate(\(pick()) 1) scale(\(pick()))">
              <rect width="\(pick())" height="20" fill="url(#p)" stroke="url(#r)" stroke-width="\(pick())"
                    stroke-dasharray="\(pick()) \(pick())" rx="\(pick())"/>
              <circle r="\(pick())" cx="\(pick())" fill="url(#r)" opacity="\(pick())"/></g></svg>
            """
            if let doc = try? SVGDocument(data: Array(svg.utf8)), (try? doc.renderImage()) != nil { rendered += 1 }
        }
        XCTAssertEqual(rendered, 60) // hostile values are ignored or clamped, never fatal
    }

    func testNotSVGRootIsTypedError() {
        XCTAssertThrowsError(try SVGDocument(data: bytes("<html/>"))) { e in
            XCTAssertEqual(e as? SVGError, .notSVG(rootElement: "html"))
        }
        XCTAssertThrowsError(try SVGDocument(contentsOfFile: "/nonexistent/x.svg")) { e in
            guard case SVGError.fileUnreadable = e else { return XCTFail("\(e)") }
        }
    }
}


