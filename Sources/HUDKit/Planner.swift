// Planner: MMProgressHUD's state machine, run once over a script to make a HUDPlan.
//
// Design note: events and timers (the standard dismiss delay, the confirmation timeout) are taken
// in time order as the original's run loop would fire them; random angles are drawn here, in event
// order, from the HUD's seed, so output is reproducible.

import HUDMotion
import HUDRaster

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
        determinate = false
        plan.progress.append(.init(time: dismissEnd, from: 0, to: 0))
        plan.endTime = max(plan.endTime, dismissEnd, t + fade.delay + fade.duration)
    }
}
