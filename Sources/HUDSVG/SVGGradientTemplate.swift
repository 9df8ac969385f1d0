// SVGGradientTemplate: a gradient as the document defines it, made into a paint for one shape.
//
// Design note: GradientResolver builds this once per gradient element when the document loads;
// `paint` only does what depends on the shape: the objectBoundingBox mapping and the paint's
// opacity. SVG's degenerate cases are decided here, in the order SVG and resvg imply: no stops
// draws nothing, one stop is a plain colour, an unusable box draws nothing, coincident endpoints or
// a zero radius give the last stop's colour.

import HUDRaster

struct SVGGradientTemplate {
    struct Stop {
        let offset: Double
        let color: Color
        /// stop-opacity, 0...1.
        let opacity: Double
    }

    enum Geometry {
        case linear(x1: Double, y1: Double, x2: Double, y2: Double)
        case radial(cx: Double, cy: Double, r: Double, fx: Double, fy: Double, fr: Double)
    }

    let stops: [Stop]
    let objectBox: Bool
    let gradientTransform: Transform
    let spread: SpreadMode
    let geometry: Geometry

    /// The paint for a shape with object bounding box `bbox` (nil when it has none) at `opacity`.
    func paint(bbox: Rect?, opacity: Double) -> PaintServerResult {
        let stops = self.stops.map { ($0.offset, $0.color.withAlphaComponent($0.color.alpha * $0.opacity * opacity)) }
        if stops.isEmpty { return .nothing }
        if stops.count == 1 { return .paint(.color(stops[0].1)) }
        var toUser = gradientTransform
        if objectBox {
            guard let b = bbox, b.width > 0, b.height > 0 else { return .nothing }
            toUser = gradientTransform.concatenating(Transform(a: b.width, b: 0, c: 0, d: b.height, tx: b.minX, ty: b.minY))
        }
        guard toUser.inverted() != nil else { return .nothing }
        let gradient = Gradient(colors: stops.map { $0.1 }, locations: stops.map { $0.0 })
        switch geometry {
        case let .linear(x1, y1, x2, y2):
            if x1 == x2 && y1 == y2 { return .paint(.color(stops.last!.1)) }
            return .paint(.gradient(.linearGradient(gradient, start: Point(x: x1, y: y1), end: Point(x: x2, y: y2), spread: spread),
                                    transform: toUser))
        case let .radial(cx, cy, r, fx, fy, fr0):
            var fr = fr0
            if r <= 0 || !r.isFinite { return .paint(.color(stops.last!.1)) }
            if fr < 0 || !fr.isFinite { fr = 0 }
            // fr > r is drawn as written (resvg); fr == r would be degenerate, so the end circle is
            // nudged out: inside takes the first stop, outside the last.
            let endR = fr == r ? r * (1 + 1e-6) : r
            return .paint(.gradient(.radialGradient(gradient, startCenter: Point(x: fx, y: fy), startRadius: fr,
                                                    endCenter: Point(x: cx, y: cy), endRadius: endR, spread: spread),
                                    transform: toUser))
        }
    }
}
