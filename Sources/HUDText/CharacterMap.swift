// CharacterMap: the cmap subtable that maps Unicode scalars to glyph ids.
//
// Design note: only the two subtable formats that carry Unicode in modern fonts are read: format 4
// (segments over the BMP) and format 12 (groups over all planes). Both are validated once when the
// face loads; lookups then never throw: a value that would point outside the table maps to glyph 0
// (.notdef), which the text layer treats as "this font lacks the character".

struct CharacterMap: Sendable {
    private enum Storage: Sendable {
        /// Format 4: parallel segment arrays plus the raw table for idRangeOffset lookups.
        case segments(end: [UInt16], start: [UInt16], delta: [UInt16], rangeOffset: [UInt16], rangeOffsetBase: Int)
        /// Format 12: sorted (start, end, startGlyph) groups.
        case groups(start: [UInt32], end: [UInt32], glyph: [UInt32])
        case empty
    }
    private let storage: Storage
    private let bytes: [UInt8]
    private let glyphCount: Int

    static let empty = CharacterMap(storage: .empty, bytes: [], glyphCount: 0)

    private init(storage: Storage, bytes: [UInt8], glyphCount: Int) {
        self.storage = storage; self.bytes = bytes; self.glyphCount = glyphCount
    }

    /// Parses the best Unicode subtable of the cmap table at `base`.
    init(reader r: FontDataReader, base: Int, length: Int, glyphCount: Int) throws {
        var r = r
        r.table = "cmap"
        let count = Int(try r.u16(base + 2))
        try r.check(base + 4, count * 8)
        // Rank subtables: full-repertoire format 12 first, then BMP format 4.
        var best: (rank: Int, offset: Int)? = nil
        for i in 0..<count {
            let rec = base + 4 + i * 8
            let platform = try r.u16(rec), encoding = try r.u16(rec + 2)
            let off = try r.offset(base, Int(try r.u32(rec + 4)))
            guard let format = try? r.u16(off) else { continue }
            var rank = 0
            switch (platform, encoding, format) {
            case (3, 10, 12): rank = 6
            case (0, _, 12): rank = 5
            case (3, 1, 4): rank = 4
            case (0, _, 4): rank = 3
            case (3, 0, 4): rank = 1   // symbol fonts: still better than nothing
            default: rank = 0
            }
            if rank > 0, rank > (best?.rank ?? 0) { best = (rank, off) }
        }
        guard let chosen = best else {
            throw FontError.malformedTable("cmap", reason: "no Unicode subtable of format 4 or 12")
        }
        let off = chosen.offset
        let format = try r.u16(off)
        if format == 4 {
            let segX2 = Int(try r.u16(off + 6))
            guard segX2 % 2 == 0, segX2 > 0 else { throw FontError.malformedTable("cmap", reason: "odd or zero segment count") }
            let seg = segX2 / 2
            let endBase = off + 14, startBase = endBase + segX2 + 2
            let deltaBase = startBase + segX2, rangeBase = deltaBase + segX2
            try r.check(endBase, segX2 * 4 + 2)
            var end = [UInt16](), start = [UInt16](), delta = [UInt16](), range = [UInt16]()
            end.reserveCapacity(seg); start.reserveCapacity(seg); delta.reserveCapacity(seg); range.reserveCapacity(seg)
            for i in 0..<seg {
                end.append(try r.u16(endBase + 2 * i)); start.append(try r.u16(startBase + 2 * i))
                delta.append(try r.u16(deltaBase + 2 * i)); range.append(try r.u16(rangeBase + 2 * i))
                if i > 0, end[i] < end[i - 1] { throw FontError.malformedTable("cmap", reason: "format 4 segments out of order") }
            }
            storage = .segments(end: end, start: start, delta: delta, rangeOffset: range, rangeOffsetBase: rangeBase)
        } else {
            let n = Int(try r.u32(off + 12))
            guard n <= (r.bytes.count - off) / 12 else { throw FontError.truncated(table: "cmap", offset: off) }
            try r.check(off + 16, n * 12)
            var s = [UInt32](), e = [UInt32](), g = [UInt32]()
            s.reserveCapacity(n); e.reserveCapacity(n); g.reserveCapacity(n)
            for i in 0..<n {
                let rec = off + 16 + i * 12
                s.append(try r.u32(rec)); e.append(try r.u32(rec + 4)); g.append(try r.u32(rec + 8))
                if e[i] < s[i] || (i > 0 && s[i] <= e[i - 1]) {
                    throw FontError.malformedTable("cmap", reason: "format 12 groups overlap or are out of order")
                }
            }
            storage = .groups(start: s, end: e, glyph: g)
        }
        bytes = r.bytes
        self.glyphCount = glyphCount
    }

    /// The glyph for `scalar`, or 0 when the font has none.
    func glyph(for scalar: UInt32) -> Int {
        let g: Int
        switch storage {
        case .empty:
            return 0
        case let .segments(end, start, delta, rangeOffset, rangeBase):
            guard scalar <= 0xFFFF else { return 0 }
            let c = UInt16(scalar)
            var lo = 0, hi = end.count
            while lo < hi { let mid = (lo + hi) / 2; if end[mid] < c { lo = mid + 1 } else { hi = mid } }
            guard lo < end.count, start[lo] <= c else { return 0 }
            if rangeOffset[lo] == 0 {
                g = Int(c &+ delta[lo])
            } else {
                let addr = rangeBase + 2 * lo + Int(rangeOffset[lo]) + 2 * Int(c - start[lo])
                guard addr >= 0, addr + 1 < bytes.count else { return 0 }
                let raw = UInt16(bytes[addr]) << 8 | UInt16(bytes[addr + 1])
                g = raw == 0 ? 0 : Int(raw &+ delta[lo])
            }
        case let .groups(start, end, glyph):
            var lo = 0, hi = end.count
            while lo < hi { let mid = (lo + hi) / 2; if end[mid] < scalar { lo = mid + 1 } else { hi = mid } }
            guard lo < end.count, start[lo] <= scalar else { return 0 }
            let v = UInt64(glyph[lo]) + UInt64(scalar - start[lo])
            g = v > UInt64(Int32.max) ? 0 : Int(v)
        }
        return g < glyphCount ? g : 0
    }
}
