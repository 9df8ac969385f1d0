// The scripted state machine: dismiss delays, queuing, confirmation, progress, overlay fades.
import XCTest
import HUDRaster
@testable import HUDKit

final class ProgressHUDScriptTests: XCTestCase {
    let window = Size(width: 320, height: 480)
    let metrics = FakeMetrics()

    func testDismissWithSuccessWaitsTheStandardDelay() {
        var hud = ProgressHUD()
        hud.at(0) { $0.show(title: "Saving", status: nil) }
        hud.at(2) { $0.dismiss(withSuccess: "Done") }
        let plan = hud.plan(window: window, metrics: metrics)
        XCTAssertEqual(plan.contents.last!.content.kind, .success)
        XCTAssertEqual(plan.contents.last!.content.status, "Done")
        XCTAssertEqual(plan.presentations.count, 2)
        XCTAssertEqual(plan.presentations[1].start, 2 + 0.1 + 0.75, accuracy: 1e-9)
        XCTAssertTrue(plan.presentations[1].isDismissal)
    }

    func testDismissDuringShowAnimationIsQueued() {
        var hud = ProgressHUD()
        hud.at(0) { $0.show(title: "Quick", status: nil) }
        hud.at(0.5) { $0.dismiss() }
        let plan = hud.plan(window: window, metrics: metrics)
        XCTAssertEqual(plan.presentations[1].start, 1.5, accuracy: 1e-9)   // Drop's 1.5 s group
    }

    func testConfirmationTimesOutAndSecondTapCancels() {
        var hud = ProgressHUD()
        hud.at(0) { $0.show(title: "Sync", status: "Working", confirmationMessage: nil) }
        hud.at(1) { $0.tap() }
        let plan = hud.plan(window: window, metrics: metrics)
        XCTAssertEqual(plan.contents.first(where: { $0.time == 1 })!.content.status, "Cancel?")
        let back = plan.contents.last!
        XCTAssertEqual(back.time, 1 + 2.8, accuracy: 1e-9)
        XCTAssertEqual(back.content.status, "Working")
        XCTAssertEqual(plan.glows.count, 1)
        XCTAssertEqual(plan.glows[0].end, 3.8, accuracy: 1e-9)
        XCTAssertGreaterThan(plan.glow(at: 1.35), 0.99)
        XCTAssertEqual(plan.glow(at: 1.7), 0, accuracy: 1e-9)           // autoreversed back
        XCTAssertEqual(plan.glow(at: 4.0), 0)

        var twice = hud
        twice.at(2) { $0.tap() }
        let p2 = twice.plan(window: window, metrics: metrics)
        XCTAssertEqual(p2.contents.first(where: { $0.time == 2 })!.content.kind, .error)
        XCTAssertEqual(p2.presentations.last!.start, 2.25, accuracy: 1e-9)
        XCTAssertTrue(p2.presentations.last!.isDismissal)

        var custom = ProgressHUD()
        custom.glowColor = .blue
        custom.at(0) { $0.show(title: nil, status: "x", confirmationMessage: "Stop?") }
        custom.at(1) { $0.tap() }
        XCTAssertEqual(custom.plan(window: window, metrics: metrics).contents.first(where: { $0.time == 1 })!.content.status, "Stop?")
    }

    func testTapOnNonCancellableHUDDoesNothing() {
        var hud = ProgressHUD()
        hud.at(0) { $0.show(title: "A", status: "B") }
        hud.at(1) { $0.tap() }
        XCTAssertEqual(hud.plan(window: window, metrics: metrics).contents.count, 1)
    }

    func testProgressAnimatesAndCompletes() {
        var hud = ProgressHUD()
        hud.at(0) { $0.show(title: "Up", status: nil) }
        hud.at(1) { $0.updateProgress(0.5, status: "50%") }
        hud.at(2) { $0.updateProgress(1.0) }
        let plan = hud.plan(window: window, metrics: metrics)
        XCTAssertEqual(plan.contents[1].content.kind, .radialProgress)   // the first update switches to determinate
        XCTAssertEqual(plan.progressValue(at: 1.0, duration: 0.25), 0)
        XCTAssertEqual(plan.progressValue(at: 1.25, duration: 0.25), 0.5, accuracy: 1e-9)
        let mid = plan.progressValue(at: 1.125, duration: 0.25)
        XCTAssertGreaterThan(mid, 0.25)                                    // eases out
        XCTAssertEqual(plan.progressCompletedAt, 2)
        var spin = hud
        spin.progressStyle = .indeterminate
        XCTAssertEqual(spin.plan(window: window, metrics: metrics).contents[1].content.kind, .spinner)
    }

