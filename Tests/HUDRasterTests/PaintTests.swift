// Gradient paints: stop positions, interpolation, spreads, radial/focal/conic geometry, CG draw options.
import XCTest
@testable import HUDRaster

final class PaintTests: XCTestCase {
    /// Fills a w x 1 (or w x h) canvas with `paint` and returns it.
    func canvas(_ paint: Paint, width: Int = 100, height: Int = 1) throws -> Canvas {
        let c = try Canvas(width: width, height: height)
        c.setFillPaint(paint)
        c.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        return c
    }
    let bw = Gradient(colors: [.black, .white])

    func testLinearRampIsSampledAtPixelCentres() throws {
        let c = try canvas(.linearGradient(bw, start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)))
        for x in [0, 10, 49, 50, 77, 99] {
            XCTAssertEqual(Double(c.image[x, 0].r), (Double(x) + 0.5) / 100 * 255, accuracy: 1, "x \(x)")
            XCTAssertEqual(c.image[x, 0].a, 255)
        }
    }

    func testStopLocationsAndHardStops() throws {
        let g = Gradient(colors: [.red, .green, .blue], locations: [0, 0.25, 1])
        XCTAssertEqual(g.color(at: 0.25), .green)
        XCTAssertEqual(g.color(at: 0.125).red, 0.5, accuracy: 1e-9)
        XCTAssertEqual(g.color(at: 0.625).blue, 0.5, accuracy: 1e-9)
        let c = try canvas(.linearGradient(g, start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)))
        XCTAssertEqual(Double(c.image[12, 0].r), 255 * (1 - 12.5 / 25), accuracy: 1.5)
        XCTAssertEqual(Double(c.image[24, 0].g), 255 * (24.5 / 25), accuracy: 1.5)
        XCTAssertEqual(Double(c.image[62, 0].b), 255 * ((62.5 - 25) / 75), accuracy: 1.5)
        // Unsorted locations are sorted; equal locations make a hard stop.
        let hard = Gradient(colors: [.red, .red, .blue, .blue], locations: [0, 0.5, 0.5, 1])
        let h = try canvas(.linearGradient(hard, start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)))
        XCTAssertEqual(h.image[49, 0].r, 255); XCTAssertEqual(h.image[49, 0].b, 0)
        XCTAssertEqual(h.image[50, 0].b, 255); XCTAssertEqual(h.image[50, 0].r, 0)
        let unsorted = Gradient(colors: [.blue, .red], locations: [1, 0])
        XCTAssertEqual(unsorted.colors, [.red, .blue])
        XCTAssertEqual(Gradient(colors: [.red, .green, .blue]).locations, [0, 0.5, 1])
    }

    func testSpreadModes() throws {
        // Gradient over 0...25: pixel 37 has t = 1.5, pixel 30 t = 1.22.
        func value(_ s: SpreadMode, _ x: Int) throws -> Double {
            let c = try canvas(.linearGradient(bw, start: Point(x: 0, y: 0), end: Point(x: 25, y: 0), spread: s))
            return Double(c.image[x, 0].r)
        }
        XCTAssertEqual(try value(.pad, 37), 255)
        XCTAssertEqual(try value(.repeat, 37), 0.5 * 255, accuracy: 1)
        XCTAssertEqual(try value(.reflect, 37), 0.5 * 255, accuracy: 1)
        XCTAssertEqual(try value(.repeat, 30), 0.22 * 255, accuracy: 1)
        XCTAssertEqual(try value(.reflect, 30), 0.78 * 255, accuracy: 1)
        XCTAssertEqual(try value(.reflect, 62), 0.5 * 255, accuracy: 1)    // t = 2.5
        // Before the start.
        let c = try Canvas(width: 100, height: 1)
        c.setFillPaint(.linearGradient(bw, start: Point(x: 50, y: 0), end: Point(x: 75, y: 0), spread: .reflect))
        c.fill(Rect(x: 0, y: 0, width: 100, height: 1))
        XCTAssertEqual(Double(c.image[37, 0].r), 0.5 * 255, accuracy: 1)    // t = -0.5 reflects to 0.5
        c.setFillPaint(.linearGradient(bw, start: Point(x: 50, y: 0), end: Point(x: 75, y: 0), spread: .pad))
        c.fill(Rect(x: 0, y: 0, width: 100, height: 1))
        XCTAssertEqual(c.image[37, 0].r, 0)
    }

    func testRadialConcentricAndFocal() throws {
        let c = try Canvas(width: 101, height: 101)
        c.setFillPaint(.radialGradient(bw, startCenter: Point(x: 50.5, y: 50.5), startRadius: 0,
                                       endCenter: Point(x: 50.5, y: 50.5), endRadius: 40))
        c.fill(Rect(x: 0, y: 0, width: 101, height: 101))
        XCTAssertEqual(c.image[50, 50].r, 0)
        XCTAssertEqual(Double(c.image[70, 50].r), 20.0 / 40 * 255, accuracy: 1)
        XCTAssertEqual(Double(c.image[50, 80].r), 30.0 / 40 * 255, accuracy: 1)
        XCTAssertEqual(c.image[95, 50].r, 255)
        // Focal: the start point sits left of centre; t = 0 there, and the end circle is t = 1.
        let f = try Canvas(width: 101, height: 101)
        f.setFillPaint(.radialGradient(bw, startCenter: Point(x: 30.5, y: 50.5), startRadius: 0,
                                       endCenter: Point(x: 50.5, y: 50.5), endRadius: 40))
        f.fill(Rect(x: 0, y: 0, width: 101, height: 101))
        XCTAssertEqual(f.image[30, 50].r, 0)
        // On the line through both centres to the right: distance from focus 30 / (20 + 40) = 0.5.
        XCTAssertEqual(Double(f.image[60, 50].r), 0.5 * 255, accuracy: 1.5)
        // To the left: (30.5 - 20.5) / (40 - 20) = 0.5 as well.
        XCTAssertEqual(Double(f.image[20, 50].r), 0.5 * 255, accuracy: 1.5)
    }

    func testConicStartsAtStartAngleAndTurnsClockwise() throws {
        let c = try Canvas(width: 101, height: 101)
        c.setFillPaint(.conicGradient(bw, center: Point(x: 50.5, y: 50.5), startAngle: -Double.pi / 2))
        c.fill(Rect(x: 0, y: 0, width: 101, height: 101))
        XCTAssertEqual(Double(c.image[90, 50].r), 0.25 * 255, accuracy: 1)    // 3 o'clock
        XCTAssertEqual(Double(c.image[50, 90].r), 0.5 * 255, accuracy: 1)     // 6 o'clock
        XCTAssertEqual(Double(c.image[10, 50].r), 0.75 * 255, accuracy: 1)    // 9 o'clock
        XCTAssertGreaterThan(c.image[49, 10].r, 250)                          // just before 12
        XCTAssertLessThan(c.image[51, 10].r, 5)                               // just after 12
    }

    func testDrawLinearGradientHonoursExtendOptions() throws {
        let c = try Canvas(width: 100, height: 2)
        c.drawLinearGradient(bw, start: Point(x: 25, y: 0), end: Point(x: 75, y: 0))
        XCTAssertEqual(c.image[10, 0].a, 0)
        XCTAssertEqual(c.image[90, 0].a, 0)
        XCTAssertEqual(c.image[50, 0].a, 255)
        c.drawLinearGradient(bw, start: Point(x: 25, y: 0), end: Point(x: 75, y: 0),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        XCTAssertEqual(c.image[10, 1].a, 255); XCTAssertEqual(c.image[10, 1].r, 0)
        XCTAssertEqual(c.image[90, 1].a, 255); XCTAssertEqual(c.image[90, 1].r, 255)
    }

    func testDrawRadialGradientOutsideConeIsNotPainted() throws {
        let c = try Canvas(width: 100, height: 100)
        c.drawRadialGradient(bw, startCenter: Point(x: 50, y: 50), startRadius: 0, endCenter: Point(x: 50, y: 50), endRadius: 20)
        XCTAssertEqual(c.image[50, 50].a, 255)
        XCTAssertEqual(c.image[50, 80].a, 0)
        c.drawRadialGradient(bw, startCenter: Point(x: 50, y: 50), startRadius: 0, endCenter: Point(x: 50, y: 50), endRadius: 20,
                             options: .drawsAfterEndLocation)
        XCTAssertEqual(c.image[50, 80].a, 255)
        XCTAssertEqual(c.image[50, 80].r, 255)
    }

    func testGradientThroughCTMAndClearStops() throws {
        let c = try Canvas(width: 100, height: 1)
        c.scaleBy(x: 2, y: 1)
        c.setFillPaint(.linearGradient(Gradient(colors: [.red, Color.red.withAlphaComponent(0)]),
                                       start: Point(x: 0, y: 0), end: Point(x: 50, y: 0)))
        c.fill(Rect(x: 0, y: 0, width: 50, height: 1))
        // Straight-alpha interpolation: the colour stays red while alpha falls.
        let p = c.image[50, 0]
        XCTAssertEqual(Double(p.a), 127, accuracy: 1.5)
        XCTAssertEqual(p.r, p.a)
        XCTAssertEqual(p.g, 0)
    }

    func testDegenerateGradientsDoNotCrash() throws {
        let c = try Canvas(width: 10, height: 10)
        c.setFillPaint(.linearGradient(bw, start: Point(x: 5, y: 5), end: Point(x: 5, y: 5)))
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        c.setFillPaint(.radialGradient(Gradient(colors: []), startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 0))
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        c.setFillPaint(.conicGradient(bw, center: Point(x: Double.nan, y: 0), startAngle: 0))
        c.fill(Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(c.image[5, 5].a, 255)   // the zero-length linear gradient paints its last colour
    }

    func testCachedTablesNeverMixGradients() throws {
        let c = try Canvas(width: 100, height: 2)
        let a = Gradient(colors: [.black, .white]), b = Gradient(colors: [.white, .black])
        for _ in 0..<3 {
            c.setFillPaint(.linearGradient(a, start: .zero, end: Point(x: 100, y: 0)))
            c.fill(Rect(x: 0, y: 0, width: 100, height: 1))
            c.setFillPaint(.linearGradient(b, start: .zero, end: Point(x: 100, y: 0)))
            c.fill(Rect(x: 0, y: 1, width: 100, height: 1))
        }
        XCTAssertLessThan(c.image[5, 0].r, 20)
        XCTAssertGreaterThan(c.image[5, 1].r, 235)
        for i in 0..<12 {   // more gradients than the cache holds
            let g = Gradient(colors: [Color(white: Double(i) / 11), Color(white: Double(i) / 11)])
            c.setFillPaint(.linearGradient(g, start: .zero, end: Point(x: 100, y: 0)))
            c.fill(Rect(x: 0, y: 0, width: 100, height: 1))
            XCTAssertEqual(Double(c.image[50, 0].r), Double(i) / 11 * 255, accuracy: 1)
        }
    }
}
