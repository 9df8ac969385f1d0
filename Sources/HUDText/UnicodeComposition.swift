// UnicodeComposition: NFC normalisation without Foundation.
//
// Design note: text from different keyboards spells "ớ" either as one scalar (U+1EDB) or as "o" +
// horn + acute. Fonts map the precomposed scalar to a designed glyph, while the decomposed spelling
// would stack marks with no mark positioning, so layout normalises to NFC first. The Swift standard
// library knows each scalar's canonical combining class but offers no NFC API without Foundation;
// the decomposition and composition tables are generated from Python's unicodedata into
// UnicodeComposition+Table.swift (Scripts/unicode_composition_table.py) and Hangul is algorithmic.

/// Unicode canonical normalisation (UAX #15) for text layout.
public enum UnicodeComposition {
    /// `string` in Normalization Form C (canonical decomposition, then canonical composition).
    public static func nfc(_ string: String) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: nfc(scalars: Array(string.unicodeScalars)))
        return String(view)
    }

    /// Scalars in Normalization Form D (full canonical decomposition, canonically ordered).
    public static func nfd(scalars input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(input.count + 8)
        for s in input { decompose(s, into: &out) }
        // Canonical ordering: stable-sort each run of non-starters by combining class.
        var i = 1
        while i < out.count {
            let cc = ccc(out[i])
            if cc != 0 {
                var j = i
                while j > 0, ccc(out[j - 1]) > cc { out.swapAt(j, j - 1); j -= 1 }
            }
            i += 1
        }
        return out
    }

    /// Scalars in Normalization Form C.
    public static func nfc(scalars input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        // Everything below U+0300 is already NFC (quick check "yes") and cannot combine with a
        // following scalar below U+0300: the common ASCII / Latin-1 case costs one scan.
        if input.allSatisfy({ $0.value < 0x300 }) { return input }
        let d = nfd(scalars: input)
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(d.count)
        var starter: Int? = nil
        var lastClass = -1   // class of the last scalar kept after the starter; -1 = adjacent
        for s in d {
            let cc = Int(ccc(s))
            if let st = starter, lastClass == -1 || (lastClass != 0 && lastClass < cc),
               let composite = compose(out[st], s) {
                out[st] = composite
                continue
            }
            out.append(s)
            if cc == 0 { starter = out.count - 1; lastClass = -1 } else { lastClass = cc }
        }
        return out
    }

    // MARK: - Pieces

    @inline(__always)
    static func ccc(_ s: Unicode.Scalar) -> UInt8 {
        s.value < 0x300 ? 0 : s.properties.canonicalCombiningClass.rawValue
    }

    private static let sBase: UInt32 = 0xAC00, lBase: UInt32 = 0x1100, vBase: UInt32 = 0x1161, tBase: UInt32 = 0x11A7
    private static let lCount: UInt32 = 19, vCount: UInt32 = 21, tCount: UInt32 = 28
    private static var nCount: UInt32 { vCount * tCount }
    private static var sCount: UInt32 { lCount * nCount }

    private static func decompose(_ s: Unicode.Scalar, into out: inout [Unicode.Scalar]) {
        let v = s.value
        if v < 0xC0 { out.append(s); return }
        if v >= sBase, v < sBase + sCount {
            let i = v - sBase
            out.append(Unicode.Scalar(lBase + i / nCount)!)
            out.append(Unicode.Scalar(vBase + (i % nCount) / tCount)!)
            if i % tCount != 0 { out.append(Unicode.Scalar(tBase + i % tCount)!) }
            return
        }
        let keys = decompositionKeys
        var lo = 0, hi = keys.count
        while lo < hi { let mid = (lo + hi) / 2; if keys[mid] < v { lo = mid + 1 } else { hi = mid } }
        guard lo < keys.count, keys[lo] == v else { out.append(s); return }
        for k in Int(decompositionStarts[lo])..<Int(decompositionStarts[lo + 1]) {
            if let u = Unicode.Scalar(decompositionValues[k]) { out.append(u) }
        }
    }

    private static func compose(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Unicode.Scalar? {
        let x = a.value, y = b.value
        if x >= lBase, x < lBase + lCount, y >= vBase, y < vBase + vCount {
            return Unicode.Scalar(sBase + ((x - lBase) * vCount + (y - vBase)) * tCount)
        }
        if x >= sBase, x < sBase + sCount, (x - sBase) % tCount == 0, y > tBase, y < tBase + tCount {
            return Unicode.Scalar(x + (y - tBase))
        }
        let key = UInt64(x) << 21 | UInt64(y)
        let keys = compositionKeys
        var lo = 0, hi = keys.count
        while lo < hi { let mid = (lo + hi) / 2; if keys[mid] < key { lo = mid + 1 } else { hi = mid } }
        guard lo < keys.count, keys[lo] == key else { return nil }
        return Unicode.Scalar(compositionValues[lo])
    }
}
