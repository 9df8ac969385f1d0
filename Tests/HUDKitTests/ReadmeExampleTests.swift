// The README's "From Swift" example, kept compiling and working (smaller and at fewer frames so it stays quick).
import XCTest
import Foundation
import HUDKit
import HUDCodecs
import HUDRaster

final class ReadmeExampleTests: XCTestCase {
    func testScriptedHUDRendersToAGIF() throws {
        var hud = ProgressHUD()
        hud.presentationStyle = .balloon
        hud.at(0.0) { $0.showProgress(title: "Uploading", status: "Preparing…") }
        hud.at(1.0) { $0.updateProgress(0.5, status: "50%") }
        hud.at(1.8) { $0.updateProgress(1.0, status: "100%") }
        hud.at(2.0) { $0.dismiss(withSuccess: "Uploaded!") }

        let scene = try ProgressHUDScene(hud: hud, device: .iPhoneSE3, scale: 1)
        let path = NSTemporaryDirectory() + "readme-example-\(getpid()).gif"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let gif = try GIF.Encoder(path: path)
        let fps = 10.0
        for frame in 0..<Int(scene.duration * fps) {
            try gif.append(scene.render(at: Double(frame) / fps), duration: 1 / fps)
        }
        try gif.finish()

        let decoded = try GIF.read(path)
        XCTAssertGreaterThan(scene.duration, 2.0, "the story ends after the dismissal")
        XCTAssertEqual(decoded.frames.first?.width, 375)
        XCTAssertEqual(decoded.durations.reduce(0, +), Double(Int(scene.duration * fps)) / fps, accuracy: 0.05)
    }

    func testSafeAreaAndFlavourExample() throws {
        let screen = try Screen(device: .iPhone11, scale: 3, backdrop: .transparent,
                                size: Size(width: 375, height: 100), safeAreaInsets: Device.Insets(top: 62))
        var bar = GradientLoadingBar(placement: .notch, flavour: .uiKit)   // or .swiftUI (GradientLoadingBarView)
        bar.isRelativeToSafeArea = false
        let image = try GradientLoadingBarScene(screen: screen, bar: bar).render(at: 0)
        XCTAssertEqual(image.width, 1125)
        // The notch from the iPhone 11's constants on a 375 pt view: the bar dips around it at the centre.
        XCTAssertEqual(image[562, 4].a, 0)
        XCTAssertGreaterThan(image[562, 100].a, 200)
        XCTAssertGreaterThan(image[10, 4].a, 200)
    }
}
