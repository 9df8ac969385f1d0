// SVGLength: the byte-level parser against the String one it replaced, the cheap em/ex test and
// the byte shortcut of trimmingSpaces.
import XCTest
@testable import HUDSVG

/// SVGLength.parse reads units as ASCII bytes; the reference here is the String version it replaced.
final class SVGLengthTests: XCTestCase {
    static func reference(_ raw: String) -> SVGLength? {
        var sc = SVGScanner(raw.trimmingSpaces)
        guard let v = sc.number() else { return nil }
        let units: [String: SVGLength.Unit] = ["": .px, "px": .px, "%": .percent, "mm": .mm, "cm": .cm, "in": .inch,
                                               "pt": .pt, "pc": .pc, "em": .em, "ex": .ex]
        return units[String(decoding: sc.bytes[sc.pos...], as: UTF8.self).lowercased()].map { SVGLength(value: v, unit: $0) }
    }

    func testMatchesTheStringParser() {
        let numbers = ["1", "-2.5", ".5", "1e2", "3E-1", "", "x", "1.", "+0"]
        let units = ["", "px", "PX", "Px", "%", "mm", "cM", "in", "IN", "pt", "pc", "em", "EM", "ex", "eX", "e", "m", "pxx", "p x",
                     "é", "\u{212A}", "%%", " ", "\r\n", "px ", "\u{0130}n"]
        let pads = ["", " ", "\t", "\n", "\r\n", "\u{0C}", " \u{A0}"]
        for n in numbers {
            for u in units {
                for p in pads {
                    for q in pads {
                        let raw = p + n + u + q
                        XCTAssertEqual(SVGLength.parse(raw), Self.reference(raw), raw.debugDescription)
                    }
                }
            }
        }
        XCTAssertNil(SVGLength.parse(nil))
    }

    func testTrimmingShortcutMatchesTheCharacterTrim() {
        let pads = ["", " ", "\t", "\n", "\r\n", "\u{0C}", "\u{A0}", " \u{301}", "\n\u{301}"]
        for core in ["", "a", "12px", "é", "a b", "\u{301}"] {
            for p in pads {
                for q in pads {
                    let raw = p + core + q
                    XCTAssertEqual(raw.trimmingSpaces, String(raw.trimmingSpacesSub), raw.debugDescription)
                }
            }
        }
    }

    func testFontRelativeTestIsConservative() {
        for raw in ["1em", "2EX", "3 em", "1e1em", "-1.5Ex"] { XCTAssertTrue(SVGNode.mayBeFontRelative(raw), raw) }
        for raw in ["1", "1e5", "2px", "50%", "3mm"] { XCTAssertFalse(SVGNode.mayBeFontRelative(raw), raw) }
    }
}
