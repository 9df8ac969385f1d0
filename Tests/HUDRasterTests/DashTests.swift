// Dashing: SVG / Core Graphics pattern semantics, lengths on lines and curves, dots, closed joins.
import XCTest
@testable import HUDRaster

private func subpathCount(_ p: Path) -> Int {
    p.elements.filter { if case .move = $0 { return true } else { return false } }.count
}

final class DashTests: XCTestCase {
    let line = Path(elements: [.move(to: Point(x: 10, y: 10)), .line(to: Point(x: 110, y: 10))])

    func testSimplePatternLengthsAndCount() {
        let d = line.dashed(pattern: [10, 5], phase: 0)
        XCTAssertEqual(subpathCount(d), 7)                  // 0-10, 15-25, ..., 90-100
        XCTAssertEqual(d.length, 70, accuracy: 1e-9)
        XCTAssertEqual(d.elements[0], .move(to: Point(x: 10, y: 10)))
        XCTAssertEqual(d.elements[1], .line(to: Point(x: 20, y: 10)))
        XCTAssertEqual(d.elements[2], .move(to: Point(x: 25, y: 10)))
    }

    func testPhaseShiftsThePatternAndNegativePhaseWraps() {
        let d = line.dashed(pattern: [10, 5], phase: 5)        // 0-5, 10-20, ..., 100
        XCTAssertEqual(d.elements[1], .line(to: Point(x: 15, y: 10)))
        XCTAssertEqual(d.length, 5 + 10 * 6 + 5 * 0, accuracy: 1e-9)
        XCTAssertEqual(line.dashed(pattern: [10, 5], phase: -5), line.dashed(pattern: [10, 5], phase: 10))
        XCTAssertEqual(line.dashed(pattern: [10, 5], phase: 35), line.dashed(pattern: [10, 5], phase: 5))
    }

    func testOddPatternRepeatsAndInvalidPatternsMeanNoDash() {
        XCTAssertEqual(line.dashed(pattern: [10], phase: 0).length, 50, accuracy: 1e-9)
        XCTAssertEqual(line.dashed(pattern: [10, 20, 30], phase: 0), line.dashed(pattern: [10, 20, 30, 10, 20, 30], phase: 0))
        XCTAssertEqual(line.dashed(pattern: [], phase: 0), line)
        XCTAssertEqual(line.dashed(pattern: [0, 0], phase: 3), line)
        XCTAssertEqual(line.dashed(pattern: [5, -1], phase: 0), line)
        XCTAssertEqual(line.dashed(pattern: [5, .nan], phase: 0), line)
    }

    func testCurvesAreDashedByArcLengthAndStayCurves() {
        let r = 50.0
        let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 2 * r, height: 2 * r))
        let perimeter = 2 * Double.pi * r
        // The cubic arcs are up to 0.027% of r outside the true circle, so they are a little longer.
        XCTAssertEqual(circle.length, perimeter, accuracy: perimeter * 3e-4)
        let d = circle.dashed(pattern: [12, 8], phase: 0)
        let periods = (perimeter / 20).rounded(.down)
        let expected = periods * 12 + min(12, perimeter - periods * 20)
        XCTAssertEqual(d.length, expected, accuracy: expected * 1e-3)
        XCTAssertTrue(d.elements.contains { if case .curve = $0 { return true } else { return false } })
        // Every dash point lies on the circle.
        for e in d.elements {
            if case .curve(let p, _, _) = e { XCTAssertEqual(p.distance(to: Point(x: r, y: r)), r, accuracy: 0.02) }
        }
    }

    func testZeroLengthDashesBecomeDotsWithRoundCaps() {
        let d = line.dashed(pattern: [0, 10], phase: 0)
        XCTAssertEqual(subpathCount(d), 11)                 // at 0, 10, ..., 100
        let dots = d.stroked(StrokeStyle(lineWidth: 4, lineCap: .round))
        XCTAssertEqual(Rasterizer.mask(for: dots)?.area ?? 0, 11 * .pi * 4, accuracy: 1)
        XCTAssertTrue(d.stroked(StrokeStyle(lineWidth: 4, lineCap: .butt)).isEmpty)
    }

    func testClosedSubpathJoinsTheLastDashToTheFirst() {
        let sq = Path(rect: Rect(x: 0, y: 0, width: 100, height: 100))   // perimeter 400
        let d = sq.dashed(pattern: [25, 10], phase: 0)      // 11 full periods, the 12th dash wraps
        XCTAssertEqual(subpathCount(d), 11)
        XCTAssertEqual(d.length, 11 * 25 + 15, accuracy: 1e-9)
        // A dash longer than the whole contour keeps the contour closed (a join, no caps).
        let whole = sq.dashed(pattern: [1000, 10], phase: 0)
        XCTAssertEqual(whole.elements.last, .closeSubpath)
        XCTAssertEqual(subpathCount(whole), 1)
    }

    func testEverySubpathRestartsThePattern() {
        var two = line
        two.addPath(line, transform: Transform(translationX: 0, y: 20))
        let d = two.dashed(pattern: [30, 20], phase: 0)
        XCTAssertEqual(subpathCount(d), 4)
        XCTAssertEqual(d.elements[4], .move(to: Point(x: 10, y: 30)))
    }

    func testAbsurdDashCountIsRefused() {
        let long = Path(elements: [.move(to: .zero), .line(to: Point(x: 1e7, y: 0))])
        XCTAssertEqual(long.dashed(pattern: [1e-3, 1e-3], phase: 0), long)
    }
}
