// PresentationStyle: MMProgressHUD's show/dismiss animations, rebuilt from HUDMotion parts.
//
// Design note: each style is written the way MMProgressHUD builds it (keyframe paths, keyframe
// rotations, groups, model values set under the animation) and then evaluated with Core Animation's
// clock rules from HUDMotion. Two CA facts shape the motion as on a device:
//   - children of a group whose duration is not set run for the group's duration (Drop's keyframes
//     span its whole 1.5 s group; Swing's its 0.75 s), clipped by it, never scaled;
//   - keyTimes whose count does not match the keyframes are not honoured (Drop's path has 5 vertices
//     and its rotation 5 values but both are given 6 keyTimes): we space those keyframes evenly.
// MMProgressHUD draws its angles with arc4random_uniform(1000)/1000; we draw the same quantised value
// from a SeededRandom so output is reproducible. Expand/Shrink fade in from opacity 0.25, as the
// source's `startingOpacity` says.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDMotion
import HUDRaster

/// `MMProgressHUDPresentationStyle`: how the HUD arrives and leaves.
public enum PresentationStyle: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Drops from above and swings on two strings; falls away when cut (the default).
    case drop
    /// Grows in from small with a bounce; expands out.
    case expand
    /// Shrinks in from large with a bounce; shrinks out.
    case shrink
    /// Swings in from the left; falls away as Drop.
    case swingLeft = "swing-left"
    /// Swings in from the right; falls away as Drop.
    case swingRight = "swing-right"
    /// Floats up from below like a balloon; floats away upwards when the string is cut.
    case balloon
    /// A plain alpha fade.
    case fade
    /// No animation.
    case none

    public var description: String { rawValue }

    /// Parses "drop", "swing-left", "swingLeft", "SwingLeft", ... (case and punctuation insensitive).
    public init?(name: String) {
        let key = name.lowercased().filter { $0.isLetter }
        guard let s = PresentationStyle.allCases.first(where: { $0.rawValue.filter { $0.isLetter } == key }) else { return nil }
        self = s
    }

    // MMProgressHUD's duration constants.
    public static let animateInDurationLong = 1.5
    public static let animateInDurationMedium = 0.75
    public static let animateInDurationNormal = 0.35
    public static let animateInDurationShort = 0.25
    public static let animateInDurationVeryShort = 0.15
    public static let animateOutDurationLong = 0.75
    public static let animateOutDurationMedium = 0.55
    public static let animateOutDurationShort = 0.35

    /// The random angle Drop (and Balloon) start from: 2/pi/10 + U * 2/pi/5 (M_2_PI is 2/pi).
    static func dropInAngle(_ rng: inout SeededRandom) -> Double {
        let u = Double(rng.uniform(1000)) / 1000
        return (2 / Double.pi) / 10 + u * (2 / Double.pi) / 5
    }
    /// The random angle Drop falls away with: U * 2/pi - 1/pi.
    static func dropOutAngle(_ rng: inout SeededRandom) -> Double {
        let u = Double(rng.uniform(1000)) / 1000
        return u * (2 / Double.pi) - (2 / Double.pi) / 2
    }

    /// The HUD's position for an anchor point: the window centre, moved so the HUD is centred, and
    /// nudged by half a point where needed so its edges land on whole points
    /// (`_windowCenterForHUDAnchor:` + `_antialiasedPositionPointForPoint:`).
    static func windowCenter(anchor: Vector2, hudSize: Size, window: Size) -> Vector2 {
        let x0 = (window.width / 2).rounded()
        let y0 = (window.height / 2 + (anchor.y - 0.5) * hudSize.height).rounded()
        var p = Vector2(x0, y0)
        func fix(_ c: Double, _ size: Double, _ a: Double) -> Double {
            guard a != 0 && a != 1 else { return c }
            let viewRem = (size / 2) - (size / 2).rounded(.towardZero)
            let centreRem = (c / 2) - (c / 2).rounded(.towardZero)
            if (viewRem == 0 && centreRem != 0) || (viewRem != 0 && centreRem == 0) { return c + viewRem }
            return c
        }
        p.x = fix(p.x, hudSize.width, anchor.x)
        p.y = fix(p.y, hudSize.height, anchor.y)
        return p
    }

    /// The show animation for a HUD of `hudSize` in a window of `window` points.
    public func presentAnimation(hudSize: Size, window: Size, random rng: inout SeededRandom) -> LayerAnimation {
        let w = hudSize.width, h = hudSize.height
        switch self {
        case .drop, .balloon:
            let anchor = Vector2(0.5, self == .drop ? 0 : 1)
            let c = Self.windowCenter(anchor: anchor, hudSize: hudSize, window: window)
            let start = self == .drop ? Vector2(c.x, -h) : Vector2(c.x, window.height + h)
            let a = Self.dropInAngle(&rng)
            var path = KeyframePath(start: start)
            path.addLine(to: Vector2(c.x - 10, c.y - 2))
            path.addCurve(to: Vector2(c.x + 5, c.y - 2), control1: Vector2(c.x, c.y - 10), control2: Vector2(c.x + 10, c.y - 10))
            path.addCurve(to: Vector2(c.x - 3, c.y), control1: Vector2(c.x + 7, c.y - 7), control2: Vector2(c.x, c.y - 7))
            path.addCurve(to: c, control1: Vector2(c.x, c.y - 4), control2: Vector2(c.x, c.y - 4))
            let keyTimes = [0, 0.25, 0.35, 0.55, 0.7, 1.0]
            var anim = LayerAnimation(anchor: anchor, model: LayerState(position: c))
            anim.group = AnimationGroup(duration: Self.animateInDurationLong)
            anim.positionPath = PathKeyframeAnimation(path: path, keyTimes: keyTimes, calculationMode: .cubic,
                                                      timing: MediaTiming(timingFunction: .linear))
            anim.rotationKeyframes = KeyframeAnimation(values: [a, -a * 0.85, a * 0.6, -a * 0.3, 0], keyTimes: keyTimes,
                                                       calculationMode: .cubic,
                                                       timing: MediaTiming(timingFunction: .easeInEaseOut))
            anim.randomAngle = a
            return anim
        case .expand, .shrink:
            let anchor = Vector2(0.5, 0.5)
            let c = Self.windowCenter(anchor: anchor, hudSize: hudSize, window: window)
            let startScale = self == .shrink ? 3.0 : 0.25
            let values = self == .shrink ? [startScale, 0.9, 1.1, 1] : [startScale, 1.1, 0.9, 1]
            var anim = LayerAnimation(anchor: anchor, model: LayerState(position: c))
            anim.group = AnimationGroup(duration: Self.animateInDurationShort, timingFunction: .easeOut)
            anim.scaleKeyframes = KeyframeAnimation(values: values, keyTimes: [0, 0.65, 0.8, 1], calculationMode: .cubic)
            anim.opacity = BasicAnimation(from: 0.25, to: 1, timing: MediaTiming(timingFunction: .easeIn))
            return anim
        case .swingLeft, .swingRight:
            let anchor = Vector2(0.5, 0)
            let end = Self.windowCenter(anchor: anchor, hudSize: hudSize, window: window)
            let fromLeft = self == .swingLeft
            let start = fromLeft ? Vector2(-w, 0) : Vector2(window.width + w, 0)
            let cp1 = Vector2(start.x + (fromLeft ? 10 : -10), start.y + window.height / 4)
            let cp2 = Vector2(end.x + (fromLeft ? -window.width / 4 : window.width / 4), end.y)
            var path = KeyframePath(start: start)
            path.addCurve(to: end, control1: cp1, control2: cp2)
            path.addLine(to: Vector2(end.x - 5, end.y))
            path.addLine(to: Vector2(end.x + 3, end.y))
            path.addLine(to: end)
            let keyTimes = [0, 0.75, 0.8, 0.9, 1.0]
            let tfs: [TimingFunction] = [.easeIn, .easeOut, .easeIn, .easeOut, .easeInEaseOut]
            let q = Double.pi / 4, sgn = fromLeft ? 1.0 : -1.0
            var anim = LayerAnimation(anchor: anchor, model: LayerState(position: end))
            anim.group = AnimationGroup(duration: Self.animateInDurationMedium)
            anim.positionPath = PathKeyframeAnimation(path: path, keyTimes: keyTimes, timingFunctions: tfs, calculationMode: .cubic)
            anim.rotationKeyframes = KeyframeAnimation(values: [sgn * q, 0, -sgn * q / 6, sgn * q / 12, 0], keyTimes: keyTimes,
                                                       timingFunctions: tfs, calculationMode: .cubic)
            return anim
        case .fade:
            let anchor = Vector2(0.5, 0.5)
            let c = Self.windowCenter(anchor: anchor, hudSize: hudSize, window: window)
            var anim = LayerAnimation(anchor: anchor, model: LayerState(position: c))
            anim.opacity = BasicAnimation(from: 0, to: 1, duration: Self.animateInDurationShort)
            return anim
        case .none:
            let anchor = Vector2(0.5, 0.5)
            return LayerAnimation(anchor: anchor, model: LayerState(position: Self.windowCenter(anchor: anchor, hudSize: hudSize, window: window)))
        }
    }

    /// The dismiss animation, starting from the presented (model) state `from`.
    public func dismissAnimation(from presented: LayerAnimation, hudSize: Size, window: Size,
                                 random rng: inout SeededRandom) -> LayerAnimation {
        let h = hudSize.height
        let pos = presented.model.position
        switch self {
        case .drop, .swingLeft, .swingRight:
            let angle = Self.dropOutAngle(&rng)
            let newPosition = Vector2(pos.x, window.height + h)
            var anim = LayerAnimation(anchor: presented.anchor, model: LayerState(position: newPosition, rotation: angle))
            anim.group = AnimationGroup(duration: Self.animateOutDurationLong, timingFunction: .easeIn)
            anim.positionBasic = BasicAnimation(from: pos, to: newPosition, timing: MediaTiming())
            anim.rotationBasic = BasicAnimation(from: presented.model.rotation, to: angle, timing: MediaTiming())
            anim.randomAngle = angle
            anim.removesAfterward = true
            return anim
        case .expand, .shrink:
            let end = self == .shrink ? 0.25 : 3.0
            var anim = LayerAnimation(anchor: presented.anchor, model: LayerState(position: pos, scale: end, opacity: 0))
            anim.group = AnimationGroup(duration: Self.animateOutDurationShort, timingFunction: .easeOut)
            anim.scaleKeyframes = KeyframeAnimation(values: [1, self == .shrink ? 1.2 : 0.8, end], keyTimes: [0, 0.45, 1], calculationMode: .cubic)
            anim.opacity = BasicAnimation(from: 1, to: 0, timing: MediaTiming(timingFunction: .easeIn))
            anim.removesAfterward = true
            return anim
        case .balloon:
            // Anchor at the bottom centre; the model rotation of pi/2 cancels the path's upward tangent.
            let anchor = Vector2(0.5, 1)
            let c = Self.windowCenter(anchor: anchor, hudSize: hudSize, window: window)
            let current = anchor == presented.anchor ? pos : Vector2(pos.x, c.y)
            let newPosition = Vector2(current.x, -h)
            let travel = newPosition - current
            var path = KeyframePath(start: current)
            path.addCurve(to: newPosition, control1: Vector2(current.x, current.y + travel.y / 4),
                          control2: Vector2(newPosition.x - 50, newPosition.y - travel.y / 2))
            var anim = LayerAnimation(anchor: anchor, model: LayerState(position: Vector2(c.x, -h), rotation: Double.pi / 2))
            anim.positionPath = PathKeyframeAnimation(path: path, calculationMode: .cubic, rotationMode: .auto,
                                                      timing: MediaTiming(duration: Self.animateOutDurationLong, timingFunction: .easeIn))
            anim.removesAfterward = true
            return anim
        case .fade:
            var anim = LayerAnimation(anchor: presented.anchor, model: LayerState(position: pos, opacity: 0))
            anim.opacity = BasicAnimation(from: 1, to: 0, duration: Self.animateOutDurationMedium)
            anim.removesAfterward = true
            return anim
        case .none:
            var anim = LayerAnimation(anchor: presented.anchor, model: LayerState(position: pos, opacity: 0))
            anim.removesAfterward = true
            return anim
        }
    }

    /// How long the overlay takes to fade out after a dismiss begins, and its delay (Drop waits 0.35 s).
    var overlayFadeOut: (delay: Double, duration: Double) {
        switch self {
        case .none: return (0, 0)
        case .drop: return (Self.animateOutDurationShort, Self.animateOutDurationLong)
        default: return (0, Self.animateOutDurationLong)
        }
    }
    /// The overlay's fade in on show.
    var overlayFadeIn: Double { self == .none ? 0 : Self.animateInDurationShort }
}

