// WebP shortlist: which of a lossless frame's candidates are compressed at full effort after the
// cheap ranking, that a frame left with unranked slots still chooses among the compressed ones, and
// when a lossy frame's lossless candidate is compressed in full.
import XCTest
@testable import HUDCodecs

final class WebPShortlistTests: XCTestCase {
    func testTwoSmallestInRankOrderFirstOfEqualSizes() {
        XCTAssertEqual(WebP.shortlist(rankingSizes: [300, 100, 200, 100], disposes: [false, false, true, true]), [1, 3])
        XCTAssertEqual(WebP.shortlist(rankingSizes: [500, 400, 300], disposes: [false, false, false]), [2, 1])
    }

    func testThirdJoinsOnlyWithinHalfAPercentOfTheSecond() {
        XCTAssertEqual(WebP.shortlist(rankingSizes: [100, 1000, 1005, 900], disposes: [false, false, false, true]), [0, 3])
        XCTAssertEqual(WebP.shortlist(rankingSizes: [100, 1000, 1004, 1000], disposes: [false, false, false, true]), [0, 1, 3])
        XCTAssertEqual(WebP.shortlist(rankingSizes: [100, 1005, 1000, 200], disposes: [false, false, false, true]), [0, 3])
        XCTAssertEqual(WebP.shortlist(rankingSizes: [100, 201, 200, 200], disposes: [false, false, false, false]), [0, 2, 3])
    }

    func testAlwaysKeepsACandidateThatDoesNotDispose() {
        XCTAssertEqual(WebP.shortlist(rankingSizes: [900, 800, 100, 200], disposes: [false, false, true, true]), [2, 3, 1])
        XCTAssertEqual(WebP.shortlist(rankingSizes: [900, .max, 100, 200], disposes: [false, false, true, true]), [2, 3, 0])
    }

    func testFailedRankingNeverJoinsAsNearTie() {
        XCTAssertEqual(WebP.shortlist(rankingSizes: [.max, .max, .max], disposes: [false, false, false]), [0, 1])
    }

    /// Candidates off the shortlist have no compression; the choice is among those that have one.
    func testChoiceSkipsUncompressedCandidates() throws {
        let rect = WebP.Rect(x: 0, y: 0, w: 4, h: 4)
        let plain = WebP.Candidate(rect: rect, blend: false, disposesPrevious: false)
        let blended = WebP.Candidate(rect: rect, blend: true, disposesPrevious: false)
        let disposing = WebP.Candidate(rect: rect, blend: true, disposesPrevious: true)
        let job = WebP.FrameJob(candidates: [plain, blended, disposing], assumedPrevious: rect, start: 0, end: 40)
        job.results[1].result = .success([1, 2])
        job.results[2].result = .success([1, 2, 3])
        XCTAssertEqual(try job.best(after: rect).candidate, blended)
        job.results[1].result = nil
        XCTAssertEqual(try job.best(after: rect).candidate, disposing)
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

    func testOnlyFramesOfManyCandidatesWithALargeOneAreRanked() {
        func candidates(_ n: Int, side: Int) -> [WebP.Candidate] {
            (0..<n).map { WebP.Candidate(rect: WebP.Rect(x: 0, y: 0, w: side, h: side), blend: $0 % 2 == 1, disposesPrevious: $0 >= 2) }
        }
        XCTAssertTrue(WebP.ranks(candidates(3, side: 128)))
        XCTAssertFalse(WebP.ranks(candidates(2, side: 128)), "two are both compressed in full anyway")
        XCTAssertFalse(WebP.ranks(candidates(4, side: 127)), "small rectangles cost nearly as much to rank")
    }
}
