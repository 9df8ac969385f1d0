// TextLayout+Drawing: putting a layout's glyphs on a Canvas.
//
// Design note: when the canvas transform is a plain scale + translation (every still frame and
// most animation frames), glyphs are drawn from cached coverage masks rendered at the exact device
// pixel size: baselines snap to whole device pixels (crisp horizontals) and pen positions keep a
// quarter-pixel subpixel offset (even spacing). All glyph masks of one draw call are merged into one
// mask and filled once, so a text shadow is cast by the text as a whole, not glyph over glyph. Under
// rotation or skew (a HUD swinging in) the outlines are filled as paths through the transform.
// Colour glyphs (emoji bitmaps) are images: they are drawn over the text, scaled to their em box,
// keep their own colours whatever the text colour is, and cast the text shadow like any glyph.

import HUDRaster

extension TextLayout {
    /// Draws the layout with its top-left corner at `origin`; lines are aligned within `size.width`.
    public func draw(in canvas: Canvas, at origin: Point, color: Color, shadow: TextShadow? = nil) {
        draw(in: canvas, rect: Rect(origin: origin, size: size), color: color, shadow: shadow)
    }

    /// Draws the layout from the top of `rect`, lines aligned within `rect.width` (not clipped to it).
    public func draw(in canvas: Canvas, rect: Rect, color: Color, shadow: TextShadow? = nil,
                     cache: GlyphCache = .shared) {
        guard !lines.isEmpty, color.alpha > 0 || (shadow?.color.alpha ?? 0) > 0 else { return }
        let m = canvas.ctm
        canvas.saveGState()
        defer { canvas.restoreGState() }
        if let s = shadow {
            // Shadow offset and blur are in text space: map them to the canvas's base space.
            let off = Size(width: m.a * s.offset.width + m.c * s.offset.height,
                           height: m.b * s.offset.width + m.d * s.offset.height)
            canvas.setShadow(offset: off, blur: s.blur * abs(m.determinant).squareRoot(), color: s.color)
        }
        // Masks serve text up to a few hundred pixels per em; giant text (which a cache would not
        // help) is filled as paths, so the canvas clip bounds its cost.
        let devicePixelsPerEm = font.size * max(abs(m.a), abs(m.d))
        if m.b == 0, m.c == 0, m.a > 0, m.d > 0, devicePixelsPerEm <= TextLayout.maxMaskPixelsPerEm {
            // Glyphs just off the canvas can still cast a shadow onto it: widen the area kept.
            var margin = 0
            if let s = shadow {
                let reach = abs(m.a * s.offset.width) + abs(m.d * s.offset.height) + 3 * s.blur * max(m.a, m.d) + 2
                margin = reach.isFinite ? Int(min(reach, 4096)) : 0
            }
            if let mask = deviceMask(transform: m, rect: rect, clip: (canvas.width, canvas.height), margin: margin, cache: cache) {
                canvas.fill(mask, color: color)
            }
        } else {
            canvas.setFillColor(color)
            canvas.fill(path(in: rect, cache: cache), rule: .winding)
        }
        drawColorGlyphs(in: canvas, rect: rect, alpha: color.alpha, cache: cache)
    }

    /// Draws the colour-bitmap glyphs (emoji) as images in user space.
    func drawColorGlyphs(in canvas: Canvas, rect: Rect, alpha: Double, cache: GlyphCache) {
        for (k, line) in lines.enumerated() {
            let x0 = rect.minX + lineOffset(k, boxWidth: rect.width), y = rect.minY + line.baseline
            for g in line.glyphs where g.face.hasColorBitmaps {
                guard let c = cache.colorGlyph(face: g.face, glyph: g.id) else { continue }
                let s = font.size / Double(g.face.unitsPerEm)
                let box = Rect(x: x0 + g.x + c.rect.minX * s, y: y + g.y - c.rect.maxY * s,
                               width: c.rect.width * s, height: c.rect.height * s)
                canvas.saveGState()
                canvas.setAlpha(alpha)
                canvas.draw(c.image, in: box)
                canvas.restoreGState()
            }
        }
    }

