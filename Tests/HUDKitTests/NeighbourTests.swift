// SVProgressHUD and MBProgressHUD looks: placement, material, comet motion, modes, zoom animations.
import XCTest
import HUDRaster
@testable import HUDKit

final class NeighbourTests: XCTestCase {
    func testSVHUDSitsAtFortyFivePercentAndBlursWhatIsBehind() throws {
        let scene = try SVProgressHUDScene(device: .iPhoneSE3, scale: 1)
        let backdrop = scene.screen.backdropImage
        let img = try scene.render(at: 1)
        // No text: ring radius 24, indefinite view (24 + 1 + 5) * 2 = 60, HUD 84 x 84 around (187.5, 300).
        XCTAssertEqual(SVProgressHUDStyle.center(on: scene.screen.bounds).y, 300)
        XCTAssertEqual(scene.layout.size, Size(width: 84, height: 84))
        XCTAssertEqual(ComponentPixels.differingPixels(backdrop, img) > 84 * 84 / 2, true)
        // Outside the HUD nothing changes.
        XCTAssertEqual(backdrop[100, 300].a, img[100, 300].a)
        XCTAssertEqual(ComponentPixels.distance(img, 100, 300, Color(white: 1)), ComponentPixels.distance(backdrop, 100, 300, Color(white: 1)))
        // Inside, a light material: bright, but not the sharp backdrop.
        let p = ComponentPixels.rgba(img, 160, 262)
        XCTAssertGreaterThan(p.r, 180)
        XCTAssertEqual(try scene.render(at: 2.5 + 0.15), backdrop, "dismissed after 0.15 s")
    }

    func testSVCometTurnsOncePerSecond() throws {
        let scene = try SVProgressHUDScene(device: .iPhoneSE3, scale: 1, dismissAt: nil)
        let a = try scene.render(at: 1.0), b = try scene.render(at: 1.0 + 1.0 / 30), c = try scene.render(at: 2.0)
        XCTAssertGreaterThan(ComponentPixels.differingPixels(a, b), 20)
        XCTAssertEqual(ComponentPixels.differingPixels(a, c), 0, "one full turn later it looks the same")
        // The comet's head (just before 12 o'clock at rotation 0) is dark, its tail (just after) faint.
        let centre = (x: 187.5, y: 300.0)
        func darkness(_ angle: Double) -> Int {
            let p = ComponentPixels.rgba(a, Int(centre.x + 24 * cos(angle)), Int(centre.y + 24 * sin(angle)))
            return 255 - p.r
        }
        XCTAssertGreaterThan(darkness(-Double.pi / 2 - 0.25), darkness(-Double.pi / 2 + 0.4) + 80)
    }

    func testSVShowZoomsFromOnePointThree() {
        let style = SVProgressHUDStyle()
        let start = style.presentation(at: 0, showAt: 0, dismissAt: nil)
        XCTAssertEqual(start.scale, 1.3, accuracy: 1e-9)
        XCTAssertEqual(start.alpha, 0, accuracy: 1e-9)
        let shown = style.presentation(at: 0.15, showAt: 0, dismissAt: nil)
        XCTAssertEqual(shown.scale, 1, accuracy: 1e-9)
        XCTAssertEqual(shown.alpha, 1, accuracy: 1e-9)
        let gone = style.presentation(at: 1.15, showAt: 0, dismissAt: 1)
        XCTAssertEqual(gone.scale, 1 / 1.3, accuracy: 1e-9)
        XCTAssertEqual(gone.alpha, 0, accuracy: 1e-9)
    }

    func testSVStatusImagesAndDarkStyle() throws {
        for content in [SVProgressHUDStyle.Content.success, .error, .info] {
            let s = try SVProgressHUDScene(device: .iPhoneSE3, scale: 1, backdrop: .mockDark,
                                           style: SVProgressHUDStyle(appearance: .dark), content: content, status: "Done")
            let img = try s.render(at: 1)
            // White strokes inside the 28 pt image box.
            let box = s.hudRect.minX + s.layout.contentRect!.minX
            var white = 0
            for y in Int(s.hudRect.minY + 12)..<Int(s.hudRect.minY + 40) {
                for x in Int(box)..<Int(box + 28) where ComponentPixels.rgba(img, x, y).r > 200 { white += 1 }
            }
            XCTAssertGreaterThan(white, 20, "\(content)")
        }
    }

    func testMBModesAndAnimations() throws {
        let style = MBProgressHUDStyle(animation: .zoomIn)
        XCTAssertEqual(style.presentation(at: 0, showAt: 0, hideAt: nil).scale, 0.5, accuracy: 1e-9)
        XCTAssertEqual(style.presentation(at: 0.3, showAt: 0, hideAt: nil).scale, 1, accuracy: 1e-9)
        XCTAssertEqual(style.presentation(at: 1.3, showAt: 0, hideAt: 1).scale, 1.5, accuracy: 1e-9)
        let out = MBProgressHUDStyle(animation: .zoomOut)
        XCTAssertEqual(out.presentation(at: 0, showAt: 0, hideAt: nil).scale, 1.5, accuracy: 1e-9)
        XCTAssertEqual(out.presentation(at: 1.3, showAt: 0, hideAt: 1).scale, 0.5, accuracy: 1e-9)
        let mid = style.presentation(at: 0.1, showAt: 0, hideAt: nil)
        XCTAssertTrue(mid.scale > 0.6 && mid.scale < 1 && mid.alpha > 0.2 && mid.alpha < 1)

        // Pie at 0.5: the right half of the wedge is filled, the left half not.
        let pie = try MBProgressHUDScene(device: .iPhoneSE3, scale: 2, mode: .determinate(0.5), label: nil, progressRamp: false, hideAt: nil)
        XCTAssertEqual(pie.layout.size, Size(width: 77, height: 77))
        let img = try pie.render(at: 1)
        let c = pie.bezelRect.center
        let right = ComponentPixels.rgba(img, Int((c.x + 8) * 2), Int(c.y * 2))
        let left = ComponentPixels.rgba(img, Int((c.x - 8) * 2), Int(c.y * 2))
        XCTAssertLessThan(right.r, 140, "content colour black 0.7 over the bezel")
        XCTAssertGreaterThan(left.r, 150)

        let bar = try MBProgressHUDScene(device: .iPhoneSE3, scale: 1, mode: .determinateHorizontalBar(0.3), label: nil, progressRamp: false)
        XCTAssertEqual(bar.layout.size, Size(width: 160, height: 50))
        let text = try MBProgressHUDScene(device: .iPhoneSE3, scale: 1, mode: .text, label: "Saved")
        XCTAssertNil(text.layout.indicatorRect)
        XCTAssertNotNil(text.layout.label)
        for mode in [MBProgressHUDStyle.Mode.indeterminate, .annularDeterminate(0.4), .determinateHorizontalBar(0.4), .text] {
            let s = try MBProgressHUDScene(device: .iPhoneSE3, scale: 1, mode: mode)
            XCTAssertGreaterThan(ComponentPixels.differingPixels(s.screen.backdropImage, try s.render(at: 1)), 1000, "\(mode)")
            XCTAssertEqual(try s.render(at: s.duration), s.screen.backdropImage, "\(mode) hidden at the end")
        }
    }
}
