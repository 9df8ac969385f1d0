// GIF palette: colours chosen from exact counts when an animation has a few more colours than a
// palette holds, entries set to the sRGB mean of the colours they serve, and an error budget that
// follows the palette's own error.
import XCTest
@testable import HUDCodecs

final class GIFPaletteTests: XCTestCase {
    private func pixel(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
        GIF.opaqueBit | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    /// 256 colours in pairs one blue level apart (which the histogram's bins would merge into 128),
    /// one of them rare: the palette keeps the 255 others exactly.
    func testAFewColoursMoreThanEntriesKeepsTheFrequentOnesExactly() {
        var frame: [UInt32] = []
        var frequent: [UInt32] = []
        let rare = pixel(128, 128, 129)
        for v in stride(from: 0, to: 256, by: 2) {
            for c in [pixel(v, v, v), pixel(v, v, v + 1)] where c != rare {
                frequent.append(c)
                frame += Array(repeating: c, count: 10)
            }
        }
        frame.append(rare)
        var stats = GIF.ColorStatistics(exactLimit: 255)
        stats.add(frame)
        XCTAssertEqual(stats.exact?.count, 256)
        let palette = GIF.Palette.build(from: stats, maximumColors: 256)
        XCTAssertFalse(palette.isExact)
        let entries = Set(palette.colors.map { pixel(Int($0.r), Int($0.g), Int($0.b)) })
        XCTAssertEqual(entries.count, 255)
        for c in frequent { XCTAssertTrue(entries.contains(c), String(c, radix: 16)) }
        XCTAssertLessThan(palette.meanSquaredError, GIF.Options.exactPaletteError)
    }

    /// A run of one colour whose pixels appeared at different moments is weighted pixel by pixel:
    /// half a row of grey shown for 2 s and half shown for 1 s, replaced at once.
    func testRunOfOneColourIsWeightedByEachPixelsTimeOnScreen() {
        let n = 64, white = pixel(255, 255, 255), grey = pixel(128, 128, 128), black = pixel(0, 0, 0)
        var stats = GIF.ColorStatistics(exactLimit: 255)
        stats.add([UInt32](repeating: white, count: n), at: 0)
        stats.add([UInt32](repeating: grey, count: n / 2) + [UInt32](repeating: white, count: n / 2), at: 1)
        stats.add([UInt32](repeating: grey, count: n), at: 2)
        stats.add([UInt32](repeating: black, count: n), at: 3)
        // Weight 1 + 25 per second on screen: grey 32 pixels x 51 and 32 x 26.
        let k = GIF.ColorStatistics.bin(128, 128, 128) * 4
        XCTAssertEqual(stats.bins[k], Double(n / 2 * 51 + n / 2 * 26))
        XCTAssertEqual(stats.bins[k + 1], Double(n / 2 * 51 + n / 2 * 26) * 128)
        XCTAssertEqual(stats.exact?[grey], Double(n / 2 * 51 + n / 2 * 26))
        // White: 32 pixels replaced after 1 s (26), 32 after 2 s (51).
        XCTAssertEqual(stats.bins[GIF.ColorStatistics.bin(255, 255, 255) * 4], Double(n / 2 * 26 + n / 2 * 51))
    }

    /// An entry's colour is the weighted sRGB mean of the colours nearest to it, not its OkLab
    /// centre converted back.
    func testEntryIsTheWeightedSRGBMeanOfItsColours() {
        let samples = GIF.ColorSamples(exact: [pixel(0, 0, 0): 3, pixel(80, 80, 80): 1, pixel(255, 255, 0): 2])
        let centres = [OkLab.fromSRGB(UInt8(30), 30, 30), OkLab.fromSRGB(UInt8(250), 250, 10)]
        let entries = samples.representatives(of: centres)
        XCTAssertEqual(entries.count, 2)
        XCTAssertTrue(entries[0] == (20, 20, 20), "\(entries[0])")
        XCTAssertTrue(entries[1] == (255, 255, 0), "\(entries[1])")
        // Weighted mean squared error of drawing each sample with its nearest entry.
        let error = samples.meanSquaredError(of: entries.map { (r: $0.0, g: $0.1, b: $0.2) })
        let expected: Double = (3 * 3 * 20 * 20 + 3 * 60 * 60) / 6
        XCTAssertEqual(error, expected, accuracy: 1e-9)
    }

    /// The budget grows with the palette's error, is 0 for an exact palette at the default quality
    /// and for any palette at 100, never exceeds the absolute budget, and falls as quality rises.
    func testErrorBudgetFollowsThePaletteErrorAndQuality() {
        let standard = GIF.Options()
        XCTAssertEqual(standard.errorBudget(paletteError: 0), 0)
        XCTAssertEqual(standard.errorBudget(paletteError: 0.005), 0)
        XCTAssertEqual(standard.errorBudget(paletteError: 1), 19)
        XCTAssertEqual(standard.errorBudget(paletteError: 3), 45)
        XCTAssertEqual(standard.errorBudget(paletteError: 100), standard.errorBudget)
        XCTAssertEqual(GIF.Options(quality: 100).errorBudget(paletteError: 3), 0)
        XCTAssertEqual(GIF.Options(quality: 40).errorBudget(paletteError: 0), GIF.Options(quality: 40).errorBudget)
        for error in [0.0, 0.3, 3] {
            let budgets = (0...100).map { GIF.Options(quality: $0).errorBudget(paletteError: error) }
            for q in 1...100 { XCTAssertLessThanOrEqual(budgets[q], budgets[q - 1], "error \(error), quality \(q)") }
            XCTAssertGreaterThan(budgets[0], 0)
        }
    }
}
