// KerningTable: pair kerning from GPOS (PairPos formats 1 and 2) or the legacy `kern` table.
//
// Design note: like HarfBuzz, a face with a GPOS `kern` feature uses it and ignores `kern`; the
// legacy table serves older fonts. GPOS lookups depend on the script (DejaVu puts most Latin pairs
// in a lookup that only the `latn` script enables), so the lookup lists are resolved per script once
// at load time and the text layer asks with the script of the pair. Structure is validated when the
// face loads; per-pair reads that would leave the table yield 0 instead of trapping.

struct KerningTable: Sendable {
    /// One PairPos subtable, with absolute offsets into the font data.
    struct PairSubtable: Sendable {
        var format: Int
        var coverage: Int
        var valueFormat1: Int, valueFormat2: Int
        /// Format 1: pair set offsets. Format 2: class definitions and counts.
        var pairSets: [Int] = []
        var classDef1 = 0, classDef2 = 0, class1Count = 0, class2Count = 0, records = 0
    }
    private let bytes: [UInt8]
    /// Lookups (each a list of subtables) per `KerningScript.rawValue`.
    private let gposLookups: [[[PairSubtable]]]
    /// Legacy `kern` format 0 pairs keyed `left << 16 | right`.
    private let pairs: [UInt32: Int16]

    static let none = KerningTable(bytes: [], gposLookups: [], pairs: [:])
    private init(bytes: [UInt8], gposLookups: [[[PairSubtable]]], pairs: [UInt32: Int16]) {
        self.bytes = bytes; self.gposLookups = gposLookups; self.pairs = pairs
    }

    var isEmpty: Bool { gposLookups.allSatisfy { $0.isEmpty } && pairs.isEmpty }

    /// Reads GPOS kerning when present with a `kern` feature, else the legacy table.
    init(bytes: [UInt8], gpos: (offset: Int, length: Int)?, kern: (offset: Int, length: Int)?) throws {
        self.bytes = bytes
        var lookups: [[[PairSubtable]]] = []
        if let g = gpos {
            lookups = try KerningTable.parseGPOS(FontDataReader(bytes, table: "GPOS"), base: g.offset)
        }
        if !lookups.allSatisfy({ $0.isEmpty }) {
            gposLookups = lookups
            pairs = [:]
        } else {
            gposLookups = []
            pairs = try kern.map { try KerningTable.parseKern(FontDataReader(bytes, table: "kern"), base: $0.offset, length: $0.length) } ?? [:]
        }
    }

    /// The horizontal adjustment between `left` and `right`, in font units.
    func adjustment(left: Int, right: Int, script: KerningScript = .default) -> Int {
        if !gposLookups.isEmpty {
            var total = 0
            for lookup in gposLookups[script.rawValue] {
                for sub in lookup {
                    if let v = value(sub, left: left, right: right) { total += v; break }
                }
            }
            return total
        }
        guard left >= 0, right >= 0, left <= 0xFFFF, right <= 0xFFFF else { return 0 }
        return Int(pairs[UInt32(left) << 16 | UInt32(right)] ?? 0)
    }

    // MARK: - Per-pair reads (non-throwing)

    private func u16(_ o: Int) -> Int? {
        guard o >= 0, o + 1 < bytes.count else { return nil }
        return Int(bytes[o]) << 8 | Int(bytes[o + 1])
    }

    /// The first glyph's XAdvance when this subtable applies, nil when it does not apply.
    private func value(_ s: PairSubtable, left: Int, right: Int) -> Int? {
        guard let ci = coverageIndex(s.coverage, glyph: left) else { return nil }
        let size1 = 2 * (s.valueFormat1 & 0xFF).nonzeroBitCount, size2 = 2 * (s.valueFormat2 & 0xFF).nonzeroBitCount
        // XAdvance (0x0004) follows XPlacement and YPlacement when present.
        let xAdvOffset = 2 * (s.valueFormat1 & 0x3).nonzeroBitCount
        let hasXAdv = s.valueFormat1 & 0x4 != 0
        if s.format == 1 {
            guard ci < s.pairSets.count else { return nil }
            let set = s.pairSets[ci]
            guard let n = u16(set) else { return nil }
            let recSize = 2 + size1 + size2
            var lo = 0, hi = n
            while lo < hi {
                let mid = (lo + hi) / 2
                guard let g = u16(set + 2 + mid * recSize) else { return nil }
                if g < right { lo = mid + 1 } else if g > right { hi = mid } else {
                    guard hasXAdv else { return 0 }
                    return u16(set + 2 + mid * recSize + 2 + xAdvOffset).map { Int(Int16(truncatingIfNeeded: $0)) }
                }
            }
            return nil
        } else {
            let c1 = classOf(s.classDef1, glyph: left), c2 = classOf(s.classDef2, glyph: right)
            guard c1 < s.class1Count, c2 < s.class2Count else { return nil }
            guard hasXAdv else { return 0 }
            let rec = s.records + (c1 * s.class2Count + c2) * (size1 + size2) + xAdvOffset
            return u16(rec).map { Int(Int16(truncatingIfNeeded: $0)) }
        }
    }

