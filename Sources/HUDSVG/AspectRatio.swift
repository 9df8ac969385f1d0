// AspectRatio: SVG's preserveAspectRatio, the rule for fitting a viewBox into a rectangle.
//
// Design note: alignment is stored as fractions (0, 0.5, 1) rather than nine enum cases, so the
// fitting transform is one formula; `none` is nil alignment (stretch). Public because callers of
// `SVGDocument.render(in:rect:)` may want to know how an icon will sit in their rectangle.

import HUDRaster

/// How a viewBox is fitted into a viewport (`preserveAspectRatio`).
public struct AspectRatio: Hashable, Sendable {
    /// Alignment on each axis: 0 = min, 0.5 = mid, 1 = max; nil = `none` (stretch).
    public var alignX: Double?
    public var alignY: Double?
    /// `slice` (cover) rather than `meet` (contain).
    public var slice: Bool
    public init(alignX: Double?, alignY: Double?, slice: Bool) {
        self.alignX = alignX; self.alignY = alignY; self.slice = slice
    }
    /// `xMidYMid meet`, SVG's default.
    public static let `default` = AspectRatio(alignX: 0.5, alignY: 0.5, slice: false)

    /// The transform that maps `viewBox` into `rect`.
    public func transform(viewBox vb: Rect, into rect: Rect) -> Transform {
        guard vb.width > 0, vb.height > 0 else { return .identity }
        var sx = rect.width / vb.width, sy = rect.height / vb.height
        var tx = rect.minX, ty = rect.minY
        if let ax = alignX, let ay = alignY {
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s; sy = s
            tx += (rect.width - vb.width * s) * ax
            ty += (rect.height - vb.height * s) * ay
        }
        return Transform(a: sx, b: 0, c: 0, d: sy, tx: tx - vb.minX * sx, ty: ty - vb.minY * sy)
    }
}