/// The presentation values of the HUD layer that the styles animate.
public struct LayerState: Hashable, Sendable {
    /// Position of the anchor point in window points.
    public var position: Vector2
    /// Rotation about the anchor, radians, clockwise on screen.
    public var rotation: Double
    /// Uniform scale about the anchor.
    public var scale: Double
    /// Layer opacity.
    public var opacity: Double
    public init(position: Vector2, rotation: Double = 0, scale: Double = 1, opacity: Double = 1) {
        self.position = position; self.rotation = rotation; self.scale = scale; self.opacity = opacity
    }
}

/// One show or dismiss animation on the HUD layer: model values plus the CA animations over them.
public struct LayerAnimation: Sendable {
    /// The layer's anchor point (unit coordinates of its bounds).
    public var anchor: Vector2
    /// What the layer shows when no animation is running (the values set under the animation).
    public var model: LayerState
    /// The group the animations belong to, if any (its clock clips theirs).
    public var group: AnimationGroup?
    public var positionPath: PathKeyframeAnimation?
    public var positionBasic: BasicAnimation<Vector2>?
    public var rotationKeyframes: KeyframeAnimation<Double>?
    public var rotationBasic: BasicAnimation<Double>?
    public var scaleKeyframes: KeyframeAnimation<Double>?
    public var opacity: BasicAnimation<Double>?
    /// The random angle drawn for this animation (Drop/Swing/Balloon), for inspection.
    public var randomAngle: Double?
    /// Whether the layer is removed from the window when the animation ends (dismissals).
    public var removesAfterward = false

