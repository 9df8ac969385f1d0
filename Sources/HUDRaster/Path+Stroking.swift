// Path+Stroking: the public face of the stroker: `Path.stroked` and the hairline helpers.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Path {
    /// The default flattening tolerance of `stroked`, in device pixels.
    public static let strokeTolerance = 0.05

    /// The outline of this path stroked with `style`, in device space (`transform` applied), to be
    /// filled with `FillRule.winding`.
    ///
    /// The stroke is computed in user space (so the pen is transformed with the path, as in Core
    /// Graphics) and curves are flattened to within `tolerance` device pixels. A dash pattern in the
    /// style is applied first (see `dashed(pattern:phase:)`). A zero-length subpath (a move followed
    /// by segments that go nowhere) still draws a dot for round and square caps. Returns an empty path
    /// for a line width that is zero, negative or not finite, for a transform that collapses the
    /// plane, and for a path with a NaN or infinite coordinate. Widths under one device pixel are
    /// stroked as given; see `hairlineCoverageScale(for:transform:)` to keep their weight.
    ///
    /// Complexity: O(number of flattened segments + join and cap points).
    public func stroked(_ style: StrokeStyle, transform: Transform = .identity,
                        tolerance: Double = Path.strokeTolerance) -> Path {
        var scratch = Stroker.Scratch()
        return stroked(style, transform: transform, tolerance: tolerance, scratch: &scratch)
    }

    /// `stroked` with the stroker's working arrays and the outline's element storage taken from
    /// `scratch` (and its arrays left there for the next call), so a canvas stroking many shapes
    /// does not allocate per stroke. Give the outline back with `Stroker.Scratch.recycle` when done.
    func stroked(_ style: StrokeStyle, transform: Transform, tolerance: Double = Path.strokeTolerance,
                 scratch: inout Stroker.Scratch) -> Path {
        scratch.outlineBounds = nil
        let scale = transform.maxScale
        guard style.lineWidth > 0, style.lineWidth.isFinite, scale > 0, scale.isFinite,
              transform.determinant != 0, transform.tx.isFinite, transform.ty.isFinite,
              isAllFinite else { return Path() }
        var source = self
        if !style.dashPattern.isEmpty { source = dashed(pattern: style.dashPattern, phase: style.dashPhase) }
        let tol = max(tolerance.isFinite && tolerance > 0 ? tolerance : Path.strokeTolerance, 1e-4) / scale
        var s = Stroker(style: style, tolerance: tol, transform: transform, scratch: &scratch)
        s.run(source)
        var out = Path()
        out.setStagedOutline(s.ob, count: s.no, lastMove: s.lastMove, storage: &scratch.outline)
        scratch.outlineIsSimple = s.subpaths == 1 && s.simple
        scratch.outlineBounds = s.bz == 0 ? s.outlineBounds : nil
        return out
    }

    /// Device widths below this are drawn as hairlines (see `hairlineCoverageScale(for:transform:)`).
    public static let hairlineThreshold = 0.25

    /// How much to scale the alpha of a stroke of `width` (user space) drawn through `transform`, when
    /// it is drawn one device pixel wide instead (`hairlineWidth(for:transform:)`): the device width
    /// itself for strokes thinner than `hairlineThreshold`, 1 otherwise (draw them as they are).
    ///
    /// The exact-area rasterizer already gives a thin line its true ink (a 0.4 px line covers each
    /// pixel it crosses by 0.4), and that matches supersampled references best, so only lines thinner
    /// than a quarter pixel, whose few levels of coverage depend on where they cross pixel rows, are
    /// widened to one pixel at `width` x alpha: the same ink per unit length, an even weight. The
    /// device width of an anisotropic transform is taken as `width * sqrt(|det|)` (the mean scale).
    /// A width of zero is Core Graphics' "thinnest line the device can draw": one device pixel at
    /// full alpha. Negative or NaN widths give 0 (draw nothing).
    public static func hairlineCoverageScale(for width: Double, transform: Transform = .identity) -> Double {
        guard width.isFinite, width >= 0 else { return 0 }
        if width == 0 { return 1 }
        let device = width * abs(transform.determinant).squareRoot()
        guard device.isFinite else { return 1 }
        return device < hairlineThreshold ? device : 1
    }

    /// The user-space line width that is one device pixel wide through `transform` when `width` is
    /// thinner than `hairlineThreshold` device pixels (use with `hairlineCoverageScale(for:transform:)`),
    /// else `width` itself.
    public static func hairlineWidth(for width: Double, transform: Transform = .identity) -> Double {
        let mean = abs(transform.determinant).squareRoot()
        guard width.isFinite, width >= 0, mean > 0, mean.isFinite else { return width }
        return width * mean < hairlineThreshold ? 1 / mean : width
    }

    /// True when every coordinate of the path is finite.
    @usableFromInline var isAllFinite: Bool {
        for e in elements {
            switch e {
            case .move(let p), .line(let p): if !p.isFinite { return false }
            case .quadCurve(let p, let c): if !p.isFinite || !c.isFinite { return false }
            case .curve(let p, let c1, let c2): if !p.isFinite || !c1.isFinite || !c2.isFinite { return false }
            case .closeSubpath: break
            }
        }
        return true
    }
}
