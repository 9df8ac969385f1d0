// Canvas+Clipping: intersecting the clip with rectangles and paths.
//
// Design note: the clip is a pixel box plus an 8-bit coverage mask over it (nil while the box is
// wholly inside). Pixel-aligned rectangles only shrink the box; anything else is rasterized once
// into the mask. While the clip is a single shape its device outline is kept too (ClipShape), so a
// rectangle and a path that clip the same edge give the coverage of their intersection rather
// than the product of two coverages.

extension Canvas {
    /// Removes the clip: drawing reaches the whole canvas again (as `CGContext.resetClip`).
    /// `restoreGState` still brings back the clip that was saved.
    public func resetClip() {
        recorder?.record(self, .resetClip, uses: .none)
        state.clip = Clip(bounds: PixelRect(x0: 0, y0: 0, x1: width, y1: height), mask: nil)
    }

    /// The smallest user-space rectangle that contains the clip (as
    /// `CGContext.boundingBoxOfClipPath`): the clip's device box through the inverse CTM.
    /// `Rect.null` when everything is clipped away or the CTM cannot be inverted.
    public var boundingBoxOfClipPath: Rect {
        let b = state.clip.bounds
        guard !b.isEmpty, let inv = state.ctm.inverted() else { return .null }
        return b.rect.applying(inv)
    }

    /// Intersects the clip with `rect` (user space). Pixel-aligned rects under an axis-aligned CTM
    /// only shrink the clip box; others become an antialiased clip mask.
    public func clip(to rect: Rect) {
        recorder?.record(self, .clipRect(rect), uses: .ctm)
        recorder?.muted += 1
        defer { recorder?.muted -= 1 }
        let t = state.ctm
        if t.b == 0 && t.c == 0 && !rect.isNull {
            let r = rect.standardized.applying(t)
            func isInt(_ v: Double) -> Bool { v.isFinite && abs(v - v.rounded()) < 1e-9 }
            if isInt(r.minX) && isInt(r.minY) && isInt(r.maxX) && isInt(r.maxY) {
                state.clip = intersect(state.clip, PixelRect(covering: r))
                return
            }
            if r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite {
                clip(toDeviceRect: r)
                return
            }
        }
        var p = Path(); p.addRect(rect.standardized)
        clip(to: p, rule: .winding)
    }

    /// Intersects the clip with the inside of `path` (user space) under `rule`, antialiased.
    /// A path with NaN or infinite coordinates clips everything away.
    public func clip(to path: Path, rule: FillRule = .winding) {
        recorder?.record(self, .clip(path, rule), uses: .ctm)
        let c = state.clip
        if c.bounds.isEmpty { return }
        switch c.shape {
        case .rect(let r) where c.mask != nil && Flattener.isFinite(path, transform: state.ctm):
            // Both clip the rectangle's edges: rasterize the intersection itself.
            let cut = ClipShape.cut(path.applying(state.ctm), to: r)
            applyClip(cut, transform: .identity, rule: rule, multiply: false, shape: .path(cut, rule))
        default:
            let shape: ClipShape? = c.mask == nil ? .path(path.applying(state.ctm), rule) : nil
            applyClip(path, transform: state.ctm, rule: rule, multiply: true, shape: shape)
        }
    }

    /// Intersects the clip with an axis-aligned rectangle in device pixels whose edges are not all
    /// on pixel boundaries.
    func clip(toDeviceRect r: Rect) {
        let c = state.clip
        if c.bounds.isEmpty { return }
        var rectPath = Path()
        switch c.shape {
        case _ where c.mask == nil:
            rectPath.addRect(r)
            applyClip(rectPath, transform: .identity, rule: .winding, multiply: true, shape: .rect(r))
        case .rect(let old):
            let both = old.intersection(r)
            guard !both.isNull, both.width > 0, both.height > 0 else { state.clip = Clip(bounds: .empty, mask: nil); return }
            rectPath.addRect(both)
            applyClip(rectPath, transform: .identity, rule: .winding, multiply: false, shape: .rect(both))
        case .path(let p, let rule):
            let cut = ClipShape.cut(p, to: r)
            applyClip(cut, transform: .identity, rule: rule, multiply: false, shape: .path(cut, rule))
        case nil:
            rectPath.addRect(r)
            applyClip(rectPath, transform: .identity, rule: .winding, multiply: true, shape: nil)
        }
    }

