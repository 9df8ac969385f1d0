// GradientLoadingBar: default colours, left-to-right motion, a seamless loop, placements and fades.
import XCTest
import HUDRaster
@testable import HUDKit

final class GradientLoadingBarTests: XCTestCase {
    let colors = GradientLoadingBar.defaultColors

    func testColourListIsSixteenStopsWithMatchingThirds() {
        let list = GradientLoadingBar().infiniteColorList
        XCTAssertEqual(list.count, 16)
        XCTAssertEqual(Array(list[0..<6]), colors)
        XCTAssertEqual(Array(list[10..<16]), colors)
        XCTAssertEqual(Array(list[6..<10]), [colors[4], colors[3], colors[2], colors[1]])
        XCTAssertEqual(colors.map(\.hexString), ["#4CD964", "#5AC8FA", "#007AFF", "#34AADC", "#5856D6", "#FF2D55"])
    }

    func testShowsTheDefaultColoursInOrderAtTheStart() throws {
        let scene = try GradientLoadingBarScene(device: .iPhoneSE3, scale: 1)
        let img = try scene.render(at: 0)
        // At t = 0 the layer's left edge is at -2w: the last third (the colours in order) shows,
        // colour i at x = i * w / 5.
        let w = img.width
        for (i, c) in colors.enumerated() {
            let x = min(w - 1, i * w / 5)
            XCTAssertLessThan(ComponentPixels.distance(img, x, 21, c), 8, "colour \(c) at x \(x)")
        }
        // Above and below the 3 pt bar the backdrop shows.
        XCTAssertGreaterThan(ComponentPixels.distance(img, 100, 19, colors[0]), 60)
        XCTAssertGreaterThan(ComponentPixels.distance(img, 100, 24, colors[0]), 60)
    }

    /// x of the pixels closest to #007AFF along the bar's row (their centroid).
    func blueCentroid(_ img: Image) -> Double {
        var xs: [Int] = []
        for x in 0..<img.width where ComponentPixels.distance(img, x, 21, colors[2]) < 12 { xs.append(x) }
        return xs.isEmpty ? -1 : Double(xs.reduce(0, +)) / Double(xs.count)
    }

    func testColoursMoveLeftToRight() throws {
        let scene = try GradientLoadingBarScene(device: .iPhoneSE3, scale: 1)
        let w = 375.0
        let x0 = blueCentroid(try scene.render(at: 0))
        let x1 = blueCentroid(try scene.render(at: 0.5))
        XCTAssertEqual(x0, 2 * w / 5, accuracy: 4)
        // 2w per 3.33 s: half a second moves the layer 0.3 w to the right.
        XCTAssertEqual(x1 - x0, 2 * w * 0.5 / 3.33, accuracy: 4)
        var last = x0
        for k in 1...6 {
            let x = blueCentroid(try scene.render(at: Double(k) / 30))
            XCTAssertGreaterThan(x, last, "frame \(k) moves right")
            last = x
        }
    }

    func testLoopsWithoutASeam() throws {
        let scene = try GradientLoadingBarScene(device: .iPhoneSE3, scale: 1)
        XCTAssertEqual(scene.duration, 3.33, accuracy: 1e-12)
        let first = try scene.render(at: 0), wrapped = try scene.render(at: 3.33)
        XCTAssertEqual(ComponentPixels.differingPixels(first, wrapped), 0)
        // The frame before the wrap is one small step from the first: no jump.
        let before = try scene.render(at: 3.33 - 1.0 / 30)
        let bar = (0..<375).map { ComponentPixels.distance(before, $0, 21, colorAt(first, $0)) }
        XCTAssertLessThan(bar.max()!, 30)
    }

    private func colorAt(_ img: Image, _ x: Int) -> Color {
        let p = ComponentPixels.rgba(img, x, 21)
        return Color(red: Double(p.r) / 255, green: Double(p.g) / 255, blue: Double(p.b) / 255)
    }

    func testPlacements() throws {
        let screen = try Screen(device: .iPhone13, scale: 1, backdrop: .mockLight)
        XCTAssertEqual(GradientLoadingBar(placement: .safeArea).layout(on: screen).frame.minY, 47)
        XCTAssertEqual(GradientLoadingBar(placement: .top).layout(on: screen).frame.minY, 0)
        XCTAssertEqual(GradientLoadingBar(placement: .navigationBar).layout(on: screen).frame.maxY, 47 + 44)
        let notch = GradientLoadingBar(placement: .notch).layout(on: screen)
        XCTAssertNotNil(notch.mask)
        XCTAssertEqual(notch.frame.height, 33 + 3, accuracy: 0.01, "notch depth plus the bar")
        // Notch variant on a Dynamic Island phone falls back to the safe-area bar.
        let island = try Screen(device: .iPhone15Pro, scale: 1, backdrop: .transparent)
        let fb = GradientLoadingBar(placement: .notch).layout(on: island)
        XCTAssertNil(fb.mask)
        XCTAssertEqual(fb.frame.minY, 59)

        let scene = try GradientLoadingBarScene(screen: screen, bar: GradientLoadingBar(placement: .notch))
        let img = try scene.render(at: 0)
        // Bar along the top edge at the sides, and under the notch in the middle, not inside it.
        XCTAssertGreaterThan(ComponentPixels.rgba(img, 10, 1).a, 250)
        XCTAssertGreaterThan(ComponentPixels.distance(img, 10, 1, .black), 60)
        XCTAssertGreaterThan(ComponentPixels.distance(img, 195, 34, .black), 60, "bar under the notch")
        XCTAssertEqual(ComponentPixels.distance(img, 195, 15, .black), 0, "the notch stays black")
    }

    func testFades() throws {
        let bar = GradientLoadingBar()
        XCTAssertEqual(bar.opacity(at: 0, fadeInAt: 0, fadeOutAt: nil), 0)
        XCTAssertEqual(bar.opacity(at: 0.33, fadeInAt: 0, fadeOutAt: nil), 1, accuracy: 1e-9)
        let mid = bar.opacity(at: 0.165, fadeInAt: 0, fadeOutAt: nil)
        XCTAssertEqual(mid, 0.5, accuracy: 0.02)
        XCTAssertEqual(bar.opacity(at: 2.66, fadeInAt: 0, fadeOutAt: 2), 0, accuracy: 1e-9)
        XCTAssertEqual(bar.opacity(at: 2.33, fadeInAt: 0, fadeOutAt: 2), 0.5, accuracy: 0.02)
        let scene = try GradientLoadingBarScene(device: .iPhoneSE3, scale: 1, fadeInAt: 0.5, fadeOutAt: 2)
        let backdrop = try Screen(device: .iPhoneSE3, scale: 1).backdropImage
        XCTAssertEqual(try scene.render(at: 0.2), backdrop)
        XCTAssertEqual(try scene.render(at: 2.8), backdrop)
        XCTAssertNotEqual(try scene.render(at: 1), backdrop)
    }
}
