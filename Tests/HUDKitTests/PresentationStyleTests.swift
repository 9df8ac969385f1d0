// Presentation styles: keyframes at chosen times from the model, and motion measured from frames.
import XCTest
import HUDMotion
import HUDRaster
@testable import HUDKit

final class PresentationStyleTests: XCTestCase {
    let hudSize = Size(width: 115, height: 77)
    let window = Size(width: 320, height: 480)

    // MARK: model

    func testDropPresentKeyframes() {
        var rng = SeededRandom(seed: 3)
        let a = PresentationStyle.drop.presentAnimation(hudSize: hudSize, window: window, random: &rng)
        let c = PresentationStyle.windowCenter(anchor: Vector2(0.5, 0), hudSize: hudSize, window: window)
        XCTAssertEqual(a.anchor, Vector2(0.5, 0))
        XCTAssertEqual(c.y, 240 - 38.5, accuracy: 0.51)        // window centre moved up by half the height
        let angle = a.randomAngle!
        XCTAssertGreaterThanOrEqual(angle, 0.0636)
        XCTAssertLessThanOrEqual(angle, 0.1911)
        let s0 = a.state(at: 0)!
        XCTAssertEqual(s0.position.y, -hudSize.height, accuracy: 1e-9)
        XCTAssertEqual(s0.rotation, angle, accuracy: 1e-9)
        // The untimed children run the group's 1.5 s; their 6 keyTimes do not match the 5 keyframes,
        // so the keyframes come evenly spaced: vertex 1 at 0.375 s.
        let s1 = a.state(at: 0.375)!
        XCTAssertEqual(s1.position.x, c.x - 10, accuracy: 1e-6)
        XCTAssertEqual(s1.position.y, c.y - 2, accuracy: 1e-6)
        // The rotation's own easeInEaseOut reaches keyframe 1 (fraction 0.25) later.
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 { let m = (lo + hi) / 2; if TimingFunction.easeInEaseOut.value(at: m) < 0.25 { lo = m } else { hi = m } }
        XCTAssertEqual(a.state(at: lo * 1.5)!.rotation, -0.85 * angle, accuracy: 1e-6)
        let s3 = a.state(at: 1.125)!
        XCTAssertEqual(s3.position.x, c.x - 3, accuracy: 1e-6)
        // After the children: the model values (centre, no rotation), for the rest of the group.
        let rest = a.state(at: 1.6)!
        XCTAssertEqual(rest.position, c)
        XCTAssertEqual(rest.rotation, 0)
        XCTAssertEqual(a.duration, 1.5, accuracy: 1e-12)
    }

    func testRandomAnglesAreSeeded() {
        func angle(_ seed: UInt64) -> Double {
            var rng = SeededRandom(seed: seed)
            return PresentationStyle.drop.presentAnimation(hudSize: hudSize, window: window, random: &rng).randomAngle!
        }
        XCTAssertEqual(angle(11), angle(11))
        XCTAssertNotEqual(Set((0..<8).map { angle($0) }).count, 1)
    }

    func testDropDismissFallsWithEaseIn() {
        var rng = SeededRandom(seed: 1)
        let shown = PresentationStyle.drop.presentAnimation(hudSize: hudSize, window: window, random: &rng)
        let d = PresentationStyle.drop.dismissAnimation(from: shown, hudSize: hudSize, window: window, random: &rng)
        let out = d.randomAngle!
        XCTAssertLessThanOrEqual(abs(out), 1 / Double.pi + 1e-9)   // U * 2/pi - 1/pi
        XCTAssertEqual(d.state(at: 0)!.position, shown.model.position)
        // Group 0.75 s easeIn; the untimed children share its clock.
        let t = 0.3
        let f = TimingFunction.easeIn.value(at: t / 0.75)
        let s = d.state(at: t)!
        XCTAssertEqual(s.position.y, shown.model.position.y + (window.height + hudSize.height - shown.model.position.y) * f, accuracy: 1e-6)
        XCTAssertEqual(s.rotation, out * f, accuracy: 1e-9)
        XCTAssertNil(d.state(at: 0.75))                            // removed
    }

