// Rasterizer.ChainTable: the outline's y-monotone chains, which tell the sweep when two parts of
// an outline share a pixel and when they only meet at a turning point.

extension Rasterizer {
    /// `ChainTable`'s arrays while a sweep runs.
    struct ChainPointers {
        let contourOf: UnsafePointer<Int32>, first: UnsafePointer<Int32>, last: UnsafePointer<Int32>
        let endY: UnsafePointer<Int32>
    }

    /// The outline split into y-monotone chains: runs of consecutive edges going the same way.
    /// A pixel crossed by a single chain holds two winding numbers at most, so the area sum is
    /// exact there; a pixel two chains share may hold three (an overlap or a crossing), unless it
    /// is in the row of the turning point where two neighbouring chains of a contour meet (like the
    /// top of a circle). Neighbours can still cross further from it, so other rows are flagged.
    final class ChainTable {
        /// The contour of each chain; index 0 is unused (chain ids start at 1, 0 marks "no owner").
        @exclusivity(unchecked) var contourOf = Int32List()
        /// Where each chain ends, in region-relative 1/256 px (the turning point it shares with
        /// the chain after it).
        @exclusivity(unchecked) var endY = Int32List()
        /// First and last chain of each contour.
        @exclusivity(unchecked) var first = Int32List()
        @exclusivity(unchecked) var last = Int32List()
        /// The turns the outline makes, over all contours: bit 0 for a left turn, bit 1 for a
        /// right one (both for a U-turn). One contour of two chains that turns one way only is
        /// convex, so its chains cannot cross.
        @exclusivity(unchecked) var turns: UInt8 = 0

        init() { removeAll() }

        func removeAll() {
            contourOf.removeAll(); contourOf.append(0)
            endY.removeAll(); endY.append(0)
            first.removeAll(); last.removeAll()
            turns = 0
        }

        /// The lists' memory, for the length of a sweep (no list grows then).
        var pointers: ChainPointers {
            ChainPointers(contourOf: UnsafePointer(contourOf.base), first: UnsafePointer(first.base),
                          last: UnsafePointer(last.base), endY: UnsafePointer(endY.base))
        }

        /// True when chains a and b follow each other on one contour and meet at a turning point
        /// inside the pixel row starting at `rowTop`.
        static func meetInRow(_ a: Int32, _ b: Int32, _ rowTop: Int32, _ t: ChainPointers) -> Bool {
            let ca = t.contourOf[Int(a)]
            guard ca == t.contourOf[Int(b)] else { return false }
            let f = t.first[Int(ca)], l = t.last[Int(ca)]
            @inline(__always) func endsInRow(_ c: Int32) -> Bool {
                let y = t.endY[Int(c)]
                return y >= rowTop && y <= rowTop &+ 256
            }
            // A contour of two chains has them meet twice: at its top and at its bottom.
            if b == a &+ 1 && endsInRow(a) { return true }
            if a == b &+ 1 && endsInRow(b) { return true }
            if a == l && b == f && endsInRow(l) { return true }
            if b == l && a == f && endsInRow(l) { return true }
            return false
        }
    }
}
