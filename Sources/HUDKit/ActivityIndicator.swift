// ActivityIndicator: NVActivityIndicatorView's animations as a pure function of time.
//
// Design note: each type is NVActivityIndicatorView's layer tree evaluated analytically: the same
// sizes, begin offsets, key times and timing functions (Core Animation's rules via HUDMotion's
// KeyframeAnimation), applied to shapes drawn in a square of the frame's shorter side, centred.
// A sub-layer whose animation has not begun yet shows its model values (scale 1, opacity 1, full
// stroke), exactly as on a device right after `startAnimating()`. `draw(in:rect:at:)` needs no
// state, so the HUD can place any indicator where its spinner would be.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster
import HUDMotion

/// An NVActivityIndicatorView: a type, a colour and padding, drawn at any time `t` after
/// `startAnimating()`.
public struct ActivityIndicator: Hashable, Sendable {
    /// The animation.
    public var type: ActivityIndicatorType
    /// The shapes' colour (NVActivityIndicatorView's default is white).
    public var color: Color
    /// Inset from the frame on every side, in points (default 0).
    public var padding: Double

    public init(type: ActivityIndicatorType = .default, color: Color = .white, padding: Double = 0) {
        self.type = type
        self.color = color
        self.padding = padding.isFinite ? max(0, padding) : 0
    }

    /// The length of one cycle of the animation in seconds (the longest bar's for audioEqualizer).
    public var period: Double {
        switch type {
        case .ballPulse, .ballClipRotate: return 0.75
        case .ballSpinFadeLoader, .lineScale, .ballScale, .pacman: return 1
        case .audioEqualizer: return 4.3
        case .circleStrokeSpin: return 1.7
        case .ballBeat: return 0.7
        case .lineSpinFadeLoader: return 1.2
        case .ballRotateChase: return 1.5
        }
    }

    /// The latest begin offset among the sub-layers: from this time on the animation is periodic
    /// (before it, late sub-layers still show their model values).
    public var warmUp: Double {
        switch type {
        case .ballPulse: return 0.36
        case .ballSpinFadeLoader: return 0.84
        case .lineScale: return 0.5
        case .ballBeat: return 0.35
        case .lineSpinFadeLoader: return 0.96
        default: return 0
        }
    }

    /// Draws the indicator as it looks `t` seconds after `startAnimating()`, in `rect` (canvas user
    /// space, points). The animation uses a square of the padded rect's shorter side, centred.
    public func draw(in canvas: Canvas, rect: Rect, at t: Double) {
        let inner = rect.insetBy(dx: padding, dy: padding)
        let side = min(inner.width, inner.height)
        guard side > 0, side.isFinite, t.isFinite else { return }
        let box = Rect(x: inner.midX - side / 2, y: inner.midY - side / 2, width: side, height: side)
        canvas.saveGState()
        canvas.setFillColor(color)
        canvas.setStrokeColor(color)
        switch type {
        case .ballPulse: ballPulse(canvas, box, t)
        case .ballSpinFadeLoader: ballSpinFadeLoader(canvas, box, t)
        case .lineScale: lineScale(canvas, box, t)
        case .audioEqualizer: audioEqualizer(canvas, box, rect, t)
        case .circleStrokeSpin: circleStrokeSpin(canvas, box, t)
        case .ballClipRotate: ballClipRotate(canvas, box, t)
        case .ballScale: ballScale(canvas, box, t)
        case .ballBeat: ballBeat(canvas, box, t)
        case .lineSpinFadeLoader: lineSpinFadeLoader(canvas, box, t)
        case .ballRotateChase: ballRotateChase(canvas, box, t)
        case .pacman: pacman(canvas, box, t)
        }
        canvas.restoreGState()
    }

    // MARK: - Animation helpers

    /// A repeating keyframe animation's value at `t`, or `model` before it begins.
    static func keyframes(_ values: [Double], _ keyTimes: [Double]?, _ tf: TimingFunction?, duration: Double,
                          begin: Double = 0, groupTiming: TimingFunction? = nil, at t: Double, model: Double) -> Double {
        let anim = KeyframeAnimation<Double>(
            values: values, keyTimes: keyTimes,
            timingFunctions: tf.map { f in Array(repeating: f, count: max(0, values.count - 1)) },
            calculationMode: .linear,
            timing: MediaTiming(beginTime: begin, duration: duration, repeatCount: .infinity, timingFunction: groupTiming))
        return anim.value(at: t) ?? model
    }

    /// Fraction 0..<1 through a repeating cycle that began at `begin`, or nil before it begins.
    static func cycleFraction(_ t: Double, duration: Double, begin: Double = 0) -> Double? {
        let local = t - begin
        guard local >= 0 else { return nil }
        let f = local / duration
        return f - f.rounded(.down)
    }

