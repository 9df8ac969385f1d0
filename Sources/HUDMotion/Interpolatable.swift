// Interpolatable: the vector-space operations keyframe animation needs from a value.
//
// Design note: HUDMotion depends on nothing, so it cannot know HUDRaster's Point. Instead of
// duplicating geometry, animations are generic over this small protocol (add, subtract, scale,
// distance); Double and Vector2 conform here and HUDKit makes HUDRaster.Point conform. Linear,
// cubic (Catmull-Rom) and paced interpolation are all expressible with just these.

/// A value that keyframe and basic animations can interpolate: a vector space with a distance.
public protocol Interpolatable: Sendable {
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Double) -> Self
    /// Euclidean distance to `other` (used by `.paced` keyframes).
    func interpolationDistance(to other: Self) -> Double
}

extension Interpolatable {
    /// Linear interpolation: `self` at 0, `other` at 1.
    @inlinable public func interpolated(to other: Self, fraction t: Double) -> Self {
        self + (other - self) * t
    }
}

extension Double: Interpolatable {
    public func interpolationDistance(to other: Double) -> Double { abs(other - self) }
}

/// A two-component vector (a position, a scale pair, an offset) for animations.
public struct Vector2: Hashable, Sendable, Interpolatable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Vector2(0, 0)
    @inlinable public static func + (l: Vector2, r: Vector2) -> Vector2 { Vector2(l.x + r.x, l.y + r.y) }
    @inlinable public static func - (l: Vector2, r: Vector2) -> Vector2 { Vector2(l.x - r.x, l.y - r.y) }
    @inlinable public static func * (l: Vector2, s: Double) -> Vector2 { Vector2(l.x * s, l.y * s) }
    /// Length of the vector.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    public func interpolationDistance(to other: Vector2) -> Double { (other - self).length }
    public var description: String { "(\(x), \(y))" }
}
