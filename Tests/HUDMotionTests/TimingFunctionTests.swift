// Known values of Core Animation's named timing functions.
import XCTest
@testable import HUDMotion

final class TimingFunctionTests: XCTestCase {
    func testEaseInEaseOutKnownValues() {
        XCTAssertEqual(TimingFunction.easeInEaseOut.value(at: 0.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(TimingFunction.easeInEaseOut.value(at: 0.25), 0.1291, accuracy: 1e-4)
        XCTAssertEqual(TimingFunction.easeInEaseOut.value(at: 0.75), 1 - 0.1291, accuracy: 1e-4)
    }

    func testEndsAndLinear() {
        for tf in [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            XCTAssertEqual(tf.value(at: 0), 0)
            XCTAssertEqual(tf.value(at: 1), 1)
            XCTAssertEqual(tf.value(at: -3), 0)
            XCTAssertEqual(tf.value(at: 7), 1)
        }
        XCTAssertEqual(TimingFunction.linear.value(at: 0.3), 0.3, accuracy: 1e-12)
    }

    func testSolverInvertsX() {
        // For random control points, x(s) at the solved s equals the input to high precision.
        var rng = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let tf = TimingFunction(controlPoints: rng.nextDouble(), rng.nextDouble() * 2 - 0.5,
                                    rng.nextDouble(), rng.nextDouble() * 2 - 0.5)
            for k in 1..<20 {
                let x = Double(k) / 20
                let s = tf.solveParameter(forX: x)
                let u = 1 - s
                let bx = 3 * u * u * s * tf.c1x + 3 * u * s * s * tf.c2x + s * s * s
                XCTAssertEqual(bx, x, accuracy: 1e-9)
            }
        }
    }

    func testEaseInIsSlowAtStartAndEaseOutFast() {
        XCTAssertLessThan(TimingFunction.easeIn.value(at: 0.2), 0.2)
        XCTAssertGreaterThan(TimingFunction.easeOut.value(at: 0.2), 0.2)
        // Monotone.
        var prev = 0.0
        for k in 0...100 {
            let v = TimingFunction.default.value(at: Double(k) / 100)
            XCTAssertGreaterThanOrEqual(v, prev - 1e-12)
            prev = v
        }
    }
}