    static let nvCurve = TimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)

    private func fillCircle(_ canvas: Canvas, center: Point, diameter: Double, alpha: Double = 1) {
        guard diameter > 0 else { return }
        if alpha < 1 { canvas.setFillColor(color.withAlphaComponent(color.alpha * max(0, alpha))) }
        canvas.fill(KitShapes.circle(center: center, radius: diameter / 2))
        if alpha < 1 { canvas.setFillColor(color) }
    }

    // MARK: - Types

    private func ballPulse(_ canvas: Canvas, _ box: Rect, _ t: Double) {
        let spacing = 2.0
        let d = (box.width - 2 * spacing) / 3
        let begins = [0.12, 0.24, 0.36]
        for i in 0..<3 {
            let s = Self.keyframes([1, 0.3, 1], [0, 0.3, 1], Self.nvCurve, duration: 0.75, begin: begins[i], at: t, model: 1)
            let c = Point(x: box.minX + (d + spacing) * Double(i) + d / 2, y: box.midY)
            fillCircle(canvas, center: c, diameter: d * s)
        }
    }

    private func ballSpinFadeLoader(_ canvas: Canvas, _ box: Rect, _ t: Double) {
        let d = (box.width + 8) / 5
        let radius = box.width / 2 - d / 2
        for i in 0..<8 {
            let begin = 0.12 * Double(i)
            let s = Self.keyframes([1, 0.4, 1], [0, 0.5, 1], nil, duration: 1, begin: begin, at: t, model: 1)
            let o = Self.keyframes([1, 0.3, 1], [0, 0.5, 1], nil, duration: 1, begin: begin, at: t, model: 1)
            let a = Double.pi / 4 * Double(i)
            let c = Point(x: box.midX + radius * cos(a), y: box.midY + radius * sin(a))
            fillCircle(canvas, center: c, diameter: d * s, alpha: o)
        }
    }

    private func lineScale(_ canvas: Canvas, _ box: Rect, _ t: Double) {
        let w = box.width / 9
        for i in 0..<5 {
            let sy = Self.keyframes([1, 0.4, 1], [0, 0.5, 1], Self.nvCurve, duration: 1, begin: 0.1 * Double(i + 1), at: t, model: 1)
            // The bar layer (a stadium) is scaled vertically about its centre, ends and all.
            let bar = KitShapes.capsule(Rect(x: 0, y: -box.height / 2, width: w, height: box.height))
            let tr = Transform(scaleX: 1, y: sy).concatenating(Transform(translationX: box.minX + 2 * w * Double(i), y: box.midY))
            canvas.fill(bar.applying(tr))
        }
    }

    private func audioEqualizer(_ canvas: Canvas, _ box: Rect, _ frame: Rect, _ t: Double) {
        let w = box.width / 9
        // NVActivityIndicatorView centres the 7-bar-wide group in the whole layer.
        let x0 = frame.minX + (frame.width - 7 * w) / 2
        let heights = [0, 0.7, 0.4, 0.05, 0.95, 0.3, 0.9, 0.4, 0.15, 0.18, 0.75, 0.01]
        let durations = [4.3, 2.5, 1.7, 3.1]
        for i in 0..<4 {
            let f = Self.keyframes(heights, nil, nil, duration: durations[i], at: t, model: 1)
            let h = box.height * max(0, f)
            guard h > 0 else { continue }
            canvas.fill(Rect(x: x0 + 2 * w * Double(i), y: box.maxY - h, width: w, height: h))
        }
    }

    private func circleStrokeSpin(_ canvas: Canvas, _ box: Rect, _ t: Double) {
        let curve = TimingFunction(controlPoints: 0.4, 0, 0.2, 1)
        guard let f = Self.cycleFraction(t, duration: 1.7) else { return }
        let local = f * 1.7
        // The rotation child has no duration of its own: Core Animation gives it 0.25 s, so the ring
        // spins a full turn in the first quarter second of each cycle and then rests (2 pi == 0).
        let rotation = local < 0.25 ? 2 * Double.pi * local / 0.25 : 0
        let end = local < 0.7 ? curve.value(at: local / 0.7) : 1
        let start = local < 0.5 ? 0 : curve.value(at: min(1, (local - 0.5) / 1.2))
        guard end > start else { return }
        let a0 = -Double.pi / 2 + rotation
        let path = KitShapes.arc(center: box.center, radius: box.width / 2, start: a0 + 2 * .pi * start, sweep: 2 * .pi * (end - start))
        canvas.setLineWidth(2)
        canvas.setLineCap(.butt)
        canvas.stroke(path)
    }

    private func ballClipRotate(_ canvas: Canvas, _ box: Rect, _ t: Double) {
        let s = Self.keyframes([1, 0.6, 1], [0, 0.5, 1], nil, duration: 0.75, at: t, model: 1)
        let r = Self.keyframes([0, .pi, 2 * .pi], [0, 0.5, 1], nil, duration: 0.75, at: t, model: 0)
        // A 3/4 ring: from -3pi/4 counter-clockwise to -pi/4, i.e. the gap is the top quarter.
        let ring = KitShapes.arc(center: .zero, radius: box.width / 2, start: -Double.pi / 4, sweep: 1.5 * .pi)
        let tr = Transform(scaleX: s, y: s).concatenating(Transform(rotationAngle: r))
            .concatenating(Transform(translationX: box.midX, y: box.midY))
        canvas.setLineWidth(2 * s)
        canvas.stroke(ring.applying(tr))
    }

    private func ballScale(_ canvas: Canvas, _ box: Rect, _ t: Double) {
        guard let f = Self.cycleFraction(t, duration: 1) else { return }
        let e = TimingFunction.easeInEaseOut.value(at: f)
        fillCircle(canvas, center: box.center, diameter: box.width * e, alpha: 1 - e)
    }

    private func ballBeat(_ canvas: Canvas, _ box: Rect, _ t: Double) {
        let spacing = 2.0
        let d = (box.width - 2 * spacing) / 3
        let begins = [0.35, 0, 0.35]
        for i in 0..<3 {
            let s = Self.keyframes([1, 0.75, 1], [0, 0.5, 1], nil, duration: 0.7, begin: begins[i], at: t, model: 1)
            let o = Self.keyframes([1, 0.2, 1], [0, 0.5, 1], nil, duration: 0.7, begin: begins[i], at: t, model: 1)
            let c = Point(x: box.minX + (d + spacing) * Double(i) + d / 2, y: box.midY)
            fillCircle(canvas, center: c, diameter: d * s, alpha: o)
        }
    }

    private func lineSpinFadeLoader(_ canvas: Canvas, _ box: Rect, _ t: Double) {
        let spacing = 2.0
        let lw = (box.width - 4 * spacing) / 5, lh = (box.height - 2 * spacing) / 3
        let m = max(lw, lh)
        let radius = box.width / 2 - m / 2
        let bar = KitShapes.capsule(Rect(x: -lw / 2, y: -lh / 2, width: lw, height: lh))
        for i in 0..<8 {
            let o = Self.keyframes([1, 0.3, 1], [0, 0.5, 1], nil, duration: 1.2, begin: 0.12 * Double(i + 1), at: t, model: 1)
            let a = Double.pi / 4 * Double(i)
            let c = Point(x: box.midX + radius * cos(a), y: box.midY + radius * sin(a))
            let tr = Transform(rotationAngle: .pi / 2 + a).concatenating(Transform(translationX: c.x, y: c.y))
            canvas.setFillColor(color.withAlphaComponent(color.alpha * o))
            canvas.fill(bar.applying(tr))
        }
    }

    private func ballRotateChase(_ canvas: Canvas, _ box: Rect, _ t: Double) {
        let d = box.width / 5
        guard let f = Self.cycleFraction(t, duration: 1.5) else { return }
        for i in 0..<5 {
            let rate = Double(i) / 5
            let e = TimingFunction(controlPoints: 0.5, 0.15 + rate, 0.25, 1).value(at: f)
            let scale = (1 - rate) + ((0.2 + rate) - (1 - rate)) * e
            let a = 1.5 * Double.pi + 2 * .pi * e
            let c = Point(x: box.midX + box.width / 2 * cos(a), y: box.midY + box.width / 2 * sin(a))
            fillCircle(canvas, center: c, diameter: d * scale)
        }
    }

    private func pacman(_ canvas: Canvas, _ box: Rect, _ t: Double) {
        // The dot travels from the right edge half a width to the left, fading to 0.7, each second.
        let dot = box.width / 5
        if let f = Self.cycleFraction(t, duration: 1) {
            let cx = box.maxX - dot / 2 - box.width / 2 * f
            fillCircle(canvas, center: Point(x: cx, y: box.midY), diameter: dot, alpha: 1 - 0.3 * f)
        }
        // Pac-Man: a disc of diameter 2W/3 whose mouth (around 3 o'clock) opens and closes twice a second.
        let size = 2 * box.width / 3
        let start = Self.keyframes([0.125, 0, 0.125], [0, 0.5, 1], .default, duration: 0.5, at: t, model: 0.125)
        let end = Self.keyframes([0.875, 1, 0.875], [0, 0.5, 1], .default, duration: 0.5, at: t, model: 0.875)
        let centre = Point(x: box.minX + size / 2, y: box.midY)
        canvas.fill(KitShapes.annularSector(center: centre, inner: 0, outer: size / 2, start: 2 * .pi * start, sweep: 2 * .pi * (end - start)))
    }
}
