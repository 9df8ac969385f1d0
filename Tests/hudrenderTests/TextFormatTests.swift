// TextFormatTests: the command's own printf layouts print what String(format:) printed.

import XCTest
@testable import HUDRenderCLI

final class TextFormatTests: XCTestCase {
    func testFixedDecimalsRoundAsPrintf() {
        XCTAssertEqual(TextFormat.fixed(2.0 / 3, places: 3), "0.667")
        XCTAssertEqual(TextFormat.fixed(1.25, places: 1), "1.2")
        XCTAssertEqual(TextFormat.fixed(-0.04, places: 1), "-0.0")
        XCTAssertEqual(TextFormat.fixed(12345.5, places: 0), "12346")
        XCTAssertEqual(TextFormat.fixed(1e70, places: 1).count, 73)
    }

    func testHexAndAlignment() {
        XCTAssertEqual(TextFormat.hex(UInt32(7), digits: 4), "0007")
        XCTAssertEqual(TextFormat.hex(UInt8(10), digits: 2, uppercase: true), "0A")
        XCTAssertEqual(TextFormat.hex(0x12345, digits: 4), "12345")
        XCTAssertEqual(TextFormat.rightAligned("5", width: 3), "  5")
        XCTAssertEqual(TextFormat.rightAligned("100", width: 3), "100")
    }

    func testPaddedCutsOrFills() {
        XCTAssertEqual(TextFormat.padded("ab", to: 1), "a")
        XCTAssertEqual(TextFormat.padded("ab", to: 4), "ab  ")
        XCTAssertEqual(TextFormat.padded("…é", to: 3), "…é ")
    }

    func testTrimmedRemovesSpacesAndTabsOnly() {
        XCTAssertEqual(TextFormat.trimmed(" \t a b\u{3000}"), "a b")
        XCTAssertEqual(TextFormat.trimmed("\n a "), "\n a")
        XCTAssertEqual(TextFormat.trimmed("  "), "")
        XCTAssertEqual(TextFormat.trimmed("#fff,x".split(separator: ",")[0]), "#fff")
    }
}
