// Gradient: colour stops, and their premultiplied lookup table.
//
// Design note: a gradient is only its stops (like CGGradient); where it is drawn (linear, radial,
// conic) is the Paint's business. Stops are interpolated in straight-alpha sRGB, as Core Graphics
// and Skia do by default (or in another space a framework uses, see GradientInterpolation), and
// then premultiplied into a 1024-entry table of packed RGBA8, so the
// per-pixel work is computing t and one table load. 1024 entries keep even a full-width 4k ramp
// free of visible steps.

import Synchronization

/// Colour stops along 0...1 (like `CGGradient`).
public struct Gradient: Hashable, Sendable {
    public let colors: [Color]
    /// Stop positions in 0...1, ascending, one per colour.
    public let locations: [Double]
    /// The colour space the stops are blended in (default sRGB, as Core Graphics).
    public let interpolation: GradientInterpolation

    /// Stops at `locations` (evenly spaced when nil or when the count does not match `colors`).
    /// Locations are clamped to 0...1 and sorted; `interpolation` is the space they blend in.
    public init(colors: [Color], locations: [Double]? = nil, interpolation: GradientInterpolation = .sRGB) {
        self.interpolation = interpolation
        var locs: [Double]
        if let l = locations, l.count == colors.count {
            locs = l.map { $0.isNaN ? 0 : min(max($0, 0), 1) }
        } else if colors.count > 1 {
            locs = (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
        } else {
            locs = colors.map { _ in 0 }
        }
        // Stable sort by location so equal locations keep their order (hard stops).
        let order = locs.indices.sorted { locs[$0] < locs[$1] || (locs[$0] == locs[$1] && $0 < $1) }
        self.colors = order.map { colors[$0] }
        self.locations = order.map { locs[$0] }
    }

    /// Entries in the lookup table.
    static let lutSize = 1024

    /// The straight-alpha colour at `t` (clamped to 0...1).
    public func color(at t: Double) -> Color {
        guard let first = colors.first else { return .clear }
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        if t <= locations[0] { return first }
        for i in 1..<colors.count where t <= locations[i] {
            let l0 = locations[i - 1], l1 = locations[i]
            let f = l1 > l0 ? (t - l0) / (l1 - l0) : 1
            let a = colors[i - 1].clamped, b = colors[i].clamped
            if interpolation != .sRGB {
                let ea = interpolation.encode(a), eb = interpolation.encode(b)
                return interpolation.decode((ea.0 + (eb.0 - ea.0) * f, ea.1 + (eb.1 - ea.1) * f, ea.2 + (eb.2 - ea.2) * f),
                                            alpha: a.alpha + (b.alpha - a.alpha) * f)
            }
            return Color(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                         blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        return colors[colors.count - 1]
    }

    /// Premultiplied packed RGBA8 (r in the low byte) for t = i / (lutSize - 1).
    func lookupTable() -> [UInt32] {
        let n = Gradient.lutSize
        var out = [UInt32](repeating: 0, count: n)
        for i in 0..<n {
            out[i] = Compositor.pack(color(at: Double(i) / Double(n - 1)))
        }
        return out
    }
}

/// The last few gradients' lookup tables, shared by every canvas and thread, so a gradient drawn
/// again (every frame of an animation, each segment of a ring, each worker's frames) is
/// interpolated once. Tables are built outside the lock (two threads may build the same one,
/// harmlessly: it is identical); output never depends on what was cached.
final class GradientTableCache: Sendable {
    /// The cache every canvas uses.
    static let shared = GradientTableCache()
    private let entries = Mutex([(Gradient, [UInt32])]())
    static let capacity = 32

    func table(for g: Gradient) -> [UInt32] {
        let hit: [UInt32]? = entries.withLock { list in
            guard let i = list.lastIndex(where: { $0.0 == g }) else { return nil }
            return list[i].1
        }
        if let t = hit { return t }
        let t = g.lookupTable()
        entries.withLock { list in
            if list.count >= GradientTableCache.capacity { list.removeFirst() }
            list.append((g, t))
        }
        return t
    }
}

/// What a gradient paint shows beyond its 0...1 range (like SVG's spreadMethod).
public enum SpreadMode: Hashable, Sendable {
    /// The end colours continue.
    case pad
    /// The gradient starts again.
    case `repeat`
    /// The gradient runs back and forth.
    case reflect
}

/// Whether `Canvas.drawLinearGradient` / `drawRadialGradient` extend past the end stops
/// (like `CGGradientDrawingOptions`).
public struct GradientDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Extend the first colour before the start point / start circle.
    public static let drawsBeforeStartLocation = GradientDrawingOptions(rawValue: 1)
    /// Extend the last colour after the end point / end circle.
    public static let drawsAfterEndLocation = GradientDrawingOptions(rawValue: 2)
}
