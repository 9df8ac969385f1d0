// Clock arithmetic: begin offsets, fill modes, repeat, autoreverse, groups and springs.
import XCTest
@testable import HUDMotion

final class MediaTimingTests: XCTestCase {
    func testBeginTimeAndFillModes() {
        var b = BasicAnimation(from: 0.0, to: 10, duration: 1, beginTime: 2)
        XCTAssertNil(b.value(at: 1))
        XCTAssertEqual(b.value(at: 2.5)!, 5, accuracy: 1e-12)
        XCTAssertNil(b.value(at: 3.5))
        b.fillMode = .both
        XCTAssertEqual(b.value(at: 1), 0)
        XCTAssertEqual(b.value(at: 3.5), 10)
        b.fillMode = .forwards
        XCTAssertNil(b.value(at: 1))
        XCTAssertEqual(b.value(at: 99), 10)
    }

    func testDefaultDurationIsQuarterSecond() {
        let b = BasicAnimation(from: 0.0, to: 1, timing: MediaTiming())
        XCTAssertEqual(b.value(at: 0.125)!, 0.5, accuracy: 1e-12)
        XCTAssertNil(b.value(at: 0.25))
    }

    func testRepeatAndAutoreverse() {
        var b = BasicAnimation(from: 0.0, to: 1, duration: 1)
        b.repeatCount = 2
        XCTAssertEqual(b.value(at: 1.25)!, 0.25, accuracy: 1e-12)
        XCTAssertNil(b.value(at: 2.01))
        b.autoreverses = true
        XCTAssertEqual(b.value(at: 0.5)!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(b.value(at: 1.25)!, 0.75, accuracy: 1e-12)    // on the way back
        XCTAssertEqual(b.value(at: 2.5)!, 0.5, accuracy: 1e-12)      // second cycle
        XCTAssertNil(b.value(at: 4.01))
        b.fillMode = .forwards
        XCTAssertEqual(b.value(at: 10)!, 0, accuracy: 1e-12)         // autoreversed animations end at the start
        b.repeatCount = .infinity
        XCTAssertEqual(b.value(at: 1000.25)!, 0.25, accuracy: 1e-9)
    }

    func testAutoreverseMirrorsTimingFunction() {
        var b = BasicAnimation(from: 0.0, to: 1, duration: 0.35, timingFunction: .easeInEaseOut)
        b.autoreverses = true
        XCTAssertEqual(b.value(at: 0.35 * 0.25)!, 0.1291, accuracy: 1e-4)
        XCTAssertEqual(b.value(at: 0.35 * 1.75)!, 0.1291, accuracy: 1e-4)
    }

    func testGroupClipsChildrenAndDefaultChildDuration() {
        var group = AnimationGroup(duration: 1.0)
        let child = BasicAnimation(from: 0.0, to: 1, timing: MediaTiming())   // no duration set
        // As in Core Animation, an untimed child runs for the group's duration...
        XCTAssertEqual(group.value(of: child, at: 0.5)!, 0.5, accuracy: 1e-12)
        // ...or, on request, for the stand-alone 0.25 s default, then the model value shows.
        group.untimedChildrenUseGroupDuration = false
        XCTAssertEqual(group.value(of: child, at: 0.125)!, 0.5, accuracy: 1e-12)
        XCTAssertNil(group.value(of: child, at: 0.5))
        let short = BasicAnimation(from: 0.0, to: 1, duration: 0.5)            // timed children are never scaled
        XCTAssertNil(AnimationGroup(duration: 1.0).value(of: short, at: 0.75))
        let long = BasicAnimation(from: 0.0, to: 10, duration: 4)
        XCTAssertEqual(group.value(of: long, at: 0.99)!, 2.475, accuracy: 1e-9)
        XCTAssertNil(group.value(of: long, at: 1.5))           // group over: clipped at 1 s
    }

    func testGroupTimingFunctionWarpsChildren() {
        let group = AnimationGroup(duration: 1, timingFunction: .easeIn)
        let child = BasicAnimation(from: 0.0, to: 1, duration: 1)
        XCTAssertEqual(group.value(of: child, at: 0.5)!, TimingFunction.easeIn.value(at: 0.5), accuracy: 1e-12)
    }

    func testSpringSettles() {
        let s = SpringAnimation(from: 0.0, to: 100, mass: 1, stiffness: 100, damping: 10)
        XCTAssertGreaterThan(s.settlingDuration, 0.5)
        XCTAssertLessThan(s.settlingDuration, 3)
        XCTAssertEqual(s.duration, s.settlingDuration)
        XCTAssertEqual(s.value(at: 0)!, 0, accuracy: 1e-9)
        // Underdamped: overshoots the target, then rests there.
        let peak = stride(from: 0.0, to: s.settlingDuration, by: 0.01).map { s.value(at: $0)! }.max()!
        XCTAssertGreaterThan(peak, 100)
        XCTAssertEqual(s.progress(at: s.settlingDuration + 0.5), 1, accuracy: 1e-3)
        // Critically damped with zero velocity never overshoots.
        let c = SpringAnimation(from: 0.0, to: 1, mass: 1, stiffness: 100, damping: 20)
        for t in stride(from: 0.0, to: 2, by: 0.01) { XCTAssertLessThanOrEqual(c.progress(at: t), 1 + 1e-12) }
        // Overdamped starts at 0 with the given velocity.
        let o = SpringAnimation(from: 0.0, to: 1, stiffness: 100, damping: 40, initialVelocity: 5)
        XCTAssertEqual(o.progress(at: 0), 0, accuracy: 1e-12)
        XCTAssertEqual(o.progress(at: 1e-6) / 1e-6, 5, accuracy: 1e-3)
    }

    func testSeededRandomIsReproducible() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42), c = SeededRandom(seed: 43)
        let xa = (0..<16).map { _ in a.next() }, xb = (0..<16).map { _ in b.next() }
        let xc = (0..<16).map { _ in c.next() }
        XCTAssertEqual(xa, xb)
        XCTAssertNotEqual(xa, xc)
        var d = SeededRandom(seed: 1)
        for _ in 0..<1000 {
            let u = d.nextDouble(); XCTAssertTrue(u >= 0 && u < 1)
            XCTAssertLessThan(d.uniform(1000), 1000)
        }
        XCTAssertEqual(d.uniform(0), 0)
    }

    func testTimelineFoldsEventsInOrder() {
        var tl = Timeline<String>()
        tl.add("b", at: 2)
        tl.add("a", at: 1)
        tl.add("c", at: 2)
        tl.add("z", at: -5)
        XCTAssertEqual(tl.entries.map(\.event), ["z", "a", "b", "c"])
        XCTAssertEqual(tl.state(at: 1.5, initial: "") { $0 += $1.event }, "za")
        XCTAssertEqual(tl.state(at: 2, initial: "") { $0 += $1.event }, "zabc")
        XCTAssertEqual(tl.endTime, 2)
    }
}
