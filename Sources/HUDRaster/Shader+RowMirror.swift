// Shader+RowMirror: rows of a concentric radial gradient that are shaded alike.
//
// Design note: a concentric gradient's pixel depends on its distance from the centre only, and
// every radial row loop (Shader+GradientSpans) takes a row's y term as y * y from the row's
// gradient-space y. Without rotation or skew, that y is the same for every pixel of a row and the
// x positions do not depend on the row, so two rows whose gradient-space y are exact negatives of
// each other get the same pixels: a glow centred on the canvas is shaded for half its rows. The
// partner row is found by solving for it, then confirmed by computing its y exactly as `shade`
// does, so that nothing rests on the solution's rounding.

extension Shader {
    /// The device row, other than `y`, that `shade` fills with the same pixels as row `y` over the
    /// same columns, or nil when there is none (not a concentric radial gradient, a rotated or
    /// skewed one, or no row whose gradient-space y is exactly the negative of row `y`'s).
    func mirrorRow(_ y: Int) -> Int? {
        guard case let .radial(inv, c0, _, cd, dr) = kind, cd.x == 0, cd.y == 0, dr != 0,
              inv.b == 0, inv.c == 0, inv.d != 0, y >= 0 else { return nil }
        @inline(__always) func gy(_ row: Int) -> Double { inv.b * 0.5 + inv.d * (Double(row) + 0.5) + inv.ty - c0.y }
        let v = gy(y)
        guard v != 0, v.isFinite else { return nil }
        // inv.d * (y + y' + 1) + 2 (inv.ty - c0.y) = 0.
        let other = (-2 * (inv.ty - c0.y) / inv.d - 1).rounded() - Double(y)
        guard other >= 0, other < Double(1 << 30) else { return nil }
        let m = Int(other)
        return m != y && gy(m) == -v ? m : nil
    }
}
