// GoldenPresentationStyleTests: every MMProgressHUD presentation style pinned at telling moments of
// its show and dismiss animations.
//
// Design note: each style is sampled at fixed fractions of its own show and dismiss durations (read
// from the plan, not hard-coded), so a frame lands on the same point of the motion even for styles
// as different as Drop (1.5 s) and Expand (0.25 s). The resting frame is left out (it is the same for
// every style and GoldenHUDStateTests pins it as overlay-gradient). Frames are small (220 x 300 pt at
// 1x) but on the mock app screen with the default gradient overlay, because where the HUD is
// relative to the screen and how the overlay fades with it is the point.

import XCTest
import HUDRaster
import HUDSnapshotTesting
@testable import HUDKit

final class GoldenPresentationStyleTests: XCTestCase {
    static let screenSize = Size(width: 220, height: 300)
    static let dismissAt = 2.0
    /// Fractions of the show animation: arriving, first swing, middle, settling.
    static func showFractions(_ style: PresentationStyle) -> [Double] {
        switch style {
        // Swing eases in from off-screen for most of its first segment (keyTimes 0 -> 0.75), then
        // overshoots (end.x - 5 at 0.8, + 3 at 0.9): sample where it is on screen.
        case .swingLeft, .swingRight: return [0.5, 0.65, 0.8, 0.9]
        // Instant: the first frame is the whole story.
        case .none: return [0]
        default: return [0.08, 0.25, 0.45, 0.7]
        }
    }
    /// Fractions of the dismiss animation: just cut, falling, nearly gone (gone at once for `.none`).
    static func dismissFractions(_ style: PresentationStyle) -> [Double] { style == .none ? [0] : [0.2, 0.5, 0.8] }

    func scene(_ style: PresentationStyle, scale: Double = 1, seed: UInt64 = 3) throws -> ProgressHUDScene {
        var hud = ProgressHUD()
        hud.presentationStyle = style
        hud.seed = seed
        hud.at(0) { $0.show(title: "Loading…") }
        hud.at(Self.dismissAt) { $0.dismiss() }
        let screen = try Screen(size: Self.screenSize, scale: scale, backdrop: .mockLight)
        return try ProgressHUDScene(hud: hud, screen: screen)
    }

    /// Asserts the show and dismiss sequences of `style`.
    func assertStyle(_ style: PresentationStyle, file: StaticString = #filePath, testName: String = #function, line: UInt = #line) throws {
        let s = try scene(style)
        let show = try XCTUnwrap(s.plan.presentations.first { !$0.isDismissal }, file: file, line: line)
        let dismiss = try XCTUnwrap(s.plan.presentations.first { $0.isDismissal }, file: file, line: line)
        XCTAssertEqual(dismiss.start, Self.dismissAt, accuracy: 1e-9, "the dismiss is not queued behind the show", file: file, line: line)
        let showSpan = show.animation.duration, dismissSpan = dismiss.animation.duration
        assertSnapshot(of: s.render, times: Self.showFractions(style).map { show.start + $0 * showSpan }, named: "show",
                       file: file, testName: testName, line: line)
        assertSnapshot(of: s.render, times: Self.dismissFractions(style).map { dismiss.start + $0 * dismissSpan }, named: "dismiss",
                       file: file, testName: testName, line: line)
    }

    func testDrop() throws { try assertStyle(.drop) }
    func testExpand() throws { try assertStyle(.expand) }
    func testShrink() throws { try assertStyle(.shrink) }
    func testSwingLeft() throws { try assertStyle(.swingLeft) }
    func testSwingRight() throws { try assertStyle(.swingRight) }
    func testBalloon() throws { try assertStyle(.balloon) }
    func testFade() throws { try assertStyle(.fade) }
    func testNone() throws { try assertStyle(.none) }

    /// The swinging and falling HUD at 2x: rotated edges, shadow and text stay smooth.
    func testDropAndBalloonAt2x() throws {
        let drop = try scene(.drop, scale: 2)
        assertSnapshot(of: drop.render, at: 0.3, named: "drop-swing")
        let balloon = try scene(.balloon, scale: 2)
        assertSnapshot(of: balloon.render, at: Self.dismissAt + 0.4, named: "balloon-float-away")
    }

    /// The random angle comes from the seed: another seed swings differently (and is pinned too).
    func testDropOtherSeed() throws {
        let a = try scene(.drop, seed: 3), b = try scene(.drop, seed: 11)
        XCTAssertNotEqual(try a.render(at: 0.2).pixels, try b.render(at: 0.2).pixels)
        assertSnapshot(of: b.render, at: 0.2, named: "seed11")
    }
}