    func testExpandAndShrinkScales() {
        var rng = SeededRandom(seed: 0)
        let e = PresentationStyle.expand.presentAnimation(hudSize: hudSize, window: window, random: &rng)
        XCTAssertEqual(e.state(at: 0)!.scale, 0.25, accuracy: 1e-9)
        XCTAssertEqual(e.state(at: 0)!.opacity, 0.25, accuracy: 1e-9)
        // Group easeOut: local fraction 0.65 (the 1.1 keyframe) is reached at the parent time solving easeOut(x) = 0.65.
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 { let m = (lo + hi) / 2; if TimingFunction.easeOut.value(at: m) < 0.65 { lo = m } else { hi = m } }
        XCTAssertEqual(e.state(at: lo * 0.25)!.scale, 1.1, accuracy: 1e-6)
        XCTAssertEqual(e.state(at: 0.3)!.scale, 1)
        let s = PresentationStyle.shrink.presentAnimation(hudSize: hudSize, window: window, random: &rng)
        XCTAssertEqual(s.state(at: 0)!.scale, 3, accuracy: 1e-9)
        XCTAssertEqual(s.state(at: lo * 0.25)!.scale, 0.9, accuracy: 1e-6)
        let eo = PresentationStyle.expand.dismissAnimation(from: e, hudSize: hudSize, window: window, random: &rng)
        XCTAssertEqual(eo.group!.timing.duration, 0.35)
        XCTAssertEqual(eo.state(at: 0)!.scale, 1, accuracy: 1e-9)
        XCTAssertEqual(eo.model.scale, 3)
        let so = PresentationStyle.shrink.dismissAnimation(from: s, hudSize: hudSize, window: window, random: &rng)
        XCTAssertEqual(so.model.scale, 0.25)
        XCTAssertEqual(so.model.opacity, 0)
    }

    func testSwingKeyframes() {
        var rng = SeededRandom(seed: 0)
        for style in [PresentationStyle.swingLeft, .swingRight] {
            let a = style.presentAnimation(hudSize: hudSize, window: window, random: &rng)
            let s0 = a.state(at: 0)!
            let left = style == .swingLeft
            XCTAssertEqual(s0.position.x, left ? -hudSize.width : window.width + hudSize.width, accuracy: 1e-9)
            XCTAssertEqual(s0.rotation, left ? Double.pi / 4 : -Double.pi / 4, accuracy: 1e-9)
            // keyTime 0.75 of the 0.75 s group: the end point, rotation 0.
            let end = a.model.position
            let s1 = a.state(at: 0.75 * 0.75)!
            XCTAssertEqual(s1.position.x, end.x, accuracy: 1e-6)
            XCTAssertEqual(s1.rotation, 0, accuracy: 1e-9)
            // keyTime 0.8: end.x - 5 and -+pi/24.
            let s2 = a.state(at: 0.8 * 0.75)!
            XCTAssertEqual(s2.position.x, end.x - 5, accuracy: 1e-6)
            XCTAssertEqual(s2.rotation, (left ? -1 : 1) * Double.pi / 24, accuracy: 1e-9)
        }
    }

    func testBalloonKeyframes() {
        var rng = SeededRandom(seed: 5)
        let a = PresentationStyle.balloon.presentAnimation(hudSize: hudSize, window: window, random: &rng)
        XCTAssertEqual(a.anchor, Vector2(0.5, 1))
        XCTAssertEqual(a.state(at: 0)!.position.y, window.height + hudSize.height, accuracy: 1e-9)
        let d = PresentationStyle.balloon.dismissAnimation(from: a, hudSize: hudSize, window: window, random: &rng)
        // The path starts straight up: rotation auto (-pi/2) plus the model's pi/2 = upright.
        XCTAssertEqual(d.state(at: 0)!.rotation, 0, accuracy: 1e-6)
        XCTAssertEqual(d.state(at: 0.7499)!.position.y, -hudSize.height, accuracy: 1)
        XCTAssertGreaterThan(d.state(at: 0.7)!.rotation, 0)        // tilts right as it drifts
        XCTAssertNil(d.state(at: 0.75))
    }

    func testFadeAndNone() {
        var rng = SeededRandom(seed: 0)
        let f = PresentationStyle.fade.presentAnimation(hudSize: hudSize, window: window, random: &rng)
        XCTAssertEqual(f.state(at: 0.125)!.opacity, 0.5, accuracy: 1e-9)
        let fo = PresentationStyle.fade.dismissAnimation(from: f, hudSize: hudSize, window: window, random: &rng)
        XCTAssertEqual(fo.state(at: 0.275)!.opacity, 0.5, accuracy: 1e-9)
        XCTAssertNil(fo.state(at: 0.55))
        let n = PresentationStyle.none.presentAnimation(hudSize: hudSize, window: window, random: &rng)
        XCTAssertEqual(n.state(at: 0)!.opacity, 1)
        XCTAssertNil(PresentationStyle.none.dismissAnimation(from: n, hudSize: hudSize, window: window, random: &rng).state(at: 0))
        XCTAssertEqual(PresentationStyle(name: "SwingLeft"), .swingLeft)
        XCTAssertEqual(PresentationStyle(name: "swing-right"), .swingRight)
        XCTAssertNil(PresentationStyle(name: "bounce"))
    }

    // MARK: measured from rendered frames (white background, no overlay)

