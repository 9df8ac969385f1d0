// GoldenComponentTests: the stand-alone components: UAProgressView's ring, GradientLoadingBar
// (plain and following the notch) and GGProgressHUD.
//
// Design note: each component is rendered on the smallest surface that holds it: the ring on a
// transparent square (its alpha edges are part of the look), the plain bar on a thin white strip,
// the notch bar on its real device and cropped to the top of the screen (the notch outline comes
// from the device table, so it cannot be faked on a bare strip), GGProgressHUD on a small mock
// screen because its dimming of the app is what it looks like.

import XCTest
import HUDRaster
import HUDSnapshotTesting
@testable import HUDKit

final class GoldenComponentTests: XCTestCase {
    // MARK: Ring (UAProgressView)

    func ringScene(scale: Double, ring: ProgressRing = ProgressRing(),
                   events: [(time: Double, event: ProgressRing.Event)]) throws -> ProgressRingScene {
        let screen = try Screen(size: Size(width: 72, height: 72), scale: scale, backdrop: .transparent)
        return try ProgressRingScene(screen: screen, ring: ring, ringSize: 64, events: events)
    }

    func testRingEmptyAndFull() throws {
        for scale in [1.0, 2.0] {
            let empty = try ringScene(scale: scale, events: [(0, .setProgress(0, animated: false))])
            assertSnapshot(of: empty.render, at: 0, named: "ring-0-\(Int(scale))x")
            let full = try ringScene(scale: scale, events: [(0, .setProgress(1, animated: false))])
            assertSnapshot(of: full.render, at: 0, named: "ring-100-\(Int(scale))x")
        }
    }

    /// 0.7 animated over 0.3 s (linear): pinned halfway and after the animation.
    func testRingSeventyPercent() throws {
        for scale in [1.0, 2.0] {
            let s = try ringScene(scale: scale, events: [(0, .setProgress(0.7))])
            assertSnapshot(of: s.render, at: 0.5, named: "ring-70-\(Int(scale))x")
        }
        let s = try ringScene(scale: 2, events: [(0, .setProgress(0.7))])
        assertSnapshot(of: s.render, at: 0.15, named: "ring-70-halfway-2x")
    }

    /// fillOnTouch: the disc fills with the tint while touched, then fades.
    func testRingFillOnTouch() throws {
        let events: [(time: Double, event: ProgressRing.Event)] = [(0, .setProgress(0.7, animated: false)), (0.1, .touchDown), (0.6, .touchUp)]
        for scale in [1.0, 2.0] {
            let s = try ringScene(scale: scale, ring: ProgressRing(fillOnTouch: true), events: events)
            assertSnapshot(of: s.render, at: 0.4, named: "ring-touched-\(Int(scale))x")
        }
        let s = try ringScene(scale: 2, ring: ProgressRing(fillOnTouch: true), events: events)
        assertSnapshot(of: s.render, at: 0.75, named: "ring-releasing-2x")
    }

    /// The example's central "%2.0f%%" label.
    func testRingPercentLabel() throws {
        for scale in [1.0, 2.0] {
            let s = try ringScene(scale: scale, ring: ProgressRing(centralView: .percentLabel()), events: [(0, .setProgress(0.7))])
            assertSnapshot(of: s.render, at: 0.5, named: "ring-70-label-\(Int(scale))x")
        }
    }

    // MARK: GradientLoadingBar

    /// The plain bar across the top; colours move left to right over 3.33 s.
    func testBarPlain() throws {
        for scale in [1.0, 2.0] {
            let screen = try Screen(size: Size(width: 320, height: 6), scale: scale, backdrop: .color(.white))
            let s = try GradientLoadingBarScene(screen: screen, bar: GradientLoadingBar(placement: .top))
            assertSnapshot(of: s.render, times: [0, 1.11, 2.22], named: "bar-\(Int(scale))x")
        }
    }

    /// The notch variant on its device, cropped to the top 40 pt where the bar and notch are.
    func testBarNotch() throws {
        for (device, scale) in [(Device.iPhone14, 1.0), (Device.iPhone14, 2.0), (Device.iPhone11, 2.0)] {
            let s = try GradientLoadingBarScene(device: device, scale: scale, backdrop: .mockLight,
                                                bar: GradientLoadingBar(placement: .notch))
            let frame = try s.render(at: 0.5)
            let name = device.id + "-\(Int(scale))x"
            assertSnapshot(of: try Golden.crop(frame, x: 0, y: 0, width: device.pointSize.width, height: 40, scale: scale),
                           named: "notch-\(name)")
        }
    }

    /// Fading in (0.33 s) and out (0.66 s).
    func testBarFades() throws {
        let screen = try Screen(size: Size(width: 320, height: 6), scale: 2, backdrop: .color(.white))
        let s = try GradientLoadingBarScene(screen: screen, bar: GradientLoadingBar(placement: .top), fadeInAt: 0, fadeOutAt: 1)
        assertSnapshot(of: s.render, times: [0.16, 1.33], named: "bar-fades-2x")
    }

    // MARK: GGProgressHUD

    func testGGProgressHUD() throws {
        for scale in [1.0, 2.0] {
            let screen = try Screen(size: Size(width: 200, height: 200), scale: scale, backdrop: .mockLight)
            let s = try GGProgressHUDScene(screen: screen)
            assertSnapshot(of: s.render, at: 1.0, named: "gg-\(Int(scale))x")
        }
        // Show and hide fade the whole window over 0.5 s.
        let screen = try Screen(size: Size(width: 200, height: 200), scale: 1, backdrop: .mockLight)
        let s = try GGProgressHUDScene(screen: screen, showAt: 0, hideAt: 2)
        assertSnapshot(of: s.render, times: [0.25, 2.25], named: "gg-fades-1x")
    }
}