    private func coverageIndex(_ base: Int, glyph: Int) -> Int? {
        guard let format = u16(base), let n = u16(base + 2) else { return nil }
        var lo = 0, hi = n
        if format == 1 {
            while lo < hi {
                let mid = (lo + hi) / 2
                guard let g = u16(base + 4 + 2 * mid) else { return nil }
                if g < glyph { lo = mid + 1 } else if g > glyph { hi = mid } else { return mid }
            }
        } else if format == 2 {
            while lo < hi {
                let mid = (lo + hi) / 2, rec = base + 4 + 6 * mid
                guard let s = u16(rec), let e = u16(rec + 2), let idx = u16(rec + 4) else { return nil }
                if e < glyph { lo = mid + 1 } else if s > glyph { hi = mid } else { return idx + glyph - s }
            }
        }
        return nil
    }

    private func classOf(_ base: Int, glyph: Int) -> Int {
        guard let format = u16(base) else { return 0 }
        if format == 1 {
            guard let start = u16(base + 2), let n = u16(base + 4), glyph >= start, glyph - start < n else { return 0 }
            return u16(base + 6 + 2 * (glyph - start)) ?? 0
        } else if format == 2, let n = u16(base + 2) {
            var lo = 0, hi = n
            while lo < hi {
                let mid = (lo + hi) / 2, rec = base + 4 + 6 * mid
                guard let s = u16(rec), let e = u16(rec + 2) else { return 0 }
                if e < glyph { lo = mid + 1 } else if s > glyph { hi = mid } else { return u16(rec + 4) ?? 0 }
            }
        }
        return 0
    }

    // MARK: - Load-time parsing (throwing)

    private static func parseGPOS(_ r: FontDataReader, base: Int) throws -> [[[PairSubtable]]] {
        let major = try r.u16(base)
        guard major == 1 else { throw FontError.malformedTable("GPOS", reason: "version \(major)") }
        let scriptList = try r.offset(base, Int(try r.u16(base + 4)))
        let featureList = try r.offset(base, Int(try r.u16(base + 6)))
        let lookupList = try r.offset(base, Int(try r.u16(base + 8)))
        let lookupCount = Int(try r.u16(lookupList))
        let featureCount = Int(try r.u16(featureList))
        let scriptCount = Int(try r.u16(scriptList))
        try r.check(scriptList + 2, scriptCount * 6)
        try r.check(featureList + 2, featureCount * 6)
        try r.check(lookupList + 2, lookupCount * 2)

        var scripts: [String: Int] = [:]
        for i in 0..<scriptCount {
            let rec = scriptList + 2 + 6 * i
            scripts[try r.tag(rec)] = try r.offset(scriptList, Int(try r.u16(rec + 4)))
        }
        var parsedLookups: [Int: [PairSubtable]] = [:]
        var result: [[[PairSubtable]]] = []
        for script in KerningScript.allCases {
            // HarfBuzz's fallback order: the script, then DFLT, dflt, latn.
            guard let scriptOffset = scripts[script.tag] ?? scripts["DFLT"] ?? scripts["dflt"] ?? scripts["latn"] else {
                result.append([]); continue
            }
            let langSysRel = Int(try r.u16(scriptOffset))
            guard langSysRel != 0 else { result.append([]); continue }
            let langSys = try r.offset(scriptOffset, langSysRel)
            let n = Int(try r.u16(langSys + 4))
            var lookupIndices = Set<Int>()
            for k in 0..<n {
                let fi = Int(try r.u16(langSys + 6 + 2 * k))
                guard fi < featureCount else { throw FontError.malformedTable("GPOS", reason: "feature index \(fi) out of range") }
                let rec = featureList + 2 + 6 * fi
                guard try r.tag(rec) == "kern" else { continue }
                let feature = try r.offset(featureList, Int(try r.u16(rec + 4)))
                let m = Int(try r.u16(feature + 2))
                for j in 0..<m {
                    let li = Int(try r.u16(feature + 4 + 2 * j))
                    guard li < lookupCount else { throw FontError.malformedTable("GPOS", reason: "lookup index \(li) out of range") }
                    lookupIndices.insert(li)
                }
            }
            var lookups: [[PairSubtable]] = []
            for li in lookupIndices.sorted() {   // lookups apply in lookup-list order
                if parsedLookups[li] == nil {
                    parsedLookups[li] = try parseLookup(r, at: try r.offset(lookupList, Int(try r.u16(lookupList + 2 + 2 * li))))
                }
                if let l = parsedLookups[li], !l.isEmpty { lookups.append(l) }
            }
            result.append(lookups)
        }
        return result
    }