    /// Frames of a HUD shown at 0 and dismissed at 2 (after every show animation has ended).
    func measure(_ style: PresentationStyle, times: [Double]) throws -> [Double: InkMeasure] {
        var hud = ProgressHUD()
        hud.presentationStyle = style
        hud.overlayMode = .none
        hud.seed = 9
        hud.at(0) { $0.show(title: "Loading", status: nil) }
        hud.at(2) { $0.dismiss() }
        let screen = try Screen(size: Size(width: 320, height: 480), scale: 1, backdrop: .color(.white))
        let scene = try ProgressHUDScene(hud: hud, screen: screen)
        var out: [Double: InkMeasure] = [:]
        for t in times { out[t] = InkMeasure(halfMaximumOf: try scene.render(at: t)) }
        return out
    }

    func testDropMeasured() throws {
        let m = try measure(.drop, times: [0.03, 0.08, 1.6, 2.1, 2.4, 2.9])
        let rest = m[1.6]!.centroid!
        XCTAssertEqual(rest.y, 240, accuracy: 4)
        XCTAssertLessThan(m[0.03]!.centroid!.y, rest.y - 40)      // enters from above
        XCTAssertLessThan(m[0.03]!.centroid!.y, m[0.08]!.centroid!.y)
        XCTAssertGreaterThan(m[2.4]!.centroid!.y, m[2.1]!.centroid!.y)  // falls downwards
        XCTAssertGreaterThan(m[2.4]!.centroid!.y, rest.y + 40)
        XCTAssertEqual(m[2.9]!.count, 0)                          // gone
    }

    func testBalloonMeasured() throws {
        let m = try measure(.balloon, times: [0.03, 0.08, 1.6, 2.3, 2.6, 2.9])
        let rest = m[1.6]!.centroid!
        XCTAssertEqual(rest.y, 240, accuracy: 4)
        XCTAssertGreaterThan(m[0.03]!.centroid!.y, rest.y + 40)   // rises from below
        XCTAssertGreaterThan(m[0.03]!.centroid!.y, m[0.08]!.centroid!.y)
        XCTAssertLessThan(m[2.3]!.centroid!.y, rest.y)            // floats away upwards
        XCTAssertLessThan(m[2.6]!.centroid!.y, m[2.3]!.centroid!.y)
        XCTAssertEqual(m[2.9]!.count, 0)
    }

    func testSwingMeasured() throws {
        let l = try measure(.swingLeft, times: [0.35, 0.45, 1.0])
        let l1 = try XCTUnwrap(l[0.35]?.centroid), l2 = try XCTUnwrap(l[0.45]?.centroid), lr = try XCTUnwrap(l[1.0]?.centroid)
        XCTAssertLessThan(l1.x, lr.x - 40)
        XCTAssertLessThan(l1.x, l2.x)
        let r = try measure(.swingRight, times: [0.35, 0.45, 1.0])
        let r1 = try XCTUnwrap(r[0.35]?.centroid), r2 = try XCTUnwrap(r[0.45]?.centroid), rr = try XCTUnwrap(r[1.0]?.centroid)
        XCTAssertGreaterThan(r1.x, rr.x + 40)
        XCTAssertGreaterThan(r1.x, r2.x)
        XCTAssertEqual(lr.x, 160, accuracy: 3)
    }

    func testExpandMeasured() throws {
        let enter = stride(from: 0.0, through: 0.25, by: 1.0 / 60).map { $0 }
        let leave = stride(from: 2.0, through: 2.35, by: 1.0 / 60).map { $0 }
        let m = try measure(.expand, times: enter + leave + [1.0])
        let rest = m[1.0]!.box!.width
        XCTAssertLessThan(m[0]!.box!.width, rest * 0.5)                                    // grows in from small
        XCTAssertGreaterThan(enter.compactMap { m[$0]?.box?.width }.max()!, rest * 1.04)   // overshoots
        XCTAssertGreaterThan(leave.compactMap { m[$0]?.box?.width }.max()!, rest * 1.5)    // expands out
        XCTAssertEqual(m[2.35]!.count, 0)
    }

    func testShrinkMeasured() throws {
        let leave = stride(from: 2.0, through: 2.3, by: 1.0 / 60).map { $0 }
        let m = try measure(.shrink, times: [0.0, 1.0] + leave)
        let rest = m[1.0]!.box!
        XCTAssertGreaterThan(m[0]!.box!.width, rest.width * 1.8)                          // comes in large
        let widths = leave.compactMap { m[$0]?.box?.width }
        XCTAssertLessThan(widths.min()!, rest.width * 0.6)                                // shrinks out
    }

    func testFadeMeasured() throws {
        let m = try measure(.fade, times: [0.05, 0.15, 1.0, 2.2, 2.4])
        let rest = m[1.0]!.box!
        for t in [0.05, 0.15, 2.2, 2.4] {
            let b = m[t]!.box!
            XCTAssertEqual(b.width, rest.width, accuracy: 2, "size changes at \(t)")
            XCTAssertEqual(b.midY, rest.midY, accuracy: 2)
        }
    }
}
