// ProgressRing: UAProgressView, a circular progress view with a border, an arc, fill-on-touch and a
// central view.
//
// Design note: the ring's look at time t is a pure function of its configuration and a list of
// timed events (progress set, touch down, touch up), replayed the way UAProgressView reacts to the
// same calls: an animated progress change runs a linear strokeEnd animation from the previous
// target (animationDuration, negative values ignored); a touch fills the disc at once and the
// release fades it out. Geometry follows the source, not the README: the border is the layer's
// border (inside the bounds), the arc is centred on radius w/2 - borderWidth with lineWidth 2 and
// butt caps, from 12 o'clock clockwise.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster
import HUDText
import HUDMotion

/// UAProgressView: a ring that fills clockwise from 12 o'clock.
public struct ProgressRing: Sendable {
    /// What sits in the middle of the ring (UAProgressView's `centralView`).
    public enum CentralView: Sendable {
        /// Nothing (UAProgressView's default).
        case none
        /// A label showing the displayed progress as "%2.0f%%" (the README's example), in the tint
        /// colour, white while the disc is filled. `fontSize` nil = 27% of the ring's width (32 pt on
        /// a 120 pt ring, as in the example's 32 pt light label).
        case percentLabel(fontSize: Double? = nil)
        /// A fixed text label.
        case text(String, fontSize: Double? = nil)
        /// An image drawn centred at its own size in points (pixels / `imageScale`), not resized.
        case image(Image, imageScale: Double = 2)
    }

    /// Something that happens to the ring at a time.
    public enum Event: Hashable, Sendable {
        /// `setProgress:animated:`.
        case setProgress(Double, animated: Bool = true)
        /// A finger lands on the ring (fills it when `fillOnTouch`).
        case touchDown
        /// The finger lifts (the fill fades out).
        case touchUp
    }

    /// The ring's colour (UAProgressView follows `tintColor`; iOS default #007AFF).
    public var tintColor: Color
    /// The outer circle's thickness (default 1).
    public var borderWidth: Double
    /// The progress arc's thickness (default 2, as in the source; the README says 1).
    public var lineWidth: Double
    /// Whether a touch fills the disc (default true).
    public var fillOnTouch: Bool
    /// The fill colour; nil uses the tint.
    public var fillColor: Color?
    /// Seconds for animated progress changes (default 0.3; negative values are ignored).
    public var animationDuration: Double {
        get { _animationDuration }
        set { if newValue >= 0, newValue.isFinite { _animationDuration = newValue } }
    }
    private var _animationDuration: Double = 0.3
    /// Seconds the fill takes to fade out after release (UIView animation, 0.3 s).
    public var fillFadeDuration: Double = 0.3
    /// The calls recorded with `at(_:_:)` (ProgressRing+Script), played by `Scene`.
    public internal(set) var script: [(time: Double, event: Event)] = []
    /// The central view.
    public var centralView: CentralView

    public init(tintColor: Color = .systemBlue, borderWidth: Double = 1, lineWidth: Double = 2,
                fillOnTouch: Bool = true, fillColor: Color? = nil, animationDuration: Double = 0.3,
                centralView: CentralView = .none) {
        self.tintColor = tintColor
        self.borderWidth = borderWidth.isFinite ? max(0, borderWidth) : 1
        self.lineWidth = lineWidth.isFinite ? max(0, lineWidth) : 2
        self.fillOnTouch = fillOnTouch
        self.fillColor = fillColor
        self.centralView = centralView
        self.animationDuration = animationDuration
    }

    /// The ring's state at an instant.
    public struct State: Hashable, Sendable {
        /// The displayed progress (the strokeEnd), 0...1.
        public var progress: Double
        /// How opaque the touch fill is, 0...1.
        public var fill: Double
        public init(progress: Double, fill: Double = 0) { self.progress = progress; self.fill = fill }
    }

    /// Replays `events` (times in seconds, in any order) and returns the state at `t`.
    public func state(at t: Double, events: [(time: Double, event: Event)]) -> State {
        let sorted = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var target = 0.0
        var shown = 0.0
        var fill = 0.0
        var touching = false
        var releaseTime: Double? = nil
        for (time, event) in sorted where time <= t {
            switch event {
            case .setProgress(let p, let animated):
                let clamped = p.isFinite ? min(1, max(0, p)) : target
                // CA starts the new animation from the previous model value (the old target).
                if animated && _animationDuration > 0 {
                    let f = min(1, max(0, (t - time) / _animationDuration))
                    shown = target + (clamped - target) * f
                } else {
                    shown = clamped
                }
                target = clamped
            case .touchDown:
                touching = true
                releaseTime = nil
            case .touchUp:
                if touching { releaseTime = time }
                touching = false
            }
        }
        if fillOnTouch {
            if touching { fill = 1 }
            else if let r = releaseTime {
                let f = fillFadeDuration > 0 ? min(1, max(0, (t - r) / fillFadeDuration)) : 1
                fill = 1 - TimingFunction.easeInEaseOut.value(at: f)
            }
        }
        return State(progress: shown, fill: fill)
    }

