// ProgressHUD: MMProgressHUD's model and API, scripted over time instead of driven by a run loop.
//
// Design note: a UIKit user calls `show`, `updateProgress`, `dismissWithSuccess` as things happen; here
// the same calls are recorded at times (`hud.at(1.2) { $0.updateProgress(0.5) }`) into a `HUDScript`,
// and `plan(...)` replays them once, in time order, through the original's state machine (timers for
// the standard dismiss delay and the confirmation timeout included). The plan is a list of timed
// facts (presentations, content changes, progress changes, overlay fades, glow intervals) from which
// any frame's state is read without touching any other frame; the random angles are drawn here, in
// event order, from the HUD's seed, so output is reproducible.

import HUDMotion
import HUDRaster

/// An MMProgressHUD re-created frame by frame. Configure it like `[MMProgressHUD sharedHUD]`, then
/// script what happens when:
///
///     var hud = ProgressHUD()
///     hud.presentationStyle = .balloon
///     hud.at(0.0) { $0.show(title: "Loading", status: "Please wait…") }
///     hud.at(1.0) { $0.updateProgress(0.5, status: "50%") }
///     hud.at(2.0) { $0.dismiss(withSuccess: "Completed!") }
///     let scene = try ProgressHUDScene(hud: hud, device: .iPhone14)
public struct ProgressHUD: Sendable {
    /// `MMProgressHUDProgressStyle` plus the indeterminate spinner.
    public enum ProgressStyle: String, CaseIterable, Hashable, Sendable {
        /// UIKit's large white activity indicator (progress updates do not change it).
        case indeterminate
        /// `MMProgressHUDProgressStyleRadial` (the default).
        case radial
        /// `MMProgressHUDProgressStyleLinear`.
        case linear
    }

    /// `MMProgressHUDWindowOverlayMode`.
    public enum OverlayMode: String, CaseIterable, Hashable, Sendable {
        /// A radial black gradient, clear in the middle (the default).
        case gradient
        /// Black at 30% over the whole screen.
        case linear
        /// No overlay.
        case none
    }

    /// `MMProgressHUDCompletionState`.
    public enum CompletionState: String, Hashable, Sendable {
        case none, success, error
    }

    /// How the HUD arrives and leaves (`presentationStyle`, default `.drop`).
    public var presentationStyle: PresentationStyle = .drop
    /// What covers the app behind the HUD (`overlayMode`, default `.gradient`).
    public var overlayMode: OverlayMode = .gradient
    /// The colour the HUD glows in while asking for confirmation (`glowColor`, default red).
    public var glowColor: Color = .red
    /// The determinate progress view used once progress is fed (`progressStyle`, default `.radial`).
    public var progressStyle: ProgressStyle = .radial
    /// The message shown on the first tap of a cancellable HUD (`confirmationMessage`, "Cancel?").
    public var confirmationMessage: String = "Cancel?"
    /// Draws a white 2 pt border around the HUD.
    public var hasBorder: Bool = false
    /// The border's colour and width when `hasBorder` is set.
    public var borderColor: Color = .white
    public var borderWidth: Double = 2
    /// The image shown on success (nil = the vector check mark).
    public var successImage: Image? = nil
    /// The image shown on error (nil = the vector X).
    public var errorImage: Image? = nil
    /// Seed of the random angles Drop, Swing and Balloon start and fall with.
    public var seed: UInt64 = 0
    /// Seconds a determinate progress change takes to animate (ease out).
    public var progressAnimationDuration: Double = PresentationStyle.animateInDurationShort

    /// Seconds between a success/error update and the dismiss it schedules (`MMProgressHUDStandardDismissDelay`).
    public static let standardDismissDelay = 0.75
    /// Seconds the confirmation state lasts (`MMProgressHUDAnimateInDurationNormal * MMProgressHUDConfirmationPulseCount`).
    public static let confirmationTimeout = PresentationStyle.animateInDurationNormal * 8

    /// What happens when.
    public private(set) var script = HUDScript()

    public init() {}

    /// Records the calls made on the actions at `time` seconds.
    public mutating func at(_ time: Double, _ body: (inout HUDScript.Actions) -> Void) {
        var actions = HUDScript.Actions()
        body(&actions)
        for e in actions.events { script.timeline.add(e, at: time) }
    }

    /// Replaces the whole script.
    public mutating func setScript(_ script: HUDScript) { self.script = script }
}

extension ProgressHUD {
    /// Replays the script for a window of `window` points, measuring text with `metrics`.
    public func plan(window: Size, metrics: HUDTextMeasuring) -> HUDPlan {
        var planner = Planner(hud: self, window: window, metrics: metrics)
        planner.run()
        return planner.plan
    }
}
