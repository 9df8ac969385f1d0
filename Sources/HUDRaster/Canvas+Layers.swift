// Canvas+Layers: transparency layers (as `CGContext.beginTransparencyLayer`).
//
// Design note: a layer is a scratch image over the clip box pushed as the drawing target; it
// remembers the state current at its start, and its end composites only the pixels drawn into it,
// with the alpha, blend mode and shadow of that state, as one image.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Canvas {
    /// Starts a transparency layer: later drawing goes to a transparent scratch image (bounded by
    /// the clip) that `endTransparencyLayer` composites as one with the alpha, blend mode and shadow
    /// current now. Saves the graphics state; alpha, blend mode and shadow restart at their defaults
    /// inside the layer.
    public func beginTransparencyLayer() {
        recorder?.record(self, .beginLayer, uses: .layer)
        recorder?.didBeginLayer()
        layers.append(LayerRecord(state: state, depth: stack.count))
        stack.append(state)
        let box = state.clip.bounds.intersection(targets[targets.count - 1].box)
        let img: Image
        if box.isEmpty {
            img = try! Image(width: 1, height: 1)
        } else if let spare = takeSpareLayer(width: box.width, height: box.height) {
            img = spare
        } else {
            img = (try? Image(width: box.width, height: box.height)) ?? (try! Image(width: 1, height: 1))
        }
        targets.append(Target(image: img, ox: box.isEmpty ? 0 : box.x0, oy: box.isEmpty ? 0 : box.y0))
        state.alpha = 1; state.blendMode = .normal; state.shadow = nil
    }

    /// Ends the innermost transparency layer and composites it (does nothing without one).
    public func endTransparencyLayer() {
        if layers.isEmpty { return }
        recorder?.record(self, .endLayer, uses: .none)
        recorder?.didEndLayer()
        guard let rec = layers.popLast() else { return }
        let layer = targets.removeLast()
        stack.removeSubrange(rec.depth...)
        state = rec.state
        let box = layer.dirty.intersection(layer.box).intersection(state.clip.bounds)
        if box.isEmpty { return }
        if state.shadow == nil && state.clip.mask == nil {
            composite(layer, box)
        } else {
            draw(.box(box), Shader(kind: .aligned(layer.image, ox: layer.ox, oy: layer.oy)))
        }
        let drawn = layer.dirty.intersection(layer.box)
        spareLayer = (layer.image, drawn.isEmpty ? .empty : drawn.offsetBy(dx: -layer.ox, dy: -layer.oy))
    }

    /// The spare layer image when it has this size, made transparent again: it is transparent
    /// outside the box drawn on, so only that box is zeroed (a new image zeroes all of it).
    func takeSpareLayer(width: Int, height: Int) -> Image? {
        guard var spare = spareLayer, spare.image.width == width, spare.image.height == height else { return nil }
        spareLayer = nil
        let d = spare.drawn
        if !d.isEmpty {
            spare.image.pixels.withUnsafeMutableBufferPointer { pb in
                for y in d.y0..<d.y1 {
                    (pb.baseAddress! + (y * width + d.x0) * 4).update(repeating: 0, count: d.width * 4)
                }
            }
        }
        return spare.image
    }

    /// What `draw(.box(box), .aligned(layer))` does without a shadow or a clip mask, with the
    /// layer's rows blended straight from its image instead of copied into a span first (the same
    /// bytes: each row is `Compositor.blendSpan` at full coverage either way).
    func composite(_ layer: Target, _ box: PixelRect) {
        let ti = targets.count - 1
        let region = targets[ti].box.intersection(box)
        if region.isEmpty { return }
        let mode = state.blendMode
        let a8 = UInt32((state.alpha * 255).rounded())
        if a8 == 0 && mode != .copy && mode != .clear { return }
        if ti > 0 { targets[ti].dirty = targets[ti].dirty.union(region) }
        settleBackground(target: ti, replacesAll: false)
        let n = region.width
        if coverageBuffer.count < n { coverageBuffer = [UInt8](repeating: 0, count: n) }
        let tw = targets[ti].image.width, tox = targets[ti].ox, toy = targets[ti].oy
        let lw = layer.image.width
        layer.image.pixels.withUnsafeBufferPointer { lb in
        lb.withMemoryRebound(to: UInt32.self) { src in
        coverageBuffer.withUnsafeMutableBufferPointer { cb in
        targets[ti].image.pixels.withUnsafeMutableBufferPointer { pb in
        pb.withMemoryRebound(to: UInt32.self) { dst in
            let cov = cb.baseAddress!
            cov.update(repeating: 255, count: n)
            // At full alpha under normal blending, without reading the coverage (the same bytes).
            let full = a8 == 255 && mode == .normal
            for y in region.y0..<region.y1 {
                let d = dst.baseAddress! + (y - toy) * tw + (region.x0 - tox)
                let s = src.baseAddress! + (y - layer.oy) * lw + (region.x0 - layer.ox)
                if full { Compositor.overSpan(d, n, s) } else { Compositor.blendSpan(d, n, s, cov, a8, mode) }
            }
        }}}}}
    }
}
