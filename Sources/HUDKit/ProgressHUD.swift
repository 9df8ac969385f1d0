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

/// The timed calls a HUD is scripted with.
public struct HUDScript: Sendable {
    /// One call on the HUD.
    public enum Event: Sendable {
        case show(title: String?, status: String?, image: Image?, determinate: Bool?, cancellable: Bool, confirmationMessage: String?)
        case update(title: String?, status: String?, progress: Double?)
        case dismiss(CompletionState, title: String?, status: String?, delay: Double)
        case tap
    }
    public typealias CompletionState = ProgressHUD.CompletionState

    public var timeline = Timeline<Event>()
    public init() {}

    /// Records calls made at one moment, with MMProgressHUD's method names.
    public struct Actions: Sendable {
        public private(set) var events: [Event] = []
        public init() {}

        /// `+showWithTitle:status:` (indeterminate spinner).
        public mutating func show(title: String? = nil, status: String? = nil) {
            events.append(.show(title: title, status: status, image: nil, determinate: false, cancellable: false, confirmationMessage: nil))
        }
        /// `+showWithTitle:status:image:` (a custom image instead of the spinner).
        public mutating func show(title: String?, status: String?, image: Image) {
            events.append(.show(title: title, status: status, image: image, determinate: false, cancellable: false, confirmationMessage: nil))
        }
        /// `+showWithTitle:status:confirmationMessage:cancelBlock:`: taps ask for confirmation, a second tap cancels.
        public mutating func show(title: String?, status: String?, confirmationMessage: String?, cancellable: Bool = true) {
            events.append(.show(title: title, status: status, image: nil, determinate: false, cancellable: cancellable,
                                confirmationMessage: confirmationMessage))
        }
        /// `+showDeterminateProgressWithTitle:status:` with the HUD's `progressStyle`.
        public mutating func showProgress(title: String? = nil, status: String? = nil, cancellable: Bool = false) {
            events.append(.show(title: title, status: status, image: nil, determinate: true, cancellable: cancellable, confirmationMessage: nil))
        }
        /// `+updateProgress:withStatus:title:`; nil leaves a label as it is. p >= 1 fires progressCompletion.
        public mutating func updateProgress(_ progress: Double, status: String? = nil, title: String? = nil) {
            events.append(.update(title: title, status: status, progress: progress))
        }
        /// `+updateStatus:`.
        public mutating func updateStatus(_ status: String) {
            events.append(.update(title: nil, status: status, progress: nil))
        }
        /// `+updateTitle:status:`.
        public mutating func updateTitle(_ title: String, status: String? = nil) {
            events.append(.update(title: title, status: status, progress: nil))
        }
        /// `+dismiss`.
        public mutating func dismiss() { events.append(.dismiss(.none, title: nil, status: nil, delay: 0)) }
        /// `+dismissAfterDelay:`.
        public mutating func dismiss(afterDelay delay: Double) { events.append(.dismiss(.none, title: nil, status: nil, delay: delay)) }
        /// `+dismissWithSuccess:title:afterDelay:`: the check mark, then dismiss after the delay.
        public mutating func dismiss(withSuccess status: String?, title: String? = nil,
                                     afterDelay delay: Double = ProgressHUD.standardDismissDelay) {
            events.append(.dismiss(.success, title: title, status: status, delay: delay))
        }
        /// `+dismissWithError:title:afterDelay:`: the X, then dismiss after the delay.
        public mutating func dismiss(withError status: String?, title: String? = nil,
                                     afterDelay delay: Double = ProgressHUD.standardDismissDelay) {
            events.append(.dismiss(.error, title: title, status: status, delay: delay))
        }
        /// A tap on the HUD (confirmation on a cancellable HUD; the second tap cancels).
        public mutating func tap() { events.append(.tap) }
    }
}

/// What the HUD shows at one moment (labels and content area).
public struct HUDContent: Sendable, Equatable {
    public var title: String?
    public var status: String?
    public var kind: HUDContentKind
    public var image: Image?
    public init(title: String? = nil, status: String? = nil, kind: HUDContentKind = .spinner, image: Image? = nil) {
        self.title = title; self.status = status; self.kind = kind; self.image = image
    }
}