    /// Draws the ring in `rect` (a square is taken from its shorter side, centred).
    /// - Throws: `FontError` when a label is wanted and no font can be loaded.
    public func draw(in canvas: Canvas, rect: Rect, state: State) throws {
        let w = min(rect.width, rect.height)
        guard w > 0, w.isFinite else { return }
        let c = rect.center
        let progress = min(1, max(0, state.progress.isFinite ? state.progress : 0))
        canvas.saveGState()
        // Touch fill: the whole disc, under the ring.
        if state.fill > 0 {
            let fc = fillColor ?? tintColor
            canvas.setFillColor(fc.withAlphaComponent(fc.alpha * min(1, state.fill)))
            canvas.fill(KitShapes.circle(center: c, radius: w / 2))
        }
        // Border (a CALayer border lies inside the bounds) and progress arc (strokeEnd = progress
        // along a full circle from 12 o'clock). With the default widths they share the ring's
        // outer edge: in an opaque tint they are then filled as one shape, their union, so that
        // edge is antialiased once (composited one over the other, a pixel the edge covers to a
        // would get 1 - (1 - a)^2, and the outline would thicken along the arc). Arcs of other
        // widths share no edge with the border, and a translucent tint keeps the two layers'
        // overlap darker, as UIKit shows it: two fills.
        let rest = (inner: max(0, w / 2 - borderWidth), outer: w / 2)
        let r = w / 2 - borderWidth, half = lineWidth / 2
        let band = (inner: max(0, r - half), outer: r + half)
        let arcStart = -Double.pi / 2, arcSweep = 2 * .pi * progress
        let hasBorder = borderWidth > 0, hasArc = progress > 0 && lineWidth > 0
        canvas.setFillColor(tintColor)
        func border() -> Path { KitShapes.annularSector(center: c, inner: rest.inner, outer: rest.outer, start: 0, sweep: 2 * .pi) }
        func arc() -> Path { KitShapes.annularSector(center: c, inner: band.inner, outer: band.outer, start: arcStart, sweep: arcSweep) }
        if hasBorder && hasArc && tintColor.alpha >= 1 && band.outer == rest.outer {
            if let union = KitShapes.ringWithArc(center: c, ring: rest, arcInner: band.inner, start: arcStart, sweep: arcSweep) {
                canvas.fill(union)
            } else {
                // An arc down to the centre: one path, whose overlap the scan converter resolves
                // exactly (the border's contours stay the same in every frame).
                var both = border()
                both.addPath(arc())
                canvas.fill(both)
            }
        } else {
            if hasBorder { canvas.fill(border()) }
            if hasArc { canvas.fill(arc()) }
        }
        canvas.restoreGState()
        try drawCentralView(canvas, centre: c, width: w, state: State(progress: progress, fill: state.fill))
    }

    private func drawCentralView(_ canvas: Canvas, centre c: Point, width w: Double, state: State) throws {
        let text: String, size: Double
        switch centralView {
        case .none: return
        case .image(let img, let s):
            let sc = s > 0 && s.isFinite ? s : 2
            let iw = Double(img.width) / sc, ih = Double(img.height) / sc
            canvas.draw(img, in: Rect(x: c.x - iw / 2, y: c.y - ih / 2, width: iw, height: ih))
            return
        case .percentLabel(let fs):
            text = ProgressRing.percentString(state.progress)
            size = fs ?? w * 0.27
        case .text(let s, let fs):
            text = s
            size = fs ?? w * 0.27
        }
        guard !text.isEmpty, size > 0 else { return }
        let font = try Font.systemFont(ofSize: size)
        let layout = TextLayout(text, font: font, maxWidth: w, alignment: .center)
        // fillChangedBlock in the README's example: white while filled, the tint otherwise.
        let f = min(1, max(0, state.fill))
        let colour = Color(red: tintColor.red + (1 - tintColor.red) * f, green: tintColor.green + (1 - tintColor.green) * f,
                           blue: tintColor.blue + (1 - tintColor.blue) * f, alpha: tintColor.alpha + (1 - tintColor.alpha) * f)
        layout.draw(in: canvas, at: Point(x: c.x - layout.size.width / 2, y: c.y - layout.size.height / 2), color: colour)
    }

    /// "%2.0f%%" of the progress: " 7%", "70%", "100%".
    public static func percentString(_ progress: Double) -> String {
        let v = Int((min(1, max(0, progress)) * 100).rounded(.toNearestOrEven))
        return (v < 10 ? " " : "") + "\(v)%"
    }
}
