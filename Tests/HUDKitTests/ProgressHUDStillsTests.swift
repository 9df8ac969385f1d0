// Stills of every ProgressHUD state, written to /tmp/hud-stills for eyes, with pixel checks.
import XCTest
import HUDRaster
@testable import HUDKit

final class ProgressHUDStillsTests: XCTestCase {
    /// A HUD that shows `content` at t=0 with the given calls, rendered at t on a small screen.
    func still(_ name: String, at t: Double, overlay: ProgressHUD.OverlayMode = .none, backdrop: Backdrop = .color(.white),
               style: PresentationStyle = .none, configure: (inout ProgressHUD) -> Void = { _ in },
               _ script: @escaping (inout HUDScript.Actions) -> Void) throws -> Image {
        var hud = ProgressHUD()
        hud.presentationStyle = style
        hud.overlayMode = overlay
        configure(&hud)
        hud.at(0, script)
        let screen = try Screen(size: Size(width: 320, height: 400), scale: 2, backdrop: backdrop)
        let scene = try ProgressHUDScene(hud: hud, screen: screen)
        let img = try scene.render(at: t)
        Stills.write(img, name)
        return img
    }

    func testSpinnerStill() throws {
        let img = try still("spinner", at: 1.0) { $0.show(title: "Loading…", status: "Please wait") }
        let ink = InkMeasure(img)
        XCTAssertNotNil(ink.box)
        // Centred on the screen (640 x 800 px).
        XCTAssertEqual(ink.centroid!.x, 320, accuracy: 6)
        XCTAssertEqual(ink.box!.midY, 400, accuracy: 6)
        // The box is about 115 pt wide at 2x.
        XCTAssertEqual(ink.box!.width, 230, accuracy: 12)
    }

    func testProgressStills() throws {
        for style in [ProgressHUD.ProgressStyle.radial, .linear] {
            for p in [0.0, 0.5, 1.0] {
                let img = try still("\(style.rawValue)-\(Int(p * 100))", at: 1.0, configure: { $0.progressStyle = style }) {
                    $0.showProgress(title: "Uploading", status: "\(Int(p * 100))%")
                    $0.updateProgress(p)
                }
                XCTAssertNotNil(InkMeasure(img).box)
            }
        }
        // More of the progress view is white at 100% than at 0%.
        func whiteCount(_ name: String, _ p: Double, _ style: ProgressHUD.ProgressStyle) throws -> Int {
            let img = try still(name, at: 1.0, configure: { $0.progressStyle = style }) {
                $0.showProgress(title: nil, status: nil)
                $0.updateProgress(p)
            }
            let px = img.straightPixels()
            var n = 0
            for i in stride(from: 0, to: px.count, by: 4) where px[i] > 240 && px[i + 3] == 255 {
                // Only count inside the HUD area (the backdrop is white too): centre 200 x 120 px.
                let x = (i / 4) % img.width, y = (i / 4) / img.width
                if abs(x - 320) < 200, abs(y - 400) < 40 { n += 1 }
            }
            return n
        }
        XCTAssertGreaterThan(try whiteCount("radial-bare-100", 1, .radial), try whiteCount("radial-bare-0", 0, .radial) + 200)
        XCTAssertGreaterThan(try whiteCount("linear-bare-100", 1, .linear), try whiteCount("linear-bare-0", 0, .linear) + 200)
    }

    func testCompletionStills() throws {
        let ok = try still("success", at: 0.5) {
            $0.show(title: "Saving", status: nil)
            $0.dismiss(withSuccess: "Completed!")
        }
        let err = try still("error", at: 0.5) {
            $0.show(title: "Saving", status: nil)
            $0.dismiss(withError: "Failed")
        }
        XCTAssertTrue(ok != err, "success and error look the same")
        XCTAssertNotNil(InkMeasure(ok).box)
    }

