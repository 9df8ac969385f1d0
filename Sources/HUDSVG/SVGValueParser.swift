// SVGValueParser: attribute micro-syntaxes other than colours and path data: lengths with units,
// transform lists, points lists, dash arrays, viewBox and preserveAspectRatio.
//
// Design note: every parser returns nil on malformed input so callers can apply SVG's rule that an
// invalid value behaves as if it were absent. Lengths resolve against a viewport (for percentages)
// and the default font size (em/ex), both carried in `LengthContext`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HUDRaster

enum LengthAxis { case x, y, other }

/// What percentages and font-relative units resolve against.
struct LengthContext {
    var viewport: Size
    var fontSize: Double = 12
    func percentBase(_ axis: LengthAxis) -> Double {
        switch axis {
        case .x: return viewport.width
        case .y: return viewport.height
        case .other: return ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()
        }
    }
}

enum SVGValueParser {
    /// A length with optional unit; nil when malformed.
    static func length(_ raw: String?, axis: LengthAxis, context: LengthContext) -> Double? {
        SVGLength.parse(raw)?.resolved(axis: axis, context: context)
    }

    /// A plain number or a percentage as a fraction (`50%` -> 0.5); used by offsets and opacities.
    static func numberOrFraction(_ raw: String?) -> Double? {
        guard let raw else { return nil }
        var sc = SVGScanner(raw.trimmingSpaces)
        guard let v = sc.number() else { return nil }
        let rest = String(decoding: sc.bytes[sc.pos...], as: UTF8.self)
        if rest == "%" { return v / 100 }
        return rest.isEmpty ? v : nil
    }

    /// A transform list; nil when malformed (the attribute is then ignored).
    static func transform(_ raw: String) -> Transform? {
        var sc = SVGScanner(raw)
        var result = Transform.identity
        sc.skipCommaSpaces()
        while !sc.atEnd {
            let name = sc.word()
            sc.skipSpaces()
            guard sc.peek() == 0x28 else { return nil }
            sc.pos += 1
            sc.skipSpaces()
            var args: [Double] = []
            while let v = sc.listNumber() { args.append(v) }
            guard sc.peek() == 0x29 else { return nil }
            sc.pos += 1
            let t: Transform
            switch (name, args.count) {
            case ("matrix", 6): t = Transform(a: args[0], b: args[1], c: args[2], d: args[3], tx: args[4], ty: args[5])
            case ("translate", 1): t = Transform(translationX: args[0], y: 0)
            case ("translate", 2): t = Transform(translationX: args[0], y: args[1])
            case ("scale", 1): t = Transform(scaleX: args[0], y: args[0])
            case ("scale", 2): t = Transform(scaleX: args[0], y: args[1])
            case ("rotate", 1): t = Transform(rotationAngle: args[0] * .pi / 180)
            case ("rotate", 3): t = Transform(rotationAngle: args[0] * .pi / 180, about: Point(x: args[1], y: args[2]))
            case ("skewX", 1): t = Transform(a: 1, b: 0, c: tan(args[0] * .pi / 180), d: 1, tx: 0, ty: 0)
            case ("skewY", 1): t = Transform(a: 1, b: tan(args[0] * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
            default: return nil
            }
            // `A B` applies B first, then A.
            result = t.concatenating(result)
            sc.skipCommaSpaces()
        }
        let all = [result.a, result.b, result.c, result.d, result.tx, result.ty]
        return all.allSatisfy { $0.isFinite } ? result : nil
    }

    /// `points` of polyline/polygon; an odd trailing coordinate and anything after an error are dropped.
    static func points(_ raw: String) -> [Point] {
        var sc = SVGScanner(raw)
        sc.skipSpaces()
        var out: [Point] = []
        while !sc.atEnd {
            guard let x = sc.listNumber(), let y = sc.listNumber() else { break }
            out.append(Point(x: x, y: y))
        }
        return out
    }

    static func viewBox(_ raw: String?) -> Rect? {
        guard let raw, let v = SVGScanner.numberList(raw), v.count == 4, v[2] > 0, v[3] > 0 else { return nil }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    static func aspectRatio(_ raw: String?) -> AspectRatio {
        guard let raw else { return .default }
        let parts = raw.split(separator: " ").map { String($0) }.filter { $0 != "defer" }
        guard let align = parts.first else { return .default }
        let slice = parts.count > 1 && parts[1] == "slice"
        if align == "none" { return AspectRatio(alignX: nil, alignY: nil, slice: false) }
        guard align.count == 8, align.hasPrefix("x") else { return .default }
        func a(_ s: Substring) -> Double? { s == "Min" ? 0 : s == "Mid" ? 0.5 : s == "Max" ? 1 : nil }
        let xs = align.dropFirst(1).prefix(3), ys = align.dropFirst(5).prefix(3)
        guard align.dropFirst(4).first == "Y", let ax = a(xs), let ay = a(ys) else { return .default }
        return AspectRatio(alignX: ax, alignY: ay, slice: slice)
    }
}
