// GIF.Palette+Order: the order of a palette's entries.
//
// Design note: a frame's LZW codes are as wide as its highest index needs (GIF.FrameTable), so the
// order should give as many frames as possible only low indices. Built from the back, greedily: the
// last free position goes to the entry that the fewest frames still in the running draw; those
// frames then need a high index anyway and leave the running. Entries drawn by the most frames
// end up first. Before that, an exact palette's colours are ordered by weight (heaviest first),
// then by value for determinism (dictionary order is not); ties in the greedy keep that order.
// A palette that is not exact but whose animation has few colours (GIF.ColorUse.limit) is ordered
// the same way, each colour counted as drawn with its nearest entry (the quantiser's choice but
// where dithering moves it); an animation with more colours keeps the palette's own order.
extension GIF.Palette {
    /// The colours of `exact` (flattened pixel -> weight), heaviest first.
    static func exactOrder(_ exact: [UInt32: Double]) -> [(r: UInt8, g: UInt8, b: UInt8)] {
        exact.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { (r: UInt8(($0.key >> 16) & 0xFF), g: UInt8(($0.key >> 8) & 0xFF), b: UInt8($0.key & 0xFF)) }
    }

    /// Reorders the palette by which frames draw each entry (see the design note).
    mutating func order(by use: GIF.ColorUse) {
        guard !use.overflowed, colors.count > 1 else { return }
        let rank: [Int]
        if isExact {
            guard use.ids.count <= 256 else { return }
            let ids = colors.map { use.ids[GIF.opaqueBit | UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b)] ?? -1 }
            rank = GIF.Palette.backToFront(ids: ids, frames: use.frames)
        } else {
            rank = GIF.Palette.backToFront(ids: Array(colors.indices), frames: entryUse(use))
        }
        colors = rank.map { colors[$0] }
        lab = rank.map { lab[$0] }
    }

    /// Per frame of `use`, the entries its colours are nearest to, as a set over entry indices.
    private func entryUse(_ use: GIF.ColorUse) -> [[UInt64]] {
        let search = PaletteSearch(lab)
        var entryOf = [Int](repeating: 0, count: use.ids.count)
        for (c, id) in use.ids {
            entryOf[id] = Int(search.nearest(OkLab.fromSRGB(UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF))))
        }
        return use.frames.map { set in
            var entries = [UInt64](repeating: 0, count: 4)
            for (w, word) in set.enumerated() where word != 0 {
                for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 {
                    let k = entryOf[w * 64 + bit]
                    entries[k >> 6] |= 1 << UInt64(k & 63)
                }
            }
            return entries
        }
    }

    /// Palette positions in their new order, built from the back (`ids`: each entry's colour id in
    /// `frames`, or -1).
    static func backToFront(ids: [Int], frames: [[UInt64]]) -> [Int] {
        var count = [Int](repeating: 0, count: ids.count)
        var members = [[Int]](repeating: [], count: 256)
        for (f, set) in frames.enumerated() {
            for (k, id) in ids.enumerated() where id >= 0 && set[id >> 6] & (1 << UInt64(id & 63)) != 0 {
                count[k] += 1; members[id].append(f)
            }
        }
        var active = [Bool](repeating: true, count: frames.count)
        var placed = [Bool](repeating: false, count: ids.count)
        var order = [Int](repeating: 0, count: ids.count)
        for position in stride(from: ids.count - 1, through: 0, by: -1) {
            // The fewest active frames; among equals, the entry latest in the current order.
            var pick = -1
            for k in ids.indices where !placed[k] && (pick < 0 || count[k] <= count[pick]) { pick = k }
            placed[pick] = true
            order[position] = pick
            guard ids[pick] >= 0 else { continue }
            for f in members[ids[pick]] where active[f] {
                active[f] = false
                for (k, id) in ids.enumerated() where id >= 0 && frames[f][id >> 6] & (1 << UInt64(id & 63)) != 0 { count[k] -= 1 }
            }
        }
        return order
    }
}
