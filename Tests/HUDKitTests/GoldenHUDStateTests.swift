// GoldenHUDStateTests: every state a ProgressHUD can show, pinned as stills (and short sequences
// where the change itself is the point: the success cross-dissolve, the confirmation pulse).
//
// Design note: states are rendered with presentation style `.none` and no overlay on a plain light
// backdrop, at a moment after every content, frame and progress animation has settled, so each
// golden shows one state and nothing else; overlays get their own goldens on the mock app screen,
// where dimming is visible.

import XCTest
import HUDRaster
import HUDSnapshotTesting
@testable import HUDKit

final class GoldenHUDStateTests: XCTestCase {
    /// Long enough after t = 0 for the 0.25 s frame/progress and 0.15 s text animations to end.
    static let settled = 1.0
    static let compact = Size(width: 180, height: 150)
    static let wide = Size(width: 250, height: 130)

    func testSpinner() throws {
        for scale in [1.0, 2.0] {
            let s = try Golden.hudScene(size: Self.compact, scale: scale) { $0.show(title: "Loading…", status: "Please wait") }
            assertSnapshot(of: s.render, at: Self.settled, named: "spinner-\(Int(scale))x")
        }
        // One revolution per second in 12 steps: a quarter second later the spokes have moved 3 steps.
        let s = try Golden.hudScene(size: Self.compact, scale: 2) { $0.show(title: "Loading…", status: "Please wait") }
        XCTAssertNotEqual(try s.render(at: Self.settled).pixels, try s.render(at: Self.settled + 0.25).pixels)
        assertSnapshot(of: s.render, at: Self.settled + 0.25, named: "spinner-quarter-turn-2x")
    }

    func testRadialProgress() throws {
        for p in [0.0, 0.5, 1.0] {
            let s = try Golden.hudScene(size: Self.compact, scale: 2) {
                $0.showProgress(title: "Uploading", status: "\(Int(p * 100))%")
                $0.updateProgress(p)
            }
            assertSnapshot(of: s.render, at: Self.settled, named: "radial-\(Int(p * 100))-2x")
        }
        let s = try Golden.hudScene(size: Self.compact, scale: 1) {
            $0.showProgress(title: "Uploading", status: "50%")
            $0.updateProgress(0.5)
        }
        assertSnapshot(of: s.render, at: Self.settled, named: "radial-50-1x")
    }

    func testLinearProgress() throws {
        for p in [0.0, 0.5, 1.0] {
            let s = try Golden.hudScene(size: Self.wide, scale: 2, configure: { $0.progressStyle = .linear }) {
                $0.showProgress(title: "Uploading", status: "\(Int(p * 100))%")
                $0.updateProgress(p)
            }
            assertSnapshot(of: s.render, at: Self.settled, named: "linear-\(Int(p * 100))-2x")
        }
        let s = try Golden.hudScene(size: Self.wide, scale: 1, configure: { $0.progressStyle = .linear }) {
            $0.showProgress(title: "Uploading", status: "50%")
            $0.updateProgress(0.5)
        }
        assertSnapshot(of: s.render, at: Self.settled, named: "linear-50-1x")
    }

    /// Progress eases out over 0.25 s: a frame halfway through a change is pinned too.
    func testRadialProgressMidAnimation() throws {
        let s = try Golden.hudScene(size: Self.compact, scale: 2, configure: { hud in
            hud.at(0.5) { $0.updateProgress(0.9) }
        }) {
            $0.showProgress(title: "Uploading", status: "Please wait")
            $0.updateProgress(0.2)
        }
        assertSnapshot(of: s.render, at: 0.6, named: "radial-easing-2x")
    }

    func testSuccess() throws {
        for scale in [1.0, 2.0] {
            let s = try Golden.hudScene(size: Self.compact, scale: scale, configure: { hud in
                hud.at(0.2) { $0.dismiss(withSuccess: "Completed!") }
            }) { $0.show(title: "Saving", status: "Please wait") }
            assertSnapshot(of: s.render, at: 0.7, named: "success-\(Int(scale))x")
        }
        // The spinner cross-dissolves into the check while the status cross-fades.
        let s = try Golden.hudScene(size: Self.compact, scale: 1, configure: { hud in
            hud.at(0.2) { $0.dismiss(withSuccess: "Completed!") }
        }) { $0.show(title: "Saving", status: "Please wait") }
        assertSnapshot(of: s.render, times: [0.24, 0.28, 0.34], named: "success-transition")
    }

    func testError() throws {
        for scale in [1.0, 2.0] {
            let s = try Golden.hudScene(size: Self.compact, scale: scale, configure: { hud in
                hud.at(0.2) { $0.dismiss(withError: "Failed") }
            }) { $0.show(title: "Saving", status: "Please wait") }
            assertSnapshot(of: s.render, at: 0.7, named: "error-\(Int(scale))x")
        }
    }

    /// The first tap asks "Cancel?" and the HUD pulses in its glow colour (0.35 s, autoreversing).
    func testConfirmationGlow() throws {
        func scene(scale: Double, glow: Color = .red) throws -> ProgressHUDScene {
            try Golden.hudScene(size: Self.compact, scale: scale, configure: { hud in
                hud.glowColor = glow
                hud.at(0.1) { $0.tap() }
            }) { $0.show(title: "Uploading", status: "Please wait", confirmationMessage: nil) }
        }
        let peak = 0.1 + PresentationStyle.animateInDurationNormal
        for scale in [1.0, 2.0] {
            assertSnapshot(of: try scene(scale: scale).render, at: peak, named: "glow-peak-\(Int(scale))x")
        }
        assertSnapshot(of: try scene(scale: 1).render, times: [0.1 + 0.175, peak, peak + 0.175, peak + 0.35], named: "glow-pulse")
        assertSnapshot(of: try scene(scale: 1, glow: .systemBlue).render, at: peak, named: "glow-blue-1x")
        // After the 2.8 s timeout the previous status returns and the glow is gone.
        assertSnapshot(of: try scene(scale: 1).render, at: 0.1 + ProgressHUD.confirmationTimeout + 0.5, named: "glow-timed-out-1x")
    }

    /// Overlays belong on the mock app screen, where dimming is visible.
    func testOverlayModes() throws {
        for mode in ProgressHUD.OverlayMode.allCases {
            let s = try Golden.hudScene(size: Size(width: 220, height: 300), scale: 1, backdrop: .mockLight, overlay: mode) {
                $0.show(title: "Loading…")
            }
            assertSnapshot(of: s.render, at: Self.settled, named: "overlay-\(mode.rawValue)-1x")
        }
        let dark = try Golden.hudScene(size: Size(width: 220, height: 300), scale: 1, backdrop: .mockDark, overlay: .gradient) {
            $0.show(title: "Loading…")
        }
        assertSnapshot(of: dark.render, at: Self.settled, named: "overlay-gradient-dark-1x")
        // Scale changes nothing but sharpness: one overlay at 2x, on a smaller screen.
        let sharp = try Golden.hudScene(size: Size(width: 180, height: 200), scale: 2, backdrop: .mockLight, overlay: .gradient) {
            $0.show(title: "Loading…")
        }
        assertSnapshot(of: sharp.render, at: Self.settled, named: "overlay-gradient-2x")
    }

    func testBorder() throws {
        let s = try Golden.hudScene(size: Self.compact, scale: 2, configure: { $0.hasBorder = true }) {
            $0.show(title: "Loading…", status: "Please wait")
        }
        assertSnapshot(of: s.render, at: Self.settled, named: "border-2x")
    }
}
