// NVActivityIndicatorView types: names, geometry, and that every type animates on every frame.
import XCTest
import HUDRaster
@testable import HUDKit

final class ActivityIndicatorTests: XCTestCase {
    func testNamesParseInBothSpellings() throws {
        XCTAssertEqual(try ActivityIndicatorType("ballPulse"), .ballPulse)
        XCTAssertEqual(try ActivityIndicatorType("ball-pulse"), .ballPulse)
        XCTAssertEqual(try ActivityIndicatorType(".audioEqualizer"), .audioEqualizer)
        XCTAssertEqual(try ActivityIndicatorType("CIRCLE_STROKE_SPIN"), .circleStrokeSpin)
        XCTAssertEqual(ActivityIndicatorType.ballSpinFadeLoader.camelCaseName, "ballSpinFadeLoader")
        for t in ActivityIndicatorType.allCases {
            XCTAssertEqual(try ActivityIndicatorType(t.camelCaseName), t)
            XCTAssertEqual(try ActivityIndicatorType(t.id), t)
        }
        XCTAssertThrowsError(try ActivityIndicatorType("spinny")) { XCTAssertTrue("\($0)".contains("ball-pulse")) }
        XCTAssertEqual(ActivityIndicatorType.default, .ballSpinFadeLoader)
    }

    func scene(_ type: ActivityIndicatorType, warmUp: Bool = true) throws -> IndicatorScene {
        try IndicatorScene(scale: 2, backdrop: .transparent, size: Size(width: 64, height: 64), type: type, color: .white, warmUp: warmUp)
    }

    func testEveryIndicatorChangesOnEveryFrameStep() throws {
        for type in ActivityIndicatorType.allCases {
            let s = try scene(type)
            let frames = Int((s.duration * 30).rounded(.up)) + 2
            var previous = try s.render(at: 0)
            for k in 1...frames {
                let img = try s.render(at: Double(k) / 30)
                XCTAssertGreaterThan(ComponentPixels.differingPixels(previous, img), 0, "\(type) frame \(k) equals frame \(k - 1)")
                previous = img
            }
        }
    }

    func testIndicatorsDrawInTheirColourAndAreDeterministic() throws {
        for type in ActivityIndicatorType.allCases {
            let s = try IndicatorScene(scale: 2, backdrop: .transparent, size: Size(width: 64, height: 64), type: type, color: .red)
            let img = try s.render(at: 0.4)
            XCTAssertEqual(img, try s.render(at: 0.4))
            var ink = 0
            for y in 0..<img.height { for x in 0..<img.width where img[x, y].a > 0 {
                ink += 1
                let p = ComponentPixels.rgba(img, x, y)
                XCTAssertTrue(p.g == 0 && p.b == 0, "\(type) draws only red"); if p.g != 0 { break }
            } }
            XCTAssertGreaterThan(ink, 20, "\(type) draws something")
        }
    }

    func testSpinFadeLoaderGeometry() throws {
        // Before any animation starts (t = 0) the eight circles are full size; circle 0 at 3 o'clock.
        let s = try scene(.ballSpinFadeLoader, warmUp: false)
        let img = try s.render(at: 0)
        // 60 pt indicator centred in 64 pt, 2x: centre 64 px, d = (60 + 8) / 5 = 13.6 pt, radius 23.2 pt.
        XCTAssertEqual(img[64 + 46, 64].a, 255)
        XCTAssertEqual(img[64, 64 + 46].a, 255)
        XCTAssertEqual(img[64, 64].a, 0)
    }

    func testPaddingShrinksTheSquareAndHUDCanUseAnyIndicator() throws {
        let canvas = try Canvas(width: 100, height: 100)
        ActivityIndicator(type: .circleStrokeSpin, color: .white, padding: 20).draw(in: canvas, rect: Rect(x: 0, y: 0, width: 100, height: 100), at: 1.2)
        let img = canvas.image
        for i in 0..<100 { XCTAssertEqual(img[i, 5].a, 0); XCTAssertEqual(img[5, i].a, 0) }
        XCTAssertGreaterThan(img.pixels.lazy.filter { $0 > 0 }.count, 10)
    }
}