    func testConfirmationGlowStill() throws {
        var hud = ProgressHUD()
        hud.presentationStyle = .none
        hud.overlayMode = .none
        hud.at(0) { $0.show(title: "Syncing", status: "Tap to cancel", confirmationMessage: nil) }
        hud.at(0.5) { $0.tap() }
        let screen = try Screen(size: Size(width: 320, height: 400), scale: 2, backdrop: .color(.white))
        let scene = try ProgressHUDScene(hud: hud, screen: screen)
        let glowing = try scene.render(at: 0.5 + 0.35)   // top of the first pulse
        let calm = try scene.render(at: 0.4)
        Stills.write(glowing, "confirmation-glow")
        Stills.write(calm, "confirmation-before")
        // Red appears around the box.
        func redness(_ img: Image) -> Int {
            let px = img.straightPixels()
            var n = 0
            for i in stride(from: 0, to: px.count, by: 4) where Int(px[i]) - Int(px[i + 1]) > 60 { n += 1 }
            return n
        }
        XCTAssertGreaterThan(redness(glowing), 1000)
        XCTAssertEqual(redness(calm), 0)
        // After the 2.8 s timeout the glow is gone.
        XCTAssertEqual(redness(try scene.render(at: 0.5 + 2.9)), 0)
    }

    func testOverlayStills() throws {
        for mode in ProgressHUD.OverlayMode.allCases {
            let img = try still("overlay-\(mode.rawValue)", at: 1.0, overlay: mode, backdrop: .mockLight) {
                $0.show(title: "Loading…", status: nil)
            }
            let corner = img[4, 4]
            switch mode {
            case .none: XCTAssertGreaterThan(Int(corner.r) + Int(corner.g) + Int(corner.b), 600)
            case .linear, .gradient: XCTAssertLessThan(Int(corner.r) + Int(corner.g) + Int(corner.b), 600)
            }
        }
    }

    func testTitleStills() throws {
        let short = try still("title-short", at: 1.0) { $0.show(title: "Hi", status: nil) }
        let long = try still("title-long", at: 1.0) {
            $0.show(title: "Downloading the very large archive of your holiday photos", status: "This may take a few minutes, please keep the app open")
        }
        let s = InkMeasure(short).box!, l = InkMeasure(long).box!
        XCTAssertLessThan(s.width, l.width)
        XCTAssertLessThanOrEqual(l.width, 2 * 315 + 8)   // content width at most 300 (+ padding)
        _ = try still("image", at: 1.0) {
            let img = try! Image(width: 40, height: 30, fill: Color(hex: "#34AADC")!)
            $0.show(title: "Photo", status: "Uploaded", image: img)
        }
        _ = try still("status-only", at: 1.0) { $0.show(title: nil, status: "Loading…") }
        _ = try still("bordered", at: 1.0, configure: { $0.hasBorder = true }) { $0.show(title: "Bordered", status: "white 2 pt") }
    }

    func testDefaultStoryFrames() throws {
        let scene = try ProgressHUDScene.defaultStory(device: .iPhoneSE3, scale: 1)
        XCTAssertGreaterThan(scene.duration, 3.5)
        XCTAssertLessThan(scene.duration, 5.5)
        for t in [0.1, 2.0, 3.2] {
            Stills.write(try scene.render(at: t), "story-\(Int(t * 10))")
        }
    }
}

final class ProgressHUDCrossFadeTests: XCTestCase {
    /// A status change cross-fades the status only: the title's pixels stay the same mid-fade.
    func testUnchangedPartsDoNotDim() throws {
        var hud = ProgressHUD()
        hud.presentationStyle = .none
        hud.overlayMode = .none
        hud.at(0) { $0.show(title: "Title", status: "One") }
        hud.at(1) { $0.updateStatus("Two") }
        let screen = try Screen(size: Size(width: 200, height: 200), scale: 1, backdrop: .color(.white))
        let scene = try ProgressHUDScene(hud: hud, screen: screen)
        let before = try XCTUnwrap(scene.hudLayerImage(at: 0.9))
        let mid = try XCTUnwrap(scene.hudLayerImage(at: 1.05))
        XCTAssertEqual(before.width, mid.width)
        // Compare the title band (top 25 pt of the box, inside the 48 pt margin).
        var same = true, differs = false
        for y in 50..<75 { for x in 50..<(before.width - 50) {
            if before[x, y] != mid[x, y] { same = false }
        } }
        for y in (before.height - 75)..<(before.height - 50) { for x in 50..<(before.width - 50) {
            if before[x, y] != mid[x, y] { differs = true }
        } }
        XCTAssertTrue(same, "the title changed during a status cross-fade")
        XCTAssertTrue(differs, "the status did not change")
    }
}