/// The script replayed: every timed fact a frame needs.
public struct HUDPlan: Sendable {
    /// A show or dismiss animation added at `start`.
    public struct Presentation: Sendable {
        public var start: Double
        public var isDismissal: Bool
        public var animation: LayerAnimation
        /// The HUD size the animation was built for.
        public var hudSize: Size
    }
    /// New content at `time`; the frame animates from `fromLayout` over 0.25 s, text cross-fades 0.15 s.
    public struct ContentChange: Sendable {
        public var time: Double
        public var content: HUDContent
        public var previous: HUDContent?
        public var layout: HUDLayout
        public var fromLayout: HUDLayout
        /// Whether the change animates (false when the HUD appears with it).
        public var animated: Bool
    }
    public struct ProgressChange: Sendable { public var time: Double; public var from: Double; public var to: Double }
    public struct OverlayFade: Sendable {
        public var start: Double; public var delay: Double; public var duration: Double
        public var from: Double; public var to: Double; public var timing: TimingFunction
    }

    public var presentations: [Presentation] = []
    public var contents: [ContentChange] = []
    public var progress: [ProgressChange] = []
    public var overlay: [OverlayFade] = []
    /// Confirmation glow intervals [start, end).
    public var glows: [(start: Double, end: Double)] = []
    /// When progress first reached 1 (MMProgressHUD's progressCompletion), if it did.
    public var progressCompletedAt: Double?
    /// When the last thing on screen stops moving.
    public var endTime: Double = 0

    public static let frameAnimationDuration = PresentationStyle.animateInDurationShort
    public static let textCrossFadeDuration = PresentationStyle.animateInDurationVeryShort
    public static let imageCrossDissolveDuration = PresentationStyle.animateInDurationVeryShort
    /// `_updateHUDAnimated:` runs a 0.1 s animation before its completion (which starts the dismiss timer).
    public static let updateCompletionDelay = 0.1

    /// The layout shown at `t` (animating between content changes).
    public func layout(at t: Double) -> HUDLayout? {
        guard let i = contents.lastIndex(where: { $0.time <= t }) else { return nil }
        let c = contents[i]
        guard c.animated else { return c.layout }
        let f = min(max((t - c.time) / Self.frameAnimationDuration, 0), 1)
        return c.fromLayout.interpolated(to: c.layout, fraction: f)
    }

    /// The contents visible at `t` with their opacities (old fading out, new fading in).
    public func contentLayers(at t: Double) -> (current: HUDContent, previous: HUDContent?, fade: Double)? {
        guard let i = contents.lastIndex(where: { $0.time <= t }) else { return nil }
        let c = contents[i]
        guard c.animated, let prev = c.previous else { return (c.content, nil, 1) }
        let f = TimingFunction.easeOut.value(at: (t - c.time) / Self.textCrossFadeDuration)
        return (c.content, f >= 1 ? nil : prev, f)
    }

    /// The progress value drawn at `t`.
    public func progressValue(at t: Double, duration: Double) -> Double {
        guard let i = progress.lastIndex(where: { $0.time <= t }) else { return 0 }
        let p = progress[i]
        let f = TimingFunction.easeOut.value(at: duration > 0 ? (t - p.time) / duration : 1)
        return p.from + (p.to - p.from) * f
    }

    /// The overlay's alpha at `t`.
    public func overlayAlpha(at t: Double) -> Double {
        Self.alpha(overlay[...], at: t)
    }

    static func alpha(_ fades: ArraySlice<HUDPlan.OverlayFade>, at t: Double) -> Double {
        guard let i = fades.lastIndex(where: { $0.start <= t }) else { return 0 }
        let f = fades[i]
        if t < f.start + f.delay { return alpha(fades[..<i], at: t) }
        guard f.duration > 0 else { return f.to }
        let u = f.timing.value(at: (t - f.start - f.delay) / f.duration)
        return f.from + (f.to - f.from) * u
    }