    private static func parseLookup(_ r: FontDataReader, at lookup: Int) throws -> [PairSubtable] {
        let type = Int(try r.u16(lookup))
        let subCount = Int(try r.u16(lookup + 4))
        try r.check(lookup + 6, subCount * 2)
        var subs: [PairSubtable] = []
        for i in 0..<subCount {
            var sub = try r.offset(lookup, Int(try r.u16(lookup + 6 + 2 * i)))
            var subType = type
            if type == 9 {   // extension: the real subtable lives at a 32-bit offset
                subType = Int(try r.u16(sub + 2))
                sub = try r.offset(sub, Int(try r.u32(sub + 4)))
            }
            guard subType == 2 else { continue }
            let format = Int(try r.u16(sub))
            var s = PairSubtable(format: format, coverage: try r.offset(sub, Int(try r.u16(sub + 2))),
                                 valueFormat1: Int(try r.u16(sub + 4)), valueFormat2: Int(try r.u16(sub + 6)))
            let recordSize = 2 * (s.valueFormat1 & 0xFF).nonzeroBitCount + 2 * (s.valueFormat2 & 0xFF).nonzeroBitCount
            _ = try r.u16(s.coverage)
            if format == 1 {
                let n = Int(try r.u16(sub + 8))
                try r.check(sub + 10, 2 * n)
                for k in 0..<n {
                    let set = try r.offset(sub, Int(try r.u16(sub + 10 + 2 * k)))
                    let pairs = Int(try r.u16(set))
                    try r.check(set + 2, pairs * (2 + recordSize))
                    s.pairSets.append(set)
                }
            } else if format == 2 {
                s.classDef1 = try r.offset(sub, Int(try r.u16(sub + 8)))
                s.classDef2 = try r.offset(sub, Int(try r.u16(sub + 10)))
                s.class1Count = Int(try r.u16(sub + 12)); s.class2Count = Int(try r.u16(sub + 14))
                s.records = sub + 16
                try r.check(s.records, s.class1Count * s.class2Count * recordSize)
                _ = try r.u16(s.classDef1); _ = try r.u16(s.classDef2)
            } else {
                throw FontError.malformedTable("GPOS", reason: "PairPos format \(format)")
            }
            subs.append(s)
        }
        return subs
    }

    private static func parseKern(_ r: FontDataReader, base: Int, length: Int) throws -> [UInt32: Int16] {
        var pairs: [UInt32: Int16] = [:]
        let version = try r.u16(base)
        let apple = version == 1
        let nTables = apple ? Int(try r.u32(base + 4)) : Int(try r.u16(base + 2))
        var sub = base + (apple ? 8 : 4)
        let end = base + length
        for _ in 0..<min(nTables, 64) {
            guard sub < end else { break }
            let subLength: Int, coverage: Int, format: Int, header: Int
            if apple {
                subLength = Int(try r.u32(sub)); coverage = Int(try r.u8(sub + 4)); format = Int(try r.u8(sub + 5)); header = 8
                // Apple coverage: 0x80 vertical, 0x40 cross-stream, 0x20 variation.
                guard format == 0, coverage & 0xE0 == 0 else { sub = try r.offset(sub, max(subLength, header)); continue }
            } else {
                subLength = Int(try r.u16(sub + 2)); format = Int(try r.u8(sub + 4)); coverage = Int(try r.u8(sub + 5)); header = 6
                // Microsoft coverage: bit 0 horizontal, bit 1 minimum values, bit 2 cross-stream.
                guard format == 0, coverage & 0x7 == 0x1 else { sub = try r.offset(sub, max(subLength, header)); continue }
            }
            let n = Int(try r.u16(sub + header))
            let first = sub + header + 8
            try r.check(first, n * 6)
            pairs.reserveCapacity(pairs.count + n)
            for k in 0..<n {
                let rec = first + 6 * k
                let key = UInt32(try r.u16(rec)) << 16 | UInt32(try r.u16(rec + 2))
                pairs[key] = try r.i16(rec + 4)
            }
            // Microsoft's 16-bit length overflows for big tables: continue from the pairs' end.
            sub = first + 6 * n
        }
        return pairs
    }
}
