// WebP+Disposal: the box a frame draws after the previous frame's rectangle is disposed, found from
// the rectangle and the changed box alone, is the box found by comparing with the disposed canvas.
import XCTest
@testable import HUDCodecs

final class WebPDisposalTests: XCTestCase {
    /// Pseudo-random frames (translucent and transparent pixels, changes inside and outside the
    /// disposed rectangle, odd origins): the scan gives exactly the box of the full comparison.
    func testBoxMatchesTheDisposedCanvasComparison() {
        var seed: UInt32 = 7
        func next(_ n: Int) -> Int {
            seed = seed &* 1_103_515_245 &+ 12345
            return Int(seed >> 16) % n
        }
        let (w, h) = (23, 17)
        var checked = 0
        for _ in 0..<400 {
            var previous = [UInt8](repeating: 0, count: w * h * 4)
            for i in 0..<(w * h) where next(3) > 0 { previous[i * 4 + next(4)] = UInt8(next(256)) }
            var current = previous
            for _ in 0..<next(6) { current[next(w * h) * 4 + next(4)] = UInt8(next(256)) }
            let rx = next(w), ry = next(h)
            let rect = WebP.Rect(x: rx, y: ry, w: 1 + next(w - rx), h: 1 + next(h - ry))
            let changed = WebP.changedBox(previous, current, width: w, height: h)
            let expected = WebP.disposed(previous, width: w, rect: rect)
            XCTAssertEqual(WebP.disposalClears(previous, width: w, rect: rect), expected != nil)
            guard let canvas = expected else { continue }
            XCTAssertEqual(WebP.changedBoxAfterDisposal(previous, current, width: w, disposing: rect, changed: changed),
                           WebP.changedBox(canvas, current, width: w, height: h))
            checked += 1
        }
        XCTAssertGreaterThan(checked, 200, "most rectangles clear something")
    }

    /// Disposal does some of the frame's drawing only where it clears a pixel the frame shows
    /// transparent.
    func testUncoversOnlyWhatTheFrameShowsTransparent() {
        let (w, h) = (8, 4)
        var previous = [UInt8](repeating: 0, count: w * h * 4)
        previous[(1 * w + 5) * 4..<(1 * w + 5) * 4 + 4] = [40, 50, 60, 255]
        var current = previous
        current[(1 * w + 5) * 4 + 3] = 254
        let around = WebP.Rect(x: 4, y: 0, w: 3, h: 3), elsewhere = WebP.Rect(x: 0, y: 0, w: 4, h: 4)
        XCTAssertFalse(WebP.disposalUncovers(previous, current, width: w, rect: around), "the pixel is still shown")
        current[(1 * w + 5) * 4..<(1 * w + 5) * 4 + 4] = [0, 0, 0, 0]
        XCTAssertTrue(WebP.disposalUncovers(previous, current, width: w, rect: around))
        XCTAssertFalse(WebP.disposalUncovers(previous, current, width: w, rect: elsewhere), "nothing shown there before")
    }

    func testUnionHoldsBoth() {
        XCTAssertEqual(WebP.union(WebP.Rect(x: 2, y: 3, w: 4, h: 1), WebP.Rect(x: 5, y: 0, w: 3, h: 2)),
                       WebP.Rect(x: 2, y: 0, w: 6, h: 4))
    }
}