    /// The glow amount (0...1) at `t`: a 0.35 s easeInEaseOut pulse that autoreverses forever.
    public func glow(at t: Double) -> Double {
        guard let g = glows.last(where: { $0.start <= t && t < $0.end }) else { return 0 }
        var pulse = BasicAnimation(from: 0.0, to: 1.0, duration: PresentationStyle.animateInDurationNormal,
                                   timingFunction: .easeInEaseOut)
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        return pulse.value(at: t - g.start) ?? 0
    }

    /// The presentation (show or dismiss) in effect at `t` and its layer state; nil when the HUD is not on screen.
    public func presentation(at t: Double) -> (Presentation, LayerState)? {
        guard let i = presentations.lastIndex(where: { $0.start <= t }) else { return nil }
        let p = presentations[i]
        guard let s = p.animation.state(at: t - p.start) else { return nil }
        return (p, s)
    }
}

extension ProgressHUD {
    /// Replays the script for a window of `window` points, measuring text with `metrics`.
    public func plan(window: Size, metrics: HUDTextMeasuring) -> HUDPlan {
        var planner = Planner(hud: self, window: window, metrics: metrics)
        planner.run()
        return planner.plan
    }
}

/// MMProgressHUD's state machine, run once over the script.
struct Planner {
    let hud: ProgressHUD
    let window: Size
    let metrics: HUDTextMeasuring
    var plan = HUDPlan()
    var rng: SeededRandom

    var content = HUDContent()
    var visible = false
    var determinate = false
    var cancellable = false
    var confirmationMessage: String
    var confirmed = false
    var tempStatus: String?
    var progressValue = 0.0
    var dismissTimer: Double?
    var confirmTimer: Double?
    var glowStart: Double?
    /// The running show animation (for queuing a dismiss until it ends).
    var showEnd = -Double.infinity
    var dismissEnd = -Double.infinity
    var presented: LayerAnimation?

    init(hud: ProgressHUD, window: Size, metrics: HUDTextMeasuring) {
        self.hud = hud; self.window = window; self.metrics = metrics
        self.rng = SeededRandom(seed: hud.seed)
        self.confirmationMessage = hud.confirmationMessage
    }

    func layout(for c: HUDContent) -> HUDLayout {
        HUDLayout(title: c.title, status: c.status, content: c.kind, metrics: metrics)
    }

    var progressKind: HUDContentKind {
        switch hud.progressStyle {
        case .indeterminate: return .spinner
        case .radial: return .radialProgress
        case .linear: return .linearProgress
        }
    }

    mutating func changeContent(at t: Double, animated: Bool) {
        let new = layout(for: content)
        let prev = plan.contents.last
        let from = plan.layout(at: t) ?? new
        plan.contents.append(.init(time: t, content: content, previous: prev?.content, layout: new, fromLayout: from,
                                   animated: animated && prev != nil))
        plan.endTime = max(plan.endTime, t + HUDPlan.frameAnimationDuration)
    }

    mutating func run() {
        let entries = hud.script.timeline.entries
        var i = 0
        while true {
            let nextEvent = i < entries.count ? entries[i].time : Double.infinity
            let nextTimer = min(dismissTimer ?? .infinity, confirmTimer ?? .infinity)
            if nextEvent == .infinity && nextTimer == .infinity { break }
            if nextTimer < nextEvent {
                if let d = dismissTimer, d == nextTimer { dismissTimer = nil; performDismiss(at: d) }
                else if let c = confirmTimer { confirmTimer = nil; resetConfirmation(at: c) }
            } else {
                handle(entries[i].event, at: entries[i].time)
                i += 1
            }
        }
        if let g = glowStart { plan.glows.append((g, .infinity)); glowStart = nil }
        plan.progress.sort { $0.time < $1.time }
        plan.endTime = max(plan.endTime, entries.last?.time ?? 0)
    }

