// DisplayListRecorder: what a Canvas draws, as a DisplayList, while the canvas draws it.
//
// Design note: the canvas calls `record` from its public drawing calls only (convenience calls
// such as `fill(_ rect:)` reach `fill(_ path:)` and are recorded once, as the path), so a replay
// goes through the same public API and the same fast paths. State is not recorded as it is set but
// when a drawing call uses it, and only when it differs from what the replay will hold at that
// point: the recorder keeps the replay's state (what it has written), with a stack mirroring the
// canvas's saves and layers, since a restore brings back what the replay had, not what the canvas
// had been told.

/// Records a canvas's drawing calls (attach with `Canvas.recorder`).
public final class DisplayListRecorder {
    /// The state the replay holds: only what was written to the list so far (nil: the default).
    struct Replayed {
        var ctm = Transform.identity
        var fillPaint = Paint.color(.black), strokePaint = Paint.color(.black)
        var style = StrokeStyle()
        var alpha = 1.0
        var blend = BlendMode.normal
        var shadow: Canvas.Shadow? = nil
    }
    private var list: DisplayList
    private var replayed = Replayed()
    /// The replay's saved states and layer depths, mirroring the canvas's stack.
    private var saved: [Replayed] = []
    private var layerDepths: [Int] = []
    /// Above zero while a recorded call runs another public call that must not be recorded again.
    var muted = 0

    /// Starts an empty list for a canvas of `width` x `height` whose first colour is `background`.
    public init(width: Int, height: Int, background: Color = .clear) {
        list = DisplayList(width: width, height: height, background: background, ops: [])
    }

    /// What was recorded so far.
    public var displayList: DisplayList { list }

    /// What state a recorded call depends on: nothing, the CTM only (clips), the CTM, the paint
    /// and the compositing state (drawing), or the compositing state only (a layer's start).
    enum Uses { case none, ctm, fill, stroke, draw, layer }

    /// Appends `op`, preceded by the state it `uses` where that differs from the replay's.
    func record(_ canvas: Canvas, _ op: DisplayList.Op, uses: Uses) {
        guard muted == 0 else { return }
        let s = canvas.state
        var r = replayed
        if uses != .none && uses != .layer && r.ctm != s.ctm { list.ops.append(.ctm(s.ctm)); r.ctm = s.ctm }
        if uses == .fill && r.fillPaint != s.fillPaint { list.ops.append(.fillPaint(s.fillPaint)); r.fillPaint = s.fillPaint }
        if uses == .stroke {
            if r.strokePaint != s.strokePaint { list.ops.append(.strokePaint(s.strokePaint)); r.strokePaint = s.strokePaint }
            if r.style != s.strokeStyle { list.ops.append(.line(s.strokeStyle)); r.style = s.strokeStyle }
        }
        if uses != .none && uses != .ctm {
            if r.alpha != s.alpha { list.ops.append(.alpha(s.alpha)); r.alpha = s.alpha }
            if r.blend != s.blendMode { list.ops.append(.blend(s.blendMode)); r.blend = s.blendMode }
            if !Self.same(r.shadow, s.shadow) {
                if let sh = s.shadow { list.ops.append(.shadow(sh.offset, sh.blur, sh.color)) } else { list.ops.append(.noShadow) }
                r.shadow = s.shadow
            }
        }
        replayed = r
        list.ops.append(op)
    }

    /// `saveGState` was recorded: the replay pushes its state.
    func didSave() { saved.append(replayed) }

    /// `restoreGState` was recorded; `popped` when the canvas did pop a state (so does the replay).
    func didRestore(popped: Bool) { if popped, let r = saved.popLast() { replayed = r } }

    /// `beginTransparencyLayer` was recorded: the replay saves, then restarts alpha, blend, shadow.
    func didBeginLayer() {
        layerDepths.append(saved.count)
        saved.append(replayed)
        replayed.alpha = 1; replayed.blend = .normal; replayed.shadow = nil
    }

    /// `endTransparencyLayer` was recorded: the replay returns to the state at the layer's start.
    func didEndLayer() {
        guard let d = layerDepths.popLast(), d < saved.count else { return }
        replayed = saved[d]
        saved.removeSubrange(d...)
    }

    private static func same(_ a: Canvas.Shadow?, _ b: Canvas.Shadow?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return x.offset == y.offset && x.blur == y.blur && x.color == y.color
        default: return false
        }
    }
}
