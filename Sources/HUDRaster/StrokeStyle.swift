// StrokeStyle: the line parameters of a stroke, grouped as one value (like SwiftUI's StrokeStyle).
//
// Design note: Core Graphics spreads these over separate gstate setters; grouping them lets the
// stroker take a single value and lets Canvas keep them in its saved state as one field. Defaults
// are Core Graphics' (width 1, butt caps, miter joins, miter limit 10, no dash).

/// How the ends of open subpaths (and of dashes) are drawn, as `CGLineCap`.
public enum LineCap: Hashable, Sendable {
    /// The stroke ends flat at the end point.
    case butt
    /// A half-disc of diameter lineWidth is added at each end.
    case round
    /// A half-square of side lineWidth is added at each end.
    case square
}

/// How corners between segments are drawn, as `CGLineJoin`.
public enum LineJoin: Hashable, Sendable {
    /// Sharp corner, falling back to bevel beyond the miter limit.
    case miter
    /// Circular corner.
    case round
    /// Corner cut straight across.
    case bevel
}

/// Everything a stroke needs besides the path and the paint.
public struct StrokeStyle: Hashable, Sendable {
    /// Width of the stroke in user-space units.
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// Ratio of miter length to line width above which a miter join becomes a bevel (CG default 10).
    public var miterLimit: Double
    /// Alternating on/off lengths in user space; empty means a solid line.
    public var dashPattern: [Double]
    /// Distance into the dash pattern at which the stroke starts.
    public var dashPhase: Double

    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: Double = 10, dashPattern: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dashPattern = dashPattern; self.dashPhase = dashPhase
    }
}
