// Geometry: points, sizes, rects and affine transforms in the Core Graphics mould.
//
// Design note: everything is `Double` and value-typed, with the names a CGPoint / CGRect /
// CGAffineTransform user already knows. The coordinate space is y-down (like UIKit): angles grow
// clockwise on screen and -pi/2 is 12 o'clock. `Transform` is named after tiny-skia's rather than
// `AffineTransform` so that it never collides with Foundation's type of that name.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in a two-dimensional y-down coordinate system (like `CGPoint`).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)

    /// The point transformed by `t`.
    @inlinable public func applying(_ t: Transform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
    @inlinable public static func + (l: Point, r: Point) -> Point { Point(x: l.x + r.x, y: l.y + r.y) }
    @inlinable public static func - (l: Point, r: Point) -> Point { Point(x: l.x - r.x, y: l.y - r.y) }
    @inlinable public static func * (l: Point, s: Double) -> Point { Point(x: l.x * s, y: l.y * s) }
    /// Euclidean length of the vector from the origin to this point.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// Distance to another point.
    @inlinable public func distance(to p: Point) -> Double { (self - p).length }
    /// Whether both coordinates are finite (neither NaN nor infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    public var description: String { "(\(x), \(y))" }
}

/// A width and height (like `CGSize`).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle (like `CGRect`). Width and height are expected to be non-negative;
/// `standardized` fixes rectangles that are not.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The empty rectangle, the identity of `union`.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var center: Point { Point(x: midX, y: midY) }
    @inlinable public var isNull: Bool { origin.x == .infinity }
    @inlinable public var isEmpty: Bool { isNull || size.width <= 0 || size.height <= 0 }

    /// The same rectangle with non-negative width and height.
    public var standardized: Rect {
        Rect(x: min(minX, maxX), y: min(minY, maxY), width: abs(width), height: abs(height))
    }
    /// The rectangle grown (negative) or shrunk (positive) on each side.
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    /// The smallest rectangle containing both.
    public func union(_ r: Rect) -> Rect {
        if isNull { return r }
        if r.isNull { return self }
        let x0 = min(minX, r.minX), y0 = min(minY, r.minY)
        return Rect(x: x0, y: y0, width: max(maxX, r.maxX) - x0, height: max(maxY, r.maxY) - y0)
    }
    /// The overlap of both, or `Rect.null` when they do not overlap.
    public func intersection(_ r: Rect) -> Rect {
        if isNull || r.isNull { return .null }
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The smallest rectangle with integral edges that contains this one.
    public var integral: Rect {
        if isNull { return self }
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }
    @inlinable public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// The bounding box of the four corners after `t`.
    public func applying(_ t: Transform) -> Rect {
        if isNull { return self }
        let pts = [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY), Point(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        var r = Rect.null
        for p in pts { r = r.union(Rect(origin: p, size: .zero)) }
        return r
    }
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

/// A 2D affine transform, laid out as `CGAffineTransform` is:
/// `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`.
public struct Transform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public init(translationX tx: Double, y ty: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `angle` radians; positive angles turn clockwise on a y-down screen.
    public init(rotationAngle angle: Double) {
        let s = sin(angle), c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    /// A rotation by `angle` about `center`.
    public init(rotationAngle angle: Double, about center: Point) {
        self = Transform(translationX: -center.x, y: -center.y)
            .concatenating(Transform(rotationAngle: angle))
            .concatenating(Transform(translationX: center.x, y: center.y))
    }
    @inlinable public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t` (as `CGAffineTransformConcat(self, t)`).
    @inlinable public func concatenating(_ t: Transform) -> Transform {
        Transform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                  c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                  tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    /// Translate in the transform's own space first, as `CGAffineTransform.translatedBy` does.
    public func translatedBy(x: Double, y: Double) -> Transform { Transform(translationX: x, y: y).concatenating(self) }
    public func scaledBy(x: Double, y: Double) -> Transform { Transform(scaleX: x, y: y).concatenating(self) }
    public func rotated(by angle: Double) -> Transform { Transform(rotationAngle: angle).concatenating(self) }
    /// The determinant; zero for transforms that collapse the plane.
    @inlinable public var determinant: Double { a * d - b * c }
    /// The inverse, or nil when the transform is not invertible.
    public func inverted() -> Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
    /// The larger of the two axis scale factors (used to pick flattening tolerances and stroke widths).
    public var maxScale: Double { max((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot()) }
    public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}
