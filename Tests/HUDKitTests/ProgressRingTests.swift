// UAProgressView: coverage of the arc measured from frames, clamping, animation, fill on touch.
import XCTest
import HUDRaster
@testable import HUDKit

final class ProgressRingTests: XCTestCase {
    /// A 120 pt ring alone on a transparent 2x canvas.
    func makeScene(_ events: [(time: Double, event: ProgressRing.Event)], ring: ProgressRing = ProgressRing()) throws -> ProgressRingScene {
        let screen = try Screen(size: Size(width: 130, height: 130), scale: 2, backdrop: .transparent)
        return try ProgressRingScene(screen: screen, ring: ring, ringSize: 120, events: events)
    }

    /// Fraction of the arc's track (between border and inner edge) painted in the tint.
    func coverage(_ img: Image, tint: Color) -> Double {
        let c = 65.0 * 2, r = (60.0 - 1 - 0.5) * 2   // inside the 2 pt arc, inside the 1 pt border
        var hit = 0
        let n = 1440
        for i in 0..<n {
            let a = -Double.pi / 2 + 2 * .pi * (Double(i) + 0.5) / Double(n)
            let x = Int(c + r * cos(a)), y = Int(c + r * sin(a))
            let p = ComponentPixels.rgba(img, x, y)
            if p.a > 128 && ComponentPixels.distance(img, x, y, tint) < 40 { hit += 1 }
        }
        return Double(hit) / Double(n)
    }

    func testRingAtSeventyPercentCoversSeventyPercentInTint() throws {
        let scene = try makeScene([(0.1, .setProgress(0.7))])
        let img = try scene.render(at: 0.1 + 0.3 + 0.05)
        let f = coverage(img, tint: .systemBlue)
        XCTAssertEqual(f, 0.7, accuracy: 0.04)
        // It starts at 12 o'clock and runs clockwise: 3 o'clock is painted, 10 o'clock is not.
        XCTAssertEqual(ComponentPixels.distance(img, 130 + 117, 130, .systemBlue), 0)
        let a = -Double.pi / 2 - 0.5
        XCTAssertLessThan(ComponentPixels.rgba(img, Int(130 + 117 * cos(a)), Int(130 + 117 * sin(a))).a, 10)
    }

    /// Alpha of the pixels that straddle the ring's outer edge (radius 60 pt), all round.
    func outerEdgeAlphas(_ img: Image) -> [Int] {
        var out: [Int] = []
        for y in 0..<img.height {
            for x in 0..<img.width {
                let d = ((Double(x) + 0.5 - 130) * (Double(x) + 0.5 - 130) + (Double(y) + 0.5 - 130) * (Double(y) + 0.5 - 130)).squareRoot()
                if abs(d - 120) < 0.75 { out.append(ComponentPixels.rgba(img, x, y).a) }
            }
        }
        return out
    }

    func testOpaqueArcAndBorderShareOneAntialiasedOuterEdge() throws {
        // The arc's outer edge lies on the border's: with an opaque tint the edge is drawn once, so
        // with the arc all round it is exactly as soft as the border's alone (composited one over
        // the other, an edge pixel covered to a would get 1 - (1 - a)^2).
        let border = outerEdgeAlphas(try makeScene([(0, .setProgress(0, animated: false))]).render(at: 1))
        let both = outerEdgeAlphas(try makeScene([(0, .setProgress(1, animated: false))]).render(at: 1))
        XCTAssertEqual(border.count, both.count)
        XCTAssertTrue(border.contains { $0 > 20 && $0 < 235 }, "the edge is antialiased")
        for (b, a) in zip(border, both) { XCTAssertLessThanOrEqual(abs(a - b), 1) }
    }

    func testPixelsTheArcDoesNotReachAreTheBorderAlone() throws {
        // The union is cut from the border's own curves: past the quarter of the border's circle
        // in which the arc ends, every pixel is the border's exactly, whatever the progress (an
        // animation does not shimmer along the ring); in that quarter, whose curve is split at the
        // arc's end, within a few levels.
        let border = try makeScene([(0, .setProgress(0, animated: false))]).render(at: 1)
        for progress in [0.3, 0.55, 0.6] {
            let img = try makeScene([(0, .setProgress(progress, animated: false))]).render(at: 1)
            let cutQuarterEnd = (progress * 4).rounded(.up) / 4
            var exact = 0
            for y in 0..<img.height {
                for x in 0..<img.width {
                    let dx = Double(x) + 0.5 - 130, dy = Double(y) + 0.5 - 130
                    // Angle clockwise from 12 o'clock, as a fraction of a turn.
                    var turn = (atan2(dy, dx) + .pi / 2) / (2 * .pi)
                    if turn < 0 { turn += 1 }
                    guard turn > progress + 0.02, turn < 0.98 else { continue }
                    let (a, b) = (img[x, y], border[x, y])
                    if turn > cutQuarterEnd + 0.01 {
                        exact += 1
                        XCTAssertTrue(a == b, "progress \(progress) at (\(x), \(y)): \(a) vs \(b)")
                    } else {
                        XCTAssertLessThanOrEqual(abs(Int(a.a) - Int(b.a)), 4, "progress \(progress) at (\(x), \(y))")
                    }
                }
            }
            XCTAssertGreaterThan(exact, 1000)
        }
    }

