// GoldenNeighbourTests: the looks users compare MMProgressHUD with: SVProgressHUD (light and dark,
// every content, masks) and MBProgressHUD (every mode, zoom animation).
//
// Design note: both neighbours draw a blurred material over what lies behind them, so they are
// rendered over the mock app screen (a plain colour would blur to itself and hide a broken blur);
// the screens are still small (200 x 170 pt) and most cases are pinned at one scale only, with one
// representative of each look at both scales.

import XCTest
import HUDRaster
import HUDSnapshotTesting
@testable import HUDKit

final class GoldenNeighbourTests: XCTestCase {
    static let size = Size(width: 200, height: 170)

    // MARK: SVProgressHUD

    func sv(_ appearance: SVProgressHUDStyle.Appearance, _ content: SVProgressHUDStyle.Content, status: String? = "Loading",
            mask: SVProgressHUDStyle.MaskType = .none, scale: Double = 2) throws -> SVProgressHUDScene {
        let screen = try Screen(size: Self.size, scale: scale, backdrop: appearance == .dark ? .mockDark : .mockLight)
        return try SVProgressHUDScene(screen: screen, style: SVProgressHUDStyle(appearance: appearance, maskType: mask),
                                      content: content, status: status, showAt: 0, dismissAt: nil)
    }

    func testSVProgressHUDContents() throws {
        let contents: [(String, SVProgressHUDStyle.Content)] = [
            ("comet", .indeterminate), ("progress-40", .progress(0.4)), ("success", .success), ("error", .error), ("info", .info),
        ]
        for appearance in SVProgressHUDStyle.Appearance.allCases {
            for (name, content) in contents {
                // The comet turns once a second: 1.3 s is a third of a turn past the start.
                assertSnapshot(of: try sv(appearance, content).render, at: 1.3, named: "sv-\(appearance.rawValue)-\(name)-2x")
            }
        }
    }

    func testSVProgressHUDAt1xAndWithoutText() throws {
        for appearance in SVProgressHUDStyle.Appearance.allCases {
            assertSnapshot(of: try sv(appearance, .indeterminate, scale: 1).render, at: 1.3, named: "sv-\(appearance.rawValue)-comet-1x")
            // Without text the ring is larger (radius 24 instead of 18).
            assertSnapshot(of: try sv(appearance, .indeterminate, status: nil).render, at: 1.3,
                           named: "sv-\(appearance.rawValue)-comet-no-text-2x")
        }
    }

    func testSVProgressHUDMasksAndShow() throws {
        for mask in [SVProgressHUDStyle.MaskType.black, .gradient] {
            assertSnapshot(of: try sv(.light, .indeterminate, mask: mask, scale: 1).render, at: 1.3, named: "sv-mask-\(mask.rawValue)-1x")
        }
        // Show: scale 1.3 -> 1 with a fade over 0.15 s.
        assertSnapshot(of: try sv(.light, .success, scale: 1).render, at: 0.075, named: "sv-showing-1x")
    }

    // MARK: MBProgressHUD

    func mb(_ mode: MBProgressHUDStyle.Mode, style: MBProgressHUDStyle = MBProgressHUDStyle(), details: String? = nil,
            scale: Double = 2) throws -> MBProgressHUDScene {
        let screen = try Screen(size: Self.size, scale: scale, backdrop: .mockLight)
        return try MBProgressHUDScene(screen: screen, style: style, mode: mode, label: "Loading", details: details,
                                      progressRamp: false, showAt: 0, hideAt: nil)
    }

    func testMBProgressHUDModes() throws {
        let modes: [(String, MBProgressHUDStyle.Mode)] = [
            ("indeterminate", .indeterminate), ("determinate-60", .determinate(0.6)), ("annular-60", .annularDeterminate(0.6)),
            ("bar-60", .determinateHorizontalBar(0.6)), ("text", .text),
        ]
        for (name, mode) in modes {
            assertSnapshot(of: try mb(mode).render, at: 1.0, named: "mb-\(name)-2x")
        }
        assertSnapshot(of: try mb(.determinate(0.6), scale: 1).render, at: 1.0, named: "mb-determinate-60-1x")
        assertSnapshot(of: try mb(.indeterminate, details: "Fetching 3 of 12", scale: 1).render, at: 1.0, named: "mb-details-1x")
    }

    /// Zoom in starts at 0.5 (zoom out at 1.5) and settles over 0.3 s on a critically damped
    /// spring, which is nearly done halfway: pinned at a fifth (60 ms), when it is about half-way.
    func testMBProgressHUDZoom() throws {
        for animation in [MBProgressHUDStyle.Animation.zoomIn, .zoomOut] {
            let s = try mb(.indeterminate, style: MBProgressHUDStyle(animation: animation), scale: 1)
            assertSnapshot(of: s.render, at: 0.06, named: "mb-\(animation.rawValue)-early-1x")
        }
    }
}
