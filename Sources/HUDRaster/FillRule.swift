// FillRule: which points a path encloses, as `CGPathFillRule`.
//
// Design note: the rasterizer accumulates signed winding-weighted coverage; the rule is applied
// only when the running sum is turned into an alpha (non-zero: clamp |sum|; even-odd: fold), so
// both rules share every other line of code.

/// The rule deciding which regions of a self-overlapping path are inside.
public enum FillRule: Hashable, Sendable {
    /// Inside where the winding number is non-zero (Core Graphics' default).
    case winding
    /// Inside where the winding number is odd.
    case evenOdd
}
