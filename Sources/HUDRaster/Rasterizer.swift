// Rasterizer: exact-area coverage scan conversion (the FreeType / font-rs / Blend2D approach).
//
// Design note: every line segment adds signed `cover * (1 - mean x)` to the cell it crosses and the
// remainder to the next cell, in integer units (1/256 px positions, so a full pixel is 256 * 512).
// A running sum along the row then gives each pixel's exact covered area, without supersampling:
// antialiasing has 256 * 512 levels before the final rounding to 8 bits. The fill rule is applied
// only to the running sum (non-zero: clamp |sum|; even-odd: fold), which is exact wherever a pixel
// is crossed by one y-monotone chain of the outline. Each edge carries its chain's number and each
// pixel remembers the first chain through it, so a row where two unrelated chains share a pixel
// (edges crossing or overlapping there) is flagged and recomputed exactly by CrossingResolver; an
// outline that cannot cross itself (one convex contour, seen from its turns while it is built)
// skips that bookkeeping. One of many chains a contour that crosses itself in many rows (a sample
// of rows tells) skips it too, the other way: every row goes to the resolver, which costs less than
// finding the rows that need it; one of many chains that crosses itself less often makes cells only
// for the rows the resolver will not rebuild. Cells live in a dense Int32 buffer for one band of
// rows at a time (see `Tuning` for the band sizes and why), with a per-row touched range and
// a bit per 8 cells; the sweep zeroes cells as it reads them so the buffer is ready for the next
// band without a clear. Untouched stretches have constant coverage: empty ones are skipped (the
// inside of a stroke is never composited), full ones are handed over as one run. Where the coverage
// goes is a CoverageSink: a solid colour is composited right there (SolidSink), anything else gets
// spans of a coverage buffer (SpanSink). Segments are clipped to the work region in Double before
// quantisation: parts left of it become vertical edges on its left border (they still carry
// winding), parts right of, above or below it are dropped. So a 16k-wide canvas costs nothing for a
// 20 px shape: the work is bounded by the shape's box intersected with the clip.
//
// The parts, one file each: `EdgeBuilder` quantises and clips segments into `Edge`s and numbers
// their chains in a `ChainTable`; `Engine` owns the buffers and runs the sweep, band by band
// (`Engine+Sweep`), with a `SweepStrategy` chosen once per fill from the outline's shape
// (`SweepStrategy`, `Engine+ChainOrder`, `Engine+CrossingSample`); `BandBuffers` writes the
// cells of one band (`+Deferred` for the two-pass variant) and `Engine+Accumulate` turns them into
// coverage. `RowState`, `Tuning` and `SweepOverrides` name the states, constants and test hooks.

/// Fill-rule-aware scan conversion of paths into coverage.
public enum Rasterizer {
    /// The device area `mask(for:)` works in: paths reaching beyond it are cropped to
    /// `-Image.maxDimension ..< 2 * Image.maxDimension` on each axis.
    static let maskRegionLimit = PixelRect(x0: -Image.maxDimension, y0: -Image.maxDimension,
                                           x1: 2 * Image.maxDimension, y1: 2 * Image.maxDimension)

    /// The antialiased coverage of `path` (after `transform`) under `rule`, covering the path's
    /// device-space bounding box (cropped to `maskRegionLimit`). Nil when the path is empty,
    /// covers no pixel, has a NaN or infinite coordinate, or its cropped box has more than
    /// `Image.maxPixels` pixels.
    public static func mask(for path: Path, transform: Transform = .identity, rule: FillRule = .winding) -> Mask? {
        let engine = Engine()
        return engine.mask(for: path, transform: transform, rule: rule, within: maskRegionLimit)
    }

    /// The device-space pixel box of `path` after `transform` (control points included, so it is
    /// conservative). Empty when the path is empty or not finite.
    static func deviceBounds(of path: Path, transform: Transform) -> PixelRect {
        var finite = true
        return deviceBounds(of: path, transform: transform, finite: &finite)
    }

    /// `deviceBounds(of:transform:)`, also setting `finite` to `Flattener.isFinite(path, transform:)`
    /// from the same pass over the elements (a fill needs both, and a small path costs about as
    /// much to walk as to rasterize).
    static func deviceBounds(of path: Path, transform: Transform, finite: inout Bool) -> PixelRect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        let t = transform
        // x * 0 is 0 for every finite x and NaN for infinities and NaN, so one sum of such terms
        // stays 0 exactly when every coordinate is finite (no branch per coordinate).
        var z = t.a * 0 + t.b * 0 + t.c * 0 + t.d * 0 + t.tx * 0 + t.ty * 0
        @inline(__always) func add(_ p: Point) {
            z += p.x * 0 + p.y * 0
            let q = Flattener.clampPoint(p.applying(t))
            x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
        }
        path.elements.withUnsafeBufferPointer { els in
            for e in els {
                switch e {
                case .move(let p), .line(let p): add(p)
                case .quadCurve(let p, let c): add(p); add(c)
                case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
                case .closeSubpath: break
                }
            }
        }
        finite = z == 0
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x0 <= x1, y0 <= y1 else { return .empty }
        return PixelRect(covering: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }
}