    mutating func handle(_ event: HUDScript.Event, at t: Double) {
        switch event {
        case let .show(title, status, image, det, canc, msg):
            dismissTimer = nil
            content.title = title
            content.status = status
            content.image = image
            if let det { determinate = det }
            cancellable = canc
            confirmationMessage = (msg?.isEmpty == false) ? msg! : hud.confirmationMessage
            content.kind = image != nil ? .image : (determinate ? progressKind : .spinner)
            if visible {
                changeContent(at: t, animated: true)
            } else {
                present(at: max(t, dismissEnd))
            }
        case let .update(title, status, progress):
            if let title { content.title = title }
            if let status { content.status = status }
            var changed = title != nil || status != nil
            if let p = progress {
                let clamped = min(max(p.isFinite ? p : 0, 0), 1)
                plan.progress.append(.init(time: t, from: plan.progressValue(at: t, duration: hud.progressAnimationDuration), to: clamped))
                plan.endTime = max(plan.endTime, t + hud.progressAnimationDuration)
                progressValue = clamped
                if p >= 1 && plan.progressCompletedAt == nil { plan.progressCompletedAt = t }
                if !determinate && hud.progressStyle != .indeterminate && content.image == nil {
                    determinate = true
                    content.kind = progressKind
                    changed = true
                }
            }
            if changed && visible { changeContent(at: t, animated: true) }
        case let .dismiss(state, title, status, delay):
            guard visible else { return }
            if state == .none {
                if delay > 0 { dismissTimer = t + delay } else { performDismiss(at: t) }
                return
            }
            if let title { content.title = title }
            if let status { content.status = status }
            content.kind = state == .success ? .success : .error
            changeContent(at: t, animated: true)
            if delay.isFinite { dismissTimer = t + HUDPlan.updateCompletionDelay + max(delay, 0) }
        case .tap:
            guard visible, cancellable else { return }
            if !confirmed {
                tempStatus = content.status
                content.status = confirmationMessage
                changeContent(at: t, animated: true)
                confirmTimer = t + ProgressHUD.confirmationTimeout
                confirmed = true
                glowStart = t
            } else {
                confirmTimer = nil
                content.kind = .error
                changeContent(at: t, animated: true)
                confirmed = false
                dismissTimer = t + HUDPlan.frameAnimationDuration
            }
        }
    }

    mutating func resetConfirmation(at t: Double) {
        content.status = tempStatus
        tempStatus = nil
        confirmed = false
        if let g = glowStart { plan.glows.append((g, t)); glowStart = nil }
        if visible { changeContent(at: t, animated: true) }
    }

    mutating func present(at t: Double) {
        changeContent(at: t, animated: false)
        let size = layout(for: content).size
        let anim = hud.presentationStyle.presentAnimation(hudSize: size, window: window, random: &rng)
        plan.presentations.append(.init(start: t, isDismissal: false, animation: anim, hudSize: size))
        presented = anim
        showEnd = t + anim.duration
        visible = true
        let from = plan.overlayAlpha(at: t)
        plan.overlay.append(.init(start: t, delay: 0, duration: hud.presentationStyle.overlayFadeIn, from: from, to: 1, timing: .easeOut))
        plan.endTime = max(plan.endTime, showEnd, t + hud.presentationStyle.overlayFadeIn)
    }

    mutating func performDismiss(at requested: Double) {
        guard visible, var presented else { return }
        // A dismiss asked for during the show animation waits for it to end (MMProgressHUD queues it).
        let t = max(requested, showEnd)
        let size = (plan.layout(at: t) ?? layout(for: content)).size
        presented.model.position = PresentationStyle.windowCenter(anchor: presented.anchor, hudSize: size, window: window)
        let anim = hud.presentationStyle.dismissAnimation(from: presented, hudSize: size, window: window, random: &rng)
        plan.presentations.append(.init(start: t, isDismissal: true, animation: anim, hudSize: size))
        visible = false
        dismissEnd = t + anim.duration
        let fade = hud.presentationStyle.overlayFadeOut
        plan.overlay.append(.init(start: t, delay: fade.delay, duration: fade.duration,
                                  from: HUDPlan.alpha(plan.overlay[...], at: t + fade.delay), to: 0, timing: .easeIn))
        if let g = glowStart { plan.glows.append((g, dismissEnd)); glowStart = nil }
        confirmTimer = nil
        confirmed = false
        // Reset for the next presentation (the dismiss completion's `self.progress = 0`).
        progressValue = 0
        determinate = false
        plan.progress.append(.init(time: dismissEnd, from: 0, to: 0))
        plan.endTime = max(plan.endTime, dismissEnd, t + fade.delay + fade.duration)
    }
}