    func testContentChangeAnimatesFrameAndText() {
        var hud = ProgressHUD()
        hud.at(0) { $0.show(title: "A", status: nil) }
        hud.at(1) { $0.updateStatus("aaaa bbbb cccc dddd eeee") }
        let plan = hud.plan(window: window, metrics: metrics)
        let a = plan.layout(at: 0.9)!, b = plan.layout(at: 1.3)!
        let mid = plan.layout(at: 1.125)!
        XCTAssertEqual(mid.size.height, (a.size.height + b.size.height) / 2, accuracy: 1e-9)   // 0.25 s, linear
        XCTAssertNotNil(plan.contentLayers(at: 1.1)!.previous)                              // cross-fading
        XCTAssertNil(plan.contentLayers(at: 1.16)!.previous)                                // 0.15 s
    }

    func testOverlayFades() {
        var hud = ProgressHUD()
        hud.at(0) { $0.show(title: "A", status: nil) }
        hud.at(2) { $0.dismiss() }
        let plan = hud.plan(window: window, metrics: metrics)
        XCTAssertEqual(plan.overlayAlpha(at: 0), 0)
        XCTAssertGreaterThan(plan.overlayAlpha(at: 0.1), 0.4)             // easeOut 0.25 s
        XCTAssertEqual(plan.overlayAlpha(at: 0.25), 1)
        XCTAssertEqual(plan.overlayAlpha(at: 2.3), 1)                     // Drop waits 0.35 s
        XCTAssertLessThan(plan.overlayAlpha(at: 2.8), 1)
        XCTAssertEqual(plan.overlayAlpha(at: 3.1), 0, accuracy: 1e-9)
    }

    func testRenderingIsDeterministic() throws {
        let story = ProgressHUDStory()
        let screen = try Screen(size: Size(width: 200, height: 300), scale: 1, backdrop: .mockDark)
        let a = try ProgressHUDScene(hud: story.makeHUD(), screen: screen)
        let b = try ProgressHUDScene(hud: story.makeHUD(), screen: screen)
        for t in [0.05, 1.9, 3.95] {
            XCTAssertTrue(try a.render(at: t) == b.render(at: t), "frame \(t) differs")
        }
        var other = story
        other.seed = 99
        let c = try other.makeScene(device: .iPhoneSE3, scale: 1)
        XCTAssertNotEqual(c.plan.presentations[0].animation.randomAngle,
                          a.plan.presentations[0].animation.randomAngle)
    }

    func testDefaultStoryVariants() {
        let metrics = FakeMetrics()
        let story = ProgressHUDStory()
        let plan = story.makeHUD().plan(window: window, metrics: metrics)
        XCTAssertEqual(plan.contents.first!.content.kind, .spinner)
        XCTAssertEqual(plan.contents.first!.content.title, "Loading…")
        XCTAssertTrue(plan.contents.contains { $0.content.kind == .radialProgress && $0.content.status == "43%" })
        // Percentages change no faster than the label's 0.15 s cross-fade, so none is drawn over the last.
        let step = (ProgressHUDStory.progressEnd - ProgressHUDStory.progressStart) / Double(ProgressHUDStory.progressSteps)
        XCTAssertGreaterThanOrEqual(step, 0.15)
        XCTAssertEqual(plan.contents.last!.content.kind, .success)
        XCTAssertEqual(plan.contents.last!.content.status, "Completed!")
        XCTAssertEqual(plan.progressCompletedAt!, ProgressHUDStory.progressEnd, accuracy: 1e-9)
        XCTAssertEqual(plan.presentations.last!.start, ProgressHUDStory.resultTime + 0.85, accuracy: 1e-9)

        var spinner = story
        spinner.progress = .none
        let spinnerPlan = spinner.makeHUD().plan(window: window, metrics: metrics)
        XCTAssertTrue(spinnerPlan.contents.dropLast().allSatisfy { $0.content.kind == .spinner })
        // No percentages under a spinner: the status stays what the HUD opened with.
        XCTAssertTrue(spinnerPlan.contents.dropLast().allSatisfy { $0.content.status == nil }, "\(spinnerPlan.contents.map { $0.content.status })")
        XCTAssertNil(spinnerPlan.progressCompletedAt)
        var linear = story
        linear.progress = .linear
        XCTAssertTrue(linear.makeHUD().plan(window: window, metrics: metrics).contents.contains { $0.content.kind == .linearProgress })
        var plain = story
        plain.result = .none
        let p2 = plain.makeHUD().plan(window: window, metrics: metrics)
        XCTAssertEqual(p2.presentations.last!.start, ProgressHUDStory.resultTime, accuracy: 1e-9)
        XCTAssertFalse(p2.contents.contains { $0.content.kind == .success })
        var failing = story
        failing.result = .error
        XCTAssertEqual(failing.makeHUD().plan(window: window, metrics: metrics).contents.last!.content.kind, .error)
    }
}
