// WebP gates: which of a rectangle's replaced and blended candidates are compressed in full,
// when a lossy frame's lossless candidate is, and libwebp's quality for a lossy quality.
import XCTest
@testable import HUDCodecs

final class WebPGatesTests: XCTestCase {
    private func candidate(_ side: Int, blend: Bool, disposes: Bool = false) -> WebP.Candidate {
        WebP.Candidate(rect: WebP.Rect(x: 0, y: 0, w: side, h: side), blend: blend,
                       disposing: disposes ? WebP.Rect(x: 0, y: 0, w: side, h: side) : nil)
    }

    func testOnlySmallRectanglesEscapeTheGate() {
        let pair = [candidate(128, blend: false), candidate(128, blend: true), candidate(130, blend: true, disposes: true)]
        XCTAssertEqual(WebP.gatedPair(pair).map { [$0.replace, $0.blend] }, [0, 1])
        XCTAssertNil(WebP.gatedPair([candidate(127, blend: false), candidate(127, blend: true)]),
                     "a small rectangle: every candidate")
        XCTAssertNil(WebP.gatedPair([candidate(128, blend: false), candidate(130, blend: true, disposes: true)]),
                     "a disposing blend is not gated")
        XCTAssertNil(WebP.gatedPair([candidate(128, blend: true)]), "a blend without a replaced twin")
    }

    func testPaletteRectanglesAreRankedHoweverFewPixelsClear() {
        let gate = WebP.blendGate(replaced: estimate(.palette, 1000), blended: estimate(.palette, 950), clearedShare: 0.01)
        XCTAssertTrue(gate.replace && gate.blend)
    }

    private func estimate(_ mode: WebP.EntropyEstimate.Mode, _ bits: Double) -> WebP.EntropyEstimate {
        WebP.EntropyEstimate(mode: mode, bits: bits)
    }

    func testDifferentTransformsCompressBothUnlessFarApart() {
        func gate(_ blended: Double) -> [Bool] {
            let g = WebP.blendGate(replaced: estimate(.spatialSubtractGreen, 1000), blended: estimate(.subtractGreen, blended),
                                   clearedShare: 0.001)
            return [g.replace, g.blend]
        }
        XCTAssertEqual(gate(1100), [true, true], "however few pixels clear")
        XCTAssertEqual(gate(699), [false, true])
        XCTAssertEqual(gate(700), [true, true])
        XCTAssertEqual(gate(1600), [true, true])
        XCTAssertEqual(gate(1601), [true, false])
    }

    func testFewClearedPixelsOnlyReplace() {
        let (r, b) = (estimate(.subtractGreen, 1000), estimate(.subtractGreen, 1000))
        XCTAssertTrue(WebP.blendGate(replaced: r, blended: b, clearedShare: 1.0 / 16).blend)
        let gate = WebP.blendGate(replaced: r, blended: b, clearedShare: 1.0 / 17)
        XCTAssertTrue(gate.replace && !gate.blend)
    }

    func testEstimateRatioOutsideTheBandDecidesAlone() {
        let r = estimate(.spatial, 1000)
        func gate(_ blended: Double) -> [Bool] {
            let g = WebP.blendGate(replaced: r, blended: estimate(.spatial, blended), clearedShare: 0.5)
            return [g.replace, g.blend]
        }
        XCTAssertEqual(gate(899), [false, true], "clearly smaller blended: only it")
        XCTAssertEqual(gate(900), [true, true])
        XCTAssertEqual(gate(1160), [true, true], "the estimate leans against blending, so both up to 1.16")
        XCTAssertEqual(gate(1161), [true, false])
        XCTAssertEqual(WebP.blendGate(replaced: estimate(.direct, 0), blended: estimate(.direct, 0), clearedShare: 0.5).blend,
                       true, "flat rectangles: both")
    }

    func testClearedPixelsCountOnlyNewTransparency() {
        let replaced: [UInt8] = [1, 2, 3, 255, 0, 0, 0, 0, 9, 9, 9, 255]
        let blended: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 9, 9, 9, 255]
        XCTAssertEqual(WebP.clearedPixels(replaced: replaced, blended: blended), 1)
    }

    /// A gated-out blend has no compression; the choice is among those that have one.
    func testChoiceSkipsUncompressedCandidates() throws {
        let rect = WebP.Rect(x: 0, y: 0, w: 4, h: 4)
        let plain = WebP.Candidate(rect: rect, blend: false)
        let blended = WebP.Candidate(rect: rect, blend: true)
        let job = WebP.FrameJob(candidates: [plain, blended], start: 0, end: 40)
        job.results[0].result = .success([1, 2, 3])
        job.results[1].result = .success([1, 2])
        XCTAssertEqual(try job.best(after: rect).candidate, blended)
        job.results[1].result = nil
        XCTAssertEqual(try job.best(after: rect).candidate, plain)
    }

    func testLosslessTrialOfALossyFrameOnlyWithinAQuarterAboveTheLossySize() {
        XCTAssertTrue(WebP.canBeatLossy(estimate(.spatial, 8 * 1249), lossy: 1000))
        XCTAssertFalse(WebP.canBeatLossy(estimate(.spatial, 8 * 1250), lossy: 1000))
        XCTAssertTrue(WebP.canBeatLossy(estimate(.direct, 8e9), lossy: .max), "a failed lossy rectangle can always be beaten")
    }

    func testLossyQualityIsLibwebpsFourStepsLower() {
        XCTAssertEqual([100, 90, 75, 4, 0].map(WebP.libwebpQuality), [96, 86, 71, 0, 0])
    }

    /// libwebp codes a lossy picture's alpha at the picture's method, and at method 6 tries every
    /// lossless transform: a rectangle with a translucent pixel is compressed with method 5.
    func testTranslucentLossyRectanglesAreCompressedWithLessEffort() throws {
        let most = try WebP.config(quality: 90, method: 6)
        var pixels = [UInt8](repeating: 255, count: 16 * 4)
        XCTAssertEqual(WebP.lossyConfig(most, forPixels: pixels).method, 6, "opaque")
        pixels[7 * 4 + 3] = 254
        XCTAssertEqual(WebP.lossyConfig(most, forPixels: pixels).method, 5)
        XCTAssertEqual(WebP.lossyConfig(try WebP.config(quality: 90, method: 3), forPixels: pixels).method, 3, "never raised")
    }
}
