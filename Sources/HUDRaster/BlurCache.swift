// BlurCache: the last few blurred masks, shared by all threads, so a shadow whose shape and size do
// not change is blurred once.
//
// Design note: a HUD casts the same shadow in every frame of an animation (its box only moves or
// fades), and blurring is the costliest per-pixel pass of such a frame. Entries are keyed by the
// source coverage and sigma, not by where the mask sits: the same shape blurred at another origin is
// the cached result moved. Frames render in parallel, so the entries sit behind a Mutex; the blur
// itself runs outside the lock (two threads may blur the same shape once each, harmlessly: the
// result is identical). Output never depends on what was cached, only speed does.

import Synchronization

final class BlurCache: Sendable {
    /// The cache `Blur.gaussian(mask:sigma:)` uses.
    static let shared = BlurCache()

    struct Entry {
        var width: Int, height: Int, sigma: Double
        var source: [UInt8]
        /// The blurred mask, positioned for a source at origin (0, 0).
        var blurred: Mask
    }
    /// Entries kept; a few cover a HUD's shadow, its glow and a text shadow drawn in every frame.
    static let capacity = 4
    /// Masks larger than this many bytes are not kept (a full-screen blur is not a shadow).
    static let maxBytes = 8 << 20

    private let entries = Mutex([Entry]())

    /// The cached blur of `mask` at `sigma`, moved to the mask's origin, or nil.
    func lookup(_ mask: Mask, sigma: Double) -> Mask? {
        let hit: Mask? = entries.withLock { list in
            guard let i = list.firstIndex(where: {
                $0.width == mask.width && $0.height == mask.height && $0.sigma == sigma && $0.source == mask.coverage
            }) else { return nil }
            let e = list.remove(at: i)
            list.append(e)   // most recently used last
            return e.blurred
        }
        guard var m = hit else { return nil }
        m.originX += mask.originX; m.originY += mask.originY
        return m
    }

    /// Keeps `blurred`, the blur of `mask` at `sigma`.
    func store(_ mask: Mask, sigma: Double, blurred: Mask) {
        guard mask.coverage.count + blurred.coverage.count <= BlurCache.maxBytes else { return }
        var b = blurred
        b.originX -= mask.originX; b.originY -= mask.originY
        let e = Entry(width: mask.width, height: mask.height, sigma: sigma, source: mask.coverage, blurred: b)
        entries.withLock { list in
            if list.count >= BlurCache.capacity { list.removeFirst() }
            list.append(e)
        }
    }
}
