// GlyphCache: rasterised glyph coverage masks and decoded outlines, shared by all threads.
//
// Design note: an animation draws the same title in every frame, so glyph masks are cached by
// (face, glyph, device pixel size, subpixel x offset quantised to 1/4 px) and reused. Frames render
// in parallel, so the cache sits behind a Mutex; rasterising happens outside the lock (two threads
// may render the same glyph once each, harmlessly: the result is identical). The cache is bounded by
// bytes and simply emptied when full: output never depends on what was cached, only speed does.
// Outlines come from HarfBuzz as paths in font units; colour glyphs are cached as decoded images.

import Synchronization
import HUDRaster

/// A process-wide cache of glyph masks and outlines.
public final class GlyphCache: Sendable {
    /// The cache every `TextLayout.draw` uses.
    public static let shared = GlyphCache()

    struct MaskKey: Hashable {
        var face: Int, glyph: Int
        var scaleX: UInt64, scaleY: UInt64   // bit patterns of device px per font unit
        var subpixel: UInt8                  // x offset in quarter pixels, 0...3
    }
    struct OutlineKey: Hashable { var face: Int, glyph: Int }

    private struct State {
        var masks: [MaskKey: Mask?] = [:]
        var outlines: [OutlineKey: Path] = [:]
        var bitmaps: [OutlineKey: ColorGlyph?] = [:]
        var bytes = 0
        var hits = 0, misses = 0
    }
    private let state = Mutex(State())
    /// Upper bound on the bytes of cached coverage and outline data.
    public let capacity: Int

    public init(capacity: Int = 32 * 1024 * 1024) { self.capacity = max(0, capacity) }

    /// Cached mask count, hits and misses (for tests and `hudrender bench`).
    public var statistics: (entries: Int, bytes: Int, hits: Int, misses: Int) {
        state.withLock { ($0.masks.count, $0.bytes, $0.hits, $0.misses) }
    }

    /// Empties the cache.
    public func removeAll() { state.withLock { $0 = State() } }

    /// A colour glyph's image and its placement in font units, y up.
    struct ColorGlyph { var image: Image; var rect: Rect }

    /// The outline of `glyph` in font units (y up); -1 and corrupt glyphs draw as the missing-glyph box.
    func outline(face: FontFace, glyph: Int) -> Path {
        let key = OutlineKey(face: face.id, glyph: glyph)
        if let o = state.withLock({ $0.outlines[key] }) { return o }
        let o: Path
        if glyph < 0 {
            o = GlyphCache.missingGlyphBox(unitsPerEm: face.unitsPerEm)
        } else {
            o = (try? face.path(glyph: glyph)) ?? GlyphCache.missingGlyphBox(unitsPerEm: face.unitsPerEm)
        }
        store { s in
            s.outlines[key] = o
            s.bytes += 40 * o.elements.count + 64
        }
        return o
    }

    /// The colour bitmap of `glyph`, or nil for an outline glyph.
    func colorGlyph(face: FontFace, glyph: Int) -> ColorGlyph? {
        guard face.hasColorBitmaps else { return nil }
        let key = OutlineKey(face: face.id, glyph: glyph)
        if let c = state.withLock({ $0.bitmaps[key] }) { return c }
        let c = face.colorBitmap(glyph: glyph).map { ColorGlyph(image: $0.image, rect: $0.rect) }
        store { s in
            s.bitmaps[key] = .some(c)
            s.bytes += (c?.image.pixels.count ?? 0) + 64
        }
        return c
    }

    /// The coverage mask of `glyph` with its pen at device (subpixel / 4, 0), y down, or nil when blank.
    func mask(face: FontFace, glyph: Int, scaleX: Double, scaleY: Double, subpixel: Int) -> Mask? {
        let key = MaskKey(face: face.id, glyph: glyph, scaleX: scaleX.bitPattern, scaleY: scaleY.bitPattern,
                          subpixel: UInt8(subpixel & 3))
        let cached: Mask?? = state.withLock { s in
            if let m = s.masks[key] { s.hits += 1; return .some(m) }
            s.misses += 1
            return .none
        }
        if let m = cached { return m }
        let o = outline(face: face, glyph: glyph)
        var m: Mask? = nil
        if !o.isEmpty {
            let t = Transform(a: scaleX, b: 0, c: 0, d: -scaleY, tx: Double(subpixel & 3) / 4, ty: 0)
            m = Rasterizer.mask(for: o, transform: t, rule: .winding)
        }
        store { s in
            s.masks[key] = m
            s.bytes += (m?.coverage.count ?? 0) + 64
        }
        return m
    }

    private func store(_ body: (inout State) -> Void) {
        state.withLock { s in
            if s.bytes > capacity { s.masks = [:]; s.outlines = [:]; s.bitmaps = [:]; s.bytes = 0 }
            body(&s)
        }
    }

    /// The box drawn for corrupt glyphs: a hollow rectangle 0.6 em wide, cap-height tall.
    static func missingGlyphBox(unitsPerEm: Int) -> Path {
        let u = Double(unitsPerEm)
        let x0 = 0.1 * u, x1 = 0.5 * u, y0 = 0.0, y1 = 0.72 * u, w = 0.06 * u
        var p = Path()
        // Outer contour one way, inner the other: the non-zero rule leaves a frame.
        p.addRect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        p.move(to: Point(x: x0 + w, y: y0 + w))
        p.addLine(to: Point(x: x0 + w, y: y1 - w))
        p.addLine(to: Point(x: x1 - w, y: y1 - w))
        p.addLine(to: Point(x: x1 - w, y: y0 + w))
        p.closeSubpath()
        return p
    }
    /// Advance of the missing-glyph box in em.
    static let missingGlyphAdvance = 0.6
}
