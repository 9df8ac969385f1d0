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
        draw(.box(box), Shader(kind: .aligned(layer.image, ox: layer.ox, oy: layer.oy)))
    }
}
