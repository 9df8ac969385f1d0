// DecimalNumber: the fast path must give the same bits as Double(String) for every number text the
// SVG scanner accepts, and the scanner must read the same values through it.
import XCTest
@testable import HUDSVG

final class DecimalNumberTests: XCTestCase {
    func assertSameBits(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let got = DecimalNumber.value(bytes, 0..<bytes.count)
        let want = Double(text)
        XCTAssertEqual(got?.bitPattern, want?.bitPattern, "\(text): \(String(describing: got)) vs \(String(describing: want))",
                       file: file, line: line)
    }

    func testEdgeCases() {
        for t in ["0", "-0", "+0", "0.0", "-0.0", ".5", "-.5", "5.", "+5", "007", "0.1", "0.2", "0.3", "1e0", "1E3", "1e-3",
                  "-1.5e+3", "123456789012345", "1234567890123456789", "12345678901234567890", "9007199254740993",
                  "9007199254740992", "1e22", "1e23", "1e-22", "1e-23", "4.35", "0.000001", "1e308", "1e309",
                  "2.2250738585072014e-308", "4.9e-324", "1e-400", "0e999999999", "1.7976931348623157e308",
                  "0.1000000000000000055511151231257827", "3.14159265358979323846", "00000000000000000000001.5",
                  "1.00000000000000000000", "123.456e-5", "-98765.4321e10"] {
            assertSameBits(t)
        }
    }

    /// Seeded random decimals across the fast path's borders (digit counts, exponents).
    func testRandomDecimalsMatchDoubleParsing() {
        var state: UInt64 = 22
        func next() -> UInt64 { // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var fast = 0
        for _ in 0..<200_000 {
            var t = next() % 3 == 0 ? "-" : ""
            let intDigits = Int(next() % 12), fracDigits = Int(next() % 12)
            for _ in 0..<intDigits { t += String(next() % 10) }
            if fracDigits > 0 || intDigits == 0 { t += "." }
            for _ in 0..<max(fracDigits, intDigits == 0 ? 1 : 0) { t += String(next() % 10) }
            if next() % 4 == 0 { t += "e" + (next() % 2 == 0 ? "-" : "") + String(next() % 40) }
            let bytes = Array(t.utf8)
            if DecimalNumber.fastValue(bytes, 0..<bytes.count) != nil { fast += 1 }
            XCTAssertEqual(DecimalNumber.value(bytes, 0..<bytes.count)?.bitPattern, Double(t)?.bitPattern, t)
        }
        // Most of these are ordinary decimals; the fast path must be taking them.
        XCTAssertGreaterThan(fast, 150_000)
    }

    func testScannerReadsThroughIt() {
        var sc = SVGScanner("12.5-0.25.5e2,7")
        var got: [Double] = []
        while let v = sc.listNumber() { got.append(v) }
        XCTAssertEqual(got, [12.5, -0.25, 50, 7])
        XCTAssertEqual(SVGScanner.numberList("1e400"), nil) // not finite: a failure, as before
    }
}