    public init(anchor: Vector2, model: LayerState) { self.anchor = anchor; self.model = model }

    /// Seconds until the animation is over (the group's duration, or the longest child).
    public var duration: Double {
        if let g = group { return g.timing.activeDuration }
        var d = 0.0
        if let a = positionPath { d = max(d, a.timing.beginTime + a.timing.activeDuration) }
        if let a = positionBasic { d = max(d, a.timing.beginTime + a.timing.activeDuration) }
        if let a = rotationKeyframes { d = max(d, a.timing.beginTime + a.timing.activeDuration) }
        if let a = rotationBasic { d = max(d, a.timing.beginTime + a.timing.activeDuration) }
        if let a = scaleKeyframes { d = max(d, a.timing.beginTime + a.timing.activeDuration) }
        if let a = opacity { d = max(d, a.timing.beginTime + a.timing.activeDuration) }
        return d
    }

    private func eval<A: TimedAnimation>(_ a: A?, _ t: Double) -> A.Value? {
        guard let a else { return nil }
        if let g = group { return g.value(of: a, at: t) }
        return a.value(at: t)
    }

    /// The presentation state `t` seconds after the animation was added; nil once a dismissal is over.
    public func state(at t: Double) -> LayerState? {
        if removesAfterward && t >= duration { return nil }
        var s = model
        if let p = eval(positionPath, t) {
            s.position = p.position
            if let r = p.rotation { s.rotation = model.rotation + r }
        }
        if let p = eval(positionBasic, t) { s.position = p }
        if let r = eval(rotationKeyframes, t) { s.rotation = r }
        if let r = eval(rotationBasic, t) { s.rotation = r }
        if let k = eval(scaleKeyframes, t) { s.scale = k }
        if let o = eval(opacity, t) { s.opacity = o }
        return s
    }
}
