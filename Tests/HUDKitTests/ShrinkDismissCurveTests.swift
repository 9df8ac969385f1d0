// MMProgressHUD's shrink dismissal, curve by curve against the source.
import XCTest
import HUDMotion
import HUDRaster
@testable import HUDKit

final class ShrinkDismissCurveTests: XCTestCase {
    /// `_shrinkAnimation:YES animateOut:YES`: a 0.35 s group with an ease-out clock over a cubic scale
    /// 1 -> 1.2 (at 0.45) -> 0.25 and an ease-in fade 1 -> 0; the children's durations are unset, so
    /// they span the group. The HUD stays visible most of the 0.35 s.
    func testShrinkDismissFollowsTheSourceCurves() {
        var rng = SeededRandom(seed: 0)
        let hudSize = Size(width: 120, height: 80), window = Size(width: 320, height: 480)
        let shown = PresentationStyle.shrink.presentAnimation(hudSize: hudSize, window: window, random: &rng)
        let out = PresentationStyle.shrink.dismissAnimation(from: shown, hudSize: hudSize, window: window, random: &rng)
        XCTAssertEqual(out.duration, 0.35, accuracy: 1e-12)
        for t in stride(from: 0.0, to: 0.35, by: 0.025) {
            let u = TimingFunction.easeOut.value(at: t / 0.35)
            let s = out.state(at: t)!
            XCTAssertEqual(s.opacity, 1 - TimingFunction.easeIn.value(at: u), accuracy: 1e-9, "opacity at \(t)")
            print(String(format: "shrink dismiss t=%.3f opacity %.3f scale %.3f", t, s.opacity, s.scale))
        }
        XCTAssertGreaterThan(out.state(at: 0.12)!.opacity, 0.5)
        XCTAssertGreaterThan(out.state(at: 0.2)!.opacity, 0.2)
        XCTAssertNil(out.state(at: 0.35))
    }
}
