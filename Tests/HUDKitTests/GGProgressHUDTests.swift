// GGProgressHUD: dim, red equalizer bars that move, window fades.
import XCTest
import HUDRaster
@testable import HUDKit

final class GGProgressHUDTests: XCTestCase {
    func redPixels(_ img: Image, in r: (x: Int, y: Int, w: Int, h: Int)) -> Set<Int> {
        var s = Set<Int>()
        for y in r.y..<(r.y + r.h) {
            for x in r.x..<(r.x + r.w) {
                let p = ComponentPixels.rgba(img, x, y)
                if p.r > 200 && p.g < 60 && p.b < 60 { s.insert(y * img.width + x) }
            }
        }
        return s
    }

    func testRedBarsMove() throws {
        let scene = try GGProgressHUDScene(device: .iPhoneSE3, scale: 1, hideAt: nil)
        // The 50 pt indicator is centred: (162.5...212.5, 308.5...358.5), on a white 100 pt card.
        let box = (x: 150, y: 296, w: 75, h: 75)
        var previous: Set<Int>? = nil
        for k in 0..<20 {
            let t = 1.0 + Double(k) / 30
            let red = redPixels(try scene.render(at: t), in: box)
            XCTAssertGreaterThan(red.count, 50, "red bars visible at \(t)")
            if let previous { XCTAssertNotEqual(red, previous, "bars moved between frames at \(t)") }
            previous = red
        }
        // Bars are bottom-anchored: the bottom row of the indicator is red under every bar.
        let img = try scene.render(at: 1.5)
        let bottom = (0..<375).filter { x in
            let p = ComponentPixels.rgba(img, x, 357)
            return p.r > 200 && p.g < 60
        }
        XCTAssertGreaterThan(bottom.count, 10)
    }

    func testDimAndWindowFade() throws {
        let scene = try GGProgressHUDScene(device: .iPhoneSE3, scale: 1, showAt: 0.2, hideAt: 2)
        let backdrop = try Screen(device: .iPhoneSE3, scale: 1).backdropImage
        XCTAssertEqual(try scene.render(at: 0.1), backdrop, "nothing before show()")
        let full = try scene.render(at: 1)
        // A white page pixel under black 0.4 becomes 153.
        XCTAssertEqual(ComponentPixels.rgba(backdrop, 5, 400).r, 255)
        XCTAssertEqual(Double(ComponentPixels.rgba(full, 5, 400).r), 153, accuracy: 2)
        let half = ComponentPixels.rgba(try scene.render(at: 0.45), 5, 400).r
        XCTAssertTrue(half > 160 && half < 250, "half-way through the 0.5 s fade: \(half)")
        XCTAssertEqual(try scene.render(at: 2.55), backdrop, "gone after the 0.5 s fade-out")
        XCTAssertEqual(scene.duration, 2.7, accuracy: 1e-9)
        XCTAssertEqual(ComponentPixels.distance(full, 145, 290, .white), 0, "the white card")
        XCTAssertEqual(GGProgressHUD().indicator.type, .audioEqualizer)
        XCTAssertEqual(GGProgressHUD().indicator.color, .red)
    }
}
