// FontFace+Outline: decoding `glyf` simple and composite glyphs into `GlyphOutline`s.
//
// Design note: every count and offset is checked against the glyph's own byte range, and composite
// assembly carries a depth limit and a point / component budget, so a glyph that references itself
// (directly or through a cycle) or multiplies into millions of points fails with a typed error
// instead of recursing forever or exhausting memory.

extension FontFace {
    /// Composite nesting deeper than this is treated as a loop (real fonts nest 2-3 levels).
    static let maxCompositeDepth = 12
    /// Limits on the assembled size of one glyph.
    static let maxGlyphPoints = 100_000
    static let maxGlyphComponents = 2_000

    /// The outline of glyph `glyph` in font units (y up); empty for blank glyphs like the space.
    public func outline(glyph: Int) throws -> GlyphOutline {
        var budget = (points: FontFace.maxGlyphPoints, components: FontFace.maxGlyphComponents)
        return try outline(glyph: glyph, depth: 0, budget: &budget)
    }

    private func outline(glyph: Int, depth: Int, budget: inout (points: Int, components: Int)) throws -> GlyphOutline {
        guard glyph >= 0, glyph < glyphCount else {
            throw FontError.malformedGlyph(glyph: glyph, reason: "glyph id beyond the font's \(glyphCount) glyphs")
        }
        guard depth <= FontFace.maxCompositeDepth else {
            throw FontError.malformedGlyph(glyph: glyph, reason: "composite glyphs nest deeper than \(FontFace.maxCompositeDepth) levels (a reference loop)")
        }
        let start = locations[glyph], end = locations[glyph + 1]
        if end <= start { return GlyphOutline() }   // blank glyph (loca spans nothing)
        guard end <= glyfEnd else { throw FontError.malformedGlyph(glyph: glyph, reason: "outline extends beyond glyf") }
        // A reader over just this glyph's bytes, so nothing can stray into the next glyph.
        let r = FontDataReader(Array(data[start..<end]), table: "glyf")
        let contours = Int(try r.i16(0))
        if contours >= 0 {
            return try simpleOutline(r, glyph: glyph, contours: contours, budget: &budget)
        }
        return try compositeOutline(r, glyph: glyph, depth: depth, budget: &budget)
    }

    private func simpleOutline(_ r: FontDataReader, glyph: Int, contours: Int,
                               budget: inout (points: Int, components: Int)) throws -> GlyphOutline {
        var o = GlyphOutline()
        if contours == 0 { return o }
        var pos = 10
        try r.check(pos, 2 * contours)
        var last = -1
        for i in 0..<contours {
            let e = Int(try r.u16(pos + 2 * i))
            guard e > last || (i > 0 && e == last) else {
                throw FontError.malformedGlyph(glyph: glyph, reason: "contour end points are not increasing")
            }
            last = e
            o.contourEnds.append(e)
        }
        pos += 2 * contours
        let n = last + 1
        guard n <= budget.points else { throw FontError.malformedGlyph(glyph: glyph, reason: "more than \(FontFace.maxGlyphPoints) points") }
        budget.points -= n
        let instructionLength = Int(try r.u16(pos))
        pos += 2 + instructionLength
        // Flags, with the REPEAT bit expanding runs.
        var flags = [UInt8](); flags.reserveCapacity(n)
        while flags.count < n {
            let f = try r.u8(pos); pos += 1
            flags.append(f)
            if f & 0x08 != 0 {
                let repeats = Int(try r.u8(pos)); pos += 1
                guard flags.count + repeats <= n else {
                    throw FontError.malformedGlyph(glyph: glyph, reason: "flag repeat runs past the last point")
                }
                for _ in 0..<repeats { flags.append(f) }
            }
        }
        // X then Y coordinates: short (1 byte, sign in the SAME bit) or long (2 bytes) or repeated.
        func coordinates(shortBit: UInt8, sameBit: UInt8) throws -> [Double] {
            var v = 0
            var out = [Double](); out.reserveCapacity(n)
            for f in flags {
                if f & shortBit != 0 {
                    let d = Int(try r.u8(pos)); pos += 1
                    v += f & sameBit != 0 ? d : -d
                } else if f & sameBit == 0 {
                    v += Int(try r.i16(pos)); pos += 2
                }
                out.append(Double(v))
            }
            return out
        }
        o.xs = try coordinates(shortBit: 0x02, sameBit: 0x10)
        o.ys = try coordinates(shortBit: 0x04, sameBit: 0x20)
        o.onCurve = flags.map { $0 & 0x01 != 0 }
        return o
    }

    private func compositeOutline(_ r: FontDataReader, glyph: Int, depth: Int,
                                  budget: inout (points: Int, components: Int)) throws -> GlyphOutline {
        var o = GlyphOutline()
        var pos = 10
        var more = true
        while more {
            budget.components -= 1
            guard budget.components >= 0 else {
                throw FontError.malformedGlyph(glyph: glyph, reason: "more than \(FontFace.maxGlyphComponents) components")
            }
            let flags = try r.u16(pos), child = Int(try r.u16(pos + 2))
            pos += 4
            let words = flags & 0x0001 != 0, xyValues = flags & 0x0002 != 0
            var arg1 = 0, arg2 = 0
            if words {
                arg1 = xyValues ? Int(try r.i16(pos)) : Int(try r.u16(pos))
                arg2 = xyValues ? Int(try r.i16(pos + 2)) : Int(try r.u16(pos + 2))
                pos += 4
            } else {
                arg1 = xyValues ? Int(Int8(bitPattern: try r.u8(pos))) : Int(try r.u8(pos))
                arg2 = xyValues ? Int(Int8(bitPattern: try r.u8(pos + 1))) : Int(try r.u8(pos + 1))
                pos += 2
            }
            var a = 1.0, b = 0.0, c = 0.0, d = 1.0
            if flags & 0x0008 != 0 {            // WE_HAVE_A_SCALE
                a = try r.f2dot14(pos); d = a; pos += 2
            } else if flags & 0x0040 != 0 {     // WE_HAVE_AN_X_AND_Y_SCALE
                a = try r.f2dot14(pos); d = try r.f2dot14(pos + 2); pos += 4
            } else if flags & 0x0080 != 0 {     // WE_HAVE_A_TWO_BY_TWO: xscale, scale01, scale10, yscale
                a = try r.f2dot14(pos); b = try r.f2dot14(pos + 2)
                c = try r.f2dot14(pos + 4); d = try r.f2dot14(pos + 6); pos += 8
            }
            more = flags & 0x0020 != 0
            let part = try outline(glyph: child, depth: depth + 1, budget: &budget)
            var dx = 0.0, dy = 0.0
            if xyValues {
                dx = Double(arg1); dy = Double(arg2)
                // SCALED_COMPONENT_OFFSET (Apple): the offset goes through the matrix too.
                if flags & 0x0800 != 0, flags & 0x1000 == 0 {
                    (dx, dy) = (a * dx + c * dy, b * dx + d * dy)
                }
            } else {
                // Point matching: move the child so its point arg2 lands on the parent's point arg1.
                guard arg1 < o.pointCount, arg2 < part.pointCount else {
                    throw FontError.malformedGlyph(glyph: glyph, reason: "component anchor point out of range")
                }
                let cx = a * part.xs[arg2] + c * part.ys[arg2], cy = b * part.xs[arg2] + d * part.ys[arg2]
                dx = o.xs[arg1] - cx; dy = o.ys[arg1] - cy
            }
            o.append(part, a: a, b: b, c: c, d: d, dx: dx, dy: dy)
            o.componentCount += 1
        }
        return o
    }
}
