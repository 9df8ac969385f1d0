// SceneFacadeTests: one way to build every scene (issue 26 item 7), checked against the component
// scene types it stands for. This file imports HUDKit alone: `Image`, `Color` and `Size` must be
// usable without `import HUDRaster`.

import XCTest
import HUDKit

final class SceneFacadeTests: XCTestCase {
    func testHUDSceneIsTheProgressHUDScene() throws {
        var hud = ProgressHUD()
        hud.at(0) { $0.showProgress(title: "Uploading", status: "Preparing…") }
        hud.at(0.6) { $0.updateProgress(0.5, status: "50%") }
        let scene = try Scene(hud, device: .iPhoneSE3, size: Size(width: 200, height: 160), scale: 1)
        let old = try ProgressHUDScene(hud: hud, screen: try Screen(device: .iPhoneSE3, scale: 1, size: Size(width: 200, height: 160)))
        let image: Image = try scene.render(at: 0.8)
        XCTAssertEqual(image, try old.render(at: 0.8))
        XCTAssertEqual(scene.duration, old.duration)
        XCTAssertEqual(scene.pixelSize.width, 200)
    }

    func testRingIsScriptedWithAt() throws {
        var ring = ProgressRing(tintColor: Color(hex: "#34C759")!)
        ring.at(0.2) { $0.setProgress(0.5) }
        ring.at(1.0) { $0.touchDown() }
        ring.at(1.2) { $0.touchUp() }
        let scene = try Scene(ring, size: Size(width: 140, height: 140), scale: 1, background: .color(.white))
        let old = try ProgressRingScene(scale: 1, backdrop: .color(.white), size: Size(width: 140, height: 140),
                                        ring: ring, events: [(0.2, .setProgress(0.5)), (1.0, .touchDown), (1.2, .touchUp)])
        for t in [0.1, 0.4, 1.1] { XCTAssertEqual(try scene.render(at: t), try old.render(at: t), "t = \(t)") }
        XCTAssertEqual(scene.duration, old.duration)
    }

    func testUnscriptedComponentsPlayTheirDefaultStory() throws {
        let ring = try Scene(ProgressRing(), size: Size(width: 120, height: 120), scale: 1)
        XCTAssertEqual(ring.duration, try ProgressRingScene(scale: 1, size: Size(width: 120, height: 120)).duration)
        let indicator = try Scene(ActivityIndicatorType.ballPulse, size: Size(width: 80, height: 80), scale: 1)
        XCTAssertEqual(try indicator.render(at: 0.3),
                       try IndicatorScene(scale: 1, size: Size(width: 80, height: 80), type: .ballPulse).render(at: 0.3))
        let gg = try Scene(GGProgressHUD(), size: Size(width: 100, height: 100), scale: 1)
        XCTAssertEqual(gg.pixelSize.height, 100)
    }

    /// Scale nil is the device's own, as `UIScreen.scale`.
    func testScaleDefaultsToTheDevice() throws {
        let scene = try Scene(ProgressHUD(), device: .iPhoneSE3)
        XCTAssertEqual(scene.pixelSize.width, 750)
    }
}
