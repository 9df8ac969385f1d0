// Path+UIKit: UIBezierPath's arc calls, with UIKit's meaning of `clockwise`.
//
// Design note: Core Graphics and UIKit name the same arc with opposite flags. `CGPath.addArc`
// counts `clockwise` in Core Graphics' y-up space, so in UIKit's flipped context
// `clockwise: false` is what looks clockwise; `UIBezierPath` is defined in UIKit's y-down space,
// where `clockwise: true` looks clockwise. `Path.addArc(center:...)` keeps the Core Graphics
// meaning, these keep UIBezierPath's under UIBezierPath's own labels, so code ported from either
// API keeps its flags and draws what it drew on iOS.

extension Path {
    /// A path holding one open arc, as `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`:
    /// `clockwise: true` is clockwise on screen (towards increasing angles in y-down space).
    public init(arcCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Adds an arc as `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)` does:
    /// `clockwise: true` is clockwise on screen. A line joins the current point to the arc's start,
    /// if there is a current point. (For Core Graphics' meaning of the flag use
    /// ``addArc(center:radius:startAngle:endAngle:clockwise:)``.)
    public mutating func addArc(withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool) {
        appendArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, increasing: clockwise)
    }
}
