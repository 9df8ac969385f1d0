// HUDPlan: a replayed script, the timed facts every frame of a HUD is read from.
//
// Design note: presentations, content changes, progress changes, overlay fades and glow intervals
// are kept as lists with their start times, so any frame's state is a lookup plus one timing curve,
// independent of every other frame (frames render in any order, on any thread).

import HUDMotion
import HUDRaster

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
