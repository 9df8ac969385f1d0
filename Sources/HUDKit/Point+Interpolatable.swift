// Point+Interpolatable: lets HUDMotion animate HUDRaster points directly.
//
// Design note: HUDMotion depends on nothing, so the conformance lives here, in the one module that
// sees both; `KeyframeAnimation<Point>` and `BasicAnimation<Point>` then work like CA's position
// animations without converting to and from `Vector2`.

import HUDMotion
import HUDRaster

extension Point: Interpolatable {
    public func interpolationDistance(to other: Point) -> Double { distance(to: other) }
}

extension Point {
    /// The same point as a HUDMotion vector.
    public var vector: Vector2 { Vector2(x, y) }
    /// A point from a HUDMotion vector.
    public init(_ v: Vector2) { self.init(x: v.x, y: v.y) }
}
