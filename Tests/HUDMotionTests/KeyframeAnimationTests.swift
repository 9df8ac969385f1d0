// Keyframe interpolation modes, key-time rules and path animation.
import XCTest
@testable import HUDMotion

final class KeyframeAnimationTests: XCTestCase {
    func testLinearKeyframesAtChosenTimes() {
        let a = KeyframeAnimation(values: [0.0, 10, 0], keyTimes: [0, 0.25, 1], duration: 2)
        XCTAssertEqual(a.value(at: 0)!, 0, accuracy: 1e-12)
        XCTAssertEqual(a.value(at: 0.25)!, 5, accuracy: 1e-12)   // half of first segment (0.5 s long)
        XCTAssertEqual(a.value(at: 0.5)!, 10, accuracy: 1e-12)
        XCTAssertEqual(a.value(at: 1.25)!, 5, accuracy: 1e-12)
        XCTAssertNil(a.value(at: 2.0))                           // removed after the end
        XCTAssertNil(a.value(at: -0.1))
    }

    func testMismatchedKeyTimesAreIgnoredLikeCoreAnimation() {
        let a = KeyframeAnimation(values: [0.0, 1, 2], keyTimes: [0, 0.1, 0.2, 1], duration: 1)
        XCTAssertEqual(a.effectiveKeyTimes, [0, 0.5, 1])
        XCTAssertEqual(a.value(at: 0.25)!, 0.5, accuracy: 1e-12)
    }

    func testCubicPassesThroughKeyframes() {
        let values: [Double] = [0.25, 1.1, 0.9, 1]
        let kt = [0, 0.65, 0.8, 1.0]
        let a = KeyframeAnimation(values: values, keyTimes: kt, calculationMode: .cubic, duration: 1)
        for (v, t) in zip(values, kt) {
            XCTAssertEqual(a.value(atFraction: t)!, v, accuracy: 1e-9)
        }
        // Smooth: overshoots past 1.1 somewhere is allowed, but the curve differs from linear mid-segment.
        let lin = KeyframeAnimation(values: values, keyTimes: kt, calculationMode: .linear, duration: 1)
        XCTAssertNotEqual(a.value(atFraction: 0.72)!, lin.value(atFraction: 0.72)!, accuracy: 1e-4)
    }

    func testCubicIsContinuousInSlope() {
        let a = KeyframeAnimation(values: [0.0, 3, 1, 4], calculationMode: .cubic, duration: 1)
        let t = 1.0 / 3, h = 1e-6
        let left = (a.value(atFraction: t)! - a.value(atFraction: t - h)!) / h
        let right = (a.value(atFraction: t + h)! - a.value(atFraction: t)!) / h
        XCTAssertEqual(left, right, accuracy: 1e-3)
    }

    func testDiscreteAndPaced() {
        let d = KeyframeAnimation(values: [1.0, 2, 3], calculationMode: .discrete, duration: 3)
        XCTAssertEqual(d.value(at: 0.5), 1)
        XCTAssertEqual(d.value(at: 1.5), 2)
        XCTAssertEqual(d.value(at: 2.5), 3)
        let p = KeyframeAnimation(values: [Vector2(0, 0), Vector2(1, 0), Vector2(4, 0)], calculationMode: .paced, duration: 1)
        XCTAssertEqual(p.effectiveKeyTimes[1], 0.25, accuracy: 1e-12)
        XCTAssertEqual(p.value(at: 0.5)!.x, 2, accuracy: 1e-9)
    }

    func testPerSegmentTimingFunctions() {
        let a = KeyframeAnimation(values: [0.0, 1, 2], timingFunctions: [.easeIn, .easeOut], duration: 2)
        XCTAssertEqual(a.value(at: 0.5)!, TimingFunction.easeIn.value(at: 0.5), accuracy: 1e-12)
        XCTAssertEqual(a.value(at: 1.5)!, 1 + TimingFunction.easeOut.value(at: 0.5), accuracy: 1e-12)
    }

    func testPathAnimationFollowsSegmentsAndTangent() {
        var path = KeyframePath(start: Vector2(0, 0))
        path.addLine(to: Vector2(10, 0))
        path.addLine(to: Vector2(10, 10))
        var a = PathKeyframeAnimation(path: path, keyTimes: [0, 0.5, 1], rotationMode: .auto)
        a.duration = 1
        let s1 = a.value(at: 0.25)!
        XCTAssertEqual(s1.position.x, 5, accuracy: 1e-9)
        XCTAssertEqual(s1.rotation!, 0, accuracy: 1e-9)
        let s2 = a.value(at: 0.75)!
        XCTAssertEqual(s2.position.y, 5, accuracy: 1e-9)
        XCTAssertEqual(s2.rotation!, Double.pi / 2, accuracy: 1e-9)   // moving down = clockwise quarter turn
    }

    func testPathCurveEndsOnVertices() {
        var path = KeyframePath(start: Vector2(0, 100))
        path.addCurve(to: Vector2(50, 0), control1: Vector2(0, 75), control2: Vector2(0, 50))
        let a = PathKeyframeAnimation(path: path, timing: MediaTiming(duration: 1))
        XCTAssertEqual(a.sample(atFraction: 0).position, Vector2(0, 100))
        let end = a.sample(atFraction: 1).position
        XCTAssertEqual(end.x, 50, accuracy: 1e-9)
        XCTAssertEqual(end.y, 0, accuracy: 1e-9)
    }
}