    func testTranslucentTintKeepsTheOverlapOfArcAndBorder() throws {
        // Two translucent layers over each other show darker where they overlap, as in UIKit.
        var ring = ProgressRing()
        ring.tintColor = Color(red: 0, green: 0.5, blue: 1, alpha: 0.5)
        let border = outerEdgeAlphas(try makeScene([(0, .setProgress(0, animated: false))], ring: ring).render(at: 1))
        let both = outerEdgeAlphas(try makeScene([(0, .setProgress(1, animated: false))], ring: ring).render(at: 1))
        XCTAssertGreaterThan(both.reduce(0, +), border.reduce(0, +) * 5 / 4)
    }

    func testAnimationIsLinearOverPointThreeSecondsAndClamped() {
        let ring = ProgressRing()
        let events: [(time: Double, event: ProgressRing.Event)] = [(0, .setProgress(0.4)), (1, .setProgress(1.7)), (2, .setProgress(-3, animated: false))]
        XCTAssertEqual(ring.state(at: 0.15, events: events).progress, 0.2, accuracy: 1e-9)
        XCTAssertEqual(ring.state(at: 0.3, events: events).progress, 0.4, accuracy: 1e-9)
        XCTAssertEqual(ring.state(at: 1.15, events: events).progress, 0.7, accuracy: 1e-9, "from 0.4 towards the clamped 1")
        XCTAssertEqual(ring.state(at: 1.5, events: events).progress, 1, accuracy: 1e-12)
        XCTAssertEqual(ring.state(at: 2.0, events: events).progress, 0, accuracy: 1e-12)
    }

    func testNegativeAnimationDurationIsIgnored() {
        var ring = ProgressRing(animationDuration: -1)
        XCTAssertEqual(ring.animationDuration, 0.3)
        ring.animationDuration = 0.5
        ring.animationDuration = -2
        XCTAssertEqual(ring.animationDuration, 0.5)
    }

    func testFillOnTouchFillsAndFadesOut() throws {
        let scene = try makeScene([(0, .setProgress(0.5, animated: false)), (0.2, .touchDown), (0.5, .touchUp)])
        let before = try scene.render(at: 0.1), touched = try scene.render(at: 0.4)
        let fading = try scene.render(at: 0.65), after = try scene.render(at: 0.9)
        XCTAssertEqual(ComponentPixels.rgba(before, 130, 130).a, 0)
        XCTAssertEqual(ComponentPixels.rgba(touched, 130, 130).a, 255)
        XCTAssertEqual(ComponentPixels.distance(touched, 130, 130, .systemBlue), 0)
        let mid = ComponentPixels.rgba(fading, 130, 130).a
        XCTAssertTrue(mid > 20 && mid < 235, "half-way through the fade, alpha \(mid)")
        XCTAssertEqual(ComponentPixels.rgba(after, 130, 130).a, 0)
        var off = ProgressRing(); off.fillOnTouch = false
        XCTAssertEqual(off.state(at: 0.4, events: [(0.2, .touchDown)]).fill, 0)
    }

    func testPercentLabelFollowsProgress() throws {
        XCTAssertEqual(ProgressRing.percentString(0.7), "70%")
        XCTAssertEqual(ProgressRing.percentString(0.07), " 7%")
        XCTAssertEqual(ProgressRing.percentString(1.4), "100%")
        let scene = try makeScene([(0, .setProgress(0.7, animated: false))], ring: ProgressRing(centralView: .percentLabel()))
        let img = try scene.render(at: 0.5)
        var ink = 0
        for y in 100..<160 { for x in 70..<190 where ComponentPixels.rgba(img, x, y).a > 128 { ink += 1 } }
        XCTAssertGreaterThan(ink, 200, "the label is drawn in the middle")
    }

    func testDefaultStoryRendersDeterministically() throws {
        let scene = try ProgressRingScene(device: .iPhoneSE3, scale: 1)
        XCTAssertEqual(scene.pixelSize.width, 375)
        XCTAssertEqual(scene.duration, 3.6, accuracy: 1e-9)
        XCTAssertEqual(try scene.render(at: 1.3), try scene.render(at: 1.3))
        XCTAssertNotEqual(try scene.render(at: 0.2), try scene.render(at: 1.3))
        XCTAssertThrowsError(try ProgressRingScene(ringSize: 0))
    }
}
