// PixelRect: an integer pixel rectangle, the unit of the rasterizer's regions and clip boxes.
//
// Design note: regions, clip boxes and mask placement are whole pixels; a value type with the few
// set operations they need (intersection for clipping, union for dirty areas), half-open so that
// widths are plain differences.

/// An integer pixel rectangle, half-open: [x0, x1) x [y0, y1).
@usableFromInline struct PixelRect: Hashable, Sendable {
    @usableFromInline var x0: Int, y0: Int, x1: Int, y1: Int
    @inlinable init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    @inlinable var width: Int { x1 - x0 }
    @inlinable var height: Int { y1 - y0 }
    @inlinable var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    @usableFromInline static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    @inlinable func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }
    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
    func insetBy(_ d: Int) -> PixelRect { PixelRect(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d) }
    func offsetBy(dx: Int, dy: Int) -> PixelRect { PixelRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy) }
    /// The pixels touched by a real rectangle (rounded outwards, clamped to sane magnitudes).
    init(covering r: Rect) {
        if r.isNull || !r.minX.isFinite || !r.minY.isFinite || !r.maxX.isFinite || !r.maxY.isFinite || r.width < 0 || r.height < 0 {
            self = .empty; return
        }
        let l = 1 << 26
        func c(_ v: Double) -> Int { Int(min(max(v, -Double(l)), Double(l))) }
        self.init(x0: c(r.minX.rounded(.down)), y0: c(r.minY.rounded(.down)),
                  x1: c(r.maxX.rounded(.up)), y1: c(r.maxY.rounded(.up)))
    }
    var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }
}
