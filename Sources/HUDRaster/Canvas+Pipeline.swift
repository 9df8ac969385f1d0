// Canvas+Pipeline: coverage x shader -> blend, with shadows, for every drawing call.
//
// Design note: `draw` applies the state (shadow first, as Core Graphics does, then the shape);
// `render` bounds the work by the cover's device box, the clip and the target, computes coverage
// (the scan converter, a mask, or a box), multiplies in the clip mask, shades and blends row by
// row. Solid colours under normal blending without a clip mask are composited where the
// coverage is computed (Rasterizer.SolidSink), and so are opaque gradients (Rasterizer.ShadedSink).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Canvas {
    /// Draws with the current clip, alpha, blend mode and shadow.
    func draw(_ cover: Cover, _ shader: Shader) {
        if case .none = shader.kind { return }
        if state.clip.bounds.isEmpty { return }
        if let sh = state.shadow { drawShadow(cover, shader, sh) }
        render(cover, shader, clip: state.clip, alpha: state.alpha, mode: state.blendMode)
    }

    func bounds(of cover: Cover) -> PixelRect {
        switch cover {
        case .path(let p, let t, _): return Rasterizer.deviceBounds(of: p, transform: t)
        case .mask(let m): return PixelRect(x0: m.originX, y0: m.originY, x1: m.originX + m.width, y1: m.originY + m.height)
        case .box(let b): return b
        }
    }

    func drawShadow(_ cover: Cover, _ shader: Shader, _ sh: Shadow) {
        let sigma = Blur.sigma(forCGBlur: sh.blur)
        let reach = Blur.reach(sigma: sigma)
        let dx = Int(sh.offset.width.rounded()), dy = Int(sh.offset.height.rounded())
        let clipBox = state.clip.bounds.intersection(targets[targets.count - 1].box)
        // Only the part of the shape whose blurred, offset shadow can land inside the clip.
        let need = clipBox.offsetBy(dx: -dx, dy: -dy).insetBy(-reach)
        let region = bounds(of: cover).intersection(need)
        if region.isEmpty { return }
        guard let scratch = try? Image(width: region.width, height: region.height) else { return }
        targets.append(Target(image: scratch, ox: region.x0, oy: region.y0))
        render(cover, shader, clip: nil, alpha: 1, mode: .normal)
        let drawn = targets.removeLast().image
        var m = Mask(originX: region.x0 + dx, originY: region.y0 + dy, width: region.width, height: region.height)
        drawn.pixels.withUnsafeBufferPointer { p in
            for i in 0..<(region.width * region.height) { m.coverage[i] = p[i * 4 + 3] }
        }
        if sigma > 0 { m = Blur.gaussian(mask: m, sigma: sigma) }
        render(.mask(m), Shader.solid(sh.color), clip: state.clip, alpha: state.alpha, mode: state.blendMode)
    }

    /// The core: rasterize `cover` within the clip and the current target, shade, blend.
    func render(_ cover: Cover, _ shader: Shader, clip: Clip?, alpha: Double, mode: BlendMode) {
        let ti = targets.count - 1
        let tbox = targets[ti].box
        var boxes: BoxCover? = nil
        if case let .path(p, t, _) = cover { boxes = Canvas.boxCover(p, t) }
        var region = tbox.intersection(boxes?.bounds ?? bounds(of: cover))
        if let c = clip { region = region.intersection(c.bounds) }
        if region.isEmpty { return }
        let a8 = UInt32((alpha * 255).rounded())
        if a8 == 0 && mode != .copy && mode != .clear { return }
        let tw = targets[ti].image.width, ox = targets[ti].ox, oy = targets[ti].oy
        if ti > 0 { targets[ti].dirty = targets[ti].dirty.union(region) }
        if spanBuffer.count < region.width { spanBuffer = [UInt32](repeating: 0, count: region.width) }
        if coverageBuffer.count < region.width { coverageBuffer = [UInt8](repeating: 0, count: region.width) }
        let clipMask = clip?.mask
        let solid: UInt32? = { if case .solid(let c) = shader.kind { return c }; return nil }()
        let fine = mode != .normal ? nil : solid.flatMap { c in
            shader.solidColor.flatMap { Compositor.FineSolid($0, alpha: alpha, s: a8 == 255 ? c : Compositor.scale(c, a8)) }
        }
        // An opaque gradient that paints every pixel replaces them as an opaque colour does.
        settleBackground(target: ti, replacesAll: clipMask == nil && (solid != nil || Canvas.paintsEveryPixelOpaque(shader))
                         && (boxes ?? Canvas.boxCover(of: cover)).map {
                             self.replacesCanvas($0, region: region, color: solid ?? Canvas.opaque, alpha: a8, mode: mode)
                         } ?? false)

        targets[ti].image.pixels.withUnsafeMutableBufferPointer { pixBuf in
        pixBuf.withMemoryRebound(to: UInt32.self) { px in
        spanBuffer.withUnsafeMutableBufferPointer { spanBuf in
            let dst0 = px.baseAddress!, span = spanBuf.baseAddress!
            // A row of one colour (a vertical linear gradient) blends as a solid colour; the same
            // span of a horizontal one is shaded once for all rows. Solid and span blending give
            // the same bytes at full global alpha, and under any other mode.
            let rowSolid = mode != .normal || a8 == 255
            let columnConstant = shader.isColumnConstant
            var shadedX = Int.min, shadedN = -1
            // An opaque shader at full alpha under normal blending replaces fully covered pixels:
            // such rows are shaded straight into the image (the same values, no span to blend).
            let direct = clipMask == nil && mode == .normal && a8 == 255 && solid == nil
                && region.width * region.height >= 4096 && shader.isOpaque
            // A box without a clip mask covers every pixel fully: a shaded span is blended
            // without reading coverage (the same bytes as `blendSpan` at coverage 255).
            let fullSpans: Bool = { if case .box = cover { return clipMask == nil && mode == .normal && a8 == 255 }; return false }()
            // Set while a box's row is drawn with the span shaded for its mirror row (Shader+RowMirror).
            var reuseSpan = false
            let body: (Int, Int, Int, UnsafeMutablePointer<UInt8>) -> Void = { y, x, n, cov in
                if let cm = clipMask {
                    cm.coverage.withUnsafeBufferPointer { cp in
                        let row = cp.baseAddress! + (y - cm.originY) * cm.width + (x - cm.originX)
                        for i in 0..<n {
                            let c = UInt32(cov[i]), k = UInt32(row[i])
                            if c != 0 && k != 255 { cov[i] = UInt8(truncatingIfNeeded: Compositor.div255(c &* k)) }
                        }
                    }
                }
                let d = dst0 + (y - oy) * tw + (x - ox)
                if let s = solid ?? (rowSolid ? shader.rowColor(y: y) : nil) {
                    Compositor.blendSolid(d, n, s, cov, a8, mode, fine: fine)
                } else {
                    if direct && Compositor.runEnd(cov, 0, n) == n {
                        // A horizontal gradient's row is shaded once and copied to the rows below.
                        if !columnConstant { shader.shade(y: y, x: x, n: n, into: d); return }
                        if !(x == shadedX && n <= shadedN) { shader.shade(y: y, x: x, n: n, into: span); shadedX = x; shadedN = n }
                        d.update(from: span, count: n)
                        return
                    }
                    if !reuseSpan && !(columnConstant && x == shadedX && n <= shadedN) {
                        shader.shade(y: y, x: x, n: n, into: span)
                        shadedX = x; shadedN = n
                    }
                    if fullSpans { Compositor.overSpan(d, n, span) } else { Compositor.blendSpan(d, n, span, cov, a8, mode) }
                }
            }
            switch cover {
            case let .path(p, t, rule):
                if let bx = boxes {
                    let evenOdd = rule == .evenOdd
                    if let s = solid, clipMask == nil, mode == .normal {
                        Canvas.compositeBoxes(bx, region: region, evenOdd: evenOdd, color: s, alpha: a8, fine: fine,
                                              into: dst0 + (region.y0 - oy) * tw + (region.x0 - ox), stride: tw)
                        break
                    }
                    coverageBuffer.withUnsafeMutableBufferPointer { cb in
                        let cov = cb.baseAddress!   // indexed by region column
                        Canvas.renderBoxes(bx, region: region, evenOdd: evenOdd) { r0, r1, pieces in
                            for r in r0..<r1 {
                                // Rebuilt each row: body may change the coverage it is given.
                                var start = -1
                                for p in pieces {
                                    if p.alpha == 0 && p.count > 8 {
                                        // Leave the empty inside of a stroke out, as the scan converter does.
                                        if start >= 0 { body(region.y0 + r, region.x0 + start, p.column - start, cov + start) }
                                        start = -1
                                        continue
                                    }
                                    if start < 0 { start = p.column }
                                    Rasterizer.Engine.fillBytes(cov + p.column, p.alpha, p.count)
                                }
                                if start >= 0, let l = pieces.last {
                                    body(region.y0 + r, region.x0 + start, l.column + l.count - start, cov + start)
                                }
                            }
                        }
                    }
                    break
                }
                guard engine.reset(region: region, adding: p, transform: t, knownFinite: false) else { break }
                if let s = solid, clipMask == nil, mode == .normal {
                    // Composited where the coverage is computed (Rasterizer.SolidSink).
                    let src = a8 == 255 ? s : Compositor.scale(s, a8)
                    if src >> 24 == 0 { break }
                    var sink = Rasterizer.SolidSink(src, fine: fine, pixels: dst0, stride: tw, ox: ox, oy: oy, regionX0: region.x0)
                    engine.sweep(rule: rule, into: &sink)
                } else if direct && !columnConstant && !(rowSolid && shader.rowColor(y: region.y0) != nil) {
                    // An opaque gradient, likewise (Rasterizer.ShadedSink).
                    var sink = Rasterizer.ShadedSink(shader, pixels: dst0, stride: tw, ox: ox, oy: oy, regionX0: region.x0,
                                                     scratch: span)
                    engine.sweep(rule: rule, into: &sink)
                } else {
                    engine.sweep(rule: rule, body)
                }
            case .mask(let m):
                coverageBuffer.withUnsafeMutableBufferPointer { cb in
                    m.coverage.withUnsafeBufferPointer { mp in
                        let n = region.width
                        for y in region.y0..<region.y1 {
                            let src = mp.baseAddress! + (y - m.originY) * m.width + (region.x0 - m.originX)
                            cb.baseAddress!.update(from: src, count: n)
                            body(y, region.x0, n, cb.baseAddress!)
                        }
                    }
                }
            case .box:
                coverageBuffer.withUnsafeMutableBufferPointer { cb in
                    let n = region.width
                    // Rows that shade alike are drawn in pairs, the second from the first's span
                    // (every pixel is blended once whatever the order of the rows).
                    let pairs = fullSpans && !direct && solid == nil && !columnConstant
                    for y in region.y0..<region.y1 {
                        let m = pairs ? shader.mirrorRow(y) : nil
                        if let m, m < y, m >= region.y0 { continue }   // drawn with row m
                        cb.baseAddress!.initialize(repeating: 255, count: n)
                        body(y, region.x0, n, cb.baseAddress!)
                        guard let m, m > y, m < region.y1 else { continue }
                        reuseSpan = true
                        body(m, region.x0, n, cb.baseAddress!)
                        reuseSpan = false
                    }
                }
            }
        }}}
    }
}
