// BidiLevels: the Unicode bidirectional algorithm (UAX #9) for one paragraph, by GNU FriBiDi.
//
// Design note: FriBiDi resolves every scalar's embedding level (with bracket pairs, as UAX #9
// since Unicode 6.3 requires); HUDText then shapes runs of one level and reorders the runs of each
// line by rule L2. The paragraph direction comes from its first strong character (rules P2-P3), which
// is also what UIKit's natural alignment follows.

import CFriBiDi

/// Resolved embedding levels of a paragraph.
struct BidiLevels {
    /// One level per scalar (even: left-to-right, odd: right-to-left).
    let levels: [UInt8]
    /// Whether the paragraph's first strong character is right-to-left.
    let isRightToLeft: Bool

    init(_ scalars: [Unicode.Scalar]) {
        let n = scalars.count
        var text = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var direction = FriBidiParType(0x40)   // FRIBIDI_PAR_ON: taken from the first strong character
        var ok = false
        if n > 0 {
            fribidi_get_bidi_types(&text, FriBidiStrIndex(n), &types)
            fribidi_get_bracket_types(&text, FriBidiStrIndex(n), &types, &brackets)
            ok = fribidi_get_par_embedding_levels_ex(&types, &brackets, FriBidiStrIndex(n), &direction, &levels) != 0
        }
        // FriBiDi fails only on allocation failure; left-to-right is then the safe reading.
        self.levels = ok ? levels.map { UInt8(clamping: Int($0)) } : [UInt8](repeating: 0, count: n)
        self.isRightToLeft = ok && (direction.rawValue & 1) != 0
    }

    /// Visual order of items with the given levels (rule L2: from the highest level down to the
    /// lowest odd one, reverse every maximal sequence at that level or above).
    static func visualOrder(_ itemLevels: [UInt8]) -> [Int] {
        var order = Array(itemLevels.indices)
        guard let high = itemLevels.max(), let lowOdd = itemLevels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = high
        while level >= lowOdd {
            var i = 0
            while i < order.count {
                guard itemLevels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, itemLevels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