    /// All glyph outlines as one path in user space (points, y down), aligned within `rect`.
    public func path(in rect: Rect? = nil, cache: GlyphCache = .shared) -> Path {
        let box = rect ?? Rect(origin: .zero, size: size)
        var p = Path()
        for (k, line) in lines.enumerated() {
            let x0 = box.minX + lineOffset(k, boxWidth: box.width), y = box.minY + line.baseline
            for g in line.glyphs where cache.colorGlyph(face: g.face, glyph: g.id) == nil {
                let s = font.size / Double(g.face.unitsPerEm)
                let o = cache.outline(face: g.face, glyph: g.id)
                if o.isEmpty { continue }
                p.addPath(o, transform: Transform(a: s, b: 0, c: 0, d: -s, tx: x0 + g.x, ty: y + g.y))
            }
        }
        return p
    }

    /// Above this size glyphs are not cached as masks.
    static let maxMaskPixelsPerEm = 512.0

    /// Light vertical hinting, as FreeType's "light" mode does: at small pixel sizes the vertical
    /// scale is nudged (by at most half a pixel at the x-height) so the x-height lands on a pixel
    /// edge, making the tops of lowercase letters crisp. Horizontal metrics are never touched, so
    /// spacing and measured widths stay exactly the font's.
    static func hintedScaleY(_ pxPerUnit: Double, xHeight: Int?) -> Double {
        guard let xh = xHeight else { return pxPerUnit }
        let px = Double(xh) * pxPerUnit
        guard px >= 4, px <= 32 else { return pxPerUnit }
        return pxPerUnit * px.rounded() / px
    }

    /// The merged device-space coverage of every glyph for an axis-aligned transform `m`,
    /// limited to the canvas area; nil when nothing is visible.
    func deviceMask(transform m: Transform, rect: Rect, clip: (width: Int, height: Int), margin: Int = 0,
                    cache: GlyphCache) -> Mask? {
        let lo = -margin, hiX = clip.width + margin, hiY = clip.height + margin
        struct Placed { var mask: Mask; var x: Int; var y: Int }
        var placed: [Placed] = []
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for (k, line) in lines.enumerated() {
            let ux = rect.minX + lineOffset(k, boxWidth: rect.width), uy = rect.minY + line.baseline
            let by = (m.d * uy + m.ty).rounded()
            guard by.isFinite, abs(by) < 1e8 else { continue }
            for g in line.glyphs where cache.colorGlyph(face: g.face, glyph: g.id) == nil {
                let dx = m.a * (ux + g.x) + m.tx
                guard dx.isFinite, abs(dx) < 1e8 else { continue }
                let quarters = (dx * 4).rounded()
                let fx = Int((quarters / 4).rounded(.down)), sub = Int(quarters - Double(fx) * 4)
                let s = font.size / Double(g.face.unitsPerEm)
                let sy = TextLayout.hintedScaleY(s * m.d, xHeight: g.face.xHeight)
                guard let gm = cache.mask(face: g.face, glyph: g.id, scaleX: s * m.a, scaleY: sy, subpixel: sub) else { continue }
                let gy = (m.d * g.y).rounded()
                guard gy.isFinite, abs(gy) < 1e8 else { continue }
                let x = gm.originX + fx, y = gm.originY + Int(by) + Int(gy)
                if x >= hiX || y >= hiY || x + gm.width <= lo || y + gm.height <= lo { continue }
                placed.append(Placed(mask: gm, x: x, y: y))
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x + gm.width); maxY = max(maxY, y + gm.height)
            }
        }
        guard !placed.isEmpty else { return nil }
        minX = max(minX, lo); minY = max(minY, lo); maxX = min(maxX, hiX); maxY = min(maxY, hiY)
        guard maxX > minX, maxY > minY else { return nil }
        let w = maxX - minX, h = maxY - minY
        var cov = [UInt8](repeating: 0, count: w * h)
        cov.withUnsafeMutableBufferPointer { dst in
            for p in placed {
                let x0 = max(p.x, minX), x1 = min(p.x + p.mask.width, maxX)
                let y0 = max(p.y, minY), y1 = min(p.y + p.mask.height, maxY)
                guard x1 > x0, y1 > y0 else { continue }
                p.mask.coverage.withUnsafeBufferPointer { src in
                    for y in y0..<y1 {
                        let srow = (y - p.y) * p.mask.width - p.x, drow = (y - minY) * w - minX
                        for x in x0..<x1 {
                            // Glyphs abut rather than overlap: adding keeps shared edge pixels whole.
                            let v = Int(dst[drow + x]) + Int(src[srow + x])
                            dst[drow + x] = UInt8(min(v, 255))
                        }
                    }
                }
            }
        }
        return Mask(originX: minX, originY: minY, width: w, height: h, coverage: cov)
    }
}