    /// Rasterizes `path` within the clip box as the new clip, multiplied with the old mask when
    /// `multiply` (otherwise `path` already lies within the old clip's shape).
    func applyClip(_ path: Path, transform: Transform, rule: FillRule, multiply: Bool, shape: ClipShape?) {
        var c = state.clip
        var finite = true
        let box = Rasterizer.deviceBounds(of: path, transform: transform, finite: &finite).intersection(c.bounds)
        guard !box.isEmpty, finite else {
            state.clip = Clip(bounds: .empty, mask: nil); return
        }
        _ = engine.reset(region: box, adding: path, transform: transform, knownFinite: true)
        guard var m = engine.collectMask(rule: rule) else { state.clip = Clip(bounds: .empty, mask: nil); return }
        // Multiply with the old mask, and find the non-zero box and whether it is all 255.
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        var partial = 0
        let mw = m.width
        let oldMask = multiply ? c.mask : nil
        m.coverage.withUnsafeMutableBufferPointer { cp in
            for y in 0..<m.height {
                let row = cp.baseAddress! + y * mw
                if let old = oldMask {
                    // The new mask lies inside the old clip box, which the old mask covers exactly.
                    old.coverage.withUnsafeBufferPointer { op in
                        let orow = op.baseAddress! + (m.originY + y - old.originY) * old.width + (m.originX - old.originX)
                        for x in 0..<mw where row[x] != 0 {
                            row[x] = UInt8(truncatingIfNeeded: Compositor.div255(UInt32(row[x]) &* UInt32(orow[x])))
                        }
                    }
                }
                var first = -1, last = -1
                for x in 0..<mw where row[x] != 0 {
                    if first < 0 { first = x }
                    last = x
                    if row[x] != 255 { partial += 1 }
                }
                if first >= 0 {
                    x0 = min(x0, first); x1 = max(x1, last + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
                }
            }
        }
        if x0 > x1 { state.clip = Clip(bounds: .empty, mask: nil); return }
        let nb = PixelRect(x0: m.originX + x0, y0: m.originY + y0, x1: m.originX + x1, y1: m.originY + y1)
        if partial == 0 && countNonZero(m) == nb.width * nb.height {
            c = Clip(bounds: nb, mask: nil, shape: shape)
        } else {
            c = Clip(bounds: nb, mask: crop(m, to: nb), shape: shape)
        }
        state.clip = c
    }

    func countNonZero(_ m: Mask) -> Int {
        var n = 0
        for v in m.coverage where v != 0 { n += 1 }
        return n
    }

    /// The part of `m` inside `r` (which must lie within the mask).
    func crop(_ m: Mask, to r: PixelRect) -> Mask {
        if r.x0 == m.originX && r.y0 == m.originY && r.width == m.width && r.height == m.height { return m }
        var out = Mask(originX: r.x0, originY: r.y0, width: r.width, height: r.height)
        out.coverage.withUnsafeMutableBufferPointer { op in
            m.coverage.withUnsafeBufferPointer { ip in
                for y in 0..<r.height {
                    let src = ip.baseAddress! + (r.y0 + y - m.originY) * m.width + (r.x0 - m.originX)
                    (op.baseAddress! + y * r.width).update(from: src, count: r.width)
                }
            }
        }
        return out
    }

    func intersect(_ c: Clip, _ r: PixelRect) -> Clip {
        let nb = c.bounds.intersection(r)
        if nb.isEmpty { return Clip(bounds: .empty, mask: nil) }
        guard let m = c.mask else { return Clip(bounds: nb, mask: nil, shape: c.shape) }
        return Clip(bounds: nb, mask: crop(m, to: nb), shape: c.shape)
    }
}
