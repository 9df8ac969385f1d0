// WebP gates: which large blended rectangles are compressed in full after a cheap ranking, when a
// lossy frame's lossless candidate is compressed in full, and libwebp's quality for a lossy quality.
import XCTest
@testable import HUDCodecs

final class WebPGatesTests: XCTestCase {
    private func candidate(_ side: Int, blend: Bool, disposes: Bool = false) -> WebP.Candidate {
        WebP.Candidate(rect: WebP.Rect(x: 0, y: 0, w: side, h: side), blend: blend, disposesPrevious: disposes)
    }

    /// Straight RGBA pixels of a `side` x `side` rectangle, the first `transparent` of them transparent.
    private func pixels(_ side: Int, transparent: Int = 0) -> [UInt8] {
        (0..<(side * side)).flatMap { $0 < transparent ? [0, 0, 0, 0] : [9, 9, 9, 255] as [UInt8] }
    }

    func testOnlyALargeNonDisposingPairIsGated() {
        let large = [candidate(128, blend: false), candidate(128, blend: true), candidate(130, blend: true, disposes: true)]
        let px = [pixels(128), pixels(128, transparent: 8000), pixels(130)]
        XCTAssertEqual(WebP.gatedBlend(large, pixels: px).map { [$0.replace, $0.blend] }, [0, 1])
        XCTAssertNil(WebP.gatedBlend([candidate(127, blend: false), candidate(127, blend: true)],
                                     pixels: [pixels(127), pixels(127)]), "small rectangles")
        XCTAssertNil(WebP.gatedBlend([candidate(128, blend: false), candidate(130, blend: true, disposes: true)],
                                     pixels: [pixels(128), pixels(130)]), "a disposing blend is not gated")
        XCTAssertNil(WebP.gatedBlend([candidate(128, blend: true)], pixels: [pixels(128)]), "a blend without a replaced twin")
    }

    /// Seven eighths of 128 x 128 is 14336 pixels: from there the blend is compressed without ranking.
    func testMostlyUnchangedBlendIsNotRanked() {
        let pair = [candidate(128, blend: false), candidate(128, blend: true)]
        XCTAssertNotNil(WebP.gatedBlend(pair, pixels: [pixels(128), pixels(128, transparent: 14335)]))
        XCTAssertNil(WebP.gatedBlend(pair, pixels: [pixels(128), pixels(128, transparent: 14336)]))
        XCTAssertTrue(WebP.mostlyUnchanged(pixels(4, transparent: 14)))
        XCTAssertFalse(WebP.mostlyUnchanged(pixels(4, transparent: 13)))
    }

    func testBlendIsCompressedOnlyUnder8PercentAboveTheReplacedRanking() {
        XCTAssertTrue(WebP.blendMayWin(replaceRanked: 1000, blendRanked: 1079))
        XCTAssertFalse(WebP.blendMayWin(replaceRanked: 1000, blendRanked: 1080))
        XCTAssertTrue(WebP.blendMayWin(replaceRanked: 1000, blendRanked: 500))
        XCTAssertTrue(WebP.blendMayWin(replaceRanked: .max, blendRanked: .max), "a failed ranking leaves the choice to the full effort")
        XCTAssertFalse(WebP.blendMayWin(replaceRanked: 1000, blendRanked: .max))
    }

    /// A gated-out blend has no compression; the choice is among those that have one.
    func testChoiceSkipsUncompressedCandidates() throws {
        let rect = WebP.Rect(x: 0, y: 0, w: 4, h: 4)
        let plain = WebP.Candidate(rect: rect, blend: false, disposesPrevious: false)
        let blended = WebP.Candidate(rect: rect, blend: true, disposesPrevious: false)
        let job = WebP.FrameJob(candidates: [plain, blended], assumedPrevious: rect, start: 0, end: 40)
        job.results[0].result = .success([1, 2, 3])
        job.results[1].result = .success([1, 2])
        XCTAssertEqual(try job.best(after: rect).candidate, blended)
        job.results[1].result = nil
        XCTAssertEqual(try job.best(after: rect).candidate, plain)
    }

    func testLosslessTrialOfALossyFrameOnlyWithinThreeTimesTheLossySize() {
        XCTAssertTrue(WebP.canBeatLossy(ranked: 299, lossy: 100))
        XCTAssertFalse(WebP.canBeatLossy(ranked: 300, lossy: 100))
        XCTAssertFalse(WebP.canBeatLossy(ranked: .max, lossy: 100), "a failed ranking is not retried")
        XCTAssertTrue(WebP.canBeatLossy(ranked: 5000, lossy: .max), "a failed lossy rectangle can always be beaten")
    }

    func testLossyQualityIsLibwebpsFourStepsLower() {
        XCTAssertEqual([100, 90, 75, 4, 0].map(WebP.libwebpQuality), [96, 86, 71, 0, 0])
    }
}
